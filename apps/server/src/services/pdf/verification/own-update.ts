import type { PdfDict } from '../syntax/objects.ts';
import { PdfReader } from '../syntax/reader.ts';

/**
 * Which incremental update wrote an object (verification/changes.ts): a field value's stamp is part of a
 * signature only when the update that added that signature wrote it (docs/decisions.md "Fields on the page").
 */

/** The revision of the file that ends at `end` (null: unreadable). */
export type RevisionAt = (end: number) => PdfReader | null;

/** Where the incremental update that added a signature lies in the file: its bytes from `start` to `end`. */
export interface OwnUpdate {
  start: number;
  end: number;
}

/**
 * The bytes of the update that added the signature `sig`: from the end of the revision before it (the
 * %%EOF after the cross-reference section its /Prev names) to the end of its byte range. Null when its
 * byte range or revision cannot be read: nothing then counts as part of it but its own field.
 */
export function ownUpdate(
  after: PdfReader,
  sig: PdfDict | undefined,
  revisionAt: RevisionAt,
): OwnUpdate | null {
  const range = after.resolve(sig?.get('ByteRange'));
  if (!Array.isArray(range) || range.length !== 4) return null;
  const [, , c, d] = range;
  if (typeof c !== 'number' || typeof d !== 'number') return null;
  const end = c + d;
  if (!Number.isSafeInteger(end) || end <= 0 || end > after.bytes.length) return null;
  const signed = revisionAt(end);
  if (!signed) return null;
  const prev = signed.trailer.get('Prev');
  if (prev === undefined) return { start: 0, end };
  if (typeof prev !== 'number' || !Number.isSafeInteger(prev) || prev < 0 || prev >= end) return null;
  const eof = Buffer.from(after.bytes.buffer, after.bytes.byteOffset, end).indexOf('%%EOF', prev, 'latin1');
  return eof < 0 ? null : { start: eof + 5, end };
}

/** Whether the final file's object `num` is the one written in `update` (itself or its object stream). */
export function writtenIn(after: PdfReader, num: number, update: OwnUpdate): boolean {
  let entry = after.entries.get(num);
  if (entry?.kind === 'compressed') entry = after.entries.get(entry.stream);
  return entry?.kind === 'offset' && entry.offset >= update.start && entry.offset < update.end;
}

/** Revisions read from the final file's own bytes, for callers that keep none. */
export const readRevision =
  (after: PdfReader): RevisionAt =>
  (end) => {
    try {
      return new PdfReader(after.bytes.subarray(0, end));
    } catch {
      return null;
    }
  };
