/**
 * Document roles (docs/decisions.md "Document roles"): the calls of SPEC §7.4, the inheritance rule, and
 * that a member never meets a document their roles hide: in folder lists, every search tier, filtered
 * lists, the template library, recent documents, counts, info, content, download and every signing call.
 */
import { P } from '@sinetti/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, roleAssignments, roles } from '../src/db/schema/index.ts';
import type { TestUser } from './helper.ts';
import { buildSigningApp, type SigningTestApp } from './signing-helper.ts';

let t: SigningTestApp;
let owner: TestUser;
/** Holds every document permission and the role "Legal". */
let lawyer: TestUser;
/** Holds every document permission, but not "Legal". */
let colleague: TestUser;
let legal: string;
let sales: string;

const ALL_DOCS = [
  P.DOCUMENTS_VIEW,
  P.DOCUMENTS_VIEW_ROLES,
  P.DOCUMENTS_CREATE,
  P.DOCUMENTS_EDIT,
  P.DOCUMENTS_EDIT_ROLES,
  P.DOCUMENTS_DELETE,
  P.DOCUMENTS_DELETE_ROLES,
] as const;

async function role(name: string): Promise<string> {
  const [row] = await t.database.db
    .insert(roles)
    .values({ organizationId: owner.personalOrganizationId, name, permissions: [] })
    .returning();
  return row?.id ?? '';
}

const get = (u: TestUser, url: string) => t.json(u, 'GET', url);
const add = (u: TestUser, doc: string, r: string) => get(u, `/api/privileges/document-role/${doc}/${r}`);
const remove = (u: TestUser, doc: string, r: string) => get(u, `/api/privileges/document-delete/${doc}/${r}`);
const rolesOf = (u: TestUser, doc: string) => get(u, `/api/privileges/document-roles/${doc}`);
const change = (u: TestUser, doc: string, body: { add?: string[]; remove?: string[] }) =>
  t.json(u, 'POST', `/api/privileges/document-roles/${doc}`, body);

beforeAll(async () => {
  t = await buildSigningApp();
  owner = await t.organization(await t.signUp({ name: 'Olga Owner' }));
  lawyer = await t.member(owner, [...ALL_DOCS]);
  colleague = await t.member(owner, [...ALL_DOCS]);
  legal = await role('Legal');
  sales = await role('Sales');
  await t.database.db
    .insert(roleAssignments)
    .values({ roleId: legal, accountId: lawyer.accountId, organizationId: owner.personalOrganizationId });
});
afterAll(async () => t?.close());

describe('privileges/document-role, document-roles, document-delete', () => {
  it('adds, lists and removes roles, answering the roles as they are afterwards, with audit events', async () => {
    const folder = await t.create(owner, 'folder', 'Board');
    const empty = (await rolesOf(owner, folder.id)).json();
    expect(empty).toMatchObject({ status: 'OK', roles: [], inheritedFrom: null, effective: [] });
    expect(empty.available.map((r: { name: string }) => r.name)).toEqual(
      expect.arrayContaining(['Legal', 'Sales']),
    );
    const added = await add(owner, folder.id, legal);
    expect(added.statusCode).toBe(200);
    expect(added.json().roles).toEqual([{ id: legal, name: 'Legal' }]);
    expect((await add(owner, folder.id, legal)).json().roles).toHaveLength(1);
    const both = (await add(owner, folder.id, sales)).json();
    expect(both.roles.map((r: { name: string }) => r.name)).toEqual(['Legal', 'Sales']);
    expect(both.effective).toHaveLength(2);
    const after = (await remove(owner, folder.id, sales)).json();
    expect(after.roles).toEqual([{ id: legal, name: 'Legal' }]);
    const events = await t.database.db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(eq(auditEvents.subjectId, folder.id));
    expect(events.map((e) => e.action).filter((a) => a.startsWith('document.role'))).toEqual([
      'document.role-added',
      'document.role-added',
      'document.role-removed',
    ]);
  });

  it('needs 19 to list, 23 to add and 26 to remove; 404 for another organization or an unknown role', async () => {
    const folder = await t.create(owner, 'folder', 'Permissions');
    const viewer = await t.member(owner, [P.DOCUMENTS_VIEW, P.DOCUMENTS_VIEW_ROLES]);
    expect((await rolesOf(viewer, folder.id)).statusCode).toBe(200);
    expect((await add(viewer, folder.id, sales)).statusCode).toBe(403);
    expect((await remove(viewer, folder.id, sales)).statusCode).toBe(403);
    const plain = await t.member(owner, [P.DOCUMENTS_VIEW]);
    expect((await rolesOf(plain, folder.id)).statusCode).toBe(403);
    const other = await t.organization(await t.signUp());
    const foreignRole =
      (
        await t.database.db
          .insert(roles)
          .values({ organizationId: other.personalOrganizationId, name: 'Foreign', permissions: [] })
          .returning()
      )[0]?.id ?? '';
    expect((await add(owner, folder.id, foreignRole)).statusCode).toBe(404);
    expect((await rolesOf(other, folder.id)).statusCode).toBe(404);
    expect((await add(owner, folder.id, 'not-a-uuid')).statusCode).toBe(400);
  });
});

