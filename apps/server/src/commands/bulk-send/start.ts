import type { P } from '@sinetti/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { bulkSendRows, bulkSends, organizations } from '../../db/schema/index.ts';
import type { OrganizationActor } from '../../http/actor.ts';
import { auditOf } from '../../http/audit.ts';
import type { AppContext } from '../../http/context.ts';
import { AppError } from '../../lib/errors.ts';
import type { AuthorizedDocument } from '../../policies/documents.ts';
import type { Authorized, AuthorizedScope } from '../../policies/index.ts';
import { enqueueJob } from '../../services/jobs/index.ts';
import { recordAudit } from '../audit.ts';
import { ok, type BulkCheck } from './preview.ts';
import type { BulkSendRecord } from './read.ts';

export const BULK_SEND_JOB = 'bulk-send.run';

/** Queues a run of the bulk send's rows (in the transaction that made them due). */
export async function enqueueBulkRun(tx: DbOrTx, bulk: BulkSendRecord, runAt: Date): Promise<void> {
  await enqueueJob(
    tx,
    BULK_SEND_JOB,
    { bulkSendId: bulk.id },
    { runAt, tenant: bulk.organizationId, maxAttempts: 50 },
  );
}

/**
 * One bulk send runs per organization at a time (the partial unique index bulk_sends_one_running is the
 * backstop). The organization's row is locked first, as every other writer of the organization does
 * (docs/decisions.md "Lock order in an organization"), so two starts wait for each other.
 */
async function assertNoneRunning(tx: DbOrTx, organizationId: string, except?: string): Promise<void> {
  await tx
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .for('no key update');
  const running = await tx
    .select({ id: bulkSends.id })
    .from(bulkSends)
    .where(and(eq(bulkSends.organizationId, organizationId), eq(bulkSends.status, 'running')));
  if (running.some((r) => r.id !== except)) {
    throw new AppError('CONFLICT', 'Another bulk send of this organization is still running.').because(
      'BULK_SEND_RUNNING',
    );
  }
}

/**
 * Starts a bulk send of checked rows (preview.ts): refused with 400 BULK_SEND_INVALID while the file or any
 * row has a problem, so what runs is exactly what the preview showed without problems. The rows and the
 * first run of the job are written in one transaction.
 */
export async function startBulkSend(
  ctx: AppContext,
  actor: OrganizationActor,
  scope: AuthorizedScope<typeof P.DOCUMENTS_CREATE>,
  template: AuthorizedDocument<typeof P.DOCUMENTS_VIEW>,
  into: AuthorizedDocument<typeof P.DOCUMENTS_CREATE> | null,
  checked: BulkCheck,
): Promise<BulkSendRecord> {
  const bad = checked.rows.filter((r) => !ok(r)).map((r) => r.line);
  if (checked.fileProblems.length > 0 || bad.length > 0) {
    throw new AppError(
      'VALIDATION_FAILED',
      checked.fileProblems.length > 0
        ? `The file cannot be used: ${[...new Set(checked.fileProblems.map((p) => p.problem))].join(', ')}.`
        : `Rows ${bad.slice(0, 20).join(', ')} have problems; the preview lists them.`,
    ).because('BULK_SEND_INVALID');
  }
  return ctx.db.transaction(async (tx) => {
    await assertNoneRunning(tx, scope.organizationId);
    const now = ctx.clock.now();
    const [bulk] = await tx
      .insert(bulkSends)
      .values({
        organizationId: scope.organizationId,
        templateId: template.id,
        templateName: template.name,
        parentId: into?.id ?? null,
        accountId: actor.account.id,
        apiKeyId: actor.apiKey?.id ?? null,
        status: 'running',
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!bulk) throw new Error('The bulk send was not stored.');
    const rows = checked.rows.map((r) => ({
      bulkSendId: bulk.id,
      organizationId: scope.organizationId,
      line: r.line,
      name: r.name,
      signees: r.signees,
      values: r.values,
      status: 'pending' as const,
      updatedAt: now,
    }));
    for (let i = 0; i < rows.length; i += 500) await tx.insert(bulkSendRows).values(rows.slice(i, i + 500));
    await enqueueBulkRun(tx, bulk, now);
    await recordAudit(tx, auditOf(actor), 'bulk-send.started', {
      organizationId: scope.organizationId,
      subjectId: bulk.id,
      data: { template: template.id, rows: rows.length },
    });
    return bulk;
  });
}

/**
 * Queues the failed rows again (only those): each goes back to pending, keeping the document made for it,
 * which is then sent instead of making another. A bulk send that had finished runs again, unless another
 * of the organization runs now (409 BULK_SEND_RUNNING); one still running takes the rows on its next turn.
 */
export async function retryBulkSend(
  ctx: AppContext,
  actor: OrganizationActor,
  bulk: Authorized<BulkSendRecord>,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await assertNoneRunning(tx, bulk.organizationId, bulk.id);
    const [current] = await tx.select().from(bulkSends).where(eq(bulkSends.id, bulk.id)).for('update');
    if (!current) throw new AppError('NOT_FOUND', 'Not found.');
    const now = ctx.clock.now();
    const retried = await tx
      .update(bulkSendRows)
      .set({
        status: 'pending',
        errorCode: null,
        errorReason: null,
        leaseUntil: null,
        leaseToken: null,
        waitUntil: null,
        updatedAt: now,
      })
      .where(and(eq(bulkSendRows.bulkSendId, bulk.id), inArray(bulkSendRows.status, ['failed'])))
      .returning({ id: bulkSendRows.id });
    if (retried.length === 0) {
      throw new AppError('CONFLICT', 'No rows have failed.').because('BULK_SEND_NOTHING_TO_RETRY');
    }
    if (current.status === 'done') {
      await tx
        .update(bulkSends)
        .set({ status: 'running', waitingUntil: null, updatedAt: now })
        .where(eq(bulkSends.id, bulk.id));
      await enqueueBulkRun(tx, current, now);
    }
    await recordAudit(tx, auditOf(actor), 'bulk-send.retried', {
      organizationId: bulk.organizationId,
      subjectId: bulk.id,
      data: { rows: retried.length },
    });
  });
}
