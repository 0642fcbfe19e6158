import { OWNED_ORGANIZATIONS_MAX, P } from '@sinetti/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, auditEvents, persons, roleAssignments, roles } from '../src/db/schema/index.ts';
import { buildTestApp, type TestApp, type TestUser } from './helper.ts';
import {
  A,
  addMember,
  expectError,
  get,
  ownerWithOrganization,
  type OrgFixture,
} from './organizations-helper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

type Member = {
  id: string;
  fullName: string;
  email: string | null;
  roles: { name: string }[] | null;
  isOwner: boolean;
  isMe: boolean;
};
const users = async (user: TestUser, orgId: string) => {
  const res = await get(t, user, '/company-users', orgId);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().users as Member[];
};
const organizationsOf = async (user: TestUser) =>
  (await get(t, user, '/accounts')).json().account.organizations as {
    id: string;
    name: string;
    isMine: boolean;
    canLeave: boolean;
  }[];

/** Gives the member the organization's role of that name (in place of the default role). */
async function giveRole(fixture: OrgFixture, user: TestUser, name: string) {
  const [role] = await t.database.db
    .select()
    .from(roles)
    .where(and(eq(roles.organizationId, fixture.orgId), eq(roles.name, name)));
  await t.database.db
    .delete(roleAssignments)
    .where(
      and(eq(roleAssignments.accountId, user.accountId), eq(roleAssignments.organizationId, fixture.orgId)),
    );
  await t.database.db
    .insert(roleAssignments)
    .values({ roleId: role!.id, accountId: user.accountId, organizationId: fixture.orgId });
}

describe('GET company-users', () => {
  it('lists the members with e-mail (11) and roles (12) as the viewer may see them', async () => {
    const fixture = await ownerWithOrganization(t);
    const member = await addMember(t, fixture, { name: 'Maija Member' });
    const asOwner = await users(fixture.owner, fixture.orgId);
    expect(asOwner).toEqual([
      expect.objectContaining({
        id: fixture.owner.accountId,
        fullName: 'Olli Owner',
        email: fixture.owner.email,
        roles: [],
        isOwner: true,
        isMe: true,
      }),
      expect.objectContaining({
        id: member.accountId,
        fullName: 'Maija Member',
        email: member.email,
        roles: [expect.objectContaining({ name: 'Member' })],
        isOwner: false,
        isMe: false,
      }),
    ]);
    // Member has 4 and 11 but not 12: addresses, no roles.
    const asMember = await users(member, fixture.orgId);
    expect(asMember.map((u) => [u.email, u.roles])).toEqual([
      [fixture.owner.email, null],
      [member.email, null],
    ]);
    // Without 11 no addresses.
    await t.database.db
      .update(roles)
      .set({ permissions: [P.ORG_VIEW_USERS] })
      .where(and(eq(roles.organizationId, fixture.orgId), eq(roles.name, 'Member')));
    expect((await users(member, fixture.orgId)).map((u) => u.email)).toEqual([null, null]);
    // A member with no name is not named by address either: the owner's address stays hidden.
    await t.database.db
      .update(persons)
      .set({ givenName: '', familyName: '' })
      .where(eq(persons.accountId, fixture.owner.accountId));
    const nameless = await users(member, fixture.orgId);
    expect(nameless[0]).toMatchObject({ fullName: '', email: null });
    expect(JSON.stringify(nameless)).not.toContain(fixture.owner.email);
    expect((await users(fixture.owner, fixture.orgId))[0]?.fullName).toBe(fixture.owner.email);
    // Without 4 nothing.
    await giveRole(fixture, member, 'Viewer');
    expectError(await get(t, member, '/company-users', fixture.orgId), 403, 'FORBIDDEN');
    const other = await ownerWithOrganization(t);
    expectError(await get(t, other.owner, '/company-users', fixture.orgId), 404, 'NOT_FOUND');
  });
});

