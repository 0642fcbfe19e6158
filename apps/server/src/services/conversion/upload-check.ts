import { Transform, type TransformCallback } from 'node:stream';
import { ARCHIVE_LIMITS, type ArchiveLimits } from './archive.ts';

/** ZIP-based formats LibreOffice converts (OOXML, ODF, EPUB): their central directory is read on upload. */
const ZIP_FORMATS = new Set([
  'docx',
  'dotx',
  'xlsx',
  'pptx',
  'pptm',
  'ppsx',
  'ppsxm',
  'potx',
  'potm',
  'odt',
  'ods',
  'odp',
  'epub',
]);

export const checksZipOnUpload = (extension: string) => ZIP_FORMATS.has(extension);

const OLE2 = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
/** Whether a file starts like an OLE2 compound file (where Office puts an encrypted OOXML package). */
export const isOle2 = (head: Buffer) => head.length >= 8 && head.subarray(0, 8).equals(OLE2);

/**
 * Bytes kept from the end of an upload: the end-of-central-directory record (with its comment of up to
 * 64 KiB) and a central directory of 1 MiB, far more than an office file's few hundred entries need.
 */
export const TAIL_BYTES = 1024 * 1024 + 22 + 0xffff;

/** Passes a stream through unchanged, keeping its last `bytes` bytes. */
export class TailKeeper extends Transform {
  private chunks: Buffer[] = [];
  private length = 0;
  constructor(private readonly bytes = TAIL_BYTES) {
    super();
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    this.chunks.push(chunk);
    this.length += chunk.length;
    while (this.chunks.length > 1 && this.length - this.chunks[0]!.length >= this.bytes) {
      this.length -= this.chunks.shift()!.length;
    }
    done(null, chunk);
  }

  tail(): Buffer {
    const all = Buffer.concat(this.chunks);
    return all.subarray(Math.max(0, all.length - this.bytes));
  }
}

export interface UploadRefusal {
  /** TOO_LARGE: it states it expands past the conversion limits; ENCRYPTED: it needs a password. */
  kind: 'TOO_LARGE' | 'ENCRYPTED';
  message: string;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;

/**
 * What an uploaded ZIP container's central directory (read from the last bytes of the file) states about
 * itself, judged against the conversion limits before any job or converter slot is spent on it: more
 * entries than allowed, an entry or a total that would inflate past the limits, a compression ratio past
 * the limit, ZIP64 sizes, or entries encrypted with a password. What cannot be read here (no end record in
 * the tail, a directory that does not fit) is left to the conversion job, which inflates the real bytes
 * within the same limits (archive.ts) before LibreOffice may see them: sizes a bomb states can lie.
 */
export function zipUploadRefusal(
  tail: Buffer,
  fileBytes: number,
  limits: ArchiveLimits = ARCHIVE_LIMITS,
): UploadRefusal | null {
  let eocd = -1;
  for (let i = tail.length - 22; i >= Math.max(0, tail.length - 22 - 0xffff); i--) {
    if (tail.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return null;
  const tooLarge = (message: string): UploadRefusal => ({ kind: 'TOO_LARGE', message });
  const count = tail.readUInt16LE(eocd + 10);
  const offset = tail.readUInt32LE(eocd + 16);
  if (count === 0xffff || offset === 0xffffffff) return tooLarge('ZIP64 archives are refused.');
  if (count > limits.entries) return tooLarge(`The archive has more than ${limits.entries} entries.`);
  let p = offset - (fileBytes - tail.length);
  if (p < 0) return null;
  let total = 0;
  for (let i = 0; i < count; i++) {
    if (p + 46 > tail.length || tail.readUInt32LE(p) !== CENTRAL) return null;
    const flags = tail.readUInt16LE(p + 8);
    const compressed = tail.readUInt32LE(p + 20);
    const size = tail.readUInt32LE(p + 24);
    const nameLength = tail.readUInt16LE(p + 28);
    const name = tail.toString('utf8', p + 46, p + 46 + nameLength);
    if (flags & 1) return { kind: 'ENCRYPTED', message: `The entry ${name} is encrypted.` };
    if (size === 0xffffffff || compressed === 0xffffffff) return tooLarge('ZIP64 archives are refused.');
    if (size > limits.entryBytes) {
      return tooLarge(`The entry ${name} expands to more than ${limits.entryBytes} bytes.`);
    }
    total += size;
    if (total > limits.totalBytes)
      return tooLarge(`The archive expands to more than ${limits.totalBytes} bytes.`);
    p += 46 + nameLength + tail.readUInt16LE(p + 30) + tail.readUInt16LE(p + 32);
  }
  if (total > limits.ratioFloorBytes && total > limits.ratio * fileBytes) {
    return tooLarge(`The archive expands more than ${limits.ratio} times its size (${total} bytes).`);
  }
  return null;
}
