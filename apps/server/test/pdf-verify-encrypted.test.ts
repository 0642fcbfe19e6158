import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { PDFDocument, PDFName, PDFString } from '@cantoo/pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SigningCa } from '../src/services/pdf/ca/ca.ts';
import { PdfError } from '../src/services/pdf/syntax/errors.ts';
import { PdfReader } from '../src/services/pdf/syntax/reader.ts';
import { rc4 } from '../src/services/pdf/syntax/crypt.ts';
import { decodeStream } from '../src/services/pdf/syntax/filters.ts';
import { PdfStream } from '../src/services/pdf/syntax/objects.ts';
import { pageRefs } from '../src/services/pdf/syntax/pages.ts';
import { verifyPdf } from '../src/services/pdf/verification/index.ts';
import {
  makePdf,
  makeTestCa,
  removeTempDirs,
  tempDir,
  TEST_P12,
  TEST_P12_PASSWORD,
  sealedWithOneSignee,
} from './pdf-fixtures.ts';
import { verifyWithPdfsig } from '../src/services/pdf/verify.ts';

const run = promisify(execFile);
const METHODS = ['rc4-40', 'rc4-128', 'aes-128', 'aes-256'] as const;
type Method = (typeof METHODS)[number];

/** A one-page PDF with an empty signature field named "Allekirjoitus" (what `mutool sign` fills). */
async function withEmptySignatureField(): Promise<Uint8Array> {
  const doc = await PDFDocument.load(await makePdf(1));
  const page = doc.getPage(0);
  const ctx = doc.context;
  const field = ctx.register(
    ctx.obj({
      FT: 'Sig',
      T: PDFString.of('Allekirjoitus'),
      Type: 'Annot',
      Subtype: 'Widget',
      Rect: [0, 0, 0, 0],
      F: 132,
      P: page.ref,
    }),
  );
  page.node.set(PDFName.of('Annots'), ctx.obj([field]));
  doc.catalog.set(PDFName.of('AcroForm'), ctx.obj({ Fields: [field], SigFlags: 3 }));
  return doc.save({ useObjectStreams: false });
}

/** `pdf` encrypted by MuPDF with an owner password only (permissions restricted, no password to open). */
async function encrypt(pdf: Uint8Array, method: Method, dir: string): Promise<string> {
  const plain = path.join(dir, `plain-${method}.pdf`);
  const out = path.join(dir, `encrypted-${method}.pdf`);
  await writeFile(plain, pdf);
  await run('mutool', ['clean', '-E', method, '-O', 'omistaja', '-P', '-3904', plain, out]);
  return out;
}

describe('verifying permission-only encrypted PDFs', () => {
  let dir: string;
  let ca: SigningCa;
  /** Signed AFTER encryption by MuPDF (an incremental, encrypted update), one per method. */
  const signed = new Map<Method, Uint8Array>();

  beforeAll(async () => {
    dir = await tempDir('sinetti-verify-encrypted-');
    ca = await makeTestCa();
    const p12 = path.join(dir, 'signer.p12');
    await writeFile(p12, TEST_P12);
    const base = await withEmptySignatureField();
    for (const method of METHODS) {
      const encrypted = await encrypt(base, method, dir);
      const out = path.join(dir, `signed-${method}.pdf`);
      await run('mutool', ['sign', '-s', p12, '-P', TEST_P12_PASSWORD, '-o', out, encrypted]);
      signed.set(method, await readFile(out));
    }
  });
  afterAll(removeTempDirs);

  const verify = (pdf: Uint8Array) => verifyPdf({ pdf, caDer: ca.der, caCrlDer: null });

  it('RC4 in plain code matches the RFC 6229 test vector', () => {
    const key = Buffer.from('0102030405', 'hex');
    expect(rc4(key, Buffer.alloc(16)).toString('hex')).toBe('b2396305f03dc027ccc3524a0a1118a8');
  });

  it.each(METHODS)('%s: the fixture is encrypted, and poppler finds its signature valid', async (method) => {
    const pdf = signed.get(method)!;
    expect(() => new PdfReader(pdf)).toThrow(PdfError);
    const { signatures } = await verifyWithPdfsig(pdf);
    expect(signatures).toHaveLength(1);
    expect(signatures[0]).toMatchObject({ name: 'Allekirjoitus', validity: 'valid' });
  });

  it.each(METHODS)('%s: gives a real report, with the decrypted field and signer names', (method) => {
    const report = verify(signed.get(method)!);
    expect(report.unreadable).toBeNull();
    expect(report.pages).toBe(1);
    // Intact, but signed by a CA this service does not trust: "signer not verified", never a kind of valid.
    expect(report.verdict).toBe('untrusted');
    expect(report.signatures).toHaveLength(1);
    const [s] = report.signatures;
    expect(s).toMatchObject({ field: 'Allekirjoitus', intact: 'ok', signatureValid: 'ok' });
    expect(s!.signer.name).toBe('Example Test CA');
    expect(s!.warnings).toContain('not-issued-by-this-service');
  });

  it.each(METHODS)('%s: decrypts stream data (the page content reads as PDF operators)', (method) => {
    const reader = new PdfReader(signed.get(method)!, undefined, { decrypt: true });
    const [page] = pageRefs(reader);
    const content = reader.resolve(reader.dict(page)!.get('Contents'));
    const first = Array.isArray(content) ? reader.resolve(content[0]) : content;
    expect(first).toBeInstanceOf(PdfStream);
    const text = Buffer.from(decodeStream(first as PdfStream, reader.budget)).toString('latin1');
    expect(text).toMatch(/\bBT\b[\s\S]*\bET\b/);
  });

  it('finds a flipped byte in the covered bytes of an encrypted file', () => {
    const pdf = Buffer.from(signed.get('aes-256')!);
    // A byte of the (encrypted) page content stream: the file still reads, the digest no longer matches.
    const at = pdf.indexOf('stream', pdf.indexOf('/Length')) + 12;
    pdf[at] = pdf[at]! ^ 1;
    const report = verify(pdf);
    expect(report.verdict).toBe('invalid');
    expect(report.signatures[0]?.intact).not.toBe('ok');
  });

  it("says honestly that encrypting Sinetti's sealed file afterwards broke its signatures", async () => {
    const sealed = await sealedWithOneSignee(ca, 'doc-encrypted');
    expect(verify(sealed).verdict).toBe('valid');
    const reencrypted = await readFile(await encrypt(sealed, 'aes-128', dir));
    const report = verify(reencrypted);
    expect(report.unreadable).toBeNull();
    expect(report.verdict).toBe('invalid');
    expect(report.signatures.length).toBeGreaterThan(0);
    expect(report.signatures.some((s) => s.intact !== 'ok')).toBe(true);
  });

  it('still says "encrypted" for a file that needs a password to open', async () => {
    const doc = await PDFDocument.load(await makePdf(1));
    doc.encrypt({ userPassword: 'salasana', ownerPassword: 'omistaja' });
    const report = verify(await doc.save());
    expect(report).toMatchObject({ verdict: 'unreadable', unreadable: 'encrypted' });
    const locked = path.join(dir, 'locked.pdf');
    await run('mutool', [
      'clean',
      '-E',
      'aes-256',
      '-O',
      'omistaja',
      '-U',
      'avaa',
      path.join(dir, 'plain-aes-256.pdf'),
      locked,
    ]);
    expect(verify(await readFile(locked))).toMatchObject({ verdict: 'unreadable', unreadable: 'encrypted' });
  });
});
