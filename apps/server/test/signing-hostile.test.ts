// Hostile PDFs sent for signing: each is refused at send with 409 and its reason, nothing is charged, and
// another organization's calls keep being answered while the worker deals with it (issue 10, items 1-2).
import { randomUUID } from 'node:crypto';
import { DOCUMENT_STATE } from '@sinetti/contract';
import { and, eq } from 'drizzle-orm';
import { signingEvents } from '../src/db/schema/index.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfWorkers } from '../src/services/pdf/index.ts';
import { ledgerSum, topUp } from './billing-helper.ts';
import { uniqueEmail, type TestUser } from './helper.ts';
import { makePdf } from './pdf-fixtures.ts';
import * as hostile from './pdf-hostile.ts';
import { buildSigningApp, type SigningTestApp } from './signing-helper.ts';

let t: SigningTestApp;
let owner: TestUser;
let neighbour: TestUser;
beforeAll(async () => {
  t = await buildSigningApp();
  owner = await t.organization(await t.signUp({ name: 'Hostile Sender' }));
  await t.fund(owner, 20);
  neighbour = await t.organization(await t.signUp({ name: 'Quiet Neighbour' }));
  await t.contract(neighbour, 'Neighbour contract');
});
afterAll(async () => t.close());

const balance = () => ledgerSum(t, owner.personalOrganizationId);

async function contractFrom(bytes: Uint8Array): Promise<string> {
  const name = `Hostile ${randomUUID().slice(0, 8)}`;
  const res = await t.upload(owner, {
    type: 'contract',
    fileName: `${name}.pdf`,
    content: Buffer.from(bytes),
    name,
  });
  expect(res.statusCode, res.body).toBe(200);
  const id = res.json().document.id as string;
  await t.addSignee(owner, id, { givenName: 'Sig', familyName: 'Nee', email: uniqueEmail('h') });
  return id;
}

describe('sending a hostile PDF for signing', () => {
  const cases: [string, () => Uint8Array | Promise<Uint8Array>, string][] = [
    ['a cross-reference stream with a huge /Size', hostile.hugeSizePdf, 'PDF_TOO_COMPLEX'],
    ['an object stream that inflates to 1 GiB', () => hostile.objectStreamBombPdf(), 'PDF_TOO_COMPLEX'],
    ['arrays nested 200,000 deep', () => hostile.deepNestingPdf(), 'PDF_TOO_COMPLEX'],
    ['object streams that contain each other', hostile.objectStreamLoopPdf, 'PDF_DAMAGED'],
    [
      'a truncated cross-reference table (until the sender accepts a rewrite)',
      hostile.truncatedXrefPdf,
      'PDF_REWRITE_NEEDED',
    ],
    ['a form whose /Fields is no array', hostile.nonArrayFieldsPdf, 'PDF_UNSIGNABLE'],
    [
      'a PDF that needs a password to open',
      () => hostile.encryptedPdf('aes-256', 'salasana'),
      'PDF_ENCRYPTED',
    ],
    [
      'a PDF encrypted with permissions only (until the sender accepts a rewrite)',
      () => hostile.encryptedPdf('aes-128'),
      'PDF_REWRITE_NEEDED',
    ],
  ];
  for (const [what, build, reason] of cases) {
    it(`refuses ${what} with 409 ${reason}, charges nothing, and others are still served`, async () => {
      const id = await contractFrom(await build());
      const before = await balance();
      const [res, list] = await Promise.all([
        t.json(owner, 'GET', `/api/signing/send/${id}`),
        t.json(neighbour, 'GET', '/api/documents/list'),
      ]);
      expect(list.statusCode).toBe(200);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toMatchObject({ status: 'ERROR', code: 'CONFLICT', reason });
      expect(await balance()).toBe(before);
      const info = await t.json(owner, 'GET', `/api/documents/info/${id}`);
      expect(info.json().document.state).toBe(DOCUMENT_STATE.Draft);
    });
  }
});

describe('a PDF that cannot be kept byte for byte', () => {
  it('is sent only once the sender accepts that it is rewritten, and the sent event records it', async () => {
    const id = await contractFrom(hostile.truncatedXrefPdf());
    const before = await balance();
    const refused = await t.json(owner, 'GET', `/api/signing/send/${id}?acceptRewrite=false`);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'CONFLICT', reason: 'PDF_REWRITE_NEEDED' });
    expect(await balance()).toBe(before);
    const sent = await t.json(owner, 'GET', `/api/signing/send/${id}?acceptRewrite=true`);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().document.state).toBe(DOCUMENT_STATE.Signing);
    expect(await balance()).toBeLessThan(before);
    const [event] = await t.database.db
      .select({ data: signingEvents.data })
      .from(signingEvents)
      .where(and(eq(signingEvents.documentId, id), eq(signingEvents.type, 'sent')));
    expect(event?.data.keptIntact).toBe(false);
  });

  it('a PDF whose structure reads is sent without asking, even with a first page the seal could not take', async () => {
    // The seal's widget goes on the signature page, so the rendition's own pages are never changed.
    for (const pdf of [await makePdf(1), await hostile.nonArrayAnnotsPdf()]) {
      const id = await contractFrom(pdf);
      const sent = await t.json(owner, 'GET', `/api/signing/send/${id}`);
      expect(sent.statusCode, sent.body).toBe(200);
    }
  });
});

describe('the billing lock while preparing', () => {
  it('is not held while the PDF is prepared: a top-up of the same organization goes through meanwhile', async () => {
    const id = await contractFrom(await makePdf(1));
    const pool = pdfWorkers(t.app.ctx.config.signing.pdf);
    let toppedUp = 0;
    pool.beforeRun = async (task) => {
      if (task !== 'prepare') return;
      pool.beforeRun = null;
      const res = await topUp(t, owner, owner.personalOrganizationId, 20);
      toppedUp = res.statusCode;
    };
    try {
      const res = await t.json(owner, 'GET', `/api/signing/send/${id}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(toppedUp).toBe(200);
    } finally {
      pool.beforeRun = null;
    }
  });
});
