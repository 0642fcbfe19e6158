import { PDFDocument, PDFString } from '@cantoo/pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DocumentChanges, SignatureLock } from '@sinetti/contract';
import type { SigningCa } from '../src/services/pdf/ca/ca.ts';
import { issueCrl } from '../src/services/pdf/ca/crl.ts';
import { PdfReader } from '../src/services/pdf/syntax/reader.ts';
import { compareRevisions } from '../src/services/pdf/verification/changes.ts';
import { verifyPdf } from '../src/services/pdf/verification/index.ts';
import { lockOf, lockViolations } from '../src/services/pdf/verification/locks.ts';
import { signatureFields } from '../src/services/pdf/verification/structure.ts';
import { rawPdf } from './pdf-hostile.ts';
import { makePdf, makeTestCa, sealedWithOneSignee } from './pdf-fixtures.ts';

const none: DocumentChanges = {
  pagesAdded: [],
  pagesRemoved: [],
  pagesContentChanged: [],
  annotations: [],
  fields: [],
  signaturesAdded: 0,
  timestampsAdded: 0,
  dssAdded: false,
  otherObjectsChanged: 0,
  modified: false,
};
const docMdp = (p: number): SignatureLock => ({ docMdp: p, fieldMdp: null });
const fieldMdp = (action: 'All' | 'Include' | 'Exclude', fields: string[], p: number | null = null) => ({
  docMdp: null,
  fieldMdp: { action, fields, p },
});

