import { randomUUID } from 'node:crypto';
import { P } from '@sinetti/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorOf, uniqueEmail, type TestUser } from './helper.ts';
import { buildSigningApp, codeIn, pngDataUrl, type SigningTestApp } from './signing-helper.ts';

let t: SigningTestApp;
let owner: TestUser;
beforeAll(async () => {
  t = await buildSigningApp();
  owner = await t.organization(await t.signUp({ name: 'Otto Owner' }));
  await t.fund(owner, 50);
});
afterAll(async () => t.close());

const MINUTE = 60_000;
const session = (token: string, what = '') => t.pub('GET', `/api/signing/session/${token}${what}`);
const askCode = (token: string) => t.pub('POST', `/api/signing/session/${token}/code`);
const verify = (token: string, code: string) =>
  t.pub('POST', `/api/signing/session/${token}/verify`, { code });
const sign = (token: string, signature: unknown, intent: unknown = true) =>
  t.pub('POST', `/api/signing/session/${token}/sign`, { signature, intent });
const status = async (link: string) => (await t.pub('GET', `/api/signing/status/signee/${link}`)).json();

/** A sent contract with these signees; returns each one's link token. */
async function sent(count: number): Promise<{ emails: string[]; links: string[]; docId: string }> {
  // Six digits in the name, before the code in the e-mail: codeIn() must still find the code.
  const doc = await t.contract(owner, `Agreement 123456 ${randomUUID().slice(0, 6)}`);
  const emails = Array.from({ length: count }, (_, i) => uniqueEmail(`s${i}`));
  for (const email of emails) await t.addSignee(owner, doc.id, { email });
  expect((await t.json(owner, 'GET', `/api/signing/send/${doc.id}`)).json().status).toBe('OK');
  const links = [];
  for (const email of emails) links.push(await t.linkOf(email));
  return { emails, links, docId: doc.id };
}

