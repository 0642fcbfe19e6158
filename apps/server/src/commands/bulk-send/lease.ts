import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { bulkSendRows, documents } from '../../db/schema/index.ts';
import type { AppContext } from '../../http/context.ts';
import type { BulkRowRecord } from './read.ts';
import type { RowOutcome } from './row-work.ts';

/**
 * The rows' leases (docs/decisions.md "Bulk send"): a run claims a few rows at a time, each claim with a
 * new token, and every write of a row's outcome names that token. A run whose lease ran out (stopped for
 * longer than LEASE_MS, its rows claimed again by another run) then changes nothing: its late `failed`
 * cannot overwrite the other run's `sent`.
 */

const BATCH = 10;
export const LEASE_MS = 10 * 60_000;

/** Rows not done yet. */
export const open = inArray(bulkSendRows.status, ['pending', 'created']);

/** The row as this claim holds it: its id and the claim's token (a row read without a claim: none). */
export const held = (row: Pick<BulkRowRecord, 'id' | 'leaseToken'>) =>
  row.leaseToken ? and(eq(bulkSendRows.id, row.id), eq(bulkSendRows.leaseToken, row.leaseToken)) : sql`false`;

/** Leases the next ready rows: pending ones, and made ones whose PDF is no longer being made. */
export async function claimRows(ctx: AppContext, bulkId: string): Promise<BulkRowRecord[]> {
  return ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const ids = await tx
      .select({ id: bulkSendRows.id })
      .from(bulkSendRows)
      .leftJoin(documents, eq(documents.id, bulkSendRows.documentId))
      .where(
        and(
          eq(bulkSendRows.bulkSendId, bulkId),
          open,
          or(isNull(bulkSendRows.leaseUntil), lt(bulkSendRows.leaseUntil, now)),
          or(isNull(bulkSendRows.waitUntil), lte(bulkSendRows.waitUntil, now)),
          or(isNull(documents.id), ne(documents.conversionStatus, 'pending')),
        ),
      )
      .orderBy(asc(bulkSendRows.line))
      .limit(BATCH)
      .for('update', { of: bulkSendRows, skipLocked: true });
    if (ids.length === 0) return [];
    return tx
      .update(bulkSendRows)
      .set({ leaseUntil: new Date(now.getTime() + LEASE_MS), leaseToken: randomUUID() })
      .where(
        inArray(
          bulkSendRows.id,
          ids.map((r) => r.id),
        ),
      )
      .returning();
  });
}

/**
 * Records a row's outcome, if this claim still holds it (else nothing changes). Done rows and rows let go
 * lose their token, so no earlier claim's write can match them again.
 */
export async function record(
  db: DbOrTx,
  ctx: AppContext,
  row: BulkRowRecord,
  outcome: RowOutcome,
): Promise<void> {
  const now = ctx.clock.now();
  const released = { leaseUntil: null, leaseToken: null, updatedAt: now };
  const set =
    outcome.kind === 'sent'
      ? { ...released, waitUntil: null, status: 'sent' as const }
      : outcome.kind === 'failed'
        ? {
            ...released,
            waitUntil: null,
            status: 'failed' as const,
            errorCode: outcome.code,
            errorReason: outcome.reason ?? null,
          }
        : outcome.kind === 'wait'
          ? { ...released, waitUntil: outcome.until }
          : released;
  await db.update(bulkSendRows).set(set).where(held(row));
}

/** Lets the rows go without an outcome (a fault not of the rows): the next run claims them again. */
export async function release(db: DbOrTx, rows: BulkRowRecord[]): Promise<void> {
  for (const row of rows) {
    await db.update(bulkSendRows).set({ leaseUntil: null, leaseToken: null }).where(held(row));
  }
}

/**
 * Fails every row not done yet (the balance ran out, the sender left, the job gave up). Their tokens stay:
 * a row another run holds right now still takes that run's outcome (a row it has just sent is sent).
 */
export async function failOpenRows(
  db: DbOrTx,
  ctx: AppContext,
  bulkId: string,
  code: string,
  reason?: string,
) {
  await db
    .update(bulkSendRows)
    .set({
      status: 'failed',
      errorCode: code,
      errorReason: reason ?? null,
      leaseUntil: null,
      waitUntil: null,
      updatedAt: ctx.clock.now(),
    })
    .where(and(eq(bulkSendRows.bulkSendId, bulkId), open));
}
