import type { BulkSendRow, BulkSendSummary } from '@sinetti/contract';
import { and, asc, desc, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { bulkSendRows, bulkSends, documents } from '../../db/schema/index.ts';
import type { Authorized, Scope } from '../../policies/index.ts';
import { seenByCaller, seeValues, visible } from '../../queries/documents/columns.ts';

export type BulkSendRecord = typeof bulkSends.$inferSelect;
export type BulkRowRecord = typeof bulkSendRows.$inferSelect;

/** A bulk send by id, unauthorized (the caller hands it to policies/bulk-send.ts). */
export async function findBulkSend(db: DbOrTx, id: string): Promise<BulkSendRecord | null> {
  const [row] = await db.select().from(bulkSends).where(eq(bulkSends.id, id));
  return row ?? null;
}

async function countsOf(db: DbOrTx, ids: string[]) {
  if (ids.length === 0) return new Map<string, Record<string, number>>();
  const rows = await db
    .select({ id: bulkSendRows.bulkSendId, status: bulkSendRows.status, n: sql<number>`count(*)::int` })
    .from(bulkSendRows)
    .where(inArray(bulkSendRows.bulkSendId, ids))
    .groupBy(bulkSendRows.bulkSendId, bulkSendRows.status);
  const out = new Map<string, Record<string, number>>();
  for (const r of rows) out.set(r.id, { ...out.get(r.id), [r.status]: r.n });
  return out;
}

function present(bulk: BulkSendRecord, counts: Record<string, number> = {}): BulkSendSummary {
  const n = (s: string) => counts[s] ?? 0;
  return {
    id: bulk.id,
    templateId: bulk.templateId,
    templateName: bulk.templateName,
    status: bulk.status,
    total: n('pending') + n('created') + n('sent') + n('failed'),
    sent: n('sent'),
    failed: n('failed'),
    pending: n('pending') + n('created'),
    waitingUntil: bulk.status === 'running' ? (bulk.waitingUntil?.toISOString() ?? null) : null,
    createdAt: bulk.createdAt.toISOString(),
  };
}

/** Progress of one authorized bulk send. */
export async function summaryOf(db: DbOrTx, bulk: Authorized<BulkSendRecord>): Promise<BulkSendSummary> {
  const fresh = (await findBulkSend(db, bulk.id)) ?? bulk;
  return present(fresh, (await countsOf(db, [bulk.id])).get(bulk.id));
}

/** Every row of one authorized bulk send, in CSV order. */
export async function rowsOf(db: DbOrTx, bulk: Authorized<BulkSendRecord>): Promise<BulkSendRow[]> {
  const rows = await db
    .select()
    .from(bulkSendRows)
    .where(eq(bulkSendRows.bulkSendId, bulk.id))
    .orderBy(asc(bulkSendRows.line));
  return rows.map((r) => ({
    line: r.line,
    name: r.name,
    emails: r.signees.map((s) => s.email),
    status: r.status,
    documentId: r.documentId,
    error: r.errorCode
      ? ({ code: r.errorCode, reason: r.errorReason ?? undefined } as BulkSendRow['error'])
      : null,
  }));
}

/**
 * The bulk sends a caller may see (policies/bulk-send.ts): those whose template they see, and of those
 * whose template is gone, their own (the owner: every one). Newest first, at most 50.
 */
export async function listBulkSends(db: DbOrTx, scope: Scope): Promise<BulkSendSummary[]> {
  const list = await db
    .select({ bulk: bulkSends })
    .from(bulkSends)
    .leftJoin(documents, and(eq(documents.id, bulkSends.templateId), visible))
    .where(
      and(
        eq(bulkSends.organizationId, scope.organizationId),
        or(
          and(isNotNull(documents.id), seenByCaller(documents, seeValues(scope))),
          and(isNull(documents.id), scope.seesAll ? undefined : eq(bulkSends.accountId, scope.accountId)),
        ),
      ),
    )
    .orderBy(desc(bulkSends.createdAt))
    .limit(50);
  const counts = await countsOf(
    db,
    list.map((r) => r.bulk.id),
  );
  return list.map(({ bulk }) => present(bulk, counts.get(bulk.id)));
}
