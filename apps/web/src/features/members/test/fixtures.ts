import { GRANTABLE_PERMISSION_IDS, type CompanyInvite, type Member } from '@sinetti/contract';
import { ORG_ACME, makeAccount, signInAs } from '../../../test/utils';

export const ME = '00000000-0000-4000-8000-0000000000aa';
export const MAIJA = '00000000-0000-4000-8000-0000000000b1';
export const PEKKA = '00000000-0000-4000-8000-0000000000b2';
export const INVITE = '00000000-0000-4000-8000-0000000000c1';

export const A = '/api/authentication';

export const signIn = (org = ORG_ACME) => signInAs('OK', org);

export const accountReply = (org = ORG_ACME, name = 'Acme Oy') => {
  const account = makeAccount({ selectedOrganization: org });
  account.organizations = account.organizations.map((o) => (o.id === org ? { ...o, name } : o));
  return () => ({ status: 'OK', account });
};

export function accountRoles(permissions: readonly number[] = GRANTABLE_PERMISSION_IDS, isOwner = true) {
  return () => ({ status: 'OK', isOwner, permissions: [...permissions], keys: [], roles: [] });
}

const role = (name: string) => ({
  id: `00000000-0000-4000-8000-00000000a${name.length}0${name.length}`,
  name,
});

/** The viewer (the owner by default), Maija (Member) and Pekka (no roles), as the server presents them. */
export function membersReply(viewerIsOwner = true, hidden: { email?: boolean; roles?: boolean } = {}) {
  const users: Member[] = [
    {
      id: ME,
      fullName: 'Matti Meikäläinen',
      email: 'matti@example.com',
      roles: [],
      isOwner: viewerIsOwner,
      isMe: true,
    },
    {
      id: MAIJA,
      fullName: 'Maija Member',
      email: 'maija@acme.fi',
      roles: [role('Member')],
      isOwner: !viewerIsOwner,
      isMe: false,
    },
    { id: PEKKA, fullName: 'Pekka Plain', email: 'pekka@acme.fi', roles: [], isOwner: false, isMe: false },
  ].map((u) => ({ ...u, email: hidden.email ? null : u.email, roles: hidden.roles ? null : u.roles }));
  return () => ({ status: 'OK', users });
}

export function invitesReply(account: string | null = 'uusi@acme.fi') {
  const invites: CompanyInvite[] = [
    {
      id: INVITE,
      account,
      created: '2026-06-01T09:00:00.000Z',
      expires: '2026-06-15T09:00:00.000Z',
      platform: 'google',
    },
  ];
  return () => ({ status: 'OK', invites });
}
