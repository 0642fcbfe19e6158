import { P } from '@sinetti/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { enqueueBulkRun } from '../src/commands/bulk-send/start.ts';
import { bulkSendRows, bulkSends, documents, signingProcesses } from '../src/db/schema/index.ts';
import { ledgerSum } from './billing-helper.ts';
import { bulkSendSuite } from './bulk-send-helper.ts';
import { reserveMailQuota } from '../src/services/mail/limits.ts';
import { makeDocx } from './fixtures/office.ts';
import { errorOf, type TestUser } from './helper.ts';
import type { SigningTestApp } from './signing-helper.ts';

// Issue #33 item 4: what the preview finds, who may bulk send, and the e-mail limit's wait.
let t: SigningTestApp;
let owner: TestUser;
let other: TestUser;
let templateId: string;
const kit = bulkSendSuite((s) => ({ t, owner } = s), { MAIL_LIMIT_PER_ORGANIZATION: '20' }, 50);
beforeAll(async () => {
  other = await t.organization(await t.signUp());
  templateId = await template(owner);
}, 120_000);

const DOCX = makeDocx(
  '<w:p><w:r><w:t xml:space="preserve">{{tenant_name}} pays {{rent:number}} from {{start:date|2026-01-01}}.</w:t></w:r></w:p>',
);

const { info, settle } = kit;
/** The lease template (two roles, three fields), uploaded by `user`. */
const template = (user: TestUser) => kit.template(user, { content: DOCX, roles: ['Tenant', 'Landlord'] });

const preview = (u: TestUser, csv: string, id = templateId) =>
  t.json(u, 'POST', `/api/bulk-send/preview/${id}`, { csv });
const start = (u: TestUser, csv: string, id = templateId) =>
  t.json(u, 'POST', `/api/bulk-send/start/${id}`, { csv });

const GOOD =
  'Tenant email,Tenant first name,Landlord email,tenant_name,rent\n' +
  'a@example.fi,Anna,l@example.fi,Anna A,950\n' +
  'b@example.fi,Bert,l@example.fi,Bert B,"1 200,50"\n';

describe('bulk send preview (issue #33 item 4)', () => {
  it('checks every row as Use template does, and names the problems by column', async () => {
    const csv =
      'Tenant email;Landlord email;tenant_name;rent;start;document name\n' +
      'not-an-address;l@example.fi;Anna;950;;Lease A\n' +
      'same@example.fi;SAME@example.fi;Bert;12e3;2026-02-30;\n' +
      'c@example.fi;l@example.fi;;950;;Lease/C\n' +
      'd@example.fi;l@example.fi;Dora;950;;Lease D;extra\n';
    const res = await preview(owner, csv);
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json().preview;
    expect(p.fileProblems).toEqual([]);
    expect(p.rows.map((r: { problems: object }) => r.problems)).toEqual([
      { 'Tenant email': 'email' },
      { 'Landlord email': 'duplicateEmail', rent: 'notNumber', start: 'notDate' },
      { tenant_name: 'empty', 'document name': 'name' },
      { columns: 'columns' },
    ]);
    // The empty document name takes the template's; an empty field with a default is left to its default.
    expect(p.rows[1]).toMatchObject({ line: 3, name: 'Lease' });
    expect(p.rows[0].values).toEqual({ tenant_name: 'Anna', rent: '950' });
    expect(p).toMatchObject({ validRows: 0, totalCents: 0, emailCount: 0 });
    expect(errorOf(await start(owner, csv))).toMatchObject({
      code: 'VALIDATION_FAILED',
      reason: 'BULK_SEND_INVALID',
    });
  });

  it('reads Finnish headers and reports missing, unknown and repeated columns', async () => {
    const fi =
      'Tenant sähköposti,Landlord SÄHKÖPOSTI,Tenant etunimi,tenant_name,rent,asiakirjan nimi\n' +
      'a@example.fi,l@example.fi,Anna,Anna,950,Vuokrasopimus\n';
    const ok = (await preview(owner, fi)).json().preview;
    expect(ok).toMatchObject({ fileProblems: [], validRows: 1, perDocumentCents: 100, totalCents: 100 });
    expect(ok.rows[0]).toMatchObject({
      name: 'Vuokrasopimus',
      signees: [{ role: 'Tenant', givenName: 'Anna' }, { role: 'Landlord' }],
    });
    const bad = (await preview(owner, 'Tenant email,colour,rent,Rent\na@example.fi,red,1,2\n')).json()
      .preview;
    expect(bad.fileProblems).toEqual([
      { problem: 'unknownColumn', column: 'colour' },
      { problem: 'duplicateColumn', column: 'Rent' },
      { problem: 'missingColumn', column: 'Landlord email' },
      { problem: 'missingColumn', column: 'tenant_name' },
    ]);
    expect(bad.validRows).toBe(0);
    for (const [csv, problem] of [
      ['Tenant email\n', 'noRows'],
      ['Tenant email\n"open\n', 'unclosedQuote'],
      [`Tenant email\n${'x@example.fi\n'.repeat(1001)}`, 'tooManyRows'],
    ] as const) {
      expect((await preview(owner, csv)).json().preview.fileProblems).toEqual([
        expect.objectContaining({ problem }),
      ]);
    }
    const huge = await preview(owner, 'x'.repeat(600 * 1024));
    expect(errorOf(huge).code).toBe('VALIDATION_FAILED');
  });

  it('prices the valid rows as the send quote does and shows the balance only with the balance permission', async () => {
    const p = (await preview(owner, GOOD)).json().preview;
    expect(p).toMatchObject({
      validRows: 2,
      perDocumentCents: 100,
      totalCents: 200,
      emailCount: 4,
      emailLimitPerHour: 20,
    });
    expect(p.balanceCents).toEqual(expect.any(Number));
    expect(p.balanceAfterCents).toBe(p.balanceCents - 200);
    const member = await t.member(owner, [P.DOCUMENTS_VIEW, P.DOCUMENTS_CREATE, P.DOCUMENTS_EDIT]);
    const theirs = (await preview(member, GOOD)).json().preview;
    expect(theirs).toMatchObject({
      totalCents: 200,
      balanceCents: null,
      balanceAfterCents: null,
      enough: null,
    });
  });
});

