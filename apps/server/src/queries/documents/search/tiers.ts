// The best-first tiers of a text search (issue #32 item 2; docs/decisions.md "Search that does not grow with
// its matches"): each tier is one statement written with its values as literals, so PostgreSQL plans it with
// the actual word, that ranks only the newest matches and reads older rows only when the newest are too few.
import { DOCUMENT_FILTERS, type P } from '@sinetti/contract';
import type { Db } from '../../../db/client.ts';
import { rawTextRows } from '../../../db/raw-rows.ts';
import { QUERY_CANCELED } from '../../../db/abandon.ts';
import type { AuthorizedScope } from '../../../policies/index.ts';
import { seenByRolesText } from '../columns.ts';
import { literal, uuidLiteral } from './sql-text.ts';
import type { SearchInput } from './types.ts';
import { inWindow, organizationRows, windowStart } from './window.ts';

/**
 * How many of the most recent matches a best-first tier ranks: the first page is taken from the newest
 * matches in the recency index's order, then ranked, so a word in 10 % of a million documents costs what a
 * word in a hundred does. Below this many matches, every match is ranked.
 */
export const RANKED_CANDIDATES = 20;
/** The fuzzy tier (trigram similarity, no order an index gives) stops after this long and finds nothing. */
export const FUZZY_TIME_LIMIT_MS = 150;
/** A restricted caller's tier (its reading of matches older than RECENT_WINDOW) stops after this long. */
export const OLDER_TIME_LIMIT_MS = 150;

/** What every tier keeps: the organization, not deleted, seen by the caller's roles, the filter and type. */
export function tierWhere(scope: AuthorizedScope<typeof P.DOCUMENTS_VIEW>, input: SearchInput): string {
  const where = [organizationRows(scope.organizationId)];
  if (!scope.seesAll) {
    // A document's roles may come from its folder, read at query time (issue #32 item 4).
    where.push(seenByRolesText(scope.roleIds.map(uuidLiteral), uuidLiteral(scope.organizationId)));
  }
  if (input.filter) where.push(`state = ${Number(DOCUMENT_FILTERS[input.filter])}`, `type <> 'folder'`);
  if (input.type) where.push(`type = ${literal(input.type)}`);
  return where.join(' and ');
}

const CANDIDATE_COLUMNS = 'summary_json, name, search_vector, updated_at';

/**
 * The newest candidates matching `match` where `where` holds, in the recency index's order
 * (`updated_at desc`), or with `byIndexOrder` false in an order no index gives (`+ interval '0 s'`), so that
 * PostgreSQL reads the matches off the GIN index instead of walking the recency index: for older rows,
 * where the walk might not end early.
 */
function candidates(where: string, match: string, count: number | string, byIndexOrder = true): string {
  const order = byIndexOrder ? 'updated_at' : `updated_at + interval '0 s'`;
  return `select ${CANDIDATE_COLUMNS} from documents where ${where} and ${match} order by ${order} desc limit ${count}`;
}

/**
 * candidates() in the recency index's order when the match reads the search vector: the rows walked, newest
 * first (the recency index walked; `walked` holds the caller's roles, read from the row and its folder's
 * index entry, and the tier's `admits`, the row's word signature; no vector read), joined to their documents,
 * whose vectors are tested for those rows only. A document's vector holds every word of its text, kilobytes
 * stored out of line (TOAST) and read for each row tested: at 1M documents, the newest 10,000 with about 7 KB
 * of text, a member who sees one folder in ten tested 1,445 vectors to find 20 matches of "invoice" (14 ms
 * warm); seen first, 145 (5 ms); and the owner 249 for 20 (1.0–1.2 ms of execution, warm), with the
 * signature first 22 (0.46 ms; docs/decisions.md "Word signatures before the vectors"). `kept` (the
 * organization, not deleted, the window) is written on the document too, so that a plan driven by a rare
 * word's GIN matches drops the rows it rules out before the join.
 */
function walkedFirst(walked: string, kept: string, match: string, count: number): string {
  return (
    `select ${CANDIDATE_COLUMNS} from (select id as seen_id, updated_at as seen_at from documents where ${walked}) seen` +
    ` join documents on documents.id = seen.seen_id where ${kept} and ${match}` +
    ` order by seen.seen_at desc limit ${count}`
  );
}

/** Candidates ranked by `rank`, then the most recent: the best `limit`. */
function ranked(from: string, rank: string, limit: number): string {
  return `select summary_json from (${from}) m order by ${rank} desc, updated_at desc limit ${limit}`;
}

export interface Tier {
  /** What a document must match (SQL over an unaliased documents row). */
  match: string;
  /** How well a match matches (higher first). */
  rank: string;
  /**
   * Of a `match` that reads the search vector: a condition every match meets that reads the row alone (the
   * word signature), tested on each row walked before `match` is (see walkedFirst()).
   */
  admits?: string;
}

/** What bestOfTier() found: the page, and whether a word matched a document the caller does not see. */
export interface TierFound {
  documents: string[];
  /** Only asked for with `hiddenMatch`, and only when the tier found nothing. */
  hidden: boolean;
}

/**
 * One tier's best `limit` matches, in one statement: the newest RANKED_CANDIDATES matches among the
 * organization's newest RECENT_WINDOW rows (bounded work whichever plan PostgreSQL picks), ranked; and only
 * when those are fewer than `limit`, after them the best of the newest older matches, to fill the page (a
 * one-time filter on the window's count: otherwise the older rows are never read). With `hiddenMatch` (a
 * condition over every document, whoever sees it), when the tier found nothing the same statement also says
 * whether any document meets it (one round trip, not two). For a caller who does not see everything the
 * statement stops at OLDER_TIME_LIMIT_MS (the older matches cost what there are of them, and a restricted
 * member may see few of many); then the window's matches alone are answered.
 */
