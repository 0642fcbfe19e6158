import { describe, expect, it } from 'vitest';
import { GrowingPdf } from '../src/services/pdf/growing-pdf.ts';

const bytes = (s: string) => Buffer.from(s, 'latin1');

describe('GrowingPdf (updates appended in place, issue 11 memory goals)', () => {
  it('copies a plain buffer once into shared memory and appends updates after it', () => {
    const input = bytes('%PDF-1.7 body');
    const file = GrowingPdf.of(input);
    expect(file.bytes.buffer).toBeInstanceOf(SharedArrayBuffer);
    file.append(bytes(' update1')).write('U', 1, 'latin1');
    expect(file.bytes.toString('latin1')).toBe('%PDF-1.7 body Update1');
    expect(input.toString('latin1')).toBe('%PDF-1.7 body');
  });

  it('extends the newest version in place instead of copying it', () => {
    const first = GrowingPdf.of(bytes('base')).bytes;
    const again = GrowingPdf.of(first);
    again.append(bytes('+more'));
    expect(again.bytes.buffer).toBe(first.buffer);
    expect(again.bytes.toString('latin1')).toBe('base+more');
    expect(first.toString('latin1')).toBe('base');
  });

  it('copies an older version rather than overwrite what was appended after it', () => {
    const base = GrowingPdf.of(bytes('base')).bytes;
    const a = GrowingPdf.of(base);
    const b = GrowingPdf.of(base);
    a.append(bytes('+a'));
    b.append(bytes('+b'));
    expect(a.bytes.toString('latin1')).toBe('base+a');
    expect(b.bytes.toString('latin1')).toBe('base+b');
    expect(b.bytes.buffer).not.toBe(a.bytes.buffer);
    // A view of a version that is no longer the newest is copied too.
    expect(GrowingPdf.of(base).bytes.buffer).not.toBe(a.bytes.buffer);
  });

  it('reads a stored file chunk by chunk into shared memory that the next step extends in place', async () => {
    async function* chunks() {
      for (const part of ['%PDF-1.7 ', 'body ', 'end']) yield bytes(part);
    }
    // A reservation of 4 bytes: the file outgrows it and moves once, its bytes intact.
    for (const reserve of [undefined, 4]) {
      const read = (await GrowingPdf.read(chunks(), reserve)).bytes;
      expect(read.buffer).toBeInstanceOf(SharedArrayBuffer);
      expect(read.toString('latin1')).toBe('%PDF-1.7 body end');
      const next = GrowingPdf.of(read);
      next.append(bytes('+sig'));
      expect(next.bytes.buffer).toBe(read.buffer);
      expect(next.bytes.toString('latin1')).toBe('%PDF-1.7 body end+sig');
    }
  });
});
