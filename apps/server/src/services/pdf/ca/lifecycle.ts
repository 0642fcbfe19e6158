import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Certificate } from 'pkijs';
import { ONE_TIME_YEARS } from './identities.ts';
import { arrayBuffer, pem } from './keys.ts';
import { caKeyId, type RevocationReason } from './revocations.ts';

/**
 * The end of life of the signing CA (docs/decisions.md "Signing keys: lifetimes, revocation and CA rollover"):
 * a generated CA (20 years) is replaced at start once less than the signee certificates' 10 years are left,
 * so no certificate is ever shortened; the operator is warned 24 months before that point. A configured
 * PKCS#12 CA cannot be renewed by Sinetti: the same warning asks the operator to replace it, and past the
 * point its certificates end with the CA (never inverted, identities.ts validity()).
 */
export const CA_RENEW_BEFORE_YEARS = ONE_TIME_YEARS;
export const CA_WARNING_MONTHS = 24;

export interface CaLifecycle {
  notAfter: Date;
  /** From here on the CA can no longer give a certificate its full lifetime: a generated CA is renewed. */
  renewAt: Date;
  /** From here on the operator is warned (CA_WARNING_MONTHS before renewAt). */
  warnFrom: Date;
  state: 'ok' | 'warning' | 'renewal-due' | 'expired';
}

const monthsBefore = (d: Date, months: number) => {
  const out = new Date(d);
  out.setUTCMonth(out.getUTCMonth() - months);
  return out;
};

export function caLifecycle(certificate: Certificate, now: Date): CaLifecycle {
  const notAfter = certificate.notAfter.value;
  const renewAt = monthsBefore(notAfter, CA_RENEW_BEFORE_YEARS * 12);
  const warnFrom = monthsBefore(renewAt, CA_WARNING_MONTHS);
  const t = now.getTime();
  const state =
    t >= notAfter.getTime()
      ? 'expired'
      : t >= renewAt.getTime()
        ? 'renewal-due'
        : t >= warnFrom.getTime()
          ? 'warning'
          : 'ok';
  return { notAfter, renewAt, warnFrom, state };
}

/** A former CA of this instance: documents it certified still verify against it (as a retired anchor). */
export interface RetiredCa {
  certificate: Certificate;
  der: Uint8Array;
  /** Set when it was revoked (key compromise): signatures proven after this time are not trusted. */
  revokedAt: Date | null;
  reason: RevocationReason;
}

const RETIRED = 'retired';

/**
 * Moves the current CA (`<dir>/ca`) aside to `<dir>/retired/<key id>/`. A superseded CA keeps its key
 * there; a compromised one (`revokedAt` set) loses it: it must never sign again, and only its certificate and
 * the revocation time remain. False when another process moved it first.
 */
export async function retireCaDir(
  dir: string,
  certificate: Certificate,
  retirement: { reason: RevocationReason; revokedAt: Date | null },
): Promise<boolean> {
  const target = path.join(dir, RETIRED, caKeyId(certificate));
  await mkdir(path.join(dir, RETIRED), { recursive: true, mode: 0o700 });
  try {
    await rename(path.join(dir, 'ca'), target);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTEMPTY' || code === 'EEXIST') return false;
    throw error;
  }
  await writeFile(
    path.join(target, 'retired.json'),
    `${JSON.stringify({ reason: retirement.reason, revokedAt: retirement.revokedAt?.toISOString() ?? null })}\n`,
    { mode: 0o644 },
  );
  if (retirement.revokedAt) await rm(path.join(target, 'ca.key.pem'), { force: true });
  return true;
}

/** The retired CAs under `<dir>/retired`, oldest first. */
export async function loadRetiredCas(dir: string | null): Promise<RetiredCa[]> {
  if (!dir) return [];
  let names: string[];
  try {
    names = await readdir(path.join(dir, RETIRED));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const retired: RetiredCa[] = [];
  for (const name of names) {
    const where = path.join(dir, RETIRED, name);
    let certPem: string;
    try {
      certPem = await readFile(path.join(where, 'ca.cert.pem'), 'utf8');
    } catch {
      continue;
    }
    const [der] = pem.decode(certPem, 'CERTIFICATE');
    if (!der) continue;
    const meta = JSON.parse(await readFile(path.join(where, 'retired.json'), 'utf8').catch(() => '{}')) as {
      reason?: RevocationReason;
      revokedAt?: string | null;
    };
    retired.push({
      certificate: Certificate.fromBER(arrayBuffer(der)),
      der,
      revokedAt: meta.revokedAt ? new Date(meta.revokedAt) : null,
      reason: meta.reason ?? 'superseded',
    });
  }
  return retired.sort(
    (a, b) => a.certificate.notBefore.value.getTime() - b.certificate.notBefore.value.getTime(),
  );
}
