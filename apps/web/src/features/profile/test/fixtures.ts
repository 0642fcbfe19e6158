import type { Account } from '@sinetti/contract';
import { sessionStore } from '../../../lib/session';

export const ORG_PERSONAL = '00000000-0000-4000-8000-000000000001';
export const ORG_ACME = '00000000-0000-4000-8000-000000000002';
const OWNER = '00000000-0000-4000-8000-0000000000a1';
const NOW = '2025-01-01T10:00:00.000Z';

export function signIn() {
  sessionStore.signIn({
    id: 'secret-session-id',
    updated: new Date().toISOString(),
    status: 'OK',
    selectedOrganization: ORG_PERSONAL,
    lastBalance: null,
  });
}

const organization = (id: string, name: string, extra: Partial<Account['organizations'][number]>) => ({
  id,
  name,
  platform: 'google' as const,
  ownerAccount: OWNER,
  plan: 'personal' as const,
  isPersonal: false,
  isMine: true,
  isDefault: false,
  canLeave: false,
  ...extra,
});

export function account(): Account {
  return {
    id: OWNER,
    created: NOW,
    updated: NOW,
    subId: 'sub-1',
    platform: 'google',
    email: 'maija@example.com',
    person: {
      id: OWNER,
      created: NOW,
      updated: NOW,
      givenName: 'Maija',
      familyName: 'Meikäläinen',
      address: null,
    },
    fullName: 'Maija Meikäläinen',
    picture: null,
    organizations: [
      organization(ORG_PERSONAL, 'Personal', { isPersonal: true, isDefault: true }),
      organization(ORG_ACME, 'Acme Oy', { plan: 'freemium' }),
    ],
    language: 'en',
    wizard: false,
    wizardSteps: { step: 6, data: {}, skipped: [], complete: true },
    defaultOrganization: ORG_PERSONAL,
    selectedOrganization: ORG_PERSONAL,
    settings: { region: 'US', timezone: 'Europe/Helsinki', language: 'en' },
  };
}

export const accountReply = () => ({
  status: 'OK',
  account: account(),
  session: { updated: NOW, status: 'OK', selectedOrganization: ORG_PERSONAL, lastBalance: null },
});

/** Two sign-in sessions of the profile's Sessions list (SPEC §2.5): this device's and another. */
export const CURRENT = '00000000-0000-4000-8000-00000000c001';
export const OTHER = '00000000-0000-4000-8000-00000000c002';

const session = (id: string, current: boolean, device: string) => ({
  id,
  created: new Date(Date.now() - 3_600_000).toISOString(),
  updated: new Date(Date.now() - 5 * 60_000).toISOString(),
  expires: new Date(Date.now() + 7_200_000).toISOString(),
  current,
  userAgent: null,
  device,
  ip: current ? '127.0.0.1' : null,
});

/** The API of the Sessions list with this device's session and another, which the other's invalidate ends. */
export function twoSessionsReplies() {
  let sessions = [session(CURRENT, true, 'Firefox on Linux'), session(OTHER, false, 'Safari on iPhone')];
  return {
    'GET /api/authentication/sessions/full': () => ({ status: 'OK', sessions }),
    [`GET /api/authentication/invalidate/${OTHER}`]: () => {
      sessions = sessions.filter((s) => s.id !== OTHER);
      return { status: 'OK' };
    },
  };
}

/** The API of the Sessions list with only this device's session, which its invalidate ends. */
export function currentSessionReplies() {
  return {
    'GET /api/authentication/sessions/full': () => ({
      status: 'OK',
      sessions: [session(CURRENT, true, 'Firefox on Linux')],
    }),
    [`GET /api/authentication/invalidate/${CURRENT}`]: () => ({ status: 'OK' }),
  };
}
