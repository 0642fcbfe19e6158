import type { PdfDict } from '../syntax/objects.ts';
import { PdfReader } from '../syntax/reader.ts';

/**
 * Which objects a signature covers, and which its own incremental update wrote (verification/changes.ts): a
 * later signature's widget is part of it as the signature covers it; a field value's stamp only when the
 * update that added that signature wrote it (docs/decisions.md "Fields on the page").
 */

/**
 * The revision of the file that ends at `end` (null: unreadable); with `startXref`, the revision read from
 * the cross-reference section at that offset (the one before an update, as its /Prev names it).
 */
export type RevisionAt = (end: number, startXref?: number) => PdfReader | null;

/** A signature's revision (`signed`) and the one its update was appended to (`before`; null: none). */
export interface OwnUpdate {
  signed: PdfReader;
  before: PdfReader | null;
}

/**
 * The revision a signature `sig` covers (the file up to the end of its byte range) and the revision before
 * it: the same bytes read from the cross-reference section its /Prev names, so that what its own section
 * lists is exactly what its update wrote. Null when its byte range or either revision cannot be read: then
 * nothing counts as part of it but its own field.
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
  if (prev === undefined) return { signed, before: null };
  if (typeof prev !== 'number' || !Number.isSafeInteger(prev) || prev < 0 || prev >= end) return null;
  const before = revisionAt(end, prev);
  return before ? { signed, before } : null;
}

const entryOf = (reader: PdfReader | null, num: number) => JSON.stringify(reader?.entries.get(num) ?? null);

/** Whether the final file's object `num` is still the one the signature's revision has (and so covers). */
export function coveredBy(after: PdfReader, num: number, update: OwnUpdate): boolean {
  const entry = after.entries.get(num);
  if (!entry || entry.kind === 'free') return false;
  const same = (n: number) => entryOf(after, n) === entryOf(update.signed, n);
  // An object in an object stream is as signed only while that stream is too.
  return same(num) && (entry.kind !== 'compressed' || same(entry.stream));
}

/** Whether the final file's object `num` is the one the signature's own update wrote (first or anew). */
export function writtenBy(after: PdfReader, num: number, update: OwnUpdate): boolean {
  return coveredBy(after, num, update) && entryOf(update.before, num) !== entryOf(update.signed, num);
}

/** Revisions read from the final file's own bytes, for callers that keep none. */
export const readRevision =
  (after: PdfReader): RevisionAt =>
  (end, startXref) => {
    try {
      return new PdfReader(after.bytes.subarray(0, end), after.budget.limits, { decrypt: true, startXref });
    } catch {
      return null;
    }
  };
