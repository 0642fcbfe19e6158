/**
 * Typecheck-only (never run; `npm run typecheck` compiles it): commands and queries accept only what the
 * policy layer produced. Each `@ts-expect-error` line is a call a route could make if it forgot to
 * authorize; if any of them ever compiled, the directive itself would fail the typecheck.
 */
import { P } from '@sinetti/contract';
import { renameDocument } from '../src/commands/documents/update-document.ts';
import { deleteDocument } from '../src/commands/documents/delete-document.ts';
import { setRoleHeld } from '../src/commands/roles/assignments.ts';
import { deleteRole } from '../src/commands/roles/roles.ts';
import { sendForSigning } from '../src/commands/signing/send.ts';
import { auditOf } from '../src/http/audit.ts';
import type { OrganizationActor } from '../src/http/actor.ts';
import type { AppContext } from '../src/http/context.ts';
import { authorizeDocument } from '../src/policies/documents.ts';
import { authorize, authorizeOrganization } from '../src/policies/index.ts';
import { authorizeRoleEditor } from '../src/policies/roles.ts';
import type { DocumentRow } from '../src/queries/documents/columns.ts';
import { findDocument } from '../src/queries/documents/get-document.ts';
import { listFolder } from '../src/queries/documents/list-documents.ts';
import { listTransactions, readBalance } from '../src/queries/billing.ts';
import { createInvite, type InviteEnv, type InviteSender } from '../src/commands/organizations/invites.ts';
import type { SigningProviders } from '../src/services/signing-providers/index.ts';
import { compareVersions } from '../src/commands/documents/version-compare.ts';
import { authorizeFolder } from '../src/policies/documents.ts';
import { authorizeRolesView } from '../src/policies/roles.ts';
import { systemAccess } from '../src/policies/system.ts';
import { findVersion, listVersions } from '../src/queries/documents/versions.ts';
import { pdfOf, signedPdfOf } from '../src/queries/documents/renditions.ts';
import { findRole, listRoles } from '../src/queries/roles/roles.ts';
import { listSigningEvents } from '../src/queries/signing/audit.ts';
import { countSignees, findSignee, latestProcessOf } from '../src/queries/signing/signees.ts';
import { signeeTimelines } from '../src/queries/signing/timeline.ts';

