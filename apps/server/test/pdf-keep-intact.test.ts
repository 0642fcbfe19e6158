// The version to be signed keeps the rendition byte for byte (issue 11 item 4): a PDF signed elsewhere keeps
// its signature valid through prepare, every signee and the seal (pdfsig and mutool), the signature pages are
// an incremental update that signing finds from the catalog, a broken cross-reference is rewritten (and says
// so), and object numbers stay below MuPDF's limit.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PDFDocument } from '@cantoo/pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSigningCa, type SigningCa } from '../src/services/pdf/ca/ca.ts';
import { issueOneTimeIdentity } from '../src/services/pdf/ca/identities.ts';
import { pem } from '../src/services/pdf/ca/keys.ts';
import {
  addPlatformSeal,
  addSignature,
  prepareForSigning,
  timestampUnitOf,
  verifyWithPdfsig,
} from '../src/services/pdf/index.ts';
import { signWithIdentity } from '../src/services/pdf/sign.ts';
import { SIGNATURE_PAGES_KEY } from '../src/services/pdf/signature-update.ts';
import { PdfError } from '../src/services/pdf/syntax/errors.ts';
import { DEFAULT_PDF_LIMITS } from '../src/services/pdf/syntax/limits.ts';
import { PdfRef } from '../src/services/pdf/syntax/objects.ts';
import { PdfReader } from '../src/services/pdf/syntax/reader.ts';
import { IncrementalUpdate, MAX_OBJECT_NUMBER } from '../src/services/pdf/syntax/writer.ts';
import { makePdf, pdfText, removeTempDirs } from './pdf-fixtures.ts';
import { encryptedPdf, rawPdf, truncatedXrefPdf } from './pdf-hostile.ts';
import { mutoolVerify, pdfsigTrusted, tool, trustDir } from './pdf-openssl.ts';

const meta = { documentName: 'Kauppakirja.pdf', documentId: 'doc-intact', lang: 'fi' as const };
const signers = [
  { name: 'Pekka Jääskeläinen', email: 'pekka@example.com' },
  { name: 'Aino Virtanen', email: 'aino@example.com' },
];
const signees = signers.map((s) => ({ ...s, level: 'Simple' }));
const lines = (text: string, re: RegExp) => text.split('\n').filter((l) => re.test(l)).length;

let ca: SigningCa;
let foreignCa: SigningCa;
beforeAll(async () => {
  ca = await loadSigningCa({ dir: null, name: 'sign.example.fi', publicUrl: 'https://sign.example.fi' });
  foreignCa = await loadSigningCa({
    dir: null,
    name: 'other.example.com',
    publicUrl: 'https://other.example.com',
  });
});
afterAll(removeTempDirs);

/** A contract signed by another CA's signer before it reaches Sinetti (an invisible approval signature). */
async function signedElsewhere(pdf: Uint8Array): Promise<Uint8Array> {
  const signedAt = new Date();
  const identity = await issueOneTimeIdentity(
    foreignCa,
    { name: 'Olli Ulkopuolinen', email: 'olli@other.example.com' },
    signedAt,
  );
  return signWithIdentity(pdf, identity, foreignCa, null, {
    fieldPrefix: 'Elsewhere',
    stamp: null,
    signedAt,
    name: 'Olli Ulkopuolinen',
  });
}

describe('a PDF signed elsewhere', () => {
  for (const objectStreams of [false, true]) {
    it(`keeps its signature valid through signing and the seal (${objectStreams ? 'xref stream' : 'classic xref'})`, async () => {
      const foreign = await signedElsewhere(await makePdf(3, { objectStreams }));
      const prepared = await prepareForSigning(foreign, signees, meta);
      expect(prepared.keptIntact).toBe(true);
      expect(Buffer.from(prepared.pdf.subarray(0, foreign.length)).equals(Buffer.from(foreign))).toBe(true);
      expect((await PDFDocument.load(prepared.pdf)).getPageCount()).toBe(4);
      expect(await pdfText(prepared.pdf)).toContain('1. Pekka Jääskeläinen <pekka@example.com>');

      const tsa = { unit: timestampUnitOf(ca) };
      let pdf = prepared.pdf;
      for (const [slot, signer] of signers.entries()) {
        pdf = await addSignature(pdf, {
          signer,
          method: 'Email',
          signedAt: new Date(),
          stampSlot: slot,
          ca,
          tsa,
        });
      }
      const sealed = await addPlatformSeal(pdf, { ca, tsa });
      expect(Buffer.from(sealed.subarray(0, foreign.length)).equals(Buffer.from(foreign))).toBe(true);

      const { signatures, output } = await verifyWithPdfsig(sealed);
      expect(
        signatures.map((s) => s.validity),
        output,
      ).toEqual(['valid', 'valid', 'valid', 'valid', 'not-verified']);
      expect(signatures[0]!.signedBy, output).toBe('Olli Ulkopuolinen');

      const trust = await trustDir(ca);
      const foreignPem = path.join(trust.dir, 'foreign.pem');
      await writeFile(foreignPem, pem.encode(foreignCa.der, 'CERTIFICATE'));
      await tool('certutil', ['-A', '-d', trust.nssdir, '-n', 'Foreign CA', '-t', 'C,C,C', '-i', foreignPem]);
      const file = path.join(trust.dir, 'sealed.pdf');
      await writeFile(file, sealed);
      const report = await pdfsigTrusted(file, trust.nssdir);
      expect(lines(report, /Signature Validation: Signature is Valid\./), report).toBe(4);
      expect(lines(report, /Certificate Validation: Certificate is Trusted\./), report).toBe(4);
      expect(report).not.toMatch(/Digest Mismatch|Invalid/i);
      const mu = await mutoolVerify(file);
      expect(lines(mu, /The signature is valid/), mu).toBe(4);
      expect(mu).toContain('Olli Ulkopuolinen');
      expect(mu).not.toMatch(/not valid|invalid/i);
    });
  }
});

