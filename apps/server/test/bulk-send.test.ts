import { DOCUMENT_STATE } from '@sinetti/contract';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signingProcesses } from '../src/db/schema/index.ts';
import { ledgerSum } from './billing-helper.ts';
import { makeDocx } from './fixtures/office.ts';
import { errorOf, uniqueEmail, type TestUser } from './helper.ts';
import { buildSigningApp, type SigningTestApp } from './signing-helper.ts';

// Issue #33 item 4: 200 rows sent from a template with one role and two fields (one with a default).
let t: SigningTestApp;
let owner: TestUser;
beforeAll(async () => {
  // Room for the 200 rows' e-mails and the few single sends that set the balance (the default is 200 an hour).
  t = await buildSigningApp({ MAIL_LIMIT_PER_ORGANIZATION: '1000', MAIL_LIMIT_PER_RECIPIENT: '1000' });
  owner = await t.organization(await t.signUp({ name: 'Sara Sender' }));
}, 120_000);
afterAll(async () => t.close());

const LEASE = makeDocx(
  '<w:p><w:r><w:t xml:space="preserve">Tenant {{tenant_name}} pays {{rent:number|950}} € from {{start:date}}.</w:t></w:r></w:p>',
);

async function template(user: TestUser, roles = ['Tenant']): Promise<string> {
  const res = await t.upload(user, {
    type: 'template',
    fileName: 'lease.docx',
    content: LEASE,
    name: 'Lease',
  });
  expect(res.statusCode, res.body).toBe(200);
  const id = res.json().document.id as string;
  expect((await t.json(user, 'PUT', `/api/documents/template-roles/${id}`, { roles })).statusCode).toBe(200);
  return id;
}

const HEADER = 'Tenant email,Tenant first name,Tenant last name,tenant_name,start,document name';
const rowsOf = (n: number, tag: string) =>
  Array.from(
    { length: n },
    (_, i) => `${tag}${i}@example.fi,Anna,Aalto ${i},Anna Aalto ${i},2026-07-01,Lease ${tag} ${i}`,
  );
const csvOf = (rows: string[], header = HEADER) => [header, ...rows].join('\r\n');

const preview = (u: TestUser, id: string, csv: string) =>
  t.json(u, 'POST', `/api/bulk-send/preview/${id}`, { csv });
const start = (u: TestUser, id: string, csv: string) =>
  t.json(u, 'POST', `/api/bulk-send/start/${id}`, { csv });
const info = (u: TestUser, id: string) => t.json(u, 'GET', `/api/bulk-send/info/${id}`);
const retry = (u: TestUser, id: string) => t.json(u, 'POST', `/api/bulk-send/retry/${id}`);

/** Runs the jobs (the bulk send's, conversions, e-mails), moving the clock past each wait, until it is done. */
async function finish(u: TestUser, id: string, stepMs = 3_000) {
  for (let i = 0; i < 100; i++) {
    await t.app.jobs.drain({ maxJobs: 5000 });
    const res = (await info(u, id)).json();
    if (res.bulkSend.status === 'done') return res;
    t.clock.advance(stepMs);
  }
  throw new Error('the bulk send did not finish');
}

/** Spends single sends of 50 cents until the balance covers exactly `documents` one-signee documents. */
async function balanceFor(documents: number) {
  const price = 50;
  for (;;) {
    const balance = await ledgerSum(t, owner.personalOrganizationId);
    if (balance < documents * price + price) return balance;
    const doc = await t.contract(owner, 'Spend');
    await t.addSignee(owner, doc.id, { email: uniqueEmail('spend') });
    expect((await t.json(owner, 'GET', `/api/signing/send/${doc.id}`)).json().status).toBe('OK');
  }
}

