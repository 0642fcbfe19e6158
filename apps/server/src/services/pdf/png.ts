import { deflateSync, inflateSync } from 'node:zlib';

/** Colour types this decoder takes (PNG spec §11.2.2), all at 8 bits: what browsers' canvases write. */
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 4: 2, 6: 4 };

export interface PngHeader {
  width: number;
  height: number;
  bitDepth: number;
  colorType: number;
  interlace: number;
}

/** Why a PNG cannot be drawn into a PDF (the caller answers 400). */
export class PngError extends Error {}

/** The IHDR of a PNG whose chunks were already checked (signature-image.ts), or null if it is not one we draw. */
export function pngHeader(png: Uint8Array): PngHeader {
  const b = Buffer.from(png.buffer, png.byteOffset, png.byteLength);
  if (b.length < 33 || b.toString('latin1', 12, 16) !== 'IHDR') throw new PngError('Not a PNG image.');
  return {
    width: b.readUInt32BE(16),
    height: b.readUInt32BE(20),
    bitDepth: b[24]!,
    colorType: b[25]!,
    interlace: b[28]!,
  };
}

/** Whether `pngImage` can draw this header: 8-bit grey, grey+alpha, RGB or RGBA, not interlaced. */
export function isDrawablePng(h: PngHeader): boolean {
  return h.bitDepth === 8 && CHANNELS[h.colorType] !== undefined && h.interlace === 0;
}

/** A PDF image XObject's data (ISO 32000-1 §8.9.5): colour samples and optional soft mask, both Flate. */
export interface PdfImage {
  width: number;
  height: number;
  /** 1: DeviceGray, 3: DeviceRGB. */
  colors: 1 | 3;
  data: Uint8Array;
  /** The alpha channel as a DeviceGray soft mask (/SMask), same size; null when the PNG is opaque. */
  alpha: Uint8Array | null;
}

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/** Undoes the per-row filters (PNG spec §9) in place; returns the rows without their filter bytes. */
function unfilter(raw: Buffer, width: number, height: number, bpp: number): Buffer {
  const stride = width * bpp;
  if (raw.length !== (stride + 1) * height) throw new PngError('The PNG image data has the wrong size.');
  const out = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    const src = y * (stride + 1) + 1;
    const row = y * stride;
    const prev = row - stride;
    for (let x = 0; x < stride; x++) {
      const v = raw[src + x]!;
      const a = x >= bpp ? out[row + x - bpp]! : 0;
      const b = y > 0 ? out[prev + x]! : 0;
      const c = x >= bpp && y > 0 ? out[prev + x - bpp]! : 0;
      let r: number;
      if (filter === 0) r = v;
      else if (filter === 1) r = v + a;
      else if (filter === 2) r = v + b;
      else if (filter === 3) r = v + ((a + b) >> 1);
      else if (filter === 4) r = v + paeth(a, b, c);
      else throw new PngError('The PNG image uses an unknown row filter.');
      out[row + x] = r & 0xff;
    }
  }
  return out;
}

/** The rectangle holding every pixel that is not fully transparent (all of it when nothing is). */
function inkBox(alpha: Buffer, width: number, height: number) {
  let [x0, y0, x1, y1] = [width, height, -1, -1];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (alpha[y * width + x] === 0) continue;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
    }
  }
  return x1 < 0 ? { x: 0, y: 0, w: width, h: height } : { x: x0, y: y0, w: x1 - x0 + 1, h: y1 - y0 + 1 };
}

/**
 * Decodes a (checked) PNG into a PDF image: IDAT inflated with an output limit (no bombs), rows unfiltered,
 * colour and alpha split into a Flate image and a Flate soft mask, cropped to the ink so that the drawing
 * fills the signature box. Throws PngError for anything it does not draw.
 */
export function pngImage(png: Uint8Array, maxSide: number): PdfImage {
  const b = Buffer.from(png.buffer, png.byteOffset, png.byteLength);
  const h = pngHeader(b);
  if (!isDrawablePng(h))
    throw new PngError('The PNG image must be 8-bit, not interlaced, without a palette.');
  if (h.width < 1 || h.height < 1 || h.width > maxSide || h.height > maxSide) {
    throw new PngError('The PNG image is too large.');
  }
  const idat: Buffer[] = [];
  for (let offset = 8; offset + 12 <= b.length;) {
    const length = b.readUInt32BE(offset);
    if (b.toString('latin1', offset + 4, offset + 8) === 'IDAT') {
      idat.push(b.subarray(offset + 8, offset + 8 + length));
    }
    offset += 12 + length;
  }
  const channels = CHANNELS[h.colorType]!;
  const expected = (h.width * channels + 1) * h.height;
  let raw: Buffer;
  try {
    raw = inflateSync(Buffer.concat(idat), { maxOutputLength: expected });
  } catch {
    throw new PngError('The PNG image data is damaged.');
  }
  const pixels = unfilter(raw, h.width, h.height, channels);
  const hasAlpha = h.colorType === 4 || h.colorType === 6;
  const colors: 1 | 3 = h.colorType === 0 || h.colorType === 4 ? 1 : 3;
  const n = h.width * h.height;
  const alpha = hasAlpha ? Buffer.alloc(n) : null;
  if (alpha) for (let i = 0; i < n; i++) alpha[i] = pixels[i * channels + channels - 1]!;
  const box = alpha ? inkBox(alpha, h.width, h.height) : { x: 0, y: 0, w: h.width, h: h.height };
  const color = Buffer.alloc(box.w * box.h * colors);
  const mask = alpha ? Buffer.alloc(box.w * box.h) : null;
  for (let y = 0; y < box.h; y++) {
    for (let x = 0; x < box.w; x++) {
      const from = (box.y + y) * h.width + box.x + x;
      const to = y * box.w + x;
      for (let c = 0; c < colors; c++) color[to * colors + c] = pixels[from * channels + c]!;
      if (mask && alpha) mask[to] = alpha[from]!;
    }
  }
  return {
    width: box.w,
    height: box.h,
    colors,
    data: deflateSync(color),
    alpha: mask ? deflateSync(mask) : null,
  };
}
