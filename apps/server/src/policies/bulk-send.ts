import { P } from '@sinetti/contract';
import type { OrganizationActor } from '../http/actor.ts';
import { keyNotAllowed } from '../http/api-key-actor.ts';
import { AppError } from '../lib/errors.ts';
import { authorize, authorizeSubject, type OrganizationScoped } from './index.ts';

/**
 * Bulk send (issue #33 item 4; docs/decisions.md "Bulk send"): Use template (documents create) and send
 * (documents edit) for every row, so both permissions. A person's session only: the job acts later as the
 * person who started it, with their permissions at the time of each row, and an API key's narrower grant
 * would not be kept for that long.
 */
export function authorizeBulkSender(actor: OrganizationActor) {
  if (actor.apiKey) throw keyNotAllowed();
  authorize(actor, P.DOCUMENTS_EDIT);
  return authorize(actor, P.DOCUMENTS_CREATE);
}

/**
 * One bulk send: its rows name people and documents, so only who started it and the owner (who sees every
 * document) see it; anyone else, and another organization, get 404.
 */
export function authorizeBulkSend<S extends OrganizationScoped & { accountId: string }>(
  actor: OrganizationActor,
  bulk: S | null | undefined,
) {
  authorizeBulkSender(actor);
  const mine = bulk && (bulk.accountId === actor.account.id || actor.membership.isOwner);
  if (bulk && !mine) throw new AppError('NOT_FOUND', 'Not found.');
  return authorizeSubject(actor, P.DOCUMENTS_EDIT, bulk);
}