describe('bulk send (issue #33 item 4)', () => {
  it('sends 200 rows, each charged once; a row the balance does not cover fails and is sent on retry', async () => {
    const id = await template(owner);
    await t.fund(owner, 100);
    const csv = csvOf(rowsOf(200, 'r'));
    const res = await preview(owner, id, csv);
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json().preview;
    expect(p).toMatchObject({
      roles: ['Tenant'],
      fields: ['tenant_name', 'rent', 'start'],
      fileProblems: [],
    });
    expect(p).toMatchObject({ validRows: 200, perDocumentCents: 50, totalCents: 10_000, emailCount: 200 });
    expect(p.rows[0]).toMatchObject({
      line: 2,
      name: 'Lease r 0',
      signees: [{ role: 'Tenant', email: 'r0@example.fi', givenName: 'Anna', familyName: 'Aalto 0' }],
      values: { tenant_name: 'Anna Aalto 0', start: '2026-07-01' },
      problems: {},
    });
    const before = await balanceFor(199);
    expect((await preview(owner, id, csv)).json().preview).toMatchObject({
      balanceCents: before,
      balanceAfterCents: before - 10_000,
      enough: false,
    });
    const started = await start(owner, id, csv);
    expect(started.statusCode, started.body).toBe(200);
    const bulkId = started.json().bulkSend.id as string;
    expect(started.json().bulkSend).toMatchObject({ status: 'running', total: 200, pending: 200, sent: 0 });
    // One bulk send at a time per organization.
    expect(errorOf(await start(owner, id, csv))).toMatchObject({
      code: 'CONFLICT',
      reason: 'BULK_SEND_RUNNING',
    });

    const done = await finish(owner, bulkId);
    expect(done.bulkSend).toMatchObject({ status: 'done', total: 200, sent: 199, failed: 1, pending: 0 });
    const failed = done.rows.filter((r: { status: string }) => r.status === 'failed');
    expect(failed).toEqual([
      expect.objectContaining({
        status: 'failed',
        error: { code: 'LIMIT_LOW_BALANCE' },
        documentId: expect.any(String),
      }),
    ]);
    const afterFirst = await ledgerSum(t, owner.personalOrganizationId);
    expect(afterFirst).toBe(before - 199 * 50);

    // After a top-up, Retry failed rows sends only that row, with the contract already made for it.
    await t.fund(owner, 10);
    const topped = await ledgerSum(t, owner.personalOrganizationId);
    expect((await retry(owner, bulkId)).json().bulkSend).toMatchObject({
      status: 'running',
      failed: 0,
      pending: 1,
    });
    const again = await finish(owner, bulkId);
    expect(again.bulkSend).toMatchObject({ status: 'done', sent: 200, failed: 0 });
    expect(again.rows.find((r: { line: number }) => r.line === failed[0].line)?.documentId).toBe(
      failed[0].documentId,
    );
    expect(await ledgerSum(t, owner.personalOrganizationId)).toBe(topped - 50);
    expect(errorOf(await retry(owner, bulkId)).reason).toBe('BULK_SEND_NOTHING_TO_RETRY');

    // Every document: Signing, one round, one charge; the charges are what the preview said.
    const ids = again.rows.map((r: { documentId: string }) => r.documentId) as string[];
    expect(new Set(ids).size).toBe(200);
    const rounds = await t.database.db
      .select()
      .from(signingProcesses)
      .where(inArray(signingProcesses.documentId, ids));
    expect(rounds).toHaveLength(200);
    // One round each, and the ledger moved by exactly what the preview priced for the 200 documents.
    const final = await ledgerSum(t, owner.personalOrganizationId);
    expect(before - afterFirst + (topped - final)).toBe(p.totalCents);
    for (const docId of [ids[0], ids[199]] as string[]) {
      const doc = (await t.json(owner, 'GET', `/api/documents/info/${docId}`)).json().document;
      expect(doc).toMatchObject({ state: DOCUMENT_STATE.Signing, type: 'contract' });
    }
    const [mail] = await t.mails('r7@example.fi');
    expect(mail?.subject).toContain('Lease r 7');
    expect((await t.json(owner, 'GET', '/api/bulk-send/list')).json().bulkSends[0]).toMatchObject({
      id: bulkId,
      sent: 200,
    });
  }, 600_000);
});
