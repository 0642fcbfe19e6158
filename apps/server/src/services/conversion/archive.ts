import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { ConversionFailedError, ConversionTooLargeError } from './errors.ts';

const inflateRaw = promisify(zlib.inflateRaw);

/**
 * What a ZIP container (OOXML, ODF, EPUB) may expand to before a converter sees it. A DOCX's text rarely
 * passes a few MiB of XML; the 82 KB file held 20 MiB.
 */
export interface ArchiveLimits {
  /** Entries in one archive (nested ones included). */
  entries: number;
  /** Bytes of one entry once inflated. */
  entryBytes: number;
  /** Bytes of all entries once inflated, nested archives included. */
  totalBytes: number;
  /** Inflated bytes per stored byte, over the whole file, once more than `ratioFloorBytes` are inflated. */
  ratio: number;
  ratioFloorBytes: number;
  /** Archives inside archives (an embedded spreadsheet in a DOCX is one level). */
  depth: number;
}

export const ARCHIVE_LIMITS: ArchiveLimits = {
  entries: 5_000,
  entryBytes: 16 * 1024 * 1024,
  totalBytes: 200 * 1024 * 1024,
  ratio: 100,
  ratioFloorBytes: 8 * 1024 * 1024,
  depth: 2,
};

interface Entry {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

/** The central directory, which is what LibreOffice reads (not the local headers in file order). */
function centralDirectory(zip: Buffer, limits: ArchiveLimits): Entry[] {
  const unreadable = (why: string) => new ConversionFailedError(`The archive cannot be read: ${why}`);
  let eocd = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 0xffff); i--) {
    if (zip.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw unreadable('no end of central directory');
  const count = zip.readUInt16LE(eocd + 10);
  const offset = zip.readUInt32LE(eocd + 16);
  if (count === 0xffff || offset === 0xffffffff)
    throw new ConversionTooLargeError('ZIP64 archives are refused.');
  if (count > limits.entries)
    throw new ConversionTooLargeError(`The archive has more than ${limits.entries} entries.`);
  const entries: Entry[] = [];
  let p = offset;
  for (let i = 0; i < count; i++) {
    if (p + 46 > zip.length || zip.readUInt32LE(p) !== CENTRAL) throw unreadable('broken central directory');
    const nameLength = zip.readUInt16LE(p + 28);
    const entry: Entry = {
      method: zip.readUInt16LE(p + 10),
      compressedSize: zip.readUInt32LE(p + 20),
      size: zip.readUInt32LE(p + 24),
      localOffset: zip.readUInt32LE(p + 42),
      name: zip.toString('utf8', p + 46, p + 46 + nameLength),
    };
    if (entry.compressedSize === 0xffffffff || entry.localOffset === 0xffffffff) {
      throw new ConversionTooLargeError('ZIP64 archives are refused.');
    }
    entries.push(entry);
    p += 46 + nameLength + zip.readUInt16LE(p + 30) + zip.readUInt16LE(p + 32);
  }
  return entries;
}

/** The stored bytes of an entry, found through its local header. */
function storedBytes(zip: Buffer, e: Entry): Buffer {
  const p = e.localOffset;
  if (p + 30 > zip.length || zip.readUInt32LE(p) !== LOCAL) {
    throw new ConversionFailedError(`The archive cannot be read: entry ${e.name} has no local header`);
  }
  const start = p + 30 + zip.readUInt16LE(p + 26) + zip.readUInt16LE(p + 28);
  if (start + e.compressedSize > zip.length) {
    throw new ConversionFailedError(`The archive cannot be read: entry ${e.name} is cut short`);
  }
  return zip.subarray(start, start + e.compressedSize);
}

interface Budget {
  entries: number;
  inflated: number;
  /** Bytes of the outermost file (the ratio's denominator). */
  fileBytes: number;
}

async function walk(
  zip: Buffer,
  limits: ArchiveLimits,
  budget: Budget,
  depth: number,
  keep: ((name: string) => boolean) | undefined,
  out: Map<string, Buffer>,
): Promise<void> {
  const entries = centralDirectory(zip, limits);
  budget.entries += entries.length;
  if (budget.entries > limits.entries) {
    throw new ConversionTooLargeError(`The archive has more than ${limits.entries} entries.`);
  }
  for (const e of entries) {
    if (e.name.endsWith('/')) continue;
    const stored = storedBytes(zip, e);
    const allowance = Math.min(limits.entryBytes, limits.totalBytes - budget.inflated);
    let data: Buffer;
    if (e.method === 0) {
      data = stored;
    } else if (e.method === 8) {
      // Inflated in libuv's thread pool, never past the allowance: the sizes the archive states are
      // not trusted (a bomb states small ones), the bytes that actually come out are counted.
      data = await inflateRaw(stored, { maxOutputLength: Math.max(1, allowance + 1) }).catch(
        (err: unknown) => {
          if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' || err instanceof RangeError) {
            throw new ConversionTooLargeError(`The entry ${e.name} expands to more than ${allowance} bytes.`);
          }
          throw new ConversionFailedError(`The archive cannot be read: entry ${e.name} is corrupt`);
        },
      );
    } else {
      throw new ConversionFailedError(`The archive cannot be read: entry ${e.name} uses method ${e.method}`);
    }
    if (data.length > allowance) {
      throw new ConversionTooLargeError(`The entry ${e.name} expands to more than ${allowance} bytes.`);
    }
    budget.inflated += data.length;
    if (budget.inflated > limits.ratioFloorBytes && budget.inflated > limits.ratio * budget.fileBytes) {
      throw new ConversionTooLargeError(
        `The archive expands more than ${limits.ratio} times its size (${budget.inflated} bytes so far).`,
      );
    }
    if (data.length >= 4 && data.readUInt32LE(0) === LOCAL) {
      if (depth >= limits.depth) throw new ConversionTooLargeError('The archive nests archives too deeply.');
      await walk(data, limits, budget, depth + 1, undefined, new Map());
    }
    if (depth === 0 && keep?.(e.name)) out.set(e.name, data);
  }
}

/**
 * Inflates every entry of a ZIP container the way a reader of its central directory would (overlapping
 * entries count each time), counting the real output against `limits`, nested archives included, and
 * returns the top-level entries `keep` asks for. ConversionTooLargeError past a limit;
 * ConversionFailedError when it is not a readable archive.
 */
export async function readArchive(
  zip: Buffer,
  limits: ArchiveLimits = ARCHIVE_LIMITS,
  keep?: (name: string) => boolean,
): Promise<Map<string, Buffer>> {
  const out = new Map<string, Buffer>();
  await walk(zip, limits, { entries: 0, inflated: 0, fileBytes: zip.length }, 0, keep, out);
  return out;
}

/** Whether a file starts like a ZIP container. */
export const isZip = (head: Buffer) => head.length >= 4 && head.readUInt32LE(0) === LOCAL;
