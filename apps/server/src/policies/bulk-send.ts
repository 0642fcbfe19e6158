import { P } from '@sinetti/contract';
import type { DbOrTx } from '../db/client.ts';
import type { OrganizationActor } from '../http/actor.ts';
import { AppError } from '../lib/errors.ts';
import { findDocument } from '../queries/documents/get-document.ts';
import { seesDocument } from './documents.ts';
import { authorize, authorizeSubject, type OrganizationScoped } from './index.ts';

/**
 * Bulk send (issue #33 item 4; docs/decisions.md "Bulk send"): Use template (documents create) and send
 * (documents edit) for every row, so both permissions. The job acts later as whoever started it (a person,
 * or an API key with what it carries), with their permissions at the time of each row.
 */
export function authorizeBulkSender(actor: OrganizationActor) {
  authorize(actor, P.DOCUMENTS_EDIT);
  return authorize(actor, P.DOCUMENTS_CREATE);
}

/**
 * One bulk send of the caller's organization, seen by the senders who see its template (its contracts go
 * where the template is, and its rows name their signees and documents): the template's document roles
 * decide, as for the template itself (retrying it: authorizeBulkRetry). Once the template is gone, only who started it and the owner. Another
 * organization's, or one the caller may not see: 404.
 */
export async function authorizeBulkSend<
  S extends OrganizationScoped & { accountId: string; templateId: string | null },
>(db: DbOrTx, actor: OrganizationActor, bulk: S | null | undefined) {
  authorizeBulkSender(actor);
  const subject = authorizeSubject(actor, P.DOCUMENTS_EDIT, bulk);
  const template = subject.templateId ? await findDocument(db, subject.templateId) : null;
  const sees = template
    ? seesDocument(actor, template)
    : subject.accountId === actor.account.id || actor.membership.isOwner;
  if (!sees) throw new AppError('NOT_FOUND', 'Not found.');
  return subject;
}

/**
 * Retrying a bulk send's failed rows (docs/decisions.md "Bulk send"): its rows are sent as whoever started
 * it (their name on the documents, their permissions, the key they used), so only they may retry it, or the
 * organization's owner. A person may retry what they started (through a key of theirs too: it still runs
 * as that key); a key only what it started itself (else it would send with the person's full rights).
 * The bulk send is looked at first, by authorizeBulkSend's rules: a missing one, another organization's and
 * one the caller may not see are the same 404, whoever asks (an owner, or who started one elsewhere: being
 * allowed to retry is never checked before the organization is). Only a caller who sees it (info shows it to
 * them) is told 403 when it is not theirs to retry.
 */
export async function authorizeBulkRetry<
  S extends OrganizationScoped & { accountId: string; apiKeyId: string | null; templateId: string | null },
>(db: DbOrTx, actor: OrganizationActor, bulk: S | null | undefined) {
  const seen = await authorizeBulkSend(db, actor, bulk);
  if (!mayRetryBulkSend(actor, seen)) {
    throw new AppError('FORBIDDEN', 'Only who started this bulk send, or the owner, may retry it.');
  }
  return seen;
}

/** Whether the caller may retry the bulk send (authorizeBulkRetry's rule; the web offers Retry by it). */
export function mayRetryBulkSend(
  actor: OrganizationActor,
  bulk: { accountId: string; apiKeyId: string | null },
): boolean {
  if (actor.membership.isOwner) return true;
  return actor.apiKey ? bulk.apiKeyId === actor.apiKey.id : bulk.accountId === actor.account.id;
}
