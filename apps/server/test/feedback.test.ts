import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, uniqueEmail, type TestApp, type TestUser } from './helper.ts';
import { expectError, mailsTo } from './organizations-helper.ts';

// "Send feedback" (issue 14 item 4): the operator's address is configured at run time; the form
// e-mails it from the signed-in account, limited per account and per instance.
const OPERATOR = 'operator@sinetti.example';
const PER_ACCOUNT = 2;

let withForm: TestApp;
let withLink: TestApp;
let without: TestApp;
beforeAll(async () => {
  withForm = await buildTestApp({
    FEEDBACK_EMAIL: OPERATOR,
    FEEDBACK_LIMIT_PER_ACCOUNT: String(PER_ACCOUNT),
  });
  withLink = await buildTestApp({ FEEDBACK_EMAIL: OPERATOR, FEEDBACK_URL: 'https://feedback.example/form' });
  without = await buildTestApp();
});
afterAll(async () => {
  await Promise.all([withForm?.close(), withLink?.close(), without?.close()]);
});

const send = (t: TestApp, user: TestUser | null, payload: unknown) =>
  t.call(user, { method: 'POST', url: '/api/feedback', payload: payload as object });
const channel = async (t: TestApp) =>
  (await t.call(null, { method: 'GET', url: '/api/config' })).json().feedback as unknown;

describe('send feedback', () => {
  it('tells the web app how feedback is taken: a form, the operator’s page, or not at all', async () => {
    expect(await channel(withForm)).toEqual({ kind: 'form' });
    expect(await channel(withLink)).toEqual({ kind: 'link', url: 'https://feedback.example/form' });
    expect(await channel(without)).toBeNull();
  });

  it('e-mails the operator what the member wrote, in their language, with who, where and which version', async () => {
    const email = uniqueEmail('maija');
    const user = await withForm.signUp({ email, name: 'Maija Member' });
    const res = await send(withForm, user, {
      message: '  The <b>upload</b> button is hard to find.  ',
      page: '/documents',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'OK' });
    const mails = (await mailsTo(withForm, OPERATOR)).filter((m) => m.text.includes(email));
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.template).toBe('feedback');
    expect(mail.subject).toBe('Feedback from Maija Member');
    expect(mail.text).toContain('The <b>upload</b> button is hard to find.');
    expect(mail.text).toContain('/documents');
    // Escaped in HTML: feedback is plain text, never markup in the operator's mail client.
    expect(mail.html).not.toContain('<b>upload</b>');
    expect(mail.html).toContain('&lt;b&gt;upload&lt;/b&gt;');
  });

  it('needs a session, even before setup is complete', async () => {
    expectError(await send(withForm, null, { message: 'Hello' }), 401, 'SESSION_INVALID');
    const fresh = await withForm.signUp({ setupComplete: false });
    expect((await send(withForm, fresh, { message: 'Setup is confusing' })).statusCode).toBe(200);
  });

  it('refuses empty, too long, control-character and non-path input with a 400', async () => {
    const user = await withForm.signUp();
    for (const payload of [
      {},
      { message: '   ' },
      { message: 'x'.repeat(4001) },
      { message: 'bell\u0007' },
      { message: 'ok', page: 'https://evil.example/' },
      { message: 'ok', page: `/${'a'.repeat(300)}` },
    ]) {
      const res = await send(withForm, user, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().status).toBe('ERROR');
    }
    expect((await mailsTo(withForm, OPERATOR)).filter((m) => m.text.includes(user.email))).toHaveLength(0);
  });

  it('limits each account per hour, sending nothing past it, and lets it write again after the hour', async () => {
    const user = await withForm.signUp();
    for (let i = 0; i < PER_ACCOUNT; i++) {
      expect((await send(withForm, user, { message: `Note ${i}` })).statusCode).toBe(200);
    }
    const limited = await send(withForm, user, { message: 'One too many' });
    expectError(limited, 429, 'RATE_LIMITED', 'FEEDBACK_LIMIT');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().details.retryAfterSeconds).toBe(Number(limited.headers['retry-after']));
    // Another member is not held back by this one.
    const other = await withForm.signUp();
    expect((await send(withForm, other, { message: 'Mine' })).statusCode).toBe(200);

    const mine = (await mailsTo(withForm, OPERATOR)).filter((m) => m.text.includes(user.email));
    expect(mine).toHaveLength(PER_ACCOUNT);
    withForm.clock.advance(3600_000);
    expect((await send(withForm, user, { message: 'Next hour' })).statusCode).toBe(200);
  });

  it('answers 404 FEEDBACK_OFF where feedback goes to the operator’s page or is not taken', async () => {
    for (const t of [withLink, without]) {
      const user = await t.signUp();
      expectError(await send(t, user, { message: 'Hello' }), 404, 'NOT_FOUND', 'FEEDBACK_OFF');
      expect(await mailsTo(t, OPERATOR)).toHaveLength(0);
    }
  });
});