describe('the signature pages', () => {
  it('are new objects on the root page node, listed in the catalog, with nothing else of the file rewritten', async () => {
    const original = await makePdf(2);
    const { pdf } = await prepareForSigning(original, signees, meta);
    const before = new PdfReader(original);
    const after = new PdfReader(pdf);
    const listed = after.resolve(after.dict(after.trailer.get('Root'))?.get(SIGNATURE_PAGES_KEY));
    expect(Array.isArray(listed) && listed.every((p) => p instanceof PdfRef)).toBe(true);
    const pagesNum = (before.dict(before.trailer.get('Root'))!.get('Pages') as PdfRef).num;
    const rootNum = (before.trailer.get('Root') as PdfRef).num;
    // Only the catalog and the root page node are replaced; every other object is where it was.
    for (const [num, entry] of before.entries) {
      if (entry.kind !== 'offset') continue;
      const moved = after.entries.get(num);
      if (num === pagesNum || num === rootNum) expect(moved).not.toEqual(entry);
      else expect(moved).toEqual(entry);
    }
    expect(after.dict(new PdfRef(pagesNum, 0))!.get('Count')).toBe(3);
  });

  it('do not inherit the rotation of the root page node', async () => {
    const doc = await PDFDocument.load(await makePdf(1));
    doc.catalog.Pages().set(doc.context.obj('Rotate') as never, doc.context.obj(90));
    const { pdf } = await prepareForSigning(await doc.save({ useObjectStreams: false }), signees, meta);
    const pages = (await PDFDocument.load(pdf)).getPages();
    expect(pages.map((p) => p.getRotation().angle)).toEqual([90, 0]);
  });
});

/** Signee `slot` signs the rewritten rendition; pdfsig finds that one signature, valid (earlier ones are gone). */
async function expectSignsAlone(pdf: Uint8Array, slot: number): Promise<void> {
  const signed = await addSignature(pdf, {
    signer: signers[slot]!,
    method: 'Email',
    signedAt: new Date(),
    stampSlot: slot,
    ca,
  });
  const { signatures, output } = await verifyWithPdfsig(signed);
  expect(
    signatures.map((s) => s.validity),
    output,
  ).toEqual(['valid']);
}

describe('a rendition that cannot be kept intact', () => {
  it('is rewritten when its cross-reference is broken, and the result says so', async () => {
    const broken = truncatedXrefPdf();
    expect(() => new PdfReader(broken)).toThrow(PdfError);
    const prepared = await prepareForSigning(broken, signees, meta);
    expect(prepared.keptIntact).toBe(false);
    await expectSignsAlone(prepared.pdf, 1);
  });
});

describe('an encrypted PDF', () => {
  for (const method of ['aes-256', 'rc4-128'] as const) {
    it(`with permissions only (${method}) is rewritten decrypted, says so, and signs`, async () => {
      const encrypted = await encryptedPdf(method);
      expect(Buffer.from(encrypted).toString('latin1')).toContain('/Encrypt');
      const prepared = await prepareForSigning(encrypted, signees, meta);
      expect(prepared.keptIntact).toBe(false);
      expect(Buffer.from(prepared.pdf).toString('latin1')).not.toContain('/Encrypt');
      const text = await pdfText(prepared.pdf);
      expect(text).toContain('Contract page 2 of 2');
      expect(text).toContain('2. Aino Virtanen <aino@example.com>');
      await expectSignsAlone(prepared.pdf, 0);
    });
  }

  it('that needs a password to open is refused as encrypted', async () => {
    await expect(
      prepareForSigning(await encryptedPdf('aes-256', 'salasana'), signees, meta),
    ).rejects.toMatchObject({
      problem: 'PDF_ENCRYPTED',
    });
  });
});

describe('object numbers', () => {
  const PAGES = [
    '<</Type /Catalog /Pages 2 0 R>>',
    '<</Type /Pages /Kids [3 0 R] /Count 1>>',
    '<</Type /Page /Parent 2 0 R /MediaBox [0 0 200 200]>>',
  ];
  const limits = { ...DEFAULT_PDF_LIMITS, maxObjects: 9_000_000 };

  it('refuses a file whose numbers reach too near the limit MuPDF reads', async () => {
    const near = rawPdf(PAGES, ` /Size ${MAX_OBJECT_NUMBER - 1000}`);
    await expect(prepareForSigning(near, signees, meta, limits)).rejects.toMatchObject({
      problem: 'PDF_TOO_COMPLEX',
    });
    const fine = rawPdf(PAGES, ' /Size 4');
    await expect(prepareForSigning(fine, signees, meta, limits)).resolves.toMatchObject({ keptIntact: true });
  });

  it('never allocates a number past the limit in an update', () => {
    const up = new IncrementalUpdate(new PdfReader(rawPdf(PAGES, ` /Size ${MAX_OBJECT_NUMBER - 1}`), limits));
    expect(up.allocate().num).toBe(MAX_OBJECT_NUMBER - 1);
    expect(() => up.allocate()).toThrow(/object numbers left/);
  });
});
