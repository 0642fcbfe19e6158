// What the send dialog warns about before sending (issue #30 item 4): hidden optional content and
// unreferenced content streams (shadow-attack material inside the signed bytes), a certified (DocMDP)
// upload, signatures already in the file. Analysed in a PDF worker at upload, stored with the PDF's hash,
// shown in the quote; a certified upload is refused at send with 409 PDF_CERTIFIED.
import { randomUUID } from 'node:crypto';
import { DOCUMENT_STATE } from '@sinetti/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents, signingEvents } from '../src/db/schema/index.ts';
import { analyzePdf } from '../src/services/pdf/findings.ts';
import { DEFAULT_PDF_LIMITS } from '../src/services/pdf/syntax/limits.ts';
import { ledgerSum } from './billing-helper.ts';
import { uniqueEmail, type TestUser } from './helper.ts';
import { makePdf } from './pdf-fixtures.ts';
import { certifiedPdf, hiddenLayerPdf, unreferencedStreamPdf } from './pdf-findings-fixtures.ts';
import { buildSigningApp, type SigningTestApp } from './signing-helper.ts';

const NOTHING = { hiddenLayers: 0, unreferencedStreams: 0, certification: null, signatures: 0 };
/** The findings of the analysis (its page count is checked on its own below). */
const analyze = (pdf: Uint8Array) => {
  const { pages: _pages, ...findings } = analyzePdf(pdf, DEFAULT_PDF_LIMITS);
  return findings;
};

describe('the analysis of a PDF', () => {
  it('finds nothing in an ordinary PDF, with or without object streams', async () => {
    expect(analyze(await makePdf(2))).toEqual(NOTHING);
    expect(analyze(await makePdf(2, { objectStreams: true }))).toEqual(NOTHING);
  });

  it('counts optional content hidden by default, listed in /OFF or left off by /BaseState /OFF', () => {
    expect(analyze(hiddenLayerPdf())).toEqual({ ...NOTHING, hiddenLayers: 1 });
    expect(analyze(hiddenLayerPdf({ baseStateOff: true }))).toEqual({ ...NOTHING, hiddenLayers: 1 });
  });

  it('counts content streams and forms that nothing refers to', () => {
    expect(analyze(unreferencedStreamPdf())).toEqual({ ...NOTHING, unreferencedStreams: 2 });
  });

  it('reads the DocMDP permission of a certification (2 when absent) and counts signed fields', () => {
    for (const p of [1, 2, 3] as const) {
      expect(analyze(certifiedPdf(p))).toEqual({ ...NOTHING, certification: p, signatures: 1 });
    }
    expect(analyze(certifiedPdf(null)).certification).toBe(2);
  });

  it('counts the pages (what fields placed on them are checked against, issue #33)', async () => {
    expect(analyzePdf(await makePdf(3), DEFAULT_PDF_LIMITS).pages).toBe(3);
    expect(analyzePdf(await makePdf(2, { objectStreams: true }), DEFAULT_PDF_LIMITS).pages).toBe(2);
    expect(analyzePdf(hiddenLayerPdf(), DEFAULT_PDF_LIMITS).pages).toBe(1);
  });
});

let t: SigningTestApp;
let owner: TestUser;
let other: TestUser;
beforeAll(async () => {
  t = await buildSigningApp();
  owner = await t.organization(await t.signUp({ name: 'Careful Sender' }));
  other = await t.organization(await t.signUp({ name: 'Other Sender' }));
  await t.fund(owner, 20);
});
afterAll(async () => t.close());

async function contractFrom(bytes: Uint8Array): Promise<string> {
  const name = `Findings ${randomUUID().slice(0, 8)}`;
  const res = await t.upload(owner, {
    type: 'contract',
    fileName: `${name}.pdf`,
    content: Buffer.from(bytes),
    name,
  });
  expect(res.statusCode, res.body).toBe(200);
  const id = res.json().document.id as string;
  await t.addSignee(owner, id, { givenName: 'Sig', familyName: 'Nee', email: uniqueEmail('f') });
  // The upload's jobs (text, analysis) run.
  await t.app.jobs.drain();
  return id;
}

