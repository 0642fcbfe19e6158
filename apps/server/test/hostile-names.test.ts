import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDocumentsApp, type DocumentsTestApp } from './documents-helper.ts';
import { errorOf, type TestUser } from './helper.ts';
import { makePdf } from './fixtures/files.ts';

/** NUL, a lone high surrogate, a lone low surrogate, a right-to-left override, an isolate. */
const HOSTILE = ['Acme\u0000Oy', 'Acme\ud800Oy', 'Acme\udc00', 'invoice\u202efdp.exe', 'A\u2066B\u2069'];

let t: DocumentsTestApp;
let owner: TestUser;
beforeAll(async () => {
  t = await buildDocumentsApp();
  owner = await t.organization(await t.signUp());
});
afterAll(async () => t.close());

function expectRefused(res: LightMyRequestResponse, field: string | RegExp) {
  expect(res.statusCode, res.body).toBe(400);
  expect(errorOf(res)).toMatchObject({ status: 'ERROR', code: 'VALIDATION_FAILED' });
  const fields = Object.keys(errorOf(res).fields ?? {});
  expect(
    fields.some((f) => (typeof field === 'string' ? f === field : field.test(f))),
    fields.join(),
  ).toBe(true);
}

describe('every name field refuses NUL, lone surrogates and bidi overrides with 400', () => {
  it.each(HOSTILE)('organization names: create, setup, wizard (%j)', async (bad) => {
    expectRefused(await t.json(owner, 'POST', '/api/authentication/create-company', { name: bad }), 'name');
    const fresh = await t.signUp({ setupComplete: false });
    const setup = await t.json(fresh, 'POST', '/api/authentication/setup', {
      companies: [bad],
      invites: [],
      language: 'en',
    });
    expectRefused(setup, 'companies.0');
    await t.json(fresh, 'POST', '/api/authentication/wizard-step/1', { data: { create: true } });
    const step2 = await t.json(fresh, 'POST', '/api/authentication/wizard-step/2', { data: { name: bad } });
    expectRefused(step2, /^(data\.)?name$/);
    const invites = await t.json(fresh, 'POST', '/api/authentication/setup', {
      companies: ['Fine Oy'],
      invites: [`x${bad}@example.com`],
      language: 'en',
    });
    expectRefused(invites, 'invites.0');
  });

  it.each(HOSTILE)('document names: create, rename, from template, upload (%j)', async (bad) => {
    expectRefused(await t.json(owner, 'POST', '/api/documents/create/folder', { name: bad }), 'name');
    const folder = await t.create(owner, 'folder', 'Plain');
    const rename = await t.json(owner, 'POST', '/api/documents/rename', { id: folder.id, name: bad });
    expectRefused(rename, 'name');
    const template = await t.create(owner, 'template', 'Offer');
    const fromTemplate = await t.json(owner, 'POST', `/api/documents/convert/${template.id}`, { name: bad });
    expectRefused(fromTemplate, 'name');
    // A multipart form is UTF-8 bytes: a lone surrogate cannot travel in it (the client sends U+FFFD).
    if (!/[\ud800-\udfff]/.test(bad)) {
      const upload = await t.upload(owner, {
        type: 'file',
        fileName: 'a.pdf',
        content: makePdf('x'),
        name: bad,
      });
      expectRefused(upload, 'name');
    }
  });

  it.each(HOSTILE)('signee names (%j)', async (bad) => {
    const doc = await t.upload(owner, {
      type: 'contract',
      fileName: 'c.pdf',
      content: makePdf('c'),
      name: 'C',
    });
    const id = doc.json().document.id as string;
    for (const field of ['givenName', 'familyName']) {
      const res = await t.json(owner, 'POST', `/api/signing/signee/${id}`, {
        email: 'signee@example.com',
        givenName: 'Ann',
        familyName: 'Lee',
        [field]: bad,
      });
      expectRefused(res, field);
    }
  });

  it('refuses NUL and lone surrogates in any other text too (search), but keeps real names', async () => {
    const search = await t.json(owner, 'POST', '/api/documents/search', { text: 'a\u0000b' });
    expectRefused(search, 'text');
    const names = ['Åsa Öberg', 'שלום עולם', 'Zoë 😀 Oy', 'مرحبا\u200f'];
    for (const name of names) {
      expect((await t.json(owner, 'POST', '/api/documents/create/folder', { name })).statusCode).toBe(200);
    }
    expect(
      (await t.json(owner, 'POST', '/api/authentication/create-company', { name: 'Zoë 😀 Oy' })).statusCode,
    ).toBe(200);
  });
});

describe('hostile multipart uploads answer 400', () => {
  const boundary = '----sinetti-test-boundary';
  const call = (body: string) =>
    t.call(owner, {
      method: 'POST',
      url: '/api/documents/upload/file',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });

  it('a file part without a filename', async () => {
    const body =
      `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nDoc\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"\r\nContent-Type: application/pdf\r\n\r\n` +
      `%PDF-1.4 hello\r\n--${boundary}--\r\n`;
    const res = await call(body);
    expect(res.statusCode, res.body).toBe(400);
    expect(errorOf(res).code).toBe('VALIDATION_FAILED');
    const emptyName = body.replace('name="file"', 'name="file"; filename=""');
    const res2 = await call(emptyName);
    expect(res2.statusCode, res2.body).toBe(400);
    expect(errorOf(res2).code).toBe('VALIDATION_FAILED');
  });

  it('a body cut before its closing boundary', async () => {
    const cut =
      `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nDoc\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n` +
      `Content-Type: application/pdf\r\n\r\n%PDF-1.4 hello and then noth`;
    const res = await call(cut);
    expect(res.statusCode, res.body).toBe(400);
    expect(errorOf(res).code).toBe('VALIDATION_FAILED');
    const headersOnly = `--${boundary}\r\nContent-Disposition: form-data; name="na`;
    const res2 = await call(headersOnly);
    expect(res2.statusCode, res2.body).toBe(400);
  });
});
