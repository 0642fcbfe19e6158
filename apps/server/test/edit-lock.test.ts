import { EDIT_LOCK_TTL_MS, P } from '@sinetti/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDocumentsApp, type DocumentsTestApp } from './documents-helper.ts';
import { editingCalls } from './editing-helper.ts';
import { errorOf, type TestUser } from './helper.ts';
import { makeDocx } from './fixtures/office.ts';
import { makePdf } from './fixtures/files.ts';

// One editor at a time (issue 13 item 2): the editor page holds a lock it renews; others are told who
// edits, cannot save or restore over them, and take over once the lock lapses.
let t: DocumentsTestApp;
let owner: TestUser;
let colleague: TestUser;
beforeAll(async () => {
  t = await buildDocumentsApp();
  owner = await t.organization(await t.signUp());
  colleague = await t.member(owner, [P.DOCUMENTS_VIEW, P.DOCUMENTS_EDIT]);
});
afterAll(async () => t.close());

const { etagOf, save, newContract } = editingCalls(() => t);
const lock = (user: TestUser, id: string) => t.json(user, 'POST', `/api/documents/edit-lock/${id}`);
const release = (user: TestUser, id: string) =>
  t.json(user, 'POST', `/api/documents/edit-lock/${id}/release`);
const EDIT = makeDocx('<w:p><w:r><w:t>Colleague was here</w:t></w:r></w:p>');

describe('the editor lock (issue 13 item 2)', () => {
  it('tells others who is editing, keeps them from saving over it, and frees it on release', async () => {
    const id = await newContract(owner, 'Locked lease');
    const mine = await lock(owner, id);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(Date.parse(mine.json().until)).toBe(t.clock.now().getTime() + EDIT_LOCK_TTL_MS);

    const theirs = await lock(colleague, id);
    expect(theirs.statusCode).toBe(409);
    const error = errorOf(theirs);
    expect(error.reason).toBe('EDIT_LOCKED');
    expect(error.details).toEqual({ lockedBy: 'Test User', lockedUntil: mine.json().until });
    const saved = await save(colleague, id, EDIT, await etagOf(colleague, id));
    expect(errorOf(saved).reason).toBe('EDIT_LOCKED');
    const restored = await t.json(colleague, 'POST', `/api/documents/version-restore/${id}`, { number: 1 });
    expect(errorOf(restored).reason).toBe('EDIT_LOCKED');

    // The holder saves freely and renews; released, the colleague may edit.
    expect((await save(owner, id, EDIT, await etagOf(owner, id))).statusCode).toBe(200);
    expect((await lock(owner, id)).statusCode).toBe(200);
    expect((await release(colleague, id)).statusCode).toBe(200); // not theirs: nothing happens
    expect((await lock(colleague, id)).statusCode).toBe(409);
    expect((await release(owner, id)).statusCode).toBe(200);
    expect((await lock(colleague, id)).statusCode).toBe(200);
  });

  it('lapses without renewal, and then someone else takes over', async () => {
    const id = await newContract(owner, 'Idle lease');
    expect((await lock(owner, id)).statusCode).toBe(200);
    t.clock.advance(EDIT_LOCK_TTL_MS - 1000);
    expect((await lock(colleague, id)).statusCode).toBe(409);
    t.clock.advance(1000);
    expect((await lock(colleague, id)).statusCode).toBe(200);
    const back = await lock(owner, id);
    expect(errorOf(back).reason).toBe('EDIT_LOCKED');
    expect(errorOf(back).details?.lockedBy).toBeTruthy();
  });

  it('locks only what can be edited, for those who may edit it', async () => {
    const pdf = await t.upload(owner, {
      type: 'contract',
      fileName: 'a.pdf',
      content: makePdf('x'),
      name: 'PDF',
    });
    const refused = await lock(owner, pdf.json().document.id);
    expect(errorOf(refused).reason).toBe('NOT_EDITABLE');
    const id = await newContract(owner, 'Guarded lease');
    const viewer = await t.member(owner, [P.DOCUMENTS_VIEW]);
    expect((await lock(viewer, id)).statusCode).toBe(403);
    const stranger = await t.organization(await t.signUp());
    expect((await lock(stranger, id)).statusCode).toBe(404);
    expect((await release(stranger, id)).statusCode).toBe(404);
  });
});
