import { randomUUID } from 'node:crypto';
import { P } from '@sinetti/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../src/db/schema/index.ts';
import { buildDocumentsApp, type DocumentsTestApp } from './documents-helper.ts';
import { errorOf, type TestUser } from './helper.ts';

let t: DocumentsTestApp;
let owner: TestUser;
let stranger: TestUser;
beforeAll(async () => {
  t = await buildDocumentsApp();
  owner = await t.organization(await t.signUp());
  stranger = await t.signUp();
});
afterAll(async () => t.close());

describe('POST documents/create/{type}[/{parent}]', () => {
  it('creates a folder, and a contract and a template whose DOCX is made by a queued job', async () => {
    const folder = await t.create(owner, 'folder', 'Agreements');
    expect(folder).toMatchObject({ type: 'folder', name: 'Agreements', parent: null, conversion: 'none' });
    expect(folder).toMatchObject({
      state: 1,
      extension: '',
      mimeType: null,
      editable: false,
      owner: owner.accountId,
    });
    const contract = await t.create(owner, 'contract', '  Lease  ', folder.id);
    expect(contract).toMatchObject({ type: 'contract', name: 'Lease', parent: folder.id, extension: 'docx' });
    expect(contract).toMatchObject({ conversion: 'pending', editable: true, size: null });
    const template = await t.create(owner, 'template', 'NDA');
    expect(template.type).toBe('template');
    const queued = await t.database.db.select().from(jobs).where(eq(jobs.kind, 'document.blank'));
    expect(queued.map((j) => j.payload.documentId)).toEqual(
      expect.arrayContaining([contract.id, template.id]),
    );
  });

  it.each([
    ['an empty name', { name: '   ' }],
    ['a name with a slash', { name: 'a/b' }],
    ['a name of 256 characters', { name: 'x'.repeat(256) }],
    ['a name that is not a string', { name: 42 }],
    ['no name at all', {}],
  ])('refuses %s with 400', async (_what, payload) => {
    const res = await t.json(owner, 'POST', '/api/documents/create/folder', payload);
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatchObject({ status: 'ERROR', code: 'VALIDATION_FAILED' });
    expect(errorOf(res).fields?.name).toBeTruthy();
  });

  it('refuses unknown types and malformed parent ids with 400', async () => {
    for (const url of ['/api/documents/create/file', '/api/documents/create/folder/not-an-id']) {
      const res = await t.json(owner, 'POST', url, { name: 'x' });
      expect(res.statusCode).toBe(400);
    }
  });

  it('refuses a parent that is not a folder (400), missing (404) or in another organization (404)', async () => {
    const contract = await t.create(owner, 'contract', 'Not a folder');
    const notFolder = await t.json(owner, 'POST', `/api/documents/create/folder/${contract.id}`, {
      name: 'x',
    });
    expect(notFolder.statusCode).toBe(400);
    const missing = await t.json(owner, 'POST', `/api/documents/create/folder/${randomUUID()}`, {
      name: 'x',
    });
    expect(missing.statusCode).toBe(404);
    const theirs = await t.create(stranger, 'folder', 'Theirs');
    const other = await t.json(owner, 'POST', `/api/documents/create/folder/${theirs.id}`, { name: 'x' });
    expect(other.statusCode).toBe(404);
    expect(errorOf(other).code).toBe('NOT_FOUND');
  });

  it('answers 403 to a member without documents create', async () => {
    const viewer = await t.member(owner, [P.DOCUMENTS_VIEW]);
    const res = await t.json(viewer, 'POST', '/api/documents/create/folder', { name: 'x' });
    expect(res.statusCode).toBe(403);
    expect(errorOf(res).code).toBe('FORBIDDEN');
  });
});

