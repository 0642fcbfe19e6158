import { PdfError, PdfLimitError, PdfSyntaxError } from './errors.ts';
import { decodeStream } from './filters.ts';
import { PdfBudget, DEFAULT_PDF_LIMITS, type PdfLimits } from './limits.ts';
import { PdfSecurity } from './crypt.ts';
import { PdfDict, PdfRef, PdfStream, PdfString, isName, type PdfValue } from './objects.ts';
import { PdfParser } from './parser.ts';

type XrefEntry =
  | { kind: 'free' }
  | { kind: 'offset'; offset: number; gen: number }
  | { kind: 'compressed'; stream: number; index: number };

/** Objects whose reading may wait on one another (indirect lengths, object streams) before it stops. */
const MAX_CHAIN = 256;

const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

/**
 * Reads a PDF's structure through its cross-reference sections (tables, streams and hybrids, following
 * /Prev) without copying the file: objects are parsed on demand, only object streams get decoded.
 *
 * Total on any input: every method returns or throws a PdfError (damaged, too complex, encrypted,
 * unsignable) within the limits (decoded bytes, object count, nesting, parse work); loops between
 * sections, object streams and indirect lengths are detected.
 */
export class PdfReader {
  readonly entries = new Map<number, XrefEntry>();
  /** The newest trailer (a cross-reference stream's dictionary when the file uses one). */
  trailer = new PdfDict();
  /** Offset of the newest cross-reference section: the /Prev of the next update. */
  lastXrefOffset = 0;
  /** Whether the newest section is a cross-reference stream (the update then writes one too). */
  usesXrefStream = false;
  readonly budget: PdfBudget;
  private readonly cache = new Map<number, PdfValue>();
  private readonly loading = new Set<number>();
  private readonly objectStreams = new Map<number, { data: Uint8Array; offsets: Map<number, number> }>();
  /** The security handler of an encrypted file opened with `decrypt` (its /Encrypt object stays as read). */
  private security: { handler: PdfSecurity; encryptNum: number | null } | null = null;

