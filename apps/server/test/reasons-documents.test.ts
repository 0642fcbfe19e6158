import { randomUUID } from 'node:crypto';
import { P } from '@sinetti/contract';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MAX_COPY } from '../src/commands/documents/convert-template.ts';
import { documents, roleAssignments, roles, signaturePrices } from '../src/db/schema/index.ts';
import { pdfWorkers } from '../src/services/pdf/index.ts';
import { errorOf, uniqueEmail, type TestUser } from './helper.ts';
import { makeDocx } from './fixtures/office.ts';
import { buildSigningApp, type SigningTestApp } from './signing-helper.ts';

/**
 * Reasons of documents that no server test asserted (issue #31 item 15), among them those given to the
 * CONFLICTs that had none: each by a real request that meets its rule, asserting status, code and reason.
 */
let t: SigningTestApp;
let owner: TestUser;
beforeAll(async () => {
  t = await buildSigningApp();
  owner = await t.organization(await t.signUp({ name: 'Dora Documents' }));
  await t.fund(owner, 50);
});
afterAll(async () => t.close());
beforeEach(() => t.clock.advance(61 * 60_000));

function expectReason(res: LightMyRequestResponse, status: number, code: string, reason: string): void {
  expect(res.statusCode, res.body).toBe(status);
  expect(errorOf(res)).toMatchObject({ code, reason });
}
const post = (url: string, body: unknown, user = owner) => t.json(user, 'POST', url, body);
const get = (url: string, user = owner) => t.json(user, 'GET', url);

/** A contract out for signing to one signee. */
async function signingContract(): Promise<string> {
  const doc = await t.contract(owner, `Out ${randomUUID().slice(0, 6)}`);
  expect((await t.addSignee(owner, doc.id, { email: uniqueEmail('s') })).statusCode).toBe(200);
  expect((await get(`/api/signing/send/${doc.id}`)).json().status).toBe('OK');
  return doc.id;
}

describe('folders are not documents (IS_A_FOLDER)', () => {
  it('are not archived, restored, previewed or shared', async () => {
    const folder = await t.create(owner, 'folder', 'Just a folder');
    expectReason(
      await post('/api/documents/archive', { documentId: folder.id }),
      409,
      'CONFLICT',
      'IS_A_FOLDER',
    );
    expectReason(
      await post('/api/documents/restore', { documentId: folder.id }),
      409,
      'CONFLICT',
      'IS_A_FOLDER',
    );
    expectReason(await get(`/api/documents/content/${folder.id}`), 409, 'CONFLICT', 'IS_A_FOLDER');
    expectReason(
      await post(`/api/documents/shares/${folder.id}`, { expires: null, allowDownload: false }),
      409,
      'CONFLICT',
      'IS_A_FOLDER',
    );
  });
});

describe('archive and restore', () => {
  it('refuse an archived document twice (ALREADY_ARCHIVED) and restore only an archived one (NOT_ARCHIVED)', async () => {
    const doc = await t.create(owner, 'contract', 'Archivable');
    expectReason(
      await post('/api/documents/restore', { documentId: doc.id }),
      409,
      'CONFLICT',
      'NOT_ARCHIVED',
    );
    expect((await post('/api/documents/archive', { documentId: doc.id })).statusCode).toBe(200);
    expectReason(
      await post('/api/documents/archive', { documentId: doc.id }),
      409,
      'CONFLICT',
      'ALREADY_ARCHIVED',
    );
  });

  it('refuse a document out for signing, as delete does (SIGNING_IN_PROGRESS)', async () => {
    const id = await signingContract();
    expectReason(
      await post('/api/documents/archive', { documentId: id }),
      409,
      'CONFLICT',
      'SIGNING_IN_PROGRESS',
    );
    for (const url of ['/api/documents/delete', '/api/documents/delete/permanently']) {
      expectReason(await post(url, { documentId: id }), 409, 'CONFLICT', 'SIGNING_IN_PROGRESS');
    }
  });
});

describe('delete', () => {
  it('refuses a folder holding documents the caller does not see (FOLDER_HOLDS_UNSEEN)', async () => {
    const colleague = await t.member(owner, [P.DOCUMENTS_VIEW, P.DOCUMENTS_EDIT, P.DOCUMENTS_DELETE]);
    const [legal] = await t.database.db
      .insert(roles)
      .values({ organizationId: owner.personalOrganizationId, name: 'Legal only', permissions: [] })
      .returning();
    const parent = await t.create(owner, 'folder', 'Mixed');
    const hidden = await t.create(owner, 'contract', 'Hidden', parent.id);
    expect((await get(`/api/privileges/document-role/${hidden.id}/${legal!.id}`)).statusCode).toBe(200);
    expectReason(
      await post('/api/documents/delete', { documentId: parent.id }, colleague),
      409,
      'CONFLICT',
      'FOLDER_HOLDS_UNSEEN',
    );
    // Given the role, the colleague sees everything in it and may delete it.
    await t.database.db.insert(roleAssignments).values({
      roleId: legal!.id,
      accountId: colleague.accountId,
      organizationId: owner.personalOrganizationId,
    });
    expect((await post('/api/documents/delete', { documentId: parent.id }, colleague)).statusCode).toBe(200);
  });
});

