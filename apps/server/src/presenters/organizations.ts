import { P, type AccountInvite, type CompanyInvite, type Member } from '@sinetti/contract';
import type { Membership } from '../policies/membership.ts';
import type { AccountInviteRow, InviteRow, listMembers } from '../queries/organizations.ts';
import { fullNameOf } from './account.ts';

/** An invite as the invited person sees it. */
export function presentAccountInvite(row: AccountInviteRow): AccountInvite {
  const { invite } = row;
  const inviter =
    row.inviterEmail === null
      ? null
      : fullNameOf(
          { givenName: row.inviterGiven ?? '', familyName: row.inviterFamily ?? '' },
          row.inviterEmail,
        );
  return {
    id: invite.id,
    company: row.company,
    companyId: invite.organizationId,
    account: invite.email,
    invitedBy: inviter,
    created: invite.createdAt.toISOString(),
    expires: invite.expiresAt.toISOString(),
    platform: invite.platform,
  };
}

/** An invite as its organization sees it: the address only with users view details (11). */
export function presentCompanyInvite(invite: InviteRow, viewer: Membership): CompanyInvite {
  return {
    id: invite.id,
    account: viewer.permissions.has(P.USERS_VIEW_DETAILS) ? invite.email : null,
    created: invite.createdAt.toISOString(),
    expires: invite.expiresAt.toISOString(),
    platform: invite.platform,
  };
}

type MemberRow = Awaited<ReturnType<typeof listMembers>>[number];

/** A member: e-mail only with users view details (11), roles only with users view roles (12). */
export function presentMember(row: MemberRow, viewer: Membership, viewerId: string): Member {
  const seesEmail = viewer.permissions.has(P.USERS_VIEW_DETAILS);
  return {
    id: row.accountId,
    // A member with no name is shown by address only to those who may see addresses; others get ''.
    fullName: fullNameOf(row, seesEmail ? row.email : ''),
    email: seesEmail ? row.email : null,
    roles: viewer.permissions.has(P.USERS_VIEW_ROLES)
      ? row.roles.map(({ id, name }) => ({ id, name }))
      : null,
    isOwner: row.accountId === viewer.organization.ownerAccountId,
    isMe: row.accountId === viewerId,
  };
}
