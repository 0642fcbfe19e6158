// Fields placed on the page, drawn in the signee's own signature update (issue #33 item 2): the geometry of
// rotated pages, text fitting, and the signed PDF as poppler, MuPDF and our own verifier read it.
import { PDFDocument, PDFName, StandardFonts, degrees } from '@cantoo/pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SigningCa } from '../src/services/pdf/ca/ca.ts';
import { placeField, shownSize, userPoint, type ShownPage } from '../src/services/pdf/field-geometry.ts';
import { fitTextBox, type FieldStamp } from '../src/services/pdf/field-stamps.ts';
import { prepareForSigning, verifySignedPdf, verifyWithPdfsig } from '../src/services/pdf/index.ts';
import { textWidth } from '../src/services/pdf/text.ts';
import {
  inkIn,
  shownRect,
  signees,
  signWithFields,
  textInside,
  textValue,
  wordsOn,
} from './fields-pdf-helper.ts';
import { mutoolVerify } from './pdf-openssl.ts';
import { makePdf, makeTestCa, removeTempDirs, tempDir } from './pdf-fixtures.ts';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';

const A4: ShownPage['box'] = [0, 0, 595, 842];

describe('field geometry: fractions of the shown page to PDF user space', () => {
  const field = { x: 0.1, y: 0.2, width: 0.3, height: 0.05 };

  it('keeps an unrotated page as it is, y measured from the top', () => {
    const at = placeField({ box: A4, rotate: 0 }, field);
    expect(at.rect).toEqual([59.5, 842 - 0.25 * 842, 59.5 + 0.3 * 595, 842 - 0.2 * 842]);
    expect(at.matrix).toEqual([1, 0, 0, 1, 0, 0]);
    expect([at.width, at.height]).toEqual([178.5, 42.1]);
  });

  it('turns each quarter: the shown top left is the bottom left (90), bottom right (180), top right (270)', () => {
    expect(userPoint({ box: A4, rotate: 90 }, 0, 0)).toEqual([0, 0]);
    expect(userPoint({ box: A4, rotate: 180 }, 0, 0)).toEqual([595, 0]);
    expect(userPoint({ box: A4, rotate: 270 }, 0, 0)).toEqual([595, 842]);
    // The shown top right: along the shown width, which a quarter turn makes the page's height.
    expect(userPoint({ box: A4, rotate: 90 }, 1, 0)).toEqual([0, 842]);
    expect(userPoint({ box: A4, rotate: 270 }, 1, 0)).toEqual([595, 0]);
    expect(shownSize({ box: A4, rotate: 90 })).toEqual({ width: 842, height: 595 });
  });

  it('places a field on a page turned 90° with its sides swapped and an upright appearance matrix', () => {
    const at = placeField({ box: A4, rotate: 90 }, field);
    // Shown x runs up the page, shown y runs right.
    expect(at.rect).toEqual(
      [0.2 * 595, 0.1 * 842, 0.25 * 595, 0.4 * 842].map((n) => Math.round(n * 1000) / 1000),
    );
    expect([at.width, at.height]).toEqual([Math.round(0.3 * 842 * 1000) / 1000, 29.75]);
    // The appearance's x axis goes up the page (0 1), its y axis to the left (-1 0).
    expect(at.matrix).toEqual([0, 1, -1, 0, 0, 0]);
  });

  it('places fields on pages turned 180° and 270°', () => {
    const r180 = placeField({ box: A4, rotate: 180 }, field);
    expect(r180.rect).toEqual(
      [595 - 0.4 * 595, 0.2 * 842, 595 - 0.1 * 595, 0.25 * 842].map((n) => Math.round(n * 1000) / 1000),
    );
    expect(r180.matrix).toEqual([-1, 0, 0, -1, 0, 0]);
    const r270 = placeField({ box: A4, rotate: 270 }, field);
    expect(r270.rect).toEqual(
      [595 - 0.25 * 595, 842 - 0.4 * 842, 595 - 0.2 * 595, 842 - 0.1 * 842].map(
        (n) => Math.round(n * 1000) / 1000,
      ),
    );
    expect(r270.matrix).toEqual([0, -1, 1, 0, 0, 0]);
  });

  it('measures from the crop box, not from the origin', () => {
    const at = placeField({ box: [100, 200, 300, 600], rotate: 0 }, { x: 0, y: 0, width: 0.5, height: 0.25 });
    expect(at.rect).toEqual([100, 500, 200, 600]);
  });
});

