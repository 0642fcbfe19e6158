import type { P } from '@sinetti/contract';
import type { Db } from '../../db/client.ts';
import type { AuthorizedScope } from '../../policies/index.ts';
import { matchingInOrder } from './search/matching.ts';
import { signatureAdmits } from './search/signature.ts';
import { likePattern, literal, prefixQuery } from './search/sql-text.ts';
import { bestOfTier, nearSpellings, organizationRows, textRows, tierWhere } from './search/tiers.ts';
import type { SearchInput, SearchResult } from './search/types.ts';

export type { SearchInput, SearchResult } from './search/types.ts';
export { prefixQuery } from './search/sql-text.ts';
export { FUZZY_TIME_LIMIT_MS, OLDER_TIME_LIMIT_MS, RANKED_CANDIDATES } from './search/tiers.ts';
export { RECENT_WINDOW } from './search/window.ts';

/** Whether a search is a list in one order that pages (not a text search ranked by relevance). */
export function isPaged(input: Pick<SearchInput, 'text' | 'orderBy'>): boolean {
  return input.text.trim() === '' || input.orderBy !== undefined;
}

/** The columns a list without text is ordered by (trusted names, never the caller's text). */
const RECENT_ORDER = { updated: 'updated_at', created: 'created_at', name: 'name' } as const;

/**
 * Text search, best first, in tiers: documents whose names or content have every word (as a prefix),
 * ranked by full-text rank (names weigh more), then the most recent; then, to fill the page, names that
 * contain the text inside a word (trigram index); when neither finds anything, names of a near spelling.
 * Each tier is one statement that ranks at most the RANKED_CANDIDATES newest of its matches (all of them
 * when fewer) (search/tiers.ts); for a restricted member the check that skips near spellings is part of
 * the substring tier's statement. With an explicit order, word and substring matches are ordered together by
 * it. Without text: the most recent documents (folders left out). A filter keeps one state (folders left
 * out). Answers the documents' stored summaries (presented documents, JSON text).
 */
export async function searchDocuments(
  db: Db,
  scope: AuthorizedScope<typeof P.DOCUMENTS_VIEW>,
  input: SearchInput,
): Promise<SearchResult> {
  const text = input.text.trim();
  const words = prefixQuery(text);
  const where = tierWhere(scope, input);
  if (text === '') {
    // Written per call: a generic plan with LIMIT as a parameter assumes a tenth of the rows are wanted
    // and sorted every document (recent 8 at 1M documents: 5 s); with the values the recency index gives
    // the page at once.
    const order = RECENT_ORDER[input.orderBy ?? 'updated'];
    const found = await textRows(
      db,
      `select summary_json from documents where ${where} and type <> 'folder'` +
        ` order by ${order} ${input.orderValue === 'ASC' ? 'asc' : 'desc'}, id asc` +
        ` limit ${Math.trunc(input.limit) + 1} offset ${Math.trunc(input.offset)}`,
    );
    return { documents: found.slice(0, input.limit), hasMore: found.length > input.limit };
  }
  const best = (documents: string[]): SearchResult => ({ documents, hasMore: false });
  if (input.orderBy) {
    const found = await matchingInOrder(db, scope, { ...input, orderBy: input.orderBy }, text, words);
    if (found.documents.length > 0 || input.offset > 0) return found;
    return best(await nearSpellings(db, where, text, input.limit));
  }
  const byWords = words ? `search_vector @@ to_tsquery('simple', ${literal(words)})` : null;
  // A word that matches documents the caller does not see is no misspelling: no near spellings then
  // (a restricted member pays about what the owner pays, issue #32 item 2). Asked in the last tier's
  // statement, when nothing was found before it.
  const hiddenMatch =
    byWords && !scope.seesAll ? `${organizationRows(scope.organizationId)} and ${byWords}` : null;
  const found = byWords
    ? (
        await bestOfTier(
          db,
          scope,
          where,
          {
            match: byWords,
            rank: `ts_rank(search_vector, ${tsquery(words)})`,
            admits: signatureAdmits(tsquery(words)),
          },
          input.limit,
        )
      ).documents
    : [];
  let hidden = false;
  if (found.length < input.limit) {
    // What the words tier found is not repeated.
    const byName = `name ilike ${literal(likePattern(text))}`;
    const match = byWords ? `${byName} and not (${byWords})` : byName;
    const rank = `similarity(name, ${literal(text)})`;
    const names = await bestOfTier(
      db,
      scope,
      where,
      { match, rank },
      input.limit - found.length,
      found.length === 0 ? hiddenMatch : null,
    );
    found.push(...names.documents);
    hidden = names.hidden;
  }
  if (found.length > 0 || hidden) return best(found);
  return best(await nearSpellings(db, where, text, input.limit));
}

function tsquery(words: string | null): string {
  return `to_tsquery('simple', ${literal(words ?? '')})`;
}
