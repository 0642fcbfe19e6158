import { PENDING_INVITES_MAX } from '@sinetti/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invites } from '../src/db/schema/index.ts';
import { buildDocumentsApp, type DocumentsTestApp } from './documents-helper.ts';
import { errorOf, uniqueEmail } from './helper.ts';
import { invite } from './organizations-helper.ts';

/** The cap on an organization's pending invites (issue #31 item 15: its reason was never asserted). */
let t: DocumentsTestApp;
beforeAll(async () => {
  t = await buildDocumentsApp();
});
afterAll(async () => t.close());

describe('pending invites', () => {
  it(`are at most ${PENDING_INVITES_MAX} per organization (INVITE_LIMIT_REACHED); an expired one does not count`, async () => {
    const owner = await t.organization(await t.signUp({ name: 'Ilona Invites' }));
    const organizationId = owner.personalOrganizationId;
    const live = new Date(t.clock.now().getTime() + 86_400_000);
    const rows = (count: number, expiresAt: Date) =>
      Array.from({ length: count }, (_, i) => ({
        organizationId,
        email: uniqueEmail(`pending${i}`),
        platform: 'google' as const,
        invitedBy: owner.accountId,
        expiresAt,
      }));
    await t.database.db.insert(invites).values(rows(PENDING_INVITES_MAX - 1, live));
    await t.database.db.insert(invites).values(rows(3, new Date(t.clock.now().getTime() - 1000)));
    expect((await invite(t, owner, organizationId, uniqueEmail('last'))).json().status).toBe('OK');
    const refused = await invite(t, owner, organizationId, uniqueEmail('too-many'));
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).reason).toBe('INVITE_LIMIT_REACHED');
  });
});
