import { DOCUMENT_FILTERS, type DocumentFilter, type DocumentType, type P } from '@sinetti/contract';
import { and, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { preparedPerDatabase } from '../../db/prepared.ts';
import { documents } from '../../db/schema/index.ts';
import { rawStatement, type RawStatement } from '../../db/raw-rows.ts';
import type { AuthorizedScope } from '../../policies/index.ts';
import { seenByCaller, seeValues, visible } from './columns.ts';

export interface SearchInput {
  text: string;
  filter?: DocumentFilter | undefined;
  /** Only documents of this type (the template library lists `template`). */
  type?: DocumentType | undefined;
  orderBy?: 'updated' | 'created' | 'name' | undefined;
  orderValue?: 'ASC' | 'DESC' | undefined;
  limit: number;
  /** Rows to skip: only for lists in one order (empty text, or an orderBy); see isPaged(). */
  offset: number;
}

export interface SearchResult {
  /** Stored summaries (presented documents, JSON text), in order. */
  documents: string[];
  hasMore: boolean;
}

/** Whether a search is a list in one order that pages (not a text search ranked by relevance). */
export function isPaged(input: Pick<SearchInput, 'text' | 'orderBy'>): boolean {
  return input.text.trim() === '' || input.orderBy !== undefined;
}

/** Words of the search text as a prefix query for to_tsquery ('kaup:* & sopim:*'), or null without words. */
export function prefixQuery(text: string): string | null {
  const words =
    text
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu)
      ?.slice(0, 8) ?? [];
  return words.length > 0 ? words.map((w) => `${w}:*`).join(' & ') : null;
}

function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const ORDER_COLUMNS = { updated: documents.updatedAt, created: documents.createdAt, name: documents.name };

/**
 * The kinds of search: recent (no text); words (each word a prefix, in names and content); substring (inside
 * names, for the parts of compound words: "sopimus" in "Vuokrasopimus"); matching (either, in an order the
 * caller chose); fuzzy (near spellings of names).
 */
type Mode = 'recent' | 'words' | 'substring' | 'matching' | 'fuzzy';

interface Shape {
  mode: Mode;
  /** Whether the text has words (a full-text query); text of punctuation only matches substrings alone. */
  words: boolean;
  filter: boolean;
  type: boolean;
  orderBy: SearchInput['orderBy'];
  descending: boolean;
}

const p = sql.placeholder;
const tsquery = sql`to_tsquery('simple', ${p('tsquery')})`;

/** What a text search of a mode matches and how it ranks. */
function matching(mode: Exclude<Mode, 'recent'>, words: boolean): { where: SQL; rank: SQL } {
  const byWords = sql`${documents.searchVector} @@ ${tsquery}`;
  const byName = ilike(documents.name, sql`${p('like')}`);
  switch (mode) {
    case 'words':
      // Full-text rank alone (a name match weighs more than a content match); ties go to the most recent.
      // Trigram similarity here would cost more than the rest of the search together.
      return { where: byWords, rank: sql`ts_rank(${documents.searchVector}, ${tsquery})` };
    case 'substring':
      // What the words tier found is not repeated.
      return {
        where: words ? (and(byName, sql`not (${byWords})`) as SQL) : byName,
        rank: sql`similarity(${documents.name}, ${p('text')})`,
      };
    case 'matching':
      return { where: words ? (or(byWords, byName) as SQL) : byName, rank: sql`0` };
    case 'fuzzy':
      return {
        where: sql`${p('text')} <% ${documents.name}`,
        rank: sql`word_similarity(${p('text')}, ${documents.name})`,
      };
  }
}

/**
 * One prepared statement per shape of search (a few dozen at most): the text, filter, type and limit are
 * parameters, so PostgreSQL plans each shape once instead of on every keystroke's request.
 */
