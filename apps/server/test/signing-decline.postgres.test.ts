import { randomUUID } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transactions } from '../src/db/schema/index.ts';
import { signingEventsOf } from './signing-events.ts';
import { ledgerSum } from './billing-helper.ts';
import { uniqueEmail, type TestUser } from './helper.ts';
import { buildSigningApp, type SigningTestApp } from './signing-helper.ts';

/**
 * Declines racing a signature, a cancel and each other. Runs only with TEST_DB=postgres (vitest.config.ts):
 * PGlite runs one transaction at a time, so the races cannot happen there.
 */
let t: SigningTestApp;
let owner: TestUser;
beforeAll(async () => {
  t = await buildSigningApp();
  owner = await t.organization(await t.signUp({ name: 'Rae Racer' }));
  await t.fund(owner, 50);
});
afterAll(async () => t.close());

const decline = (link: string, reason: string) => t.pub('POST', `/api/signing/decline/${link}`, { reason });
const balance = () => ledgerSum(t, owner.personalOrganizationId);

async function sent(count: number) {
  const doc = await t.contract(owner, `Race ${randomUUID().slice(0, 6)}`);
  const emails = Array.from({ length: count }, (_, i) => uniqueEmail(`r${i}`));
  for (const email of emails) await t.addSignee(owner, doc.id, { email });
  expect((await t.json(owner, 'GET', `/api/signing/send/${doc.id}`)).json().status).toBe('OK');
  const links: string[] = [];
  for (const email of emails) links.push(await t.linkOf(email));
  return { doc, emails, links };
}

/** Refund rows of one round's charges. */
async function refundRows(docId: string) {
  const rows = await t.database.db
    .select()
    .from(transactions)
    .where(
      and(
        eq(transactions.organizationId, owner.personalOrganizationId),
        like(transactions.reference, 'signing:%'),
      ),
    );
  const [event] = await signingEventsOf(t.database.db, docId);
  return rows.filter((r) => r.refundOf !== null && r.reference?.startsWith(`signing:${event?.processId}:`));
}

describe('decline under concurrency (PostgreSQL)', () => {
  it('decline racing a signature: one order wins, the refund matches it, made once', async () => {
    const before = await balance();
    const { doc, emails, links } = await sent(2);
    const session = await t.startSession(links[0]!);
    await t.confirmCode(session, emails[0]!);
    const [signed, declined] = await Promise.all([
      t.pub('POST', `/api/signing/session/${session}/sign`, {
        signature: { kind: 'typed', text: 'Racer' },
        intent: true,
      }),
      decline(links[1]!, 'Not today'),
    ]);
    expect(declined.statusCode, declined.body).toBe(200);
    expect([200, 409]).toContain(signed.statusCode);
    // Signed first: only the decliner's charge comes back; declined first: both.
    const refunded = signed.statusCode === 200 ? 1 : 2;
    expect(await refundRows(doc.id)).toHaveLength(refunded);
    expect(await balance()).toBe(before - 100 + refunded * 50);
  });

  it('two declines and a cancel at once: exactly one ends the round, refunds made once', async () => {
    const before = await balance();
    const { doc, links } = await sent(2);
    const answers = await Promise.all([
      decline(links[0]!, 'No'),
      decline(links[1]!, 'No either'),
      t.json(owner, 'GET', `/api/signing/cancel/${doc.id}`),
      decline(links[0]!, 'Twice'),
    ]);
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    for (const a of answers) expect([200, 409]).toContain(a.statusCode);
    expect(await refundRows(doc.id)).toHaveLength(2);
    expect(await balance()).toBe(before);
  });
});
