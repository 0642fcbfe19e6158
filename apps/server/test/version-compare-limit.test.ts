import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentVersions } from '../src/db/schema/index.ts';
import { editingCalls } from './editing-helper.ts';
import { errorOf, type TestUser } from './helper.ts';
import { makeDocx } from './fixtures/office.ts';
import { buildSigningApp, type SigningTestApp } from './signing-helper.ts';

/** Two versions too different to compare answer VERSION_COMPARE_TOO_LARGE (issue #31 item 15). */
let t: SigningTestApp;
let owner: TestUser;
beforeAll(async () => {
  t = await buildSigningApp();
  owner = await t.organization(await t.signUp());
});
afterAll(async () => t.close());

const { etagOf, save, newContract } = editingCalls(() => t);
const compare = (id: string, from: number, to: number) =>
  t.json(owner, 'GET', `/api/documents/version-compare/${id}?from=${from}&to=${to}`);

describe('comparing versions', () => {
  it('refuses two texts that differ past the comparison limit, and compares close ones', async () => {
    const id = await newContract(owner, 'Very different');
    const docx = makeDocx('<w:p><w:r><w:t>Second version.</w:t></w:r></w:p>');
    expect((await save(owner, id, docx, await etagOf(owner, id))).statusCode).toBe(200);
    await t.app.jobs.drain();
    const textOf = async (number: number, contentText: string) =>
      t.database.db
        .update(documentVersions)
        .set({ contentText })
        .where(and(eq(documentVersions.documentId, id), eq(documentVersions.number, number)));
    await textOf(1, 'line one\nline two\n');
    await textOf(2, 'line one\nline 2\n');
    expect((await compare(id, 1, 2)).statusCode).toBe(200);
    // Every line different in both: far more than the 4000-line edit limit.
    const lines = (tag: string) => Array.from({ length: 5000 }, (_, i) => `${tag} ${i}`).join('\n');
    await textOf(1, lines('alpha'));
    await textOf(2, lines('omega'));
    const refused = await compare(id, 1, 2);
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).reason).toBe('VERSION_COMPARE_TOO_LARGE');
  });
});
