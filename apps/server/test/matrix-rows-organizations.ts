/**
 * Matrix rows (authorization-matrix.test.ts) of the organizations calls: invitations, members and details.
 * Calls about an invite use unknown ids: an invite is the invitee's or its organization's alone, so an
 * allowed caller gets 404 for an id that is not theirs, and a caller without the permission 403 first.
 */
import { randomUUID } from 'node:crypto';
import { P } from '@sinetti/contract';
import { memberships } from '../src/db/schema/index.ts';
import type { Row } from './matrix-kit.ts';

const get = (url: string) => ({ method: 'GET' as const, url });

export const ORGANIZATION_ROWS: Record<string, Row> = {
  'organizations.invite': {
    kind: 'scope',
    grants: [[P.ORG_USERS_INVITE]],
    request: () => ({
      method: 'POST',
      url: '/api/authentication/invite',
      payload: { email: `invitee-${randomUUID().slice(0, 8)}@example.com` },
    }),
  },
  'organizations.companyInvites': {
    kind: 'scope',
    grants: [[P.ORG_VIEW_USERS]],
    request: () => get('/api/authentication/invites/company/pending'),
  },
  'organizations.companyUsers': {
    kind: 'scope',
    grants: [[P.ORG_VIEW_USERS]],
    request: () => get('/api/authentication/company-users'),
  },
  'organizations.updateCompany': {
    kind: 'scope',
    grants: [[P.ORG_EDIT_DETAILS]],
    request: () => ({
      method: 'POST',
      url: '/api/authentication/update-company',
      payload: { name: 'Renamed Oy' },
    }),
  },
  'organizations.declineRequest': {
    kind: 'scope',
    grants: [[P.ORG_USERS_REMOVE]],
    ok: 404,
    request: () => get(`/api/authentication/decline-request/${randomUUID()}`),
  },
  'organizations.uninvite': {
    kind: 'object',
    grants: [[P.ORG_USERS_REMOVE]],
    request: (o) => get(`/api/authentication/uninvite/${o.member}/account`),
    async fresh(_o, f) {
      const user = await f.t.signUp();
      await f.t.database.db
        .insert(memberships)
        .values({ organizationId: f.owner.personalOrganizationId, accountId: user.accountId });
      return { member: user.accountId };
    },
  },
  'organizations.transferOwner': {
    kind: 'owner',
    ok: 404,
    request: () => get(`/api/authentication/transfer-owner/${randomUUID()}`),
  },
  // The invitee's own calls: any session; an invite or link that is not the caller's is 404.
  'organizations.accountInvites': {
    kind: 'account',
    request: () => get('/api/authentication/invites/account/pending'),
  },
  'organizations.inviteLink': {
    kind: 'account',
    ok: 404,
    request: () => get(`/api/authentication/invite-link/${'x'.repeat(43)}`),
  },
  // The sign-in page's preview of an e-mailed link: public; an unknown link is 404 for everyone.
  'organizations.invitePreview': {
    kind: 'public',
    ok: 404,
    request: () => get(`/api/public/invite/${'x'.repeat(43)}`),
  },
  'organizations.inviteAccept': {
    kind: 'account',
    ok: 404,
    request: () => get(`/api/authentication/invite-accept/${randomUUID()}`),
  },
  'organizations.inviteDecline': {
    kind: 'account',
    ok: 404,
    request: () => get(`/api/authentication/invite-decline/${randomUUID()}`),
  },
  'organizations.leave': {
    kind: 'account',
    ok: 404,
    request: () => get(`/api/authentication/leave/${randomUUID()}`),
  },
};