describe('who sees a restricted folder and what is inside it', () => {
  let folder: string;
  let inner: string;
  let contract: string;
  let template: string;
  let open: string;

  beforeAll(async () => {
    folder = (await t.create(owner, 'folder', 'Mergers')).id;
    inner = (await t.create(owner, 'folder', 'Mergers inner', folder)).id;
    contract = (await t.contract(owner, 'Mergers agreement', 1)).id;
    await get(owner, `/api/documents/move/${contract}/${inner}`);
    template = (await t.create(owner, 'template', 'Mergers template', folder)).id;
    expect((await t.addSignee(owner, contract, { email: 'target@example.com' })).statusCode).toBe(200);
    open = (await t.create(owner, 'folder', 'Open folder')).id;
    expect((await add(owner, folder, legal)).statusCode).toBe(200);
  });

  const ids = () => [folder, inner, contract, template];
  const leaks = (body: string) => ids().filter((id) => body.includes(id));

  it('hides it from a member without the role in every list, search, count and call (404)', async () => {
    const bodies = [
      await get(colleague, '/api/documents/list'),
      await t.json(colleague, 'POST', '/api/documents/search', { text: '' }),
      await t.json(colleague, 'POST', '/api/documents/search?orderBy=updated&orderValue=DESC&limit=8', {
        text: '',
      }),
      await t.json(colleague, 'POST', '/api/documents/search', { text: 'Mergers' }),
      await t.json(colleague, 'POST', '/api/documents/search', { text: 'ergers' }),
      await t.json(colleague, 'POST', '/api/documents/search', { text: 'Mergres' }),
      await t.json(colleague, 'POST', '/api/documents/search?orderBy=name', { text: 'Mergers' }),
      await t.json(colleague, 'POST', '/api/documents/search/draft', { text: '' }),
      await t.json(colleague, 'POST', '/api/documents/search?type=template', { text: '' }),
    ];
    for (const res of bodies) {
      expect(res.statusCode, res.body).toBe(200);
      expect(leaks(res.body)).toEqual([]);
    }
    const mine = (await get(colleague, '/api/documents/stats')).json();
    const owners = (await get(owner, '/api/documents/stats')).json();
    expect(owners.draft - mine.draft).toBe(2);
    for (const url of [
      `/api/documents/list/${folder}`,
      `/api/documents/list/${inner}`,
      `/api/documents/info/${contract}`,
      `/api/documents/content/${contract}`,
      `/api/documents/download/${contract}`,
      `/api/signing/signees/${contract}`,
      `/api/signing/send/${contract}`,
      `/api/signing/cancel/${contract}`,
      `/api/signing/audit/${contract}`,
      `/api/signing/signed/${contract}`,
      `/api/signing/certificate/${contract}`,
      `/api/documents/move/${contract}/${open}`,
      `/api/privileges/document-roles/${folder}`,
    ]) {
      expect((await get(colleague, url)).statusCode, url).toBe(404);
    }
    for (const [url, body] of [
      ['/api/documents/rename', { documentId: contract, name: 'x' }],
      ['/api/documents/delete', { documentId: folder }],
      ['/api/documents/archive', { documentId: contract }],
      [`/api/documents/convert/${template}`, { name: 'Copy', includeChildren: false }],
      [`/api/documents/create/folder/${folder}`, { name: 'Sneaky' }],
      [`/api/signing/signee/${contract}`, { email: 'x@example.com' }],
    ] as const) {
      expect((await t.json(colleague, 'POST', url, body)).statusCode, url).toBe(404);
    }
  });

  it('shows it to a member with the role and to the owner, everywhere', async () => {
    for (const user of [lawyer, owner]) {
      expect((await get(user, '/api/documents/list')).body).toContain(folder);
      expect((await get(user, `/api/documents/list/${folder}`)).body).toContain(inner);
      expect((await get(user, `/api/documents/list/${inner}`)).body).toContain(contract);
      const found = await t.json(user, 'POST', '/api/documents/search', { text: 'Mergers' });
      expect(found.body).toContain(contract);
      expect((await get(user, `/api/documents/info/${contract}`)).statusCode).toBe(200);
      expect((await get(user, `/api/signing/signees/${contract}`)).statusCode).toBe(200);
    }
  });

  it('lets roles of a document inside decide for it, and inherits again when they are removed', async () => {
    expect((await add(owner, inner, sales)).statusCode).toBe(200);
    const salesPerson = await t.member(owner, [P.DOCUMENTS_VIEW]);
    await t.database.db.insert(roleAssignments).values({
      roleId: sales,
      accountId: salesPerson.accountId,
      organizationId: owner.personalOrganizationId,
    });
    expect((await get(salesPerson, `/api/documents/info/${contract}`)).statusCode).toBe(200);
    expect((await get(lawyer, `/api/documents/info/${contract}`)).statusCode).toBe(404);
    expect((await get(salesPerson, `/api/documents/info/${folder}`)).statusCode).toBe(404);
    const inherited = (await rolesOf(owner, contract)).json();
    expect(inherited.inheritedFrom).toEqual({ id: inner, name: 'Mergers inner' });
    expect((await remove(owner, inner, sales)).statusCode).toBe(200);
    expect((await get(salesPerson, `/api/documents/info/${contract}`)).statusCode).toBe(404);
    expect((await get(lawyer, `/api/documents/info/${contract}`)).statusCode).toBe(200);
    expect((await rolesOf(owner, contract)).json().inheritedFrom).toEqual({ id: folder, name: 'Mergers' });
  });

  it('moves follow the new folder: out of the restricted folder everyone sees it, into it only the role', async () => {
    const memo = await t.create(owner, 'contract', 'Mergers memo', inner);
    expect((await get(colleague, `/api/documents/info/${memo.id}`)).statusCode).toBe(404);
    expect((await get(owner, `/api/documents/move/${memo.id}/root`)).statusCode).toBe(200);
    expect((await get(colleague, `/api/documents/info/${memo.id}`)).statusCode).toBe(200);
    expect((await get(owner, `/api/documents/move/${memo.id}/${folder}`)).statusCode).toBe(200);
    expect((await get(colleague, `/api/documents/info/${memo.id}`)).statusCode).toBe(404);
  });

  it('a deleted role no longer restricts: the folder is open again when it was its only role', async () => {
    const temp = await role('Temporary');
    const box = await t.create(owner, 'folder', 'Box');
    expect((await add(owner, box.id, temp)).statusCode).toBe(200);
    expect((await get(colleague, `/api/documents/info/${box.id}`)).statusCode).toBe(404);
    await t.database.db.delete(roles).where(eq(roles.id, temp));
    expect((await get(colleague, `/api/documents/info/${box.id}`)).statusCode).toBe(200);
  });

  it('refuses to delete a folder holding documents the caller cannot see (409), and copies only what they see', async () => {
    const parent = await t.create(owner, 'folder', 'Shared parent');
    const hiddenChild = await t.create(owner, 'folder', 'Hidden child', parent.id);
    await t.create(owner, 'template', 'Visible template', parent.id);
    expect((await add(owner, hiddenChild.id, legal)).statusCode).toBe(200);
    const res = await t.json(colleague, 'POST', '/api/documents/delete', { documentId: parent.id });
    expect(res.statusCode).toBe(409);
    const copy = await t.json(colleague, 'POST', `/api/documents/convert/${parent.id}`, {
      name: 'Copy',
      includeChildren: true,
    });
    expect(copy.statusCode).toBe(200);
    const listed = (await get(owner, `/api/documents/list/${copy.json().documentId}`)).json().documents;
    expect(listed.map((d: { name: string }) => d.name)).toEqual(['Visible template']);
  });
});

