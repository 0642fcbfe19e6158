import { and, eq } from 'drizzle-orm';
import { GRANTABLE_PERMISSION_IDS, SESSION_TTL_MS } from '@sinetti/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accounts,
  auditEvents,
  invites,
  memberships,
  organizations,
  sessions,
} from '../src/db/schema/index.ts';
import { buildTestApp, errorOf, type TestApp, type TestUser } from './helper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const A = '/api/authentication';
type Org = {
  id: string;
  name: string;
  isPersonal: boolean;
  isMine: boolean;
  isDefault: boolean;
  canLeave: boolean;
};

async function accountOf(user: TestUser) {
  const res = await t.call(user, { method: 'GET', url: `${A}/accounts` });
  expect(res.statusCode).toBe(200);
  return res.json() as {
    account: Record<string, unknown> & { organizations: Org[] };
    session: Record<string, unknown>;
  };
}
const createCompany = (user: TestUser, payload: unknown) =>
  t.call(user, { method: 'POST', url: `${A}/create-company`, payload: payload as object });
const setup = (user: TestUser, payload: unknown) =>
  t.call(user, { method: 'POST', url: `${A}/setup`, payload: payload as object });

async function expectUnauthenticated(opts: { method: 'GET' | 'POST'; url: string; payload?: object }) {
  const none = await t.call(null, opts);
  expect(none.statusCode).toBe(401);
  expect(errorOf(none).code).toBe('SESSION_INVALID');
  const madeUp = await t.call(null, { ...opts, headers: { 'session-id': 'made-up-session' } });
  expect(madeUp.statusCode).toBe(401);
  expect(errorOf(madeUp).code).toBe('SESSION_INVALID');
  const user = await t.signUp();
  t.clock.advance(SESSION_TTL_MS + 1);
  const expired = await t.call(user, opts);
  expect(expired.statusCode).toBe(401);
  expect(errorOf(expired).code).toBe('UNAUTHORIZED_ACCESS');
}

describe('GET accounts', () => {
  it('answers the account, its Personal organization and the session', async () => {
    const user = await t.signUp({ name: 'Aino Virtanen' });
    const { account, session } = await accountOf(user);
    expect(account).toMatchObject({
      id: user.accountId,
      email: user.email,
      platform: 'google',
      fullName: 'Aino Virtanen',
      person: { givenName: 'Aino', familyName: 'Virtanen', address: null },
      language: 'en',
      wizard: false,
      wizardSteps: { step: 1, data: {}, skipped: [], complete: true },
      defaultOrganization: user.personalOrganizationId,
      selectedOrganization: user.personalOrganizationId,
      settings: { region: 'US', timezone: 'Europe/Helsinki', language: 'en' },
    });
    expect(account.organizations).toEqual([
      expect.objectContaining({
        id: user.personalOrganizationId,
        name: 'Personal',
        plan: 'personal',
        isPersonal: true,
        isMine: true,
        isDefault: true,
        canLeave: false,
      }),
    ]);
    expect(session).toMatchObject({ status: 'OK', selectedOrganization: user.personalOrganizationId });
    expect(session).not.toHaveProperty('id');
    expect(JSON.stringify({ account, session })).not.toContain(user.token);
  });

  it('uses the e-mail as the full name when both names are empty, and shows the wizard before setup', async () => {
    const user = await t.signUp({ name: '', setupComplete: false });
    const { account, session } = await accountOf(user);
    expect(account.fullName).toBe(user.email);
    expect(account.wizard).toBe(true);
    expect(account.wizardSteps).toMatchObject({ complete: false, step: 1 });
    expect(session.status).toBe('SETUP_REQUIRED');
  });

  it('lists Personal first, then by name, with ownership and leave flags', async () => {
    const user = await t.signUp();
    const other = await t.signUp();
    expect((await createCompany(user, { name: 'beta' })).statusCode).toBe(200);
    expect((await createCompany(user, { name: 'Alpha' })).statusCode).toBe(200);
    const joined = (await createCompany(other, { name: 'Aardvark Oy' })).json().companyId as string;
    await t.database.db.insert(memberships).values({ organizationId: joined, accountId: user.accountId });

    const { account } = await accountOf(user);
    expect(account.organizations.map((o) => o.name)).toEqual(['Personal', 'Aardvark Oy', 'Alpha', 'beta']);
    const aardvark = account.organizations[1];
    expect(aardvark).toMatchObject({ isMine: false, isPersonal: false, canLeave: true, isDefault: false });
    expect(account.organizations[2]).toMatchObject({ isMine: true, canLeave: false });
  });

  it('falls back to the default organization when the selected one is no longer the account’s', async () => {
    const user = await t.signUp();
    const other = await t.signUp();
    await t.database.db
      .update(sessions)
      .set({ selectedOrganizationId: other.personalOrganizationId })
      .where(eq(sessions.accountId, user.accountId));
    const { account, session } = await accountOf(user);
    expect(account.selectedOrganization).toBe(user.personalOrganizationId);
    expect(session.selectedOrganization).toBe(user.personalOrganizationId);
  });

  it('refuses missing, made-up and expired sessions', async () => {
    await expectUnauthenticated({ method: 'GET', url: `${A}/accounts` });
  });
});

