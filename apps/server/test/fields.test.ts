import { randomUUID } from 'node:crypto';
import { P, type PlacedField } from '@sinetti/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storePdf } from '../src/commands/signing/common.ts';
import { pdfWorkers } from '../src/services/pdf/index.ts';
import { auditEvents, documents, roles } from '../src/db/schema/index.ts';
import { field, fieldsApi } from './fields-helper.ts';
import { errorOf, uniqueEmail, type TestUser } from './helper.ts';
import { makePdf } from './pdf-fixtures.ts';
import { buildSigningApp, type SigningTestApp } from './signing-helper.ts';

/** Fields placed on the pages (issue #33 item 1): fields.list / fields.save, Use template, send. */
let t: SigningTestApp;
let owner: TestUser;
beforeAll(async () => {
  t = await buildSigningApp();
  owner = await t.organization(await t.signUp({ name: 'Fiona Fields' }));
  await t.fund(owner, 50);
});
afterAll(async () => t.close());

const { list, save, storedFor, addSignee, contractWithSignee, template } = fieldsApi(() => t);

describe('fields.save and fields.list', () => {
  it('saves fields and lists them in page order, replacing what was there', async () => {
    const { doc, signee } = await contractWithSignee(owner);
    const second = field(signee.id, 2, { kind: 'text', label: 'Apartment', required: false, y: 0.1 });
    const lower = field(signee.id, 1, { kind: 'date', y: 0.8 });
    const upper = field(signee.id, 1, { kind: 'name', y: 0.2, x: 0.5 });
    const res = await save(owner, doc.id, [second, lower, upper]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'OK', editable: true });
    const expected = [upper, lower, second].map((f) => ({ required: true, label: '', role: null, ...f }));
    expect(res.json().fields).toEqual(expected);
    expect((await list(owner, doc.id)).json()).toEqual({ status: 'OK', fields: expected, editable: true });
    const audited = await t.database.db
      .select({ data: auditEvents.data })
      .from(auditEvents)
      .where(and(eq(auditEvents.subjectId, doc.id), eq(auditEvents.action, 'document.fields-set')));
    expect(audited.map((a) => a.data)).toEqual([{ fields: 3 }]);

    // A save replaces them all; the ids the client keeps stay.
    const again = await save(owner, doc.id, [{ ...upper, x: 0.6 }]);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().fields).toEqual([{ ...expected[0], x: 0.6 }]);
    expect(await storedFor(doc.id)).toHaveLength(1);
    expect((await save(owner, doc.id, [])).json().fields).toEqual([]);
    expect(await storedFor(doc.id)).toHaveLength(0);
  });

  it('refuses fields outside the page, of unknown signees, roles on a contract, beyond the PDF, too many', async () => {
    const { doc, signee } = await contractWithSignee(owner, 2);
    const other = await contractWithSignee(owner, 2);
    const cases: [unknown[], string][] = [
      [[field(signee.id, 1, { x: 0.9, width: 0.2 })], 'fields.0'],
      [[field(signee.id, 1, { y: -0.1 })], 'fields.0.y'],
      [[field(signee.id), field(other.signee.id)], 'fields.1.signeeId'],
      [[field(randomUUID())], 'fields.0.signeeId'],
      [[field({ role: 'Tenant' })], 'fields.0.role'],
      [[field(signee.id, 3)], 'fields.0.page'],
      [[{ ...field(signee.id), role: 'Tenant' }], 'fields.0'],
      [[field(signee.id, 1, { kind: 'stamp' as never })], 'fields.0.kind'],
      [Array.from({ length: 201 }, () => field(signee.id)), 'fields'],
    ];
    for (const [fields, key] of cases) {
      const res = await save(owner, doc.id, fields);
      expect(res.statusCode, `${key}: ${res.body}`).toBe(400);
      const error = errorOf(res);
      expect(error.code).toBe('VALIDATION_FAILED');
      expect(Object.keys(error.fields ?? {}), res.body).toContain(key);
    }
    // The same id twice in one body (an id another document has is fine: fields-keys.test.ts).
    const twice = field(signee.id);
    const dup = await save(owner, doc.id, [twice, { ...twice, page: 2 }]);
    expect(dup.statusCode).toBe(400);
    expect(errorOf(dup).fields).toHaveProperty(['fields.1.id']);
    expect(await storedFor(doc.id)).toHaveLength(0);
  });

  it('counts the pages again when the stored analysis of the PDF has none (stored before pages were counted)', async () => {
    const { doc, signee } = await contractWithSignee(owner, 2);
    const [row] = await t.database.db
      .select({ sha256: documents.pdfSha256 })
      .from(documents)
      .where(eq(documents.id, doc.id));
    const old = { hiddenLayers: 0, unreferencedStreams: 0, certification: null, signatures: 0 };
    await t.database.db
      .update(documents)
      .set({ pdfFindings: { ...old, sha256: row?.sha256 ?? '' } })
      .where(eq(documents.id, doc.id));
    expect((await save(owner, doc.id, [field(signee.id, 3)])).statusCode).toBe(400);
    expect((await save(owner, doc.id, [field(signee.id, 2)])).statusCode).toBe(200);
    const [after] = await t.database.db
      .select({ findings: documents.pdfFindings })
      .from(documents)
      .where(eq(documents.id, doc.id));
    expect(after?.findings).toEqual({ ...old, pages: 2, sha256: row?.sha256 });
  });

  it('answers 429 PDF_BUSY, not PDF_UNSIGNABLE, when the pages must be counted while the workers are full', async () => {
    const { doc, signee } = await contractWithSignee(owner, 2);
    // No stored analysis: the save must count the pages in a PDF worker.
    await t.database.db.update(documents).set({ pdfFindings: null }).where(eq(documents.id, doc.id));
    const pool = pdfWorkers(t.app.ctx.config.signing.pdf);
    let release = () => {};
    const gate = new Promise<never>((_, reject) => (release = () => reject(new Error('released'))));
    gate.catch(() => undefined);
    const [row] = await t.database.db
      .select({ organizationId: documents.organizationId })
      .from(documents)
      .where(eq(documents.id, doc.id));
    const held = Array.from({ length: t.app.ctx.config.signing.pdf.perOwner }, () =>
      pool.run('analyze', () => gate, row?.organizationId ?? '').catch(() => undefined),
    );
    try {
      const res = await save(owner, doc.id, [field(signee.id, 2)]);
      expect(res.statusCode, res.body).toBe(429);
      expect(errorOf(res).reason).toBe('PDF_BUSY');
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      release();
      await Promise.all(held);
    }
    expect((await save(owner, doc.id, [field(signee.id, 2)])).statusCode).toBe(200);
  });

  it('answers 403 without documents edit, 404 for another organization and for a member the roles hide', async () => {
    const { doc, signee } = await contractWithSignee(owner);
    const placed = [field(signee.id)];
    expect((await save(owner, doc.id, placed)).statusCode).toBe(200);

    const viewer = await t.member(owner, [P.DOCUMENTS_VIEW]);
    const seen = await list(viewer, doc.id);
    expect(seen.statusCode).toBe(200);
    // The same policy as save: a viewer is told they cannot change them.
    expect(seen.json().editable).toBe(false);
    const refused = await save(viewer, doc.id, []);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).code).toBe('FORBIDDEN');
    expect((await list(await t.member(owner, []), doc.id)).statusCode).toBe(403);

    const stranger = await t.organization(await t.signUp());
    for (const res of [await list(stranger, doc.id), await save(stranger, doc.id, [])]) {
      expect(res.statusCode).toBe(404);
      expect(errorOf(res).code).toBe('NOT_FOUND');
    }

    const [legal] = await t.database.db
      .insert(roles)
      .values({ organizationId: owner.personalOrganizationId, name: 'Legal', permissions: [] })
      .returning();
    const restricted = await t.json(owner, 'GET', `/api/privileges/document-role/${doc.id}/${legal?.id}`);
    expect(restricted.statusCode, restricted.body).toBe(200);
    const outsider = await t.member(owner, [P.DOCUMENTS_VIEW, P.DOCUMENTS_EDIT]);
    expect((await list(outsider, doc.id)).statusCode).toBe(404);
    expect((await save(outsider, doc.id, [])).statusCode).toBe(404);
    expect(await storedFor(doc.id)).toHaveLength(1);
  });

  it('answers 409 for folders, and NOT_EDITABLE once the document is out for signing', async () => {
    const folder = await t.create(owner, 'folder', 'Folder');
    const res = await list(owner, folder.id);
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).reason).toBe('IS_A_FOLDER');

    const { doc, signee } = await contractWithSignee(owner);
    expect((await save(owner, doc.id, [field(signee.id)])).statusCode).toBe(200);
    const sent = await t.json(owner, 'GET', `/api/signing/send/${doc.id}`);
    expect(sent.json().status, sent.body).toBe('OK');
    const locked = await save(owner, doc.id, []);
    expect(locked.statusCode).toBe(409);
    expect(errorOf(locked).reason).toBe('NOT_EDITABLE');
    const listed = (await list(owner, doc.id)).json();
    expect(listed.editable).toBe(false);
    expect(listed.fields).toHaveLength(1);
  });

  it('removes a signee’s fields with the signee', async () => {
    const { doc, signee } = await contractWithSignee(owner);
    const bea = await addSignee(owner, doc.id, 'Bea');
    expect((await save(owner, doc.id, [field(signee.id), field(bea.id, 2)])).statusCode).toBe(200);
    const removed = await t.json(owner, 'GET', `/api/signing/delete/signee/${bea.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    const left = (await list(owner, doc.id)).json().fields as PlacedField[];
    expect(left.map((f) => f.signeeId)).toEqual([signee.id]);
  });
});

describe('templates: roles and Use template', () => {
  it('carries role fields to the signees made for the roles, own signees’ fields to their copies', async () => {
    const id = await template(owner, 2);
    const landlord = await addSignee(owner, id, 'Lauri');
    const roleSet = await t.json(owner, 'PUT', `/api/documents/template-roles/${id}`, { roles: ['Tenant'] });
    expect(roleSet.statusCode, roleSet.body).toBe(200);
    const placed = [
      field({ role: 'tenant' }, 1, { kind: 'initials' }),
      field(landlord.id, 2, { kind: 'signature' }),
    ];
    const res = await save(owner, id, placed);
    expect(res.statusCode, res.body).toBe(200);
    // The role is stored with the template's own spelling.
    expect(res.json().fields.map((f: PlacedField) => f.role)).toEqual(['Tenant', null]);

    const tenant = uniqueEmail('tenant');
    const made = await t.json(owner, 'POST', `/api/documents/convert/${id}`, {
      name: 'Lease of flat 4',
      signees: [{ role: 'Tenant', email: tenant, givenName: 'Tiina', familyName: 'Test' }],
    });
    expect(made.statusCode, made.body).toBe(200);
    const contract = made.json().documentId as string;
    const signees = (await t.json(owner, 'GET', `/api/signing/signees/${contract}`)).json().signees as {
      id: string;
      email: string;
    }[];
    const idOf = (email: string) => signees.find((s) => s.email === email)?.id;
    const copied = (await list(owner, contract)).json().fields as PlacedField[];
    expect(copied.map(({ kind, page, signeeId, role }) => ({ kind, page, signeeId, role }))).toEqual([
      { kind: 'initials', page: 1, signeeId: idOf(tenant), role: null },
      { kind: 'signature', page: 2, signeeId: idOf(landlord.email), role: null },
    ]);
    expect(copied.every((f) => !placed.some((p) => p.id === f.id))).toBe(true);
    // The template keeps its own.
    expect((await list(owner, id)).json().fields).toHaveLength(2);
  });

  it('copies a folder’s templates with their signees’ fields; roles left unfilled there take none', async () => {
    const folder = await t.create(owner, 'folder', 'Leases');
    const id = await template(owner, 1, folder.id);
    const landlord = await addSignee(owner, id, 'Lauri');
    await t.json(owner, 'PUT', `/api/documents/template-roles/${id}`, { roles: ['Tenant'] });
    const res = await save(owner, id, [field(landlord.id, 1, { kind: 'date' }), field({ role: 'Tenant' })]);
    expect(res.statusCode, res.body).toBe(200);

    const made = await t.json(owner, 'POST', `/api/documents/convert/${folder.id}`, {
      name: 'Leases 2027',
      includeChildren: true,
    });
    expect(made.statusCode, made.body).toBe(200);
    const inside = (await t.json(owner, 'GET', `/api/documents/list/${made.json().documentId}`)).json()
      .documents as { id: string; type: string }[];
    expect(inside.map((d) => d.type)).toEqual(['contract']);
    const contract = inside[0]?.id ?? '';
    const signees = (await t.json(owner, 'GET', `/api/signing/signees/${contract}`)).json().signees as {
      id: string;
    }[];
    const copied = (await list(owner, contract)).json().fields as PlacedField[];
    expect(copied.map(({ kind, signeeId, role }) => ({ kind, signeeId, role }))).toEqual([
      { kind: 'date', signeeId: signees[0]?.id, role: null },
    ]);
  });

  it('drops the fields of a role the template no longer has, and keeps a role renamed only in case', async () => {
    const id = await template(owner, 1);
    expect(
      (await t.json(owner, 'PUT', `/api/documents/template-roles/${id}`, { roles: ['Tenant', 'Guarantor'] }))
        .statusCode,
    ).toBe(200);
    const res = await save(owner, id, [field({ role: 'Tenant' }), field({ role: 'Guarantor' })]);
    expect(res.statusCode, res.body).toBe(200);
    expect((await save(owner, id, [field({ role: 'Landlord' })])).statusCode).toBe(400);
    await t.json(owner, 'PUT', `/api/documents/template-roles/${id}`, { roles: ['TENANT'] });
    const left = (await list(owner, id)).json().fields as PlacedField[];
    expect(left.map((f) => f.role)).toEqual(['TENANT']);
  });
});

describe('send', () => {
  it('refuses FIELDS_OFF_PAGE when the PDF has fewer pages than the fields were placed on', async () => {
    const { doc, signee } = await contractWithSignee(owner, 3);
    expect((await save(owner, doc.id, [field(signee.id, 3)])).statusCode).toBe(200);
    // The document's PDF becomes a one-page file (as a new version would).
    const shorter = await storePdf(t.app.ctx.blobs, owner.personalOrganizationId, await makePdf(1));
    await t.database.db
      .update(documents)
      .set({ pdfKey: shorter.key, pdfSha256: shorter.sha256, pdfSize: shorter.size })
      .where(eq(documents.id, doc.id));
    const res = await t.json(owner, 'GET', `/api/signing/send/${doc.id}`);
    expect(res.statusCode, res.body).toBe(409);
    expect(errorOf(res).reason).toBe('FIELDS_OFF_PAGE');
    expect((await t.json(owner, 'GET', `/api/documents/info/${doc.id}`)).json().document.state).toBe(1);

    // Moved onto the page that is left, it is sent.
    expect((await save(owner, doc.id, [field(signee.id, 1)])).statusCode).toBe(200);
    const sent = await t.json(owner, 'GET', `/api/signing/send/${doc.id}`);
    expect(sent.json().status, sent.body).toBe('OK');
  });
});
