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
