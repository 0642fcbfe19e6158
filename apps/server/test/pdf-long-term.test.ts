// PAdES B-LT/B-LTA at the seal and the seal's lock (issue 11 items 2, 3 and 7): the DSS holds every certificate
// and the CRL, a document time-stamp covers the file, pdfsig and mutool accept it today and a year ahead with the
// CA trusted, OpenSSL confirms each token, certificate and CRL, and a change after the seal is reported.
import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSigningCa, type SigningCa } from '../src/services/pdf/ca/ca.ts';
import { pem } from '../src/services/pdf/ca/keys.ts';
import {
  addPlatformSeal,
  addSignature,
  prepareForSigning,
  timestampUnitOf,
  verifyWithPdfsig,
} from '../src/services/pdf/index.ts';
import { PdfDict, PdfString, name, type PdfStream } from '../src/services/pdf/syntax/objects.ts';
import { PdfReader } from '../src/services/pdf/syntax/reader.ts';
import { IncrementalUpdate } from '../src/services/pdf/syntax/writer.ts';
import { byteRanges, digestOfRange, makePdf, removeTempDirs } from './pdf-fixtures.ts';
import {
  derLength,
  extractSignatureToken,
  mutoolVerify,
  pdfsigTrusted,
  tool,
  trustDir,
  verifyToken,
} from './pdf-openssl.ts';

let ca: SigningCa;
let sealed: Uint8Array;
let file: string;
let trust: Awaited<ReturnType<typeof trustDir>>;
let dir: string;
const signers = [
  { name: 'Pekka Jääskeläinen', email: 'pekka@example.com' },
  { name: 'Aino Virtanen', email: 'aino@example.com' },
];

beforeAll(async () => {
  ca = await loadSigningCa({ dir: null, name: 'sign.example.fi', publicUrl: 'https://sign.example.fi' });
  const tsa = { unit: timestampUnitOf(ca) };
  let pdf = (
    await prepareForSigning(
      await makePdf(2),
      signers.map((s) => ({ ...s, level: 'Simple' })),
      {
        documentName: 'Vuokrasopimus.pdf',
        documentId: 'doc-ltv',
        lang: 'fi',
      },
    )
  ).pdf;
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
  sealed = await addPlatformSeal(pdf, { ca, tsa });
  trust = await trustDir(ca);
  dir = trust.dir;
  file = path.join(dir, 'sealed.pdf');
  await writeFile(file, sealed);
});
afterAll(removeTempDirs);

const sigCount = (text: string, re: RegExp) => text.split('\n').filter((l) => re.test(l)).length;

/** An incremental update after the seal that adds a note to page 1 (what a tamperer or an editor would do). */
function appendNote(pdf: Uint8Array): Uint8Array {
  const reader = new PdfReader(pdf);
  const root = reader.dict(reader.trailer.get('Root'))!;
  const pagesDict = reader.dict(root.get('Pages'))!;
  const first = (reader.resolve(pagesDict.get('Kids')) as unknown[])[0] as { num: number };
  const page = reader.dict(first as never)!.clone();
  const up = new IncrementalUpdate(reader);
  const note = up.add(
    new PdfDict([
      ['Type', name('Annot')],
      ['Subtype', name('Text')],
      ['Rect', [50, 50, 70, 70]],
      ['Contents', new PdfString(Buffer.from('Changed after signing'))],
    ]),
  );
  const annots = reader.resolve(page.get('Annots'));
  up.replace(first.num, page.set('Annots', [...(Array.isArray(annots) ? annots : []), note]));
  return Buffer.concat([pdf, Buffer.from(up.write(), 'latin1')]);
}

