/**
 * A folder's page read in the caller's session statement (issue #32 item 5; queries/documents/list-documents.ts
 * listingAlong): one round trip for the owner, a member whose roles hide documents, a member who holds them
 * and an API key's session, each seeing exactly what its scope sees; and the page is answered from that read
 * only when it was read for the very visibility authorize() gave (otherwise listed again).
 */
import { P } from '@sinetti/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { roleAssignments, roles } from '../src/db/schema/index.ts';
import * as listing from '../src/queries/documents/list-documents.ts';
import { buildDocumentsApp, type DocumentsTestApp } from './documents-helper.ts';
import type { TestUser } from './helper.ts';

vi.mock('../src/queries/documents/list-documents.ts', async (importOriginal) => {
  const real = await importOriginal<typeof listing>();
  return { ...real, listFolder: vi.fn(real.listFolder) };
});

let t: DocumentsTestApp;
let owner: TestUser;
let lawyer: TestUser;
let colleague: TestUser;
let key: TestUser;
let folder: string;

const names = async (u: TestUser, url: string) => {
  const res = await t.json(u, 'GET', url);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().documents as { name: string }[]).map((d) => d.name);
};

beforeAll(async () => {
  t = await buildDocumentsApp();
  owner = await t.organization(await t.signUp({ name: 'Olga Owner' }));
  lawyer = await t.member(owner, [P.DOCUMENTS_VIEW]);
  colleague = await t.member(owner, [P.DOCUMENTS_VIEW]);
  const organizationId = owner.personalOrganizationId;
  const [legal] = await t.database.db
    .insert(roles)
    .values({ organizationId, name: 'Legal', permissions: [] })
    .returning();
  const legalId = legal?.id ?? '';
  await t.database.db
    .insert(roleAssignments)
    .values({ roleId: legalId, accountId: lawyer.accountId, organizationId });
  const create = async (name: string, parent = '') => {
    const res = await t.json(owner, 'POST', `/api/documents/create/folder${parent ? `/${parent}` : ''}`, {
      name,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().document.id as string;
  };
  folder = await create('Contracts');
  const secret = await create('Secret', folder);
  await create('Open', folder);
  await create('Top secret');
  const given = await t.json(owner, 'GET', `/api/privileges/document-role/${secret}/${legalId}`);
  expect(given.statusCode, given.body).toBe(200);
  const made = await t.json(owner, 'POST', '/api/authentication/apikey/none', {
    name: 'CRM',
    permissions: [P.DOCUMENTS_VIEW],
  });
  expect(made.statusCode, made.body).toBe(200);
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/authentication/login',
    headers: { 'application-id': 'Frontend' },
    payload: { type: 'API', credential: made.json().secret },
  });
  expect(login.statusCode, login.body).toBe(200);
  key = { token: login.json().session.id, accountId: '', personalOrganizationId: organizationId, email: '' };
}, 120_000);
afterAll(async () => t?.close());

describe('documents/list read along the session', () => {
  it('answers each caller what its roles let it see, from the session statement alone', async () => {
    const listFolder = vi.mocked(listing.listFolder);
    listFolder.mockClear();
    expect(await names(owner, `/api/documents/list/${folder}`)).toEqual(['Open', 'Secret']);
    expect(await names(lawyer, `/api/documents/list/${folder}`)).toEqual(['Open', 'Secret']);
    expect(await names(colleague, `/api/documents/list/${folder}`)).toEqual(['Open']);
    // A key is never the owner (api-key-actor.ts keyMembership): it sees what no role hides.
    expect(await names(key, `/api/documents/list/${folder}`)).toEqual(['Open']);
    expect(await names(owner, '/api/documents/list')).toEqual(['Contracts', 'Top secret']);
    expect(await names(colleague, '/api/documents/list?limit=1&offset=1')).toEqual(['Top secret']);
    expect(listFolder).not.toHaveBeenCalled();
  });

  it('keeps the errors of a listing: another id, a malformed id, a missing session, bad paging', async () => {
    const other = await t.organization(await t.signUp({ name: 'Oskar Other' }));
    expect((await t.json(other, 'GET', `/api/documents/list/${folder}`)).statusCode).toBe(404);
    expect((await t.json(owner, 'GET', '/api/documents/list/not-a-uuid')).statusCode).toBe(400);
    const noSession = await t.app.inject({ method: 'GET', url: '/api/documents/list?limit=-1' });
    expect(noSession.statusCode).toBe(401);
    expect((await t.json(owner, 'GET', '/api/documents/list?limit=-1')).statusCode).toBe(400);
  });

  it('is answered only for the visibility authorize() gave', () => {
    const scope = { organizationId: 'o', accountId: 'a', seesAll: false, roleIds: ['r1'] } as never;
    const row = ['[]', 0, null, null, null];
    expect(listing.listFromSession(scope, { seesAll: false, roleIds: ['r1'], row }, null, 50)).toEqual({
      root: null,
      documents: '[]',
      hasMore: false,
    });
    expect(listing.listFromSession(scope, { seesAll: true, roleIds: ['r1'], row }, null, 50)).toBeNull();
    expect(listing.listFromSession(scope, { seesAll: false, roleIds: [], row }, null, 50)).toBeNull();
    expect(listing.listFromSession(scope, { seesAll: false, roleIds: ['r2'], row }, null, 50)).toBeNull();
    expect(listing.listFromSession(scope, null, null, 50)).toBeNull();
  });
});
