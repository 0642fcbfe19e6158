import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { crc32, deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SigningCa } from '../src/services/pdf/ca/ca.ts';
import { handwriting } from '../src/services/pdf/handwriting.ts';
import { addSignature, prepareForSigning, verifyWithPdfsig } from '../src/services/pdf/index.ts';
import { pngImage } from '../src/services/pdf/png.ts';
import { signatureImageOf } from '../src/services/pdf/sign.ts';
import { PAGE_SIZE, layoutSignaturePages } from '../src/services/pdf/signature-page.ts';
import type { SignatureMark } from '../src/services/pdf/stamp.ts';
import { readNetpbm, type Netpbm } from './netpbm.ts';
import { makePdf, makeTestCa, pdfText, removeTempDirs, tempDir } from './pdf-fixtures.ts';

const exec = promisify(execFile);

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const out = Buffer.alloc(body.length + 8);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), body.length + 4);
  return out;
}

/**
 * An RGBA PNG as a canvas writes it: transparent, with a dark blue stroke from (20, 30) to (180, 50)
 * (rows filtered with Sub and Up to exercise the unfiltering).
 */
function strokePng(width = 300, height = 100): Buffer {
  const rows: Buffer[] = [];
  let prev = Buffer.alloc(width * 4);
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(width * 4);
    for (let x = 0; x < width; x++) {
      if (x >= 20 && x < 180 && y >= 30 && y < 50) row.set([20, 40, 120, 255], x * 4);
    }
    const filter = y % 2;
    const filtered = Buffer.alloc(width * 4);
    for (let i = 0; i < row.length; i++) {
      const left = i >= 4 ? row[i - 4]! : 0;
      filtered[i] = (row[i]! - (filter === 1 ? left : prev[i]!)) & 0xff;
    }
    rows.push(Buffer.from([filter === 1 ? 1 : 2]), filtered);
    prev = row;
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function tool(cmd: string, args: string[], pdf: Uint8Array): Promise<string> {
  const dir = await tempDir();
  await writeFile(path.join(dir, 'in.pdf'), pdf);
  const { stdout } = await exec(cmd, [...args, path.join(dir, 'in.pdf')]);
  return stdout;
}

/** The signature page (page 2) rendered by poppler, in grey (PGM) or colour (PPM). */
async function renderSignaturePage(
  pdf: Uint8Array,
  { dpi, gray }: { dpi: number; gray: boolean },
): Promise<Netpbm> {
  const dir = await tempDir();
  await writeFile(path.join(dir, 'in.pdf'), pdf);
  const args = ['-f', '2', '-l', '2', '-r', String(dpi), ...(gray ? ['-gray'] : [])];
  await exec('pdftoppm', [...args, path.join(dir, 'in.pdf'), path.join(dir, 'p')]);
  return readNetpbm(await readFile(path.join(dir, gray ? 'p-2.pgm' : 'p-2.ppm')));
}

/** Dark pixels on the signature page rendered in grey at 50 dpi. */
async function darkPixels(pdf: Uint8Array): Promise<number> {
  const { pixels } = await renderSignaturePage(pdf, { dpi: 50, gray: true });
  return [...pixels].filter((v) => v < 100).length;
}

/**
 * The bounding box, in points from the page's top left (72 dpi), of the pixels of strokePng's blue
 * (20, 40, 120): no text, panel, bar or border of the stamp has that colour.
 */
async function strokeBox(pdf: Uint8Array) {
  const { width, pixels } = await renderSignaturePage(pdf, { dpi: 72, gray: false });
  const box = { left: Infinity, top: Infinity, right: -Infinity, bottom: -Infinity, count: 0 };
  for (let i = 0; i < pixels.length; i += 3) {
    if (pixels[i]! >= 60 || pixels[i + 1]! >= 80 || pixels[i + 2]! <= 100) continue;
    const [x, y] = [(i / 3) % width, Math.floor(i / 3 / width)];
    Object.assign(box, {
      left: Math.min(box.left, x),
      top: Math.min(box.top, y),
      right: Math.max(box.right, x + 1),
      bottom: Math.max(box.bottom, y + 1),
      count: box.count + 1,
    });
  }
  return box;
}

describe('the signee’s own signature in the signed PDF', () => {
  let ca: SigningCa;
  let prepared: Uint8Array;
  const sign = (mark: SignatureMark | undefined, name = 'Åsa Öberg') =>
    addSignature(prepared, {
      signer: { name, email: 'asa@example.com' },
      method: 'Email code (simple)',
      signedAt: new Date('2026-06-01T09:00:00Z'),
      stampSlot: 0,
      lang: 'fi',
      mark,
      ca,
    });

  beforeAll(async () => {
    ca = await makeTestCa();
    ({ pdf: prepared } = await prepareForSigning(
      await makePdf(1),
      [{ name: 'Åsa Öberg', email: 'asa@example.com', level: 'Simple' }],
      { documentName: 'Sopimus.pdf', documentId: 'doc-1', lang: 'fi' },
    ));
  });
  afterAll(removeTempDirs);

  it('draws a drawing as an image with its alpha as a soft mask, cropped to the ink, signature valid', async () => {
    const image = await signatureImageOf(strokePng(), 2000);
    expect(image).not.toBeNull();
    const signed = await sign({ kind: 'image', image: image! });
    const list = await tool('pdfimages', ['-list'], signed);
    const rows = list
      .split('\n')
      .slice(2)
      .filter(Boolean)
      .map((l) => l.trim().split(/\s+/));
    // page num type width height color comp bpc …
    expect(rows.map((r) => [r[0], r[2], r[3], r[4], r[5]])).toEqual([
      ['2', 'image', '160', '20', 'rgb'],
      ['2', 'smask', '160', '20', 'gray'],
    ]);
    const { signatures, output } = await verifyWithPdfsig(signed);
    expect(
      signatures.map((s) => s.validity),
      output,
    ).toEqual(['valid']);
    expect(signed.length - prepared.length).toBeLessThan(40_000);
  });

  it('puts the drawing inside the signee’s box, in its left part beside the name and time', async () => {
    const image = await signatureImageOf(strokePng(), 2000);
    const drawn = await strokeBox(await sign({ kind: 'image', image: image! }));
    expect((await strokeBox(await sign(undefined))).count).toBe(0);
    // The signee's box as the signature page laid it out: [index, x, y (from the bottom), width, height].
    const [page] = layoutSignaturePages([{ name: 'Åsa Öberg', email: 'asa@example.com', level: 'Simple' }], {
      documentName: 'Sopimus.pdf',
      documentId: 'doc-1',
      lang: 'fi',
      sha256: '0'.repeat(64),
    });
    const [, x, y, w, h] = page!.slots[0]!;
    const top = PAGE_SIZE[1] - y! - h!;
    expect(drawn.count).toBeGreaterThan(50);
    expect(drawn.left).toBeGreaterThanOrEqual(x!);
    expect(drawn.right).toBeLessThanOrEqual(x! + w! * 0.45);
    expect(drawn.top).toBeGreaterThanOrEqual(top);
    expect(drawn.bottom).toBeLessThanOrEqual(top + h!);
  });

  it('writes a typed signature in handwriting (paths) that text extraction finds, signature valid', async () => {
    const plain = await sign(undefined);
    const typed = await sign({ kind: 'typed', text: 'Åsa Öberg-Väätäinen' });
    expect(await pdfText(typed)).toContain('Åsa Öberg-Väätäinen');
    expect(await pdfText(plain)).not.toContain('Åsa Öberg-Väätäinen');
    // The handwriting is ink in the box: the rendered page is darker than the stamp without it.
    expect((await darkPixels(typed)) - (await darkPixels(plain))).toBeGreaterThan(30);
    const { signatures, output } = await verifyWithPdfsig(typed);
    expect(
      signatures.map((s) => s.validity),
      output,
    ).toEqual(['valid']);
    expect(await tool('mutool', ['info'], typed)).toMatch(/Pages: 2/);
  });

  it('keeps long names inside the box: handwriting shrinks to the width it is given', () => {
    const long = 'Aleksandra Kristiina Öhman-Väätäinen-Lindqvist von Hellens'.repeat(2);
    const hand = handwriting(long, { x: 10, y: 6, maxWidth: 170, maxHeight: 60, maxSize: 30 });
    expect(hand.width).toBeLessThanOrEqual(170.01);
    const xs = [...hand.ops.matchAll(/(-?[\d.]+) (-?[\d.]+) [mlc]\b/g)].map((m) => Number(m[1]));
    expect(Math.min(...xs)).toBeGreaterThanOrEqual(9);
    expect(Math.max(...xs)).toBeLessThanOrEqual(181);
    expect(handwriting('Åsa', { x: 0, y: 0, maxWidth: 170, maxHeight: 60, maxSize: 30 }).size).toBe(30);
  });

  it('refuses damaged image data instead of drawing garbage', () => {
    const png = strokePng();
    const broken = Buffer.from(png);
    broken.fill(0xff, 50, 60);
    expect(() => pngImage(broken, 2000)).toThrow();
    expect(() => pngImage(png, 100)).toThrow(/too large/);
  });
});
