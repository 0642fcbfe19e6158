// The word signature's test (migration 0050; docs/decisions.md "Word signatures before the vectors").

/**
 * Whether a row's word signature may hold every word of `tsquery` (SQL over an unaliased documents row; the
 * query as SQL, e.g. `to_tsquery('simple', 'invoice:*')`): true for a row without one. A row it rules out
 * cannot match the query; one it admits may not (two keys may share a bit), so the vector is tested after it.
 * The mask is computed once, when the statement is planned (an immutable function of a constant).
 */
export function signatureAdmits(tsquery: string): string {
  return `search_signature_admits(search_signature, search_query_mask(${tsquery}))`;
}