describe('removing a member (uninvite)', () => {
  it('ends the member’s access at once: their session on that organization answers 404', async () => {
    const fixture = await ownerWithOrganization(t);
    const member = await addMember(t, fixture);
    const before = await t.call(member, {
      method: 'GET',
      url: '/api/documents/list',
      company: fixture.orgId,
    });
    expect(before.statusCode).toBe(200);
    expect((await get(t, fixture.owner, `/uninvite/${member.accountId}`, fixture.orgId)).json()).toEqual({
      status: 'OK',
    });
    const after = await t.call(member, { method: 'GET', url: '/api/documents/list', company: fixture.orgId });
    expectError(after, 404, 'NOT_FOUND');
    expect((await organizationsOf(member)).map((o) => o.id)).not.toContain(fixture.orgId);
    expect((await users(fixture.owner, fixture.orgId)).map((u) => u.id)).toEqual([fixture.owner.accountId]);
    const audit = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.organizationId, fixture.orgId), eq(auditEvents.action, 'member.removed')));
    expect(audit).toEqual([
      expect.objectContaining({ accountId: fixture.owner.accountId, subjectId: member.accountId }),
    ]);
    // Gone means gone: removing again is 404.
    expectError(
      await get(t, fixture.owner, `/uninvite/${member.accountId}/account`, fixture.orgId),
      404,
      'NOT_FOUND',
    );
  });

  it('never removes the owner, needs permission 16, and cannot reach another organization’s member', async () => {
    const fixture = await ownerWithOrganization(t);
    const admin = await addMember(t, fixture, { name: 'Aada Admin' });
    await giveRole(fixture, admin, 'Administrator');
    expectError(
      await get(t, admin, `/uninvite/${fixture.owner.accountId}`, fixture.orgId),
      409,
      'CONFLICT',
      'OWNER_CANNOT_BE_REMOVED',
    );
    expectError(
      await get(t, fixture.owner, `/uninvite/${fixture.owner.accountId}`, fixture.orgId),
      409,
      'CONFLICT',
      'OWNER_CANNOT_BE_REMOVED',
    );
    const member = await addMember(t, fixture);
    expectError(await get(t, member, `/uninvite/${admin.accountId}`, fixture.orgId), 403, 'FORBIDDEN');
    const other = await ownerWithOrganization(t);
    const outsider = await addMember(t, other);
    expectError(
      await get(t, fixture.owner, `/uninvite/${outsider.accountId}`, fixture.orgId),
      404,
      'NOT_FOUND',
    );
    expectError(await get(t, fixture.owner, `/uninvite/${member.accountId}`, other.orgId), 404, 'NOT_FOUND');
    // The administrator (16) may remove an ordinary member.
    expect((await get(t, admin, `/uninvite/${member.accountId}`, fixture.orgId)).json()).toEqual({
      status: 'OK',
    });
  });
});

describe('GET leave/{id}', () => {
  it('a member leaves; the owner and a personal workspace cannot be left; a stranger gets 404', async () => {
    const fixture = await ownerWithOrganization(t);
    const member = await addMember(t, fixture);
    expect((await organizationsOf(member)).find((o) => o.id === fixture.orgId)?.canLeave).toBe(true);
    expectError(
      await get(t, fixture.owner, `/leave/${fixture.orgId}`),
      409,
      'CONFLICT',
      'OWNER_CANNOT_LEAVE',
    );
    expectError(
      await get(t, member, `/leave/${member.personalOrganizationId}`),
      409,
      'CONFLICT',
      'PERSONAL_ORGANIZATION',
    );
    expectError(await get(t, member, `/leave/${fixture.owner.personalOrganizationId}`), 404, 'NOT_FOUND');
    expect((await get(t, member, `/leave/${fixture.orgId}`)).json()).toEqual({ status: 'OK' });
    expect((await organizationsOf(member)).map((o) => o.id)).not.toContain(fixture.orgId);
    expectError(await get(t, member, `/leave/${fixture.orgId}`), 404, 'NOT_FOUND');
    expectError(
      await t.call(member, { method: 'GET', url: '/api/documents/list', company: fixture.orgId }),
      404,
      'NOT_FOUND',
    );
  });
});

