// A field's value drawn on the page is part of a signature only when it was added in that signature's own
// revision (verification/changes.ts): a stamp appended later that names a signature's widget
// (/SinettiSignedWith) is an annotation added after signing, like any other.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VerificationReport } from '@sinetti/contract';
import type { SigningCa } from '../src/services/pdf/ca/ca.ts';
import { SIGNED_WITH_KEY } from '../src/services/pdf/field-stamps.ts';
import { prepareForSigning, verifySignedPdf } from '../src/services/pdf/index.ts';
import { PdfDict, PdfRef, PdfString, name } from '../src/services/pdf/syntax/objects.ts';
import { pageRefs } from '../src/services/pdf/syntax/pages.ts';
import { PdfReader } from '../src/services/pdf/syntax/reader.ts';
import { IncrementalUpdate } from '../src/services/pdf/syntax/writer.ts';
import { compareRevisions } from '../src/services/pdf/verification/changes.ts';
import { formFields } from '../src/services/pdf/verification/structure.ts';
import { signees, signWithFields, textValue } from './fields-pdf-helper.ts';
import { makePdf, makeTestCa, removeTempDirs } from './pdf-fixtures.ts';

const value = (slot: number) => textValue(slot, { x: 0.1, y: 0.1 + slot * 0.2, height: 0.04 });

/** The objects an appended stamp update writes before the next free number (appearance, annotation). */
const STAMP_OBJECTS = 2;

/** Adds to `up` a stamp on `page` naming object `signedWith` as its signature's widget (its 2 objects). */
function stampNaming(up: IncrementalUpdate, page: PdfRef, signedWith: number): PdfRef {
  const content = '0 0 0 rg 0 0 120 16 re f';
  const ap = up.add({
    raw: `<< /Type /XObject /Subtype /Form /BBox [0 0 120 16] /Length ${content.length} >>\nstream\n${content}\nendstream`,
  });
  return up.add(
    new PdfDict([
      ['Type', name('Annot')],
      ['Subtype', name('Stamp')],
      ['F', 4],
      ['P', page],
      ['Rect', [300, 300, 420, 316]],
      ['AP', new PdfDict([['N', ap]])],
      [SIGNED_WITH_KEY, new PdfRef(signedWith, 0)],
    ]),
  );
}

/** Lists `added` annotations on page `page` too, in `up`. */
function listOnPage(reader: PdfReader, up: IncrementalUpdate, page: PdfRef, added: PdfRef[]): void {
  const pageDict = reader.dict(page)!.clone();
  const annots = reader.resolve(pageDict.get('Annots'));
  const list = [...(Array.isArray(annots) ? annots : []), ...added];
  const own = pageDict.get('Annots');
  if (own instanceof PdfRef) up.replace(own.num, list);
  else up.replace(page.num, pageDict.set('Annots', list));
}

/**
 * Appends an unsigned incremental update that draws a stamp on page 1 naming object `signedWith` as its
 * signature's widget, the way a signee's field value does.
 */
function appendStamp(pdf: Uint8Array, signedWith: number): Uint8Array {
  const reader = new PdfReader(pdf);
  const up = new IncrementalUpdate(reader);
  const page = pageRefs(reader)[0]!;
  listOnPage(reader, up, page, [stampNaming(up, page, signedWith)]);
  return new Uint8Array(Buffer.concat([Buffer.from(pdf), Buffer.from(up.write(), 'latin1')]));
}

const PLACEHOLDER = '[0 0000000000 0000000000 0000000000]';

/**
 * Appends an unsigned update that adds a signature field of its own ("Fake") with `cms` as its signature, a
 * widget on page 1 naming it as /Parent and a stamp naming it (/SinettiSignedWith). Its /ByteRange leaves
 * out exactly its /Contents and ends at the end of the file (`range` instead: that one).
 */
function appendFakeSignature(pdf: Uint8Array, cms: Uint8Array, range?: number[]) {
  const reader = new PdfReader(pdf);
  const up = new IncrementalUpdate(reader);
  const page = pageRefs(reader)[0]!;
  const hex = Buffer.from(cms).toString('hex');
  const sig = up.add({
    raw: `<< /Type /Sig /Filter /Adobe.PPKLite /SubFilter /ETSI.CAdES.detached /ByteRange ${PLACEHOLDER} /Contents <${hex}> >>`,
  });
  const field = up.allocate();
  const widget = up.add(
    new PdfDict([
      ['Type', name('Annot')],
      ['Subtype', name('Widget')],
      ['F', 132],
      ['P', page],
      ['Rect', [20, 20, 140, 40]],
      ['Parent', field],
    ]),
  );
  const fieldDict = new PdfDict([
    ['FT', name('Sig')],
    ['T', new PdfString(Buffer.from('Fake'))],
    ['V', sig],
    ['Kids', [widget]],
  ]);
  up.set(field, fieldDict);
  listOnPage(reader, up, page, [widget, stampNaming(up, page, field.num)]);
  const root = reader.trailer.get('Root') as PdfRef;
  const formRef = reader.dict(root)!.get('AcroForm');
  const form = reader.dict(formRef)!.clone();
  const fields = reader.resolve(form.get('Fields'));
  form.set('Fields', [...(Array.isArray(fields) ? fields : []), field]);
  if (formRef instanceof PdfRef) up.replace(formRef.num, form);
  else up.replace(root.num, reader.dict(root)!.clone().set('AcroForm', form));
  const text = up.write();
  const b = pdf.length + text.indexOf(`/Contents <${hex}>`) + '/Contents '.length;
  const c = b + hex.length + 2;
  const [, ...rest] = range ?? [0, b, c, pdf.length + text.length - c];
  const byteRange = `[0 ${rest.map((n) => String(n).padStart(10, '0')).join(' ')}]`;
  const update = Buffer.from(text.replace(PLACEHOLDER, byteRange), 'latin1');
  return { pdf: new Uint8Array(Buffer.concat([Buffer.from(pdf), update])), field: field.num };
}

