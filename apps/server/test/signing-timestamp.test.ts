// A time-stamping authority that fails while a signee signs (issue 11 item 1): a clear 503 with its reason,
// nothing stored, nothing charged again, and the session still open for another try.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signees, signingProcesses } from '../src/db/schema/index.ts';
import { ledgerSum } from './billing-helper.ts';
import { uniqueEmail, type TestUser } from './helper.ts';
import { startTsa } from './pdf-fixtures.ts';
import { buildSigningApp, pngDataUrl, type SigningTestApp } from './signing-helper.ts';

let t: SigningTestApp;
let owner: TestUser;
let tsa: Awaited<ReturnType<typeof startTsa>>;
beforeAll(async () => {
  tsa = await startTsa({ failWith: 502 });
  t = await buildSigningApp({ SIGNING_TSA_URL: tsa.url, SIGNING_TSA_TIMEOUT_SECONDS: '2' });
  owner = await t.organization(await t.signUp({ name: 'Stamp Sender' }));
  await t.fund(owner, 20);
});
afterAll(async () => {
  await t?.close();
  await tsa?.close();
});

describe('a failing time-stamping authority', () => {
  it('answers the signee 503 TIMESTAMP_UNAVAILABLE and leaves the round as it was', async () => {
    const email = uniqueEmail('ts');
    const doc = await t.contract(owner, `Stamp ${randomUUID().slice(0, 8)}`, 1);
    await t.addSignee(owner, doc.id, { givenName: 'Tiina', familyName: 'Leima', email });
    expect((await t.json(owner, 'GET', `/api/signing/send/${doc.id}`)).json().status).toBe('OK');
    const charged = await ledgerSum(t, owner.personalOrganizationId);
    const session = await t.startSession(await t.linkOf(email));
    await t.confirmCode(session, email);
    const [before] = await t.database.db
      .select()
      .from(signingProcesses)
      .where(eq(signingProcesses.documentId, doc.id));

    const requests = tsa.requests();
    const res = await t.pub('POST', `/api/signing/session/${session}/sign`, {
      signature: { kind: 'drawn', image: pngDataUrl() },
      intent: true,
    });
    expect(res.statusCode, res.body).toBe(503);
    expect(res.json()).toMatchObject({
      status: 'ERROR',
      code: 'UNAVAILABLE',
      reason: 'TIMESTAMP_UNAVAILABLE',
      details: { retryAfterSeconds: 5 },
    });
    expect(res.headers['retry-after']).toBe('5');
    expect(tsa.requests()).toBeGreaterThan(requests);

    const [after] = await t.database.db
      .select()
      .from(signingProcesses)
      .where(eq(signingProcesses.documentId, doc.id));
    expect(after).toMatchObject({ state: 'signing', currentKey: before!.currentKey });
    const [signee] = await t.database.db.select().from(signees).where(eq(signees.email, email));
    expect(signee!.status).not.toBe('signed');
    expect(await ledgerSum(t, owner.personalOrganizationId)).toBe(charged);
    const view = await t.pub('GET', `/api/signing/session/${session}`);
    expect(view.statusCode).toBe(200);
    expect(view.json()).toMatchObject({ status: 'OK', signed: false });
  });
});