describe('text fitted into a field', () => {
  it('writes a short value at the largest size the box allows, at most 14 pt', () => {
    expect(fitTextBox('Asunto 12', 200, 12)).toEqual({ size: 12 / 1.2, lines: ['Asunto 12'] });
    expect(fitTextBox('Asunto 12', 200, 100).size).toBe(14);
  });

  it('shrinks or wraps a long value until it fits, and cuts what does not fit at the smallest size', () => {
    const long = 'Kirjoitan tähän pitkän tekstin, joka ei mahdu yhdelle riville tässä laatikossa';
    const fitted = fitTextBox(long, 120, 40);
    expect(fitted.lines.length).toBeGreaterThan(1);
    expect(fitted.lines.length * fitted.size * 1.2).toBeLessThanOrEqual(40);
    for (const line of fitted.lines)
      expect(textWidth(line, 'Helvetica', fitted.size)).toBeLessThanOrEqual(120);
    expect(fitted.lines.join(' ')).toBe(long);
    const cut = fitTextBox(long.repeat(10), 60, 6);
    expect(cut.lines).toHaveLength(1);
    expect(cut.lines[0]!.endsWith('…')).toBe(true);
    expect(textWidth(cut.lines[0]!, 'Helvetica', cut.size)).toBeLessThanOrEqual(60);
  });
});

/** A document of four pages turned 0°, 90°, 180° and 270°. */
async function rotatedPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const turn of [0, 90, 180, 270]) {
    const page = doc.addPage([595.28, 841.89]);
    page.setRotation(degrees(turn));
    page.drawText(`Page turned ${turn}`, { x: 56, y: 780, size: 18, font });
  }
  return doc.save({ useObjectStreams: false });
}

