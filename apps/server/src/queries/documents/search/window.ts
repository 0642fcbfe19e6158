// The search window (issue #32 item 2; docs/decisions.md "Search that does not grow with its matches"): the
// organization's newest RECENT_WINDOW live rows, where every tier looks first, and where its start is kept.
import { DOCUMENT_STATE } from '@sinetti/contract';
import type { Db } from '../../../db/client.ts';
import { rawTextRows } from '../../../db/raw-rows.ts';
import { literal, uuidLiteral } from './sql-text.ts';

/**
 * How many of an organization's newest live rows (not deleted) a tier reads before it looks at older ones: the
 * recency-index walk PostgreSQL picks for a common word stops there even when the caller sees none of its
 * matches (a restricted member whose matches are hidden: the planner cannot know that roles and words go
 * together, and walked all million rows for nothing, 3.1 s). Older matches come from the GIN index.
 */
export const RECENT_WINDOW = 5_000;
const WINDOW_TTL_MS = 60_000;
const windows = new Map<string, { since?: string | null; at: number; reading?: Promise<string | null> }>();

/**
 * The updated_at of the organization's RECENT_WINDOW-th newest live row (null: it has fewer), read again once
 * a minute. Deleted rows are not counted (nor in documents_recent_idx, migration 0053): a large folder's
 * deletion stamps its rows' updated_at, and as the window's rows they left no match there, so every search read
 * and sorted all its older matches. Any value answers correctly (the window only splits where the tiers read
 * from), so once known it answers while this process's one reading of it is under way: searches that arrive
 * together when it is due neither each read it nor wait for it. The first search of an organization waits; one
 * whose reading failed fails as its own statement would, and the next search reads it again.
 */
export function windowStart(db: Db, organizationId: string): Promise<string | null> {
  const entry = windows.get(organizationId) ?? { at: 0 };
  if (Date.now() - entry.at >= WINDOW_TTL_MS && !entry.reading) {
    const reading = readWindowStart(db, organizationId)
      .then((since) => {
        entry.since = since;
        entry.at = Date.now();
        return since;
      })
      .finally(() => (entry.reading = undefined));
    // Known already, no search may wait for it: its failure is only the next search's to see.
    reading.catch(() => undefined);
    entry.reading = reading;
    if (windows.size > 10_000) windows.clear();
    windows.set(organizationId, entry);
  }
  return entry.since !== undefined ? Promise.resolve(entry.since) : (entry.reading as Promise<string | null>);
}

/** The organization's documents that are not deleted (SQL over an unaliased documents row). */
export function organizationRows(organizationId: string): string {
  return `organization_id = ${uuidLiteral(organizationId)} and state < ${DOCUMENT_STATE.Deleted}`;
}

async function readWindowStart(db: Db, organizationId: string): Promise<string | null> {
  const rows = await rawTextRows(db, windowStartStatement(organizationId));
  return (rows[0]?.[0] as string | undefined) ?? null;
}

/**
 * The statement that reads the window's start: a walk of documents_recent_idx that stops at its
 * RECENT_WINDOW-th entry. Ordered by the table's column, named with its table: a bare `updated_at` in ORDER BY
 * names the answer's column first (`updated_at::text` keeps the name), and sorting a million strings took
 * 0.9–1.4 s a minute at 1M documents, a connection and a core held each time.
 */
export function windowStartStatement(organizationId: string): string {
  return (
    `select updated_at::text from documents where ${organizationRows(organizationId)}` +
    ` order by documents.updated_at desc offset ${RECENT_WINDOW - 1} limit 1`
  );
}

/**
 * The window's rows (updated at `since` or later) as a row comparison over the recency index's key: a walk of
 * the index stops at it as it does at `updated_at >= since`, but PostgreSQL does not AND it as a bitmap with
 * a rare word's few GIN matches, which read the window's 5,000 index entries for nothing (0.55 of the owner's
 * 0.96 ms of execution for "12345" at 1M documents; docs/decisions.md "The window as a row comparison").
 */
export function inWindow(organizationId: string, since: string): string {
  return `(organization_id, updated_at) >= (${uuidLiteral(organizationId)}, ${literal(since)}::timestamptz)`;
}
