import { P, type Document } from '@sinetti/contract';
import { sessionStore } from '../../../lib/session';
import { accountReply as sharedAccountReply, makeAccount, ORG_ACME } from '../../../test/utils';

export const ORG = ORG_ACME;
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

/** The accounts reply of a member of one organization (ORG) on the given platform. */
export function accountReply(platform: 'google' | 'microsoft' = 'google') {
  const base = makeAccount();
  const account = makeAccount({
    platform,
    organizations: base.organizations.filter((o) => o.id === ORG).map((o) => ({ ...o, platform })),
    defaultOrganization: ORG,
    selectedOrganization: ORG,
  });
  return () => sharedAccountReply(account).body;
}
