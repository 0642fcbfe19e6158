import { inflateSync } from 'node:zlib';
import { PdfError, PdfSyntaxError } from './errors.ts';
import { PdfBudget } from './limits.ts';
import { PdfDict, isName, type PdfStream, type PdfValue } from './objects.ts';

/** PNG row filters (ISO 32000-1 §7.4.4.4, predictors 10–15), as cross-reference streams use them. */
function unpredictPng(data: Uint8Array, columns: number, bytesPerPixel: number): Uint8Array {
  const rowLength = columns + 1;
  const rows = Math.floor(data.length / rowLength);
  const out = new Uint8Array(rows * columns);
  for (let r = 0; r < rows; r++) {
    const type = data[r * rowLength]!;
    const src = r * rowLength + 1;
    const dst = r * columns;
    for (let i = 0; i < columns; i++) {
      const left = i >= bytesPerPixel ? out[dst + i - bytesPerPixel]! : 0;
      const up = r > 0 ? out[dst - columns + i]! : 0;
      const upLeft = r > 0 && i >= bytesPerPixel ? out[dst - columns + i - bytesPerPixel]! : 0;
      let predicted = 0;
      if (type === 1) predicted = left;
      else if (type === 2) predicted = up;
      else if (type === 3) predicted = (left + up) >> 1;
      else if (type === 4) {
        const p = left + up - upLeft;
        const pa = Math.abs(p - left);
        const pb = Math.abs(p - up);
        const pc = Math.abs(p - upLeft);
        predicted = pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft;
      }
      out[dst + i] = (data[src + i]! + predicted) & 0xff;
    }
  }
  return out;
}

/** Inflates at most `budget.decodedLeft` bytes: a decompression bomb stops there (PdfLimitError). */
function inflate(data: Uint8Array, budget: PdfBudget): Uint8Array {
  const limit = budget.decodedLeft;
  let out: Uint8Array;
  try {
    out = inflateSync(data, { maxOutputLength: Math.max(1, limit) });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') budget.spendDecoded(limit + 1);
    throw new PdfSyntaxError(`A compressed stream is damaged (${(err as Error).message}).`);
  }
  budget.spendDecoded(out.length);
  return out;
}

function intParam(params: PdfDict, key: string, fallback: number, max: number): number {
  const v = params.get(key);
  if (v === undefined) return fallback;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 1 || v > max) {
    throw new PdfSyntaxError(`A stream's /DecodeParms has an invalid /${key}.`);
  }
  return v;
}

/**
 * Decodes a structural stream (object or cross-reference stream): FlateDecode with an optional
 * predictor, within the budget's decompressed bytes.
 */
export function decodeStream(stream: PdfStream, budget: PdfBudget = new PdfBudget()): Uint8Array {
  const filter = stream.dict.get('Filter');
  const filters: PdfValue[] = Array.isArray(filter) ? filter : filter ? [filter] : [];
  const rawParams = stream.dict.get('DecodeParms');
  const paramsList: PdfValue[] = Array.isArray(rawParams) ? rawParams : [rawParams ?? null];
  let data = stream.data;
  filters.forEach((f, i) => {
    if (!isName(f, 'FlateDecode')) {
      throw new PdfError(
        'PDF_UNSIGNABLE',
        `Unsupported filter in a structural stream: ${isName(f) ? f.name : typeof f}`,
      );
    }
    data = inflate(data, budget);
    const params = paramsList[i];
    if (params instanceof PdfDict) {
      const predictor = params.get('Predictor');
      if (typeof predictor === 'number' && predictor >= 10) {
        const columns = intParam(params, 'Columns', 1, 1 << 20);
        const colors = intParam(params, 'Colors', 1, 32);
        const bpc = intParam(params, 'BitsPerComponent', 8, 16);
        const bytesPerPixel = Math.max(1, Math.ceil((colors * bpc) / 8));
        data = unpredictPng(data, columns * bytesPerPixel, bytesPerPixel);
      } else if (typeof predictor === 'number' && predictor > 1) {
        throw new PdfError('PDF_UNSIGNABLE', `Unsupported predictor ${predictor} in a structural stream.`);
      }
    }
  });
  return data;
}
