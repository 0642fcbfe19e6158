import { randomUUID } from 'node:crypto';
import { DOCUMENT_STATE, P, SIGNEE_MESSAGES } from '@sinetti/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents } from '../src/db/schema/index.ts';
import { errorOf, type TestUser } from './helper.ts';
import { buildSigningApp, type SigningTestApp } from './signing-helper.ts';

let t: SigningTestApp;
let owner: TestUser;
let stranger: TestUser;
beforeAll(async () => {
  t = await buildSigningApp();
  owner = await t.organization(await t.signUp({ name: 'Olga Owner' }));
  stranger = await t.signUp();
});
afterAll(async () => t.close());

const list = (u: TestUser, docId: string) => t.json(u, 'GET', `/api/signing/signees/${docId}`);
const remove = (u: TestUser, id: string) => t.json(u, 'GET', `/api/signing/delete/signee/${id}`);
const setState = (id: string, state: number) =>
  t.database.db.update(documents).set({ state }).where(eq(documents.id, id));

describe('POST signing/signee/{docId}', () => {
  it('adds signees in order with the default level and lists them', async () => {
    const doc = await t.create(owner, 'contract', 'Deal');
    const res = await t.addSignee(owner, doc.id, {
      givenName: ' Maija ',
      familyName: 'Virtanen',
      email: ' Maija@Example.COM ',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().signee).toMatchObject({
      fullName: 'Maija Virtanen',
      givenName: 'Maija',
      email: 'maija@example.com',
      level: 1,
      status: 'pending',
      signedAt: null,
      isMe: false,
    });
    await t.addSignee(owner, doc.id, { email: 'nameless@example.com', level: 1 });
    const listed = (await list(owner, doc.id)).json().signees;
    expect(listed.map((s: { fullName: string }) => s.fullName)).toEqual([
      'Maija Virtanen',
      'nameless@example.com',
    ]);
    expect(listed[0]).not.toHaveProperty('signingLink');
  });

  it("answers SPEC's e-mail messages", async () => {
    const doc = await t.create(owner, 'contract', 'Validation');
    for (const [email, message] of [
      [undefined, SIGNEE_MESSAGES.emailRequired],
      ['   ', SIGNEE_MESSAGES.emailRequired],
      ['not-an-address', SIGNEE_MESSAGES.emailInvalid],
    ] as const) {
      const res = await t.addSignee(owner, doc.id, { email });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).fields?.email).toBe(message);
    }
    expect((await t.addSignee(owner, doc.id, { email: 'once@example.com' })).statusCode).toBe(200);
    const again = await t.addSignee(owner, doc.id, { email: 'ONCE@example.com' });
    expect(again.statusCode).toBe(400);
    expect(errorOf(again)).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: SIGNEE_MESSAGES.alreadyAdded,
      fields: { email: SIGNEE_MESSAGES.alreadyAdded },
    });
  });

  it('refuses levels that no configured provider serves, and unknown levels', async () => {
    const doc = await t.create(owner, 'contract', 'Levels');
    for (const level of [10, 20]) {
      const res = await t.addSignee(owner, doc.id, { email: `l${level}@example.com`, level });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).fields?.level).toContain('1');
    }
    expect((await t.addSignee(owner, doc.id, { email: 'x@example.com', level: 5 })).statusCode).toBe(400);
    expect((await t.addSignee(owner, doc.id, { email: 'y@example.com', level: '1' })).statusCode).toBe(400);
    const levels = await t.json(owner, 'GET', '/api/signing/levels');
    expect(levels.json()).toMatchObject({ status: 'OK', levels: [1], default: 1, fallback: true });
  });

  it('changes signees only below Signing (409), only on contracts and templates', async () => {
    const doc = await t.create(owner, 'contract', 'Frozen');
    const added = (await t.addSignee(owner, doc.id, { email: 'frozen@example.com' })).json().signee;
    for (const state of [DOCUMENT_STATE.Signing, DOCUMENT_STATE.Signed, DOCUMENT_STATE.Archived]) {
      await setState(doc.id, state);
      expect((await t.addSignee(owner, doc.id, { email: 'late@example.com' })).statusCode).toBe(409);
      expect((await remove(owner, added.id)).statusCode).toBe(409);
    }
    const folder = await t.create(owner, 'folder', 'Folder');
    expect((await t.addSignee(owner, folder.id, { email: 'f@example.com' })).statusCode).toBe(409);
  });

  it("hides another organization's documents and signees (404) and needs documents edit (403)", async () => {
    const doc = await t.create(owner, 'contract', 'Private');
    const signee = (await t.addSignee(owner, doc.id, { email: 'p@example.com' })).json().signee;
    expect((await t.addSignee(stranger, doc.id, { email: 'q@example.com' })).statusCode).toBe(404);
    expect((await list(stranger, doc.id)).statusCode).toBe(404);
    expect((await remove(stranger, signee.id)).statusCode).toBe(404);
    expect((await t.addSignee(owner, randomUUID(), { email: 'q@example.com' })).statusCode).toBe(404);
    expect((await remove(owner, randomUUID())).statusCode).toBe(404);
    expect((await remove(owner, 'nope')).statusCode).toBe(400);
    const viewer = await t.member(owner, [P.DOCUMENTS_VIEW]);
    expect((await t.addSignee(viewer, doc.id, { email: 'v@example.com' })).statusCode).toBe(403);
    expect((await remove(viewer, signee.id)).statusCode).toBe(403);
    expect((await list(viewer, doc.id)).json().signees).toHaveLength(1);
    const nobody = await t.member(owner, []);
    expect((await list(nobody, doc.id)).statusCode).toBe(403);
  });
});

describe('GET signing/delete/signee/{id}', () => {
  it('removes a signee', async () => {
    const doc = await t.create(owner, 'contract', 'Removal');
    const a = (await t.addSignee(owner, doc.id, { email: 'a@example.com' })).json().signee;
    await t.addSignee(owner, doc.id, { email: 'b@example.com' });
    expect((await remove(owner, a.id)).json()).toEqual({ status: 'OK' });
    const emails = (await list(owner, doc.id)).json().signees.map((s: { email: string }) => s.email);
    expect(emails).toEqual(['b@example.com']);
    expect((await remove(owner, a.id)).statusCode).toBe(404);
  });
});

describe('templates', () => {
  it('hold pre-assigned signees that documents made from them inherit', async () => {
    const template = await t.create(owner, 'template', 'NDA template');
    await t.addSignee(owner, template.id, { givenName: 'Pia', familyName: 'Pre', email: 'pia@example.com' });
    await t.addSignee(owner, template.id, { email: 'second@example.com' });
    const res = await t.json(owner, 'POST', `/api/documents/convert/${template.id}`, { name: 'NDA Acme' });
    expect(res.statusCode).toBe(200);
    const copy = (await list(owner, res.json().documentId)).json().signees;
    expect(copy.map((s: { fullName: string; status: string }) => [s.fullName, s.status])).toEqual([
      ['Pia Pre', 'pending'],
      ['second@example.com', 'pending'],
    ]);
    const original = (await list(owner, template.id)).json().signees;
    expect(copy[0].id).not.toBe(original[0].id);
  });
});