/** Appends an unsigned update that redraws annotation `num`: its appearance stream replaced, itself untouched. */
function redraw(pdf: Uint8Array, num: number): Uint8Array {
  const reader = new PdfReader(pdf);
  const ap = reader.dict(reader.dict(new PdfRef(num, 0))?.get('AP'))?.get('N');
  if (!(ap instanceof PdfRef)) throw new Error(`annotation ${num} has no appearance stream of its own`);
  const up = new IncrementalUpdate(reader);
  const content = '1 0 0 rg 0 0 40 12 re f';
  up.set(ap, {
    raw: `<< /Type /XObject /Subtype /Form /BBox [0 0 40 12] /Length ${content.length} >>\nstream\n${content}\nendstream`,
  });
  return new Uint8Array(Buffer.concat([Buffer.from(pdf), Buffer.from(up.write(), 'latin1')]));
}

/** The annotations on page 1 that name signature field `widget` as theirs. */
function stampsOf(pdf: Uint8Array, widget: number): number[] {
  const reader = new PdfReader(pdf);
  const annots = reader.resolve(reader.dict(pageRefs(reader)[0])?.get('Annots'));
  return (Array.isArray(annots) ? annots : [])
    .filter((a): a is PdfRef => a instanceof PdfRef)
    .filter((a) => {
      const named = reader.dict(a)?.get(SIGNED_WITH_KEY);
      return named instanceof PdfRef && named.num === widget;
    })
    .map((a) => a.num);
}

/** Object numbers of the signed signature fields (each its own widget): a later update's are higher. */
const signatureWidgets = (pdf: Uint8Array) =>
  formFields(new PdfReader(pdf))
    .filter((f) => f.type === 'Sig' && f.value !== undefined)
    .map((f) => f.num!)
    .sort((a, b) => a - b);

const addedAnnotations = (report: VerificationReport) =>
  report.signatures.map((s) => (s.changes?.annotations ?? []).filter((a) => a.change === 'added'));

