import { P, type DocumentAbilities } from '@sinetti/contract';
import type { DbOrTx } from '../db/client.ts';
import type { OrganizationActor } from '../http/actor.ts';
import { AppError } from '../lib/errors.ts';
import type { DocumentRow } from '../queries/documents/columns.ts';
import { findDocument } from '../queries/documents/get-document.ts';
import { documentOfSignee, findSignee, type SigneeRow } from '../queries/signing/signees.ts';
import type { Action } from './actions.ts';
import { regrant, type Authorized } from './authorized.ts';
import { documentRules, type Refusal } from './document-rules.ts';
import { can, authorizeSubject } from './index.ts';

export type AuthorizedDocument<A extends Action = Action> = Authorized<DocumentRow, A>;

/** What reads of a document's sub-objects need of it: which document, in which organization. */
export type DocumentRef = Pick<DocumentRow, 'id' | 'organizationId'>;

/**
 * Who may read what belongs to a document (its versions, rounds, signees, signing events, renditions): a
 * member authorized to view it or to edit it (authorizeDocument checked its organization and its roles),
 * or a system grant (policies/system.ts) for the callers without an actor. Not, say, a folder authorized
 * only for creating inside it.
 */
export type ReadsDocument = typeof P.DOCUMENTS_VIEW | typeof P.DOCUMENTS_EDIT | 'system';

/**
 * A document (or the part of its row a read needs, `T`) authorized for reading its sub-objects: what
 * listVersions, findVersion, latestProcessOf, findSignee, pdfOf… take instead of a bare id
 * (docs/decisions.md "Authorization").
 */
export type DocumentAccess<T extends object = DocumentRef> = Authorized<T, ReadsDocument>;

/**
 * Loads a document and authorizes the action on it: NOT_FOUND when it does not exist, is deleted, belongs
 * to another organization or is hidden from the caller by its roles; FORBIDDEN without the permission.
 */
export async function authorizeDocument<const A extends Action>(
  db: DbOrTx,
  actor: OrganizationActor,
  action: A,
  id: string,
): Promise<AuthorizedDocument<A>> {
  const row = await findDocument(db, id);
  return authorizeSubject(actor, action, row && seesDocument(actor, row) ? row : null);
}

/**
 * Authorizes an action on the document of a signee known only by its id (removing a signee): the answers
 * of authorizeDocument (403 before 404), then NOT_FOUND when the signee is gone. The signee's id leads
 * only to its document's id here; the signee itself is read through the authorized document.
 */
export async function authorizeSignee<const A extends typeof P.DOCUMENTS_VIEW | typeof P.DOCUMENTS_EDIT>(
  db: DbOrTx,
  actor: OrganizationActor,
  action: A,
  signeeId: string,
): Promise<{ doc: AuthorizedDocument<A>; signee: SigneeRow }> {
  const documentId = await documentOfSignee(db, signeeId);
  const doc = documentId
    ? await authorizeDocument(db, actor, action, documentId)
    : authorizeSubject<DocumentRow, A>(actor, action, null);
  const signee = await findSignee(db, doc, signeeId);
  if (!signee) throw new AppError('NOT_FOUND', 'Not found.');
  return { doc, signee };
}

/**
 * Whether the member sees the document by its roles (docs/decisions.md "Document roles"): the owner
 * always; others when it has no effective roles or they hold one of them. The same rule as seenByCaller().
 */
export function seesDocument(
  actor: Pick<OrganizationActor, 'membership'>,
  doc: Pick<DocumentRow, 'effectiveRoleIds'>,
): boolean {
  if (actor.membership.isOwner || !doc.effectiveRoleIds) return true;
  const held = new Set(actor.membership.roles.map((r) => r.id));
  return doc.effectiveRoleIds.some((id) => held.has(id));
}

/** The folder documents go into: null for the top level, else an authorized folder (400 for a non-folder). */
export async function authorizeFolder<const A extends Action>(
  db: DbOrTx,
  actor: OrganizationActor,
  action: A,
  id: string | null | undefined,
): Promise<AuthorizedDocument<A> | null> {
  if (!id) return null;
  const folder = await authorizeDocument(db, actor, action, id);
  assertFolder(folder);
  return folder;
}

/** Documents go only into folders: VALIDATION_FAILED for a parent of any other type. */
export function assertFolder(parent: Pick<DocumentRow, 'type'>): void {
  if (parent.type !== 'folder') {
    throw new AppError('VALIDATION_FAILED', 'The parent must be a folder.', { parent: 'Not a folder.' });
  }
}

/**
 * The authorized document read again inside a transaction, under a row lock: commands check its state
 * rules on this fresh row. NOT_FOUND when it was deleted in between.
 */
export async function relock<A extends Action>(
  tx: DbOrTx,
  doc: AuthorizedDocument<A>,
  lock: 'update' | 'share' = 'update',
): Promise<AuthorizedDocument<A>> {
  const fresh = await findDocument(tx, doc.id, lock);
  if (!fresh || fresh.organizationId !== doc.organizationId) throw new AppError('NOT_FOUND', 'Not found.');
  return regrant(fresh, doc);
}

/**
 * What the caller may do with the document now (its permissions and the state rules together): sent with
 * document info and signee lists so that the web app offers exactly these actions.
 */
export function documentAbilities(
  actor: Pick<OrganizationActor, 'membership'>,
  doc: Pick<DocumentRow, 'type' | 'state' | 'extension' | 'blobKey'>,
  signeeCount: number,
): DocumentAbilities {
  const view = can(actor, P.DOCUMENTS_VIEW);
  const edit = can(actor, P.DOCUMENTS_EDIT);
  const folder = doc.type === 'folder';
  const ok = (permitted: boolean, refusal: Refusal) => permitted && refusal === null;
  return {
    view,
    download: ok(view, documentRules.content(doc)),
    rename: edit,
    move: edit,
    delete: can(actor, P.DOCUMENTS_DELETE),
    archive: ok(edit, documentRules.archive(doc)),
    restore: ok(edit, documentRules.restore(doc)),
    edit: ok(edit, documentRules.edit(doc)),
    editSignees: ok(edit, documentRules.editSignees(doc)),
    send: ok(edit, documentRules.send(doc, signeeCount)),
    cancel: ok(edit, documentRules.cancel(doc)),
    remind: ok(edit, documentRules.remind(doc)),
    convert: ok(view && can(actor, P.DOCUMENTS_CREATE), documentRules.convert(doc)),
    bulkSend:
      doc.type === 'template' &&
      ok(view && can(actor, P.DOCUMENTS_CREATE) && edit, documentRules.convert(doc)),
    createInside: folder && can(actor, P.DOCUMENTS_CREATE),
    viewRoles: can(actor, P.DOCUMENTS_VIEW_ROLES),
    editRoles: can(actor, P.DOCUMENTS_EDIT_ROLES),
    share: ok(can(actor, P.DOCUMENTS_EDIT_ROLES), documentRules.content(doc)),
    deleteRoles: can(actor, P.DOCUMENTS_DELETE_ROLES),
  };
}
