import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from './helper.ts';
import { freshSession, newKey, topUp } from './billing-helper.ts';
import { buildSigningApp, type SigningTestApp } from './signing-helper.ts';

/**
 * Signing sends, top-ups and invitations at once in one organization (issue #31 item 9). Each takes the
 * organization's row and the mail-quota counters; taken in different orders they deadlocked on
 * PostgreSQL and answered 500. Runs only with TEST_DB=postgres (see vitest.config.ts): PGlite runs one
 * transaction at a time, so the race cannot happen there.
 */
let t: SigningTestApp;
beforeAll(async () => {
  t = await buildSigningApp({
    MAIL_LIMIT_PER_ORGANIZATION: '100000',
    // Every send prepares its PDF first: let them all queue rather than answer PDF_BUSY.
    PDF_QUEUE_PER_ORGANIZATION: '1000',
    PDF_WORKERS: '4',
  });
});
afterAll(async () => t.close());

const ROUNDS = 4;
const SENDS = 10; // per round
const TOP_UPS = 9;
const INVITES = 25; // per round, under INVITES_PER_HOUR (30): the clock moves an hour between rounds

describe('sends, top-ups and invitations racing in one organization', () => {
  it('never deadlock into a 500: every call succeeds', async () => {
    let owner = await t.organization(await t.signUp());
    const company = owner.personalOrganizationId;
    await t.fund(owner, 500);
    const drafts: string[] = [];
    for (let i = 0; i < ROUNDS * SENDS; i++) {
      const doc = await t.contract(owner, `Race ${i}`, 1);
      const signee = { givenName: 'Sig', familyName: 'Nee', email: uniqueEmail('s') };
      const added = await t.addSignee(owner, doc.id, signee);
      expect(added.statusCode, added.body).toBe(200);
      drafts.push(doc.id);
    }

    const failed: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const caller = owner;
      const calls = [
        ...drafts
          .slice(round * SENDS, (round + 1) * SENDS)
          .map((id) => () => t.json(caller, 'GET', `/api/signing/send/${id}`)),
        ...Array.from({ length: TOP_UPS }, () => () => topUp(t, caller, company, 10, newKey('race'))),
        ...Array.from({ length: INVITES }, () => () => {
          const email = uniqueEmail('colleague');
          return t.json(caller, 'POST', '/api/authentication/invite', { email });
        }),
      ];
      // Interleaved, so that the three kinds overlap all along.
      const order = calls
        .map((call, i) => ({ call, key: (i * 37) % calls.length }))
        .sort((a, b) => a.key - b.key);
      const answers = await Promise.all(order.map(({ call }) => call()));
      for (const a of answers) {
        if (a.statusCode !== 200 || a.json().status !== 'OK') failed.push(`${a.statusCode} ${a.body}`);
      }
      t.clock.advance(61 * 60_000);
      owner = await freshSession(t, owner);
    }
    expect(failed).toEqual([]);
  });
});