describe('POST setup', () => {
  it('creates the organization, pending invites and makes it the default in one go', async () => {
    const user = await t.signUp({ setupComplete: false });
    const res = await setup(user, {
      companies: ['  Northwind Oy '],
      invites: ['a@northwind.fi', 'A@Northwind.fi', '', user.email.toUpperCase(), 'b@northwind.fi'],
      language: 'fi',
    });
    expect(res.statusCode).toBe(200);
    const { account } = res.json();
    const org = account.organizations.find((o: Org) => o.name === 'Northwind Oy');
    expect(org).toMatchObject({ isDefault: true, isMine: true, plan: 'freemium', platform: 'google' });
    expect(account).toMatchObject({ wizard: false, language: 'fi', defaultOrganization: org.id });

    const rows = await t.database.db.select().from(invites).where(eq(invites.organizationId, org.id));
    expect(rows.map((r) => r.email).sort()).toEqual(['a@northwind.fi', 'b@northwind.fi']);
    expect(rows.every((r) => r.status === 'pending' && r.invitedBy === user.accountId)).toBe(true);

    const roles = await t.call(user, {
      method: 'GET',
      url: '/api/privileges/account-roles',
      company: org.id,
    });
    expect(roles.statusCode).toBe(200);
    expect(roles.json()).toMatchObject({ isOwner: true, permissions: [...GRANTABLE_PERMISSION_IDS] });

    const audit = await t.database.db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(eq(auditEvents.accountId, user.accountId));
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(['organization.created', 'invite.created', 'account.setup_completed']),
    );
  });

  it('keeps Personal as the default when no organization is named', async () => {
    const user = await t.signUp({ setupComplete: false, platform: 'microsoft' });
    const res = await setup(user, { language: 'en' });
    expect(res.statusCode).toBe(200);
    const { account } = res.json();
    expect(account.organizations).toHaveLength(1);
    expect(account.defaultOrganization).toBe(user.personalOrganizationId);
    const roles = await t.call(user, { method: 'GET', url: '/api/privileges/account-roles' });
    expect(roles.statusCode).toBe(200);
  });

  it('uses the account’s platform for the organization and its invites', async () => {
    const user = await t.signUp({ setupComplete: false, platform: 'microsoft' });
    const res = await setup(user, { companies: ['Contoso'], invites: ['x@contoso.com'], language: 'en' });
    const org = res.json().account.organizations.find((o: Org) => o.name === 'Contoso');
    expect(org.platform).toBe('microsoft');
    const [row] = await t.database.db.select().from(invites).where(eq(invites.organizationId, org.id));
    expect(row?.platform).toBe('microsoft');
  });

  it('answers CONFLICT the second time', async () => {
    const user = await t.signUp({ setupComplete: false });
    expect((await setup(user, { companies: ['Once'], language: 'en' })).statusCode).toBe(200);
    const again = await setup(user, { companies: ['Twice'], language: 'en' });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toMatchObject({
      code: 'CONFLICT',
      reason: 'SETUP_COMPLETE',
      message: 'Setup is already complete.',
    });
    const { account } = await accountOf(user);
    expect(account.organizations.map((o) => o.name)).toEqual(['Personal', 'Once']);
  });

  it('refuses bad input with 400 and changes nothing', async () => {
    const user = await t.signUp({ setupComplete: false });
    const cases: [unknown, string][] = [
      [{ companies: ['Acme'], invites: ['ok@acme.fi', 'nope'], language: 'en' }, 'invites'],
      [{ invites: ['ok@acme.fi'], language: 'en' }, 'invites'],
      [{ companies: [''], language: 'en' }, 'companies.0'],
      [{ companies: ['A', 'B'], language: 'en' }, 'companies'],
      [{ companies: 'Acme', language: 'en' }, 'companies'],
      [{ companies: ['Acme'], language: 'sv' }, 'language'],
      [{ companies: ['Acme'] }, 'language'],
      [{ companies: ['Acme'], invites: 'a@b.fi', language: 'en' }, 'invites'],
    ];
    for (const [payload, field] of cases) {
      const res = await setup(user, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(errorOf(res).code).toBe('VALIDATION_FAILED');
      expect(errorOf(res).fields, JSON.stringify(payload)).toHaveProperty([field]);
    }
    const invalid = await setup(user, {
      companies: ['Acme'],
      invites: ['ok@acme.fi', 'nope'],
      language: 'en',
    });
    expect(errorOf(invalid).message).toBe('Invalid email address: nope');
    const malformed = await t.call(user, {
      method: 'POST',
      url: `${A}/setup`,
      headers: { 'content-type': 'application/json' },
      payload: '{"companies": [',
    });
    expect(malformed.statusCode).toBe(400);
    expect(errorOf(malformed).code).toBe('VALIDATION_FAILED');

    const [row] = await t.database.db.select().from(accounts).where(eq(accounts.id, user.accountId));
    expect(row?.setupComplete).toBe(false);
    const owned = await t.database.db
      .select()
      .from(organizations)
      .where(eq(organizations.ownerAccountId, user.accountId));
    expect(owned).toHaveLength(1);
  });

  it('refuses missing, made-up and expired sessions', async () => {
    await expectUnauthenticated({ method: 'POST', url: `${A}/setup`, payload: { language: 'en' } });
  });
});

