/**
 * A folder's page read in the caller's session statement (issue #32 item 5; queries/documents/list-documents.ts
 * listingAlong): for the owner, a member whose roles hide documents, a member who holds them and an API key's
 * session, the page read along the session is usable (read for the very visibility authorize() gives, so the
 * route needs no second statement) and holds exactly what that caller sees; otherwise it is not answered.
 * No vi.mock: the server's test files share their worker's loaded modules (vitest.config.ts isolate: false).
 */
import { P } from '@sinetti/contract';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roleAssignments, roles } from '../src/db/schema/index.ts';
import { resolveActorAlong, type OrganizationActor } from '../src/http/actor.ts';
import { authorize } from '../src/policies/index.ts';
import * as listing from '../src/queries/documents/list-documents.ts';
import { buildDocumentsApp, type DocumentsTestApp } from './documents-helper.ts';
import type { TestUser } from './helper.ts';

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
  const made = await t.apiKey(owner, [P.DOCUMENTS_VIEW], { name: 'CRM' });
  key = await t.keySession(made.secret, organizationId);
}, 120_000);
afterAll(async () => t?.close());

describe('documents/list read along the session', () => {
  /** The page the session's statement read for `u`, as the list route takes it (null: not usable). */
  async function alongPage(u: TestUser, parentId: string | null, page = { limit: 50, offset: 0 }) {
    const req = {
      headers: { 'session-id': u.token, 'company-id': u.personalOrganizationId },
      ip: '127.0.0.1',
    } as unknown as FastifyRequest;
    const reads = listing.listingAlong(parentId, page);
    const { actor, along } = await resolveActorAlong(t.database.db, t.clock, req, 'organization', reads);
    const found = listing.listFromSession(
      authorize(actor as OrganizationActor, P.DOCUMENTS_VIEW),
      along,
      parentId,
      page.limit,
    );
    return found && (JSON.parse(found.documents) as { name: string }[]).map((d) => d.name);
  }

  it('is read for the visibility authorize() gives each caller, and holds what that caller sees', async () => {
    expect(await alongPage(owner, folder)).toEqual(['Open', 'Secret']);
    expect(await alongPage(lawyer, folder)).toEqual(['Open', 'Secret']);
    expect(await alongPage(colleague, folder)).toEqual(['Open']);
    // A key is never the owner (api-key-actor.ts keyMembership): it sees what no role hides.
    expect(await alongPage(key, folder)).toEqual(['Open']);
    expect(await alongPage(owner, null)).toEqual(['Contracts', 'Top secret']);
    expect(await alongPage(colleague, null, { limit: 1, offset: 1 })).toEqual(['Top secret']);
    // The route answers the same pages.
    expect(await names(owner, `/api/documents/list/${folder}`)).toEqual(['Open', 'Secret']);
    expect(await names(colleague, `/api/documents/list/${folder}`)).toEqual(['Open']);
    expect(await names(key, `/api/documents/list/${folder}`)).toEqual(['Open']);
    expect(await names(colleague, '/api/documents/list?limit=1&offset=1')).toEqual(['Top secret']);
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
