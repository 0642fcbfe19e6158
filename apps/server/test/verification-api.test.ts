import { readdir } from 'node:fs/promises';
import { PDFDocument } from '@cantoo/pdf-lib';
import { verificationReport } from '@sinetti/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VERIFY_LIMIT } from '../src/routes/verification/index.ts';
import { errorOf, uniqueEmail, type TestUser } from './helper.ts';
import { makePdf } from './pdf-fixtures.ts';
import { buildSigningApp, type SigningTestApp } from './signing-helper.ts';

let t: SigningTestApp;
let owner: TestUser;
let docId: string;
let signed: Buffer;
const anna = uniqueEmail('anna');
const pdfOf = (source: string) => Buffer.from(source.replace(/^data:application\/pdf;base64,/, ''), 'base64');

async function filesIn(dir: string): Promise<number> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).length;
}

beforeAll(async () => {
  t = await buildSigningApp({ UPLOAD_MAX_BYTES: String(2 * 1024 * 1024) });
  owner = await t.organization(await t.signUp({ name: 'Veera Verify' }));
  await t.fund(owner, 10);
  docId = (await t.contract(owner, 'Verified agreement', 2)).id;
  await t.addSignee(owner, docId, { givenName: 'Anna', familyName: 'Äijälä', email: anna });
  expect((await t.json(owner, 'GET', `/api/signing/send/${docId}`)).json().status).toBe('OK');
  const session = await t.startSession(await t.linkOf(anna), 'fi');
  await t.confirmCode(session, anna);
  const res = await t.pub('POST', `/api/signing/session/${session}/sign`, {
    signature: { kind: 'typed', text: 'Anna Äijälä' },
    intent: true,
  });
  expect(res.statusCode, res.body).toBe(200);
  await t.mails(anna); // runs the seal job
  signed = pdfOf((await t.json(owner, 'GET', `/api/signing/signed/${docId}`)).json().source);
});
afterAll(async () => t.close());

// Each call from its own address unless the test is about the rate limit.
let address = 0;
const post = (body: Buffer | string, type = 'application/pdf', ip = `10.0.0.${++address}`) =>
  t.app.inject({
    method: 'POST',
    url: '/api/verify',
    headers: { 'content-type': type },
    payload: body,
    remoteAddress: ip,
  });

describe('POST /api/verify (public)', () => {
  it('checks a signed document without a session: every signature valid, trusted and time-stamped', async () => {
    const res = await post(signed);
    expect(res.statusCode, res.body).toBe(200);
    const { report } = res.json();
    expect(verificationReport.parse(report)).toBeTruthy();
    expect(report.verdict).toBe('valid');
    // Anna, the platform seal, then the document time-stamp over the whole file (B-LTA).
    expect(report.signatures.map((s: { kind: string }) => s.kind)).toEqual([
      'signature',
      'signature',
      'document-timestamp',
    ]);
    for (const s of report.signatures) {
      expect(s).toMatchObject({ status: 'valid', intact: 'ok', signatureValid: 'ok' });
      expect(s.chain.trusted).toBe(true);
      if (s.kind === 'signature') expect(s.timestamp.valid).toBe(true);
    }
    expect(report.signatures[0].signer.email).toBe(anna);
  });

  it('reads application/octet-stream too, and names what a tampered copy changed', async () => {
    const doc = await PDFDocument.load(signed, { forIncrementalUpdate: true });
    doc.addPage([595, 842]);
    const res = await post(Buffer.from(await doc.commit()), 'application/octet-stream');
    expect(res.statusCode, res.body).toBe(200);
    const { report } = res.json();
    expect(report.verdict).toBe('invalid');
    expect(report.signatures.at(-1).changes.pagesAdded).toEqual([report.pages]);
  });

  it('stores nothing', async () => {
    const store = t.config.blobStore;
    expect(store.kind).toBe('fs');
    const dir = store.kind === 'fs' ? store.dir : '';
    expect(await filesIn(dir)).toBeGreaterThan(0);
    const before = await filesIn(dir);
    expect((await post(signed)).statusCode).toBe(200);
    expect(await filesIn(dir)).toBe(before);
  });

  it('answers 4xx with reasons: not a PDF, encrypted, damaged, too large, empty', async () => {
    const notPdf = await post('just some text');
    expect(notPdf.statusCode).toBe(415);
    expect(errorOf(notPdf).reason).toBe('VERIFY_NOT_A_PDF');

    const enc = await PDFDocument.load(await makePdf(1));
    enc.encrypt({ userPassword: 'salasana', ownerPassword: 'omistaja' });
    const encrypted = await post(Buffer.from(await enc.save()));
    expect(encrypted.statusCode).toBe(409);
    expect(errorOf(encrypted).reason).toBe('VERIFY_ENCRYPTED');

    const damaged = await post(signed.subarray(0, 3000));
    expect(errorOf(damaged)).toMatchObject({ code: 'CONFLICT', reason: 'VERIFY_DAMAGED' });

    const large = await post(Buffer.concat([signed, Buffer.alloc(2 * 1024 * 1024)]));
    expect(large.statusCode).toBe(413);
    expect(errorOf(large).reason).toBe('VERIFY_TOO_LARGE');

    const empty = await post(Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);

    const unsigned = await post(Buffer.from(await makePdf(1)));
    expect(unsigned.json().report.verdict).toBe('unsigned');
  });

  it('is rate-limited per address', async () => {
    const codes: number[] = [];
    for (let i = 0; i <= VERIFY_LIMIT.max; i++)
      codes.push((await post('x', 'application/pdf', '10.9.9.9')).statusCode);
    expect(codes.slice(0, VERIFY_LIMIT.max).every((c) => c === 415)).toBe(true);
    expect(codes.at(-1)).toBe(429);
    expect((await post('x', 'application/pdf', '10.9.9.10')).statusCode).toBe(415);
  });
});

describe('GET /api/signing/verification/:docId (members)', () => {
  it("gives the same report for the document's sealed PDF", async () => {
    const res = await t.json(owner, 'GET', `/api/signing/verification/${docId}`);
    expect(res.statusCode, res.body).toBe(200);
    const { report } = res.json();
    expect(report.verdict).toBe('valid');
    expect(report.sha256).toBe(
      (await import('node:crypto')).createHash('sha256').update(signed).digest('hex'),
    );
  });

  it('is 409 before the document is signed and 404 for a stranger', async () => {
    const draft = await t.contract(owner, 'Not yet', 1);
    expect((await t.json(owner, 'GET', `/api/signing/verification/${draft.id}`)).statusCode).toBe(409);
    const stranger = await t.organization(await t.signUp({ name: 'Sami Stranger' }));
    expect((await t.json(stranger, 'GET', `/api/signing/verification/${docId}`)).statusCode).toBe(404);
  });
});
