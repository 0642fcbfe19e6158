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
 * decide, as for the template itself. Once the template is gone, only who started it and the owner. Another
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