describe('abilities', () => {
  it('info and signees carry what the caller may do now', async () => {
    const doc = await t.contract(owner, 'Abilities', 1);
    const viewer = await t.member(owner, [P.DOCUMENTS_VIEW]);
    const mine = (await get(owner, `/api/documents/info/${doc.id}`)).json().abilities;
    expect(mine).toMatchObject({ view: true, rename: true, delete: true, send: false, editSignees: true });
    expect((await get(viewer, `/api/documents/info/${doc.id}`)).json().abilities).toMatchObject({
      view: true,
      download: true,
      rename: false,
      delete: false,
      editSignees: false,
      viewRoles: false,
    });
    await t.addSignee(owner, doc.id, { email: 'abc@example.com' });
    expect((await get(owner, `/api/signing/signees/${doc.id}`)).json().abilities.send).toBe(true);
    expect((await get(viewer, `/api/signing/signees/${doc.id}`)).json().abilities.send).toBe(false);
  });
});

describe('privileges/document-roles POST: several roles at once (issue #31)', () => {
  it('gives two roles the caller does not hold in one call; one call each answers 404 after the first', async () => {
    // Before: the first role given hid the document from the colleague, so the second call was 404.
    const oneByOne = await t.create(colleague, 'contract', 'One by one');
    expect((await add(colleague, oneByOne.id, legal)).statusCode).toBe(200);
    expect((await add(colleague, oneByOne.id, sales)).statusCode).toBe(404);

    const atOnce = await t.create(colleague, 'contract', 'At once');
    const res = await change(colleague, atOnce.id, { add: [legal, sales] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().roles.map((r: { name: string }) => r.name)).toEqual(['Legal', 'Sales']);
    expect((await rolesOf(owner, atOnce.id)).json().effective).toHaveLength(2);
    // The colleague holds neither: the document is hidden from them now, and seen by the lawyer.
    expect((await rolesOf(colleague, atOnce.id)).statusCode).toBe(404);
    expect((await rolesOf(lawyer, atOnce.id)).statusCode).toBe(200);
  });

  it('gives and takes away at once, all or none: an unknown role or a missing permission changes nothing', async () => {
    const folder = await t.create(owner, 'folder', 'Swap');
    expect((await add(owner, folder.id, legal)).statusCode).toBe(200);
    const swapped = await change(owner, folder.id, { add: [sales], remove: [legal] });
    expect(swapped.statusCode, swapped.body).toBe(200);
    expect(swapped.json().roles).toEqual([{ id: sales, name: 'Sales' }]);

    const unknown = await change(owner, folder.id, { add: [legal, crypto.randomUUID()], remove: [sales] });
    expect(unknown.statusCode).toBe(404);
    expect((await rolesOf(owner, folder.id)).json().roles).toEqual([{ id: sales, name: 'Sales' }]);
    // Giving needs 23 and taking away 26: with 23 alone, neither half is saved.
    const open = await t.create(owner, 'folder', 'Open');
    expect((await add(owner, open.id, legal)).statusCode).toBe(200);
    const adder = await t.member(owner, [P.DOCUMENTS_VIEW, P.DOCUMENTS_VIEW_ROLES, P.DOCUMENTS_EDIT_ROLES]);
    await t.database.db
      .insert(roleAssignments)
      .values({ roleId: legal, accountId: adder.accountId, organizationId: owner.personalOrganizationId });
    expect((await change(adder, open.id, { add: [sales], remove: [legal] })).statusCode).toBe(403);
    expect((await rolesOf(owner, open.id)).json().roles).toEqual([{ id: legal, name: 'Legal' }]);

    const both = await change(owner, folder.id, { add: [legal], remove: [legal] });
    expect(both.statusCode).toBe(400);
    expect(both.json()).toMatchObject({ status: 'ERROR', code: 'VALIDATION_FAILED' });
    const events = await t.database.db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(eq(auditEvents.subjectId, folder.id));
    expect(events.map((e) => e.action).filter((a) => a.startsWith('document.role'))).toEqual([
      'document.role-added',
      'document.role-removed',
      'document.role-added',
    ]);
  });
});