describe('bulk send permissions', () => {
  it('needs documents create and edit; another organization’s template or bulk send is 404', async () => {
    const viewer = await t.member(owner, [P.DOCUMENTS_VIEW, P.DOCUMENTS_CREATE]);
    expect((await preview(viewer, GOOD)).statusCode).toBe(403);
    expect((await start(viewer, GOOD)).statusCode).toBe(403);
    expect((await preview(other, GOOD)).statusCode).toBe(404);
    expect((await start(other, GOOD)).statusCode).toBe(404);
    const contract = await t.contract(owner, 'Not a template');
    expect(errorOf(await preview(owner, GOOD, contract.id)).reason).toBe('NOT_A_TEMPLATE');

    const started = await start(owner, GOOD);
    expect(started.statusCode, started.body).toBe(200);
    const id = started.json().bulkSend.id as string;
    for (const call of [
      () => t.json(other, 'GET', `/api/bulk-send/info/${id}`),
      () => t.json(other, 'POST', `/api/bulk-send/retry/${id}`),
    ]) {
      expect((await call()).statusCode).toBe(404);
    }
    // A sender of the organization who sees the template sees its bulk sends (the document roles decide).
    const member = await t.member(owner, [P.DOCUMENTS_VIEW, P.DOCUMENTS_CREATE, P.DOCUMENTS_EDIT]);
    expect((await t.json(member, 'GET', `/api/bulk-send/info/${id}`)).json().bulkSend).toMatchObject({ id });
    const listed = (await t.json(member, 'GET', '/api/bulk-send/list')).json().bulkSends;
    expect(listed.map((b: { id: string }) => b.id)).toContain(id);
    expect((await t.json(viewer, 'GET', `/api/bulk-send/info/${id}`)).statusCode).toBe(403);
    expect((await t.json(other, 'GET', '/api/bulk-send/list')).json().bulkSends).toEqual([]);
    // The template abilities offer it to whom may do it.
    const abilities = async (u: TestUser) =>
      (await t.json(u, 'GET', `/api/documents/info/${templateId}`)).json().abilities.bulkSend;
    expect(await abilities(owner)).toBe(true);
    expect(await abilities(viewer)).toBe(false);
    await settle();
    expect((await info(owner, id)).bulkSend).toMatchObject({
      sent: 2,
    });
  });
});