describe('leaving or being removed from the default organization', () => {
  const defaultOf = async (user: TestUser) =>
    (await t.database.db.select().from(accounts).where(eq(accounts.id, user.accountId)))[0]
      ?.defaultOrganizationId;
  const relogin = async (user: TestUser) => {
    const res = await t.call(user, {
      method: 'POST',
      url: '/api/authentication/login',
      body: { type: 'SESSION' },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().session.selectedOrganization as string;
  };

  it.each(['leave', 'remove'] as const)(
    'after %s, the Personal workspace is the default and the selected one again',
    async (how) => {
      const fixture = await ownerWithOrganization(t);
      const member = await addMember(t, fixture);
      expect((await get(t, member, `/set-default/${fixture.orgId}`)).json()).toMatchObject({ status: 'OK' });
      expect(await defaultOf(member)).toBe(fixture.orgId);
      expect(await relogin(member)).toBe(fixture.orgId);

      const res =
        how === 'leave'
          ? await get(t, member, `/leave/${fixture.orgId}`)
          : await get(t, fixture.owner, `/uninvite/${member.accountId}`, fixture.orgId);
      expect(res.json()).toEqual({ status: 'OK' });
      expect(await defaultOf(member)).toBe(member.personalOrganizationId);
      expect(await relogin(member)).toBe(member.personalOrganizationId);
      // The owner's own default is untouched.
      expect(await defaultOf(fixture.owner)).not.toBe(member.personalOrganizationId);
    },
  );
});

describe('GET transfer-owner/{id}', () => {
  it('the owner hands the organization to a member and keeps the default role', async () => {
    const fixture = await ownerWithOrganization(t);
    const member = await addMember(t, fixture);
    expectError(await get(t, member, `/transfer-owner/${member.accountId}`, fixture.orgId), 403, 'FORBIDDEN');
    expectError(
      await get(t, fixture.owner, `/transfer-owner/${fixture.owner.accountId}`, fixture.orgId),
      409,
      'CONFLICT',
      'ALREADY_OWNER',
    );
    const stranger = await t.signUp();
    expectError(
      await get(t, fixture.owner, `/transfer-owner/${stranger.accountId}`, fixture.orgId),
      404,
      'NOT_FOUND',
    );
    expect(
      (await get(t, fixture.owner, `/transfer-owner/${member.accountId}`, fixture.orgId)).json(),
    ).toEqual({ status: 'OK' });

    expect((await organizationsOf(member)).find((o) => o.id === fixture.orgId)).toMatchObject({
      isMine: true,
      canLeave: false,
    });
    expect((await organizationsOf(fixture.owner)).find((o) => o.id === fixture.orgId)).toMatchObject({
      isMine: false,
      canLeave: true,
    });
    const list = await users(member, fixture.orgId);
    expect(list.find((u) => u.id === fixture.owner.accountId)).toMatchObject({
      isOwner: false,
      roles: [expect.objectContaining({ name: 'Member' })],
    });
    // The former owner is now an ordinary member: no more owner calls.
    expectError(
      await get(t, fixture.owner, `/transfer-owner/${fixture.owner.accountId}`, fixture.orgId),
      403,
      'FORBIDDEN',
    );
    expectError(
      await get(
        t,
        fixture.owner,
        `/transfer-owner/${member.accountId}`,
        fixture.owner.personalOrganizationId,
      ),
      404,
      'NOT_FOUND',
    );
  });
});

describe('POST update-company', () => {
  const rename = (user: TestUser, orgId: string, name: unknown) =>
    t.call(user, { method: 'POST', url: `${A}/update-company`, company: orgId, payload: { name } as object });

  it('renames with edit details (8); refuses empty and unsafe names, members without 8 and a personal workspace', async () => {
    const fixture = await ownerWithOrganization(t);
    const res = await rename(fixture.owner, fixture.orgId, '  Acme Group Oy ');
    expect(res.json()).toEqual({ status: 'OK', companyId: fixture.orgId, name: 'Acme Group Oy' });
    expect((await organizationsOf(fixture.owner)).find((o) => o.id === fixture.orgId)?.name).toBe(
      'Acme Group Oy',
    );
    const audit = await t.database.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.organizationId, fixture.orgId), eq(auditEvents.action, 'organization.renamed')),
      );
    expect(audit).toHaveLength(1);

    for (const [name, message] of [
      ['   ', 'Organization name is required.'],
      [
        'Acme\u202Egnp',
        'A name cannot contain control characters, invalid characters or direction overrides.',
      ],
      ['Acme\u0000', 'A name cannot contain control characters, invalid characters or direction overrides.'],
      ['\uD800Acme', 'A name cannot contain control characters, invalid characters or direction overrides.'],
    ]) {
      const bad = await rename(fixture.owner, fixture.orgId, name);
      expectError(bad, 400, 'VALIDATION_FAILED');
      expect(bad.json().fields).toEqual({ name: message });
    }
    const member = await addMember(t, fixture);
    expectError(await rename(member, fixture.orgId, 'Mine now'), 403, 'FORBIDDEN');
    expectError(
      await rename(fixture.owner, fixture.owner.personalOrganizationId, 'Not personal'),
      409,
      'CONFLICT',
      'PERSONAL_ORGANIZATION',
    );
    const other = await ownerWithOrganization(t);
    expectError(await rename(other.owner, fixture.orgId, 'Taken over'), 404, 'NOT_FOUND');
  });
});

describe('POST create-company', () => {
  it('refuses unsafe names and caps the organizations one account owns', async () => {
    const owner = await t.signUp();
    const create = (name: string) =>
      t.call(owner, { method: 'POST', url: `${A}/create-company`, payload: { name } });
    expectError(await create('Evil\u202Eoy'), 400, 'VALIDATION_FAILED');
    for (let i = 1; i < OWNED_ORGANIZATIONS_MAX; i++) expect((await create(`Org ${i}`)).statusCode).toBe(200);
    expectError(await create('One too many'), 409, 'CONFLICT', 'ORGANIZATION_LIMIT_REACHED');
  });
});
