import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upsertAccount } from '../src/commands/upsert-account.ts';
import { accounts, invites, memberships, notifications } from '../src/db/schema/index.ts';
import { identityFromClaims } from '../src/services/identity/claims.ts';
import { buildTestApp, uniqueEmail, type TestApp, type TestUser } from './helper.ts';
import { get, invite, inviteTokenOf, ownerWithOrganization } from './organizations-helper.ts';
import { signInLocally } from './sign-in-flow.ts';

// #31 item 4 ("nOAuth"): an e-mail address that the identity provider did not verify never matches an
// invite by itself; the invite's e-mailed link (its token) does.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const ISSUER = 'https://login.microsoftonline.com/common-tenant/v2.0';

/** Signs in as the identity provider's claims would: through identityFromClaims and upsertAccount. */
const signIn = (platform: 'google' | 'microsoft', claims: Record<string, unknown>): Promise<TestUser> =>
  t.signUp({
    identity: identityFromClaims(platform, { iss: ISSUER, sub: randomBytes(8).toString('hex'), ...claims }),
  });

async function invited(platform: 'google' | 'microsoft') {
  const fixture = await ownerWithOrganization(t, { platform });
  const email = uniqueEmail('invitee');
  expect((await invite(t, fixture.owner, fixture.orgId, email)).statusCode).toBe(200);
  const [row] = await t.database.db.select().from(invites).where(eq(invites.email, email));
  if (!row) throw new Error('no invite row');
  return { ...fixture, email, inviteId: row.id };
}

async function isMember(user: TestUser, orgId: string): Promise<boolean> {
  const rows = await t.database.db
    .select()
    .from(memberships)
    .where(eq(memberships.accountId, user.accountId));
  return rows.some((m) => m.organizationId === orgId);
}

describe('which e-mail addresses are verified', () => {
  it('Microsoft: only with xms_edov or email_verified; preferred_username never', () => {
    const base = { email: 'a@example.com' };
    expect(identityFromClaims('microsoft', { iss: ISSUER, sub: 's', ...base }).emailVerified).toBe(false);
    expect(
      identityFromClaims('microsoft', { iss: ISSUER, sub: 's', ...base, xms_edov: true }).emailVerified,
    ).toBe(true);
    expect(
      identityFromClaims('microsoft', { iss: ISSUER, sub: 's', ...base, xms_edov: false }).emailVerified,
    ).toBe(false);
    expect(
      identityFromClaims('microsoft', { iss: ISSUER, sub: 's', ...base, email_verified: true }).emailVerified,
    ).toBe(true);
    const username = identityFromClaims('microsoft', {
      iss: ISSUER,
      sub: 's',
      preferred_username: 'b@example.com',
      xms_edov: true,
    });
    expect(username).toMatchObject({ email: 'b@example.com', emailVerified: false });
  });

  it('Google: only with email_verified true; xms_edov means nothing there', () => {
    const claims = { iss: 'https://accounts.google.com', sub: 's', email: 'a@example.com' };
    expect(identityFromClaims('google', { ...claims, email_verified: true }).emailVerified).toBe(true);
    expect(identityFromClaims('google', claims).emailVerified).toBe(false);
    expect(identityFromClaims('google', { ...claims, xms_edov: true }).emailVerified).toBe(false);
  });

  it('the local development provider vouches for its addresses (Microsoft too)', async () => {
    const email = uniqueEmail('local');
    await signInLocally(t.app, 'CLIENT_MICROSOFT', { email });
    const [row] = await t.database.db.select().from(accounts).where(eq(accounts.email, email));
    expect(row).toMatchObject({ platform: 'microsoft', emailVerified: true });
  });

  it('is recorded at every sign-in', async () => {
    const sub = randomBytes(8).toString('hex');
    const claims = { iss: ISSUER, sub, email: uniqueEmail('m') };
    const audit = { ip: '127.0.0.1', userAgent: 'test' };
    const first = await upsertAccount(t.database.db, identityFromClaims('microsoft', claims), audit);
    expect(first.account.emailVerified).toBe(false);
    const verified = identityFromClaims('microsoft', { ...claims, xms_edov: true });
    const second = await upsertAccount(t.database.db, verified, audit);
    expect(second).toMatchObject({ created: false, account: { id: first.account.id, emailVerified: true } });
    const third = await upsertAccount(t.database.db, identityFromClaims('microsoft', claims), audit);
    expect(third.account.emailVerified).toBe(false);
  });
});

