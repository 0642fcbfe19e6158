import { createHash, randomUUID } from 'node:crypto';
import { P } from '@sinetti/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents, jobs } from '../src/db/schema/index.ts';
import { buildDocumentsApp, listBlobFiles, type DocumentsTestApp } from './documents-helper.ts';
import { errorOf, type TestUser } from './helper.ts';
import { makePdf, ole2Like, pngLike, zipLike } from './fixtures/files.ts';

const LIMIT = 64 * 1024;
let t: DocumentsTestApp;
let owner: TestUser;
let stranger: TestUser;
beforeAll(async () => {
  t = await buildDocumentsApp({ UPLOAD_MAX_BYTES: String(LIMIT) });
  owner = await t.organization(await t.signUp());
  stranger = await t.signUp();
});
afterAll(async () => t.close());

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

describe('POST documents/upload/{type}[/{parent}]', () => {
  it('stores a PDF as a contract, streamed and hashed, and indexes its text in the background', async () => {
    const pdf = makePdf('Quarterly invoice for Kaupunki Oy');
    const before = (await listBlobFiles(t.blobDir)).length;
    const res = await t.upload(owner, {
      type: 'contract',
      fileName: 'invoice.pdf',
      content: pdf,
      name: 'Invoice',
    });
    expect(res.statusCode).toBe(200);
    const doc = res.json().document;
    expect(doc).toMatchObject({ name: 'Invoice', type: 'contract', extension: 'pdf', size: pdf.length });
    expect(doc).toMatchObject({ mimeType: 'application/pdf', conversion: 'none', parent: null, state: 1 });
    expect((await listBlobFiles(t.blobDir)).length).toBe(before + 1);
    expect(await t.app.jobs.drain({ kinds: ['document.extract-text'] })).toBe(1);
    const [row] = await t.database.db.select().from(documents).where(eq(documents.id, doc.id));
    expect(row?.contentText).toContain('Quarterly invoice for Kaupunki Oy');
    expect(row?.sha256).toBe(sha256(pdf));
  });

  it('uploads into a folder; office files wait for conversion; any file type may be a plain file', async () => {
    const folder = await t.create(owner, 'folder', 'Incoming');
    const docx = await t.upload(owner, {
      type: 'template',
      fileName: 'Offer.docx',
      content: zipLike(),
      name: 'Offer',
      parent: folder.id,
    });
    expect(docx.json().document).toMatchObject({
      parent: folder.id,
      conversion: 'pending',
      extension: 'docx',
    });
    const queued = await t.database.db.select().from(jobs).where(eq(jobs.kind, 'document.convert'));
    expect(queued.some((j) => j.payload.documentId === docx.json().document.id)).toBe(true);
    const zip = await t.upload(owner, {
      type: 'file',
      fileName: 'a.zip',
      content: zipLike(),
      name: 'Archive',
    });
    expect(zip.json().document).toMatchObject({ mimeType: 'application/octet-stream', conversion: 'none' });
    const png = await t.upload(owner, {
      type: 'file',
      fileName: 'logo.PNG',
      content: pngLike(),
      name: 'Logo',
    });
    expect(png.json().document).toMatchObject({ mimeType: 'image/png', extension: 'png' });
    const doc = await t.upload(owner, {
      type: 'contract-noedit',
      fileName: 'old.doc',
      content: ole2Like(),
      name: 'x',
    });
    expect(doc.statusCode).toBe(415);
  });

  it('offers types by extension and platform exactly as SPEC §5 lists (415 otherwise)', async () => {
    const ms = await t.organization(await t.signUp({ platform: 'microsoft' }), 'microsoft');
    const pdf = makePdf('x');
    expect(
      (await t.upload(ms, { type: 'contract', fileName: 'a.pdf', content: pdf, name: 'a' })).statusCode,
    ).toBe(415);
    expect(
      (await t.upload(ms, { type: 'contract-noedit', fileName: 'a.pdf', content: pdf, name: 'a' }))
        .statusCode,
    ).toBe(200);
    const xlsx = await t.upload(owner, {
      type: 'contract',
      fileName: 'a.xlsx',
      content: zipLike(),
      name: 'a',
    });
    expect(xlsx.statusCode).toBe(415);
    expect(errorOf(xlsx).code).toBe('UNSUPPORTED_FILE_TYPE');
    expect(
      (await t.upload(owner, { type: 'bogus', fileName: 'a.pdf', content: pdf, name: 'a' })).statusCode,
    ).toBe(400);
  });

  it('refuses content that does not match the extension (415) and keeps nothing', async () => {
    const before = await listBlobFiles(t.blobDir);
    const fakePdf = await t.upload(owner, {
      type: 'contract',
      fileName: 'x.pdf',
      content: zipLike(),
      name: 'x',
    });
    expect(fakePdf.statusCode).toBe(415);
    expect(errorOf(fakePdf).code).toBe('UNSUPPORTED_FILE_TYPE');
    const fakeDocx = await t.upload(owner, {
      type: 'contract',
      fileName: 'x.docx',
      content: makePdf('x'),
      name: 'x',
    });
    expect(fakeDocx.statusCode).toBe(415);
    const fakePng = await t.upload(owner, {
      type: 'file',
      fileName: 'x.png',
      content: Buffer.from('<svg/>'),
      name: 'x',
    });
    expect(fakePng.statusCode).toBe(415);
    expect(await listBlobFiles(t.blobDir)).toEqual(before);
  });

  it('refuses files over the size limit while streaming (413) and keeps nothing', async () => {
    const before = await listBlobFiles(t.blobDir);
    const big = Buffer.concat([makePdf('big'), Buffer.alloc(LIMIT, 0x20)]);
    const res = await t.upload(owner, { type: 'file', fileName: 'big.pdf', content: big, name: 'Big' });
    expect(res.statusCode).toBe(413);
    expect(errorOf(res).code).toBe('FILE_TOO_LARGE');
    const huge = Buffer.concat([makePdf('huge'), Buffer.alloc(4 * LIMIT, 0x20)]);
    expect(
      (await t.upload(owner, { type: 'file', fileName: 'h.pdf', content: huge, name: 'Huge' })).statusCode,
    ).toBe(413);
    expect(await listBlobFiles(t.blobDir)).toEqual(before);
  });

  it('needs a name, a non-empty file and a multipart form (400), keeping nothing', async () => {
    const before = await listBlobFiles(t.blobDir);
    const pdf = makePdf('x');
    const noName = await t.upload(owner, { type: 'contract', fileName: 'a.pdf', content: pdf });
    expect(noName.statusCode).toBe(400);
    expect(errorOf(noName).fields?.name).toBe('Please enter a name for the file.');
    expect(
      (await t.upload(owner, { type: 'contract', fileName: 'a.pdf', content: pdf, name: ' ' })).statusCode,
    ).toBe(400);
    const empty = await t.upload(owner, {
      type: 'file',
      fileName: 'a.txt',
      content: Buffer.alloc(0),
      name: 'a',
    });
    expect(empty.statusCode).toBe(400);
    const form = new FormData();
    form.append('name', 'No file');
    const noFile = await t.call(owner, {
      method: 'POST',
      url: '/api/documents/upload/file',
      payload: form as never,
    });
    expect(noFile.statusCode).toBe(400);
    const asJson = await t.json(owner, 'POST', '/api/documents/upload/file', { name: 'x' });
    expect(asJson.statusCode).toBe(400);
    expect(await listBlobFiles(t.blobDir)).toEqual(before);
  });

  it('answers 403 without documents create and 404 for another organization folder', async () => {
    const viewer = await t.member(owner, [P.DOCUMENTS_VIEW]);
    const pdf = makePdf('x');
    expect(
      (await t.upload(viewer, { type: 'file', fileName: 'a.pdf', content: pdf, name: 'a' })).statusCode,
    ).toBe(403);
    const theirs = await t.create(stranger, 'folder', 'Theirs');
    const res = await t.upload(owner, {
      type: 'file',
      fileName: 'a.pdf',
      content: pdf,
      name: 'a',
      parent: theirs.id,
    });
    expect(res.statusCode).toBe(404);
    const missing = await t.upload(owner, {
      type: 'file',
      fileName: 'a.pdf',
      content: pdf,
      name: 'a',
      parent: randomUUID(),
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('GET documents/content/{id}[/{hash}][?force=true]', () => {
  it('answers the content in base64 with its hash; an unchanged hash skips the body unless forced', async () => {
    const pdf = makePdf('Content check');
    const doc = (await t.upload(owner, { type: 'file', fileName: 'c.pdf', content: pdf, name: 'C' })).json()
      .document;
    const res = await t.json(owner, 'GET', `/api/documents/content/${doc.id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: 'OK', hash: sha256(pdf), contentMimeType: 'application/pdf' });
    expect(Buffer.from(body.content, 'base64').equals(pdf)).toBe(true);
    const same = (await t.json(owner, 'GET', `/api/documents/content/${doc.id}/${body.hash}`)).json();
    expect(same).toMatchObject({ hash: body.hash, content: null });
    const forced = (
      await t.json(owner, 'GET', `/api/documents/content/${doc.id}/${body.hash}?force=true`)
    ).json();
    expect(forced.content).toBe(body.content);
    const stale = (await t.json(owner, 'GET', `/api/documents/content/${doc.id}/${'0'.repeat(64)}`)).json();
    expect(stale.content).toBe(body.content);
    expect((await t.json(owner, 'GET', `/api/documents/content/${doc.id}/nothex`)).statusCode).toBe(400);
  });

  it('answers pending without content while a new document is made; 409 for a folder', async () => {
    const contract = await t.create(owner, 'contract', 'Fresh');
    const res = (await t.json(owner, 'GET', `/api/documents/content/${contract.id}`)).json();
    expect(res).toMatchObject({ hash: '', content: null, conversion: 'pending' });
    const folder = await t.create(owner, 'folder', 'F');
    expect((await t.json(owner, 'GET', `/api/documents/content/${folder.id}`)).statusCode).toBe(409);
  });

  it('answers FILE_NOT_FOUND when the stored file is gone, 404 to other organizations, 403 without view', async () => {
    const pdf = makePdf('Lost');
    const doc = (await t.upload(owner, { type: 'file', fileName: 'l.pdf', content: pdf, name: 'L' })).json()
      .document;
    expect((await t.json(stranger, 'GET', `/api/documents/content/${doc.id}`)).statusCode).toBe(404);
    const nobody = await t.member(owner, [P.DOCUMENTS_CREATE]);
    expect((await t.json(nobody, 'GET', `/api/documents/content/${doc.id}`)).statusCode).toBe(403);
    const [row] = await t.database.db.select().from(documents).where(eq(documents.id, doc.id));
    await t.app.ctx.blobs.delete(row?.blobKey ?? '');
    const res = await t.json(owner, 'GET', `/api/documents/content/${doc.id}`);
    expect(res.statusCode).toBe(404);
    expect(errorOf(res).code).toBe('FILE_NOT_FOUND');
  });
});

describe('GET documents/download/{id}', () => {
  it('streams the original as an attachment with nosniff', async () => {
    const pdf = makePdf('Download me');
    const doc = (
      await t.upload(owner, { type: 'file', fileName: 'd.pdf', content: pdf, name: 'Sopimus ä "1"' })
    ).json().document;
    const res = await t.call(owner, { method: 'GET', url: `/api/documents/download/${doc.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(pdf)).toBe(true);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Sopimus _ _1_.pdf"; filename*=UTF-8''Sopimus%20%C3%A4%20%221%22.pdf`,
    );
    const pdfRendition = await t.call(owner, {
      method: 'GET',
      url: `/api/documents/download/${doc.id}?rendition=pdf`,
    });
    expect(pdfRendition.rawPayload.equals(pdf)).toBe(true);
  });

  it('answers 404 for another organization, for a missing rendition, and 400 for bad input', async () => {
    const docx = (
      await t.upload(owner, { type: 'file', fileName: 'w.docx', content: zipLike(), name: 'W' })
    ).json().document;
    expect(
      (await t.call(stranger, { method: 'GET', url: `/api/documents/download/${docx.id}` })).statusCode,
    ).toBe(404);
    const noPdf = await t.call(owner, {
      method: 'GET',
      url: `/api/documents/download/${docx.id}?rendition=pdf`,
    });
    expect(noPdf.statusCode).toBe(404);
    const bad = await t.call(owner, {
      method: 'GET',
      url: `/api/documents/download/${docx.id}?rendition=exe`,
    });
    expect(bad.statusCode).toBe(400);
    expect((await t.call(owner, { method: 'GET', url: '/api/documents/download/abc' })).statusCode).toBe(400);
    const nobody = await t.member(owner, []);
    expect(
      (await t.call(nobody, { method: 'GET', url: `/api/documents/download/${docx.id}` })).statusCode,
    ).toBe(403);
  });
});