export async function bestOfTier(
  db: Db,
  scope: AuthorizedScope<typeof P.DOCUMENTS_VIEW>,
  where: string,
  tier: Tier,
  limit: number,
  hiddenMatch: string | null = null,
): Promise<TierFound> {
  const since = await windowStart(db, scope.organizationId);
  const statement = (windowOnly: boolean) =>
    withHiddenMatch(tierStatement(scope, where, since, tier, limit, windowOnly), hiddenMatch);
  const rows = scope.seesAll
    ? await rawTextRows(db, statement(false))
    : ((await rawRowsWithin(db, statement(false), OLDER_TIME_LIMIT_MS)) ??
      (await rawTextRows(db, statement(true))));
  if (hiddenMatch === null) return { documents: rows.map((row) => row[0] as string), hidden: false };
  const documents: string[] = [];
  let hidden = false;
  for (const [summary, part] of rows) {
    if (String(part) === HIDDEN_MARK) hidden = true;
    else documents.push(summary as string);
  }
  return { documents, hidden };
}

const HIDDEN_MARK = '1';

/**
 * A tier's statement with, when it answers no rows, one row (null, HIDDEN_MARK) if a document meets
 * `hiddenMatch`: the tier's rows are numbered in their order (`row_number() over ()` over its ordered,
 * limited rows) and answered as (summary, 0) in that order. Without `hiddenMatch` the tier's own statement.
 */
function withHiddenMatch(tier: string, hiddenMatch: string | null): string {
  if (hiddenMatch === null) return tier;
  return (
    `with t as materialized (select summary_json, row_number() over () as n from (${tier}) r)` +
    ` select summary_json, part from (select summary_json, 0 as part, n from t` +
    ` union all select null, ${HIDDEN_MARK}, 0 where not exists (select 1 from t)` +
    ` and exists (select 1 from documents where ${hiddenMatch})) c order by part, n`
  );
}

/**
 * One tier's best `limit` in its order: the window's candidates ranked, then (unless `windowOnly`) the
 * older ones to fill the page.
 */
function tierStatement(
  scope: AuthorizedScope<typeof P.DOCUMENTS_VIEW>,
  where: string,
  since: string | null,
  tier: Tier,
  limit: number,
  windowOnly: boolean,
): string {
  const newer = newest(scope, where, since, tier, Math.max(limit, RANKED_CANDIDATES));
  if (since === null || windowOnly) return ranked(newer, tier.rank, limit);
  return windowThenOlder(newer, where, since, tier, limit);
}

/** The newest `count` candidates of the window (of all rows when `since` is null), in the recency order. */
function newest(
  scope: AuthorizedScope<typeof P.DOCUMENTS_VIEW>,
  where: string,
  since: string | null,
  tier: Tier,
  count: number,
): string {
  const window = since === null ? '' : ` and ${inWindow(scope.organizationId, since)}`;
  if (tier.admits === undefined) return candidates(where + window, tier.match, count);
  const kept = organizationRows(scope.organizationId) + window;
  return walkedFirst(`${where}${window} and ${tier.admits}`, kept, tier.match, count);
}

function windowThenOlder(newer: string, where: string, since: string, tier: Tier, limit: number): string {
  // As many older candidates as a tier of its own for the rest of the page would rank.
  const older = candidates(
    `${where} and updated_at < ${literal(since)}::timestamptz and (select count(*) from w) < ${limit}`,
    tier.match,
    `greatest(${limit} - (select count(*) from w), ${RANKED_CANDIDATES})`,
    false,
  );
  return (
    `with w as materialized (${newer})` +
    ` select summary_json from (select summary_json, 0 as part, ${tier.rank} as r, updated_at from w` +
    ` union all select summary_json, 1, ${tier.rank}, updated_at from (${older}) o) c` +
    ` order by part, r desc, updated_at desc limit ${limit}`
  );
}

/**
 * Names of a near spelling (trigram word similarity) among the newest candidates: no index gives them in an
 * order, so the tier is bounded by time instead; past FUZZY_TIME_LIMIT_MS it finds nothing rather than
 * holding a connection.
 */
export async function nearSpellings(db: Db, where: string, text: string, limit: number): Promise<string[]> {
  const statement = ranked(
    candidates(where, `${literal(text)} <% name`, Math.max(limit, RANKED_CANDIDATES)),
    `word_similarity(${literal(text)}, name)`,
    limit,
  );
  return (await textRowsWithin(db, statement, FUZZY_TIME_LIMIT_MS)) ?? [];
}

/** The first column of each row, as text. */
export async function textRows(db: Db, text: string): Promise<string[]> {
  return (await rawTextRows(db, text)).map((row) => row[0] as string);
}

/** textRows() with a statement time-out of its own; null past it. */
export async function textRowsWithin(db: Db, text: string, ms: number): Promise<string[] | null> {
  return (await rawRowsWithin(db, text, ms))?.map((row) => row[0] as string) ?? null;
}

/** rawTextRows() with a statement time-out of its own; null past it. */
async function rawRowsWithin(db: Db, text: string, ms: number): Promise<unknown[][] | null> {
  try {
    return await rawTextRows(db, text, ms);
  } catch (err) {
    if (isQueryCanceled(err)) return null;
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
