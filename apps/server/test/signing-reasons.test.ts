import { randomUUID } from 'node:crypto';
import { SIGNEES_MAX, SIGNING_CODE_MAX_SENDS } from '@sinetti/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { errorOf, uniqueEmail, type TestUser } from './helper.ts';
import { buildSigningApp, codeIn, pngDataUrl, type SigningTestApp } from './signing-helper.ts';

/**
 * Rules of the signing round whose reasons no other test asserted (issue #31 item 15): each case fails if
 * its rule is taken out of the server.
 */
let t: SigningTestApp;
let owner: TestUser;
beforeAll(async () => {
  t = await buildSigningApp();
  owner = await t.organization(await t.signUp({ name: 'Rita Rules' }));
  await t.fund(owner, 50);
});
afterAll(async () => t.close());
// Each case starts past the hourly mail and per-minute call limits the earlier ones used up.
beforeEach(() => t.clock.advance(61 * 60_000));

const MINUTE = 60_000;
const askCode = (token: string) => t.pub('POST', `/api/signing/session/${token}/code`);
const sign = (token: string) =>
  t.pub('POST', `/api/signing/session/${token}/sign`, {
    signature: { kind: 'drawn', image: pngDataUrl(40) },
    intent: true,
  });
const send = (docId: string) => t.json(owner, 'GET', `/api/signing/send/${docId}`);

async function sent(count: number): Promise<{ emails: string[]; links: string[]; docId: string }> {
  const doc = await t.contract(owner, `Rules ${randomUUID().slice(0, 6)}`);
  const emails = Array.from({ length: count }, (_, i) => uniqueEmail(`r${i}`));
  for (const email of emails) await t.addSignee(owner, doc.id, { email });
  expect((await send(doc.id)).json().status).toBe('OK');
  const links = [];
  for (const email of emails) links.push(await t.linkOf(email));
  return { emails, links, docId: doc.id };
}

describe('the e-mailed code', () => {
  it(`is sent at most ${SIGNING_CODE_MAX_SENDS} times in one session (CODE_SENDS_EXHAUSTED, 429)`, async () => {
    const { links } = await sent(1);
    const token = await t.startSession(links[0]!);
    for (let i = 0; i < SIGNING_CODE_MAX_SENDS; i++) {
      expect((await askCode(token)).statusCode, `code ${i + 1}`).toBe(200);
      t.clock.advance(MINUTE + 1000);
    }
    const refused = await askCode(token);
    expect(refused.statusCode).toBe(429);
    expect(errorOf(refused).reason).toBe('CODE_SENDS_EXHAUSTED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(errorOf(refused).details?.retryAfterSeconds).toBe(Number(refused.headers['retry-after']));
  });

  it('is not sent again once confirmed (CODE_ALREADY_CONFIRMED)', async () => {
    const { links, emails } = await sent(1);
    const token = await t.startSession(links[0]!);
    await t.confirmCode(token, emails[0]!);
    t.clock.advance(MINUTE + 1000);
    const again = await askCode(token);
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).reason).toBe('CODE_ALREADY_CONFIRMED');
  });
});

describe('signing needs the document opened', () => {
  it('refuses to sign before the PDF was read (DOCUMENT_NOT_VIEWED)', async () => {
    const { links, emails } = await sent(1);
    const token = await t.startSession(links[0]!);
    // Confirm the code without opening the PDF.
    expect((await askCode(token)).statusCode).toBe(200);
    const code = codeIn((await t.mails(emails[0]!))[0]);
    expect((await t.pub('POST', `/api/signing/session/${token}/verify`, { code })).statusCode).toBe(200);
    const early = await sign(token);
    expect(early.statusCode).toBe(409);
    expect(errorOf(early).reason).toBe('DOCUMENT_NOT_VIEWED');
    expect((await t.pub('GET', `/api/signing/session/${token}/pdf`)).statusCode).toBe(200);
    expect((await sign(token)).statusCode).toBe(200);
  });
});

describe("the sender's calls", () => {
  it('refuses to send twice (ALREADY_SENT) and to change signees while signing (SIGNEES_LOCKED)', async () => {
    const { docId } = await sent(1);
    const twice = await send(docId);
    expect(twice.statusCode).toBe(409);
    expect(errorOf(twice).reason).toBe('ALREADY_SENT');
    const added = await t.addSignee(owner, docId, { email: uniqueEmail('late') });
    expect(added.statusCode).toBe(409);
    expect(errorOf(added).reason).toBe('SIGNEES_LOCKED');
  });

  it('refuses signees and sending for a folder (NOT_A_CONTRACT)', async () => {
    const folder = await t.create(owner, 'folder', `Folder ${randomUUID().slice(0, 6)}`);
    const added = await t.addSignee(owner, folder.id, { email: uniqueEmail('f') });
    expect(added.statusCode).toBe(409);
    expect(errorOf(added).reason).toBe('NOT_A_CONTRACT');
    const sentFolder = await send(folder.id);
    expect(sentFolder.statusCode).toBe(409);
    expect(errorOf(sentFolder).reason).toBe('NOT_A_CONTRACT');
  });

  it('refuses to send a signed document again (ALREADY_COMPLETED)', async () => {
    const doc = await t.signedByOne(owner, `Done ${randomUUID().slice(0, 6)}`, 1);
    const again = await send(doc.id);
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).reason).toBe('ALREADY_COMPLETED');
  });

  it(`takes at most ${SIGNEES_MAX} signees (TOO_MANY_SIGNEES)`, async () => {
    const doc = await t.contract(owner, `Crowd ${randomUUID().slice(0, 6)}`);
    for (let i = 0; i < SIGNEES_MAX; i++) {
      expect((await t.addSignee(owner, doc.id, { email: uniqueEmail(`c${i}`) })).statusCode).toBe(200);
    }
    const one = await t.addSignee(owner, doc.id, { email: uniqueEmail('one-more') });
    expect(one.statusCode).toBe(409);
    expect(errorOf(one).reason).toBe('TOO_MANY_SIGNEES');
  });

  it('does not send a contract whose PDF is still being made (PDF_PENDING)', async () => {
    const doc = await t.create(owner, 'contract', `Fresh ${randomUUID().slice(0, 6)}`);
    await t.addSignee(owner, doc.id, { email: uniqueEmail('p') });
    const early = await send(doc.id);
    expect(early.statusCode).toBe(409);
    expect(errorOf(early).reason).toBe('PDF_PENDING');
    await t.app.jobs.drain();
    expect((await send(doc.id)).json().status).toBe('OK');
  });

  it('has no signed PDF, certificate or verification before everyone signed (NOT_FULLY_SIGNED)', async () => {
    const { docId } = await sent(1);
    for (const url of ['signed', 'certificate', 'verification']) {
      const res = await t.json(owner, 'GET', `/api/signing/${url}/${docId}`);
      expect(res.statusCode, url).toBe(409);
      expect(errorOf(res).reason, url).toBe('NOT_FULLY_SIGNED');
    }
  });

  it('reminds nobody who has signed (NOTHING_TO_REMIND)', async () => {
    const { links, emails, docId } = await sent(2);
    const token = await t.startSession(links[0]!);
    await t.confirmCode(token, emails[0]!);
    expect((await sign(token)).statusCode).toBe(200);
    const signees = (await t.json(owner, 'GET', `/api/signing/signees/${docId}`)).json().signees;
    const signed = signees.find((s: { status: string }) => s.status === 'signed');
    const res = await t.json(owner, 'POST', `/api/signing/remind/${docId}`, { signeeId: signed.id });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res).reason).toBe('NOTHING_TO_REMIND');
  });
});
