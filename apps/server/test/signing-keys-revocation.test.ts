// Issue #30 item 5, the "revoked key" case of the verification corpus: the operator revokes the platform seal
// as of a time; the CRL the instance publishes lists it (serial, time, reason); a document sealed after that
// time with the revoked key verifies as revoked and invalid (en and fi headline), one sealed before it stays
// good, and the next seal uses a fresh key. Revoking the CA makes a new CA and keeps the old one as an anchor.
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { CertificateRevocationList } from 'pkijs';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import {
  listRevocations,
  revokeInstanceKey,
  startSigningKeys,
  useDatabaseRevocations,
} from '../src/commands/signing/signing-keys.ts';
import { loadSigningCa } from '../src/services/pdf/ca/ca.ts';
import { currentCrl } from '../src/services/pdf/ca/crl.ts';
import { loadSealIdentity } from '../src/services/pdf/ca/identities.ts';
import { caLifecycle } from '../src/services/pdf/ca/lifecycle.ts';
import { arrayBuffer } from '../src/services/pdf/ca/keys.ts';
import { caKeyId, serialHex, useRevocationSource } from '../src/services/pdf/ca/revocations.ts';
import { verifySignedPdf } from '../src/services/pdf/index.ts';
import { openTestDatabase } from './db.ts';
import { buildTestApp } from './helper.ts';
import { removeTempDirs, sealedWithOneSignee, tempDir } from './pdf-fixtures.ts';
import { tool } from './pdf-openssl.ts';