describe('status and start', () => {
  it('answers NOT_FOUND (200) for unknown links and opens a 60-minute session in the asked language', async () => {
    expect(await status('nothing-here')).toEqual({
      status: 'NOT_FOUND',
      locked: false,
      signed: false,
      completed: false,
    });
    expect(await status('A'.repeat(43))).toMatchObject({ status: 'NOT_FOUND' });
    expect((await t.pub('GET', `/api/signing/start/${'A'.repeat(43)}`)).statusCode).toBe(404);
    expect((await t.pub('GET', '/api/signing/start/short')).statusCode).toBe(400);
    const { links } = await sent(1);
    const res = await t.pub('GET', `/api/signing/start/${links[0]}?lang=fi-FI`);
    expect(res.statusCode).toBe(200);
    expect(res.json().signingUrl).toMatch(/^http:\/\/sinetti\.test\/public\/session\/[A-Za-z0-9_-]{43}$/);
    expect(res.json().expiresAt).toBe(new Date(t.clock.now().getTime() + 60 * MINUTE).toISOString());
    const token = res.json().signingUrl.split('/public/session/')[1];
    const view = (await session(token)).json();
    expect(view).toMatchObject({ lang: 'fi', codeVerified: false, signed: false, codeSentAt: null });
    expect(view.document.pages).toBe(3);
    const pdf = await session(token, '/pdf');
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('locks the others while one signee is inside a session, until it ends or its 60 minutes pass', async () => {
    const { links, emails, docId } = await sent(2);
    const first = await t.startSession(links[0]!);
    expect(await status(links[1]!)).toMatchObject({ status: 'OK', locked: true, signed: false });
    expect(await status(links[0]!)).toMatchObject({ locked: false });
    const blocked = await t.pub('GET', `/api/signing/start/${links[1]}`);
    expect(blocked.statusCode).toBe(409);
    expect(errorOf(blocked).reason).toBe('SIGNING_LOCKED');
    const listed = (await t.json(owner, 'GET', `/api/signing/signees/${docId}`)).json().signees;
    expect(listed.map((s: { status: string }) => s.status)).toEqual(['signing', 'pending']);

    // The first signee resumes: same end time, new session URL, the old one stops working.
    t.clock.advance(30 * MINUTE);
    const resumed = await t.startSession(links[0]!);
    expect(resumed).not.toBe(first);
    const replaced = await session(first);
    expect(replaced.statusCode).toBe(404);
    expect(errorOf(replaced).reason).toBe('SIGNING_LINK_INVALID');

    // At 60 minutes the session is over: 409 with a clear message, and the lock is released.
    t.clock.advance(30 * MINUTE);
    const expired = await session(resumed);
    expect(expired.statusCode).toBe(409);
    expect(errorOf(expired).message).toContain('60 minutes');
    expect(errorOf(expired).reason).toBe('SIGNING_SESSION_EXPIRED');
    expect(await status(links[1]!)).toMatchObject({ locked: false });
    const second = await t.startSession(links[1]!);
    await t.confirmCode(second, emails[1]!);
    expect((await sign(second, { kind: 'typed', text: 'Second Signee' })).statusCode).toBe(200);
    expect(await status(links[1]!)).toMatchObject({ signed: true, locked: false });
    const signedAgain = await t.pub('GET', `/api/signing/start/${links[1]}`);
    expect(signedAgain.statusCode).toBe(409);
    expect(errorOf(signedAgain).reason).toBe('ALREADY_SIGNED');
    // The first signee may start again: a new 60 minutes.
    const again = await t.pub('GET', `/api/signing/start/${links[0]}`);
    expect(again.json().expiresAt).toBe(new Date(t.clock.now().getTime() + 60 * MINUTE).toISOString());
  });
});

describe('the e-mailed code', () => {
  it('is 6 digits, valid 10 minutes, and needed before signing', async () => {
    const { links, emails } = await sent(1);
    const token = await t.startSession(links[0]!);
    expect((await session(token, '/pdf')).statusCode).toBe(200);
    const early = await sign(token, { kind: 'typed', text: 'Me' });
    expect(early.statusCode).toBe(409);
    expect(errorOf(early).reason).toBe('CODE_NOT_CONFIRMED');
    const unasked = await verify(token, '123456');
    expect(unasked.statusCode).toBe(409);
    expect(errorOf(unasked).reason).toBe('CODE_NOT_SENT');
    const asked = await askCode(token);
    expect(asked.statusCode).toBe(200);
    const mail = (await t.mails(emails[0]!))[0];
    const code = codeIn(mail);
    expect(code).toMatch(/^\d{6}$/);
    t.clock.advance(11 * MINUTE);
    const late = await verify(token, code);
    expect(late.statusCode).toBe(409);
    expect(errorOf(late).message).toContain('expired');
    expect(errorOf(late).reason).toBe('CODE_EXPIRED');
    expect((await askCode(token)).statusCode).toBe(200);
    const fresh = codeIn((await t.mails(emails[0]!))[0]);
    expect((await verify(token, fresh)).json()).toEqual({ status: 'OK', codeVerified: true });
    expect((await session(token)).json().codeVerified).toBe(true);
  });

  it('dies after 5 wrong tries, and cannot be asked for again within a minute', async () => {
    const { links, emails } = await sent(1);
    const token = await t.startSession(links[0]!);
    expect((await askCode(token)).statusCode).toBe(200);
    const again = await askCode(token);
    expect(again.statusCode).toBe(429);
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
    expect(errorOf(again).reason).toBe('CODE_RESEND_WAIT');
    expect(errorOf(again).details?.retryAfterSeconds).toBe(Number(again.headers['retry-after']));
    const code = codeIn((await t.mails(emails[0]!))[0]);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let left = 4; left >= 0; left--) {
      const res = await verify(token, wrong);
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).fields?.code).toContain(left > 0 ? `${left} tr` : 'cannot be used');
      expect(errorOf(res)).toMatchObject({ reason: 'CODE_WRONG', details: { attemptsLeft: left } });
    }
    const dead = await verify(token, code);
    expect(dead.statusCode).toBe(409);
    expect(errorOf(dead).reason).toBe('CODE_EXPIRED');
    expect((await verify(token, '12')).statusCode).toBe(400);
    t.clock.advance(MINUTE);
    expect((await askCode(token)).statusCode).toBe(200);
    const next = codeIn((await t.mails(emails[0]!))[0]);
    expect((await verify(token, next)).statusCode).toBe(200);
  });
});

