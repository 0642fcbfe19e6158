import { randomUUID } from 'node:crypto';
import { DOCUMENT_STATE, type PlacedField } from '@sinetti/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents } from '../src/db/schema/index.ts';
import { field, fieldsApi } from './fields-helper.ts';
import { errorOf, type TestUser } from './helper.ts';
import { buildSigningApp, type SigningTestApp } from './signing-helper.ts';

/**
 * Field ids are keys within their document only (migration 0041; docs/decisions.md "Fields on the page"):
 * an id another organization's document uses tells nothing and changes nothing there; saves of one document
 * are serialized by its row lock, so concurrent saves and a save racing a send never answer 500.
 */
let t: SigningTestApp;
let owner: TestUser;
let stranger: TestUser;
beforeAll(async () => {
  t = await buildSigningApp();
  owner = await t.organization(await t.signUp({ name: 'Kaisa Keys' }));
  stranger = await t.organization(await t.signUp({ name: 'Outi Other' }));
  await t.fund(owner, 20);
});
afterAll(async () => t.close());

const { list, save, storedFor, contractWithSignee, template } = fieldsApi(() => t);
const setRoles = async (u: TestUser, id: string, roles: string[]) => {
  const res = await t.json(u, 'PUT', `/api/documents/template-roles/${id}`, { roles });
  expect(res.statusCode, res.body).toBe(200);
};
/** Rows as stored, without the columns that differ from save to save. */
const rowsOf = async (docId: string) =>
  (await storedFor(docId)).map(({ createdAt: _c, ...row }) => row).sort((a, b) => a.id.localeCompare(b.id));

describe('a field id another document uses', () => {
  it('is saved in yours with the reply a fresh id gets, and the other organization’s fields are untouched', async () => {
    const theirs = await contractWithSignee(stranger);
    const theirField = field(theirs.signee.id, 1, { kind: 'text', label: 'Theirs' });
    expect((await save(stranger, theirs.doc.id, [theirField])).statusCode).toBe(200);
    const before = await rowsOf(theirs.doc.id);

    const mine = await contractWithSignee(owner);
    const fresh = await contractWithSignee(owner);
    const ours = field(mine.signee.id, 2, { kind: 'checkbox', label: 'Ours', required: false });
    const reused = await save(owner, mine.doc.id, [{ ...ours, id: theirField.id }]);
    const freshId = randomUUID();
    const unused = await save(owner, fresh.doc.id, [{ ...ours, id: freshId, signeeId: fresh.signee.id }]);
    expect(reused.statusCode, reused.body).toBe(200);
    expect(unused.statusCode, unused.body).toBe(200);
    // The same reply but for the ids given: nothing tells that the id exists elsewhere.
    const anonymous = (body: { fields: PlacedField[] }) => ({
      ...body,
      fields: body.fields.map((f) => ({ ...f, id: '-', signeeId: '-' })),
    });
    expect(anonymous(reused.json())).toEqual(anonymous(unused.json()));
    expect(reused.json().fields[0]).toMatchObject({ id: theirField.id, signeeId: mine.signee.id });

    // Replaced, moved and cleared in ours; theirs stays as it was.
    expect((await save(owner, mine.doc.id, [{ ...ours, id: theirField.id, page: 1 }])).statusCode).toBe(200);
    expect(await rowsOf(theirs.doc.id)).toEqual(before);
    expect((await save(owner, mine.doc.id, [])).statusCode).toBe(200);
    expect(await rowsOf(theirs.doc.id)).toEqual(before);
    expect((await list(stranger, theirs.doc.id)).json().fields).toEqual([
      { required: true, role: null, ...theirField },
    ]);

    // Sent, our signee's session shows our field under that id, not theirs.
    expect((await save(owner, mine.doc.id, [{ ...ours, id: theirField.id }])).statusCode).toBe(200);
    const sent = await t.json(owner, 'GET', `/api/signing/send/${mine.doc.id}`);
    expect(sent.json().status, sent.body).toBe('OK');
    const session = await t.startSession(await t.linkOf(mine.signee.email), 'en');
    const view = await t.pub('GET', `/api/signing/session/${session}`);
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json().fields).toMatchObject([
      { id: theirField.id, kind: 'checkbox', label: 'Ours', page: 2, value: null },
    ]);
  });

  it('a template’s roles change only its own fields, though another template’s have the same ids', async () => {
    const ids = { tenant: randomUUID(), guarantor: randomUUID() };
    const placed = [
      { ...field({ role: 'Tenant' }), id: ids.tenant },
      { ...field({ role: 'Guarantor' }), id: ids.guarantor },
    ];
    const ourTemplate = await template(owner, 1);
    const theirTemplate = await template(stranger, 1);
    for (const [u, id] of [
      [owner, ourTemplate],
      [stranger, theirTemplate],
    ] as const) {
      await setRoles(u, id, ['Tenant', 'Guarantor']);
      expect((await save(u, id, placed)).statusCode).toBe(200);
    }
    const before = await rowsOf(theirTemplate);

    // Guarantor's field goes and Tenant's is renamed in ours only.
    await setRoles(owner, ourTemplate, ['TENANT']);
    const ourFields = (await list(owner, ourTemplate)).json().fields as PlacedField[];
    expect(ourFields.map((f) => [f.id, f.role])).toEqual([[ids.tenant, 'TENANT']]);
    expect(await rowsOf(theirTemplate)).toEqual(before);
    expect(before.map((f) => f.role).sort()).toEqual(['Guarantor', 'Tenant']);
  });
});

