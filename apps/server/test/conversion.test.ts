import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { jobs } from '../src/db/schema/index.ts';
import { Converter } from '../src/services/conversion/index.ts';
import { ProcessTimeoutError, runProcess } from '../src/services/conversion/process.ts';
import { extractPdfText, normalizeText } from '../src/services/text/index.ts';
import { buildDocumentsApp, type DocumentsTestApp } from './documents-helper.ts';
import { LIBREOFFICE, type TestUser } from './helper.ts';
import { makeEpub } from './fixtures/epub.ts';
import { zipLike } from './fixtures/files.ts';
import { makeDocxBomb, rewriteZipHeaders } from './fixtures/office.ts';

let t: DocumentsTestApp;
let user: TestUser;
let tmp: string;
/** A real DOCX, made by LibreOffice itself from HTML. */
let docx: Buffer;
beforeAll(async () => {
  t = await buildDocumentsApp(LIBREOFFICE);
  user = await t.signUp();
  tmp = await fsp.mkdtemp(path.join(os.tmpdir(), 'sinetti-conversion-test-'));
  const html = path.join(tmp, 'offer.html');
  await fsp.writeFile(
    html,
    '<html><body><h1>Rental offer</h1><p>Monthly rent payable to Vuokranantaja Oy.</p></body></html>',
  );
  const out = await new Converter(t.config.conversion).convert(html, 'docx', path.join(tmp, 'out'));
  docx = await fsp.readFile(out);
});
afterAll(async () => {
  await t.close();
  await fsp.rm(tmp, { recursive: true, force: true });
});

/** A one-slide presentation as flat OpenDocument XML (LibreOffice turns it into a real PPTX). */
const FLAT_PRESENTATION = `<?xml version="1.0" encoding="UTF-8"?>
<office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0"
  xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0"
  xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"
  xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0"
  office:version="1.3" office:mimetype="application/vnd.oasis.opendocument.presentation">
 <office:body><office:presentation><draw:page draw:name="page1">
  <draw:frame svg:width="20cm" svg:height="3cm" svg:x="2cm" svg:y="2cm">
   <draw:text-box><text:p>Quarterly review Kvartaalikatsaus</text:p></draw:text-box>
  </draw:frame>
 </draw:page></office:presentation></office:body>
</office:document>`;

const info = async (id: string) => (await t.json(user, 'GET', `/api/documents/info/${id}`)).json().document;

