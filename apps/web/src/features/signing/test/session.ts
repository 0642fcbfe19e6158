import { signingField, type SigningField } from '@sinetti/contract';

/**
 * The public signing page's session reply (signing.session) as the page tests mock it: Liisa signing
 * Lease.pdf (2 pages) with an e-mailed code, not yet confirmed. `overrides` replace top-level keys; the
 * signee's part merges with `signee`.
 */
export function sessionReply(overrides: Record<string, unknown> = {}, signee: Record<string, unknown> = {}) {
  return {
    status: 'OK',
    document: {
      id: '00000000-0000-4000-8000-0000000000d1',
      name: 'Lease.pdf',
      pages: 2,
      sha256: 'c'.repeat(64),
    },
    signee: {
      fullName: 'Liisa Laine',
      email: 'liisa@example.com',
      level: 1,
      method: 'host-email-sms',
      methodName: 'localhost (e-mail)',
      methodTest: false,
      ...signee,
    },
    flow: 'code',
    identification: null,
    lang: 'en',
    expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
    codeSentAt: null,
    codeExpiresAt: null,
    codeVerified: false,
    signed: false,
    ...overrides,
  };
}

/** The id of field `n` (signingFieldOf). */
export const fieldId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** Field `n` of `kind` on `page` as the session lists it (the server's values for name and date). */
export function signingFieldOf(
  n: number,
  kind: SigningField['kind'],
  page = 1,
  extra: Partial<SigningField> = {},
): SigningField {
  return signingField.parse({
    id: fieldId(n),
    kind,
    page,
    x: 0.1,
    y: 0.1 * n,
    width: 0.3,
    height: 0.04,
    required: true,
    label: '',
    value:
      kind === 'name' ? 'Liisa Laine' : kind === 'date' ? '29.11.2026' : kind === 'initials' ? 'LL' : null,
    ...extra,
  });
}
