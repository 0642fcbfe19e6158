import {
  DOCUMENT_FILTERS,
  DOCUMENT_STATE,
  type DocumentFilter,
  type DocumentType,
  type P,
} from '@sinetti/contract';
import { and, eq, ilike, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { preparedPerDatabase } from '../../db/prepared.ts';
import { documents } from '../../db/schema/index.ts';
import { rawStatement, type RawStatement } from '../../db/raw-rows.ts';
import { QUERY_CANCELED } from '../../db/abandon.ts';
import type { AuthorizedScope } from '../../policies/index.ts';
import { seenByCaller, seenByRolesText, seeValues, visible } from './columns.ts';

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
 * The one kind of prepared search: matching (words as prefixes in names and content, or the text inside
 * names, in an order the caller chose). Lists without text and text searches best first are written per
 * call (searchDocuments below).
 */
type Mode = 'matching';

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

/** What a search in a chosen order matches: every word as a prefix, or the text inside a name. */
function matching(words: boolean): { where: SQL; rank: SQL } {
  const byWords = sql`${documents.searchVector} @@ ${tsquery}`;
  const byName = ilike(documents.name, sql`${p('like')}`);
  return { where: words ? (or(byWords, byName) as SQL) : byName, rank: sql`0` };
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
  if (shape.filter) conditions.push(ne(documents.type, 'folder'));
  const chosen = shape.descending ? ('desc' as const) : ('asc' as const);
  const column = shape.orderBy ? ORDER_COLUMNS[shape.orderBy] : undefined;
  /** The sort: two keys, selected and ordered by their output names so that each is computed once a row. */
  const { where, rank } = matching(shape.words);
  conditions.push(where);
  const keys: [[SQL | AnyPgColumn, 'asc' | 'desc'], [SQL | AnyPgColumn, 'asc' | 'desc']] = column
    ? [
        [column, chosen],
        [documents.id, 'asc'],
      ]
    : [
        [rank, 'desc'],
        [documents.updatedAt, 'desc'],
      ];
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
 * How many of the most recent matches a best-first tier ranks (issue #32 item 2): the first page is
 * taken from the newest matches in the recency index's order, then ranked, so a word in 10 % of a million
 * documents costs what a word in a hundred does. Below this many matches, every match is ranked.
 */
export const RANKED_CANDIDATES = 20;
/** The columns a list without text is ordered by (trusted names, never the caller's text). */
const RECENT_ORDER = { updated: 'updated_at', created: 'created_at', name: 'name' } as const;
/** The fuzzy tier (trigram similarity, no order an index gives) stops after this long and finds nothing. */
export const FUZZY_TIME_LIMIT_MS = 150;
/** A restricted caller's search among matches older than RECENT_WINDOW stops after this long. */
export const OLDER_TIME_LIMIT_MS = 150;

/** A string as an SQL literal (standard_conforming_strings: only quotes are doubled; NUL cannot be stored). */
function literal(value: string): string {
  return `'${value.replace(/\0/g, '').replace(/'/g, "''")}'`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
function uuidLiteral(value: string): string {
  if (!UUID.test(value)) throw new Error('Not a uuid.');
  return `'${value}'::uuid`;
}

/**
 * The best-first tiers' statements are written with their values in the text (never user text outside a
 * quoted literal): PostgreSQL plans each with the actual word, so it reads a rare word's few matches from
 * the GIN index and a common word's newest matches off the recency index (documents_recent_idx) without
 * visiting the rest. A generic plan (plan_cache_mode=force_generic_plan, prepared statements) cannot tell
 * the two apart. Planning costs ≈ 0.2 ms, less than either wrong plan.
 */
function tierWhere(scope: AuthorizedScope<typeof P.DOCUMENTS_VIEW>, input: SearchInput): string {
  const where = [
    `organization_id = ${uuidLiteral(scope.organizationId)}`,
    `state < ${DOCUMENT_STATE.Deleted}`,
  ];
  if (!scope.seesAll) {
    // E1 (issue #32 item 4): a document's roles may come from its folder, read at query time.
    where.push(seenByRolesText(scope.roleIds.map(uuidLiteral), uuidLiteral(scope.organizationId)));
  }
  if (input.filter) {
    where.push(`state = ${Number(DOCUMENT_FILTERS[input.filter])}`, `type <> 'folder'`);
  }
  if (input.type) where.push(`type = ${literal(input.type)}`);
  return where.join(' and ');
}

/** The newest `candidates` rows matching `match`, ranked by `rank` (then the most recent), `limit` of them. */
function bestFirst(where: string, match: string, rank: string, limit: number, byIndexOrder = true): string {
  // `+ interval '0 s'`: an order no index gives, so that PostgreSQL reads the matches off the GIN index
  // instead of walking the recency index (used where the walk might not end early: older rows only).
  const order = byIndexOrder ? 'updated_at' : `updated_at + interval '0 s'`;
  return (
    `select summary_json from (select summary_json, name, search_vector, updated_at from documents` +
    ` where ${where} and ${match} order by ${order} desc limit ${Math.max(limit, RANKED_CANDIDATES)}) m` +
    ` order by ${rank} desc, updated_at desc limit ${limit}`
  );
}

/**
 * How many of an organization's newest rows a tier's first statement may walk (RECENT_WINDOW): the
 * recency-index walk PostgreSQL picks for a common word stops there even when the caller sees none of its
 * matches (a restricted member whose matches are hidden: the planner cannot know that roles and words go
 * together, and walked all million rows for nothing, 3.1 s). Older matches come from the GIN index.
 */
export const RECENT_WINDOW = 5_000;
const WINDOW_TTL_MS = 60_000;
const windows = new Map<string, { at: number; since: string | null }>();

/** The updated_at of the organization's RECENT_WINDOW-th newest row (null: it has fewer), cached a minute. */
async function windowStart(db: Db, organizationId: string): Promise<string | null> {
  const now = Date.now();
  const cached = windows.get(organizationId);
  if (cached && now - cached.at < WINDOW_TTL_MS) return cached.since;
  const [since] = await rows(
    db,
    // Ordered by the column, not by the text the query answers (that would sort a million strings).
    `select d.updated_at::text from documents d where d.organization_id = ${uuidLiteral(organizationId)}` +
      ` order by d.updated_at desc offset ${RECENT_WINDOW - 1} limit 1`,
  );
  if (windows.size > 10_000) windows.clear();
  windows.set(organizationId, { at: now, since: since ?? null });
  return since ?? null;
}

/**
 * One tier's best `limit` matches: first among the organization's newest rows (bounded work whichever
 * plan PostgreSQL picks), and only when those hold fewer, among the older ones too.
 */
async function tier(
  db: Db,
  organizationId: string,
  where: string,
  match: string,
  rank: string,
  limit: number,
  seesAll: boolean,
): Promise<string[]> {
  const since = await windowStart(db, organizationId);
  if (since === null) return rows(db, bestFirst(where, match, rank, limit));
  const after = `updated_at >= ${literal(since)}::timestamptz`;
  const found = await rows(db, bestFirst(`${where} and ${after}`, match, rank, limit));
  if (found.length >= limit) return found;
  const older = bestFirst(
    `${where} and updated_at < ${literal(since)}::timestamptz`,
    match,
    rank,
    limit - found.length,
    false,
  );
  // The older matches cost what there are of them: for a caller who sees few of them (a restricted
  // member whose roles and words go together), at most OLDER_TIME_LIMIT_MS.
  found.push(...(seesAll ? await rows(db, older) : await withinTime(db, older, OLDER_TIME_LIMIT_MS)));
  return found;
}

async function rows(db: Db, text: string): Promise<string[]> {
  const found = await rawStatement('', { toSQL: () => ({ sql: text, params: [] }) })(db, {});
  return found.map((row) => row[0] as string);
}

/**
 * Text search, best first, in tiers: documents whose names or content have every word (as a prefix),
 * ranked by full-text rank (names weigh more), then the most recent; then, to fill the page,
 * names that contain the text inside a word (trigram index); when neither finds anything, names of a near
 * spelling. Each tier ranks at most the RANKED_CANDIDATES newest of its matches (all of them when fewer),
 * and the fuzzy tier stops at FUZZY_TIME_LIMIT_MS. With an explicit order, word and substring matches are
 * ordered together by it. Without text: the most recent documents (folders left out). A filter keeps one
 * state (folders left out). Answers the documents' stored summaries (presented documents, JSON text).
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
  if (text === '') {
    // Written per call too: a generic plan with LIMIT as a parameter assumes a tenth of the rows are
    // wanted and sorted every document (recent 8 at 1M documents: 5 s); with the values the recency index
    // gives the page at once.
    const order = RECENT_ORDER[input.orderBy ?? 'updated'];
    const found = await rows(
      db,
      `select summary_json from documents where ${tierWhere(scope, input)} and type <> 'folder'` +
        ` order by ${order} ${input.orderValue === 'ASC' ? 'asc' : 'desc'}, id asc` +
        ` limit ${Math.trunc(input.limit) + 1} offset ${Math.trunc(input.offset)}`,
    );
    return { documents: found.slice(0, input.limit), hasMore: found.length > input.limit };
  }
  if (input.orderBy) {
    const found = await paged('matching');
    return found.documents.length > 0 || input.offset > 0 ? found : best(await fuzzy(db, scope, input, text));
  }
  const where = tierWhere(scope, input);
  const byWords = words ? `search_vector @@ to_tsquery('simple', ${literal(words)})` : null;
  const found = byWords
    ? await tier(
        db,
        scope.organizationId,
        where,
        byWords,
        `ts_rank(search_vector, to_tsquery('simple', ${literal(words ?? '')}))`,
        input.limit,
        scope.seesAll,
      )
    : [];
  if (found.length < input.limit) {
    // What the words tier found is not repeated.
    const byName = `name ilike ${literal(likePattern(text))}`;
    const match = byWords ? `${byName} and not (${byWords})` : byName;
    found.push(
      ...(await tier(
        db,
        scope.organizationId,
        where,
        match,
        `similarity(name, ${literal(text)})`,
        input.limit - found.length,
        scope.seesAll,
      )),
    );
  }
  if (found.length > 0) return best(found);
  // A word that matches documents the caller does not see is no misspelling: no near spellings then
  // (a restricted member pays about what the owner pays, issue #32 item 2).
  if (byWords && !scope.seesAll) {
    const hidden = await rows(
      db,
      `select 1 from documents where organization_id = ${uuidLiteral(scope.organizationId)}` +
        ` and state < ${DOCUMENT_STATE.Deleted} and ${byWords} limit 1`,
    );
    if (hidden.length > 0) return best([]);
  }
  return best(await fuzzy(db, scope, input, text));
}

/**
 * Names of a near spelling (trigram word similarity): no index gives them in an order, so the tier is
 * bounded by time instead; past FUZZY_TIME_LIMIT_MS it finds nothing rather than holding a connection.
 */
async function fuzzy(
  db: Db,
  scope: AuthorizedScope<typeof P.DOCUMENTS_VIEW>,
  input: SearchInput,
  text: string,
): Promise<string[]> {
  const statement = bestFirst(
    tierWhere(scope, input),
    `${literal(text)} <% name`,
    `word_similarity(${literal(text)}, name)`,
    input.limit,
  );
  return withinTime(db, statement, FUZZY_TIME_LIMIT_MS);
}

/** Runs a best-first statement with a statement time-out of its own; past it, finds nothing. */
async function withinTime(db: Db, statement: string, ms: number): Promise<string[]> {
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql.raw(`set local statement_timeout = ${ms}`));
      const result = (await tx.execute(sql.raw(statement))) as unknown as {
        rows: { summary_json: string }[];
      };
      return result.rows.map((r) => r.summary_json);
    });
  } catch (err) {
    if (isQueryCanceled(err)) return [];
    throw err;
  }
}

function isQueryCanceled(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    if ((e as { code?: unknown }).code === QUERY_CANCELED) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