describe('GET language', () => {
  it('saves the language', async () => {
    const user = await t.signUp();
    const res = await t.call(user, { method: 'GET', url: `${A}/language/fi` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'OK', language: 'fi' });
    const { account } = await accountOf(user);
    expect(account).toMatchObject({ language: 'fi', settings: { language: 'fi' } });
  });

  it('refuses other codes', async () => {
    const user = await t.signUp();
    for (const code of ['sv', 'EN', 'x'.repeat(60)]) {
      const res = await t.call(user, { method: 'GET', url: `${A}/language/${code}` });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).fields).toHaveProperty('code');
    }
  });

  it('refuses missing, made-up and expired sessions', async () => {
    await expectUnauthenticated({ method: 'GET', url: `${A}/language/fi` });
  });
});

describe('GET set-default', () => {
  it('makes one of the account’s organizations the default and the selected one', async () => {
    const user = await t.signUp();
    const companyId = (await createCompany(user, { name: 'Default Oy' })).json().companyId as string;
    const res = await t.call(user, { method: 'GET', url: `${A}/set-default/${companyId}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'OK', defaultOrganization: companyId });
    const { account, session } = await accountOf(user);
    expect(account.defaultOrganization).toBe(companyId);
    expect(account.selectedOrganization).toBe(companyId);
    expect(session.selectedOrganization).toBe(companyId);
    expect(account.organizations.find((o) => o.id === companyId)?.isDefault).toBe(true);
  });

  it('answers NOT_FOUND for an organization the account is not in, or no such id', async () => {
    const user = await t.signUp();
    const other = await t.signUp();
    for (const id of [other.personalOrganizationId, '00000000-0000-4000-8000-000000000000']) {
      const res = await t.call(user, { method: 'GET', url: `${A}/set-default/${id}` });
      expect(res.statusCode).toBe(404);
      expect(errorOf(res).code).toBe('NOT_FOUND');
    }
    const { account } = await accountOf(user);
    expect(account.defaultOrganization).toBe(user.personalOrganizationId);
  });

  it('answers 400 for a malformed id', async () => {
    const user = await t.signUp();
    const res = await t.call(user, { method: 'GET', url: `${A}/set-default/not-a-uuid` });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).fields).toHaveProperty('id');
  });

  it('refuses missing, made-up and expired sessions', async () => {
    const user = await t.signUp();
    await expectUnauthenticated({ method: 'GET', url: `${A}/set-default/${user.personalOrganizationId}` });
  });
});

describe('POST create-company', () => {
  it('creates an organization owned by the caller, without changing the default', async () => {
    const user = await t.signUp();
    const res = await createCompany(user, { name: ' Tilitoimisto Oy ' });
    expect(res.statusCode).toBe(200);
    const { companyId } = res.json();
    const { account } = await accountOf(user);
    expect(account.organizations.find((o) => o.id === companyId)).toMatchObject({
      name: 'Tilitoimisto Oy',
      plan: 'freemium',
      isMine: true,
      isDefault: false,
      canLeave: false,
    });
    expect(account.defaultOrganization).toBe(user.personalOrganizationId);
    const roles = await t.call(user, {
      method: 'GET',
      url: '/api/privileges/account-roles',
      company: companyId,
    });
    expect(roles.json().isOwner).toBe(true);
    const [member] = await t.database.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.organizationId, companyId), eq(memberships.accountId, user.accountId)));
    expect(member).toBeDefined();
  });

  it('needs a name', async () => {
    const user = await t.signUp();
    for (const payload of [{ name: '' }, { name: '   ' }]) {
      const res = await createCompany(user, payload);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toMatchObject({
        code: 'VALIDATION_FAILED',
        fields: { name: 'Organization name is required.' },
      });
    }
    for (const payload of [{}, { name: 12 }, { name: 'x'.repeat(121) }, ['Acme']]) {
      const res = await createCompany(user, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(errorOf(res).code).toBe('VALIDATION_FAILED');
    }
    const malformed = await t.call(user, {
      method: 'POST',
      url: `${A}/create-company`,
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(malformed.statusCode).toBe(400);
    const empty = await t.call(user, { method: 'POST', url: `${A}/create-company` });
    expect(empty.statusCode).toBe(400);
    expect(errorOf(empty).fields).toHaveProperty('name');
  });

  it('needs setup to be complete', async () => {
    const user = await t.signUp({ setupComplete: false });
    const res = await createCompany(user, { name: 'Too Early' });
    expect(res.statusCode).toBe(403);
    expect(errorOf(res).code).toBe('SETUP_REQUIRED');
  });

  it('refuses missing, made-up and expired sessions', async () => {
    await expectUnauthenticated({ method: 'POST', url: `${A}/create-company`, payload: { name: 'Acme' } });
  });
});