describe('an account whose e-mail address is not verified', () => {
  it('neither lists nor accepts nor declines the invite by id (404), but accepts after opening its link', async () => {
    const { orgId, email, inviteId } = await invited('microsoft');
    // Someone else's Entra tenant claims the invited address without verifying it.
    const attacker = await signIn('microsoft', { email });

    const list = await get(t, attacker, '/invites/account/pending');
    expect(list.statusCode).toBe(200);
    expect(list.json().invites).toEqual([]);
    const accept = await get(t, attacker, `/invite-accept/${inviteId}`);
    expect(accept.statusCode).toBe(404);
    expect(accept.json()).toMatchObject({ status: 'ERROR', code: 'NOT_FOUND' });
    expect((await get(t, attacker, `/invite-decline/${inviteId}`)).statusCode).toBe(404);
    expect(await isMember(attacker, orgId)).toBe(false);
    expect((await get(t, attacker, `/invite-link/${'x'.repeat(43)}`)).statusCode).toBe(404);

    // The person who reads the invited mailbox holds the token: that proves the address.
    const token = await inviteTokenOf(t, email);
    const link = await get(t, attacker, `/invite-link/${token}`);
    expect(link.statusCode).toBe(200);
    expect(link.json().invite).toMatchObject({ id: inviteId, companyId: orgId });
    const listed = await get(t, attacker, '/invites/account/pending');
    expect(listed.json().invites.map((i: { id: string }) => i.id)).toEqual([inviteId]);
    const accepted = await get(t, attacker, `/invite-accept/${inviteId}`);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ status: 'OK', companyId: orgId });
    expect(await isMember(attacker, orgId)).toBe(true);
  });

  it('opening the link unlocks the invite for that account only, and a resent invite needs its new link', async () => {
    const { owner, orgId, email, inviteId } = await invited('microsoft');
    const first = await signIn('microsoft', { email });
    const second = await signIn('microsoft', { email });
    const token = await inviteTokenOf(t, email);
    expect((await get(t, first, `/invite-link/${token}`)).statusCode).toBe(200);
    expect((await get(t, second, `/invite-accept/${inviteId}`)).statusCode).toBe(404);

    // Expired and sent again: a new link, and the old opening counts no more.
    await t.database.db
      .update(invites)
      .set({ expiresAt: new Date(t.clock.now().getTime() - 1) })
      .where(eq(invites.id, inviteId));
    expect((await invite(t, owner, orgId, email)).json()).toMatchObject({ status: 'OK' });
    expect((await get(t, first, `/invite-accept/${inviteId}`)).statusCode).toBe(404);
    const fresh = await inviteTokenOf(t, email);
    expect(fresh).not.toBe(token);
    expect((await get(t, first, `/invite-link/${fresh}`)).statusCode).toBe(200);
    expect((await get(t, first, `/invite-decline/${inviteId}`)).statusCode).toBe(200);
  });
});

describe('the in-app notice of an invitation', () => {
  it('goes to an account with the verified address only', async () => {
    const fixture = await ownerWithOrganization(t, { platform: 'microsoft' });
    const email = uniqueEmail('notified');
    const unverified = await signIn('microsoft', { email });
    const verified = await signIn('microsoft', { email, xms_edov: true });
    expect((await invite(t, fixture.owner, fixture.orgId, email)).statusCode).toBe(200);
    const told = async (user: TestUser) =>
      (
        await t.database.db.select().from(notifications).where(eq(notifications.accountId, user.accountId))
      ).filter((n) => n.kind === 'invitation-received' && n.organizationId === fixture.orgId);
    expect(await told(unverified)).toHaveLength(0);
    expect(await told(verified)).toHaveLength(1);
  });
});

describe('an account whose e-mail address is verified', () => {
  it('Microsoft with xms_edov lists and accepts by id as before', async () => {
    const { orgId, email, inviteId } = await invited('microsoft');
    const user = await signIn('microsoft', { email, xms_edov: true });
    const list = await get(t, user, '/invites/account/pending');
    expect(list.json().invites.map((i: { id: string }) => i.id)).toEqual([inviteId]);
    expect((await get(t, user, `/invite-accept/${inviteId}`)).statusCode).toBe(200);
    expect(await isMember(user, orgId)).toBe(true);
  });

  it('Google with email_verified lists and accepts by id as before', async () => {
    const { orgId, email, inviteId } = await invited('google');
    const user = await signIn('google', { email, email_verified: true });
    const list = await get(t, user, '/invites/account/pending');
    expect(list.json().invites.map((i: { id: string }) => i.id)).toEqual([inviteId]);
    expect((await get(t, user, `/invite-accept/${inviteId}`)).statusCode).toBe(200);
    expect(await isMember(user, orgId)).toBe(true);
  });
});
