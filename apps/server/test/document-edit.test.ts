import { strFromU8, unzipSync } from 'fflate';
import { DOCUMENT_STATE, P } from '@sinetti/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents } from '../src/db/schema/index.ts';
import { buildDocumentsApp, type DocumentsTestApp } from './documents-helper.ts';
import { errorOf, type TestUser } from './helper.ts';
import { makeDocx } from './fixtures/office.ts';
import { editingCalls } from './editing-helper.ts';
import { makePdf } from './fixtures/files.ts';

let t: DocumentsTestApp;
let owner: TestUser;
beforeAll(async () => {
  t = await buildDocumentsApp();
  owner = await t.organization(await t.signUp());
});
afterAll(async () => t.close());
const { download, etagOf, save, info, newContract } = editingCalls(() => t);

const EDITED = makeDocx(
  '<w:p><w:pPr><w:pStyle w:val="Heading1"/></w:pPr><w:r><w:t>Vuokrasopimus</w:t></w:r></w:p>' +
    '<w:p><w:r><w:t>Muokattu: äöå ÄÖÅ, Quokkaberry.</w:t></w:r></w:p>',
);
describe('saving from the browser editor (issue 13 item 1)', () => {
  it('stores the DOCX, makes its PDF and search text again, and the next save needs the new hash', async () => {
    const id = await newContract(owner, 'Lease');
    expect((await info(owner, id)).abilities.edit).toBe(true);
    const etag = await etagOf(owner, id);
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
    const res = await save(owner, id, EDITED, etag);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().document).toMatchObject({ conversion: 'pending', size: EDITED.length });
    const file = await download(owner, id);
    expect(file.rawPayload.equals(EDITED)).toBe(true);
    expect(
      strFromU8(unzipSync(new Uint8Array(file.rawPayload))['word/document.xml'] as Uint8Array),
    ).toContain('äöå');

    await t.app.jobs.drain();
    expect((await info(owner, id)).document.conversion).toBe('done');
    const found = (await t.json(owner, 'POST', '/api/documents/search', { text: 'Quokkaberry' })).json();
    expect(found.documents.map((d: { id: string }) => d.id)).toEqual([id]);

    // The editor that opened the first version cannot overwrite the second.
    const stale = await save(owner, id, makeDocx('<w:p><w:r><w:t>Old tab</w:t></w:r></w:p>'), etag);
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale).reason).toBe('EDIT_CONFLICT');
    expect((await download(owner, id)).rawPayload.equals(EDITED)).toBe(true);
    expect((await save(owner, id, EDITED, await etagOf(owner, id))).statusCode).toBe(200);
  });

  it('two saves in a row end with the last file converted and searchable', async () => {
    const id = await newContract(owner, 'Twice');
    expect((await save(owner, id, EDITED, await etagOf(owner, id))).statusCode).toBe(200);
    const second = makeDocx('<w:p><w:r><w:t>Second save Zebrafinch</w:t></w:r></w:p>');
    expect((await save(owner, id, second, await etagOf(owner, id))).statusCode).toBe(200);
    await t.app.jobs.drain();
    expect((await info(owner, id)).document.conversion).toBe('done');
    const found = (await t.json(owner, 'POST', '/api/documents/search', { text: 'Zebrafinch' })).json();
    expect(found.documents.map((d: { id: string }) => d.id)).toEqual([id]);
  });

  it('needs If-Match and a DOCX body', async () => {
    const id = await newContract(owner, 'Checks');
    expect((await save(owner, id, EDITED)).statusCode).toBe(400);
    const notDocx = await save(owner, id, Buffer.from('plain text'), await etagOf(owner, id));
    expect(notDocx.statusCode).toBe(400);
    const json = await t.json(owner, 'PUT', `/api/documents/content/${id}`, { content: 'x' });
    expect(json.statusCode).toBe(400);
  });

  it('refuses what is not editable: contract-noedit, files, PDFs, templates at Signing and contracts being signed', async () => {
    const noedit = await t.upload(owner, {
      type: 'contract-noedit',
      fileName: 'n.docx',
      content: EDITED,
      name: 'N',
    });
    const file = await t.upload(owner, { type: 'file', fileName: 'f.docx', content: EDITED, name: 'F' });
    const pdf = await t.upload(owner, {
      type: 'contract',
      fileName: 'p.pdf',
      content: makePdf('P'),
      name: 'P',
    });
    const signing = await newContract(owner, 'Being signed');
    await t.database.db
      .update(documents)
      .set({ state: DOCUMENT_STATE.Signing })
      .where(eq(documents.id, signing));
    const ids = [noedit, file, pdf].map((r) => r.json().document.id as string).concat(signing);
    for (const id of ids) {
      expect((await info(owner, id)).abilities.edit, id).toBe(false);
      const res = await save(owner, id, EDITED, await etagOf(owner, id));
      expect(res.statusCode, id).toBe(409);
      expect(errorOf(res).reason, id).toBe('NOT_EDITABLE');
    }
    const template = await t.create(owner, 'template', 'Editable template');
    await t.app.jobs.drain();
    expect((await save(owner, template.id, EDITED, await etagOf(owner, template.id))).statusCode).toBe(200);
  });

  it('needs documents edit; another organization’s document is not found', async () => {
    const id = await newContract(owner, 'Guarded');
    const etag = await etagOf(owner, id);
    const viewer = await t.member(owner, [P.DOCUMENTS_VIEW]);
    expect((await info(viewer, id)).abilities.edit).toBe(false);
    expect((await save(viewer, id, EDITED, etag)).statusCode).toBe(403);
    expect((await save(await t.signUp(), id, EDITED, etag)).statusCode).toBe(404);
    expect((await download(owner, id)).rawPayload.equals(EDITED)).toBe(false);
  });
});
