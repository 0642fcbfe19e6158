import { and, eq } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import { accounts, apiKeys, bulkSendRows, bulkSends } from '../../db/schema/index.ts';
import { apiKeyRefusal, keyMembership, type ApiKeyActor } from '../../http/api-key-actor.ts';
import type { OrganizationActor } from '../../http/actor.ts';
import type { AppContext } from '../../http/context.ts';
import { loadMembership } from '../../policies/membership.ts';
import type { JobContext, JobRegistry } from '../../services/jobs/index.ts';
import type { SigningProviders } from '../../services/signing-providers/index.ts';
import { signingProvidersOf } from '../signing/providers.ts';
import { claimRows, failOpenRows, open, record, release } from './lease.ts';
import { findBulkSend, type BulkRowRecord, type BulkSendRecord } from './read.ts';
import { createRowDocument, outcomeOfError, sendRowDocument, type RowOutcome } from './row-work.ts';
import { BULK_SEND_JOB, enqueueBulkRun } from './start.ts';

/**
 * The bulk send's job (issue #33 item 4; docs/decisions.md "Bulk send"). A run takes a few rows at a time
 * under a lease (lease.ts: FOR UPDATE SKIP LOCKED; a crashed run's rows are taken again when the lease
 * ends, and each claim's token keeps the late writes of a run that lost its lease from counting), makes
 * each row's contract and sends it, and records the outcome on the row. A row whose PDF is still being
 * made is skipped until it is ready; when no row is ready the run ends and queues the next one for when
 * one will be (in the same transaction that finds rows left, so the chain of runs never breaks). A row is
 * never sent twice: its contract is recorded with its creation, and a contract already out of Draft is a
 * row already sent.
 */

/** A run gives its worker slot back after this long (the next run is queued at once). */
const RUN_BUDGET_MS = 60_000;
const PDF_POLL_MS = 2_000;

type Payload = { bulkSendId: string };

/**
 * Who started it, as they stand now: the person with their membership, or the API key with what it
 * carries (keyMembership); null when they left the organization or the key was revoked, expired or deleted.
 */
async function actorOf(ctx: AppContext, bulk: BulkSendRecord): Promise<OrganizationActor | null> {
  const [account] = await ctx.db.select().from(accounts).where(eq(accounts.id, bulk.accountId));
  const membership = account ? await loadMembership(ctx.db, account.id, bulk.organizationId) : null;
  if (!account || !membership) return null;
  let apiKey: ApiKeyActor | null = null;
  if (bulk.apiKeyId) {
    const [key] = await ctx.db.select().from(apiKeys).where(eq(apiKeys.id, bulk.apiKeyId));
    if (!key || key.organizationId !== bulk.organizationId || apiKeyRefusal(key, ctx.clock.now()))
      return null;
    apiKey = { id: key.id, name: key.name, organizationId: key.organizationId, permissions: key.permissions };
  }
  // No request: the audit and signing events name the person (and key), with this user agent and no address.
  return {
    sessionId: '',
    account,
    ip: '',
    userAgent: `Sinetti bulk send ${bulk.id}`,
    apiKey,
    membership: apiKey ? keyMembership(membership, apiKey) : membership,
  };
}

/** One row from where it stands: made (or retried with its contract) → send; else make, then send. */
async function workRow(
  ctx: AppContext,
  actor: OrganizationActor,
  providers: SigningProviders,
  bulk: BulkSendRecord,
  row: BulkRowRecord,
): Promise<RowOutcome> {
  try {
    let documentId = row.documentId;
    if (row.status === 'created' && !documentId) return { kind: 'failed', code: 'NOT_FOUND' };
    if (!documentId) {
      const made = await createRowDocument(ctx, actor, providers, bulk, row);
      if (made.kind !== 'created') return made;
      documentId = made.documentId;
    }
    return await sendRowDocument(ctx, actor, providers, documentId);
  } catch (err) {
    const outcome = outcomeOfError(ctx, err);
    if (!outcome) throw err;
    return outcome;
  }
}

/**
 * After a batch: a bulk send with no open rows is done; otherwise the next run is queued for the soonest
 * time a row can be worked (a lease or wait ending; a PDF being made is looked at again shortly).
 */
