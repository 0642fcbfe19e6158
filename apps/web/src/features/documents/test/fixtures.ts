import { P, type Account, type Document } from '@sinetti/contract';
import { sessionStore } from '../../../lib/session';

export const ORG = '00000000-0000-4000-8000-000000000002';
export const FOLDER_ID = '00000000-0000-4000-8000-00000000f001';
export const DOC_ID = '00000000-0000-4000-8000-00000000d001';

export function signIn(selectedOrganization = ORG) {
  sessionStore.signIn({
    id: 'secret-session-id',
    updated: new Date().toISOString(),
    status: 'OK',
    selectedOrganization,
    lastBalance: null,
  });
}

let sequence = 0;

export function doc(overrides: Partial<Document> = {}): Document {
  sequence += 1;
  return {
    id: `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`,
    created: '2025-01-10T10:00:00.000Z',
    updated: '2025-01-12T10:00:00.000Z',
    name: `Document ${sequence}`,
    type: 'contract',
    extension: 'pdf',
    state: 1,
    platform: 'google',
    owner: null,
    parent: null,
    mimeType: 'application/pdf',
    size: 1000,
    conversion: 'none',
    editable: true,
    ...overrides,
  };
}

/** account-roles reply with these documents permissions (default: create, edit, delete). */
export function rolesReply(
  permissions: number[] = [P.DOCUMENTS_VIEW, P.DOCUMENTS_CREATE, P.DOCUMENTS_EDIT, P.DOCUMENTS_DELETE],
) {
  return () => ({ status: 'OK', isOwner: false, permissions, keys: [], roles: [] });
}

export function accountReply(platform: 'google' | 'microsoft' = 'google') {
  const now = '2025-01-01T00:00:00.000Z';
  const account: Account = {
    id: '00000000-0000-4000-8000-0000000000aa',
    created: now,
    updated: now,
    subId: 'sub-1',
    platform,
    email: 'matti@example.com',
    person: { id: 'p1', created: now, updated: now, givenName: 'Matti', familyName: 'M', address: null },
    fullName: 'Matti M',
    picture: null,
    organizations: [
      {
        id: ORG,
        name: 'Acme Oy',
        platform,
        ownerAccount: 'a',
        plan: 'basic',
        isPersonal: false,
        isMine: true,
        isDefault: true,
        canLeave: false,
      },
    ],
    language: 'en',
    wizard: false,
    wizardSteps: { step: 6, data: {}, skipped: [], complete: true },
    defaultOrganization: ORG,
    selectedOrganization: ORG,
    settings: { region: 'US', timezone: 'Europe/Helsinki', language: 'en' },
  };
  return () => ({
    status: 'OK',
    account,
    session: { updated: now, status: 'OK', selectedOrganization: ORG, lastBalance: null },
  });
}
