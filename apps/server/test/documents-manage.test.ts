import { randomUUID } from 'node:crypto';
import { DOCUMENT_STATE, P } from '@sinetti/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents, jobs } from '../src/db/schema/index.ts';
import { buildDocumentsApp, listBlobFiles, type DocumentsTestApp } from './documents-helper.ts';
import { errorOf, type TestUser } from './helper.ts';
import { makePdf } from './fixtures/files.ts';

let t: DocumentsTestApp;
let owner: TestUser;
let stranger: TestUser;
beforeAll(async () => {
  t = await buildDocumentsApp();
  owner = await t.organization(await t.signUp());
  stranger = await t.signUp();
});
afterAll(async () => t.close());

const move = (u: TestUser, id: string, target: string) =>
  t.json(u, 'GET', `/api/documents/move/${id}/${target}`);
const setState = (id: string, state: number) =>
  t.database.db.update(documents).set({ state }).where(eq(documents.id, id));
const uploadPdf = async (u: TestUser, name: string, parent?: string) =>
  (
    await t.upload(u, { type: 'template', fileName: `${name}.pdf`, content: makePdf(name), name, parent })
  ).json().document;

describe('GET documents/move/{id}/{target}', () => {
  it('moves into a folder and back to the top level', async () => {
    const a = await t.create(owner, 'folder', 'A');
    const doc = await t.create(owner, 'contract', 'Moving');
    const moved = await move(owner, doc.id, a.id);
    expect(moved.statusCode).toBe(200);
    expect(moved.json().document.parent).toBe(a.id);
    const listed = (await t.json(owner, 'GET', `/api/documents/list/${a.id}`)).json();
    expect(listed.documents.map((d: { id: string }) => d.id)).toEqual([doc.id]);
    expect((await move(owner, doc.id, 'root')).json().document.parent).toBeNull();
  });

  it('never moves a folder into itself or its own descendant (400)', async () => {
    const top = await t.create(owner, 'folder', 'Top');
    const mid = await t.create(owner, 'folder', 'Mid', top.id);
    const low = await t.create(owner, 'folder', 'Low', mid.id);
    for (const target of [top.id, mid.id, low.id]) {
      const res = await move(owner, top.id, target);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).fields?.target).toBeTruthy();
    }
    expect((await move(owner, low.id, 'root')).statusCode).toBe(200);
  });

  it('refuses bad targets and ids, hides other organizations and needs documents edit', async () => {
    const doc = await t.create(owner, 'contract', 'Stay');
    const notFolder = await t.create(owner, 'contract', 'Not a folder');
    expect((await move(owner, doc.id, notFolder.id)).statusCode).toBe(400);
    expect((await move(owner, doc.id, 'nowhere')).statusCode).toBe(400);
    expect((await move(owner, 'x', 'root')).statusCode).toBe(400);
    expect((await move(owner, doc.id, randomUUID())).statusCode).toBe(404);
    const theirs = await t.create(stranger, 'folder', 'Theirs');
    expect((await move(owner, doc.id, theirs.id)).statusCode).toBe(404);
    expect((await move(stranger, doc.id, theirs.id)).statusCode).toBe(404);
    const viewer = await t.member(owner, [P.DOCUMENTS_VIEW]);
    expect((await move(viewer, doc.id, 'root')).statusCode).toBe(403);
  });
});

