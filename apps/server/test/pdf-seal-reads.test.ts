// The seal's cost does not grow with the document (issue 11 bench goals: a 50 MB seal under 2 s): laying out
// the seal, its DSS and the document time-stamp parses the same objects of a 200-page file as of a 2-page one
// (catalog, form, first page, existing store), each once per reader, and never the pages' content. Counted in
// the parser, not timed.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadSigningCa, type SigningCa } from '../src/services/pdf/ca/ca.ts';
import { loadSealIdentity } from '../src/services/pdf/ca/identities.ts';
import { buildCmsSignature } from '../src/services/pdf/cms.ts';
import { layoutDss } from '../src/services/pdf/dss.ts';
import { GrowingPdf } from '../src/services/pdf/growing-pdf.ts';
import { addSignature, prepareForSigning } from '../src/services/pdf/index.ts';
import { completeSignature, layoutSignature } from '../src/services/pdf/layout.ts';
import { PdfReader } from '../src/services/pdf/syntax/reader.ts';
import { makePdf } from './pdf-fixtures.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

async function signed(ca: SigningCa, pages: number): Promise<Uint8Array> {
  const signer = { name: 'Aino Virtanen', email: 'aino@example.com' };
  const prepared = await prepareForSigning(await makePdf(pages), [{ ...signer, level: 'Simple' }], {
    documentName: 'Sopimus.pdf',
    documentId: 'doc-reads',
    lang: 'fi',
  });
  return addSignature(prepared.pdf, { signer, method: 'Email', signedAt: new Date(), stampSlot: 0, ca });
}

/** The seal's three layouts on `pdf`, in process: objects parsed per step (by object number), and the DSS. */
async function sealReads(ca: SigningCa, pdf: Uint8Array) {
  const loads: number[] = [];
  const proto = PdfReader.prototype as unknown as { loadObject(num: number): unknown };
  const original = proto.loadObject;
  const spy = vi.spyOn(proto, 'loadObject').mockImplementation(function (this: PdfReader, num: number) {
    loads.push(num);
    return original.call(this, num);
  });
  const step = <T>(run: () => T): { result: T; nums: number[] } => {
    loads.length = 0;
    const result = run();
    return { result, nums: [...loads] };
  };
  const signedAt = new Date();
  const seal = step(() =>
    layoutSignature({
      pdf: GrowingPdf.of(pdf).bytes,
      field: { fieldPrefix: 'PlatformSeal', stamp: null, signedAt, name: 'Seal', lock: true },
      contentsSize: 8192,
    }),
  );
  const digest = seal.result.digest;
  const cms = await buildCmsSignature({
    digest,
    signer: await loadSealIdentity(ca),
    chain: [ca.der],
    tsa: null,
  });
  const file = GrowingPdf.of(completeSignature(GrowingPdf.of(pdf).bytes, seal.result, cms));
  const dss = step(() => layoutDss({ pdf: file.bytes, certs: [ca.der], crls: [] }));
  file.append(dss.result.update);
  const stamp = step(() =>
    layoutSignature({
      pdf: file.bytes,
      field: { fieldPrefix: 'DocTimeStamp', stamp: null, signedAt, kind: 'timestamp' },
      contentsSize: 16384,
    }),
  );
  spy.mockRestore();
  return { seal: seal.nums, dss: dss.nums, stamp: stamp.nums, certs: dss.result.certs };
}

describe('the seal reads a fixed set of objects, whatever the page count', () => {
  it('parses as many objects of a 200-page file as of a 2-page one, each once per step', async () => {
    const ca = await loadSigningCa({ dir: null, name: 'reads.example.fi' });
    const small = await sealReads(ca, await signed(ca, 2));
    const large = await sealReads(ca, await signed(ca, 200));
    for (const step of ['seal', 'dss', 'stamp'] as const) {
      expect(large[step].length, step).toBe(small[step].length);
      expect(new Set(large[step]).size, `${step}: an object parsed twice`).toBe(large[step].length);
    }
    // 200 pages are ~600 objects: a handful of them are read.
    expect(large.seal.length).toBeLessThan(30);
    expect(large.dss.length).toBeLessThan(30);
    // Nothing is left out of the store for it: the CA, the signee's one-time certificate and the seal's.
    expect(large.certs).toBeGreaterThanOrEqual(3);
    expect(large.certs).toBe(small.certs);
  });
});
