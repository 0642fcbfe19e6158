import { DOCUMENT_TYPES, type P } from '@sinetti/contract';
import type { Db } from '../../db/client.ts';
import type { AuthorizedScope } from '../../policies/index.ts';
import { signatureAdmits, signatureKeys } from './search/signature.ts';
import { likePattern, literal, prefixQuery } from './search/sql-text.ts';
import { bestOfTier, nearSpellings, textRows, textRowsWithin, tierWhere } from './search/tiers.ts';
import type { SearchInput, SearchResult } from './search/types.ts';
import { organizationRows } from './search/window.ts';

export type { SearchInput, SearchResult } from './search/types.ts';
export { prefixQuery } from './search/sql-text.ts';
export { FUZZY_TIME_LIMIT_MS, OLDER_TIME_LIMIT_MS, RANKED_CANDIDATES } from './search/tiers.ts';
export { RECENT_WINDOW } from './search/window.ts';

/** Whether a search is a list in one order that pages (not a text search ranked by relevance). */
export function isPaged(input: Pick<SearchInput, 'text' | 'orderBy'>): boolean {
  return input.text.trim() === '' || input.orderBy !== undefined;
}

/** The columns a list or a search in an order is ordered by (trusted names, never the caller's text). */
const ORDER_COLUMNS = { updated: 'updated_at', created: 'created_at', name: 'name' } as const;

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
  if (text === '') return inOrder(db, `${where} and type <> 'folder'`, input, false);
  const best = (documents: string[]): SearchResult => ({ documents, hasMore: false });
  const admits = words ? signatureAdmits(await signatureKeys(db, words)) : 'true';
  if (input.orderBy) {
    const found = await inOrder(db, `${where} and ${matching(text, words, admits)}`, input, true);
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
            admits,
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

/** A text search in an order an index gives stops walking it after this long and sorts its matches instead. */
export const ORDERED_WALK_TIME_LIMIT_MS = 150;

/**
 * A page of the rows where `where` holds, in the order asked for (most recent first without one), and whether
 * another page follows. Written per call with its values, like the tiers: PostgreSQL then reads the page off
 * the index in that order (documents_recent_idx, documents_created_idx; the template library
 * documents_type_name_idx) when the rows are many, and matches a rare word off the words and names indexes
 * when they are few. (A generic plan, with the text and LIMIT as parameters, read and sorted every match: a
 * common word 1.3–1.9 s at 1M documents.) With text, a walk in index order assumes the matches are spread
 * through the order; when they are not (a word of old documents only, names that begin alike) it would read
 * most of the organization, so it stops at ORDERED_WALK_TIME_LIMIT_MS and the matches are read and sorted
 * instead. By name with text they are sorted from the start: names that match a word begin alike. By name
 * without text or type, each type's walk of documents_type_name_idx is merged (eachTypeByName).
 */
async function inOrder(db: Db, where: string, input: SearchInput, withText: boolean): Promise<SearchResult> {
  const column = ORDER_COLUMNS[input.orderBy ?? 'updated'];
  const direction = input.orderValue === 'ASC' ? 'asc' : 'desc';
  const rows = Math.trunc(input.limit) + 1;
  const offset = Math.trunc(input.offset);
  const page = (from: string, order: string) =>
    `select summary_json from ${from} order by ${order} ${direction}, id asc limit ${rows} offset ${offset}`;
  const statement = (sorted: boolean) =>
    page(`documents where ${where}`, sorted ? UNINDEXED[column] : column);
  let found: string[];
  if (column === 'name' && !withText && !input.type) {
    found = await textRows(db, page(eachTypeByName(where, direction, rows + offset), 'name'));
  } else {
    const walked =
      withText && column !== 'name'
        ? await textRowsWithin(db, statement(false), ORDERED_WALK_TIME_LIMIT_MS)
        : undefined;
    found = walked ?? (await textRows(db, statement(withText)));
  }
  return { documents: found.slice(0, input.limit), hasMore: found.length > input.limit };
}

/** The types a list holds (a list without text leaves folders out). */
const LISTED_TYPES = DOCUMENT_TYPES.filter((type) => type !== 'folder');

/**
 * A list by name of every type, as the first `count` rows of each type in name order (each a walk of
 * documents_type_name_idx), merged: no index gives the names of all types in order, and reading and sorting every
 * row cost 0.7–0.9 s for the owner at 1M documents and 4.5–6.1 s for a restricted member, who pays a visibility
 * check per row (docs/decisions.md "Lists and text searches in an order").
 */
function eachTypeByName(where: string, direction: 'asc' | 'desc', count: number): string {
  const branches = LISTED_TYPES.map(
    (type) =>
      `(select summary_json, name, id from documents where ${where} and type = ${literal(type)}` +
      ` order by name ${direction}, id asc limit ${count})`,
  );
  return `(${branches.join(' union all ')}) by_type`;
}

/** The same order as each column's, in an expression no index gives (so that PostgreSQL sorts the matches). */
const UNINDEXED = {
  updated_at: `updated_at + interval '0 s'`,
  created_at: `created_at + interval '0 s'`,
  name: `name || ''`,
} as const;

/**
 * A match in an order the caller chose: every word as a prefix in the name or the text (the word signature
 * tested before the vector, in this order: PostgreSQL keeps the order of an OR's branch), or the text inside
 * the name.
 */
function matching(text: string, words: string | null, admits: string): string {
  const byName = `name ilike ${literal(likePattern(text))}`;
  if (!words) return byName;
  return `((${admits} and search_vector @@ ${tsquery(words)}) or ${byName})`;
}

function tsquery(words: string | null): string {
  return `to_tsquery('simple', ${literal(words ?? '')})`;
}