describe('a sealed document (PAdES B-LTA)', () => {
  it('ends with a document time-stamp over the whole file, after the seal and a DSS', async () => {
    const { signatures, output } = await verifyWithPdfsig(sealed);
    expect(
      signatures.map((s) => s.name.replace(/-.*/, '')),
      output,
    ).toEqual(['Signee', 'Signee', 'PlatformSeal', 'DocTimeStamp']);
    expect(signatures.slice(0, 3).map((s) => s.validity)).toEqual(['valid', 'valid', 'valid']);
    expect(signatures[3]!.coversWholeDocument).toBe(true);
    expect(signatures[3]!.signedBy).toBe('Sinetti time-stamping unit');

    // The token is over exactly the document's byte ranges, and OpenSSL accepts it against the CA.
    const range = byteRanges(sealed)[3]!;
    const raw = Buffer.from(
      Buffer.from(sealed.subarray(range[1] + 1, range[2] - 1)).toString('latin1'),
      'hex',
    );
    const token = path.join(dir, 'doc-ts.der');
    await writeFile(token, raw.subarray(0, derLength(raw)));
    const digest = digestOfRange(sealed, range).toString('hex');
    const verified = await verifyToken(token, digest, trust.caPem);
    expect(verified).toContain('Verification: OK');
    for (const n of [0, 1, 2]) {
      const t = await extractSignatureToken(sealed, n, dir);
      const ok = await verifyToken(t.token, t.digest, trust.caPem);
      expect(ok, `signature time-stamp ${n}`).toContain('Verification: OK');
    }
  });

  it('keeps every certificate and the CRL in the DSS, each accepted by OpenSSL against the CA', async () => {
    const reader = new PdfReader(sealed);
    const catalog = reader.dict(reader.trailer.get('Root'))!;
    const dss = reader.dict(catalog.get('DSS'))!;
    const streams = (key: string) =>
      (reader.resolve(dss.get(key)) as unknown[]).map((r) => (reader.resolve(r as never) as PdfStream).data);
    const certs = streams('Certs');
    const crls = streams('CRLs');
    // CA, two signees, the seal and the time-stamping unit.
    expect(certs).toHaveLength(5);
    expect(crls).toHaveLength(1);
    const subjects: string[] = [];
    for (const [i, der] of certs.entries()) {
      const certFile = path.join(dir, `dss-${i}.der`);
      await writeFile(certFile, der);
      subjects.push(await tool('openssl', ['x509', '-inform', 'DER', '-in', certFile, '-noout', '-subject']));
      const pemFile = path.join(dir, `dss-${i}.pem`);
      await writeFile(pemFile, pem.encode(der, 'CERTIFICATE'));
      expect(await tool('openssl', ['verify', '-CAfile', trust.caPem, pemFile])).toContain(': OK');
    }
    expect(subjects.join('')).toMatch(/Pekka[\s\S]*Aino|Aino[\s\S]*Pekka/);
    expect(subjects.join('')).toContain('Sinetti time-stamping unit');
    const crlFile = path.join(dir, 'dss.crl');
    await writeFile(crlFile, crls[0]!);
    expect(
      await tool('openssl', ['crl', '-inform', 'DER', '-in', crlFile, '-CAfile', trust.caPem, '-noout']),
    ).toContain('verify OK');
  });

  it('is sealed by a signature that locks the document (FieldMDP, every field, P 1)', () => {
    const text = Buffer.from(sealed).toString('latin1');
    expect(text).toMatch(
      /\/Reference \[<<\/Type \/SigRef \/TransformMethod \/FieldMDP \/TransformParams <<\/Type \/TransformParams \/Action \/All \/P 1/,
    );
    expect(text).toMatch(/\/Lock <<\/Type \/SigFieldLock \/Action \/All \/P 1>>/);
    expect(sigCount(text, /\/Type \/DocTimeStamp/)).toBe(1);
  });

  for (const when of [undefined, '+365 days']) {
    it(`is valid and trusted for pdfsig and mutool ${when ? `with the clock ${when}` : 'today'}`, async () => {
      const report = await pdfsigTrusted(file, trust.nssdir, when);
      expect(sigCount(report, /Signature Validation: Signature is Valid\./), report).toBe(3);
      expect(sigCount(report, /Certificate Validation: Certificate is Trusted\./), report).toBe(3);
      expect(report).not.toMatch(/Expired|Digest Mismatch|Invalid/i);
      const mu = await mutoolVerify(file, when);
      // mutool has no trust store: it names the self-signed CA, never an expiry or a broken signature.
      expect(sigCount(mu, /The signature is valid/), mu).toBe(3);
      expect(mu).not.toMatch(/expired|not valid|invalid/i);
    });
  }

  it('has a change appended after the seal reported as a modification', async () => {
    const changed = appendNote(sealed);
    const changedFile = path.join(dir, 'changed.pdf');
    await writeFile(changedFile, changed);
    const before = await verifyWithPdfsig(sealed);
    const after = await verifyWithPdfsig(changed);
    expect(before.signatures.at(-1)!.coversWholeDocument).toBe(true);
    expect(
      after.signatures.map((s) => s.coversWholeDocument),
      after.output,
    ).toEqual([false, false, false, false]);
    const report = await pdfsigTrusted(changedFile, trust.nssdir);
    expect(report).toContain('Not total document signed');
    expect(report).not.toContain('Total document signed');
    const mu = await mutoolVerify(changedFile);
    expect(sigCount(mu, /there have been edits since signing/), mu).toBe(3);
    expect(mu).not.toContain('unchanged since signing');
    // The time-stamped bytes no longer reach the end of the file.
    const range = byteRanges(changed)[3]!;
    expect(range[2] + range[3]).toBeLessThan(changed.length);
    expect(createHash('sha256').update(changed).digest('hex')).not.toBe(
      createHash('sha256').update(sealed).digest('hex'),
    );
  });
});