describe('POST documents/delete and delete/permanently', () => {
  it('delete takes a folder and its contents out of every list at once, keeping the files until purged', async () => {
    const folder = await t.create(owner, 'folder', 'Old stuff');
    const inner = await uploadPdf(owner, 'inner', folder.id);
    const blobs = await listBlobFiles(t.blobDir);
    const res = await t.json(owner, 'POST', '/api/documents/delete', { documentId: folder.id });
    expect(res.json()).toEqual({ status: 'OK' });
    expect((await t.json(owner, 'GET', `/api/documents/info/${inner.id}`)).statusCode).toBe(404);
    const [row] = await t.database.db.select().from(documents).where(eq(documents.id, inner.id));
    expect(row?.state).toBe(DOCUMENT_STATE.Deleted);
    expect(await listBlobFiles(t.blobDir)).toEqual(blobs);
    expect((await t.json(owner, 'POST', '/api/documents/delete', { documentId: folder.id })).statusCode).toBe(
      404,
    );
  });

  it('delete/permanently removes the rows and, through a job, the files no other row uses', async () => {
    const template = await uploadPdf(owner, 'shared');
    const converted = await t.json(owner, 'POST', `/api/documents/convert/${template.id}`, { name: 'Copy' });
    const copyId = converted.json().documentId;
    const before = await listBlobFiles(t.blobDir);
    await t.json(owner, 'POST', '/api/documents/delete/permanently', { documentId: template.id });
    expect(await t.database.db.select().from(documents).where(eq(documents.id, template.id))).toEqual([]);
    await t.app.jobs.drain({ kinds: ['documents.delete-blobs'] });
    expect(await listBlobFiles(t.blobDir)).toEqual(before);
    await t.json(owner, 'POST', '/api/documents/delete/permanently', { documentId: copyId });
    await t.app.jobs.drain({ kinds: ['documents.delete-blobs'] });
    expect((await listBlobFiles(t.blobDir)).length).toBe(before.length - 1);
  });

  it('refuses while signing (409), and checks ids, organizations and documents delete', async () => {
    const folder = await t.create(owner, 'folder', 'Busy');
    const signing = await t.create(owner, 'contract', 'Being signed', folder.id);
    await setState(signing.id, DOCUMENT_STATE.Signing);
    for (const url of ['/api/documents/delete', '/api/documents/delete/permanently']) {
      expect((await t.json(owner, 'POST', url, { documentId: folder.id })).statusCode).toBe(409);
      expect((await t.json(owner, 'POST', url, { documentId: 'nope' })).statusCode).toBe(400);
      expect((await t.json(owner, 'POST', url, {})).statusCode).toBe(400);
      expect((await t.json(stranger, 'POST', url, { documentId: folder.id })).statusCode).toBe(404);
    }
    const editor = await t.member(owner, [P.DOCUMENTS_VIEW, P.DOCUMENTS_EDIT]);
    for (const url of ['/api/documents/delete', '/api/documents/delete/permanently']) {
      expect((await t.json(editor, 'POST', url, { documentId: folder.id })).statusCode).toBe(403);
    }
  });
});

describe('POST documents/archive and documents/restore', () => {
  it('archives drafts and signed documents and restores them to their earlier state', async () => {
    const draft = await t.create(owner, 'contract', 'Draft');
    const listed = async () =>
      ((await t.json(owner, 'GET', '/api/documents/list')).json().documents as { id: string }[]).map(
        (d) => d.id,
      );
    expect(await listed()).toContain(draft.id);
    const archived = await t.json(owner, 'POST', '/api/documents/archive', { documentId: draft.id });
    expect(archived.json().document).toMatchObject({ state: DOCUMENT_STATE.Archived, editable: false });
    // Archived documents are under Archive, not in the folder listing.
    expect(await listed()).not.toContain(draft.id);
    const archive = await t.json(owner, 'POST', '/api/documents/search/archived', { text: '' });
    expect((archive.json().documents as { id: string }[]).map((d) => d.id)).toContain(draft.id);
    const restored = await t.json(owner, 'POST', '/api/documents/restore', { documentId: draft.id });
    expect(restored.json().document.state).toBe(DOCUMENT_STATE.Draft);
    expect(await listed()).toContain(draft.id);
    const signed = await t.create(owner, 'contract', 'Signed');
    await setState(signed.id, DOCUMENT_STATE.Signed);
    await t.json(owner, 'POST', '/api/documents/archive', { documentId: signed.id });
    const back = await t.json(owner, 'POST', '/api/documents/restore', { documentId: signed.id });
    expect(back.json().document.state).toBe(DOCUMENT_STATE.Signed);
  });

  it('refuses what the state forbids (409) and checks organizations and documents edit', async () => {
    const doc = await t.create(owner, 'contract', 'Signing');
    await setState(doc.id, DOCUMENT_STATE.Signing);
    expect((await t.json(owner, 'POST', '/api/documents/archive', { documentId: doc.id })).statusCode).toBe(
      409,
    );
    expect((await t.json(owner, 'POST', '/api/documents/restore', { documentId: doc.id })).statusCode).toBe(
      409,
    );
    const folder = await t.create(owner, 'folder', 'F');
    expect(
      (await t.json(owner, 'POST', '/api/documents/archive', { documentId: folder.id })).statusCode,
    ).toBe(409);
    const draft = await t.create(owner, 'contract', 'D');
    expect(
      (await t.json(stranger, 'POST', '/api/documents/archive', { documentId: draft.id })).statusCode,
    ).toBe(404);
    const viewer = await t.member(owner, [P.DOCUMENTS_VIEW]);
    expect(
      (await t.json(viewer, 'POST', '/api/documents/archive', { documentId: draft.id })).statusCode,
    ).toBe(403);
    expect((await t.json(owner, 'POST', '/api/documents/archive', { documentId: 1 })).statusCode).toBe(400);
  });
});

