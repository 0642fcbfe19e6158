import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { P } from '@sinetti/contract';
import { strFromU8, unzipSync } from 'fflate';
import { buildDocumentsApp, type DocumentsTestApp } from './documents-helper.ts';
import { errorOf, type TestUser } from './helper.ts';
import { makeDocx, makeDocxBomb, rewriteZipHeaders } from './fixtures/office.ts';
import { makePdf } from './fixtures/files.ts';

let t: DocumentsTestApp;
let owner: TestUser;
beforeAll(async () => {
  t = await buildDocumentsApp();
  owner = await t.organization(await t.signUp());
});
afterAll(async () => t.close());

const run = (text: string, bold = false) =>
  `<w:r>${bold ? '<w:rPr><w:b/></w:rPr>' : ''}<w:t xml:space="preserve">${text}</w:t></w:r>`;
/** A lease template: one placeholder split over two runs (as Word writes it), a date, a number with a default. */
const LEASE = makeDocx(
  `<w:p>${run('Tenant: {{tenant_', true)}${run('name}}')}</w:p>` +
    `<w:p>${run('From {{start_date:date}}, rent {{rent:number|950}} € a month. Signed by {{tenant_name}}.')}</w:p>`,
);

async function uploadTemplate(user: TestUser, content: Buffer, fileName = 'lease.docx') {
  const res = await t.upload(user, { type: 'template', fileName, content, name: 'Lease' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().document.id as string;
}
const fieldsOf = (user: TestUser, id: string) => t.json(user, 'GET', `/api/documents/template-fields/${id}`);
const useTemplate = (user: TestUser, id: string, values?: Record<string, string>) =>
  t.json(user, 'POST', `/api/documents/convert/${id}`, { name: 'Lease of flat 4', values });
async function documentXml(user: TestUser, id: string): Promise<string> {
  const file = await t.call(user, { method: 'GET', url: `/api/documents/download/${id}` });
  expect(file.statusCode).toBe(200);
  return strFromU8(unzipSync(new Uint8Array(file.rawPayload))['word/document.xml'] as Uint8Array);
}

describe('template fields (issue 13 item 4)', () => {
  it('lists a template’s fields in document order, one per name, with types and defaults', async () => {
    const id = await uploadTemplate(owner, LEASE);
    const res = await fieldsOf(owner, id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().fields).toEqual([
      { name: 'tenant_name', type: 'text', default: null },
      { name: 'start_date', type: 'date', default: null },
      { name: 'rent', type: 'number', default: '950' },
    ]);
  });

  it('fills the fields into the new contract, in the user’s language, keeping the formatting', async () => {
    const id = await uploadTemplate(owner, LEASE);
    const res = await useTemplate(owner, id, { tenant_name: 'Äijälä Öhman', start_date: '2026-07-01' });
    expect(res.statusCode, res.body).toBe(200);
    const contract = res.json().documentId as string;
    const xml = await documentXml(owner, contract);
    expect(xml).toContain('<w:b/></w:rPr><w:t xml:space="preserve">Tenant: Äijälä Öhman</w:t>');
    expect(xml).toContain('From 1 July 2026, rent 950 € a month. Signed by Äijälä Öhman.');
    expect(xml).not.toContain('{{');
    const info = (await t.json(owner, 'GET', `/api/documents/info/${contract}`)).json().document;
    expect(info).toMatchObject({ type: 'contract', conversion: 'pending', extension: 'docx' });
    // The template itself is unchanged.
    expect(await documentXml(owner, id)).toContain('{{start_date:date}}');
    // The contract's PDF and search text are made from the filled DOCX (LibreOffice, background job).
    await t.app.jobs.drain();
    expect((await t.json(owner, 'GET', `/api/documents/info/${contract}`)).json().document.conversion).toBe(
      'done',
    );
    const found = (await t.json(owner, 'POST', '/api/documents/search', { text: 'Öhman' })).json();
    expect(found.documents.map((d: { id: string }) => d.id)).toEqual([contract]);
  });

  it('writes dates and numbers as Finnish does for a Finnish user', async () => {
    await t.json(owner, 'GET', '/api/authentication/language/fi');
    try {
      const id = await uploadTemplate(owner, LEASE);
      const res = await useTemplate(owner, id, {
        tenant_name: 'Matti',
        start_date: '2026-07-01',
        rent: '1234,5',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(await documentXml(owner, res.json().documentId)).toContain('From 1.7.2026, rent 1\u00a0234,5 €');
    } finally {
      await t.json(owner, 'GET', '/api/authentication/language/en');
    }
  });

  it('refuses missing and ill-typed values, naming each field, and makes nothing', async () => {
    const id = await uploadTemplate(owner, LEASE);
    const before = (await t.json(owner, 'GET', '/api/documents/stats')).json();
    const res = await useTemplate(owner, id, { tenant_name: '  ', start_date: '2026-02-30', rent: '12e3' });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatchObject({ code: 'VALIDATION_FAILED', reason: 'TEMPLATE_VALUES_INVALID' });
    expect(res.json().fields).toEqual({ tenant_name: 'empty', start_date: 'notDate', rent: 'notNumber' });
    expect((await t.json(owner, 'GET', '/api/documents/stats')).json()).toEqual(before);
  });

  it('answers a template with malformed placeholders 409 TEMPLATE_INVALID, for listing and for use', async () => {
    const bad = [
      makeDocx(`<w:p>${run('Dear {{tenant name}}')}</w:p>`),
      makeDocx(`<w:p>${run('From {{start:date}} to {{start:number}}')}</w:p>`),
      makeDocx(`<w:p>${run('Unclosed {{tenant')}</w:p>`),
      makeDocx(`<w:p>${run('{{#rows}}loop{{/rows}}')}</w:p>`),
      // Names every object has would read as the object's machinery where values are keyed by name.
      makeDocx(`<w:p>${run('Built by {{constructor}}')}</w:p>`),
      makeDocx(`<w:p>${run('{{__proto__:date}}')}</w:p>`),
    ];
    for (const content of bad) {
      const id = await uploadTemplate(owner, content);
      for (const res of [await fieldsOf(owner, id), await useTemplate(owner, id, {})]) {
        expect(res.statusCode, res.body).toBe(409);
        expect(errorOf(res).reason).toBe('TEMPLATE_INVALID');
      }
    }
  });

  it('refuses a decompression bomb without filling it', async () => {
    // Its headers understate its sizes: one that tells the truth is refused at upload (conversion-fair.test.ts).
    const id = await uploadTemplate(owner, rewriteZipHeaders(makeDocxBomb(220), { understate: true }));
    const res = await fieldsOf(owner, id);
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).reason).toBe('TEMPLATE_INVALID');
  });

  it('has no fields for a template without placeholders or one that is not a DOCX', async () => {
    const plain = await uploadTemplate(owner, makeDocx(`<w:p>${run('No fields here.')}</w:p>`));
    expect((await fieldsOf(owner, plain)).json().fields).toEqual([]);
    const pdf = await uploadTemplate(owner, makePdf('Terms'), 'terms.pdf');
    expect((await fieldsOf(owner, pdf)).json().fields).toEqual([]);
    const res = await useTemplate(owner, pdf, { anything: 'x' });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('asks only templates, and another organization’s template is not found', async () => {
    const contract = await t.create(owner, 'contract', 'Plain');
    const res = await fieldsOf(owner, contract.id);
    expect(res.statusCode).toBe(409);
    const id = await uploadTemplate(owner, LEASE);
    const stranger = await t.signUp();
    expect((await fieldsOf(stranger, id)).statusCode).toBe(404);
    expect((await useTemplate(stranger, id, { tenant_name: 'x', start_date: '2026-01-01' })).statusCode).toBe(
      404,
    );
    const viewer = await t.member(owner, [P.DOCUMENTS_VIEW]);
    expect((await fieldsOf(viewer, id)).statusCode).toBe(200);
    expect((await useTemplate(viewer, id, { tenant_name: 'x', start_date: '2026-01-01' })).statusCode).toBe(
      403,
    );
  });
});

describe('template signee roles (issue 13 item 4)', () => {
  const setRoles = (user: TestUser, id: string, roles: string[]) =>
    t.json(user, 'PUT', `/api/documents/template-roles/${id}`, { roles });
  const signeesOf = async (id: string) =>
    (
      (await t.json(owner, 'GET', `/api/signing/signees/${id}`)).json().signees as {
        email: string;
        fullName: string;
      }[]
    ).map((s) => `${s.fullName} <${s.email}>`);
  const person = (role: string, givenName: string, email: string) => ({
    role,
    givenName,
    familyName: 'Laine',
    email,
  });
  /** Use template on the lease with its fields filled in, naming the contract and these role people. */
  const convert = (id: string, name: string, signees?: ReturnType<typeof person>[]) =>
    t.json(owner, 'POST', `/api/documents/convert/${id}`, {
      name,
      values: { tenant_name: 'Tiina', start_date: '2026-07-01' },
      signees,
    });

  it('are set on a template, listed for Use template, and become the contract’s signees after its own', async () => {
    const id = await uploadTemplate(owner, LEASE);
    await t.json(owner, 'POST', `/api/signing/signee/${id}`, {
      givenName: 'Olli',
      familyName: 'Omistaja',
      email: 'olli@example.com',
    });
    const set = await setRoles(owner, id, ['Tenant', 'Landlord']);
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().roles).toEqual(['Tenant', 'Landlord']);
    expect((await fieldsOf(owner, id)).json().roles).toEqual(['Tenant', 'Landlord']);

    const missing = await convert(id, 'Lease 7', [
      person('tenant', 'Tiina', 'tiina@example.com'),
      person('Janitor', 'Jussi', 'jussi@example.com'),
    ]);
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing).reason).toBe('TEMPLATE_SIGNEES_INVALID');
    expect(missing.json().fields).toEqual({ Landlord: 'missing', Janitor: 'unknown' });

    const twice = await convert(id, 'Lease 7', [
      person('Tenant', 'Tiina', 'olli@example.com'),
      person('Landlord', 'Lauri', 'lauri@example.com'),
    ]);
    expect(twice.statusCode).toBe(400);
    expect(errorOf(twice).reason).toBe('SIGNEE_ALREADY_ADDED');

    const made = await convert(id, 'Lease 7', [
      person('Landlord', 'Lauri', 'LAURI@example.com'),
      person('Tenant', 'Tiina', 'tiina@example.com'),
    ]);
    expect(made.statusCode, made.body).toBe(200);
    const contract = made.json().documentId as string;
    expect(await signeesOf(contract)).toEqual([
      'Olli Omistaja <olli@example.com>',
      'Tiina Laine <tiina@example.com>',
      'Lauri Laine <lauri@example.com>',
    ]);
    // A contract has no roles of its own, and the template keeps its signees.
    expect((await fieldsOf(owner, contract)).json().code).toBe('CONFLICT');
    expect(await signeesOf(id)).toEqual(['Olli Omistaja <olli@example.com>']);
  });

  it('may be named like an object’s own machinery (__proto__, constructor): each is asked for and named', async () => {
    const id = await uploadTemplate(owner, LEASE);
    expect((await setRoles(owner, id, ['__proto__', 'constructor'])).statusCode).toBe(200);
    const none = await convert(id, 'Lease 8');
    expect(none.statusCode, none.body).toBe(400);
    expect(errorOf(none).reason).toBe('TEMPLATE_SIGNEES_INVALID');
    expect(Object.entries(none.json().fields as object)).toEqual([
      ['__proto__', 'missing'],
      ['constructor', 'missing'],
    ]);
    const made = await convert(id, 'Lease 8', [
      person('constructor', 'Kaisa', 'kaisa@example.com'),
      person('__proto__', 'Pekka', 'pekka@example.com'),
    ]);
    expect(made.statusCode, made.body).toBe(200);
    expect(await signeesOf(made.json().documentId as string)).toEqual([
      'Pekka Laine <pekka@example.com>',
      'Kaisa Laine <kaisa@example.com>',
    ]);
  });

  it('are unique, templates only, need documents edit, and another organization’s answer 404', async () => {
    const id = await uploadTemplate(owner, LEASE);
    const twice = await setRoles(owner, id, ['Tenant', 'tenant']);
    expect(twice.statusCode).toBe(400);
    expect(errorOf(twice).reason).toBe('TEMPLATE_ROLES_DUPLICATE');
    expect((await setRoles(owner, id, [' '])).statusCode).toBe(400);
    expect(
      (
        await setRoles(
          owner,
          id,
          Array.from({ length: 11 }, (_, i) => `Role ${i}`),
        )
      ).statusCode,
    ).toBe(400);
    const contract = await t.create(owner, 'contract', 'Not a template');
    const notTemplate = await setRoles(owner, contract.id, ['Tenant']);
    expect(notTemplate.statusCode).toBe(409);
    expect(errorOf(notTemplate).reason).toBe('NOT_A_TEMPLATE');
    const viewer = await t.member(owner, [P.DOCUMENTS_VIEW]);
    expect((await setRoles(viewer, id, ['Tenant'])).statusCode).toBe(403);
    expect((await setRoles(await t.signUp(), id, ['Tenant'])).statusCode).toBe(404);
    expect((await setRoles(owner, id, [])).json().roles).toEqual([]);
  });
});
