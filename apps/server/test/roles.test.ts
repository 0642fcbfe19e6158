import { P, PERMISSIONS, type Role } from '@sinetti/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDocumentsApp, type DocumentsTestApp } from './documents-helper.ts';
import { errorOf, type TestUser } from './helper.ts';
import { granted, rolesApi } from './roles-helper.ts';

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

const MISSING = '00000000-0000-4000-8000-000000000000';

describe('roles list and info', () => {
  it('lists the default roles with all 26 permissions, markers never granted, and abilities', async () => {
    const res = await api.list(owner);
    expect(res.statusCode).toBe(200);
    const roles = res.json().roles as Role[];
    expect(roles.map((r) => r.name)).toEqual(['Administrator', 'Member', 'Viewer']);
    for (const role of roles) {
      expect(role.permissions.map((p) => p.id)).toEqual(PERMISSIONS.map((p) => p.id));
      for (const marker of [1, 7, 10, 13, 17, 21, 24]) expect(role.permissionsObject[marker]).toBe(0);
      expect(role.permissions[1]).toMatchObject({ permissionKey: 'organization.view.details' });
    }
    const member = roles.find((r) => r.name === 'Member');
    expect(member).toMatchObject({
      default: true,
      abilities: { edit: true, rename: true, delete: false, assign: true },
    });
    expect(granted(member as Role)).toEqual([2, 4, 11, 18, 20, 22, 25]);
    expect(roles.find((r) => r.name === 'Viewer')?.abilities.delete).toBe(true);
  });

  it("answers one role, and 404 for another organization's, an unknown or a malformed id", async () => {
    const [first] = await api.roles(owner);
    const info = await api.info(owner, first?.id ?? '');
    expect(info.statusCode).toBe(200);
    expect(info.json().role).toEqual(first);
    expect((await api.info(stranger, first?.id ?? '')).statusCode).toBe(404);
    expect((await api.info(owner, MISSING)).statusCode).toBe(404);
    expect(errorOf(await api.info(owner, 'nope')).code).toBe('VALIDATION_FAILED');
  });

  it('needs view roles (5), users view roles (12) or users edit roles (15); holders only with 12 or 15', async () => {
    const none = await t.member(owner, [P.DOCUMENTS_VIEW]);
    expect(errorOf(await api.list(none)).code).toBe('FORBIDDEN');
    const [first] = await api.roles(owner);
    expect((await api.info(none, first?.id ?? '')).statusCode).toBe(403);

    const viewer = await t.member(owner, [P.ORG_VIEW_ROLES]);
    const seen = (await api.list(viewer)).json().roles as Role[];
    const own = seen.find((r) => r.name === `Only ${P.ORG_VIEW_ROLES}`);
    expect(own?.accounts).toEqual([viewer.accountId]);
    expect(seen.every((r) => r.accounts.every((a) => a === viewer.accountId))).toBe(true);
    expect(own?.abilities).toEqual({ edit: false, rename: false, delete: false, assign: false });

    const holdersViewer = await t.member(owner, [P.USERS_VIEW_ROLES]);
    const all = (await api.list(holdersViewer)).json().roles as Role[];
    expect(all.find((r) => r.name === `Only ${P.ORG_VIEW_ROLES}`)?.accounts).toEqual([viewer.accountId]);
  });
});