describe('GET documents/list[/{parent}]', () => {
  let org: TestUser;
  beforeAll(async () => {
    org = await t.organization(await t.signUp());
  });

  it('lists folders first, then by name, with the current folder as root', async () => {
    const top = await t.create(org, 'folder', 'Projects');
    await t.create(org, 'contract', 'alpha', top.id);
    await t.create(org, 'folder', 'Zeta folder', top.id);
    await t.create(org, 'template', 'Beta', top.id);
    const res = await t.json(org, 'GET', `/api/documents/list/${top.id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.root).toMatchObject({ id: top.id, name: 'Projects' });
    expect(body.documents.map((d: { name: string }) => d.name)).toEqual(['Zeta folder', 'alpha', 'Beta']);
    expect(body.hasMore).toBe(false);
    const rootList = (await t.json(org, 'GET', '/api/documents/list')).json();
    expect(rootList.root).toBeNull();
    expect(rootList.documents.map((d: { id: string }) => d.id)).toEqual([top.id]);
  });

  it('pages with limit and offset', async () => {
    const folder = await t.create(org, 'folder', 'Paged');
    for (const n of ['a', 'b', 'c']) await t.create(org, 'folder', n, folder.id);
    const first = (await t.json(org, 'GET', `/api/documents/list/${folder.id}?limit=2`)).json();
    expect(first.documents.map((d: { name: string }) => d.name)).toEqual(['a', 'b']);
    expect(first.hasMore).toBe(true);
    const second = (await t.json(org, 'GET', `/api/documents/list/${folder.id}?limit=2&offset=2`)).json();
    expect(second.documents.map((d: { name: string }) => d.name)).toEqual(['c']);
    expect(second.hasMore).toBe(false);
    expect((await t.json(org, 'GET', `/api/documents/list?limit=0`)).statusCode).toBe(400);
    expect((await t.json(org, 'GET', `/api/documents/list?limit=abc`)).statusCode).toBe(400);
  });

  it('keeps organizations apart: 404 for another organization folder, its documents never listed', async () => {
    const theirs = await t.create(stranger, 'folder', 'Secret');
    expect((await t.json(org, 'GET', `/api/documents/list/${theirs.id}`)).statusCode).toBe(404);
    const mine = (await t.json(org, 'GET', '/api/documents/list')).json();
    expect(mine.documents.some((d: { id: string }) => d.id === theirs.id)).toBe(false);
    expect((await t.json(org, 'GET', '/api/documents/list/nope')).statusCode).toBe(400);
  });

  it('answers 403 to a member without documents view', async () => {
    const creator = await t.member(org, [P.DOCUMENTS_CREATE]);
    expect((await t.json(creator, 'GET', '/api/documents/list')).statusCode).toBe(403);
  });
});

describe('GET documents/info/{id}', () => {
  it('answers the document; 404 for another organization or no such id; 400 for a malformed id', async () => {
    const doc = await t.create(owner, 'contract', 'Info me');
    const res = await t.json(owner, 'GET', `/api/documents/info/${doc.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().document).toEqual(doc);
    expect((await t.json(stranger, 'GET', `/api/documents/info/${doc.id}`)).statusCode).toBe(404);
    expect((await t.json(owner, 'GET', `/api/documents/info/${randomUUID()}`)).statusCode).toBe(404);
    expect((await t.json(owner, 'GET', '/api/documents/info/123')).statusCode).toBe(400);
    const nobody = await t.member(owner, []);
    expect((await t.json(nobody, 'GET', `/api/documents/info/${doc.id}`)).statusCode).toBe(403);
  });
});

describe('POST documents/rename', () => {
  it('renames, and changes nothing when the name is unchanged', async () => {
    const doc = await t.create(owner, 'contract', 'Old name');
    t.clock.advance(60_000);
    const renamed = await t.json(owner, 'POST', '/api/documents/rename', {
      documentId: doc.id,
      name: 'New name',
    });
    expect(renamed.statusCode).toBe(200);
    const after = renamed.json().document;
    expect(after.name).toBe('New name');
    expect(after.updated > doc.updated).toBe(true);
    t.clock.advance(60_000);
    const same = await t.json(owner, 'POST', '/api/documents/rename', {
      documentId: doc.id,
      name: ' New name ',
    });
    expect(same.json().document.updated).toBe(after.updated);
  });

  it('validates input, hides other organizations and needs documents edit', async () => {
    const doc = await t.create(owner, 'contract', 'Rename me');
    const bad = [
      { documentId: doc.id, name: '' },
      { documentId: doc.id, name: 5 },
      { documentId: 'x', name: 'ok' },
      { name: 'ok' },
    ];
    for (const payload of bad) {
      expect((await t.json(owner, 'POST', '/api/documents/rename', payload)).statusCode).toBe(400);
    }
    const other = await t.json(stranger, 'POST', '/api/documents/rename', { documentId: doc.id, name: 'x' });
    expect(other.statusCode).toBe(404);
    const viewer = await t.member(owner, [P.DOCUMENTS_VIEW]);
    const forbidden = await t.json(viewer, 'POST', '/api/documents/rename', {
      documentId: doc.id,
      name: 'x',
    });
    expect(forbidden.statusCode).toBe(403);
  });
});
