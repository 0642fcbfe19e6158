import { INVITE_TTL_MS, INVITES_PER_HOUR } from '@sinetti/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, invites } from '../src/db/schema/index.ts';
import { sha256Hex } from '../src/lib/crypto.ts';
import { buildTestApp, uniqueEmail, type TestApp } from './helper.ts';
import {
  A,
  addMember,
  expectError,
  get,
  invite,
  inviteTokenOf,
  mailsTo,
  ownInviteId,
  ownerWithOrganization,
} from './organizations-helper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

describe('POST invite', () => {
  it('stores a pending invite and e-mails a single-use link whose secret is kept only hashed', async () => {
    const { owner, orgId } = await ownerWithOrganization(t);
    const email = uniqueEmail('colleague');
    const res = await invite(t, owner, orgId, `  ${email.toUpperCase()} `);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'OK', invite: { account: email, platform: 'google' } });

    const [mail] = await mailsTo(t, email);
    expect(mail).toMatchObject({ template: 'organization-invite', lang: 'en' });
    expect(mail?.subject).toBe('Olli Owner invited you to Acme Oy on Sinetti');
    const token = await inviteTokenOf(t, email);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/); // 256 bits
    const [row] = await t.database.db.select().from(invites).where(eq(invites.email, email));
    expect(row?.tokenHash).toBe(sha256Hex(token));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row?.expiresAt.getTime()).toBe(t.clock.now().getTime() + INVITE_TTL_MS);
    const audit = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.organizationId, orgId), eq(auditEvents.action, 'invite.created')));
    expect(audit).toHaveLength(1);
  });

  it('writes the e-mail in the inviter’s language', async () => {
    const { owner, orgId } = await ownerWithOrganization(t, { name: 'Oy Suomi Ab' });
    await t.call(owner, { method: 'GET', url: `${A}/language/fi` });
    const email = uniqueEmail('fi');
    await invite(t, owner, orgId, email);
    const [mail] = await mailsTo(t, email);
    expect(mail?.lang).toBe('fi');
    expect(mail?.subject).toContain('Oy Suomi Ab');
  });

  it.each([
    ['', 'Please enter an email address.'],
    [undefined, 'Please enter an email address.'],
    ['not-an-address', 'Please enter a valid email address.'],
    [42, 'Please enter an email address.'],
  ])('refuses %j with SPEC’s message', async (email, message) => {
    const { owner, orgId } = await ownerWithOrganization(t);
    const res = await invite(t, owner, orgId, email);
    expectError(res, 400, 'VALIDATION_FAILED');
    expect(res.json().fields).toEqual({ email: message });
  });

  it('answers ALREADY_INVITED for a pending invite (any case) and for a member, sending nothing more', async () => {
    const fixture = await ownerWithOrganization(t);
    const email = uniqueEmail('twice');
    await invite(t, fixture.owner, fixture.orgId, email);
    const again = await invite(t, fixture.owner, fixture.orgId, email.toUpperCase());
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ status: 'ALREADY_INVITED' });
    expect(await mailsTo(t, email)).toHaveLength(1);

    const member = await addMember(t, fixture);
    const memberEmail = (await get(t, member, '/accounts')).json().account.email as string;
    expect((await invite(t, fixture.owner, fixture.orgId, memberEmail)).json()).toEqual({
      status: 'ALREADY_INVITED',
    });
  });

  it('refuses a personal workspace, a member without permission 6 and another organization', async () => {
    const fixture = await ownerWithOrganization(t);
    expectError(
      await invite(t, fixture.owner, fixture.owner.personalOrganizationId, uniqueEmail()),
      409,
      'CONFLICT',
      'PERSONAL_ORGANIZATION',
    );
    const member = await addMember(t, fixture);
    expectError(await invite(t, member, fixture.orgId, uniqueEmail()), 403, 'FORBIDDEN');
    const other = await ownerWithOrganization(t);
    expectError(await invite(t, fixture.owner, other.orgId, uniqueEmail()), 404, 'NOT_FOUND');
  });

  it(`allows ${INVITES_PER_HOUR} invites an hour per organization, then 429 with Retry-After`, async () => {
    const { owner, orgId } = await ownerWithOrganization(t);
    for (let i = 0; i < INVITES_PER_HOUR; i++) {
      expect((await invite(t, owner, orgId, uniqueEmail('bulk'))).statusCode).toBe(200);
    }
    const res = await invite(t, owner, orgId, uniqueEmail('bulk'));
    expectError(res, 429, 'RATE_LIMITED');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    t.clock.advance(3_600_000);
    expect((await invite(t, owner, orgId, uniqueEmail('bulk'))).statusCode).toBe(200);
  });

  it('needs a session', async () => {
    expectError(
      await t.call(null, { method: 'POST', url: `${A}/invite`, payload: { email: 'a@b.fi' } }),
      401,
      'SESSION_INVALID',
    );
  });
});

