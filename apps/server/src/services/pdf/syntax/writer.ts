import { randomBytes } from 'node:crypto';
import { PdfError } from './errors.ts';
import { PdfDict, PdfRef, PdfString, name, serialize, type PdfValue } from './objects.ts';
import type { PdfReader } from './reader.ts';

/** An object body already in PDF syntax (one char per byte), e.g. a stream or a hand-laid dictionary. */
export interface RawBody {
  raw: string;
}

/**
 * The highest object number written: MuPDF (and with it every viewer built on it) ignores objects past
 * 2^23 - 1, so a signature there would not be seen.
 */
export const MAX_OBJECT_NUMBER = 8_388_607;

/**
 * Collects the objects of one incremental update (ISO 32000-1 §7.5.6) and writes them after the
 * original bytes, which stay untouched: new objects get fresh numbers, changed ones keep theirs.
 * The cross-reference section has the same form as the file's newest one (table or stream).
 */
export class IncrementalUpdate {
  private nextNum: number;
  private readonly objects = new Map<number, { gen: number; body: PdfValue | RawBody }>();

  constructor(private readonly reader: PdfReader) {
    this.nextNum = reader.size;
  }

  /** Reserves a number for a new object (its body is set later with `set`). */
  allocate(): PdfRef {
    if (this.nextNum >= MAX_OBJECT_NUMBER) {
      throw new PdfError('PDF_TOO_COMPLEX', `The PDF has no object numbers left below ${MAX_OBJECT_NUMBER}.`);
    }
    return new PdfRef(this.nextNum++, 0);
  }

  add(body: PdfValue | RawBody): PdfRef {
    const ref = this.allocate();
    this.set(ref, body);
    return ref;
  }

  set(ref: PdfRef, body: PdfValue | RawBody): void {
    this.objects.set(ref.num, { gen: ref.gen, body });
  }

  /** Replaces an existing object by a changed copy. */
  replace(num: number, body: PdfValue): void {
    this.objects.set(num, { gen: this.reader.generationOf(num), body });
  }

  /**
   * The update as a "binary string" (one char per byte), to append to the original file; offsets in
   * its cross-reference section count from the start of the original file.
   */
  write(): string {
    const base = this.reader.bytes.length;
    const last = this.reader.bytes[base - 1];
    let out = last === 10 || last === 13 ? '' : '\n';
    const offsets = new Map<number, { offset: number; gen: number }>();
    const nums = [...this.objects.keys()].sort((a, b) => a - b);
    for (const num of nums) {
      const { gen, body } = this.objects.get(num)!;
      offsets.set(num, { offset: base + out.length, gen });
      const text = typeof body === 'object' && body !== null && 'raw' in body ? body.raw : serialize(body);
      out += `${num} ${gen} obj\n${text}\nendobj\n`;
    }
    const trailer = this.trailer();
    const xrefOffset = base + out.length;
    if (this.reader.usesXrefStream) {
      const streamNum = this.allocate().num;
      offsets.set(streamNum, { offset: xrefOffset, gen: 0 });
      out += xrefStream(streamNum, offsets, trailer.set('Size', this.nextNum), xrefOffset);
    } else {
      out += `${xrefTable(offsets)}trailer\n${serialize(trailer.set('Size', this.nextNum))}\n`;
    }
    return `${out}startxref\n${xrefOffset}\n%%EOF\n`;
  }

  private trailer(): PdfDict {
    const old = this.reader.trailer;
    const trailer = new PdfDict([
      ['Root', old.get('Root') ?? null],
      ['Prev', this.reader.lastXrefOffset],
    ]);
    const info = old.get('Info');
    if (info !== undefined) trailer.set('Info', info);
    const id = old.get('ID');
    const first = Array.isArray(id) && id[0] instanceof PdfString ? id[0] : new PdfString(randomBytes(16));
    trailer.set('ID', [first, new PdfString(randomBytes(16))]);
    return trailer;
  }
}

/** Consecutive runs of object numbers: the subsections of a cross-reference section. */
function runs(nums: number[]): [number, number[]][] {
  const result: [number, number[]][] = [];
  for (const n of [...nums].sort((a, b) => a - b)) {
    const current = result[result.length - 1];
    if (current && current[0] + current[1].length === n) current[1].push(n);
    else result.push([n, [n]]);
  }
  return result;
}

function xrefTable(offsets: Map<number, { offset: number; gen: number }>): string {
  let out = 'xref\n';
  for (const [start, nums] of runs([...offsets.keys()])) {
    out += `${start} ${nums.length}\n`;
    for (const n of nums) {
      const { offset, gen } = offsets.get(n)!;
      out += `${String(offset).padStart(10, '0')} ${String(gen).padStart(5, '0')} n\r\n`;
    }
  }
  return out;
}

function xrefStream(
  num: number,
  offsets: Map<number, { offset: number; gen: number }>,
  trailer: PdfDict,
  maxOffset: number,
): string {
  const width = Math.max(4, Math.ceil(Math.log2(maxOffset + 1) / 8));
  const index: number[] = [];
  const rows: number[] = [];
  for (const [start, nums] of runs([...offsets.keys()])) {
    index.push(start, nums.length);
    for (const n of nums) {
      const { offset, gen } = offsets.get(n)!;
      rows.push(1);
      for (let i = width - 1; i >= 0; i--) rows.push(Math.floor(offset / 256 ** i) % 256);
      rows.push((gen >> 8) & 0xff, gen & 0xff);
    }
  }
  const dict = trailer
    .set('Type', name('XRef'))
    .set('W', [1, width, 2])
    .set('Index', index)
    .set('Length', rows.length);
  const data = Buffer.from(rows).toString('latin1');
  return `${num} 0 obj\n${serialize(dict)}\nstream\n${data}\nendstream\nendobj\n`;
}
