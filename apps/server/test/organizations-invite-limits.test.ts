import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, invites } from '../src/db/schema/index.ts';
import { buildTestApp, uniqueEmail, type TestApp } from './helper.ts';
import { A, expectError, invite, mailsTo, ownerWithOrganization } from './organizations-helper.ts';

// Invitations are e-mails a member's action causes: they count against the hourly e-mail limits
// (services/mail/limits.ts) like signing requests do.
const PER_ORGANIZATION = 3;
const PER_RECIPIENT = 2;
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    MAIL_LIMIT_PER_ORGANIZATION: String(PER_ORGANIZATION),
    MAIL_LIMIT_PER_RECIPIENT: String(PER_RECIPIENT),
  });
});
afterAll(async () => t.close());

function expectLimited(res: LightMyRequestResponse, reason: string) {
  expectError(res, 429, 'RATE_LIMITED', reason);
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(res.json().details.retryAfterSeconds).toBe(retryAfter);
}

const pendingOf = (organizationId: string, email: string) =>
  t.database.db
    .select()
    .from(invites)
    .where(and(eq(invites.organizationId, organizationId), eq(invites.email, email)));

describe('invitation e-mails and the hourly e-mail limits', () => {
  it('refuses an invite past the organization’s limit, storing and sending nothing, until the hour has passed', async () => {
    const { owner, orgId } = await ownerWithOrganization(t);
    const sent = Array.from({ length: PER_ORGANIZATION }, () => uniqueEmail('ok'));
    for (const email of sent) expect((await invite(t, owner, orgId, email)).json().status).toBe('OK');
    // An address already invited answers ALREADY_INVITED, sends nothing and uses no quota.
    expect((await invite(t, owner, orgId, sent[0])).json().status).toBe('ALREADY_INVITED');

    const late = uniqueEmail('late');
    expectLimited(await invite(t, owner, orgId, late), 'MAIL_LIMIT_ORGANIZATION');
    expect(await pendingOf(orgId, late)).toHaveLength(0);
    expect(await mailsTo(t, late)).toHaveLength(0);

    t.clock.advance(3600_000);
    expect((await invite(t, owner, orgId, late)).json().status).toBe('OK');
    expect(await mailsTo(t, late)).toHaveLength(1);
  });

  it('refuses a third invitation to one address within the hour, whichever organization sends it', async () => {
    const victim = uniqueEmail('victim');
    for (let i = 0; i < PER_RECIPIENT; i++) {
      const { owner, orgId } = await ownerWithOrganization(t, { name: `Sender ${i}` });
      expect((await invite(t, owner, orgId, victim)).json().status).toBe('OK');
    }
    const { owner, orgId } = await ownerWithOrganization(t, { name: 'One too many' });
    expectLimited(await invite(t, owner, orgId, victim), 'MAIL_LIMIT_RECIPIENT');
    expect(await pendingOf(orgId, victim)).toHaveLength(0);
    expect(await mailsTo(t, victim)).toHaveLength(PER_RECIPIENT);
    // Another address from the same organization is fine.
    expect((await invite(t, owner, orgId, uniqueEmail('fine'))).json().status).toBe('OK');
  });

  it('refuses a setup whose invites pass the limit, leaving setup to be completed again', async () => {
    const user = await t.signUp({ setupComplete: false });
    const rows = Array.from({ length: PER_ORGANIZATION + 1 }, () => uniqueEmail('wizard'));
    const setup = () =>
      t.call(user, {
        method: 'POST',
        url: `${A}/setup`,
        payload: { companies: ['Wizard Oy'], invites: rows, language: 'en' },
      });
    expectLimited(await setup(), 'MAIL_LIMIT_ORGANIZATION');
    const [account] = await t.database.db.select().from(accounts).where(eq(accounts.id, user.accountId));
    expect(account?.setupComplete).toBe(false);
    for (const email of rows) expect(await mailsTo(t, email)).toHaveLength(0);

    rows.pop();
    expect((await setup()).statusCode).toBe(200);
    for (const email of rows) expect(await mailsTo(t, email)).toHaveLength(1);
  });
});
