import { PassThrough } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { describe, expect, it } from 'vitest';
import { docxWithBody } from './stand-in.ts';
import { TailKeeper, zipUploadRefusal } from './upload-check.ts';

const paragraph = '<w:p><w:r><w:t>Lorem ipsum dolor sit amet.</w:t></w:r></w:p>';
const docx = (repeat: number) => Buffer.from(docxWithBody(paragraph.repeat(repeat), { level: 9 }));
const limits = {
  entries: 10,
  entryBytes: 1024 * 1024,
  totalBytes: 2 * 1024 * 1024,
  ratio: 50,
  ratioFloorBytes: 64 * 1024,
  depth: 1,
};

/** Sets a field of every central directory entry (offset from the entry's signature). */
function patchCentral(zip: Buffer, offset: number, write: (b: Buffer, at: number) => void): Buffer {
  const out = Buffer.from(zip);
  for (let p = 0; p + 4 <= out.length; p++) if (out.readUInt32LE(p) === 0x02014b50) write(out, p + offset);
  return out;
}

describe('zipUploadRefusal (the central directory against the conversion limits)', () => {
  it('accepts an ordinary DOCX and what it cannot read (left to the job)', () => {
    const ok = docx(10);
    expect(zipUploadRefusal(ok, ok.length, limits)).toBeNull();
    expect(zipUploadRefusal(Buffer.from('PK\x03\x04 not really a zip'), 24, limits)).toBeNull();
  });

  it('refuses an entry, a total or a ratio past the limits, and ZIP64 sizes', () => {
    const big = docx(30_000); // about 1.7 MB of XML in a few KB
    expect(zipUploadRefusal(big, big.length, limits)).toMatchObject({ kind: 'TOO_LARGE' });
    expect(zipUploadRefusal(big, big.length, { ...limits, entryBytes: 4e6, totalBytes: 4e6 })).toMatchObject({
      kind: 'TOO_LARGE',
      message: expect.stringMatching(/times its size/),
    });
    const zip64 = patchCentral(docx(1), 24, (b, at) => b.writeUInt32LE(0xffffffff, at));
    expect(zipUploadRefusal(zip64, zip64.length, limits)?.message).toMatch(/ZIP64/);
  });

  it('refuses too many entries and encrypted entries', () => {
    const ok = docx(1);
    expect(zipUploadRefusal(ok, ok.length, { ...limits, entries: 2 })?.message).toMatch(
      /more than 2 entries/,
    );
    const locked = patchCentral(ok, 8, (b, at) => b.writeUInt16LE(b.readUInt16LE(at) | 1, at));
    expect(zipUploadRefusal(locked, locked.length, limits)).toMatchObject({ kind: 'ENCRYPTED' });
  });

  it('reads the central directory from the kept tail of a long upload', async () => {
    const big = docx(30_000);
    const keeper = new TailKeeper(4096);
    const sink = new PassThrough();
    sink.resume();
    const source = new PassThrough();
    const done = pipeline(source, keeper, sink);
    for (let i = 0; i < big.length; i += 1000) source.write(big.subarray(i, i + 1000));
    source.end();
    await done;
    expect(keeper.tail().equals(big.subarray(big.length - 4096))).toBe(true);
    expect(zipUploadRefusal(keeper.tail(), big.length, limits)).toMatchObject({ kind: 'TOO_LARGE' });
  });
});