export async function forgotten(
  ctx: AppContext,
  actor: OrganizationActor,
  providers: SigningProviders,
  env: InviteEnv,
  sender: InviteSender,
) {
  const row = (await findDocument(ctx.db, 'id')) as DocumentRow;

  // @ts-expect-error a bare row was never authorized
  await renameDocument(ctx, actor, row, 'name');
  // @ts-expect-error a bare row was never authorized
  await sendForSigning(ctx, actor, providers, row);
  // @ts-expect-error an organization id is not a scope
  await listFolder(ctx.db, actor.membership.organization.id, null, { limit: 1, offset: 0 });

  // @ts-expect-error billing is the owner's: an organization id is not the owner's scope
  await listTransactions(ctx.db, actor.membership.organization.id, { limit: 1, offset: 0 });
  // @ts-expect-error viewing the balance (7) is not being the owner
  await listTransactions(ctx.db, authorize(actor, P.ORG_VIEW_BALANCE), { limit: 1, offset: 0 });

  // @ts-expect-error a bare organization row was never authorized for inviting
  await createInvite(ctx.db, env, actor.membership.organization, 'a@example.com', sender, auditOf(actor));
  // @ts-expect-error the balance needs organization view balance (7) or the owner
  await readBalance(ctx.db, actor.membership.organization, new Date());
  await readBalance(ctx.db, authorizeOrganization(actor, P.ORG_VIEW_BALANCE), new Date());

  // Authorized for the wrong action: viewing does not let anyone delete.
  const viewed = await authorizeDocument(ctx.db, actor, P.DOCUMENTS_VIEW, 'id');
  // @ts-expect-error authorized for documents view, not documents delete
  await deleteDocument(ctx, actor, viewed, false);
  // @ts-expect-error a scope for creating is not a scope for viewing
  await listFolder(ctx.db, authorize(actor, P.DOCUMENTS_CREATE), null, { limit: 1, offset: 0 });

  // Roles: an actor is not an editor, and editing roles (9) does not let anyone assign them (15).
  // @ts-expect-error a bare actor was never authorized
  await deleteRole(ctx, actor, auditOf(actor), 'role');
  const assign = { accountId: 'a', roleId: 'r', held: true };
  // @ts-expect-error authorized for organization edit roles, not users edit roles
  await setRoleHeld(ctx, authorizeRoleEditor(actor, P.ORG_EDIT_ROLES), auditOf(actor), assign);
  await setRoleHeld(ctx, authorizeRoleEditor(actor, P.USERS_EDIT_ROLES), auditOf(actor), assign);

  // What compiles: authorize first, for the action the command needs.
  const editable = await authorizeDocument(ctx.db, actor, P.DOCUMENTS_EDIT, 'id');
  await renameDocument(ctx, actor, editable, 'name');
  await listFolder(ctx.db, authorize(actor, P.DOCUMENTS_VIEW), null, { limit: 1, offset: 0 });

  // Sub-objects (issue 31 item 13): a document's versions, rounds, signees, events and files, and the
  // organization's roles, are read through an authorized value, never a bare id or row.
  const id = 'id';
  // @ts-expect-error a bare document id was never authorized
  await listVersions(ctx.db, id);
  // @ts-expect-error a bare document id was never authorized
  await findVersion(ctx.db, id, 1);
  // @ts-expect-error a bare document id was never authorized
  await compareVersions(ctx, id, { from: 1, to: 2 });
  // @ts-expect-error a bare document id was never authorized
  await listSigningEvents(ctx.db, id);
  // @ts-expect-error a bare document id was never authorized
  await signeeTimelines(ctx.db, id);
  // @ts-expect-error a bare document id was never authorized
  await countSignees(ctx.db, id);
  // @ts-expect-error a bare signee id, with no authorized document to find it in
  await findSignee(ctx.db, id, id);
  // @ts-expect-error a bare document id was never authorized
  await latestProcessOf(ctx.db, id);
  // @ts-expect-error a bare role id, with no authorized organization to find it in
  await findRole(ctx.db, id, id);
  // @ts-expect-error a bare organization id was never authorized for reading roles
  await listRoles(ctx.db, actor.membership.organization.id);
  // @ts-expect-error a bare document id was never authorized
  pdfOf(id);
  // @ts-expect-error a bare document id was never authorized
  await signedPdfOf(ctx.db, id);

  // Nor a bare row, an object that merely looks like a document, or a row authorized for something else.
  // @ts-expect-error a bare row was never authorized
  pdfOf(row);
  // @ts-expect-error a bare row was never authorized
  await signedPdfOf(ctx.db, row);
  // @ts-expect-error an id and an organization are not an authorization
  await listVersions(ctx.db, { id, organizationId: row.organizationId });
  // @ts-expect-error the organization row is not the document
  await latestProcessOf(ctx.db, authorizeOrganization(actor, P.ORG_VIEW_BALANCE));
  // @ts-expect-error a scope for viewing documents is not one for reading roles
  await listRoles(ctx.db, authorize(actor, P.DOCUMENTS_VIEW));
  const folder = await authorizeFolder(ctx.db, actor, P.DOCUMENTS_CREATE, 'folder');
  if (folder) {
    // @ts-expect-error a folder authorized for creating inside it is not authorized for reading
    await listVersions(ctx.db, folder);
  }

  // What compiles: the document authorized for viewing (or editing), the roles authorized for reading,
  // and the deliberate system grant of policies/system.ts for callers without an actor.
  await listVersions(ctx.db, viewed);
  await findVersion(ctx.db, editable, 1);
  await compareVersions(ctx, viewed, { from: 1, to: 2 });
  await listSigningEvents(ctx.db, viewed);
  await signeeTimelines(ctx.db, viewed);
  await countSignees(ctx.db, viewed);
  await findSignee(ctx.db, editable, id);
  await latestProcessOf(ctx.db, editable);
  pdfOf(viewed);
  await signedPdfOf(ctx.db, viewed);
  const roles = authorizeRolesView(actor);
  await listRoles(ctx.db, roles);
  await findRole(ctx.db, roles, id);
  await findRole(ctx.db, authorizeRoleEditor(actor, P.ORG_EDIT_ROLES), id, true);
  await signedPdfOf(ctx.db, systemAccess('share-link', row));
}
