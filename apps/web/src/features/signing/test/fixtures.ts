import type { Document, DocumentAbilities, Signee, SigningQuote } from '@sinetti/contract';
import { makeAbilities } from '../../../test/abilities';
import { makeAccount } from '../../../test/utils';

export const DOC_ID = '00000000-0000-4000-8000-0000000000d1';

export function makeSignee(overrides: Partial<Signee> = {}): Signee {
  return {
    id: '00000000-0000-4000-8000-0000000000e1',
    fullName: 'Liisa Laine',
    givenName: 'Liisa',
    familyName: 'Laine',
    email: 'liisa@example.com',
    level: 1,
    status: 'pending',
    signedAt: null,
    isMe: false,
    ...overrides,
  };
}

export function makeDocument(overrides: Partial<Document> = {}): Document {
  return {
    id: DOC_ID,
    created: '2025-01-01T00:00:00.000Z',
    updated: '2025-01-01T00:00:00.000Z',
    name: 'Lease.pdf',
    type: 'contract',
    extension: 'pdf',
    state: 1,
    platform: 'google',
    owner: null,
    parent: null,
    mimeType: 'application/pdf',
    size: 1000,
    conversion: 'done',
    editable: true,
    ...overrides,
  } as Document;
}

/**
 * Replies of the calls the member side makes, keyed like mockApi's routes. The signee list carries the
 * document's abilities as the server computed them (all allowed but cancel unless overridden).
 */
export function memberReplies(
  signees: Signee[],
  abilities: Partial<DocumentAbilities & { signNow: boolean }> = {},
) {
  const permissions = [18, 22];
  const account = makeAccount();
  return {
    'GET /api/authentication/accounts': () => ({
      status: 'OK',
      account,
      session: {
        updated: account.updated,
        status: 'OK',
        selectedOrganization: account.selectedOrganization,
        lastBalance: null,
      },
    }),
    'GET /api/privileges/account-roles': () => ({
      status: 'OK',
      isOwner: false,
      permissions,
      keys: [],
      roles: [],
    }),
    'GET /api/signing/levels': () => ({ status: 'OK', levels: [1], default: 1 }),
    [`GET /api/signing/quote/${DOC_ID}`]: () => ({ status: 'OK', quote: makeQuote(signees) }),
    [`GET /api/signing/signees/${DOC_ID}`]: () => ({
      status: 'OK',
      signees,
      abilities: { signNow: false, ...makeAbilities({ cancel: false, ...abilities }) },
    }),
    [`GET /api/signing/timeline/${DOC_ID}`]: () => ({ status: 'OK', signees: [] }),
  };
}

/** The server's quote for sending: 50 cents a signee, from a balance of 20 euros unless overridden. */
export function makeQuote(signees: Signee[], overrides: Partial<SigningQuote> = {}): SigningQuote {
  const total = signees.length * 50;
  return {
    currency: 'EUR',
    signees: signees.map((s) => ({ id: s.id, email: s.email, level: s.level, priceCents: 50 })),
    totalCents: total,
    balanceCents: 2000,
    balanceAfterCents: 2000 - total,
    enough: true,
    expiry: { minOn: '2026-06-02', maxOn: '2026-08-30', defaultOn: '2026-07-01' },
    ...overrides,
  };
}
