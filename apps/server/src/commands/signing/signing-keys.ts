import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { signingKeyRevocations } from '../../db/schema/index.ts';
import {
  loadSigningCa,
  rolloverSigningCa,
  type SigningCa,
  type SigningCaOptions,
} from '../../services/pdf/ca/ca.ts';
import { subjectField, OID } from '../../services/pdf/ca/certificates.ts';
import {
  loadInstanceIdentity,
  SEAL_IDENTITY,
  storedIdentity,
  TSA_IDENTITY,
  type InstanceIdentitySpec,
} from '../../services/pdf/ca/identities.ts';
import { caLifecycle, CA_WARNING_MONTHS, type CaLifecycle } from '../../services/pdf/ca/lifecycle.ts';
import {
  caKeyId,
  refreshRevocations,
  serialHex,
  useRevocationSource,
  type RevocationReason,
  type RevokedCertificate,
} from '../../services/pdf/ca/revocations.ts';
import type { SigningConfig } from '../../services/pdf/config.ts';
import { signingCaFromConfig } from '../../services/pdf/index.ts';

/** The instance's own keys an operator can revoke. */
export type InstanceKey = 'seal' | 'tsa' | 'ca';
const SPECS: Record<'seal' | 'tsa', InstanceIdentitySpec> = { seal: SEAL_IDENTITY, tsa: TSA_IDENTITY };

/** The revoked certificates the database holds for a CA (revocations.ts reads them through this). */
export async function listRevocations(db: Db, caKeyIdHex: string): Promise<RevokedCertificate[]> {
  const rows = await db
    .select()
    .from(signingKeyRevocations)
    .where(eq(signingKeyRevocations.caKeyId, caKeyIdHex));
  return rows.map((r) => ({
    serialNumber: r.serialNumber,
    revokedAt: r.revokedAt,
    reason: r.reason as RevocationReason,
  }));
}

/** Every CRL this process issues lists the revocations recorded in `db` (app.ts, the operator command). */
export function useDatabaseRevocations(db: Db): () => void {
  return useRevocationSource((id) => listRevocations(db, id));
}

export const caOptionsFrom = (signing: SigningConfig, now?: Date): SigningCaOptions => ({
  dir: signing.caDir,
  p12: signing.caP12 ?? undefined,
  name: signing.caName,
  publicUrl: signing.publicUrl,
  protection: signing.keyProtection,
  ...(now ? { now } : {}),
});

export interface RevocationDone {
  kind: InstanceKey;
  subject: string;
  serialNumber: string;
  revokedAt: Date;
  reason: RevocationReason;
  /** The certificate that replaces it (serial number), made at once. */
  replacement: string;
}

/**
 * Revokes one of the instance's own keys as of `at` (default now; never in the future): the revocation is
 * recorded, the CA's CRL lists it from the next issue (within 30 seconds in running processes), and a fresh
 * key replaces it at once (seal, time-stamping unit) or a new CA is generated and the old one kept as a
 * retired anchor without its key (CA). Signatures proven before `at` stay good (docs/decisions.md).
 */
export async function revokeInstanceKey(
  db: Db,
  signing: SigningConfig,
  kind: InstanceKey,
  opts: { at?: Date; reason?: RevocationReason; now?: Date } = {},
): Promise<RevocationDone> {
  const now = opts.now ?? new Date();
  // CRLs carry whole seconds: the revocation time is stored as the CRL will show it.
  const at = new Date(Math.floor((opts.at ?? now).getTime() / 1000) * 1000);
  if (at.getTime() > now.getTime()) throw new Error('A revocation time cannot be in the future.');
  const reason = opts.reason ?? (kind === 'ca' ? 'cACompromise' : 'keyCompromise');
  useDatabaseRevocations(db);
  if (kind === 'ca') {
    const { previous, next } = await rolloverSigningCa(caOptionsFrom(signing, now), {
      reason,
      revokedAt: at,
    });
    await record(db, previous, previous.certificate, 'ca', reason, at);
    return {
      kind,
      subject: subjectField(previous.certificate, OID.commonName) ?? '',
      serialNumber: serialHex(previous.certificate),
      revokedAt: at,
      reason,
      replacement: serialHex(next.certificate),
    };
  }
  const ca = await loadSigningCa(caOptionsFrom(signing, now));
  const current = await storedIdentity(ca, SPECS[kind]);
  if (!current)
    throw new Error(`There is no ${kind === 'seal' ? 'seal' : 'time-stamping'} key to revoke yet.`);
  await record(db, ca, current.certificate, kind, reason, at);
  refreshRevocations();
  const fresh = await loadInstanceIdentity(ca, SPECS[kind], now);
  return {
    kind,
    subject: subjectField(current.certificate, OID.commonName) ?? '',
    serialNumber: serialHex(current.certificate),
    revokedAt: at,
    reason,
    replacement: serialHex(fresh.certificate),
  };
}

