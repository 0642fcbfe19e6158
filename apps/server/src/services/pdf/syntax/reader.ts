import { decodeStream } from './filters.ts';
import { PdfDict, PdfRef, PdfStream, isName, type PdfValue } from './objects.ts';
import { PdfParser, PdfSyntaxError } from './parser.ts';

type XrefEntry =
  | { kind: 'free' }
  | { kind: 'offset'; offset: number; gen: number }
  | { kind: 'compressed'; stream: number; index: number };

/**
 * Reads a PDF's structure through its cross-reference sections (tables, streams and hybrids, following
 * /Prev) without copying the file: objects are parsed on demand, only object streams get decoded.
 */
export class PdfReader {
  readonly entries = new Map<number, XrefEntry>();
  /** The newest trailer (a cross-reference stream's dictionary when the file uses one). */
  trailer = new PdfDict();
  /** Offset of the newest cross-reference section: the /Prev of the next update. */
  lastXrefOffset = 0;
  /** Whether the newest section is a cross-reference stream (the update then writes one too). */
  usesXrefStream = false;
  private readonly cache = new Map<number, PdfValue>();
  private readonly objectStreams = new Map<number, { data: Uint8Array; offsets: Map<number, number> }>();

  constructor(readonly bytes: Uint8Array) {
    this.lastXrefOffset = findStartXref(bytes);
    const seen = new Set<number>();
    let offset: number | undefined = this.lastXrefOffset;
    let first = true;
    while (offset !== undefined && !seen.has(offset)) {
      seen.add(offset);
      const { trailer, isStream } = this.readSection(offset);
      if (first) {
        this.trailer = trailer;
        this.usesXrefStream = isStream;
        first = false;
      }
      const prev = trailer.get('Prev');
      offset = typeof prev === 'number' ? prev : undefined;
    }
    if (this.trailer.get('Encrypt') !== undefined)
      throw new Error('Encrypted PDF documents cannot be signed.');
    if (!(this.trailer.get('Root') instanceof PdfRef))
      throw new PdfSyntaxError('The PDF trailer has no /Root.');
  }

  private setEntry(num: number, entry: XrefEntry): void {
    if (!this.entries.has(num)) this.entries.set(num, entry);
  }

  private readSection(offset: number): { trailer: PdfDict; isStream: boolean } {
    const p = new PdfParser(this.bytes, offset);
    const save = p.pos;
    if (p.keyword() === 'xref') {
      const rows: [number, XrefEntry][] = [];
      for (;;) {
        const word = p.keyword();
        if (word === 'trailer') break;
        const start = Number(word);
        const count = Number(p.keyword());
        if (!Number.isInteger(start) || !Number.isInteger(count)) {
          throw new PdfSyntaxError(`Damaged cross-reference table at byte ${offset}`);
        }
        for (let i = 0; i < count; i++) {
          const off = Number(p.keyword());
          const gen = Number(p.keyword());
          const type = p.keyword();
          rows.push([start + i, type === 'n' ? { kind: 'offset', offset: off, gen } : { kind: 'free' }]);
        }
      }
      const trailer = p.value();
      if (!(trailer instanceof PdfDict)) throw new PdfSyntaxError('The PDF trailer is not a dictionary.');
      // Hybrid files: the table's hidden companion stream lists the compressed objects.
      const xrefStm = trailer.get('XRefStm');
      if (typeof xrefStm === 'number') this.readXrefStream(xrefStm);
      for (const [num, entry] of rows) this.setEntry(num, entry);
      return { trailer, isStream: false };
    }
    p.pos = save;
    return { trailer: this.readXrefStream(offset), isStream: true };
  }