describe('the invited person', () => {
  it('sees the invite, opens the link, accepts and becomes a member with the default role', async () => {
    const { owner, orgId } = await ownerWithOrganization(t);
    const email = uniqueEmail('joiner');
    await invite(t, owner, orgId, email);
    const token = await inviteTokenOf(t, email);
    const joiner = await t.signUp({ email, name: 'Jaana Joiner' });

    const list = await get(t, joiner, '/invites/account/pending');
    expect(list.json().invites).toEqual([
      expect.objectContaining({
        company: 'Acme Oy',
        companyId: orgId,
        account: email,
        invitedBy: 'Olli Owner',
        platform: 'google',
      }),
    ]);
    const id = list.json().invites[0].id as string;
    const byLink = await get(t, joiner, `/invite-link/${token}`);
    expect(byLink.statusCode).toBe(200);
    expect(byLink.json().invite.id).toBe(id);

    const accepted = await get(t, joiner, `/invite-accept/${id}`);
    expect(accepted.json()).toEqual({ status: 'OK', companyId: orgId });
    const roles = await t.call(joiner, {
      method: 'GET',
      url: '/api/privileges/account-roles',
      company: orgId,
    });
    expect(roles.statusCode).toBe(200);
    expect(roles.json().roles.map((r: { name: string }) => r.name)).toEqual(['Member']);
    const { account } = (await get(t, joiner, '/accounts')).json();
    expect(account.organizations).toContainEqual(
      expect.objectContaining({ id: orgId, isMine: false, isPersonal: false, canLeave: true }),
    );
    // Log in again (SPEC §4.7): the same session, status OK.
    const relogin = await t.call(joiner, { method: 'POST', url: `${A}/login`, payload: { type: 'SESSION' } });
    expect(relogin.json().status).toBe('OK');

    // Single use: the list is empty, the link and the id are dead.
    expect((await get(t, joiner, '/invites/account/pending')).json().invites).toEqual([]);
    expectError(await get(t, joiner, `/invite-link/${token}`), 404, 'NOT_FOUND');
    expectError(await get(t, joiner, `/invite-accept/${id}`), 404, 'NOT_FOUND');
    const [row] = await t.database.db.select().from(invites).where(eq(invites.id, id));
    expect(row).toMatchObject({ status: 'accepted', tokenHash: null, respondedBy: joiner.accountId });
  });

  it('cannot accept a Google organization’s invite with a Microsoft account (and vice versa)', async () => {
    for (const [orgPlatform, userPlatform] of [
      ['google', 'microsoft'],
      ['microsoft', 'google'],
    ] as const) {
      const { owner, orgId } = await ownerWithOrganization(t, { platform: orgPlatform });
      const email = uniqueEmail('other-platform');
      await invite(t, owner, orgId, email);
      const user = await t.signUp({ email, platform: userPlatform });
      const id = await ownInviteId(t, user);
      const res = await get(t, user, `/invite-accept/${id}`);
      expectError(res, 409, 'CONFLICT', 'INVITE_PLATFORM_MISMATCH');
      expect(res.json().details).toEqual({ accountPlatform: userPlatform });
      expect(
        (await get(t, user, '/accounts')).json().account.organizations.map((o: { id: string }) => o.id),
      ).not.toContain(orgId);
      // The refusal leaves the invite pending: the right account can still accept it.
      expect((await get(t, user, '/invites/account/pending')).json().invites).toHaveLength(1);
    }
  });

  it('declines: the invite and its link are gone, nothing joined', async () => {
    const { owner, orgId } = await ownerWithOrganization(t);
    const email = uniqueEmail('decliner');
    await invite(t, owner, orgId, email);
    const token = await inviteTokenOf(t, email);
    const user = await t.signUp({ email });
    const id = await ownInviteId(t, user);
    expect((await get(t, user, `/invite-decline/${id}`)).json()).toEqual({ status: 'OK' });
    expect((await get(t, user, '/invites/account/pending')).json().invites).toEqual([]);
    expectError(await get(t, user, `/invite-link/${token}`), 404, 'NOT_FOUND');
    expectError(await get(t, user, `/invite-accept/${id}`), 404, 'NOT_FOUND');
    expect((await get(t, owner, '/invites/company/pending', orgId)).json().invites).toEqual([]);
  });

  it('an expired invite cannot be used; inviting again sends a new link and kills the old one', async () => {
    const { owner, orgId } = await ownerWithOrganization(t);
    const email = uniqueEmail('late');
    await invite(t, owner, orgId, email);
    const oldToken = await inviteTokenOf(t, email);
    const user = await t.signUp({ email });
    const id = await ownInviteId(t, user);
    // Fourteen days later (moved on the row: the test session would expire with the clock).
    await t.database.db
      .update(invites)
      .set({ expiresAt: new Date(t.clock.now().getTime() - 1) })
      .where(eq(invites.id, id));
    expect((await get(t, user, '/invites/account/pending')).json().invites).toEqual([]);
    expectError(await get(t, user, `/invite-link/${oldToken}`), 404, 'NOT_FOUND');
    expectError(await get(t, user, `/invite-accept/${id}`), 404, 'NOT_FOUND');
    expectError(await get(t, user, `/invite-decline/${id}`), 404, 'NOT_FOUND');

    expect((await invite(t, owner, orgId, email)).json().status).toBe('OK');
    const newToken = await inviteTokenOf(t, email);
    expect(newToken).not.toBe(oldToken);
    expectError(await get(t, user, `/invite-link/${oldToken}`), 404, 'NOT_FOUND');
    expect((await get(t, user, `/invite-link/${newToken}`)).statusCode).toBe(200);
  });

  it('a stranger learns nothing: someone else’s invite id and link answer like unknown ones', async () => {
    const { owner, orgId } = await ownerWithOrganization(t);
    const email = uniqueEmail('target');
    await invite(t, owner, orgId, email);
    const token = await inviteTokenOf(t, email);
    const target = await t.signUp({ email });
    const id = await ownInviteId(t, target);
    const stranger = await t.signUp();
    const unknown = await get(t, stranger, `/invite-accept/00000000-0000-4000-8000-000000000000`);
    expectError(unknown, 404, 'NOT_FOUND');
    for (const url of [`/invite-accept/${id}`, `/invite-decline/${id}`, `/invite-link/${token}`]) {
      const res = await get(t, stranger, url);
      expectError(res, 404, 'NOT_FOUND');
      expect(res.json().message).toBe(unknown.json().message);
    }
    expectError(await get(t, stranger, '/invite-link/made-up-token'), 404, 'NOT_FOUND');
    expect((await get(t, stranger, '/invites/account/pending')).json().invites).toEqual([]);
    // The target's invite is untouched.
    expect((await get(t, target, `/invite-accept/${id}`)).statusCode).toBe(200);
  });

  it('a malformed invite id is a 400', async () => {
    const user = await t.signUp();
    expectError(await get(t, user, '/invite-accept/not-a-uuid'), 400, 'VALIDATION_FAILED');
  });
});

