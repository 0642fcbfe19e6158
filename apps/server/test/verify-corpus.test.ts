import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { format, resolveConfig } from 'prettier';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VerificationReport } from '@sinetti/contract';
import { loadSigningCa, type SigningCa } from '../src/services/pdf/ca/ca.ts';
import { issueCrl } from '../src/services/pdf/ca/crl.ts';
import { verifyPdf } from '../src/services/pdf/verification/index.ts';
import { fingerprints } from '../src/services/pdf/verification/chain.ts';
import { removeTempDirs, tempDir } from './pdf-fixtures.ts';
import {
  CORPUS_REPORTS_FILE,
  afterTsaExpiry,
  beforeTsaExpiry,
  dssAfterLastTimestamp,
  infoChangedAfterSeal,
  lookAlikeCa,
  objectAfterLastTimestamp,
  sealedFile,
  storedCorpusReports,
  summary,
  unreadableContents,
  unreadableDer,
  verifyAt,
} from './verify-corpus.ts';

// The verification corpus of issue #30: a look-alike seal, unreadable signatures, a change after the seal and
// time-stamps past their authority's end are never "valid"; each case's report is also rendered by the web app.
describe('the verification corpus', () => {
  let ca: SigningCa;
  let sealed: Uint8Array;
  const reports: Record<string, VerificationReport> = {};

  beforeAll(async () => {
    ca = await lookAlikeCa();
    sealed = await sealedFile(ca);
  });

  afterAll(async () => {
    // The web app's verify page test renders these reports (UPDATE_VERIFY_CORPUS=1 stores them anew).
    if (process.env.UPDATE_VERIFY_CORPUS === '1') {
      const options = (await resolveConfig(CORPUS_REPORTS_FILE)) ?? {};
      const json = await format(JSON.stringify(reports), { ...options, parser: 'json' });
      writeFileSync(CORPUS_REPORTS_FILE, json);
    } else if (Object.keys(reports).length === 8) {
      const stored = storedCorpusReports();
      for (const [name, report] of Object.entries(reports)) {
        expect(summary(stored[name]!), `${path.basename(CORPUS_REPORTS_FILE)}: ${name}`).toEqual(
          summary(report),
        );
      }
    }
    await removeTempDirs();
  });

  it("calls this instance's own sealed file valid, and recognises its CA, seal and TSA by key", async () => {
    const report = (reports.sealed = await verifyAt(ca, sealed));
    expect(report.verdict, JSON.stringify(summary(report))).toBe('valid');
    expect(report.longTerm?.state).toBe('ok');
    expect(report.instanceCa).toEqual({
      subject: expect.stringContaining('Sinetti Signing CA'),
      ...fingerprints(ca.certificate),
    });
    const seal = report.signatures[2]!;
    expect(seal.signer.name).toBe('Sinetti platform seal');
    expect(seal.chain.certificates.map((c) => c.instanceRole)).toEqual(['seal', 'ca']);
    expect(seal.timestamp?.chain.certificates.map((c) => c.instanceRole)).toEqual(['tsa', 'ca']);
    expect(seal.chain.certificates[1]!.spkiSha256).toBe(report.instanceCa!.spkiSha256);
    expect(report.signatures[0]!.chain.certificates.map((c) => c.instanceRole)).toEqual([null, 'ca']);
    expect(report.signatures.every((s) => (s.impersonates ?? []).length === 0)).toBe(true);
  });

  it('calls a look-alike seal (a self-made CA copying the names) an impersonation, never valid', async () => {
    const fake = await lookAlikeCa();
    expect(Buffer.from(fake.certificate.subject.toSchema().toBER())).toEqual(
      Buffer.from(ca.certificate.subject.toSchema().toBER()),
    );
    const report = (reports['look-alike-seal'] = await verifyAt(ca, await sealedFile(fake)));
    expect(report.verdict).toBe('invalid');
    const seal = report.signatures[2]!;
    expect(seal.signer.name).toBe('Sinetti platform seal');
    expect(seal.status).toBe('invalid');
    expect(seal.warnings).toContain('impersonation');
    expect(seal.impersonates).toEqual(expect.arrayContaining(['seal', 'ca', 'tsa']));
    expect(seal.chain.certificates.map((c) => c.impersonates)).toEqual(['seal', 'ca']);
    expect(seal.chain.certificates[1]!.spkiSha256).toBe(fingerprints(fake.certificate).spkiSha256);
    expect(seal.chain.certificates[1]!.spkiSha256).not.toBe(report.instanceCa!.spkiSha256);
    for (const s of report.signatures) {
      expect(s.intact).toBe('ok');
      expect(s.status).toBe('invalid');
      expect(s.chain.trusted).toBe(false);
    }
  });

  it("keeps this instance's files signed under a former CA of the same name (renewed: a retired anchor)", async () => {
    const renewed = await lookAlikeCa();
    const crl = await issueCrl(renewed, new Date());
    const check = (revokedAt: string | null) =>
      verifyPdf({
        pdf: sealed,
        caDer: renewed.der,
        caCrlDer: crl.der,
        retiredCas: [{ der: ca.der, revokedAt }],
      });
    const report = check(null);
    expect(report.verdict, JSON.stringify(summary(report))).toBe('valid');
    expect(report.signatures[2]!.chain.certificates.map((c) => c.instanceRole)).toEqual(['seal', 'ca']);
    // Revoked (its key leaked) before now: the newest time-stamp no longer holds, nothing is valid.
    const revoked = check(new Date(Date.now() - 1000).toISOString());
    expect(revoked.verdict).toBe('invalid');
    expect(revoked.signatures.at(-1)!.warnings).toContain('revoked');
    // Without it, the former CA is a certificate that copies this instance's CA name: an impersonation.
    expect(verifyPdf({ pdf: sealed, caDer: renewed.der, caCrlDer: crl.der }).verdict).toBe('invalid');
  });

  it('says "signer not verified" for a file of another CA with its own names, never valid', async () => {
    const other = await loadSigningCa({ dir: path.join(await tempDir(), 'ca'), name: 'other.example' });
    const report = (reports['foreign-ca'] = await verifyAt(ca, await sealedFile(other)));
    expect(report.verdict).toBe('untrusted');
    for (const s of report.signatures) {
      expect(s).toMatchObject({ intact: 'ok', signatureValid: 'ok', status: 'untrusted' });
      expect(s.warnings).toContain('not-issued-by-this-service');
      expect(s.impersonates).toEqual([]);
    }
  });

  it('reports a signature whose /Contents key has a flipped byte, and calls the file invalid', async () => {
    const report = (reports['unreadable-contents'] = await verifyAt(ca, unreadableContents(sealed)));
    expect(report.verdict).toBe('invalid');
    expect(report.signatures).toHaveLength(4);
    const last = report.signatures.at(-1)!;
    expect(last).toMatchObject({ status: 'invalid', byteRange: { ok: false, problem: 'no-contents' } });
    expect(last.warnings[0]).toBe('contents-unreadable');
    expect(report.signatures.slice(0, 3).every((s) => s.intact === 'ok')).toBe(true);
  });

  it('reports a signature whose DER cannot be read, and calls the file invalid', async () => {
    const report = (reports['unreadable-der'] = await verifyAt(ca, unreadableDer(sealed)));
    expect(report.verdict).toBe('invalid');
    expect(report.signatures).toHaveLength(4);
    const last = report.signatures.at(-1)!;
    expect(last).toMatchObject({ kind: 'document-timestamp', status: 'invalid', signer: { name: '' } });
    expect(last.warnings[0]).toBe('contents-unreadable');
    // The signatures before it are intact and trusted, but a signature that does not verify vouches for
    // nothing its update added: its widget is an annotation added after them (the seal's lock forbids it).
    const before = report.signatures.slice(0, 3);
    expect(before.every((s) => s.intact === 'ok' && s.signatureValid === 'ok')).toBe(true);
    expect(before.map((s) => s.changes?.annotations)).toEqual(
      before.map(() => [{ page: 3, change: 'added', subtype: 'Widget' }]),
    );
    expect(before.map((s) => s.warnings)).toEqual([
      ['modified-after-signing-unsigned'],
      ['modified-after-signing-unsigned'],
      ['modified-not-allowed'],
    ]);
  });

  it('reports a change of only /Info after the seal: the seal locked the document, so invalid', async () => {
    const report = (reports['info-after-seal'] = await verifyAt(ca, infoChangedAfterSeal(sealed)));
    expect(report.verdict).toBe('invalid');
    const seal = report.signatures[2]!;
    expect(seal.changes).toMatchObject({ metadataChanged: true, modified: true });
    expect(seal.lockViolations).toContain('metadata');
    expect(seal.warnings).toContain('modified-not-allowed');
    // The document time-stamp after the seal has no lock: the same change is a warning there.
    const stamp = report.signatures[3]!;
    expect(stamp.warnings).toContain('metadata-changed-after-signing');
  });

  it('allows only a DSS after the last time-stamp: any other added object is a change', async () => {
    const withDss = await verifyAt(ca, await dssAfterLastTimestamp(ca, sealed));
    expect(withDss.verdict, JSON.stringify(summary(withDss))).toBe('valid');
    const report = await verifyAt(ca, objectAfterLastTimestamp(sealed));
    expect(report.verdict).toBe('invalid');
    const stamp = report.signatures.at(-1)!;
    expect(stamp.changes).toMatchObject({ modified: true, otherObjectsChanged: 1 });
    expect(stamp.warnings).toContain('modified-after-signing-unsigned');
  });

  it('checks the newest time-stamp at the validation time: past its authority certificate, invalid', async () => {
    const at = afterTsaExpiry();
    const report = (reports['expired-tsa'] = await verifyAt(ca, sealed, at));
    expect(report.verdict).toBe('invalid');
    expect(report.longTerm).toMatchObject({ state: 'expired' });
    expect(Date.parse(report.longTerm!.validUntil!)).toBeLessThan(at.getTime());
    const stamp = report.signatures.at(-1)!;
    expect(stamp.kind).toBe('document-timestamp');
    expect(stamp.warnings).toContain('timestamp-expired');
    expect(stamp.chain.checkedAt).toBe(at.toISOString());
    for (const s of report.signatures.slice(0, 3)) {
      expect(s.warnings).toContain('timestamp-expired');
      expect(s.status).toBe('invalid');
    }
    // The same file today is valid: the proof was good, it just was not renewed in time.
    expect((await verifyAt(ca, sealed)).verdict).toBe('valid');
  });

  it('says plainly that an archive time-stamp is due within the months before the authority expires', async () => {
    const report = (reports['archive-due'] = await verifyAt(ca, sealed, beforeTsaExpiry()));
    expect(report.verdict, JSON.stringify(summary(report))).toBe('valid');
    expect(report.longTerm).toMatchObject({ state: 'due' });
    // The signer certificates (one-time, two-year seal) long expired: they are judged at the proven time.
    expect(report.signatures.every((s) => s.chain.certificates[0]!.validAtTime)).toBe(true);
  });
});