describe('concurrent saves', () => {
  it('of one document with the same ids: each answers 200 and the last one’s fields are stored whole', async () => {
    const { doc, signee } = await contractWithSignee(owner);
    const ids = [randomUUID(), randomUUID(), randomUUID()];
    const version = (label: string, x: number) =>
      ids.map((id, i) => ({ ...field(signee.id, 1, { kind: 'text', label, x, y: 0.1 + i * 0.2 }), id }));
    for (let round = 0; round < 4; round++) {
      const [a, b] = await Promise.all([
        save(owner, doc.id, version('A', 0.1)),
        save(owner, doc.id, version('B', 0.5)),
      ]);
      expect([a.statusCode, b.statusCode], `${a.body}\n${b.body}`).toEqual([200, 200]);
      const stored = await rowsOf(doc.id);
      expect(stored.map((f) => f.id)).toEqual([...ids].sort());
      // One save's list, never a mix of both.
      expect(new Set(stored.map((f) => `${f.label}:${f.x}`)).size).toBe(1);
    }
  });

  it('of two organizations’ documents with the same ids: both answer 200, each with its own fields', async () => {
    const mine = await contractWithSignee(owner);
    const theirs = await contractWithSignee(stranger);
    const ids = [randomUUID(), randomUUID()];
    const placed = (signeeId: string, label: string) =>
      ids.map((id, i) => ({ ...field(signeeId, 1, { kind: 'text', label, y: 0.2 + i * 0.3 }), id }));
    const [a, b] = await Promise.all([
      save(owner, mine.doc.id, placed(mine.signee.id, 'Mine')),
      save(stranger, theirs.doc.id, placed(theirs.signee.id, 'Theirs')),
    ]);
    expect([a.statusCode, b.statusCode], `${a.body}\n${b.body}`).toEqual([200, 200]);
    expect((await rowsOf(mine.doc.id)).map((f) => f.label)).toEqual(['Mine', 'Mine']);
    expect((await rowsOf(theirs.doc.id)).map((f) => f.label)).toEqual(['Theirs', 'Theirs']);
  });
});

describe('a save while the document is being sent', () => {
  it('waits for the send’s lock on the document and is then refused NOT_EDITABLE, leaving the fields as sent', async () => {
    const { doc, signee } = await contractWithSignee(owner);
    const sentWith = [field(signee.id, 1)];
    expect((await save(owner, doc.id, sentWith)).statusCode).toBe(200);
    const before = await rowsOf(doc.id);
    // As the send's transaction does: the document's row locked, moved out of Draft, committed later.
    let pending: ReturnType<typeof save> | undefined;
    await t.database.db.transaction(async (tx) => {
      await tx.select({ id: documents.id }).from(documents).where(eq(documents.id, doc.id)).for('update');
      await tx.update(documents).set({ state: DOCUMENT_STATE.Signing }).where(eq(documents.id, doc.id));
      pending = save(owner, doc.id, [field(signee.id, 2)]);
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    const res = await pending!;
    expect(res.statusCode, res.body).toBe(409);
    expect(errorOf(res).reason).toBe('NOT_EDITABLE');
    expect(await rowsOf(doc.id)).toEqual(before);
  });

  it('racing a real send: the save lands before it or is refused, never 500', async () => {
    const { doc, signee } = await contractWithSignee(owner);
    expect((await save(owner, doc.id, [field(signee.id, 1)])).statusCode).toBe(200);
    const before = await rowsOf(doc.id);
    const changed = [field(signee.id, 2)];
    const [sent, saved] = await Promise.all([
      t.json(owner, 'GET', `/api/signing/send/${doc.id}`),
      save(owner, doc.id, changed),
    ]);
    expect(sent.json().status, sent.body).toBe('OK');
    if (saved.statusCode === 200) {
      expect((await rowsOf(doc.id)).map((f) => f.id)).toEqual([changed[0]!.id]);
    } else {
      expect(saved.statusCode, saved.body).toBe(409);
      expect(errorOf(saved).reason).toBe('NOT_EDITABLE');
      expect(await rowsOf(doc.id)).toEqual(before);
    }
  });
});
