import type { Account, AccountInvite, OrganizationSummary, Platform } from '@sinetti/contract';
import { sessionStore } from '../../../lib/session';

export const ORG_PERSONAL = '00000000-0000-4000-8000-000000000001';
export const ORG_OWN = '00000000-0000-4000-8000-000000000002';
export const ORG_JOINED = '00000000-0000-4000-8000-000000000003';
export const ORG_NEW = '00000000-0000-4000-8000-000000000004';
export const INVITE_BETA = '00000000-0000-4000-8000-0000000000b1';
export const INVITE_GAMMA = '00000000-0000-4000-8000-0000000000b2';
const ME = '00000000-0000-4000-8000-0000000000a1';
const SOMEONE = '00000000-0000-4000-8000-0000000000a2';
const NOW = '2025-01-01T10:00:00.000Z';
export const SESSION = { updated: NOW, status: 'OK', selectedOrganization: ORG_PERSONAL, lastBalance: null };

export function signIn(selectedOrganization: string = ORG_PERSONAL) {
  sessionStore.signIn({ ...SESSION, id: 'secret-session-id', status: 'OK', selectedOrganization });
}

function organization(id: string, name: string, extra: Partial<OrganizationSummary>): OrganizationSummary {
  return {
    id,
    name,
    platform: 'google',
    ownerAccount: ME,
    plan: 'freemium',
    isPersonal: false,
    isMine: true,
    isDefault: false,
    canLeave: false,
    ...extra,
  };
}

export const PERSONAL = organization(ORG_PERSONAL, 'Personal', {
  isPersonal: true,
  isDefault: true,
  plan: 'personal',
});
export const OWN = organization(ORG_OWN, 'Acme Oy', {});
export const JOINED = organization(ORG_JOINED, 'Beta Oy', {
  ownerAccount: SOMEONE,
  isMine: false,
  canLeave: true,
});
export const CREATED = organization(ORG_NEW, 'Gamma Oy', {});

/** The signed-in account, a Google one, with the given organizations (Personal first). */
export function account(organizations: OrganizationSummary[] = [PERSONAL, OWN, JOINED]): Account {
  return {
    id: ME,
    created: NOW,
    updated: NOW,
    subId: 'sub-1',
    platform: 'google',
    email: 'maija@example.com',
    person: {
      id: ME,
      created: NOW,
      updated: NOW,
      givenName: 'Maija',
      familyName: 'Meikäläinen',
      address: null,
    },
    fullName: 'Maija Meikäläinen',
    picture: null,
    organizations,
    language: 'en',
    wizard: false,
    wizardSteps: { step: 6, data: {}, skipped: [], complete: true },
    defaultOrganization: ORG_PERSONAL,
    selectedOrganization: ORG_PERSONAL,
    settings: { region: 'US', timezone: 'Europe/Helsinki', language: 'en' },
  };
}

export const accountReply = (organizations?: OrganizationSummary[]) => () => ({
  status: 'OK',
  account: account(organizations),
  session: SESSION,
});

export function invite(id: string, company: string, platform: Platform = 'google'): AccountInvite {
  return {
    id,
    company,
    companyId: ORG_JOINED,
    account: 'maija@example.com',
    invitedBy: 'Olli Omistaja',
    created: NOW,
    expires: '2025-01-15T10:00:00.000Z',
    platform,
  };
}

export const invitesReply =
  (...invites: AccountInvite[]) =>
  () => ({ status: 'OK', invites });

/** What login {type: SESSION} answers: the same session, logged in again. */
export const reloginReply = () => ({
  status: 'OK',
  session: { ...SESSION, id: 'secret-session-id' },
});
