import { api, INVITES_PER_HOUR, P } from '@sinetti/contract';
import type { FastifyInstance } from 'fastify';
import { createInvite, cancelInvite, inviteSenderOf } from '../../commands/organizations/invites.ts';
import {
  leaveOrganization,
  refuse,
  removeMember,
  renameOrganization,
  transferOwnership,
} from '../../commands/organizations/members.ts';
import { acceptInvite, declineInvite, openInviteLink } from '../../commands/organizations/respond.ts';
import { retryTransactionOnce } from '../../db/retry.ts';
import type { OrganizationActor } from '../../http/actor.ts';
import { auditOf } from '../../http/audit.ts';
import type { AppContext } from '../../http/context.ts';
import { hitRateLimit } from '../../http/rate-limit.ts';
import { defineRoute } from '../../http/route.ts';
import { sha256Hex } from '../../lib/crypto.ts';
import { notFound } from '../../lib/errors.ts';
import { authorize, authorizeOrganization } from '../../policies/index.ts';
import { sharedOrganizationRule } from '../../policies/organizations.ts';
import { presentAccountInvite, presentCompanyInvite, presentMember } from '../../presenters/organizations.ts';
import {
  findAccountInviteByToken,
  inviteOrganizationNameByToken,
  listAccountInvites,
  listCompanyInvites,
  listMembers,
} from '../../queries/organizations.ts';

const INVITE_LIMIT = { name: 'organization-invite', max: INVITES_PER_HOUR, windowMs: 3_600_000 };
/** Looking up invite links before signing in, per client address: enough for a person, not for guessing. */
export const INVITE_PREVIEW_LIMIT = { name: 'invite-preview', max: 20, windowMs: 600_000 };

/** Cancels a pending invite of the actor's organization (users remove, 16); another's is NOT_FOUND. */
async function cancel(ctx: AppContext, actor: OrganizationActor, inviteId: string): Promise<void> {
  const remover = authorize(actor, P.ORG_USERS_REMOVE);
  const done = await ctx.db.transaction((tx) =>
    cancelInvite(tx, ctx.clock, remover, inviteId, auditOf(actor)),
  );
  if (!done) throw notFound('Invite not found.');
}

/**
 * Invitations, members and organization details (SPEC §7.1 invite, uninvite, decline-request, invites,
 * invite-accept, invite-decline, transfer-owner; and the calls SPEC does not show, docs/decisions.md).
 */
export function registerOrganizationRoutes(app: FastifyInstance): void {
  const calls = api.organizations;

  defineRoute(
    app,
    calls.invite,
  )(async ({ actor, body, ctx }) => {
    const org = authorizeOrganization(actor, P.ORG_USERS_INVITE);
    refuse(sharedOrganizationRule(org));
    await hitRateLimit(ctx.db, ctx.clock, INVITE_LIMIT, org.id);
    const sender = await inviteSenderOf(ctx.db, actor.account);
    const env = { clock: ctx.clock, publicUrl: ctx.config.publicUrl, mail: ctx.config.mail };
    const outcome = await retryTransactionOnce(() =>
      ctx.db.transaction((tx) => createInvite(tx, env, org, body.email, sender, auditOf(actor))),
    );
    if (outcome.status === 'ALREADY_INVITED') return { status: 'ALREADY_INVITED' };
    return { status: 'OK', invite: presentCompanyInvite(outcome.invite, actor.membership) };
  });

  defineRoute(
    app,
    calls.companyInvites,
  )(async ({ actor, ctx }) => {
    const viewer = authorize(actor, P.ORG_VIEW_USERS);
    const rows = await listCompanyInvites(ctx.db, viewer, ctx.clock.now());
    return { status: 'OK', invites: rows.map((r) => presentCompanyInvite(r, actor.membership)) };
  });

  defineRoute(
    app,
    calls.accountInvites,
  )(async ({ actor, ctx }) => {
    const rows = await listAccountInvites(ctx.db, actor.account, ctx.clock.now());
    return { status: 'OK', invites: rows.map(presentAccountInvite) };
  });

  defineRoute(
    app,
    calls.inviteLink,
  )(async ({ actor, params, ctx }) => {
    const tokenHash = sha256Hex(params.token);
    // Holding the link's token lets an account with an unverified address answer this invite by id.
    await openInviteLink(ctx.db, ctx.clock, actor.account, tokenHash);
    const row = await findAccountInviteByToken(ctx.db, tokenHash, actor.account.email, ctx.clock.now());
    if (!row) throw notFound('Invite not found.');
    return { status: 'OK', invite: presentAccountInvite(row) };
  });

  defineRoute(app, calls.invitePreview, { rateLimit: INVITE_PREVIEW_LIMIT })(async ({ params, ctx }) => {
    const name = await inviteOrganizationNameByToken(ctx.db, sha256Hex(params.token), ctx.clock.now());
    if (name === null) throw notFound('Invite not found.');
    return { status: 'OK', organizationName: name };
  });

  defineRoute(
    app,
    calls.inviteAccept,
  )(async ({ actor, params, ctx }) => {
    const companyId = await acceptInvite(ctx.db, ctx.clock, actor, params.id, auditOf(actor));
    return { status: 'OK', companyId };
  });

  defineRoute(
    app,
    calls.inviteDecline,
  )(async ({ actor, params, ctx }) => {
    await declineInvite(ctx.db, ctx.clock, actor.account, params.id, auditOf(actor));
    return { status: 'OK' };
  });

  defineRoute(
    app,
    calls.declineRequest,
  )(async ({ actor, params, ctx }) => {
    await cancel(ctx, actor, params.id);
    return { status: 'OK' };
  });

  defineRoute(
    app,
    calls.uninvite,
  )(async ({ actor, params, ctx }) => {
    if (params.kind === 'invite') {
      await cancel(ctx, actor, params.id);
      return { status: 'OK' };
    }
    const remover = authorize(actor, P.ORG_USERS_REMOVE);
    await ctx.db.transaction((tx) => removeMember(tx, remover, params.id, auditOf(actor)));
    return { status: 'OK' };
  });

  defineRoute(
    app,
    calls.companyUsers,
  )(async ({ actor, ctx }) => {
    const viewer = authorize(actor, P.ORG_VIEW_USERS);
    const rows = await listMembers(ctx.db, viewer);
    return { status: 'OK', users: rows.map((r) => presentMember(r, actor.membership, actor.account.id)) };
  });

  defineRoute(
    app,
    calls.updateCompany,
  )(async ({ actor, body, ctx }) => {
    const editor = authorize(actor, P.ORG_EDIT_DETAILS);
    await ctx.db.transaction((tx) => renameOrganization(tx, ctx.clock, editor, body.name, auditOf(actor)));
    return { status: 'OK', companyId: editor.organizationId, name: body.name };
  });

  defineRoute(
    app,
    calls.transferOwner,
  )(async ({ actor, params, ctx }) => {
    const owner = authorize(actor, 'owner');
    await ctx.db.transaction((tx) => transferOwnership(tx, ctx.clock, owner, params.id, auditOf(actor)));
    return { status: 'OK' };
  });

  defineRoute(
    app,
    calls.leave,
  )(async ({ actor, params, ctx }) => {
    await ctx.db.transaction((tx) => leaveOrganization(tx, params.id, actor.account.id, auditOf(actor)));
    return { status: 'OK' };
  });
}