describe('bulk send rows that cannot be sent', () => {
  it('fails a row whose contract gets no PDF with BULK_SEND_PDF_FAILED, and sends the others', async () => {
    await settle();
    const csv =
      'Tenant email,Landlord email,tenant_name,rent\nx@example.fi,l@example.fi,X,1\ny@example.fi,l@example.fi,Y,2\n';
    const started = await start(owner, csv);
    expect(started.statusCode, started.body).toBe(200);
    const id = started.json().bulkSend.id as string;
    // Only the bulk send's job: the contracts are made, their PDFs still to be made.
    await t.app.jobs.drain({ kinds: ['bulk-send.run'] });
    const made = (await info(owner, id)).rows;
    expect(made.map((r: { status: string }) => r.status)).toEqual(['created', 'created']);
    // The first one's conversion fails (as LibreOffice does on a file it cannot read).
    await t.database.db
      .update(documents)
      .set({ conversionStatus: 'failed' })
      .where(eq(documents.id, made[0].documentId));
    await settle();
    const done = await info(owner, id);
    expect(done.bulkSend).toMatchObject({ status: 'done', sent: 1, failed: 1 });
    expect(done.rows[0]).toMatchObject({
      status: 'failed',
      error: { code: 'CONFLICT', reason: 'BULK_SEND_PDF_FAILED' },
    });
  }, 300_000);
});

describe('bulk send and the e-mail limit', () => {
  it('waits for the organization’s hourly e-mail limit and then sends the rest', async () => {
    await settle();
    t.clock.advance(3600_000 + 60_000);
    // 16 of the 20 e-mails of this hour are used: the first two documents (2 signees each) fit, the third waits.
    const ctx = t.app.ctx;
    await reserveMailQuota(ctx.db, ctx.clock, ctx.config.mail, {
      organizationId: owner.personalOrganizationId,
      recipients: Array.from({ length: 16 }, (_, i) => `filler${i}@example.fi`),
    });
    const rows = Array.from({ length: 3 }, (_, i) => `w${i}@example.fi,W,l@example.fi,W ${i},950`);
    const started = await start(
      owner,
      ['Tenant email,Tenant first name,Landlord email,tenant_name,rent', ...rows].join('\n'),
    );
    expect(started.statusCode, started.body).toBe(200);
    const id = started.json().bulkSend.id as string;
    for (let i = 0; i < 5; i++) {
      await t.app.jobs.drain({ maxJobs: 500 });
      t.clock.advance(3_000);
    }
    const waiting = await info(owner, id);
    expect(waiting.bulkSend).toMatchObject({
      status: 'running',
      sent: 2,
      pending: 1,
      waitingUntil: expect.any(String),
    });
    expect(Date.parse(waiting.bulkSend.waitingUntil)).toBeGreaterThan(ctx.clock.now().getTime());
    t.clock.advance(3600_000);
    await t.app.jobs.drain({ maxJobs: 500 });
    const done = await info(owner, id);
    expect(done.bulkSend).toMatchObject({ status: 'done', sent: 3, failed: 0, waitingUntil: null });
  }, 300_000);
});

describe('bulk send after a crash', () => {
  it('never sends a row twice: a run that stopped after a send finds the contract out of Draft', async () => {
    await settle();
    t.clock.advance(3600_000);
    const csv = 'Tenant email,Landlord email,tenant_name,rent\nz@example.fi,l@example.fi,Z,1\n';
    const id = (await start(owner, csv)).json().bulkSend.id as string;
    await settle();
    const [row] = (await info(owner, id)).rows;
    expect(row).toMatchObject({ status: 'sent' });
    const before = await ledgerSum(t, owner.personalOrganizationId);
    // As if the run had stopped between the send's commit and recording it: the row still says created.
    const db = t.database.db;
    await db.update(bulkSendRows).set({ status: 'created' }).where(eq(bulkSendRows.bulkSendId, id));
    const [bulk] = await db
      .update(bulkSends)
      .set({ status: 'running' })
      .where(eq(bulkSends.id, id))
      .returning();
    await enqueueBulkRun(db, bulk!, t.clock.now());
    await settle();
    const after = await info(owner, id);
    expect(after.bulkSend).toMatchObject({ status: 'done', sent: 1, failed: 0 });
    expect(after.rows[0].documentId).toBe(row.documentId);
    const rounds = await db
      .select()
      .from(signingProcesses)
      .where(eq(signingProcesses.documentId, row.documentId));
    expect(rounds).toHaveLength(1);
    expect(await ledgerSum(t, owner.personalOrganizationId)).toBe(before);
  }, 300_000);
});