describe('field stamps and the revision that adds them', () => {
  let ca: SigningCa;
  let prepared: Uint8Array;
  const sign = (pdf: Uint8Array, slot: number) => signWithFields(ca, pdf, slot, value(slot));

  beforeAll(async () => {
    ca = await makeTestCa();
    ({ pdf: prepared } = await prepareForSigning(await makePdf(1), signees, {
      documentName: 'Sopimus.pdf',
      documentId: 'doc-stamps',
      lang: 'fi',
    }));
  });
  afterAll(removeTempDirs);

  it('a document two signees filled fields in verifies clean', async () => {
    const signed = await sign(await sign(prepared, 0), 1);
    const report = await verifySignedPdf(signed, ca);
    expect(report.signatures).toHaveLength(2);
    expect(addedAnnotations(report)).toEqual([[], []]);
    // The last signature has no later revision to compare with.
    expect(report.signatures.map((s) => s.changes?.modified ?? false)).toEqual([false, false]);
    expect(report.signatures.map((s) => s.warnings)).toEqual([['no-timestamp'], ['no-timestamp']]);
    expect(report.verdict).toBe('warnings');
  });

  const stamp = { page: 1, change: 'added', subtype: 'Stamp' };
  const unsigned = ['modified-after-signing-unsigned', 'no-timestamp'];

  it("reports a stamp appended after signing that names the first signature's widget", async () => {
    const signed = await sign(await sign(prepared, 0), 1);
    const [first] = signatureWidgets(signed);
    const report = await verifySignedPdf(appendStamp(signed, first!), ca);
    expect(addedAnnotations(report)).toEqual([[stamp], [stamp]]);
    expect(report.signatures.map((s) => s.warnings)).toEqual([unsigned, unsigned]);
    expect(report.verdict).toBe('invalid');
  });

  it("reports to the first signee too a stamp appended after the second signature that names the second's widget", async () => {
    const signed = await sign(await sign(prepared, 0), 1);
    const [, second] = signatureWidgets(signed);
    const report = await verifySignedPdf(appendStamp(signed, second!), ca);
    expect(addedAnnotations(report)).toEqual([[stamp], [stamp]]);
    expect(report.signatures.map((s) => s.warnings)).toEqual([unsigned, unsigned]);
    expect(report.verdict).toBe('invalid');
  });

  it('reports to the first signee a stamp added between the signatures that names the next signature’s widget', async () => {
    const first = await sign(prepared, 0);
    // The next signature's field is its update's second new object (after its /Sig dictionary).
    const predicted = new PdfReader(first).size + STAMP_OBJECTS + 1;
    const signed = await sign(appendStamp(first, predicted), 1);
    expect(signatureWidgets(signed)[1]).toBe(predicted);
    const report = await verifySignedPdf(signed, ca);
    expect(addedAnnotations(report)).toEqual([[stamp], []]);
    // The second signee signed the document with the stamp on it: a change after the first signature that a
    // later signer covers, as for any other annotation added between two signatures.
    expect(report.signatures.map((s) => s.warnings)).toEqual([
      ['no-timestamp', 'modified-after-signing'],
      ['no-timestamp'],
    ]);
    expect(report.signatures[1]!.changes?.modified ?? false).toBe(false);
    expect(report.verdict).toBe('warnings');
  });

  it("reports a signature's appearance or a field value redrawn after signing as a changed annotation", async () => {
    const signed = await sign(await sign(prepared, 0), 1);
    const [first, second] = signatureWidgets(signed);
    const widget = await verifySignedPdf(redraw(signed, second!), ca);
    // On the signature page: new to the first signature, and not as the second signed it; changed for the second.
    expect(widget.signatures.map((s) => s.changes?.annotations)).toEqual([
      [{ page: 2, change: 'added', subtype: 'Widget' }],
      [{ page: 2, change: 'changed', subtype: 'Widget' }],
    ]);
    expect(widget.signatures.map((s) => s.warnings)).toEqual([unsigned, unsigned]);
    expect(widget.verdict).toBe('invalid');

    const [value] = stampsOf(signed, first!);
    const redrawn = await verifySignedPdf(redraw(signed, value!), ca);
    const changedStamp = { page: 1, change: 'changed', subtype: 'Stamp' };
    expect(redrawn.signatures.map((s) => s.changes?.annotations)).toEqual([[changedStamp], [changedStamp]]);
    expect(redrawn.signatures.map((s) => s.warnings)).toEqual([unsigned, unsigned]);
    expect(redrawn.verdict).toBe('invalid');
  });

  it('a signature field an unsigned update adds vouches for no widget or stamp naming it unless it verifies', async () => {
    const signed = await sign(await sign(prepared, 0), 1);
    const reader = new PdfReader(signed);
    const copied = reader.dict(reader.dict(new PdfRef(signatureWidgets(signed)[1]!, 0))?.get('V'));
    const contents = copied?.get('Contents');
    if (!(contents instanceof PdfString)) throw new Error('the second signature has no /Contents');
    const widget = { page: 1, change: 'added', subtype: 'Widget' };
    // The second signee's CMS (its signature verifies, over other bytes), and bytes that are no CMS at all.
    for (const cms of [contents.bytes, Buffer.alloc(64, 0x42)]) {
      const report = await verifySignedPdf(appendFakeSignature(signed, cms).pdf, ca);
      expect(report.signatures.map((s) => [s.field, s.status])).toEqual([
        [expect.any(String), 'invalid'],
        [expect.any(String), 'invalid'],
        ['Fake', 'invalid'],
      ]);
      // Its byte range is sound and ends at the end of the file: its own update is the one that adds it.
      expect(report.signatures[2]!.byteRange).toEqual({ ok: true, wholeFile: true, problem: null });
      const genuine = report.signatures.slice(0, 2);
      expect(genuine.map((s) => s.changes?.annotations)).toEqual([
        [widget, stamp],
        [widget, stamp],
      ]);
      expect(genuine.map((s) => s.changes?.signaturesAdded)).toEqual([2, 1]);
      expect(genuine.map((s) => s.warnings)).toEqual([unsigned, unsigned]);
    }
  });

  it('a signature whose own update cannot be read vouches for no annotation naming it as /Parent', async () => {
    const signed = await sign(await sign(prepared, 0), 1);
    const before = new PdfReader(signed);
    const widget = { page: 1, change: 'added', subtype: 'Widget' };
    // Taken for verified, the update that adds it (where its byte range ends) vouches for both annotations…
    const fake = appendFakeSignature(signed, Buffer.alloc(64, 0x42));
    const own = compareRevisions(before, new PdfReader(fake.pdf), { verified: new Set([fake.field]) });
    expect(own.annotations).toEqual([]);
    // …but with a byte range ending where no revision can be read, none.
    const lost = appendFakeSignature(signed, Buffer.alloc(64, 0x42), [0, 1, 2, 3]);
    const changes = compareRevisions(before, new PdfReader(lost.pdf), { verified: new Set([lost.field]) });
    expect(changes.annotations).toEqual([widget, stamp]);
  });
});