const database = await openTestDatabase();
afterAll(async () => {
  useRevocationSource(null);
  await database.close();
  await removeTempDirs();
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function signingConfig() {
  const dataDir = await tempDir('sinetti-revoke-');
  return loadConfig({
    NODE_ENV: 'test',
    PUBLIC_URL: 'https://sign.example.fi',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
  }).signing;
}

describe('revoking the platform seal', () => {
  it('lists it in the CRL and makes signatures proven after the revocation time revoked', async () => {
    const signing = await signingConfig();
    useDatabaseRevocations(database.db);
    const ca = await loadSigningCa({ dir: signing.caDir, name: 'revoke.test', publicUrl: signing.publicUrl });
    const before = await sealedWithOneSignee(ca, 'revoke-before');
    const leaked = await loadSealIdentity(ca);
    await sleep(1500);
    const revokedAt = new Date(Math.ceil(Date.now() / 1000) * 1000);
    await sleep(2500);
    const after = await sealedWithOneSignee(ca, 'revoke-after'); // still the leaked key: not revoked yet
    expect(serialHex((await loadSealIdentity(ca)).certificate)).toBe(serialHex(leaked.certificate));

    const done = await revokeInstanceKey(database.db, signing, 'seal', { at: revokedAt });
    expect(done).toMatchObject({
      kind: 'seal',
      subject: 'Sinetti platform seal',
      serialNumber: serialHex(leaked.certificate),
      reason: 'keyCompromise',
    });
    expect(done.revokedAt.toISOString()).toBe(revokedAt.toISOString());
    expect(done.replacement).not.toBe(done.serialNumber);
    expect(await listRevocations(database.db, caKeyId(ca))).toHaveLength(1);

    // The CRL lists the serial with the time and the reason; openssl reads it and its CA signature.
    const crl = await currentCrl(ca);
    const parsed = CertificateRevocationList.fromBER(arrayBuffer(crl.der));
    expect(parsed.revokedCertificates).toHaveLength(1);
    const entry = parsed.revokedCertificates![0]!;
    expect(Buffer.from(entry.userCertificate.valueBlock.valueHexView).toString('hex')).toBe(
      done.serialNumber,
    );
    expect(entry.revocationDate.value.toISOString()).toBe(revokedAt.toISOString());
    const dir = await tempDir('sinetti-crl-');
    await writeFile(path.join(dir, 'ca.crl'), crl.der);
    const text = await tool('openssl', [
      'crl',
      '-inform',
      'DER',
      '-in',
      path.join(dir, 'ca.crl'),
      '-noout',
      '-text',
    ]);
    expect(text.toUpperCase()).toContain(done.serialNumber.toUpperCase());
    expect(text).toMatch(/Key Compromise/);

    // The same process's cached seal is replaced at its next use.
    const fresh = await loadSealIdentity(ca);
    expect(serialHex(fresh.certificate)).toBe(done.replacement);

    const sealOf = (report: Awaited<ReturnType<typeof verifySignedPdf>>) =>
      report.signatures.find((s) => s.signer.name === 'Sinetti platform seal')!;
    const late = await verifySignedPdf(after, ca);
    expect(sealOf(late).chain.certificates[0]!.revocation).toBe('revoked');
    expect(sealOf(late).status).toBe('invalid');
    expect(late.verdict).toBe('invalid');
    expect(sealOf(late).warnings).toContain('revoked');
    // What /verify shows for it, in English and Finnish (the web app's catalogues).
    for (const [lang, verdict, mark, warning] of [
      ['en', /not valid/, 'REVOKED', 'has been revoked'],
      ['fi', /ei ole voimassa/, 'SULJETTU', 'on suljettu'],
    ] as const) {
      const texts = JSON.parse(
        await readFile(path.join(import.meta.dirname, `../../web/src/locales/${lang}/verify.json`), 'utf8'),
      ) as {
        verdict: Record<string, string>;
        revocation: Record<string, string>;
        warnings: Record<string, string>;
      };
      expect(texts.verdict[late.verdict]).toMatch(verdict);
      expect(texts.revocation[sealOf(late).chain.certificates[0]!.revocation]).toBe(mark);
      expect(texts.warnings.revoked).toContain(warning);
    }

    // Proven before the revocation time: still good (docs/decisions.md).
    const early = await verifySignedPdf(before, ca);
    expect(sealOf(early).chain.certificates[0]!.revocation).toBe('good');
    expect(early.verdict).not.toBe('invalid');

    // A document sealed now uses the fresh key and is valid.
    const now = await verifySignedPdf(await sealedWithOneSignee(ca, 'revoke-now'), ca);
    expect(sealOf(now).chain.certificates[0]!.serialNumber).toBe(done.replacement);
    expect(now.verdict).toBe('valid');
  });

  it('refuses a revocation time in the future', async () => {
    const signing = await signingConfig();
    await expect(
      revokeInstanceKey(database.db, signing, 'seal', { at: new Date(Date.now() + 3600_000) }),
    ).rejects.toThrow(/future/);
  });
});

describe('revoking the CA', () => {
  it('generates a new CA and keeps the old one as a retired anchor without its key', async () => {
    const signing = await signingConfig();
    const old = await loadSigningCa({ dir: signing.caDir, name: 'sign.example.fi' });
    const done = await revokeInstanceKey(database.db, signing, 'ca');
    expect(done).toMatchObject({
      kind: 'ca',
      serialNumber: serialHex(old.certificate),
      reason: 'cACompromise',
    });
    const next = await loadSigningCa({ dir: signing.caDir, name: 'sign.example.fi' });
    expect(serialHex(next.certificate)).toBe(done.replacement);
    expect(next.retired).toHaveLength(1);
    expect(serialHex(next.retired[0]!.certificate)).toBe(serialHex(old.certificate));
    expect(next.retired[0]!.revokedAt?.toISOString()).toBe(done.revokedAt.toISOString());
    const retiredDir = path.join(signing.caDir!, 'retired', caKeyId(old));
    const files = await tool('ls', [retiredDir]);
    expect(files).toContain('ca.cert.pem');
    expect(files).not.toContain('ca.key.pem');
    // The seal is re-issued under the new CA.
    const seal = await loadSealIdentity(next);
    expect(await seal.certificate.verify(next.certificate)).toBe(true);
  });
});

describe('the end of life of the CA', () => {
  const YEAR_MS = 365.25 * 24 * 3600_000;

  it('warns the operator 24 months before the renewal point, at start', async () => {
    const signing = await signingConfig();
    // Made (with a fake clock) 9 years ago: renewal due in about a year, so the warning is on.
    const born = new Date(Date.now() - 9 * YEAR_MS);
    await loadSigningCa({ dir: signing.caDir, name: 'sign.example.fi', now: born });
    const warnings: string[] = [];
    const log = { warn: (_: object, msg: string) => void warnings.push(msg), info: () => {} };
    const { warning } = await startSigningKeys(database.db, signing, log);
    expect(warning?.lifecycle.state).toBe('warning');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/a new CA is generated at the first start after \d{4}-\d\d-\d\d/);
    const ca = await loadSigningCa({ dir: signing.caDir, name: 'sign.example.fi' });
    expect(ca.retired).toHaveLength(0); // warned, not yet renewed
  });

  it('renews a generated CA at start once less than 10 years are left, keeping the old one as an anchor', async () => {
    const signing = await signingConfig();
    const born = new Date(Date.now() - 11 * YEAR_MS);
    const old = await loadSigningCa({ dir: signing.caDir, name: 'sign.example.fi', now: born });
    expect(caLifecycle(old.certificate, new Date()).state).toBe('renewal-due');
    const ca = await loadSigningCa({ dir: signing.caDir, name: 'sign.example.fi' });
    expect(serialHex(ca.certificate)).not.toBe(serialHex(old.certificate));
    expect(ca.retired.map((r) => serialHex(r.certificate))).toEqual([serialHex(old.certificate)]);
    expect(ca.retired[0]).toMatchObject({ revokedAt: null, reason: 'superseded' });
    expect(caLifecycle(ca.certificate, new Date()).state).toBe('ok');
    // A superseded CA keeps its key (it is not compromised).
    expect(await tool('ls', [path.join(signing.caDir!, 'retired', caKeyId(old))])).toContain('ca.key.pem');
    // Certificates get their full 10 years under the new CA, never clipped or inverted.
    const seal = await loadSealIdentity(ca);
    const years =
      (seal.certificate.notAfter.value.getTime() - seal.certificate.notBefore.value.getTime()) / YEAR_MS;
    expect(Math.round(years)).toBe(10);
    // The old CA's documents still verify as this instance's (a retired anchor, not an impersonation).
    const sealed = await sealedWithOneSignee(old, 'rollover-old');
    const report = await verifySignedPdf(sealed, ca);
    expect(report.signatures.map((s) => s.chain.anchor)).toEqual(['instance', 'instance', 'instance']);
    expect(report.verdict).toBe('valid');

    // So does anyone's check at POST /api/verify (the anonymous lane builds the same verification context).
    const t = await buildTestApp({
      DATA_DIR: path.dirname(signing.caDir!),
      PUBLIC_URL: 'https://sign.example.fi',
    });
    try {
      const res = await t.call(null, {
        method: 'POST',
        url: '/api/verify',
        headers: { 'content-type': 'application/pdf' },
        payload: Buffer.from(sealed),
      });
      expect(res.statusCode, res.body).toBe(200);
      const { report: anyones } = res.json() as { report: typeof report };
      expect(anyones.signatures.map((s) => s.chain.anchor)).toEqual(['instance', 'instance', 'instance']);
      expect(anyones.verdict).toBe('valid');
    } finally {
      await t.close();
    }
  });
});
