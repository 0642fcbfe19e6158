import {
  signee as signeeSchema,
  signeeLevel,
  signingMethodOption,
  signingQuote,
  type Document,
  type DocumentAbilities,
  type Signee,
  type SigningMethodOption,
  type SigningQuote,
} from '@sinetti/contract';
import { z } from 'zod';
import { makeAbilities } from '../../../test/abilities';
import { makeAccount } from '../../../test/utils';

export const DOC_ID = '00000000-0000-4000-8000-0000000000d1';

export function makeSignee(overrides: Partial<Signee> = {}): Signee {
  return valid(signeeSchema, {
    id: '00000000-0000-4000-8000-0000000000e1',
    fullName: 'Liisa Laine',
    givenName: 'Liisa',
    familyName: 'Laine',
    email: 'liisa@example.com',
    language: 'en',
    level: 1,
    method: 'host-email-sms',
    methodName: 'localhost (e-mail)',
    identification: null,
    status: 'pending',
    group: 1,
    signedAt: null,
    isMe: false,
    ...overrides,
  }) as Signee;
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
  order: { currentGroup: number | null; ordered: boolean } = { currentGroup: null, ordered: false },
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
    'GET /api/signing/levels': () => levelsReply(),
    [`GET /api/signing/quote/${DOC_ID}`]: () => ({ status: 'OK', quote: makeQuote(signees) }),
    [`GET /api/signing/signees/${DOC_ID}`]: () => ({
      status: 'OK',
      signees,
      ...order,
      abilities: { signNow: false, ...makeAbilities({ cancel: false, ...abilities }) },
    }),
    [`GET /api/signing/timeline/${DOC_ID}`]: () => ({ status: 'OK', signees: [] }),
  };
}

/** The server's quote for sending: 50 cents a signee, from a balance of 20 euros unless overridden. */
export function makeQuote(signees: Signee[], overrides: Partial<SigningQuote> = {}): SigningQuote {
  const total = signees.length * 50;
  return valid(signingQuote, {
    currency: 'EUR',
    signees: signees.map((s) => ({
      id: s.id,
      email: s.email,
      level: s.level,
      method: s.method,
      methodName: s.methodName,
      priceCents: 50,
    })),
    totalCents: total,
    balanceCents: 2000,
    balanceAfterCents: 2000 - total,
    enough: true,
    expiry: { minOn: '2026-06-02', maxOn: '2026-08-30', defaultOn: '2026-07-01' },
    ...overrides,
  });
}

/**
 * A mocked value, checked against the contract's schema (a mock the contract refuses fails the test). The
 * web build drops endpoints' reply schemas (build/contract-endpoints.ts), so replies are checked through
 * the named schemas they are made of.
 */
export function valid<S extends z.ZodType>(schema: S, value: z.input<S>): z.input<S> {
  schema.parse(value);
  return value;
}

/** `GET signing/levels`'s reply fields, of the contract's own schemas. */
const levelsFields = z.object({
  levels: z.array(signeeLevel),
  default: signeeLevel,
  methods: z.array(signingMethodOption),
  fallback: z.boolean(),
});

/** The methods of an instance with the TEST eID and CSC providers on (names as the server gives them). */
export const METHODS: SigningMethodOption[] = [
  { id: 'host-email-sms', name: 'localhost (e-mail)', level: 1, priceCents: 45, test: false },
  { id: 'fi-trust-network', name: 'FTN (FI)', level: 10, priceCents: 120, test: true },
  { id: 'se-bankid', name: 'BankID (SE)', level: 10, priceCents: 150, test: true },
  { id: 'de-sign-me', name: 'D-Trust sign-me (DE)', level: 20, priceCents: 300, test: true },
];

/** `GET signing/levels`: simple only (fallback) unless given the methods. */
export function levelsReply(methods: SigningMethodOption[] = METHODS.slice(0, 1)) {
  const levels = [...new Set(methods.map((m) => m.level))].sort((a, b) => a - b);
  const fallback = !levels.some((l) => l > 1);
  return { status: 'OK', ...valid(levelsFields, { levels, default: fallback ? 1 : 10, methods, fallback }) };
}
