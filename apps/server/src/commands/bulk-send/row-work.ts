import { DOCUMENT_STATE, P } from '@sinetti/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bulkSendRows } from '../../db/schema/index.ts';
import type { OrganizationActor } from '../../http/actor.ts';
import type { AppContext } from '../../http/context.ts';
import { AppError } from '../../lib/errors.ts';
import { authorizeDocument, authorizeFolder } from '../../policies/documents.ts';
import { authorize } from '../../policies/index.ts';
import { findDocument } from '../../queries/documents/get-document.ts';
import type { SigningProviders } from '../../services/signing-providers/index.ts';
import { convertTemplate } from '../documents/convert-template.ts';
import { fillTemplate } from '../documents/template-fields.ts';
import { roleSigneesFor } from '../documents/template-roles.ts';
import { levelAndMethod } from '../signing/signees.ts';
import { sendForSigning } from '../signing/send.ts';
import type { BulkRowRecord, BulkSendRecord } from './read.ts';

/**
 * What happens to one row: Use template (the same commands as POST documents/convert: the role signees,
 * the filled DOCX, the copy) and then the send command, as the person who started the bulk send, each
 * through the policies as a request would be.
 */

export type RowOutcome =
  | { kind: 'created'; documentId: string }
  | { kind: 'sent' }
  | { kind: 'failed'; code: string; reason?: string }
  /** Not now: its PDF is being made, or a limit says when to try again (mail: the bulk send waits). */
  | { kind: 'wait'; until: Date; mail: boolean }
  | { kind: 'lowBalance' }
  /** Another run has it (only after a lost lease). */
  | { kind: 'skip' };

/**
 * Makes the row's contract and records its id on the row in one transaction (Use template's own
 * transaction runs inside it as a savepoint), so a crash leaves either both or neither: a row never gets
 * two contracts. The row must still be pending and held by this run's claim (its lease token), else
 * nothing is made.
 */
export async function createRowDocument(
  ctx: AppContext,
  actor: OrganizationActor,
  providers: SigningProviders,
  bulk: BulkSendRecord,
  row: BulkRowRecord,
): Promise<RowOutcome> {
  const scope = authorize(actor, P.DOCUMENTS_CREATE);
  if (!bulk.templateId) throw new AppError('NOT_FOUND', 'The template is gone.');
  const from = await authorizeDocument(ctx.db, actor, P.DOCUMENTS_VIEW, bulk.templateId);
  const into = await authorizeFolder(ctx.db, actor, P.DOCUMENTS_CREATE, bulk.parentId);
  const people = roleSigneesFor(from, row.signees);
  const roleSignees = { people, ...levelAndMethod(providers, {}) };
  const filled = await fillTemplate(ctx, from, row.values, actor.account.language);
  try {
    const outcome: RowOutcome = await ctx.db.transaction(async (tx) => {
      const [mine] = await tx.select().from(bulkSendRows).where(eq(bulkSendRows.id, row.id)).for('update');
      const held = mine && row.leaseToken !== null && mine.leaseToken === row.leaseToken;
      if (!held || mine.status !== 'pending' || mine.documentId) return { kind: 'skip' as const };
      const input = { name: row.name, includeChildren: false, filled, roleSignees };
      // The same database handle as a transaction: convertTemplate's transaction becomes a savepoint of this one.
      const inTx = { ...ctx, db: tx as unknown as Db };
      const documentId = await convertTemplate(inTx, actor, scope, from, into, input);
      await tx
        .update(bulkSendRows)
        .set({ documentId, status: 'created', updatedAt: ctx.clock.now() })
        .where(eq(bulkSendRows.id, row.id));
      return { kind: 'created' as const, documentId };
    });
    if (outcome.kind === 'skip' && filled) await ctx.blobs.delete(filled.key).catch(() => undefined);
    return outcome;
  } catch (err) {
    if (filled) await ctx.blobs.delete(filled.key).catch(() => undefined);
    throw err;
  }
}

/**
 * Sends the row's contract through the send command (which charges each signee once, under the
 * document's lock, with the idempotency key of its round). A contract that is no longer a draft was sent
 * by an earlier run that stopped before recording it: that is the row sent, never sent again. So is one
 * that another run sent after this one read it as a draft (a run whose lease ran out, still working): the
 * send, under the lock, then refuses a document no longer in Draft, and the row is sent, not failed.
 */
export async function sendRowDocument(
  ctx: AppContext,
  actor: OrganizationActor,
  providers: SigningProviders,
  documentId: string,
): Promise<RowOutcome> {
  const doc = await authorizeDocument(ctx.db, actor, P.DOCUMENTS_EDIT, documentId);
  if (doc.state !== DOCUMENT_STATE.Draft) return { kind: 'sent' };
  if (doc.conversionStatus === 'pending') {
    return { kind: 'wait', until: new Date(ctx.clock.now().getTime() + 2_000), mail: false };
  }
  if (!doc.pdfKey) return { kind: 'failed', code: 'CONFLICT', reason: 'BULK_SEND_PDF_FAILED' };
  try {
    const result = await sendForSigning(ctx, actor, providers, doc, {});
    return result.status === 'OK' ? { kind: 'sent' } : { kind: 'lowBalance' };
  } catch (err) {
    if (err instanceof AppError && (await sentMeanwhile(ctx, documentId))) return { kind: 'sent' };
    throw err;
  }
}

/** Whether the contract has left Draft (read again after a refused send; a deleted one has not been sent). */
async function sentMeanwhile(ctx: AppContext, documentId: string): Promise<boolean> {
  const now = await findDocument(ctx.db, documentId);
  return now !== null && now.state !== DOCUMENT_STATE.Draft;
}

/** A refusal as a row's outcome: limits wait (the e-mail limit until its window allows), others fail. */
export function outcomeOfError(ctx: AppContext, err: unknown): RowOutcome | null {
  if (!(err instanceof AppError)) return null;
  if (err.code === 'RATE_LIMITED') {
    const seconds = err.details?.retryAfterSeconds ?? 5;
    const mail = err.reason === 'MAIL_LIMIT_ORGANIZATION' || err.reason === 'MAIL_LIMIT_RECIPIENT';
    return { kind: 'wait', until: new Date(ctx.clock.now().getTime() + Math.max(1, seconds) * 1000), mail };
  }
  return { kind: 'failed', code: err.code, ...(err.reason ? { reason: err.reason } : {}) };
}
