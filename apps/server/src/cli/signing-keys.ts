/**
 * The operator's command for the instance's own signing keys (docs/operations.md "Revoking a signing key"):
 *
 *   npm run signing-keys -- status
 *   npm run signing-keys -- revoke seal|tsa|ca [--at <ISO time>] [--reason <RFC 5280 reason>]
 *   npm run signing-keys -- rollover
 *
 * It reads the same configuration as the server (DATA_DIR, DATABASE_URL, SIGNING_* variables). With the
 * embedded database the server must be stopped first (the data directory is single-process).
 */
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { loadSigningCa } from '../services/pdf/ca/ca.ts';
import { OID, subjectField } from '../services/pdf/ca/certificates.ts';
import { SEAL_IDENTITY, storedIdentity, TSA_IDENTITY } from '../services/pdf/ca/identities.ts';
import { caLifecycle } from '../services/pdf/ca/lifecycle.ts';
import {
  caKeyId,
  isRevocationReason,
  REVOCATION_REASONS,
  serialHex,
} from '../services/pdf/ca/revocations.ts';
import {
  caOptionsFrom,
  caWarning,
  listRevocations,
  revokeInstanceKey,
  rolloverCa,
  type InstanceKey,
} from '../commands/signing/signing-keys.ts';

const USAGE = `Usage:
  npm run signing-keys -- status
  npm run signing-keys -- revoke seal|tsa|ca [--at <ISO time>] [--reason <reason>]
  npm run signing-keys -- rollover
Reasons: ${Object.keys(REVOCATION_REASONS).join(', ')} (default keyCompromise; cACompromise for the CA).`;

class UsageError extends Error {}

/** The command's answer, on stdout. */
const say = (line: string) => process.stdout.write(`${line}\n`);

function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  if (i < 0) return undefined;
  const value = args[i + 1];
  if (!value || value.startsWith('--')) throw new UsageError(`${name} needs a value.`);
  return value;
}

async function main(args: string[]): Promise<void> {
  const [command, what] = args;
  const config = loadConfig();
  const signing = config.signing;
  if (!signing.caDir && !signing.caP12) {
    throw new UsageError('DATA_DIR=memory:// keeps the signing keys in memory: there is nothing to manage.');
  }
  if (command === 'rollover') {
    const done = await rolloverCa(signing);
    say(`New signing CA ${done.next}; the previous one (${done.previous}) is kept as a retired anchor.`);
    say('Restart every Sinetti process so that they all sign under the new CA.');
    return;
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    if (command === 'status') return await status(database.db, signing);
    if (command !== 'revoke') throw new UsageError(`Unknown command "${command ?? ''}".`);
    if (what !== 'seal' && what !== 'tsa' && what !== 'ca') throw new UsageError('Revoke seal, tsa or ca.');
    const atText = option(args, '--at');
    const at = atText === undefined ? undefined : new Date(atText);
    if (at && Number.isNaN(at.getTime())) throw new UsageError(`--at ${atText} is not an ISO time.`);
    const reason = option(args, '--reason');
    if (reason !== undefined && !isRevocationReason(reason))
      throw new UsageError(`Unknown reason "${reason}".`);
    const done = await revokeInstanceKey(database.db, signing, what as InstanceKey, {
      ...(at ? { at } : {}),
      ...(reason ? { reason } : {}),
    });
    say(
      `Revoked ${done.subject} (serial ${done.serialNumber}) as of ${done.revokedAt.toISOString()}, reason ${done.reason}.`,
    );
    say(
      done.kind === 'ca'
        ? `New signing CA ${done.replacement}; the revoked one is kept as an anchor for signatures proven before that time, its key is deleted. Restart every Sinetti process.`
        : `Replaced by a new key (serial ${done.replacement}). Running processes pick up the revocation within 30 seconds.`,
    );
  } finally {
    await database.close();
  }
}

async function status(
  db: Parameters<typeof listRevocations>[0],
  signing: ReturnType<typeof loadConfig>['signing'],
) {
  const ca = await loadSigningCa({ ...caOptionsFrom(signing), renew: false });
  const now = new Date();
  const life = caLifecycle(ca.certificate, now);
  const day = (d: Date) => d.toISOString().slice(0, 10);
  say(`CA    ${subjectField(ca.certificate, OID.commonName)} serial ${serialHex(ca.certificate)}`);
  say(
    `      valid ${day(ca.certificate.notBefore.value)} .. ${day(life.notAfter)}, renew from ${day(life.renewAt)} (${life.state})`,
  );
  say(`      ${caWarning(ca, signing, now)?.message ?? 'no end-of-life warning'}`);
  const revoked = await listRevocations(db, caKeyId(ca));
  for (const [name, spec] of [
    ['seal', SEAL_IDENTITY],
    ['tsa', TSA_IDENTITY],
  ] as const) {
    const id = await storedIdentity(ca, spec);
    if (!id) {
      say(`${name.padEnd(5)} none yet`);
      continue;
    }
    const serial = serialHex(id.certificate);
    const note = revoked.some((r) => r.serialNumber === serial)
      ? ' REVOKED (replaced at next use)'
      : (await id.certificate.verify(ca.certificate))
        ? ''
        : ' issued by a former CA (replaced at next use)';
    say(
      `${name.padEnd(5)} serial ${serial} valid ${day(id.certificate.notBefore.value)} .. ${day(id.certificate.notAfter.value)}${note}`,
    );
  }
  for (const r of revoked) say(`CRL   ${r.serialNumber} revoked ${r.revokedAt.toISOString()} ${r.reason}`);
  for (const r of ca.retired) {
    say(
      `retired CA serial ${serialHex(r.certificate)} until ${day(r.certificate.notAfter.value)}${r.revokedAt ? ` REVOKED ${r.revokedAt.toISOString()} (${r.reason})` : ` (${r.reason})`}`,
    );
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(
    error instanceof UsageError
      ? `${error.message}\n\n${USAGE}`
      : error instanceof Error
        ? error.message
        : error,
  );
  process.exit(1);
});