  /**
   * `decrypt`: open a permission-only encrypted file with the empty user password (reading only).
   * `startXref`: read the revision whose newest cross-reference section is at that offset (the one an
   * update's /Prev names) instead of the one the file's last startxref names.
   */
  constructor(
    readonly bytes: Uint8Array,
    limits: PdfLimits = DEFAULT_PDF_LIMITS,
    options: { decrypt?: boolean; startXref?: number | undefined } = {},
  ) {
    this.budget = new PdfBudget(limits);
    this.lastXrefOffset = options.startXref ?? findStartXref(bytes);
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
      offset = isCount(prev) && prev < bytes.length ? prev : undefined;
    }
    const encrypt = this.trailer.get('Encrypt');
    if (encrypt !== undefined) {
      if (!options.decrypt) throw new PdfError('PDF_ENCRYPTED', 'Encrypted PDF documents cannot be signed.');
      const dict = this.dict(encrypt);
      const id = this.resolve(this.trailer.get('ID'));
      const first = Array.isArray(id) ? id[0] : undefined;
      if (!dict) throw new PdfSyntaxError('The PDF /Encrypt entry is not a dictionary.');
      const handler = PdfSecurity.open(dict, first instanceof PdfString ? first.bytes : new Uint8Array(0));
      this.security = { handler, encryptNum: encrypt instanceof PdfRef ? encrypt.num : null };
    }
    if (!(this.trailer.get('Root') instanceof PdfRef))
      throw new PdfSyntaxError('The PDF trailer has no /Root.');
    const size = this.trailer.get('Size');
    if (size !== undefined) this.budget.checkObjects(isCount(size) ? size : -1, 'The trailer /Size');
  }

  private parser(bytes: Uint8Array, offset: number, lengths = false): PdfParser {
    return new PdfParser(bytes, offset, lengths ? (ref) => this.lengthOf(ref) : undefined, this.budget);
  }

  private setEntry(num: number, entry: XrefEntry): void {
    if (!this.entries.has(num)) this.entries.set(num, entry);
  }

  private readSection(offset: number): { trailer: PdfDict; isStream: boolean } {
    const p = this.parser(this.bytes, offset);
    const save = p.pos;
    if (p.keyword() === 'xref') {
      const rows = this.readXrefTable(p, offset);
      const trailer = p.value();
      if (!(trailer instanceof PdfDict)) throw new PdfSyntaxError('The PDF trailer is not a dictionary.');
      // Hybrid files: the table's hidden companion stream lists the compressed objects.
      const xrefStm = trailer.get('XRefStm');
      if (isCount(xrefStm) && xrefStm !== offset) this.readXrefStream(xrefStm);
      for (const [num, entry] of rows) this.setEntry(num, entry);
      return { trailer, isStream: false };
    }
    p.pos = save;
    return { trailer: this.readXrefStream(offset), isStream: true };
  }

  private readXrefTable(p: PdfParser, offset: number): [number, XrefEntry][] {
    const damaged = () => new PdfSyntaxError(`Damaged cross-reference table at byte ${offset}`);
    const rows: [number, XrefEntry][] = [];
    for (;;) {
      const word = p.keyword();
      if (word === 'trailer') break;
      const start = Number(word);
      const count = Number(p.keyword());
      if (word === '' || !isCount(start) || !isCount(count)) throw damaged();
      this.budget.checkObjects(start + count, 'A cross-reference subsection ends at object');
      for (let i = 0; i < count; i++) {
        const off = p.keyword();
        const gen = p.keyword();
        const type = p.keyword();
        if (!/^\d+$/.test(off) || !/^\d+$/.test(gen) || (type !== 'n' && type !== 'f')) throw damaged();
        const entry: XrefEntry =
          type === 'n' ? { kind: 'offset', offset: Number(off), gen: Number(gen) } : { kind: 'free' };
        rows.push([start + i, entry]);
      }
    }
    return rows;
  }

  private readXrefStream(offset: number): PdfDict {
    const { value } = this.parser(this.bytes, offset).indirectObject();
    if (!(value instanceof PdfStream) || !isName(value.dict.get('Type'), 'XRef')) {
      throw new PdfSyntaxError(`No cross-reference section at byte ${offset}`);
    }
    const dict = value.dict;
    const w = dict.get('W');
    const size = dict.get('Size');
    if (!isCount(size)) throw new PdfSyntaxError('A cross-reference stream has no valid /Size.');
    this.budget.checkObjects(size, 'A cross-reference stream /Size');
    if (!Array.isArray(w) || w.length < 3 || !w.every((n) => isCount(n) && n <= 8)) {
      throw new PdfSyntaxError('A cross-reference stream has an invalid /W.');
    }
    const [w0, w1, w2] = w as [number, number, number];
    const rowLength = w0 + w1 + w2;
    const index = dict.get('Index') ?? [0, size];
    if (!Array.isArray(index) || index.length % 2 !== 0 || !index.every(isCount)) {
      throw new PdfSyntaxError('A cross-reference stream has an invalid /Index.');
    }
    const data = decodeStream(value, this.budget);
    const field = (at: number, width: number) => {
      let v = 0;
      for (let i = 0; i < width; i++) v = v * 256 + data[at + i]!;
      return v;
    };
    // Rows are read only as far as the data goes: a huge /Size or /Index costs nothing more.
    let at = 0;
    for (let s = 0; s + 1 < index.length && at + rowLength <= data.length; s += 2) {
      const [first, count] = [index[s] as number, index[s + 1] as number];
      this.budget.checkObjects(first + count, 'A cross-reference stream subsection ends at object');
      for (let i = 0; i < count && at + rowLength <= data.length && rowLength > 0; i++) {
        const type = w0 === 0 ? 1 : field(at, w0);
        const a = field(at + w0, w1);
        const b = field(at + w0 + w1, w2);
        at += rowLength;
        if (type === 1) this.setEntry(first + i, { kind: 'offset', offset: a, gen: b });
        else if (type === 2) this.setEntry(first + i, { kind: 'compressed', stream: a, index: b });
        else this.setEntry(first + i, { kind: 'free' });
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
    return Math.max(isCount(declared) ? declared : 0, highest + 1);
  }

  getObject(num: number): PdfValue {
    if (this.cache.has(num)) return this.cache.get(num)!;
    if (this.loading.has(num)) throw new PdfSyntaxError(`Object ${num} is defined through itself.`);
    if (this.loading.size >= MAX_CHAIN) {
      throw new PdfLimitError(`Reading object ${num} needs more than ${MAX_CHAIN} other objects first.`);
    }
    this.loading.add(num);
    try {
      const value = this.loadObject(num);
      this.cache.set(num, value);
      return value;
    } finally {
      this.loading.delete(num);
    }
  }

  private loadObject(num: number): PdfValue {
    const entry = this.entries.get(num);
    if (entry?.kind === 'offset') {
      if (entry.offset >= this.bytes.length) {
        throw new PdfSyntaxError(`Object ${num} lies past the end of the file.`);
      }
      const obj = this.parser(this.bytes, entry.offset, true).indirectObject();
      if (obj.num !== num) throw new PdfSyntaxError(`Object ${num} is not where the cross-reference says.`);
      // Objects inside object streams were decrypted with their stream; so was nothing else.
      const s = this.security;
      return s && num !== s.encryptNum ? s.handler.decryptObject(num, obj.gen, obj.value) : obj.value;
    }
    if (entry?.kind === 'compressed') {
      if (entry.stream === num) throw new PdfSyntaxError(`Object ${num} is inside itself.`);
      const os = this.objectStream(entry.stream);
      const offset = os.offsets.get(num);
      if (offset !== undefined && offset < os.data.length) return this.parser(os.data, offset).value();
    }
    return null;
  }

  /** Follows a reference (or returns a direct value as is). */
  resolve(value: PdfValue | undefined): PdfValue | undefined {
    return value instanceof PdfRef ? this.getObject(value.num) : value;
  }

  dict(value: PdfValue | undefined): PdfDict | undefined {
    const v = this.resolve(value);
    return v instanceof PdfDict ? v : v instanceof PdfStream ? v.dict : undefined;
  }

  /**
   * Reads every object the cross-reference lists (a full check of the file's structure). What it parses
   * is not kept (only objects read through getObject are), so the check costs little more than the file.
   */
  readAll(): number {
    let count = 0;
    for (const [num, entry] of this.entries) {
      if (entry.kind === 'free') continue;
      if (!this.cache.has(num)) this.check(num);
      count++;
    }
    return count;
  }

  private check(num: number): void {
    if (this.loading.has(num)) throw new PdfSyntaxError(`Object ${num} is defined through itself.`);
    this.loading.add(num);
    try {
      this.loadObject(num);
    } finally {
      this.loading.delete(num);
    }
  }

  /** An indirect /Length; one that is being read (a loop) or damaged counts as unknown. */
  private lengthOf(ref: PdfRef): number | undefined {
    if (this.loading.has(ref.num)) return undefined;
    try {
      const v = this.getObject(ref.num);
      return typeof v === 'number' ? v : undefined;
    } catch (err) {
      if (err instanceof PdfLimitError) throw err;
      return undefined;
    }
  }

  private objectStream(num: number): { data: Uint8Array; offsets: Map<number, number> } {
    const known = this.objectStreams.get(num);
    if (known) return known;
    const stream = this.getObject(num);
    if (!(stream instanceof PdfStream)) throw new PdfSyntaxError(`Object stream ${num} is missing.`);
    const n = stream.dict.get('N');
    const first = stream.dict.get('First');
    if (!isCount(n) || !isCount(first))
      throw new PdfSyntaxError(`Object stream ${num} has no valid /N or /First.`);
    this.budget.checkObjects(n, `Object stream ${num} /N`);
    const data = decodeStream(stream, this.budget);
    const header = this.parser(data, 0);
    const offsets = new Map<number, number>();
    for (let i = 0; i < n && header.pos < first; i++) {
      const objNum = header.value();
      const rel = header.value();
      if (isCount(objNum) && isCount(rel)) offsets.set(objNum, first + rel);
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
