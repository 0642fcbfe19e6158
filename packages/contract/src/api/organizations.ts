import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { okReply, simpleOk, statusReply } from '../envelope.ts';
import { idParams, isoDate, platform, uuid } from './common.ts';
import { inviteEmail } from './invite-email.ts';
import { organizationName } from './wizard.ts';

export * from './invite-email.ts';

/** A pending invite as the invited person sees it (SPEC §3 User invite). */
export const accountInvite = z.object({
  id: uuid,
  /** The organization's name. */
  company: z.string(),
  companyId: uuid,
  /** The invited e-mail address. */
  account: z.string(),
  /** Who sent it (full name). */
  invitedBy: z.string().nullable(),
  created: isoDate,
  expires: isoDate,
  /** The organization's platform: only an account of this platform can accept. */
  platform,
});
export type AccountInvite = z.infer<typeof accountInvite>;

/** A pending invite as the organization sees it (Settings → Users, 'Invite pending'). */
export const companyInvite = z.object({
  id: uuid,
  /** The invited address; null without users view details (11). */
  account: z.string().nullable(),
  created: isoDate,
  expires: isoDate,
  platform,
});
export type CompanyInvite = z.infer<typeof companyInvite>;

/** A member of the selected organization (SPEC §3 User in an organization). */
export const member = z.object({
  id: uuid,
  fullName: z.string(),
  /** Null without users view details (11). */
  email: z.string().nullable(),
  /** Null without users view roles (12). */
  roles: z.array(z.object({ id: uuid, name: z.string() })).nullable(),
  isOwner: z.boolean(),
  /** The caller. */
  isMe: z.boolean(),
});
export type Member = z.infer<typeof member>;

/**
 * Invitations, members and organization details (SPEC §7.1; paths SPEC does not show follow its style,
 * see docs/decisions.md). Every call acts on the selected organization (`company-id`) unless it names
 * one in its path.
 */
export const organizationsApi = {
  invite: endpoint({
    id: 'organizations.invite',
    method: 'POST',
    path: '/authentication/invite',
    access: 'organization',
    summary:
      'Invite an e-mail address to the selected organization (organization users invite, 6) and e-mail it a ' +
      'single-use link. ALREADY_INVITED when the address is a member or has a pending invite. Not in a ' +
      'personal workspace (CONFLICT). Rate-limited per organization.',
    body: z.object({ email: inviteEmail }),
    reply: statusReply(['OK', 'ALREADY_INVITED'], { invite: companyInvite.optional() }),
  }),
  companyInvites: endpoint({
    id: 'organizations.companyInvites',
    method: 'GET',
    path: '/authentication/invites/company/pending',
    access: 'organization',
    summary: "The selected organization's pending invites (organization view users, 4).",
    reply: okReply({ invites: z.array(companyInvite) }),
  }),
  accountInvites: endpoint({
    id: 'organizations.accountInvites',
    method: 'GET',
    path: '/authentication/invites/account/pending',
    access: 'account',
    summary:
      "The pending, unexpired invites to the caller's e-mail address. When the identity provider did not verify " +
      'that address, only those whose e-mailed link (invite-link) the caller has opened.',
    reply: okReply({ invites: z.array(accountInvite) }),
  }),
  inviteLink: endpoint({
    id: 'organizations.inviteLink',
    method: 'GET',
    path: '/authentication/invite-link/:token',
    access: 'account',
    summary:
      'The invite an e-mailed link names. NOT_FOUND alike for an unknown, used, expired or cancelled link ' +
      "and for someone else's invite. Opening it lets the caller answer the invite by id even when the " +
      'identity provider did not verify their e-mail address (the token proves the mailbox).',
    params: z.object({ token: z.string().min(1).max(128) }),
    reply: okReply({ invite: accountInvite }),
  }),
  invitePreview: endpoint({
    id: 'organizations.invitePreview',
    method: 'GET',
    path: '/public/invite/:token',
    access: 'public',
    summary:
      'For the sign-in page an e-mailed invite link leads to: the name of the organization a live invite is ' +
      'to, and nothing else (not the address, inviter or platform). NOT_FOUND alike for an unknown, used, ' +
      'expired or cancelled link. Rate-limited per client address (the token is the secret).',
    params: z.object({ token: z.string().min(1).max(128) }),
    reply: okReply({ organizationName: z.string() }),
  }),
  inviteAccept: endpoint({
    id: 'organizations.inviteAccept',
    method: 'GET',
    path: '/authentication/invite-accept/:id',
    access: 'account',
    summary:
      'Join the organization of one of the caller’s pending invites with its default role. An account that ' +
      'has not finished setup finishes it here (the joined organization becomes its default and the ' +
      'session’s selected one): an invitee needs no organization wizard. CONFLICT with ' +
      'reason INVITE_PLATFORM_MISMATCH when the account’s platform differs from the organization’s. ' +
      'Log in again (login type SESSION) afterwards.',
    params: idParams,
    reply: okReply({ companyId: uuid }),
  }),
  inviteDecline: endpoint({
    id: 'organizations.inviteDecline',
    method: 'GET',
    path: '/authentication/invite-decline/:id',
    access: 'account',
    summary: 'Decline one of the caller’s pending invites.',
    params: idParams,
    reply: simpleOk,
  }),
  declineRequest: endpoint({
    id: 'organizations.declineRequest',
    method: 'GET',
    path: '/authentication/decline-request/:id',
    access: 'organization',
    summary: 'Cancel a pending invite of the selected organization (organization users remove, 16).',
    params: idParams,
    reply: simpleOk,
  }),
  uninvite: endpoint({
    id: 'organizations.uninvite',
    method: 'GET',
    path: '/authentication/uninvite/:id/:kind?',
    access: 'organization',
    summary:
      'Remove a member (kind account, the default; id is the account id) or cancel a pending invite (kind ' +
      'invite) from the selected organization (organization users remove, 16). The owner cannot be removed. ' +
      'A removed member loses access at once.',
    params: z.object({ id: uuid, kind: z.enum(['account', 'invite']).default('account') }),
    reply: simpleOk,
  }),
  companyUsers: endpoint({
    id: 'organizations.companyUsers',
    method: 'GET',
    path: '/authentication/company-users',
    access: 'organization',
    summary:
      "The selected organization's members (organization view users, 4): e-mail only with users view " +
      'details (11), roles only with users view roles (12).',
    reply: okReply({ users: z.array(member) }),
  }),
  updateCompany: endpoint({
    id: 'organizations.updateCompany',
    method: 'POST',
    path: '/authentication/update-company',
    access: 'organization',
    summary: 'Rename the selected organization (organization edit details, 8); not a personal workspace.',
    body: z.object({ name: organizationName }),
    reply: okReply({ companyId: uuid, name: z.string() }),
  }),
  transferOwner: endpoint({
    id: 'organizations.transferOwner',
    method: 'GET',
    path: '/authentication/transfer-owner/:id',
    access: 'organization',
    summary:
      'Make another member (account id) the owner of the selected organization (owner only). The former ' +
      'owner stays a member with the default role.',
    params: idParams,
    reply: simpleOk,
  }),
  leave: endpoint({
    id: 'organizations.leave',
    method: 'GET',
    path: '/authentication/leave/:id',
    access: 'account',
    summary:
      'Leave an organization (id) the caller belongs to. Not a personal workspace and not as its owner ' +
      '(transfer the ownership first): CONFLICT.',
    params: idParams,
    reply: simpleOk,
  }),
} as const;
