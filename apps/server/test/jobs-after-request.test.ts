import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, uniqueEmail, type TestApp } from './helper.ts';
import { A, mailsTo } from './organizations-helper.ts';

/**
 * Background jobs woken by a request run as no request's work (db/abandon.ts outsideRequest): the mail jobs
 * woken inside a request ran as that request's work, and on PostgreSQL, after a refused request (a setup
 * past the hourly e-mail limit) had woken the worker, the jobs of the next setup hung on their first query:
 * the e-mails were never sent. This file's one test is that sequence as the app's first mail sends.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ MAIL_LIMIT_PER_ORGANIZATION: '3' });
});
afterAll(async () => t.close());

describe('jobs woken by a request', () => {
  it('send the invitations a setup request enqueued, after the request has ended', async () => {
    const user = await t.signUp({ setupComplete: false });
    const rows = [uniqueEmail('first'), uniqueEmail('second'), uniqueEmail('third'), uniqueEmail('fourth')];
    const setup = () =>
      t.call(user, {
        method: 'POST',
        url: `${A}/setup`,
        payload: { companies: ['Jobs Oy'], invites: rows, language: 'en' },
      });
    expect((await setup()).statusCode).toBe(429);
    rows.pop();
    const res = await setup();
    expect(res.statusCode, res.body).toBe(200);
    for (const email of rows) expect(await mailsTo(t, email)).toHaveLength(1);
  }, 60_000);
});