const stored = async (id: string) =>
  (
    await t.database.db
      .select({ findings: documents.pdfFindings, sha256: documents.pdfSha256 })
      .from(documents)
      .where(eq(documents.id, id))
  )[0];

const quoteOf = async (user: TestUser, id: string) => t.json(user, 'GET', `/api/signing/quote/${id}`);

describe('the send dialog data', () => {
  it('stores the findings of an upload with its hash and shows them in the quote; sending still works', async () => {
    const id = await contractFrom(hiddenLayerPdf());
    const row = await stored(id);
    expect(row?.findings).toEqual({ ...NOTHING, hiddenLayers: 1, pages: 1, sha256: row?.sha256 });
    const quote = await quoteOf(owner, id);
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json().quote.pdfFindings).toEqual({ ...NOTHING, hiddenLayers: 1 });
    const sent = await t.json(owner, 'GET', `/api/signing/send/${id}`);
    expect(sent.statusCode, sent.body).toBe(200);
    const [event] = await t.database.db
      .select({ data: signingEvents.data })
      .from(signingEvents)
      .where(and(eq(signingEvents.documentId, id), eq(signingEvents.type, 'sent')));
    expect(event?.data.findings).toEqual({ ...NOTHING, hiddenLayers: 1 });
  });

  it('shows unreferenced content streams, and an ordinary PDF has no findings', async () => {
    const shadow = await contractFrom(unreferencedStreamPdf());
    expect((await quoteOf(owner, shadow)).json().quote.pdfFindings).toEqual({
      ...NOTHING,
      unreferencedStreams: 2,
    });
    const plain = await contractFrom(await makePdf(1));
    expect((await quoteOf(owner, plain)).json().quote.pdfFindings).toEqual(NOTHING);
  });

  it('analyses a PDF that has no findings for its current file (older rows, restored versions) on first use', async () => {
    const id = await contractFrom(unreferencedStreamPdf());
    await t.database.db.update(documents).set({ pdfFindings: null }).where(eq(documents.id, id));
    const quote = await quoteOf(owner, id);
    expect(quote.json().quote.pdfFindings).toEqual({ ...NOTHING, unreferencedStreams: 2 });
    const row = await stored(id);
    expect(row?.findings?.sha256).toBe(row?.sha256);
    // Findings of another file are stale: they are not shown, the current file is analysed again.
    await t.database.db
      .update(documents)
      .set({ pdfFindings: { ...NOTHING, hiddenLayers: 9, sha256: 'f'.repeat(64) } })
      .where(eq(documents.id, id));
    expect((await quoteOf(owner, id)).json().quote.pdfFindings).toEqual({
      ...NOTHING,
      unreferencedStreams: 2,
    });
  });

  it("another organization's document stays 404", async () => {
    const id = await contractFrom(hiddenLayerPdf());
    const res = await quoteOf(other, id);
    expect(res.statusCode).toBe(404);
  });
});

describe('a certified upload', () => {
  for (const p of [1, 2] as const) {
    it(`(DocMDP P ${p}) is shown in the quote and refused at send with 409 PDF_CERTIFIED, charging nothing`, async () => {
      const id = await contractFrom(certifiedPdf(p));
      expect((await quoteOf(owner, id)).json().quote.pdfFindings).toEqual({
        ...NOTHING,
        certification: p,
        signatures: 1,
      });
      const before = await ledgerSum(t, owner.personalOrganizationId);
      const res = await t.json(owner, 'GET', `/api/signing/send/${id}?acceptRewrite=true`);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toMatchObject({
        status: 'ERROR',
        code: 'CONFLICT',
        reason: 'PDF_CERTIFIED',
        details: { permission: p },
      });
      expect(await ledgerSum(t, owner.personalOrganizationId)).toBe(before);
      const info = await t.json(owner, 'GET', `/api/documents/info/${id}`);
      expect(info.json().document.state).toBe(DOCUMENT_STATE.Draft);
    });
  }
});
