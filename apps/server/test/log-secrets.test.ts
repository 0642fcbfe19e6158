import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from './helper.ts';
import { uniqueEmail } from './helper.ts';
import { postAuthorize } from './oidc-browser.ts';
import { invite, inviteTokenOf } from './organizations-helper.ts';
import { throughLocalProvider } from './sign-in-flow.ts';
import { buildSigningApp, codeIn, type SigningTestApp } from './signing-helper.ts';

/**
 * The log of one whole journey through the API holds none of the secrets the journey issued (issue 31
 * item 5): OIDC code and state, session tokens, an organization invite token, share link tokens (the API,
 * its download and the web page), signing link tokens, a signing session token, the e-mailed code and a
 * decline link. Each secret is read from where a user would get it (the sign-in reply, the e-mails, the
 * share's URL), not made up. The app logs at debug level into an array, with its real logger settings.
 */
const lines: string[] = [];
let t: SigningTestApp;
beforeAll(async () => {
  t = await buildSigningApp(
    { LOG_LEVEL: 'debug', RATE_LIMIT_SIGN_IN_PER_MINUTE: '1000' },
    { logLines: lines },
  );
});
afterAll(async () => t.close());

/** Every secret the journey was given, by kind. */
const secrets: { kind: string; value: string }[] = [];
const keep = (kind: string, value: string | undefined) => {
  expect(value, kind).toBeTruthy();
  secrets.push({ kind, value: value! });
  return value!;
};

describe('the log of a whole journey', () => {
  it('holds none of the secrets it issued, and the paths it logged are redacted', async () => {
    // The sender: a session, an organization and balance for signing.
    const owner = await t.organization(await t.signUp({ name: 'Olga Owner' }));
    keep('session token (sender)', owner.token);
    await t.fund(owner, 50);

    // An invited colleague signs in through the built-in identity provider and opens the e-mailed link.
    const colleague = uniqueEmail('colleague');
    expect((await invite(t, owner, owner.personalOrganizationId, colleague)).json().status).toBe('OK');
    await t.app.jobs.drain();
    const inviteToken = keep('invite token', await inviteTokenOf(t, colleague));
    const returned = await throughLocalProvider(t.app, 'CLIENT_GOOGLE', {
      email: colleague,
      name: 'Cai Colleague',
    });
    keep('OIDC code', returned.body.code);
    keep('OIDC state', returned.body.state);
    const authorized = await postAuthorize(t.app, returned);
    expect(authorized.statusCode, authorized.body).toBe(200);
    const member: TestUser = {
      token: keep('session token (invitee)', authorized.json().session.id),
      accountId: '',
      personalOrganizationId: owner.personalOrganizationId,
      email: colleague,
    };
    const opened = await t.call(member, {
      method: 'GET',
      url: `/api/authentication/invite-link/${inviteToken}`,
    });
    expect(opened.statusCode, opened.body).toBe(200);

    // A share link: its public API, its download and the web page.
    const shared = await t.contract(owner, 'Offer');
    const share = await t.json(owner, 'POST', `/api/documents/shares/${shared.id}`, { allowDownload: true });
    expect(share.statusCode, share.body).toBe(200);
    const shareToken = keep('share token', (share.json().url as string).split('/public/share/')[1]);
    expect((await t.pub('GET', `/api/public/share/${shareToken}`)).statusCode).toBe(200);
    expect((await t.pub('GET', `/api/public/share/${shareToken}/download`)).statusCode).toBe(200);
    await t.pub('GET', `/public/share/${shareToken}`);

    // A signing round: one signee signs with the e-mailed code, the other declines.
    const doc = await t.contract(owner, 'Lease');
    const anna = uniqueEmail('anna');
    const ben = uniqueEmail('ben');
    for (const [email, givenName] of [
      [anna, 'Anna'],
      [ben, 'Ben'],
    ] as const) {
      const added = await t.addSignee(owner, doc.id, { email, givenName, familyName: 'Signee' });
      expect(added.statusCode, added.body).toBe(200);
    }
    expect((await t.json(owner, 'GET', `/api/signing/send/${doc.id}`)).json().status).toBe('OK');
    const annaLink = keep('signing link token (signee)', await t.linkOf(anna));
    await t.pub('GET', `/public/sign/${annaLink}`);
    const session = keep('signing session token', await t.startSession(annaLink));
    await t.pub('GET', `/public/session/${session}`);
    await t.confirmCode(session, anna);
    keep('signing code', codeIn((await t.mails(anna)).find((m) => /^\s*\d{6}\s*$/m.test(m.text))));
    const signed = await t.pub('POST', `/api/signing/session/${session}/sign`, {
      signature: { kind: 'typed', text: 'Anna Signee' },
      intent: true,
    });
    expect(signed.statusCode, signed.body).toBe(200);
    const benLink = keep('decline link token', await t.linkOf(ben));
    expect((await t.pub('GET', `/api/signing/status/signee/${benLink}`)).statusCode).toBe(200);
    const declined = await t.pub('POST', `/api/signing/decline/${benLink}`, { reason: 'Wrong price.' });
    expect(declined.statusCode, declined.body).toBe(200);
    await t.app.jobs.drain();

    const log = lines.join('');
    // The journey was logged (requests at debug and info), with its secret paths redacted.
    expect(lines.length).toBeGreaterThan(50);
    expect(log).toContain('/api/public/share/[redacted]/download');
    expect(log).toContain('/public/share/[redacted]');
    expect(log).toContain('/api/signing/session/[redacted]/sign');
    expect(log).toContain('/api/signing/decline/[redacted]');
    expect(log).toContain('/api/authentication/invite-link/[redacted]');
    expect(secrets.map((s) => s.kind)).toHaveLength(10);
    for (const { kind, value } of secrets) {
      // Digits only (the code) count when they stand alone: a timestamp may hold the same six digits.
      const found = /^\d+$/.test(value)
        ? new RegExp(`(?<![0-9])${value}(?![0-9])`).test(log)
        : log.includes(value);
      expect(found, `${kind} in the log`).toBe(false);
    }
  });
});