describe('a signee’s fields in the signed PDF', () => {
  let ca: SigningCa;
  const sign = (pdf: Uint8Array, slot: number, fields: FieldStamp[]) => signWithFields(ca, pdf, slot, fields);

  beforeAll(async () => {
    ca = await makeTestCa();
  });
  afterAll(removeTempDirs);

  it('writes each value upright inside its field on pages of every rotation; the signature stays valid', async () => {
    const { pdf: prepared } = await prepareForSigning(await rotatedPdf(), signees.slice(0, 1), {
      documentName: 'Käännetty.pdf',
      documentId: 'doc-1',
      lang: 'fi',
    });
    const text = { x: 0.1, y: 0.1, width: 0.45, height: 0.05 };
    const box = { x: 0.6, y: 0.75, width: 0.06, height: 0.06 };
    const mark = { x: 0.4, y: 0.45, width: 0.3, height: 0.1 };
    const fields = [1, 2, 3, 4].flatMap((page): FieldStamp[] => [
      { page, ...text, shown: { kind: 'text', text: `Väärä öljy å ${page}` } },
      { page, ...box, shown: { kind: 'checkbox', checked: page <= 2 } },
      { page, ...mark, shown: { kind: 'mark' } },
    ]);
    const signed = await sign(prepared, 0, fields);
    for (const page of [1, 2, 3, 4]) {
      const turned = page % 2 === 0;
      const [w, h] = turned ? [841.89, 595.28] : [595.28, 841.89];
      const words = await wordsOn(signed, page);
      // Read left to right as shown: pdftotext finds the words in order, inside the field.
      expect(textInside(words, shownRect(text, w, h)), `page ${page}`).toBe(`Väärä öljy å ${page}`);
      // The typed signature's invisible text lies in the signature field.
      expect(textInside(words, shownRect(mark, w, h))).toBe('Åsa Öberg');
      const ink = await inkIn(signed, page, shownRect(mark, w, h));
      expect(ink.inside).toBeGreaterThan(30);
      const checked = await inkIn(signed, page, shownRect(box, w, h));
      expect(checked.inside).toBeGreaterThan(page <= 2 ? 25 : 4);
    }
    // A checked box has its mark: more ink than the empty box on the page turned upside down.
    const on = await inkIn(signed, 1, shownRect(box, 595.28, 841.89));
    const off = await inkIn(signed, 3, shownRect(box, 595.28, 841.89));
    expect(on.inside).toBeGreaterThan(off.inside + 20);

    const { signatures, output } = await verifyWithPdfsig(signed);
    expect(
      signatures.map((s) => s.validation),
      output,
    ).toEqual(['Signature is Valid.']);
    expect(output).toContain('Total document signed');
  });

  it('keeps every earlier signature unmodified for pdfsig, MuPDF and our verifier when a later signee fills fields', async () => {
    const { pdf: prepared } = await prepareForSigning(await makePdf(2), signees, {
      documentName: 'Sopimus.pdf',
      documentId: 'doc-2',
      lang: 'fi',
    });
    const first = await sign(prepared, 0, [
      { page: 1, x: 0.1, y: 0.1, width: 0.3, height: 0.04, shown: { kind: 'text', text: 'Åsa' } },
    ]);
    const second = await sign(first, 1, [
      { page: 1, x: 0.1, y: 0.6, width: 0.3, height: 0.04, shown: { kind: 'text', text: 'Matin arvo' } },
      { page: 2, x: 0.5, y: 0.8, width: 0.3, height: 0.08, shown: { kind: 'mark' } },
    ]);
    const { signatures, output } = await verifyWithPdfsig(second);
    expect(
      signatures.map((s) => s.validation),
      output,
    ).toEqual(['Signature is Valid.', 'Signature is Valid.']);

    const dir = await tempDir();
    const file = path.join(dir, 'signed.pdf');
    await writeFile(file, second);
    const mu = await mutoolVerify(file);
    // MuPDF says of any earlier signature that edits followed (a later signature is one), as without fields.
    expect(mu).not.toMatch(/Digest error/);
    expect(
      mu.match(
        /^\t(The signature is valid but there have been edits since signing|The document is unchanged since signing)\.$/gm,
      ),
      mu,
    ).toHaveLength(2);

    const report = await verifySignedPdf(second, ca);
    const sigs = report.signatures.filter((s) => s.kind === 'signature');
    expect(sigs).toHaveLength(2);
    // The first signee's signature: the later annotations belong to the second signature, not a change.
    expect(sigs[0]!.changes?.annotations, JSON.stringify(sigs[0]!.changes)).toEqual([]);
    expect(sigs[0]!.changes?.modified).toBe(false);
    expect(sigs.map((s) => s.warnings.filter((w) => w.startsWith('modified')))).toEqual([[], []]);
  });

  it('adds to a page whose annotation list is an object of its own, and the verifier still sees no change', async () => {
    const doc = await PDFDocument.create();
    const page = doc.addPage([595.28, 841.89]);
    const link = doc.context.register(
      doc.context.obj({ Type: 'Annot', Subtype: 'Link', Rect: [50, 50, 100, 100], Border: [0, 0, 0] }),
    );
    page.node.set(PDFName.of('Annots'), doc.context.register(doc.context.obj([link])));
    const { pdf: prepared } = await prepareForSigning(await doc.save(), signees, {
      documentName: 'Linkki.pdf',
      documentId: 'doc-4',
      lang: 'fi',
    });
    const value = (slot: number) => textValue(slot, { x: 0.5, y: 0.1 + slot * 0.1, height: 0.05 });
    const signed = await sign(await sign(prepared, 0, value(0)), 1, value(1));
    const words = await wordsOn(signed, 1);
    expect(textInside(words, shownRect(value(1)[0]!, 595.28, 841.89))).toBe('Arvo 1');
    const report = await verifySignedPdf(signed, ca);
    const [first] = report.signatures;
    expect(first!.changes, JSON.stringify(first!.changes)).toMatchObject({
      annotations: [],
      otherObjectsChanged: 0,
    });
    expect(first!.changes?.modified).toBe(false);
  });

  it('refuses a field on a page the document lacks instead of signing without it', async () => {
    const { pdf: prepared } = await prepareForSigning(await makePdf(1), signees.slice(0, 1), {
      documentName: 'Sopimus.pdf',
      documentId: 'doc-3',
      lang: 'fi',
    });
    await expect(
      sign(prepared, 0, [{ page: 5, x: 0, y: 0, width: 0.1, height: 0.1, shown: { kind: 'mark' } }]),
    ).rejects.toMatchObject({ problem: 'PDF_UNSIGNABLE' });
  });
});