async function record(
  db: Db,
  ca: SigningCa,
  certificate: SigningCa['certificate'],
  kind: InstanceKey,
  reason: RevocationReason,
  at: Date,
): Promise<void> {
  await db
    .insert(signingKeyRevocations)
    .values({
      caKeyId: caKeyId(kind === 'ca' ? certificate : ca.certificate),
      serialNumber: serialHex(certificate),
      kind,
      subject: subjectField(certificate, OID.commonName) ?? '',
      reason,
      revokedAt: at,
    })
    .onConflictDoNothing();
}

/** Renews the generated CA now (planned rollover): the current one stays as a retired anchor with its key. */
export async function rolloverCa(
  signing: SigningConfig,
  now = new Date(),
): Promise<{ previous: string; next: string }> {
  const { previous, next } = await rolloverSigningCa(caOptionsFrom(signing, now), {
    reason: 'superseded',
    revokedAt: null,
  });
  return { previous: serialHex(previous.certificate), next: serialHex(next.certificate) };
}

export interface CaWarning {
  lifecycle: CaLifecycle;
  /** True for a configured PKCS#12 CA, which the operator must replace. */
  configured: boolean;
  message: string;
}

/** The operator warning about the CA's end of life, or null while it is more than CA_WARNING_MONTHS away. */
export function caWarning(ca: SigningCa, signing: SigningConfig, now: Date): CaWarning | null {
  const lifecycle = caLifecycle(ca.certificate, now);
  if (lifecycle.state === 'ok') return null;
  const configured = signing.caP12 !== null;
  const day = (d: Date) => d.toISOString().slice(0, 10);
  const message = configured
    ? `The configured signing CA (SIGNING_CA_P12_PATH) ends on ${day(lifecycle.notAfter)}: from ${day(lifecycle.renewAt)} the certificates it issues are shortened to its end. Configure its successor before then.`
    : lifecycle.state === 'warning'
      ? `The signing CA ends on ${day(lifecycle.notAfter)}; a new CA is generated at the first start after ${day(lifecycle.renewAt)} (or now: npm run signing-keys -- rollover).`
      : `The signing CA ends on ${day(lifecycle.notAfter)} and is due for renewal: restart, or run npm run signing-keys -- rollover.`;
  return { lifecycle, configured, message };
}

/**
 * At start (app.ts): revocations come from the database (until `release`, when the app closes), and the CA's end
 * of life is checked. A generated
 * CA on disk is loaded now, which renews it when due (lifecycle.ts); the log warns CA_WARNING_MONTHS ahead.
 */
export async function startSigningKeys(
  db: Db,
  signing: SigningConfig,
  log: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void },
  now = new Date(),
): Promise<{ warning: CaWarning | null; release: () => void }> {
  const release = useDatabaseRevocations(db);
  if (!signing.caDir && !signing.caP12) return { warning: null, release };
  const ca = await signingCaFromConfig(signing);
  log.info(
    { ca: serialHex(ca.certificate), notAfter: ca.certificate.notAfter.value, retired: ca.retired.length },
    'signing CA loaded',
  );
  const warning = caWarning(ca, signing, now);
  if (warning)
    log.warn({ caNotAfter: warning.lifecycle.notAfter, warningMonths: CA_WARNING_MONTHS }, warning.message);
  return { warning, release };
}