async function finishOrContinue(ctx: AppContext, bulkId: string, soon: boolean): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [bulk] = await tx.select().from(bulkSends).where(eq(bulkSends.id, bulkId)).for('update');
    if (!bulk || bulk.status !== 'running') return;
    const now = ctx.clock.now();
    const left = await tx
      .select({ waitUntil: bulkSendRows.waitUntil, leaseUntil: bulkSendRows.leaseUntil })
      .from(bulkSendRows)
      .where(and(eq(bulkSendRows.bulkSendId, bulkId), open));
    if (left.length === 0) {
      await tx
        .update(bulkSends)
        .set({ status: 'done', waitingUntil: null, updatedAt: now })
        .where(eq(bulkSends.id, bulkId));
      return;
    }
    const times = left.map((r) => {
      const t = Math.max(r.waitUntil?.getTime() ?? 0, r.leaseUntil?.getTime() ?? 0);
      return t > now.getTime() ? t : now.getTime() + PDF_POLL_MS;
    });
    const next = soon ? now : new Date(Math.min(...times));
    await enqueueBulkRun(tx, bulk, next);
  });
}

export async function runBulkSend(c: JobContext, providers: SigningProviders, bulkId: string): Promise<void> {
  const bulk = await findBulkSend(c.db, bulkId);
  if (!bulk || bulk.status !== 'running') return;
  const actor = await actorOf(c, bulk);
  if (!actor) {
    await failOpenRows(c.db, c, bulkId, 'FORBIDDEN');
    return finishOrContinue(c, bulkId, false);
  }
  const started = Date.now();
  for (;;) {
    if (c.signal.aborted) throw new Error('The worker is stopping.');
    if (Date.now() - started > RUN_BUDGET_MS) return finishOrContinue(c, bulkId, true);
    const rows = await claimRows(c, bulkId);
    if (rows.length === 0) return finishOrContinue(c, bulkId, false);
    for (const [i, row] of rows.entries()) {
      const outcome = await workRow(c, actor, providers, bulk, row).catch(async (err: unknown) => {
        // Not the row's fault (the database, a bug): its and the batch's leases end so the retry takes them.
        await release(c.db, rows.slice(i)).catch(() => undefined);
        throw err;
      });
      if (outcome.kind === 'lowBalance') {
        // The balance no longer covers this row: it and every row after it fail with LIMIT_LOW_BALANCE
        // (nothing was charged for them); Retry failed rows after a top-up sends them.
        await c.db.transaction(async (tx) => {
          await record(tx, c, row, { kind: 'failed', code: 'LIMIT_LOW_BALANCE' });
          await failOpenRows(tx, c, bulkId, 'LIMIT_LOW_BALANCE');
        });
        return finishOrContinue(c, bulkId, false);
      }
      if (outcome.kind === 'wait' && outcome.mail) {
        // The e-mail limit: this row and the rest of the batch wait until its window allows more.
        await c.db.transaction(async (tx) => {
          for (const r of rows.slice(i)) await record(tx, c, r, outcome);
          await tx.update(bulkSends).set({ waitingUntil: outcome.until }).where(eq(bulkSends.id, bulkId));
        });
        return finishOrContinue(c, bulkId, false);
      }
      await record(c.db, c, row, outcome);
      if (outcome.kind === 'sent' && bulk.waitingUntil) {
        await c.db.update(bulkSends).set({ waitingUntil: null }).where(eq(bulkSends.id, bulkId));
        bulk.waitingUntil = null;
      }
    }
  }
}

/** The bulk send's background job. */
export function registerBulkSendJobs(registry: JobRegistry, config: Config): void {
  const providers = signingProvidersOf(config);
  registry.register<Payload>(BULK_SEND_JOB, (job, c) => runBulkSend(c, providers, job.payload.bulkSendId), {
    baseDelayMs: 5_000,
    maxDelayMs: 5 * 60_000,
    // Retrying cannot help any more: the rows not done fail (their reason INTERNAL), so the bulk send ends.
    onGiveUp: async (job, _error, ctx) => {
      await failOpenRows(ctx.db, ctx, job.payload.bulkSendId, 'INTERNAL');
      await finishOrContinue(ctx, job.payload.bulkSendId, false);
    },
  });
}