describe('POST documents/convert/{id}', () => {
  it('makes a contract from a template into a parent, sharing its file', async () => {
    const folder = await t.create(owner, 'folder', 'Contracts');
    const template = await uploadPdf(owner, 'Template');
    const res = await t.json(owner, 'POST', `/api/documents/convert/${template.id}`, {
      name: 'Contract for Acme',
      parent: folder.id,
    });
    expect(res.statusCode).toBe(200);
    const info = (await t.json(owner, 'GET', `/api/documents/info/${res.json().documentId}`)).json().document;
    expect(info).toMatchObject({ type: 'contract', name: 'Contract for Acme', parent: folder.id, state: 1 });
    const content = (await t.json(owner, 'GET', `/api/documents/content/${info.id}`)).json();
    const original = (await t.json(owner, 'GET', `/api/documents/content/${template.id}`)).json();
    expect(content.hash).toBe(original.hash);
  });

  it('copies a folder with its children when asked, templates becoming contracts', async () => {
    const kit = await t.create(owner, 'folder', 'Kit');
    await t.create(owner, 'template', 'Blank template', kit.id);
    const sub = await t.create(owner, 'folder', 'Annexes', kit.id);
    await uploadPdf(owner, 'Annex', sub.id);
    const res = await t.json(owner, 'POST', `/api/documents/convert/${kit.id}`, {
      name: 'Kit copy',
      includeChildren: true,
    });
    const copy = res.json().documentId;
    const list = (await t.json(owner, 'GET', `/api/documents/list/${copy}`)).json();
    expect(list.documents.map((d: { name: string; type: string }) => [d.name, d.type])).toEqual([
      ['Annexes', 'folder'],
      ['Blank template', 'contract'],
    ]);
    const blank = list.documents[1];
    expect(blank.conversion).toBe('pending');
    const queued = await t.database.db.select().from(jobs).where(eq(jobs.kind, 'document.blank'));
    expect(queued.some((j) => j.payload.documentId === blank.id)).toBe(true);
    const annexes = (await t.json(owner, 'GET', `/api/documents/list/${list.documents[0].id}`)).json();
    expect(annexes.documents.map((d: { type: string }) => d.type)).toEqual(['contract']);
  });

  it('refuses other sources and bad input, hides other organizations and needs documents create', async () => {
    const contract = await t.create(owner, 'contract', 'Not a template');
    const template = await t.create(owner, 'template', 'T');
    const url = `/api/documents/convert/${template.id}`;
    expect(
      (await t.json(owner, 'POST', `/api/documents/convert/${contract.id}`, { name: 'x' })).statusCode,
    ).toBe(400);
    expect((await t.json(owner, 'POST', url, { name: '' })).statusCode).toBe(400);
    expect((await t.json(owner, 'POST', url, { name: 'x', includeChildren: 'yes' })).statusCode).toBe(400);
    expect((await t.json(owner, 'POST', url, { name: 'x', parent: 'p' })).statusCode).toBe(400);
    expect((await t.json(stranger, 'POST', url, { name: 'x' })).statusCode).toBe(404);
    const theirs = await t.create(stranger, 'folder', 'Theirs');
    expect((await t.json(owner, 'POST', url, { name: 'x', parent: theirs.id })).statusCode).toBe(404);
    const viewer = await t.member(owner, [P.DOCUMENTS_VIEW]);
    expect((await t.json(viewer, 'POST', url, { name: 'x' })).statusCode).toBe(403);
  });
});