describe('the lock a signature sets (DocMDP, FieldMDP)', () => {
  it('reads DocMDP and FieldMDP signature references from the signature dictionary', () => {
    const pdf = rawPdf([
      '<</Type /Catalog /Pages 2 0 R /AcroForm <</Fields [4 0 R 5 0 R]>>>>',
      '<</Type /Pages /Kids [3 0 R] /Count 1>>',
      '<</Type /Page /Parent 2 0 R /MediaBox [0 0 10 10]>>',
      '<</FT /Sig /T (Varmenne) /V 6 0 R>>',
      '<</FT /Sig /T (Lukko) /V 7 0 R>>',
      '<</Type /Sig /ByteRange [0 1 2 3] /Contents <00> /Reference [<</Type /SigRef /TransformMethod /DocMDP /TransformParams <</P 1 /V /1.2>>>>]>>',
      '<</Type /Sig /ByteRange [0 1 2 3] /Contents <00> /Reference [8 0 R]>>',
      '<</Type /SigRef /TransformMethod /FieldMDP /TransformParams <</Action /Include /Fields [(Nimi) (Osoite)] /V /1.2>>>>',
    ]);
    const reader = new PdfReader(pdf);
    const locks = Object.fromEntries(signatureFields(reader).map((f) => [f.name, lockOf(reader, f.dict)]));
    expect(locks['Varmenne']).toEqual({ docMdp: 1, fieldMdp: null });
    expect(locks['Lukko']).toEqual({
      docMdp: null,
      fieldMdp: { action: 'Include', fields: ['Nimi', 'Osoite'], p: null },
    });
  });

  it('P 1 allows only a DSS and document time-stamps', () => {
    expect(lockViolations(docMdp(1), { ...none, dssAdded: true, timestampsAdded: 1 })).toEqual([]);
    expect(lockViolations(docMdp(1), { ...none, signaturesAdded: 1 })).toEqual(['fields']);
    expect(lockViolations(docMdp(1), { ...none, fields: [{ name: 'a', change: 'filled' }] })).toEqual([
      'fields',
    ]);
    expect(lockViolations(docMdp(1), { ...none, pagesAdded: [3], otherObjectsChanged: 1 })).toEqual([
      'pages',
      'objects',
    ]);
  });

  it('P 2 allows form filling and signing, not annotations; P 3 also annotations', () => {
    const filled: DocumentChanges = {
      ...none,
      signaturesAdded: 1,
      fields: [{ name: 'a', change: 'filled' }],
    };
    const annotated = { ...none, annotations: [{ page: 1, change: 'added' as const, subtype: 'Text' }] };
    expect(lockViolations(docMdp(2), filled)).toEqual([]);
    expect(lockViolations(docMdp(2), annotated)).toEqual(['annotations']);
    expect(lockViolations(docMdp(3), annotated)).toEqual([]);
    expect(lockViolations(docMdp(3), { ...none, fields: [{ name: 'x', change: 'removed' }] })).toEqual([
      'fields',
    ]);
    expect(lockViolations(null, { ...annotated, pagesAdded: [2] })).toEqual([]);
  });

  it('FieldMDP forbids changes to the fields it locks (All, Include, Exclude) and applies its /P', () => {
    const changed = (name: string): DocumentChanges => ({ ...none, fields: [{ name, change: 'changed' }] });
    expect(lockViolations(fieldMdp('All', []), changed('any'))).toEqual(['locked-fields']);
    expect(lockViolations(fieldMdp('Include', ['Nimi']), changed('Nimi'))).toEqual(['locked-fields']);
    expect(lockViolations(fieldMdp('Include', ['Nimi']), changed('Nimi.etu'))).toEqual(['locked-fields']);
    expect(lockViolations(fieldMdp('Include', ['Nimi']), changed('Osoite'))).toEqual([]);
    expect(lockViolations(fieldMdp('Exclude', ['Nimi']), changed('Nimi'))).toEqual([]);
    expect(lockViolations(fieldMdp('Exclude', ['Nimi']), changed('Osoite'))).toEqual(['locked-fields']);
    expect(lockViolations(fieldMdp('Include', ['Nimi'], 1), { ...none, pagesAdded: [2] })).toEqual(['pages']);
  });

  it('judges a real form-filling update against a FieldMDP Include lock', async () => {
    const doc = await PDFDocument.load(await makePdf(1));
    const form = doc.getForm();
    form.createTextField('Nimi').addToPage(doc.getPage(0), { x: 50, y: 50, width: 100, height: 20 });
    form.createTextField('Osoite').addToPage(doc.getPage(0), { x: 50, y: 80, width: 100, height: 20 });
    const base = await doc.save({ useObjectStreams: false });
    const fill = async (name: string) => {
      const next = await PDFDocument.load(base, { forIncrementalUpdate: true });
      next.getForm().getTextField(name).setText('Anna Virtanen');
      return next.commit();
    };
    const lock = fieldMdp('Include', ['Nimi']);
    const before = new PdfReader(base);
    const nimi = compareRevisions(before, new PdfReader(await fill('Nimi')));
    expect(nimi.fields).toContainEqual({ name: 'Nimi', change: 'filled' });
    expect(lockViolations(lock, nimi)).toContain('locked-fields');
    const osoite = compareRevisions(before, new PdfReader(await fill('Osoite')));
    expect(osoite.fields).toContainEqual({ name: 'Osoite', change: 'filled' });
    expect(lockViolations(lock, osoite)).not.toContain('locked-fields');
  });

  describe("Sinetti's seal", () => {
    let ca: SigningCa;
    let crlDer: Uint8Array;
    let sealed: Uint8Array;
    beforeAll(async () => {
      ca = await makeTestCa();
      crlDer = (await issueCrl(ca, new Date())).der;
      sealed = await sealedWithOneSignee(ca, 'doc-locks');
    });
    const verify = (pdf: Uint8Array) => verifyPdf({ pdf, caDer: ca.der, caCrlDer: crlDer });

    it('reports the lock each signature sets, and the DSS and time-stamp after the seal as allowed', () => {
      const report = verify(sealed);
      expect(report.verdict).toBe('valid');
      const [signee, seal] = report.signatures;
      expect(signee!.lock).toBeNull();
      expect(seal!.lock).toEqual({ docMdp: null, fieldMdp: { action: 'All', fields: [], p: 1 } });
      expect(seal!.changes).toMatchObject({ dssAdded: true, timestampsAdded: 1, modified: false });
      expect(seal!.lockViolations).toEqual([]);
    });

    it('calls a change after the seal "changed after signing, not allowed"', async () => {
      const doc = await PDFDocument.load(sealed, { forIncrementalUpdate: true });
      const note = doc.context.obj({
        Type: 'Annot',
        Subtype: 'Text',
        Rect: [10, 10, 30, 30],
        Contents: PDFString.of('Changed'),
      });
      doc.getPage(0).node.addAnnot(doc.context.register(note));
      const report = verify(await doc.commit());
      expect(report.verdict).toBe('invalid');
      const [signee, seal] = report.signatures;
      expect(seal!.status).toBe('invalid');
      expect(seal!.warnings).toContain('modified-not-allowed');
      expect(seal!.warnings).not.toContain('modified-after-signing-unsigned');
      expect(seal!.lockViolations).toContain('annotations');
      // The signee set no lock: the change is judged as unsigned, not as forbidden.
      expect(signee!.warnings).toContain('modified-after-signing-unsigned');
      expect(signee!.warnings).not.toContain('modified-not-allowed');
    });
  });
});
