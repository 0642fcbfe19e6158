import { PdfSyntaxError, PdfLimitError } from './errors.ts';
import { PdfBudget } from './limits.ts';
import { PdfDict, PdfName, PdfRef, PdfStream, PdfString, type PdfValue } from './objects.ts';

export { PdfSyntaxError } from './errors.ts';

/** Each byte's class (§7.2.2): 1 white-space, 2 delimiter, 0 regular; a table, read per byte of the file. */
const CLASS = new Uint8Array(256);
for (const c of [0, 9, 10, 12, 13, 32]) CLASS[c] = 1;
for (const c of '()<>[]{}/%') CLASS[c.charCodeAt(0)] = 2;
const isSpace = (c: number) => CLASS[c] === 1;
const isDelimiter = (c: number) => CLASS[c] === 2;
/** A PDF number (§7.3.3): no exponents, hexadecimal or words such as "Infinity". */
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)$/;
const isDigit = (b: number) => b >= 48 && b <= 57;

/** Resolves an indirect /Length of a stream; the parser never needs anything else from outside. */
export type LengthResolver = (ref: PdfRef) => number | undefined;

/**
 * A cursor over the file's bytes (ISO 32000-1 §7.2–7.3); values it returns never copy stream data.
 * Total on any input: it returns a value or throws PdfSyntaxError, or PdfLimitError past the budget's
 * nesting depth or parse work (so deep nesting never overflows the stack).
 */
export class PdfParser {
  pos: number;
  private depth = 0;
  /** The same bytes as a Buffer, made once: tokens are decoded from it without a Buffer object each. */
  private readonly text: Buffer;
  constructor(
    readonly bytes: Uint8Array,
    pos = 0,
    private readonly resolveLength: LengthResolver = () => undefined,
    private readonly budget: PdfBudget = new PdfBudget(),
  ) {
    this.pos = pos;
    this.text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  }

  private fail(what: string): never {
    throw new PdfSyntaxError(`${what} at byte ${this.pos}`);
  }

  skipWhitespace(): void {
    const b = this.bytes;
    while (this.pos < b.length) {
      const c = b[this.pos]!;
      if (isSpace(c)) this.pos++;
      else if (c === 37 /* % */) {
        while (this.pos < b.length && b[this.pos] !== 10 && b[this.pos] !== 13) this.pos++;
      } else break;
    }
  }

  /** A run of regular characters (keyword or number). */
  private regular(): string {
    const start = this.pos;
    const b = this.bytes;
    while (this.pos < b.length && CLASS[b[this.pos]!] === 0) this.pos++;
    return this.text.toString('latin1', start, this.pos);
  }

  keyword(): string {
    this.skipWhitespace();
    return this.regular();
  }

  expectKeyword(word: string): void {
    const got = this.keyword();
    if (got !== word) this.fail(`Expected "${word}", found "${got}"`);
  }

  /** `num gen obj value endobj` at the cursor. */
  indirectObject(): { num: number; gen: number; value: PdfValue } {
    const num = Number(this.keyword());
    const gen = Number(this.keyword());
    if (!Number.isInteger(num) || !Number.isInteger(gen)) this.fail('Expected an object header');
    this.expectKeyword('obj');
    return { num, gen, value: this.value() };
  }

  value(): PdfValue {
    this.skipWhitespace();
    this.budget.spendToken();
    const b = this.bytes;
    const c = b[this.pos];
    if (c === undefined) this.fail('Unexpected end of file');
    if (c === 47 /* / */) return this.name();
    if (c === 40 /* ( */) return this.literalString();
    if (c === 91 /* [ */) return this.nested(() => this.array());
    if (c === 60 /* < */) {
      return b[this.pos + 1] === 60 ? this.nested(() => this.dictOrStream()) : this.hexString();
    }
    const word = this.regular();
    if (word === 'true') return true;
    if (word === 'false') return false;
    if (word === 'null') return null;
    if (!NUMBER.test(word)) this.fail(`Unexpected token "${word.slice(0, 40)}"`);
    const n = Number(word);
    if (!Number.isFinite(n)) this.fail('A number out of range');
    if (/^\d+$/.test(word)) return this.maybeRef(n);
    return n;
  }

  private nested<T>(read: () => T): T {
    if (++this.depth > this.budget.limits.maxDepth) {
      throw new PdfLimitError(
        `The PDF nests arrays or dictionaries deeper than ${this.budget.limits.maxDepth}.`,
      );
    }
    try {
      return read();
    } finally {
      this.depth--;
    }
  }

