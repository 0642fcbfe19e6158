import { INVITE_TTL_MS } from '@sinetti/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, sessions } from '../src/db/schema/index.ts';
import { sha256Hex } from '../src/lib/crypto.ts';
import { INVITE_PREVIEW_LIMIT } from '../src/routes/organizations/index.ts';
import { buildTestApp, uniqueEmail, type TestApp } from './helper.ts';
import {
  A,
  expectError,
  get,
  invite,
  inviteTokenOf,
  ownInviteId,
  ownerWithOrganization,
} from './organizations-helper.ts';

/** The invited colleague's first minutes (issue #31 item 1): the sign-in page's preview, joining during setup. */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

/** The preview as a signed-out browser asks for it, from its own address (the limit is per address). */
const preview = (token: string, remoteAddress = '192.0.2.1') =>
  t.app.inject({
    method: 'GET',
    url: `/api/public/invite/${encodeURIComponent(token)}`,
    headers: { 'application-id': 'Frontend' },
    remoteAddress,
  });

async function invited(name = 'Acme Oy') {
  const fixture = await ownerWithOrganization(t, { name });
  const email = uniqueEmail('invitee');
  expect((await invite(t, fixture.owner, fixture.orgId, email)).json().status).toBe('OK');
  return { ...fixture, email, token: await inviteTokenOf(t, email) };
}

describe('GET public/invite/{token}', () => {
  it('tells a signed-out visitor the organization’s name and nothing else', async () => {
    const { token } = await invited('Kiinteistö Oy Näsinneula');
    const res = await preview(token, '192.0.2.10');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'OK', organizationName: 'Kiinteistö Oy Näsinneula' });
  });

  it('answers an unknown, used, cancelled or expired link with the same 404', async () => {
    const address = '192.0.2.11';
    const unknown = await preview('A'.repeat(43), address);
    expectError(unknown, 404, 'NOT_FOUND');

    const used = await invited();
    const joiner = await t.signUp({ email: used.email });
    expect((await get(t, joiner, `/invite-accept/${await ownInviteId(t, joiner)}`)).statusCode).toBe(200);

    const cancelled = await invited();
    const pending = (await get(t, cancelled.owner, '/invites/company/pending', cancelled.orgId)).json();
    const cancel = await get(
      t,
      cancelled.owner,
      `/decline-request/${pending.invites[0].id}`,
      cancelled.orgId,
    );
    expect(cancel.statusCode).toBe(200);

    const expired = await invited();
    t.clock.advance(INVITE_TTL_MS + 1);
    for (const token of [used.token, cancelled.token, expired.token]) {
      const res = await preview(token, address);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(unknown.json());
    }
  });

  it('refuses a malformed token with 400 and never answers 500', async () => {
    expectError(await preview('x'.repeat(200), '192.0.2.12'), 400, 'VALIDATION_FAILED');
  });

  it('is rate-limited per client address, so tokens cannot be guessed', async () => {
    const { token } = await invited();
    const address = '192.0.2.13';
    for (let i = 0; i < INVITE_PREVIEW_LIMIT.max; i++) {
      expect((await preview(`guess-${i}-${'x'.repeat(30)}`, address)).statusCode).toBe(404);
    }
    const limited = await preview(token, address);
    expectError(limited, 429, 'RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not held up.
    expect((await preview(token, '192.0.2.14')).statusCode).toBe(200);
  });
});

describe('accepting an invite before setup is finished', () => {
  it('finishes setup: the joined organization is the default and the session’s selected one', async () => {
    const { orgId, email, token } = await invited();
    const invitee = await t.signUp({ email, setupComplete: false });
    const before = await t.call(invitee, { method: 'POST', url: `${A}/login`, payload: { type: 'SESSION' } });
    expect(before.json().session.status).toBe('SETUP_REQUIRED');

    const link = await get(t, invitee, `/invite-link/${token}`);
    expect(link.statusCode).toBe(200);
    const accepted = await get(t, invitee, `/invite-accept/${link.json().invite.id}`);
    expect(accepted.json()).toEqual({ status: 'OK', companyId: orgId });

    const [account] = await t.database.db.select().from(accounts).where(eq(accounts.id, invitee.accountId));
    expect(account).toMatchObject({ setupComplete: true, defaultOrganizationId: orgId });
    const [session] = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, sha256Hex(invitee.token)));
    expect(session?.selectedOrganizationId).toBe(orgId);
    const after = await t.call(invitee, { method: 'POST', url: `${A}/login`, payload: { type: 'SESSION' } });
    expect(after.json().session).toMatchObject({ status: 'OK', selectedOrganization: orgId });
    // The wizard is over: its calls answer CONFLICT, as after a finished setup.
    expect((await get(t, invitee, '/wizard/skip')).statusCode).toBe(409);
  });

  it('leaves an account that had finished setup with its own default organization', async () => {
    const { email } = await invited();
    const member = await t.signUp({ email });
    expect((await get(t, member, `/invite-accept/${await ownInviteId(t, member)}`)).statusCode).toBe(200);
    const [account] = await t.database.db.select().from(accounts).where(eq(accounts.id, member.accountId));
    expect(account?.defaultOrganizationId).toBe(member.personalOrganizationId);
  });
});