function build(db: Db, shape: Shape) {
  const conditions: SQL[] = [
    eq(documents.organizationId, sql`${p('organizationId')}`),
    visible,
    seenByCaller(documents),
  ];
  if (shape.filter) conditions.push(eq(documents.state, sql`${p('state')}`));
  if (shape.type) conditions.push(eq(documents.type, sql`${p('type')}`));
  if (shape.mode === 'recent' || shape.filter) conditions.push(ne(documents.type, 'folder'));
  const chosen = shape.descending ? ('desc' as const) : ('asc' as const);
  const column = shape.orderBy ? ORDER_COLUMNS[shape.orderBy] : undefined;
  /** The sort: two keys, selected and ordered by their output names so that each is computed once a row. */
  let keys: [[SQL | AnyPgColumn, 'asc' | 'desc'], [SQL | AnyPgColumn, 'asc' | 'desc']];
  if (shape.mode === 'recent') {
    keys = [
      [column ?? documents.updatedAt, chosen],
      [documents.id, 'asc'],
    ];
  } else {
    const { where, rank } = matching(shape.mode, shape.words);
    conditions.push(where);
    keys = column
      ? [
          [column, chosen],
          [documents.id, 'asc'],
        ]
      : [
          [rank, 'desc'],
          [documents.updatedAt, 'desc'],
        ];
  }
  const [[first, firstDirection], [second, secondDirection]] = keys;
  return rawStatement(
    `documents_search_${Object.values(shape).join('_')}`,
    db
      .select({ summary: documents.summaryJson, k1: sql`${first}`.as('k1'), k2: sql`${second}`.as('k2') })
      .from(documents)
      .where(and(...conditions))
      // By the selected keys: each computed once per row.
      .orderBy(sql.raw(`k1 ${firstDirection}, k2 ${secondDirection}`))
      .limit(p('limit'))
      .offset(p('offset')),
  );
}

const statements = preparedPerDatabase(() => new Map<string, RawStatement>());

function statement(db: Db, shape: Shape) {
  const cache = statements(db);
  const key = JSON.stringify(shape);
  let query = cache.get(key);
  if (!query) {
    query = build(db, shape);
    cache.set(key, query);
  }
  return query;
}

/**
 * Text search, best first, in tiers: documents whose names or content have every word (as a prefix),
 * ranked by full-text rank (names weigh more), then the most recent; then, to fill the page,
 * names that contain the text inside a word (trigram index); when neither finds anything, names of a near
 * spelling. With an explicit order, word and substring matches are ordered together by it.
 * Without text: the most recent documents (folders left out). A filter keeps one state (folders left out).
 * Answers the documents' stored summaries (presented documents, JSON text).
 */
export async function searchDocuments(
  db: Db,
  scope: AuthorizedScope<typeof P.DOCUMENTS_VIEW>,
  input: SearchInput,
): Promise<SearchResult> {
  const text = input.text.trim();
  const words = prefixQuery(text);
  const shape = (mode: Mode): Shape => ({
    mode,
    words: words !== null,
    filter: input.filter !== undefined,
    type: input.type !== undefined,
    orderBy: input.orderBy,
    descending: input.orderValue !== 'ASC',
  });
  const params = {
    organizationId: scope.organizationId,
    ...seeValues(scope),
    state: input.filter ? DOCUMENT_FILTERS[input.filter] : null,
    type: input.type ?? null,
    tsquery: words,
    like: likePattern(text),
    text,
  };
  const run = async (mode: Mode, limit: number, offset = 0) =>
    (await statement(db, shape(mode))(db, { ...params, limit, offset })).map((row) => row[0] as string);
  /** A list in one order: a page, and one more row to tell whether another page follows. */
  const paged = async (mode: Mode): Promise<SearchResult> => {
    const found = await run(mode, input.limit + 1, input.offset);
    return { documents: found.slice(0, input.limit), hasMore: found.length > input.limit };
  };
  const best = (documents: string[]): SearchResult => ({ documents, hasMore: false });
  if (text === '') return paged('recent');
  if (input.orderBy) {
    const found = await paged('matching');
    return found.documents.length > 0 || input.offset > 0 ? found : best(await run('fuzzy', input.limit));
  }
  const found = words ? await run('words', input.limit) : [];
  if (found.length < input.limit) found.push(...(await run('substring', input.limit - found.length)));
  return best(found.length > 0 ? found : await run('fuzzy', input.limit));
}
