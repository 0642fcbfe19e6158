// Reading back the fields drawn on a signed PDF's pages with poppler (issue #33 item 2): where pdftotext
// finds each word, and how much ink pdftoppm renders inside a rectangle; and two signees signing with field
// values drawn. Shared by pdf-fields.test.ts, pdf-fields-verify.test.ts and fields-signing.test.ts.
import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { SigningCa } from '../src/services/pdf/ca/ca.ts';
import type { FieldStamp } from '../src/services/pdf/field-stamps.ts';
import { addSignature } from '../src/services/pdf/index.ts';
import { readNetpbm } from './netpbm.ts';
import { tempDir } from './pdf-fixtures.ts';

const exec = promisify(execFile);

/** The two signees of the signed-PDF field tests. */
export const signees = [
  { name: 'Åsa Öberg', email: 'asa@example.com', level: 'Simple' },
  { name: 'Matti Meikäläinen', email: 'matti@example.com', level: 'Simple' },
];

/** Signee `slot` (of `signees`) signs `pdf` by e-mail code, with `fields` drawn in the signature's update. */
export const signWithFields = (ca: SigningCa, pdf: Uint8Array, slot: number, fields: FieldStamp[]) =>
  addSignature(pdf, {
    signer: signees[slot]!,
    method: 'Email code (simple)',
    signedAt: new Date('2026-06-01T09:00:00Z'),
    stampSlot: slot,
    lang: 'fi',
    mark: { kind: 'typed', text: signees[slot]!.name },
    ca,
    fields,
  });

/** Signee `slot`'s text field "Arvo <slot>" on page 1, 0.3 wide, at `at` (fractions of the page). */
export const textValue = (slot: number, at: { x: number; y: number; height: number }): FieldStamp[] => [
  { page: 1, width: 0.3, ...at, shown: { kind: 'text', text: `Arvo ${slot}` } },
];

export interface Word {
  text: string;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}

/** A rectangle in points of the page as shown (after /Rotate), from its top left. */
export interface ShownRect {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

async function fileOf(pdf: Uint8Array): Promise<{ dir: string; file: string }> {
  const dir = await tempDir();
  const file = path.join(dir, 'in.pdf');
  await writeFile(file, pdf);
  return { dir, file };
}

/** The words pdftotext -bbox finds on `page` (1-based), in points of the page as shown. */
export async function wordsOn(pdf: Uint8Array, page: number): Promise<Word[]> {
  const { file } = await fileOf(pdf);
  const { stdout } = await exec('pdftotext', [
    '-bbox',
    '-enc',
    'UTF-8',
    '-f',
    String(page),
    '-l',
    String(page),
    file,
    '-',
  ]);
  const unescape = (s: string) =>
    s
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&amp;/g, '&');
  return [
    ...stdout.matchAll(
      /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g,
    ),
  ].map((m) => ({
    xMin: Number(m[1]),
    yMin: Number(m[2]),
    xMax: Number(m[3]),
    yMax: Number(m[4]),
    text: unescape(m[5]!),
  }));
}

/** A field's fractions turned into points of a shown page `width` × `height`. */
export function shownRect(
  field: { x: number; y: number; width: number; height: number },
  width: number,
  height: number,
): ShownRect {
  return {
    left: field.x * width,
    top: field.y * height,
    right: (field.x + field.width) * width,
    bottom: (field.y + field.height) * height,
  };
}

/** Whether the word lies inside the rectangle (half a point of slack for rounding). */
export function inside(word: Word, r: ShownRect): boolean {
  const slack = 0.5;
  return (
    word.xMin >= r.left - slack &&
    word.xMax <= r.right + slack &&
    word.yMin >= r.top - slack &&
    word.yMax <= r.bottom + slack
  );
}

/** The words of `text` found inside the rectangle, joined by spaces in reading order. */
export function textInside(words: Word[], r: ShownRect): string {
  return words
    .filter((w) => inside(w, r))
    .map((w) => w.text)
    .join(' ');
}

/** Dark pixels (grey below 160) of `page` rendered at 72 dpi, inside and outside the rectangle. */
export async function inkIn(
  pdf: Uint8Array,
  page: number,
  r: ShownRect,
): Promise<{ inside: number; total: number }> {
  const { dir, file } = await fileOf(pdf);
  const out = path.join(dir, 'p');
  await exec('pdftoppm', [
    '-f',
    String(page),
    '-l',
    String(page),
    '-r',
    '72',
    '-gray',
    '-singlefile',
    file,
    out,
  ]);
  const { width, pixels } = readNetpbm(await readFile(`${out}.pgm`));
  let inside = 0;
  let total = 0;
  for (let i = 0; i < pixels.length; i++) {
    if (pixels[i]! >= 160) continue;
    total++;
    const [x, y] = [i % width, Math.floor(i / width)];
    if (
      x >= Math.floor(r.left) &&
      x < Math.ceil(r.right) &&
      y >= Math.floor(r.top) &&
      y < Math.ceil(r.bottom)
    ) {
      inside++;
    }
  }
  return { inside, total };
}