describe('role-add and role-update', () => {
  it('adds a role with no permissions, then sets only the permissions sent', async () => {
    const add = await api.add(owner, { name: '  Accountant  ' });
    expect(add.statusCode).toBe(200);
    const roleId = add.json().roleId as string;
    const fresh = (await api.info(owner, roleId)).json().role as Role;
    expect(fresh).toMatchObject({ name: 'Accountant', default: false, accounts: [] });
    expect(granted(fresh)).toEqual([]);

    const up = await api.update(owner, roleId, {
      permissions: [
        { id: P.ORG_VIEW_BALANCE, permissionValue: 1 },
        { id: P.DOCUMENTS_VIEW, permissionValue: 1 },
        { id: 1, permissionValue: 0 },
      ],
    });
    expect(up.statusCode).toBe(200);
    expect(granted(up.json().role)).toEqual([3, 18]);

    const second = await api.update(owner, roleId, {
      name: 'Book-keeper',
      permissions: [{ id: P.ORG_VIEW_BALANCE, permissionValue: 0 }],
    });
    expect(second.json().role).toMatchObject({ name: 'Book-keeper' });
    expect(granted(second.json().role)).toEqual([18]);

    const renamed = await api.update(owner, roleId, { name: 'Bookkeeper' });
    expect(granted(renamed.json().role)).toEqual([18]);
    const events = await api.audit(owner.personalOrganizationId, 'role.updated');
    expect(events.filter((e) => e.subjectId === roleId)).toHaveLength(3);
    expect((await api.audit(owner.personalOrganizationId, 'role.created')).length).toBeGreaterThan(0);
  });

  it('validates names: empty, too long, control characters, lone surrogates, bidi overrides, taken', async () => {
    for (const name of [
      '',
      '   ',
      'x'.repeat(65),
      'a\u0000b',
      'tab\there',
      'bad\ud800',
      'evil\u202egnp.exe',
      3,
    ]) {
      const res = await api.add(owner, { name });
      expect(res.statusCode, JSON.stringify(name)).toBe(400);
      expect(errorOf(res).fields?.name).toBeTruthy();
    }
    expect((await api.add(owner, { name: 'Ä\u0308iti 👩‍💼' })).statusCode).toBe(200);
    const taken = await api.add(owner, { name: 'administrator' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'CONFLICT', reason: 'ROLE_NAME_TAKEN' });
    const roles = await api.roles(owner);
    const admin = roles.find((r) => r.name === 'Administrator');
    const member = roles.find((r) => r.name === 'Member');
    expect((await api.update(owner, member?.id ?? '', { name: 'ADMINISTRATOR' })).statusCode).toBe(409);
    expect((await api.update(owner, admin?.id ?? '', { name: 'Administrator' })).statusCode).toBe(200);
  });

  it('refuses granted group markers, unknown ids, duplicates and an empty change (400)', async () => {
    const viewer = (await api.roles(owner)).find((r) => r.name === 'Viewer');
    const id = viewer?.id ?? '';
    for (const body of [
      { permissions: [{ id: 7, permissionValue: 1 }] },
      { permissions: [{ id: 27, permissionValue: 1 }] },
      { permissions: [{ id: 0, permissionValue: 0 }] },
      { permissions: [{ id: 2.5, permissionValue: 1 }] },
      { permissions: [{ id: 3, permissionValue: 2 }] },
      {
        permissions: [
          { id: 3, permissionValue: 1 },
          { id: 3, permissionValue: 0 },
        ],
      },
      {},
      { name: 'x\u2066y' },
    ]) {
      const res = await api.update(owner, id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(res).code).toBe('VALIDATION_FAILED');
    }
    expect(granted((await api.info(owner, id)).json().role)).toEqual([2, 18]);
  });

  it("needs organization edit roles (9): 403 without it, 404 for another organization's role", async () => {
    const viewer = (await api.roles(owner)).find((r) => r.name === 'Viewer');
    const plain = await t.member(owner, [P.ORG_VIEW_ROLES]);
    expect(errorOf(await api.add(plain, { name: 'Nope' })).code).toBe('FORBIDDEN');
    expect((await api.update(plain, viewer?.id ?? '', { name: 'Nope' })).statusCode).toBe(403);
    expect((await api.update(stranger, viewer?.id ?? '', { name: 'Mine' })).statusCode).toBe(404);
    expect((await api.update(owner, MISSING, { name: 'Ghost' })).statusCode).toBe(404);
  });

  it('lets a non-owner editor change only permissions they hold', async () => {
    const editor = await t.member(owner, [P.ORG_EDIT_ROLES, P.ORG_VIEW_ROLES, P.DOCUMENTS_VIEW]);
    const roleId = await api.create(owner, 'Escalation target', [P.DOCUMENTS_VIEW, P.ORG_VIEW_BALANCE]);
    const grant = await api.update(editor, roleId, {
      permissions: [{ id: P.ORG_EDIT_DETAILS, permissionValue: 1 }],
    });
    expect(grant.json()).toMatchObject({ code: 'FORBIDDEN', reason: 'PERMISSION_NOT_HELD' });
    const revoke = await api.update(editor, roleId, {
      permissions: [{ id: P.ORG_VIEW_BALANCE, permissionValue: 0 }],
    });
    expect(revoke.statusCode).toBe(403);
    const own = await api.update(editor, roleId, {
      permissions: [
        { id: P.DOCUMENTS_VIEW, permissionValue: 0 },
        { id: P.ORG_VIEW_BALANCE, permissionValue: 1 },
      ],
    });
    expect(own.statusCode).toBe(200);
    expect(granted(own.json().role)).toEqual([P.ORG_VIEW_BALANCE]);
    expect(own.json().role.abilities).toMatchObject({ edit: true, rename: false, delete: false });
    expect((await api.remove(editor, roleId)).statusCode).toBe(403);
  });

  it('lets a non-owner editor rename only a role that grants nothing they lack', async () => {
    const editor = await t.member(owner, [P.ORG_EDIT_ROLES, P.ORG_VIEW_ROLES, P.DOCUMENTS_VIEW]);
    const wider = await api.create(owner, 'Wider than the editor', [P.DOCUMENTS_VIEW, P.ORG_VIEW_BALANCE]);
    const rename = await api.update(editor, wider, { name: 'Renamed by editor' });
    expect(rename.json()).toMatchObject({ code: 'FORBIDDEN', reason: 'PERMISSION_NOT_HELD' });
    // Not even together with a change the editor may make alone.
    const both = await api.update(editor, wider, {
      name: 'Renamed by editor',
      permissions: [{ id: P.DOCUMENTS_VIEW, permissionValue: 0 }],
    });
    expect(both.statusCode).toBe(403);
    expect((await api.info(owner, wider)).json().role).toMatchObject({ name: 'Wider than the editor' });
    const kept = granted((await api.info(owner, wider)).json().role);
    expect(kept.sort((a, b) => a - b)).toEqual([P.ORG_VIEW_BALANCE, P.DOCUMENTS_VIEW].sort((a, b) => a - b));

    const within = await api.create(owner, 'Within the editor', [P.DOCUMENTS_VIEW]);
    const ok = await api.update(editor, within, { name: 'Renamed by editor' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().role).toMatchObject({ name: 'Renamed by editor' });
  });
});

describe('role-delete', () => {
  it('deletes a role; its holders lose it and stay members', async () => {
    const roleId = await api.create(owner, 'Temporary', [P.DOCUMENTS_VIEW, P.DOCUMENTS_CREATE]);
    const holder = await api.bareMember(owner);
    expect((await api.assign(owner, holder.accountId, roleId)).statusCode).toBe(200);
    expect(
      (await t.json(holder, 'POST', '/api/documents/create/folder', { name: 'Before' })).statusCode,
    ).toBe(200);

    const res = await api.remove(owner, roleId);
    expect(res.statusCode).toBe(200);
    expect((await api.info(owner, roleId)).statusCode).toBe(404);
    const mine = await t.json(holder, 'GET', '/api/privileges/account-roles');
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({ permissions: [], roles: [] });
    expect((await t.json(holder, 'POST', '/api/documents/create/folder', { name: 'After' })).statusCode).toBe(
      403,
    );
    const [event] = (await api.audit(owner.personalOrganizationId, 'role.deleted')).filter(
      (e) => e.subjectId === roleId,
    );
    expect(event?.data).toMatchObject({ name: 'Temporary', holders: [holder.accountId] });
  });

  it("refuses the default role (409), another organization's (404), without edit roles (403)", async () => {
    const roles = await api.roles(owner);
    const member = roles.find((r) => r.default);
    const res = await api.remove(owner, member?.id ?? '');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'CONFLICT', reason: 'DEFAULT_ROLE' });
    const viewer = roles.find((r) => r.name === 'Viewer');
    expect((await api.remove(stranger, viewer?.id ?? '')).statusCode).toBe(404);
    const plain = await t.member(owner, [P.ORG_VIEW_ROLES, P.DOCUMENTS_VIEW]);
    expect((await api.remove(plain, viewer?.id ?? '')).statusCode).toBe(403);
    expect((await api.remove(owner, MISSING)).statusCode).toBe(404);
    expect((await api.roles(owner)).some((r) => r.id === viewer?.id)).toBe(true);
  });
});