  private readXrefStream(offset: number): PdfDict {
    const { value } = new PdfParser(this.bytes, offset).indirectObject();
    if (!(value instanceof PdfStream) || !isName(value.dict.get('Type'), 'XRef')) {
      throw new PdfSyntaxError(`No cross-reference section at byte ${offset}`);
    }
    const dict = value.dict;
    const data = decodeStream(value);
    const w = (dict.get('W') as number[] | undefined) ?? [];
    const [w0 = 0, w1 = 0, w2 = 0] = w;
    const size = dict.get('Size') as number;
    const index = (dict.get('Index') as number[] | undefined) ?? [0, size];
    const field = (at: number, width: number) => {
      let v = 0;
      for (let i = 0; i < width; i++) v = v * 256 + data[at + i]!;
      return v;
    };
    let at = 0;
    for (let s = 0; s + 1 < index.length; s += 2) {
      for (let i = 0; i < index[s + 1]!; i++) {
        const type = w0 === 0 ? 1 : field(at, w0);
        const a = field(at + w0, w1);
        const b = field(at + w0 + w1, w2);
        at += w0 + w1 + w2;
        const num = index[s]! + i;
        if (type === 1) this.setEntry(num, { kind: 'offset', offset: a, gen: b });
        else if (type === 2) this.setEntry(num, { kind: 'compressed', stream: a, index: b });
        else this.setEntry(num, { kind: 'free' });
      }
    }
    return dict;
  }

  /** The generation number that a rewritten copy of this object keeps. */
  generationOf(num: number): number {
    const e = this.entries.get(num);
    return e?.kind === 'offset' ? e.gen : 0;
  }

  /** The next free object number: the trailer's /Size, or past the highest listed object. */
  get size(): number {
    const declared = this.trailer.get('Size');
    let highest = -1;
    for (const num of this.entries.keys()) if (num > highest) highest = num;
    return Math.max(typeof declared === 'number' ? declared : 0, highest + 1);
  }

  getObject(num: number): PdfValue {
    if (this.cache.has(num)) return this.cache.get(num)!;
    const entry = this.entries.get(num);
    let value: PdfValue = null;
    if (entry?.kind === 'offset') {
      const p = new PdfParser(this.bytes, entry.offset, (ref) => this.lengthOf(ref));
      const obj = p.indirectObject();
      if (obj.num !== num) throw new PdfSyntaxError(`Object ${num} is not where the cross-reference says.`);
      value = obj.value;
    } else if (entry?.kind === 'compressed') {
      const os = this.objectStream(entry.stream);
      const offset = os.offsets.get(num);
      if (offset !== undefined) value = new PdfParser(os.data, offset).value();
    }
    this.cache.set(num, value);
    return value;
  }

  /** Follows a reference (or returns a direct value as is). */
  resolve(value: PdfValue | undefined): PdfValue | undefined {
    return value instanceof PdfRef ? this.getObject(value.num) : value;
  }

  dict(value: PdfValue | undefined): PdfDict | undefined {
    const v = this.resolve(value);
    return v instanceof PdfDict ? v : v instanceof PdfStream ? v.dict : undefined;
  }

  private lengthOf(ref: PdfRef): number | undefined {
    const v = this.getObject(ref.num);
    return typeof v === 'number' ? v : undefined;
  }

  private objectStream(num: number): { data: Uint8Array; offsets: Map<number, number> } {
    const known = this.objectStreams.get(num);
    if (known) return known;
    const stream = this.getObject(num);
    if (!(stream instanceof PdfStream)) throw new PdfSyntaxError(`Object stream ${num} is missing.`);
    const data = decodeStream(stream);
    const n = stream.dict.get('N') as number;
    const first = stream.dict.get('First') as number;
    const header = new PdfParser(data, 0);
    const offsets = new Map<number, number>();
    for (let i = 0; i < n; i++) {
      const objNum = header.value();
      const rel = header.value();
      if (typeof objNum === 'number' && typeof rel === 'number') offsets.set(objNum, first + rel);
    }
    const result = { data, offsets };
    this.objectStreams.set(num, result);
    return result;
  }
}

function findStartXref(bytes: Uint8Array): number {
  const tail = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).subarray(
    Math.max(0, bytes.length - 2048),
  );
  const at = tail.lastIndexOf('startxref');
  if (at < 0) throw new PdfSyntaxError('Not a PDF file: no "startxref".');
  const offset = Number(new PdfParser(tail, at + 9).keyword());
  if (!Number.isInteger(offset) || offset < 0 || offset >= bytes.length) {
    throw new PdfSyntaxError('The PDF has an invalid "startxref".');
  }
  return offset;
}
