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
import { documentStats } from '../src/queries/documents/stats.ts';
import type { SigningProviders } from '../src/services/signing-providers/index.ts';

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
  await documentStats(ctx.db, authorize(actor, P.DOCUMENTS_CREATE), new Date());

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
  await documentStats(ctx.db, authorize(actor, P.DOCUMENTS_VIEW), new Date());
}