describe('cancelling a pending invite', () => {
  it('the owner cancels (decline-request, or uninvite with kind invite); the link dies', async () => {
    const { owner, orgId } = await ownerWithOrganization(t);
    for (const path of ['/decline-request/', '/uninvite/']) {
      const email = uniqueEmail('cancelled');
      const created = await invite(t, owner, orgId, email);
      const id = created.json().invite.id as string;
      const token = await inviteTokenOf(t, email);
      const url = path === '/uninvite/' ? `${path}${id}/invite` : `${path}${id}`;
      expect((await get(t, owner, url, orgId)).json()).toEqual({ status: 'OK' });
      expectError(await get(t, owner, url, orgId), 404, 'NOT_FOUND');
      const user = await t.signUp({ email });
      expect((await get(t, user, '/invites/account/pending')).json().invites).toEqual([]);
      expectError(await get(t, user, `/invite-link/${token}`), 404, 'NOT_FOUND');
      expectError(await get(t, user, `/invite-accept/${id}`), 404, 'NOT_FOUND');
    }
  });

  it('needs permission 16 and the invite’s own organization', async () => {
    const fixture = await ownerWithOrganization(t);
    const id = (await invite(t, fixture.owner, fixture.orgId, uniqueEmail())).json().invite.id as string;
    const member = await addMember(t, fixture);
    expectError(await get(t, member, `/decline-request/${id}`, fixture.orgId), 403, 'FORBIDDEN');
    const other = await ownerWithOrganization(t);
    expectError(await get(t, other.owner, `/decline-request/${id}`, other.orgId), 404, 'NOT_FOUND');
    expect(
      (await get(t, fixture.owner, '/invites/company/pending', fixture.orgId)).json().invites,
    ).toHaveLength(1);
  });
});

describe('GET invites/company/pending', () => {
  it('lists the live invites with their address; needs view users (4)', async () => {
    const fixture = await ownerWithOrganization(t);
    const email = uniqueEmail('listed');
    await invite(t, fixture.owner, fixture.orgId, email);
    const res = await get(t, fixture.owner, '/invites/company/pending', fixture.orgId);
    expect(res.json().invites).toEqual([expect.objectContaining({ account: email, platform: 'google' })]);
    const other = await ownerWithOrganization(t);
    expect((await get(t, other.owner, '/invites/company/pending', other.orgId)).json().invites).toEqual([]);
    expectError(await get(t, other.owner, '/invites/company/pending', fixture.orgId), 404, 'NOT_FOUND');
  });
});

describe('setup wizard invites', () => {
  it('e-mails every invite of the setup call', async () => {
    const user = await t.signUp({ setupComplete: false, name: 'Wilma Wizard' });
    const a = uniqueEmail('wizard-a');
    const b = uniqueEmail('wizard-b');
    const res = await t.call(user, {
      method: 'POST',
      url: `${A}/setup`,
      payload: { companies: ['Wizard Oy'], invites: [a, '', b], language: 'fi' },
    });
    expect(res.statusCode, res.body).toBe(200);
    for (const to of [a, b]) {
      const [mail] = await mailsTo(t, to);
      expect(mail).toMatchObject({ template: 'organization-invite', lang: 'fi' });
      expect(mail?.text).toContain('Wilma Wizard');
      expect(await inviteTokenOf(t, to)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    }
  });
});