describe('POST signing/session/{token}/sign', () => {
  it('checks the signature and the intent before signing', async () => {
    const { links, emails, docId } = await sent(2);
    const token = await t.startSession(links[0]!);
    await t.confirmCode(token, emails[0]!);
    const tooBig = `data:image/png;base64,${Buffer.alloc(300_000).toString('base64')}`;
    const broken = pngDataUrl().replace(/.{8}$/, 'AAAAAAA=');
    for (const [signature, intent] of [
      [{ kind: 'drawn', image: 'data:image/gif;base64,R0lGODlh' }, true],
      [{ kind: 'drawn', image: tooBig }, true],
      [
        {
          kind: 'drawn',
          image: `data:image/png;base64,${Buffer.from('not a png at all, really').toString('base64')}`,
        },
        true,
      ],
      [{ kind: 'drawn', image: broken }, true],
      [{ kind: 'drawn', image: pngDataUrl(3000) }, true],
      // A palette image, and image data that is not Flate (chunk CRCs intact): 400, the round stays open.
      [{ kind: 'drawn', image: pngDataUrl(8, { colorType: 3 }) }, true],
      [{ kind: 'drawn', image: pngDataUrl(8, { idat: Buffer.from('no deflate stream here') }) }, true],
      [{ kind: 'typed', text: '   ' }, true],
      [{ kind: 'stamp' }, true],
      [{ kind: 'typed', text: 'Me' }, false],
    ] as const) {
      const res = await sign(token, signature, intent);
      expect(res.statusCode, JSON.stringify(signature).slice(0, 60)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      if (signature.kind === 'drawn') expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    const ok = await sign(token, { kind: 'drawn', image: pngDataUrl(40) }, true);
    expect(ok.json()).toEqual({ status: 'OK', redirect: `/public/signing/success/${docId}` });
    expect((await sign(token, { kind: 'typed', text: 'Twice' })).statusCode).toBe(409);
    const signees = (await t.json(owner, 'GET', `/api/signing/signees/${docId}`)).json().signees;
    expect(signees.map((s: { status: string }) => s.status)).toEqual(['signed', 'pending']);
  });

  it("lets nobody sign in a signee's name without that signee's code, not even the owner", async () => {
    const viewer = await t.member(owner, [P.DOCUMENTS_VIEW]);
    const doc = await t.contract(owner, 'Owner signs too');
    const other = uniqueEmail('other');
    await t.addSignee(owner, doc.id, { email: other });
    await t.addSignee(owner, doc.id, { email: owner.email });
    const signNow = async (u: TestUser) =>
      (await t.json(u, 'GET', `/api/signing/signees/${doc.id}`)).json().abilities.signNow;
    expect(await signNow(owner)).toBe(false); // not sent yet
    expect((await t.json(owner, 'GET', `/api/signing/send/${doc.id}`)).json().status).toBe('OK');
    expect(await signNow(owner)).toBe(true);
    // Another member who may view the document but is not a signee is not offered Sign now.
    expect(await signNow(viewer)).toBe(false);
    const listed = (await t.json(owner, 'GET', `/api/signing/signees/${doc.id}`)).json().signees;
    expect(listed[0]).toMatchObject({ isMe: false });
    expect(listed[0]).not.toHaveProperty('signingLink');
    expect(listed[1]).toMatchObject({ isMe: true });
    const mine = listed[1].signingLink as string;
    expect(mine).toMatch(/\/public\/sign\/[A-Za-z0-9_-]{43}$/);
    const again = (await t.json(owner, 'GET', `/api/signing/signees/${doc.id}`)).json().signees[1]
      .signingLink;
    expect(again).toBe(mine);
    // The owner's own link starts the owner's own session, never the other signee's.
    const token = await t.startSession(mine.split('/public/sign/')[1]!);
    expect((await session(token)).json().signee.email).toBe(owner.email);
    await t.confirmCode(token, owner.email);
    expect((await sign(token, { kind: 'typed', text: 'Otto Owner' })).statusCode).toBe(200);
    const after = (await t.json(owner, 'GET', `/api/signing/signees/${doc.id}`)).json().signees;
    expect(after.map((s: { status: string }) => s.status)).toEqual(['pending', 'signed']);
    expect(await signNow(owner)).toBe(false); // signed: nothing left to sign
  });
});

describe('public calls', () => {
  it('are rate-limited per client address (429 with Retry-After)', async () => {
    const hit = (remoteAddress: string) =>
      t.app.inject({ method: 'GET', url: `/api/signing/status/signee/${'C'.repeat(43)}`, remoteAddress });
    for (let i = 0; i < 120; i++) expect((await hit('203.0.113.9')).statusCode).toBe(200);
    const limited = await hit('203.0.113.9');
    expect(limited.statusCode).toBe(429);
    expect(errorOf(limited).code).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await hit('203.0.113.10')).statusCode).toBe(200);
  });
});
