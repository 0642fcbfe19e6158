// The word signature's test (migrations 0050 and 0052; docs/decisions.md "Word signatures before the vectors").
import type { Db } from '../../../db/client.ts';
import { rawTextRows } from '../../../db/raw-rows.ts';
import { literal } from './sql-text.ts';

/** A signature's bits: 4,096 (migration 0050's `bit(4096)`). */
const SIGNATURE_BITS = 4096;
const KNOWN_MAX = 10_000;
const known = new Map<string, Promise<readonly number[]>>();

/**
 * The bits every signature of a match of `words` (a to_tsquery text of the 'simple' configuration) has, as
 * positions: search_query_keys() in the database, the one definition of a query's keys, read once per process
 * for each query's words (an immutable function of them). A reading that failed is not kept.
 */
export function signatureKeys(db: Db, words: string): Promise<readonly number[]> {
  const kept = known.get(words);
  if (kept) return kept;
  const reading = readKeys(db, words);
  if (known.size >= KNOWN_MAX) known.clear();
  known.set(words, reading);
  reading.catch(() => known.delete(words));
  return reading;
}

async function readKeys(db: Db, words: string): Promise<readonly number[]> {
  const [row] = await rawTextRows(
    db,
    `select array_to_string(search_query_keys(to_tsquery('simple', ${literal(words)})), ',')`,
  );
  const text = String(row?.[0] ?? '');
  return text === '' ? [] : text.split(',').map(Number);
}

/**
 * Whether a row's word signature may hold every key of `keys` (SQL over an unaliased documents row): each key's
 * bit read from the row, which neither allocates nor compares the 4,096 bits; true for a row without a
 * signature, and for no keys. A row it rules out cannot match the query; one it admits may not (two keys may
 * share a bit), so the vector is tested after it.
 */
export function signatureAdmits(keys: readonly number[]): string {
  if (keys.length === 0) return 'true';
  for (const key of keys) {
    if (!Number.isInteger(key) || key < 0 || key >= SIGNATURE_BITS)
      throw new Error(`Not a signature bit: ${key}`);
  }
  const bits = keys.map((key) => `get_bit(search_signature, ${key}) = 1`).join(' and ');
  return `(search_signature is null or (${bits}))`;
}