describe('convert', () => {
  it('makes documents only of a template or a folder (NOT_CONVERTIBLE, 400)', async () => {
    const contract = await t.create(owner, 'contract', 'Not a template');
    expectReason(
      await post(`/api/documents/convert/${contract.id}`, { name: 'Copy' }),
      400,
      'VALIDATION_FAILED',
      'NOT_CONVERTIBLE',
    );
  });

  it(`copies at most ${MAX_COPY} documents at once (COPY_TOO_LARGE)`, async () => {
    const folder = await t.create(owner, 'folder', 'Huge kit');
    await t.database.db.insert(documents).values(
      Array.from({ length: MAX_COPY }, (_, i) => ({
        organizationId: owner.personalOrganizationId,
        parentId: folder.id,
        ownerAccountId: owner.accountId,
        name: `Template ${i}`,
        type: 'template' as const,
        platform: 'google' as const,
      })),
    );
    expectReason(
      await post(`/api/documents/convert/${folder.id}`, { name: 'Copy', includeChildren: true }),
      409,
      'CONFLICT',
      'COPY_TOO_LARGE',
    );
    // The folder itself and one document fewer is within the limit.
    const [one] = await t.database.db
      .select({ id: documents.id })
      .from(documents)
      .where(eq(documents.parentId, folder.id))
      .limit(1);
    await t.database.db.delete(documents).where(eq(documents.id, one!.id));
    expect(
      (await post(`/api/documents/convert/${folder.id}`, { name: 'Copy', includeChildren: true })).statusCode,
    ).toBe(200);
  }, 120_000);
});

describe('versions', () => {
  it('answer VERSION_PDF_MISSING and VERSION_TEXT_MISSING until the conversion has run', async () => {
    const res = await t.upload(owner, {
      type: 'contract',
      fileName: 'Fresh.docx',
      content: makeDocx('<w:p><w:r><w:t>Fresh from the editor.</w:t></w:r></w:p>'),
      name: 'Fresh',
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().document.id as string;
    // No job has run: the version has neither its PDF nor its text yet.
    expectReason(await get(`/api/documents/version-content/${id}/1`), 409, 'CONFLICT', 'VERSION_PDF_MISSING');
    expectReason(
      await get(`/api/documents/version-compare/${id}?from=1&to=1`),
      409,
      'CONFLICT',
      'VERSION_TEXT_MISSING',
    );
    await t.app.jobs.drain();
    expect((await get(`/api/documents/version-content/${id}/1`)).statusCode).toBe(200);
    expect((await get(`/api/documents/version-compare/${id}?from=1&to=1`)).statusCode).toBe(200);
  });
});

describe('sending', () => {
  it('answers 429 PDF_BUSY with Retry-After while the organization has its most PDF operations under way', async () => {
    const doc = await t.contract(owner, 'Busy send');
    expect((await t.addSignee(owner, doc.id, { email: uniqueEmail('busy') })).statusCode).toBe(200);
    const pool = pdfWorkers(t.app.ctx.config.signing.pdf);
    // Other PDF work of the organization holds every one of its places (running ones still read their
    // input, the others wait for a worker); released, each fails at once without touching a worker.
    let release = () => {};
    const gate = new Promise<never>((_, reject) => (release = () => reject(new Error('released'))));
    gate.catch(() => undefined);
    const held = Array.from({ length: t.app.ctx.config.signing.pdf.perOwner }, () =>
      pool.run('analyze', () => gate, owner.personalOrganizationId).catch(() => undefined),
    );
    try {
      const res = await get(`/api/signing/send/${doc.id}`);
      expectReason(res, 429, 'RATE_LIMITED', 'PDF_BUSY');
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(errorOf(res).details?.retryAfterSeconds).toBe(Number(res.headers['retry-after']));
    } finally {
      release();
      await Promise.all(held);
    }
    expect((await get(`/api/signing/send/${doc.id}`)).json().status).toBe('OK');
  });

  it("answers LEVEL_NOT_IN_PLAN when the organization's plan has no price for a signee's level", async () => {
    const doc = await t.contract(owner, 'Unpriced');
    expect((await t.addSignee(owner, doc.id, { email: uniqueEmail('unpriced') })).statusCode).toBe(200);
    const plan = (await get('/api/plan/plan')).json().plan.name as string;
    const where = and(eq(signaturePrices.plan, plan as never), eq(signaturePrices.level, 'simple'));
    const [price] = await t.database.db.select().from(signaturePrices).where(where);
    await t.database.db.delete(signaturePrices).where(where);
    try {
      expectReason(await get(`/api/signing/send/${doc.id}`), 409, 'CONFLICT', 'LEVEL_NOT_IN_PLAN');
    } finally {
      await t.database.db.insert(signaturePrices).values(price!);
    }
    expect((await get(`/api/signing/send/${doc.id}`)).json().status).toBe('OK');
  });
});
