import { P, type Role } from '@sinetti/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDocumentsApp, type DocumentsTestApp } from './documents-helper.ts';
import { errorOf, type TestUser } from './helper.ts';
import { rolesApi } from './roles-helper.ts';

let t: DocumentsTestApp;
let api: ReturnType<typeof rolesApi>;
let owner: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  t = await buildDocumentsApp();
  api = rolesApi(t);
  owner = await t.organization(await t.signUp());
  stranger = await t.organization(await t.signUp());
});
afterAll(() => t.close());

const createFolder = (user: TestUser, name: string) =>
  t.json(user, 'POST', '/api/documents/create/folder', { name });

describe('assigning and removing roles', () => {
  it("gives a role and takes it away; the member's next call has the new permissions", async () => {
    const member = await api.bareMember(owner);
    const creators = await api.create(owner, 'Creators', [P.DOCUMENTS_VIEW, P.DOCUMENTS_CREATE]);
    expect((await createFolder(member, 'Denied')).statusCode).toBe(403);

    const given = await api.assign(owner, member.accountId, creators);
    expect(given.statusCode).toBe(200);
    expect((given.json().role as Role).accounts).toEqual([member.accountId]);
    expect((await createFolder(member, 'Allowed')).statusCode).toBe(200);
    const again = await api.assign(owner, member.accountId, creators);
    expect(again.json().role.accounts).toEqual([member.accountId]);

    const revoke = await api.update(owner, creators, {
      permissions: [{ id: P.DOCUMENTS_CREATE, permissionValue: 0 }],
    });
    expect(revoke.statusCode).toBe(200);
    expect((await createFolder(member, 'Revoked')).statusCode).toBe(403);
    await api.update(owner, creators, { permissions: [{ id: P.DOCUMENTS_CREATE, permissionValue: 1 }] });
    expect((await createFolder(member, 'Granted again')).statusCode).toBe(200);

    const taken = await api.unassign(owner, member.accountId, creators);
    expect(taken.statusCode).toBe(200);
    expect(taken.json().role.accounts).toEqual([]);
    expect((await createFolder(member, 'Gone')).statusCode).toBe(403);
    expect((await api.unassign(owner, member.accountId, creators)).statusCode).toBe(200);

    const roles = await t.json(member, 'GET', '/api/privileges/account-roles');
    expect(roles.statusCode).toBe(200);
    expect(roles.json()).toMatchObject({ isOwner: false, permissions: [], roles: [] });
    const events = await api.audit(owner.personalOrganizationId, 'role.assigned');
    expect(events.filter((e) => e.subjectId === creators)).toHaveLength(1);
    expect(await api.audit(owner.personalOrganizationId, 'role.unassigned')).toHaveLength(1);
  });

  it("answers 404 for another organization's role or user, and for a non-member", async () => {
    const member = await api.bareMember(owner);
    const [theirRole] = await api.roles(stranger);
    const [ourRole] = await api.roles(owner);
    expect((await api.assign(owner, member.accountId, theirRole?.id ?? '')).statusCode).toBe(404);
    expect((await api.unassign(owner, member.accountId, theirRole?.id ?? '')).statusCode).toBe(404);
    expect((await api.assign(owner, stranger.accountId, ourRole?.id ?? '')).statusCode).toBe(404);
    expect((await api.unassign(owner, stranger.accountId, ourRole?.id ?? '')).statusCode).toBe(404);
    expect((await api.assign(stranger, member.accountId, ourRole?.id ?? '')).statusCode).toBe(404);
    const bad = await t.json(owner, 'POST', `/api/privileges/role/${member.accountId}`, { roleId: 'x' });
    expect(errorOf(bad).code).toBe('VALIDATION_FAILED');
    expect(
      (await t.json(owner, 'POST', '/api/privileges/role/nope', { roleId: ourRole?.id })).statusCode,
    ).toBe(400);
  });

  it('needs users edit roles (15), and a non-owner gives only roles that grant nothing they lack', async () => {
    const member = await api.bareMember(owner);
    const roles = await api.roles(owner);
    const viewer = roles.find((r) => r.name === 'Viewer');
    const admin = roles.find((r) => r.name === 'Administrator');

    const plain = await t.member(owner, [P.USERS_VIEW_ROLES, P.ORG_VIEW_DETAILS, P.DOCUMENTS_VIEW]);
    expect(errorOf(await api.assign(plain, member.accountId, viewer?.id ?? '')).code).toBe('FORBIDDEN');

    const manager = await t.member(owner, [P.USERS_EDIT_ROLES, P.ORG_VIEW_DETAILS, P.DOCUMENTS_VIEW]);
    const seen = (await api.list(manager)).json().roles as Role[];
    expect(seen.find((r) => r.name === 'Viewer')?.abilities.assign).toBe(true);
    expect(seen.find((r) => r.name === 'Administrator')?.abilities.assign).toBe(false);
    expect((await api.assign(manager, member.accountId, viewer?.id ?? '')).statusCode).toBe(200);
    const escalate = await api.assign(manager, manager.accountId, admin?.id ?? '');
    expect(escalate.json()).toMatchObject({ code: 'FORBIDDEN', reason: 'PERMISSION_NOT_HELD' });
    expect((await api.assign(owner, member.accountId, admin?.id ?? '')).statusCode).toBe(200);
    expect((await api.unassign(manager, member.accountId, admin?.id ?? '')).statusCode).toBe(403);
    expect((await api.unassign(manager, member.accountId, viewer?.id ?? '')).statusCode).toBe(200);
  });

  it('never reduces the owner: roles given or taken leave the owner with every permission', async () => {
    const viewer = (await api.roles(owner)).find((r) => r.name === 'Viewer');
    expect((await api.assign(owner, owner.accountId, viewer?.id ?? '')).statusCode).toBe(200);
    expect((await api.unassign(owner, owner.accountId, viewer?.id ?? '')).statusCode).toBe(200);
    const mine = (await t.json(owner, 'GET', '/api/privileges/account-roles')).json();
    expect(mine.isOwner).toBe(true);
    expect(mine.permissions).toHaveLength(19);
  });
});
