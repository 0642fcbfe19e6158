import { PdfError } from './errors.ts';

/**
 * The PDF object model of the incremental writer (ISO 32000-1 §7.3): just enough to read a document's
 * structure (catalog, page tree, form) and to write changed dictionaries back in an appended update.
 */
export class PdfName {
  constructor(readonly name: string) {}
}

export class PdfRef {
  constructor(
    readonly num: number,
    readonly gen: number,
  ) {}
}

/** A string as raw bytes (the writer always emits it in hexadecimal form). */
export class PdfString {
  constructor(readonly bytes: Uint8Array) {}
}

export class PdfDict {
  readonly map: Map<string, PdfValue>;
  constructor(entries?: Iterable<[string, PdfValue]>) {
    this.map = new Map(entries);
  }
  get(key: string): PdfValue | undefined {
    return this.map.get(key);
  }
  set(key: string, value: PdfValue): this {
    this.map.set(key, value);
    return this;
  }
  /** A copy whose entries can be changed without touching this one. */
  clone(): PdfDict {
    return new PdfDict(this.map);
  }
}

/** A stream as read: its dictionary and its still-encoded data (a view into the file, never a copy). */
export class PdfStream {
  constructor(
    readonly dict: PdfDict,
    readonly data: Uint8Array,
  ) {}
}

export type PdfValue =
  null | boolean | number | PdfName | PdfString | PdfRef | PdfValue[] | PdfDict | PdfStream;

export const name = (n: string) => new PdfName(n);

export function isName(v: PdfValue | undefined, n?: string): v is PdfName {
  return v instanceof PdfName && (n === undefined || v.name === n);
}

const REGULAR = /^[!-~]$/;
const DELIMITERS = '()<>[]{}/%#';

function serializeName(n: string): string {
  let out = '/';
  for (const ch of n) {
    const code = ch.charCodeAt(0);
    out += REGULAR.test(ch) && !DELIMITERS.includes(ch) ? ch : `#${code.toString(16).padStart(2, '0')}`;
  }
  return out;
}

function serializeNumber(n: number): string {
  if (!Number.isFinite(n)) throw new PdfError('PDF_UNSIGNABLE', `Cannot write the number ${n} in a PDF.`);
  if (Number.isInteger(n)) return String(n);
  const fixed = n.toFixed(10).replace(/0+$/, '').replace(/\.$/, '');
  return fixed === '-0' ? '0' : fixed;
}

/**
 * Writes a value in PDF syntax as a "binary string" (one char per byte, latin1). Streams are refused:
 * the writer only rewrites dictionaries and arrays; new streams are written by their owners.
 */
export function serialize(value: PdfValue): string {
  if (value === null) return 'null';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') return serializeNumber(value);
  if (value instanceof PdfName) return serializeName(value.name);
  if (value instanceof PdfRef) return `${value.num} ${value.gen} R`;
  if (value instanceof PdfString) return `<${Buffer.from(value.bytes).toString('hex')}>`;
  if (Array.isArray(value)) return `[${value.map(serialize).join(' ')}]`;
  if (value instanceof PdfDict) {
    const parts = [...value.map].map(([k, v]) => `${serializeName(k)} ${serialize(v)}`);
    return `<<${parts.join(' ')}>>`;
  }
  throw new PdfError('PDF_UNSIGNABLE', 'A stream cannot be rewritten inside an incremental update.');
}
