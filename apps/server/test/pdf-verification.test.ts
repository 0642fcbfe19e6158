import { PDFDocument, PDFString } from '@cantoo/pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import type { VerificationReport } from '@sinetti/contract';
import type { SigningCa } from '../src/services/pdf/ca/ca.ts';
import { issueCrl } from '../src/services/pdf/ca/crl.ts';
import {
  addPlatformSeal,
  addSignature,
  prepareForSigning,
  timestampUnitOf,
} from '../src/services/pdf/index.ts';
import { verifyPdf, verifySignedPdf } from '../src/services/pdf/verification/index.ts';
import { makePdf, makeTestCa } from './pdf-fixtures.ts';

// The verification report on a corpus: Sinetti's own files, tampered and extended copies, a file signed
// by another CA, unsigned, encrypted and non-PDF input.
describe('verifying signed PDFs', () => {
  let ca: SigningCa;
  let other: SigningCa;
  let crlDer: Uint8Array;
  let sealed: Uint8Array;
  let foreign: Uint8Array;
  const signees = [
    { name: 'Pekka Jääskeläinen', email: 'pekka@example.com' },
    { name: 'Anna Virtanen', email: 'anna@example.com' },
  ];

  async function signAll(by: SigningCa): Promise<Uint8Array> {
    const tsa = { unit: timestampUnitOf(by) };
    let { pdf } = await prepareForSigning(
      await makePdf(2),
      signees.map((s) => ({ ...s, level: 'Simple' as const })),
      { documentName: 'Sopimus.pdf', documentId: 'doc-verify', lang: 'en' },
    );
    for (const [i, signer] of signees.entries()) {
      pdf = await addSignature(pdf, {
        signer,
        method: 'Email code (simple)',
        signedAt: new Date(),
        stampSlot: i,
        ca: by,
        tsa,
      });
    }
    return addPlatformSeal(pdf, { ca: by, tsa });
  }

  const verify = (pdf: Uint8Array, now?: Date): VerificationReport =>
    verifyPdf({ pdf, caDer: ca.der, caCrlDer: crlDer, now: now?.toISOString() });

  beforeAll(async () => {
    [ca, other] = await Promise.all([makeTestCa(), makeTestCa()]);
    crlDer = (await issueCrl(ca, new Date())).der;
    [sealed, foreign] = await Promise.all([signAll(ca), signAll(other)]);
  });

  it("reports every signature of Sinetti's own file valid, time-stamped and trusted", () => {
    const report = verify(sealed);
    expect(report.verdict, JSON.stringify(report.signatures.map((s) => s.warnings))).toBe('valid');
    // The signees, the seal, then the document time-stamp after the seal's DSS (PAdES B-LTA).
    expect(report.signatures.map((s) => s.signer.name)).toEqual([
      ...signees.map((s) => s.name),
      expect.any(String),
      expect.any(String),
    ]);
    expect(report.signatures.map((s) => s.kind)).toEqual([
      'signature',
      'signature',
      'signature',
      'document-timestamp',
    ]);
    expect(report.signatures[0]!.signer.email).toBe('pekka@example.com');
    for (const s of report.signatures.filter((x) => x.kind === 'signature')) {
      expect(s).toMatchObject({ intact: 'ok', signatureValid: 'ok', status: 'valid', kind: 'signature' });
      expect(s.byteRange.ok).toBe(true);
      expect(s.timestamp?.valid).toBe(true);
      expect(s.timestamp?.chain.trusted).toBe(true);
      expect(s.chain).toMatchObject({ complete: true, trusted: true });
      expect(s.chain.certificates[0]!.revocation).toBe('good');
      expect(['B-T', 'B-LT', 'B-LTA']).toContain(s.level);
    }
    // Earlier signatures are followed only by allowed additions (later signatures, the seal).
    expect(report.signatures[0]!.changes).toMatchObject({
      modified: false,
      signaturesAdded: 2,
      timestampsAdded: 1,
      dssAdded: true,
    });
    expect(report.signatures.at(-1)).toMatchObject({ intact: 'ok', status: 'valid' });
    expect(report.signatures.at(-1)!.byteRange.wholeFile).toBe(true);
    expect(report.pages).toBe(3);
  });

  it('honours the time-stamp: ten years ahead the one-time certificates are still valid at the proven time', () => {
    const later = new Date(Date.now() + 10 * 365 * 24 * 3600_000);
    const report = verify(sealed, later);
    expect(report.signatures.every((s) => s.chain.certificates[0]!.validAtTime)).toBe(true);
    expect(report.signatures.every((s) => s.intact === 'ok' && s.signatureValid === 'ok')).toBe(true);
  });

  it('finds a flipped byte in the covered bytes: not intact, invalid', () => {
    const copy = new Uint8Array(sealed);
    const text = Buffer.from(copy).toString('latin1');
    const at = text.indexOf('Contract page 1') >= 0 ? text.indexOf('Contract page 1') : 400;
    copy[at] = copy[at]! ^ 0x01;
    const report = verify(copy);
    expect(report.verdict).toBe('invalid');
    expect(report.signatures.some((s) => s.intact === 'failed' && s.status === 'invalid')).toBe(true);
  });

  it('names a page and an annotation appended after the seal, and calls it invalid', async () => {
    const doc = await PDFDocument.load(sealed, { forIncrementalUpdate: true });
    doc.addPage([595, 842]);
    const note = doc.context.obj({
      Type: 'Annot',
      Subtype: 'Text',
      Rect: [10, 10, 30, 30],
      Contents: PDFString.of('Changed'),
    });
    doc.getPage(0).node.addAnnot(doc.context.register(note));
    const tampered = await doc.commit();
    const report = verify(tampered);
    expect(report.verdict).toBe('invalid');
    const seal = report.signatures.at(-1)!;
    expect(seal.intact).toBe('ok');
    expect(seal.status).toBe('invalid');
    expect(seal.changes?.modified).toBe(true);
    // One finding, not two that contradict each other; the locking seal's is the stronger one.
    for (const s of report.signatures) {
      const finding = s.lock ? 'modified-not-allowed' : 'modified-after-signing-unsigned';
      expect(s.warnings).toContain(finding);
      expect(s.warnings).not.toContain('modified-after-signing');
    }
    expect(report.signatures.filter((s) => s.lock)).toHaveLength(1);
    expect(seal.changes?.pagesAdded).toEqual([4]);
    expect(seal.changes?.annotations).toContainEqual({ page: 1, change: 'added', subtype: 'Text' });
  });

  it('reports a file signed by another CA of the same name as an impersonation, not issued by this service', () => {
    // makeTestCa names every CA alike ("Sinetti Signing CA (sinetti.test)"): the other one copies the name.
    const report = verify(foreign);
    expect(report.verdict).toBe('invalid');
    for (const s of report.signatures) {
      expect(s.intact).toBe('ok');
      expect(s.signatureValid).toBe('ok');
      expect(s.chain.trusted).toBe(false);
      expect(s.warnings).toContain('not-issued-by-this-service');
      expect(s.warnings).toContain('impersonation');
    }
  });

  it('says unsigned, encrypted, damaged and not a PDF', async () => {
    expect(verify(await makePdf(1)).verdict).toBe('unsigned');
    const encrypted = await PDFDocument.load(await makePdf(1));
    encrypted.encrypt({ userPassword: 'salasana', ownerPassword: 'omistaja' });
    const enc = verify(await encrypted.save());
    expect(enc).toMatchObject({ verdict: 'unreadable', unreadable: 'encrypted' });
    expect(verify(new TextEncoder().encode('hello, not a pdf'))).toMatchObject({ unreadable: 'not-pdf' });
    expect(verify(sealed.subarray(0, 2000))).toMatchObject({ verdict: 'unreadable', unreadable: 'damaged' });
  });

  it('flags a signature whose byte range leaves out more than its /Contents', () => {
    const text = Buffer.from(sealed).toString('latin1');
    const m = /\/ByteRange\s*\[\s*0\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/.exec(text)!;
    const b = Number(m[1]);
    const forged = `/ByteRange [0 ${String(b - 10).padStart(m[1]!.length, ' ')} ${m[2]} ${m[3]}]`;
    const copy = Buffer.from(
      text.slice(0, m.index) + forged.padEnd(m[0].length, ' ') + text.slice(m.index + m[0].length),
      'latin1',
    );
    const report = verify(new Uint8Array(copy));
    expect(report.signatures[0]!.byteRange).toMatchObject({ ok: false, problem: 'gap-not-contents' });
    expect(report.verdict).toBe('invalid');
  });

  it('runs in the PDF worker pool with the instance CA and its current CRL', async () => {
    const report = await verifySignedPdf(sealed, ca);
    expect(report.verdict).toBe('valid');
    expect(report.signatures).toHaveLength(4);
    expect((await verifySignedPdf(sealed, other)).verdict).toBe('invalid');
  });
});
