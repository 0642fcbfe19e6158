import { createHash } from 'node:crypto';
import { DOCUMENT_STATE, P, type DocumentVersion, type TextChange } from '@sinetti/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents, documentVersions, signingProcesses } from '../src/db/schema/index.ts';
import { editingCalls } from './editing-helper.ts';
import { errorOf, uniqueEmail, type TestUser } from './helper.ts';
import { makeDocx } from './fixtures/office.ts';
import { buildSigningApp, type SigningTestApp } from './signing-helper.ts';

let t: SigningTestApp;
let owner: TestUser;
beforeAll(async () => {
  t = await buildSigningApp();
  owner = await t.organization(await t.signUp());
});
afterAll(async () => t.close());

const { download, etagOf, save, info, newContract } = editingCalls(() => t);
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const paragraph = (text: string) => makeDocx(`<w:p><w:r><w:t>${text}</w:t></w:r></w:p>`);
const FIRST = paragraph('The rent is 950 euros a month, paid by Quokkaberry Oy.');
const SECOND = paragraph('The rent is 990 euros a month, paid by Zebrafinch Oy.');

const versionsOf = async (user: TestUser, id: string) => {
  const res = await t.json(user, 'GET', `/api/documents/versions/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().versions as DocumentVersion[];
};
const restore = (user: TestUser, id: string, number: number) =>
  t.json(user, 'POST', `/api/documents/version-restore/${id}`, { number });
const compare = (user: TestUser, id: string, from: number, to: number) =>
  t.json(user, 'GET', `/api/documents/version-compare/${id}?from=${from}&to=${to}`);
const searchIds = async (text: string) =>
  ((await t.json(owner, 'POST', '/api/documents/search', { text })).json().documents as { id: string }[]).map(
    (d) => d.id,
  );

/** A contract with three versions: the blank one, FIRST, SECOND (each saved and converted). */
async function threeVersions(name: string): Promise<string> {
  const id = await newContract(owner, name);
  expect((await save(owner, id, FIRST, await etagOf(owner, id))).statusCode).toBe(200);
  // Saved over before its PDF was made: version 2 still gets its own PDF and text.
  expect((await save(owner, id, SECOND, await etagOf(owner, id))).statusCode).toBe(200);
  await t.app.jobs.drain();
  return id;
}

describe('document versions (issue 13 item 3)', () => {
  it('keeps every save as a version: who, when, size and hash; each previews, downloads and compares', async () => {
    const id = await threeVersions('Lease');
    const versions = await versionsOf(owner, id);
    expect(versions.map((v) => [v.number, v.origin])).toEqual([
      [3, 'edited'],
      [2, 'edited'],
      [1, 'created'],
    ]);
    expect(versions[0]).toMatchObject({
      size: SECOND.length,
      sha256: sha(SECOND),
      hasPdf: true,
      hasText: true,
    });
    expect(versions[1]).toMatchObject({
      size: FIRST.length,
      sha256: sha(FIRST),
      hasPdf: true,
      hasText: true,
    });
    for (const v of versions) {
      expect(v.author).toBe('Test User');
      expect(Date.parse(v.created)).not.toBeNaN();
      expect(v.sentForSigning).toEqual([]);
    }

    // The same bytes again are no new version.
    expect((await save(owner, id, SECOND, await etagOf(owner, id))).statusCode).toBe(200);
    expect(await versionsOf(owner, id)).toHaveLength(3);

    const old = await download(owner, id, '?version=2');
    expect(old.statusCode).toBe(200);
    expect(old.rawPayload.equals(FIRST)).toBe(true);
    expect(String(old.headers['content-disposition'])).toContain('Lease (v2).docx');
    const oldPdf = await download(owner, id, '?version=2&rendition=pdf');
    expect(oldPdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const preview = await t.json(owner, 'GET', `/api/documents/version-content/${id}/2`);
    expect(preview.statusCode).toBe(200);
    expect(Buffer.from(preview.json().content as string, 'base64').equals(oldPdf.rawPayload)).toBe(true);
    expect((await download(owner, id, '?version=9')).statusCode).toBe(404);
    expect((await t.json(owner, 'GET', `/api/documents/version-content/${id}/9`)).statusCode).toBe(404);

    const diff = await compare(owner, id, 2, 3);
    expect(diff.statusCode, diff.body).toBe(200);
    const changes = diff.json().changes as TextChange[];
    const of = (op: TextChange['op']) =>
      changes
        .filter((c) => c.op === op)
        .map((c) => c.text.trim())
        .join(' ');
    expect(of('removed')).toBe('950 Quokkaberry');
    expect(of('added')).toBe('990 Zebrafinch');
    expect(of('same')).toContain('The rent is');
    expect((await compare(owner, id, 1, 9)).statusCode).toBe(404);
  });

  it('restores an earlier version as a new one, with its preview and search text at once', async () => {
    const id = await threeVersions('Restored lease');
    const staleEditor = await etagOf(owner, id);
    const res = await restore(owner, id, 2);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().document).toMatchObject({ conversion: 'done', size: FIRST.length });
    expect((await download(owner, id)).rawPayload.equals(FIRST)).toBe(true);
    expect(await searchIds('Quokkaberry')).toContain(id);
    expect(await searchIds('Zebrafinch')).not.toContain(id);
    const [latest] = await versionsOf(owner, id);
    expect(latest).toMatchObject({ number: 4, origin: 'restored', restoredFrom: 2, sha256: sha(FIRST) });

    // An editor still open on version 3 cannot overwrite the restore.
    const stale = await save(owner, id, paragraph('Old tab'), staleEditor);
    expect(errorOf(stale).reason).toBe('EDIT_CONFLICT');
    const again = await restore(owner, id, 4);
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).reason).toBe('VERSION_IS_CURRENT');
    expect((await restore(owner, id, 99)).statusCode).toBe(404);
    // Version 3 comes back too: nothing was lost by restoring 2.
    expect((await restore(owner, id, 3)).statusCode).toBe(200);
    expect((await download(owner, id)).rawPayload.equals(SECOND)).toBe(true);
  });

  it('records an uploaded replacement, and copies made from a template, as versions', async () => {
    const id = await newContract(owner, 'Uploaded');
    const upload = await save(owner, id, FIRST, await etagOf(owner, id), '?origin=uploaded');
    expect(upload.statusCode).toBe(200);
    expect((await versionsOf(owner, id))[0]).toMatchObject({ number: 2, origin: 'uploaded' });

    const template = await t.create(owner, 'template', 'Lease template');
    await t.app.jobs.drain();
    const made = await t.json(owner, 'POST', `/api/documents/convert/${template.id}`, {
      name: 'From template',
    });
    expect(made.statusCode, made.body).toBe(200);
    const copy = made.json().documentId as string;
    const [first] = await versionsOf(owner, copy);
    expect(first).toMatchObject({ number: 1, origin: 'copied', hasPdf: true });
  });

  it('marks the version sent for signing, and no longer restores once it is being signed', async () => {
    await t.fund(owner, 20);
    const id = await threeVersions('Signed lease');
    const signee = await t.addSignee(owner, id, { email: uniqueEmail('tenant'), givenName: 'Tiina' });
    expect(signee.statusCode, signee.body).toBe(200);
    const sent = await t.json(owner, 'GET', `/api/signing/send/${id}`);
    expect(sent.json().status, sent.body).toBe('OK');
    const versions = await versionsOf(owner, id);
    expect(versions.find((v) => v.number === 3)?.sentForSigning).toEqual([1]);
    expect(versions.find((v) => v.number === 2)?.sentForSigning).toEqual([]);
    const [round] = await t.database.db
      .select({ version: signingProcesses.documentVersion })
      .from(signingProcesses)
      .where(eq(signingProcesses.documentId, id));
    expect(round?.version).toBe(3);
    expect((await info(owner, id)).document.state).toBe(DOCUMENT_STATE.Signing);
    const refused = await restore(owner, id, 2);
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).reason).toBe('NOT_EDITABLE');
  });

  it('needs documents edit to restore, and keeps versions of another organization hidden', async () => {
    const id = await newContract(owner, 'Guarded');
    expect((await save(owner, id, FIRST, await etagOf(owner, id))).statusCode).toBe(200);
    const viewer = await t.member(owner, [P.DOCUMENTS_VIEW]);
    expect(await versionsOf(viewer, id)).toHaveLength(2);
    expect((await restore(owner, id, 1)).statusCode).toBe(200);
    expect((await restore(viewer, id, 2)).statusCode).toBe(403);
    const stranger = await t.organization(await t.signUp());
    for (const res of [
      await t.json(stranger, 'GET', `/api/documents/versions/${id}`),
      await t.json(stranger, 'GET', `/api/documents/version-content/${id}/1`),
      await compare(stranger, id, 1, 2),
      await restore(stranger, id, 2),
      await download(stranger, id, '?version=1'),
    ]) {
      expect(res.statusCode).toBe(404);
    }
  });

  it('deletes every version’s files with the document, and keeps files other rows still use', async () => {
    const id = await newContract(owner, 'Gone');
    expect((await save(owner, id, FIRST, await etagOf(owner, id))).statusCode).toBe(200);
    await t.app.jobs.drain();
    const rows = await t.database.db
      .select({ blobKey: documentVersions.blobKey, pdfKey: documentVersions.pdfKey })
      .from(documentVersions)
      .where(eq(documentVersions.documentId, id));
    const keys = rows.flatMap((r) => [r.blobKey, r.pdfKey]).filter((k): k is string => k !== null);
    expect(new Set(keys).size).toBe(4);
    for (const key of keys) expect(await t.app.ctx.blobs.head(key)).not.toBeNull();
    const res = await t.json(owner, 'POST', '/api/documents/delete/permanently', { documentId: id });
    expect(res.statusCode, res.body).toBe(200);
    await t.app.jobs.drain();
    for (const key of keys) expect(await t.app.ctx.blobs.head(key)).toBeNull();
    expect(await t.database.db.select().from(documents).where(eq(documents.id, id))).toEqual([]);
  });
});
