// Hostile PDFs for the limit, fuzz and abuse tests (and bench/): each is built at test time and stays small.
import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { deflateRawSync, deflateSync, constants } from 'node:zlib';
import { PDFDocument, PDFName, PDFNumber } from '@cantoo/pdf-lib';
import { makePdf, tempDir } from './pdf-fixtures.ts';

const latin1 = (s: string) => Buffer.from(s, 'latin1');

/**
 * A classic PDF from object bodies (object i+1 is bodies[i]; object 1 is the catalog), with a correct
 * cross-reference table. `trailer` adds entries to the trailer dictionary.
 */
export function rawPdf(bodies: (string | Buffer)[], trailer = ''): Buffer {
  const parts: Buffer[] = [latin1('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n')];
  let length = parts[0]!.length;
  const offsets: number[] = [];
  bodies.forEach((body, i) => {
    offsets.push(length);
    const chunk = Buffer.concat([
      latin1(`${i + 1} 0 obj\n`),
      typeof body === 'string' ? latin1(body) : body,
      latin1('\nendobj\n'),
    ]);
    parts.push(chunk);
    length += chunk.length;
  });
  const rows = offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n\r\n`).join('');
  parts.push(
    latin1(
      `xref\n0 ${bodies.length + 1}\n0000000000 65535 f\r\n${rows}trailer\n<</Size ${bodies.length + 1} /Root 1 0 R${trailer}>>\nstartxref\n${length}\n%%EOF\n`,
    ),
  );
  return Buffer.concat(parts);
}

const PAGE_TREE = [
  '<</Type /Catalog /Pages 2 0 R>>',
  '<</Type /Pages /Kids [3 0 R] /Count 1>>',
  '<</Type /Page /Parent 2 0 R /MediaBox [0 0 200 200]>>',
];

/** A stream object body. */
export const streamBody = (dict: string, data: Buffer) =>
  Buffer.concat([latin1(`<<${dict} /Length ${data.length}>>\nstream\n`), data, latin1('\nendstream')]);

/**
 * A PDF whose newest section is a cross-reference stream with the given entries (`rows`: [type, a, b]
 * for objects 0…), extra dictionary entries (e.g. a huge /Size or /Index) and objects as in rawPdf.
 */
export function xrefStreamPdf(
  bodies: (string | Buffer)[],
  xrefDict: (size: number) => string,
  rows?: (offsets: number[]) => number[][],
): Buffer {
  const parts: Buffer[] = [latin1('%PDF-1.7\n')];
  let length = parts[0]!.length;
  const offsets: number[] = [];
  bodies.forEach((body, i) => {
    offsets.push(length);
    const chunk = Buffer.concat([
      latin1(`${i + 1} 0 obj\n`),
      typeof body === 'string' ? latin1(body) : body,
      latin1('\nendobj\n'),
    ]);
    parts.push(chunk);
    length += chunk.length;
  });
  const xrefNum = bodies.length + 1;
  const table = rows
    ? rows([...offsets, length])
    : [[0, 0, 255], ...offsets.map((o) => [1, o, 0]), [1, length, 0]];
  const data = Buffer.from(
    table.flatMap(([t, a, b]) => [
      t!,
      (a! >>> 24) & 255,
      (a! >>> 16) & 255,
      (a! >>> 8) & 255,
      a! & 255,
      b! & 255,
    ]),
  );
  const xref = streamBody(`/Type /XRef /W [1 4 1] /Root 1 0 R ${xrefDict(xrefNum + 1)}`, data);
  parts.push(latin1(`${xrefNum} 0 obj\n`), xref, latin1(`\nendobj\nstartxref\n${length}\n%%EOF\n`));
  return Buffer.concat(parts);
}

/** Under 1 KB: a cross-reference stream that declares 2^31 objects (today's parsers loop over them all). */
export function hugeSizePdf(): Buffer {
  return xrefStreamPdf(PAGE_TREE, () => '/Size 2147483647 /Index [0 2147483647]');
}

/**
 * About 1 MB: an object stream that inflates to `inflated` bytes (1 GiB by default) of zeros, built as one
 * compressed MiB repeated (each part ends on a byte boundary, so the parts concatenate), with the right
 * zlib header and Adler-32: a valid stream that only a limit stops.
 */
export function objectStreamBombPdf(inflated = 1024 * 1024 * 1024): Buffer {
  const mib = 1024 * 1024;
  const block = deflateRawSync(Buffer.alloc(mib), { level: 9, finishFlush: constants.Z_SYNC_FLUSH });
  const blocks = Math.ceil(inflated / mib);
  const total = blocks * mib;
  const adler = Buffer.alloc(4);
  adler.writeUInt32BE((total % 65521) * 65536 + 1);
  const last = Buffer.from([3, 0]); // an empty final block with fixed codes
  const zlib = Buffer.concat([Buffer.from([0x78, 0xda]), ...Array<Buffer>(blocks).fill(block), last, adler]);
  const objStm = streamBody('/Type /ObjStm /N 1 /First 4 /Filter /FlateDecode', zlib);
  // Objects 1-3 the page tree, 4 the object stream, 5 the cross-reference stream, 6 inside object stream 4.
  return xrefStreamPdf(
    [...PAGE_TREE, objStm],
    () => '/Size 7',
    (offsets) => [[0, 0, 255], ...offsets.map((o) => [1, o, 0]), [2, 4, 0]],
  );
}

/** Objects 4 and 5 are object streams, each said to hold the other (and 4 holds itself). */
export function objectStreamLoopPdf(): Buffer {
  const inner = deflateSync(latin1('4 0 5 8 << >> << >>'));
  return xrefStreamPdf(
    [...PAGE_TREE, streamBody('/Type /ObjStm /N 2 /First 8 /Filter /FlateDecode', inner)],
    (size) => `/Size ${size}`,
    (offsets) => [
      [0, 0, 255],
      [1, offsets[0]!, 0],
      [2, 5, 0], // the page tree is inside object stream 5 …
      [1, offsets[2]!, 0],
      [2, 5, 1], // … and so is object stream 4 …
      [2, 4, 0], // … which holds object stream 5
      [1, offsets[4]!, 0],
    ],
  );
}

/** Arrays nested `depth` deep inside the catalog. */
export function deepNestingPdf(depth = 200_000): Buffer {
  return rawPdf([
    `<</Type /Catalog /Pages 2 0 R /Deep ${'['.repeat(depth)}${']'.repeat(depth)}>>`,
    ...PAGE_TREE.slice(1),
  ]);
}

/** A valid PDF cut inside its cross-reference table (the table claims more rows than follow). */
export function truncatedXrefPdf(): Buffer {
  const whole = rawPdf(PAGE_TREE);
  const xref = whole.lastIndexOf('xref\n');
  return Buffer.concat([
    whole.subarray(0, xref),
    latin1('xref\n0 9\n0000000000 65535 f\r\n'),
    latin1(`startxref\n${xref}\n%%EOF\n`),
  ]);
}

/** A contract whose form's /Fields is a number (valid for viewers, unsignable). */
export async function nonArrayFieldsPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.load(await makePdf(1));
  doc.catalog.set(PDFName.of('AcroForm'), doc.context.obj({ Fields: PDFNumber.of(5) }));
  return doc.save({ useObjectStreams: false });
}

/** A contract whose first page's /Annots is a number (the seal's widget goes on page 1). */
export async function nonArrayAnnotsPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.load(await makePdf(1));
  doc.getPage(0).node.set(PDFName.of('Annots'), PDFNumber.of(7));
  return doc.save({ useObjectStreams: false });
}

/**
 * A contract encrypted by MuPDF (`mutool clean -E`) with an owner password; with `userPassword` it needs that
 * password to open, without it only its permissions are restricted (the empty user password opens it).
 */
export async function encryptedPdf(
  method: 'rc4-40' | 'rc4-128' | 'aes-128' | 'aes-256',
  userPassword?: string,
): Promise<Uint8Array> {
  const dir = await tempDir('sinetti-encrypted-');
  const plain = path.join(dir, 'plain.pdf');
  const out = path.join(dir, 'encrypted.pdf');
  await writeFile(plain, await makePdf(2));
  const user = userPassword ? ['-U', userPassword] : [];
  await promisify(execFile)('mutool', [
    'clean',
    '-E',
    method,
    '-O',
    'omistaja',
    '-P',
    '-3904',
    ...user,
    plain,
    out,
  ]);
  return readFile(out);
}