describe('conversion to PDF (LibreOffice, background job)', () => {
  it('converts an uploaded DOCX, keeps the original, previews the PDF and indexes its text', async () => {
    expect(docx.subarray(0, 4).toString('latin1')).toBe('PK\x03\x04');
    const res = await t.upload(user, {
      type: 'contract',
      fileName: 'offer.docx',
      content: docx,
      name: 'Offer',
    });
    const id = res.json().document.id;
    expect((await info(id)).conversion).toBe('pending');
    expect(await t.app.jobs.drain()).toBeGreaterThanOrEqual(1);
    expect(await info(id)).toMatchObject({ conversion: 'done', extension: 'docx', size: docx.length });
    const content = (await t.json(user, 'GET', `/api/documents/content/${id}`)).json();
    expect(content.contentMimeType).toBe('application/pdf');
    expect(Buffer.from(content.content, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    const original = await t.call(user, { method: 'GET', url: `/api/documents/download/${id}` });
    expect(original.rawPayload.equals(docx)).toBe(true);
    const found = (await t.json(user, 'POST', '/api/documents/search', { text: 'Vuokranantaja' })).json();
    expect(found.documents.map((d: { id: string }) => d.id)).toEqual([id]);
  });

  it('makes a real, empty DOCX and its PDF for "New document"', async () => {
    const doc = await t.create(user, 'contract', 'Blank contract');
    await t.app.jobs.drain();
    expect(await info(doc.id)).toMatchObject({ conversion: 'done', extension: 'docx' });
    const original = await t.call(user, { method: 'GET', url: `/api/documents/download/${doc.id}` });
    expect(original.rawPayload.subarray(0, 4).toString('latin1')).toBe('PK\x03\x04');
    expect(original.headers['content-disposition']).toContain('Blank contract.docx');
    const pdf = await t.call(user, { method: 'GET', url: `/api/documents/download/${doc.id}?rendition=pdf` });
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('converts spreadsheets and presentations (csv, xlsx, ods, pptx) and indexes their text', async () => {
    // The fixtures are made by LibreOffice itself (the app's converter only makes PDF and DOCX).
    const convert = async (source: string, to: string) => {
      const outDir = path.join(tmp, `out-${to}`);
      const profile = `file://${path.join(tmp, `profile-${to}`)}`;
      const args = [`-env:UserInstallation=${profile}`, '--headless', '--convert-to', to, '--outdir', outDir];
      await runProcess(t.config.conversion.soffice, [...args, source], { timeoutMs: 90_000 });
      return path.join(outDir, `${path.basename(source, path.extname(source))}.${to}`);
    };
    const csv = path.join(tmp, 'budget.csv');
    await fsp.writeFile(csv, 'Item,Amount\nTalousarvio,1200\nRent,800\n');
    const deck = path.join(tmp, 'deck.fodp');
    await fsp.writeFile(deck, FLAT_PRESENTATION);
    const files: [string, Buffer, string][] = [
      ['csv', await fsp.readFile(csv), 'Talousarvio'],
      ['xlsx', await fsp.readFile(await convert(csv, 'xlsx')), 'Talousarvio'],
      ['ods', await fsp.readFile(await convert(csv, 'ods')), 'Talousarvio'],
      ['pptx', await fsp.readFile(await convert(deck, 'pptx')), 'Kvartaalikatsaus'],
    ];
    for (const [extension, content, word] of files) {
      const res = await t.upload(user, {
        type: 'file',
        fileName: `sheet.${extension}`,
        content,
        name: extension,
      });
      expect(res.statusCode, res.body).toBe(200);
      const id = res.json().document.id;
      await t.app.jobs.drain();
      expect(await info(id), extension).toMatchObject({ conversion: 'done', extension });
      const pdf = await t.call(user, { method: 'GET', url: `/api/documents/download/${id}?rendition=pdf` });
      expect(pdf.rawPayload.subarray(0, 5).toString(), extension).toBe('%PDF-');
      const found = (await t.json(user, 'POST', '/api/documents/search', { text: word })).json();
      expect(
        found.documents.map((d: { id: string }) => d.id),
        extension,
      ).toContain(id);
    }
  });

  it('converts an EPUB (LibreOffice cannot open one) through its chapters', async () => {
    const epub = makeEpub(['<h1>Handbook</h1><p>Perehdytys Kasikirja</p>', '<p>Second chapter</p>']);
    const res = await t.upload(user, {
      type: 'contract-noedit',
      fileName: 'guide.epub',
      content: epub,
      name: 'Guide',
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().document.id;
    await t.app.jobs.drain();
    expect(await info(id)).toMatchObject({
      conversion: 'done',
      extension: 'epub',
      mimeType: 'application/epub+zip',
    });
    const pdf = await t.call(user, { method: 'GET', url: `/api/documents/download/${id}?rendition=pdf` });
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const found = (await t.json(user, 'POST', '/api/documents/search', { text: 'Kasikirja' })).json();
    expect(found.documents.map((d: { id: string }) => d.id)).toContain(id);
  });

  it('marks a file LibreOffice cannot read as failed without retrying, keeping the original', async () => {
    const res = await t.upload(user, {
      type: 'contract',
      fileName: 'broken.docx',
      content: zipLike(),
      name: 'Broken',
    });
    const id = res.json().document.id;
    await t.app.jobs.drain();
    expect(await info(id)).toMatchObject({ conversion: 'failed' });
    const original = await t.call(user, { method: 'GET', url: `/api/documents/download/${id}` });
    expect(original.statusCode).toBe(200);
  });
});

describe('hostile conversions', () => {
  const attemptsOf = async (documentId: string) =>
    t.database.db
      .select({ attempts: jobs.attempts, status: jobs.status })
      .from(jobs)
      .where(sql`${jobs.payload}->>'documentId' = ${documentId}`);

  it("refuses a DOCX bomb at once, without retrying, and converts another organization's DOCX after it", async () => {
    const other = await t.signUp();
    const bomb = await t.upload(user, {
      type: 'contract',
      fileName: 'bomb.docx',
      // Headers that understate its sizes pass the upload's check; the job inflates it within the limits.
      content: rewriteZipHeaders(makeDocxBomb(21), { understate: true }),
      name: 'Bomb',
    });
    expect(bomb.statusCode, bomb.body).toBe(200);
    const normal = await t.upload(other, {
      type: 'contract',
      fileName: 'offer.docx',
      content: docx,
      name: 'Offer',
    });
    const bombId = bomb.json().document.id;
    const normalId = normal.json().document.id;
    await t.app.jobs.drain();
    expect(await info(bombId)).toMatchObject({ conversion: 'failed', conversionFailure: 'TOO_LARGE' });
    expect(await attemptsOf(bombId)).toEqual([{ attempts: 1, status: 'failed' }]);
    const normalInfo = (await t.json(other, 'GET', `/api/documents/info/${normalId}`)).json().document;
    expect(normalInfo).toMatchObject({ conversion: 'done', conversionFailure: null });
  });

  it('converts an EPUB without embedding a server file it names, or anything outside the book', async () => {
    const marker = path.join(t.blobDir, 'marker.svg');
    await fsp.writeFile(
      marker,
      '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="40"><text x="4" y="30">TENANTSECRET</text></svg>',
    );
    const epub = makeEpub([
      `<p>Chapter text Perehdytys</p><img src="file://${marker}"/><img src=file://${marker}>` +
        `<iframe src="file://${marker}"></iframe><object data="file://${marker}"></object>` +
        `<style>@import url(file://${marker});</style><p style="background:url(file://${marker})">End</p>`,
    ]);
    const res = await t.upload(user, { type: 'file', fileName: 'book.epub', content: epub, name: 'Book' });
    const id = res.json().document.id;
    await t.app.jobs.drain();
    expect(await info(id)).toMatchObject({ conversion: 'done' });
    const found = (await t.json(user, 'POST', '/api/documents/search', { text: 'TENANTSECRET' })).json();
    expect(found.documents).toEqual([]);
    const own = (await t.json(user, 'POST', '/api/documents/search', { text: 'Perehdytys' })).json();
    expect(own.documents.map((d: { id: string }) => d.id)).toContain(id);
  });

  it('marks a conversion that ran out of time as failed at once (no retry on the same bytes)', async () => {
    // A converter that never finishes (in a folder of its own: the sandbox shows it its program's folder).
    const bin = path.join(tmp, 'slow', 'program');
    await fsp.mkdir(bin, { recursive: true });
    await fsp.writeFile(path.join(bin, 'soffice'), '#!/bin/sh\nsleep 30\n', { mode: 0o755 });
    const slow = await buildDocumentsApp({
      ...LIBREOFFICE,
      CONVERSION_TIMEOUT_SECONDS: '5',
      SOFFICE_PATH: path.join(bin, 'soffice'),
    });
    try {
      const owner = await slow.signUp();
      const res = await slow.upload(owner, {
        type: 'contract',
        fileName: 'slow.docx',
        content: docx,
        name: 'Slow',
      });
      const id = res.json().document.id;
      await slow.app.jobs.drain();
      const doc = (await slow.json(owner, 'GET', `/api/documents/info/${id}`)).json().document;
      expect(doc).toMatchObject({ conversion: 'failed', conversionFailure: 'TIMEOUT' });
      const rows = await slow.database.db
        .select({ attempts: jobs.attempts, status: jobs.status })
        .from(jobs)
        .where(eq(jobs.kind, 'document.convert'));
      expect(rows).toEqual([{ attempts: 1, status: 'failed' }]);
    } finally {
      await slow.close();
    }
  });
});

describe('converter processes', () => {
  it('kills the whole process group when the time limit passes', async () => {
    const pidFile = path.join(tmp, 'child.pid');
    await expect(
      // The helper lets go of the shell's pipes, so the shell's end is reported without waiting for it.
      runProcess('sh', ['-c', `sleep 30 >/dev/null 2>&1 & echo $! > ${pidFile}; wait`], { timeoutMs: 1_500 }),
    ).rejects.toBeInstanceOf(ProcessTimeoutError);
    const pid = Number(fs.readFileSync(pidFile, 'utf8'));
    // Gone, or a zombie waiting to be reaped by init: either way no longer running. The group's
    // SIGKILL is sent before the shell's exit is reported, but a loaded kernel may not yet have
    // scheduled the grandchild to act on it, so wait for that; a helper the kill missed would still be
    // sleeping when the wait ends.
    const stopped = () => {
      const stat = fs.existsSync(`/proc/${pid}/stat`) ? fs.readFileSync(`/proc/${pid}/stat`, 'utf8') : '';
      return stat === '' || /^\d+ \(sleep\) Z/.test(stat);
    };
    await vi.waitFor(() => expect(stopped()).toBe(true), { timeout: 10_000, interval: 20 });
  });

  it('extracts PDF text with pdftotext and normalises it for the database', async () => {
    const txt = path.join(tmp, 'text.txt');
    await fsp.writeFile(txt, 'Alpha beta\n\nGamma\n');
    const pdf = await new Converter(t.config.conversion).convert(txt, 'pdf', path.join(tmp, 'text-out'));
    const text = await extractPdfText(pdf, { ...t.config.conversion, timeoutMs: 10_000 });
    expect(text).toContain('Alpha beta');
    expect(text).toContain('Gamma');
    expect(normalizeText('a\u0000b\t\tc \n\n d')).toBe('a b c\nd');
  });
});
