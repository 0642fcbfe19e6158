import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { makeDocx, makeDocxBomb } from '../../../test/fixtures/office.ts';
import { ARCHIVE_LIMITS, readArchive } from './archive.ts';
import { ConversionFailedError, ConversionTooLargeError } from './errors.ts';

/** Rewrites every stated uncompressed size in the central directory (a bomb lies about them). */
function lieAboutSizes(zip: Buffer, size: number): Buffer {
  const out = Buffer.from(zip);
  for (let p = 0; p + 46 <= out.length; p++) {
    if (out.readUInt32LE(p) === 0x02014b50) out.writeUInt32LE(size, p + 24);
  }
  return out;
}

describe('readArchive', () => {
  it('reads an ordinary DOCX and returns the entries asked for', async () => {
    const docx = makeDocx('<w:p><w:r><w:t>Hello</w:t></w:r></w:p>');
    const entries = await readArchive(docx, ARCHIVE_LIMITS, (n) => n === 'word/document.xml');
    expect([...entries.keys()]).toEqual(['word/document.xml']);
    expect(entries.get('word/document.xml')?.toString()).toContain('Hello');
  });

  it('refuses a ~100 KB DOCX whose XML expands to 21 MiB, whatever sizes it states', async () => {
    const bomb = makeDocxBomb(21);
    expect(bomb.length).toBeLessThan(200 * 1024);
    await expect(readArchive(bomb)).rejects.toBeInstanceOf(ConversionTooLargeError);
    await expect(readArchive(lieAboutSizes(bomb, 1000))).rejects.toBeInstanceOf(ConversionTooLargeError);
  });

  it('refuses archives past the total, ratio, entry-count and nesting limits', async () => {
    const limits = {
      ...ARCHIVE_LIMITS,
      entryBytes: 1024 * 1024,
      totalBytes: 3 * 1024 * 1024,
      ratioFloorBytes: 0,
    };
    const part = () => new Uint8Array(900 * 1024).fill(65);
    const many = Buffer.from(zipSync({ a: part(), b: part(), c: part(), d: part() }));
    await expect(readArchive(many, { ...limits, ratio: 1e9 })).rejects.toThrow(/expands to more than/);
    await expect(readArchive(many, limits)).rejects.toThrow(/times its size/);
    const files = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`f${i}`, strToU8('x')]));
    await expect(
      readArchive(Buffer.from(zipSync(files)), { ...ARCHIVE_LIMITS, entries: 20 }),
    ).rejects.toThrow(/more than 20 entries/);
    const inner = zipSync({ 'x.xml': strToU8('<x/>') });
    const nested = Buffer.from(zipSync({ 'a.zip': zipSync({ 'b.zip': zipSync({ 'c.zip': inner }) }) }));
    await expect(readArchive(nested)).rejects.toThrow(/nests archives too deeply/);
    await expect(readArchive(Buffer.from(zipSync({ 'a.zip': inner })))).resolves.toBeDefined();
  });

  it('counts overlapping entries each time (a central directory pointing twice at one kernel)', async () => {
    const kernel = new Uint8Array(5 * 1024 * 1024).fill(66);
    const zip = Buffer.from(zipSync({ k: kernel }, { level: 9 }));
    // A second central-directory entry for the same local header: readers inflate it twice.
    const cdStart = zip.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    const cd = zip.subarray(cdStart, eocd);
    const tail = Buffer.from(zip.subarray(eocd));
    tail.writeUInt16LE(2, 8);
    tail.writeUInt16LE(2, 10);
    tail.writeUInt32LE(cd.length * 2, 12);
    const doubled = Buffer.concat([zip.subarray(0, eocd), cd, tail]);
    const limits = { ...ARCHIVE_LIMITS, totalBytes: 8 * 1024 * 1024, ratio: 1e9 };
    await expect(readArchive(zip, limits)).resolves.toBeDefined();
    await expect(readArchive(doubled, limits)).rejects.toBeInstanceOf(ConversionTooLargeError);
  });

  it('says a file that is no archive cannot be read', async () => {
    const err = await readArchive(Buffer.from('PK\x03\x04 not really')).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConversionFailedError);
    expect(err).not.toBeInstanceOf(ConversionTooLargeError);
  });
});
