// Hostile PDFs sent for signing: each is refused at send with 409 and its reason, nothing is charged, and
// another organization's calls keep being answered while the worker deals with it (issue 10, items 1-2).
import { randomUUID } from 'node:crypto';
import { DOCUMENT_STATE } from '@sinetti/contract';
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
}, 120_000);
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
    ['a truncated cross-reference table', hostile.truncatedXrefPdf, 'PDF_DAMAGED'],
    ['a form whose /Fields is no array', hostile.nonArrayFieldsPdf, 'PDF_UNSIGNABLE'],
    ['a first page whose /Annots is no array', hostile.nonArrayAnnotsPdf, 'PDF_UNSIGNABLE'],
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
    }, 120_000);
  }
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
  }, 120_000);
});