  private array(): PdfValue[] {
    this.pos++;
    const items: PdfValue[] = [];
    for (;;) {
      this.skipWhitespace();
      if (this.bytes[this.pos] === 93 /* ] */) break;
      items.push(this.value());
    }
    this.pos++;
    return items;
  }

  /** After an integer: `gen R` makes it a reference; otherwise the cursor stays after the integer. */
  private maybeRef(num: number): PdfValue {
    const save = this.pos;
    this.skipWhitespace();
    if (isDigit(this.bytes[this.pos] ?? 0)) {
      const gen = this.regular();
      this.skipWhitespace();
      if (/^\d+$/.test(gen) && this.bytes[this.pos] === 82 /* R */) {
        const after = this.bytes[this.pos + 1];
        if (after === undefined || isSpace(after) || isDelimiter(after)) {
          this.pos++;
          return new PdfRef(num, Number(gen));
        }
      }
    }
    this.pos = save;
    return num;
  }

  private name(): PdfName {
    this.pos++;
    const raw = this.regular();
    return new PdfName(
      raw.replace(/#([0-9a-fA-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
    );
  }

  private hexString(): PdfString {
    const end = this.bytes.indexOf(62 /* > */, this.pos);
    if (end < 0) this.fail('Unterminated hexadecimal string');
    const digits = this.text.toString('latin1', this.pos + 1, end).replace(/[^0-9a-fA-F]/g, '');
    this.pos = end + 1;
    return new PdfString(Buffer.from(digits.length % 2 ? `${digits}0` : digits, 'hex'));
  }

  private literalString(): PdfString {
    const b = this.bytes;
    const out: number[] = [];
    let depth = 0;
    this.pos++;
    const escapes: Record<number, number> = { 110: 10, 114: 13, 116: 9, 98: 8, 102: 12 };
    for (;;) {
      const c = b[this.pos++];
      if (c === undefined) this.fail('Unterminated string');
      if (c === 92 /* \ */) {
        const e = b[this.pos++]!;
        if (escapes[e] !== undefined) out.push(escapes[e]);
        else if (e >= 48 && e <= 55) {
          let v = e - 48;
          for (let i = 0; i < 2 && b[this.pos]! >= 48 && b[this.pos]! <= 55; i++)
            v = v * 8 + b[this.pos++]! - 48;
          out.push(v & 0xff);
        } else if (e === 13) {
          if (b[this.pos] === 10) this.pos++;
        } else if (e !== 10) out.push(e);
      } else if (c === 40) {
        depth++;
        out.push(c);
      } else if (c === 41) {
        if (depth === 0) break;
        depth--;
        out.push(c);
      } else out.push(c);
    }
    return new PdfString(Uint8Array.from(out));
  }

  private dictOrStream(): PdfDict | PdfStream {
    this.pos += 2;
    const dict = new PdfDict();
    for (;;) {
      this.skipWhitespace();
      if (this.bytes[this.pos] === 62 && this.bytes[this.pos + 1] === 62) break;
      const key = this.value();
      if (!(key instanceof PdfName)) this.fail('Expected a name as dictionary key');
      dict.set(key.name, this.value());
    }
    this.pos += 2;
    const save = this.pos;
    if (this.keyword() !== 'stream') {
      this.pos = save;
      return dict;
    }
    if (this.bytes[this.pos] === 13) this.pos++;
    if (this.bytes[this.pos] === 10) this.pos++;
    const start = this.pos;
    const end = this.streamEnd(dict);
    return new PdfStream(dict, this.bytes.subarray(start, end));
  }

  private streamEnd(dict: PdfDict): number {
    const length = dict.get('Length');
    const n = length instanceof PdfRef ? this.resolveLength(length) : length;
    if (typeof n === 'number' && n >= 0 && this.pos + n <= this.bytes.length) {
      const after = new PdfParser(this.bytes, this.pos + n);
      if (after.keyword() === 'endstream') {
        this.pos += n;
        return this.pos;
      }
    }
    // A missing or wrong /Length: the data ends before the next "endstream".
    const end = this.text.indexOf('endstream', this.pos);
    if (end < 0) this.fail('Stream without "endstream"');
    let stop = end;
    if (this.bytes[stop - 1] === 10) stop--;
    if (this.bytes[stop - 1] === 13) stop--;
    const start = this.pos;
    this.pos = end;
    return Math.max(start, stop);
  }
}
