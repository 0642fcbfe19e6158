import { randomUUID } from 'node:crypto';
import { BULK_PREVIEW_LIST_MAX, P } from '@sinetti/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { claimRows, LEASE_MS, record, release } from '../src/commands/bulk-send/lease.ts';
import { bulkSendRows, bulkSends, documents, roles } from '../src/db/schema/index.ts';
import { bulkSendSuite } from './bulk-send-helper.ts';
import { makeDocx } from './fixtures/office.ts';
import { errorOf, type TestUser } from './helper.ts';
import type { SigningTestApp } from './signing-helper.ts';

// The review of bulk send (issue #33 item 4): a folder deleted mid-run, who may retry, the preview's
// bounds, and a run whose lease ran out.
let t: SigningTestApp;
let owner: TestUser;
const kit = bulkSendSuite((s) => ({ t, owner } = s));

const PLAIN = makeDocx('<w:p><w:r><w:t>Lease.</w:t></w:r></w:p>');

const { start, info, retry, settle } = kit;
/** A template of one Tenant role named `name`, uploaded by the owner. */
const template = (name: string, content = PLAIN, parent?: string) =>
  kit.template(owner, { name, content, ...(parent ? { parent } : {}) });

let folderless: string;

describe('bulk send into a folder deleted while it runs', () => {
  it('fails the remaining rows NOT_FOUND instead of making their contracts at the top level', async () => {
    const folder = await t.create(owner, 'folder', 'Leases 2026');
    const other = await t.create(owner, 'folder', 'Elsewhere');
    const id = await template('Folder lease', PLAIN, folder.id);
    folderless = await start(owner, id, 'Tenant email\na@example.fi\nb@example.fi\n');
    // The template moves out, and its folder (where the contracts go) is deleted for good.
    const moved = await t.json(owner, 'GET', `/api/documents/move/${id}/${other.id}`);
    expect(moved.statusCode, moved.body).toBe(200);
    const gone = await t.json(owner, 'POST', '/api/documents/delete/permanently', {
      documentId: folder.id,
    });
    expect(gone.statusCode, gone.body).toBe(200);
    await settle();
    const done = await info(owner, folderless);
    expect(done.bulkSend).toMatchObject({ status: 'done', sent: 0, failed: 2 });
    for (const row of done.rows) {
      expect(row).toMatchObject({ status: 'failed', documentId: null, error: { code: 'NOT_FOUND' } });
    }
    const made = await t.database.db
      .select({ id: documents.id })
      .from(documents)
      .where(and(eq(documents.name, 'Folder lease'), eq(documents.type, 'contract')));
    expect(made).toEqual([]);
  }, 120_000);
});

describe('retrying a bulk send', () => {
  it('is refused to another sender, whose retry would send as the starter; the starter and owner may', async () => {
    const sender = await t.member(owner, [P.DOCUMENTS_VIEW, P.DOCUMENTS_CREATE, P.DOCUMENTS_EDIT]);
    // The other sender sees the bulk send (its template is theirs to see) but is not offered Retry.
    const seen = await info(sender, folderless);
    expect(seen).toMatchObject({ bulkSend: { failed: 2 }, mayRetry: false });
    expect(errorOf(await retry(sender, folderless)).code).toBe('FORBIDDEN');
    expect((await info(owner, folderless)).bulkSend).toMatchObject({ status: 'done', failed: 2, pending: 0 });
    expect((await info(owner, folderless)).mayRetry).toBe(true);
    // Their own bulk send they retry; the owner may retry anyone's.
    const theirs = await template('Sender lease');
    const id = await start(sender, theirs, 'Tenant email\nc@example.fi\n');
    await settle();
    await t.database.db
      .update(bulkSendRows)
      .set({ status: 'failed', errorCode: 'INTERNAL' })
      .where(eq(bulkSendRows.bulkSendId, id));
    expect((await info(sender, id)).mayRetry).toBe(true);
    expect((await retry(sender, id)).statusCode).toBe(200);
    await settle();
    await t.database.db
      .update(bulkSendRows)
      .set({ status: 'failed', errorCode: 'INTERNAL' })
      .where(eq(bulkSendRows.bulkSendId, id));
    expect((await retry(owner, id)).statusCode).toBe(200);
    await settle();
    expect((await info(owner, id)).bulkSend).toMatchObject({ sent: 1, failed: 0 });
  }, 120_000);
});

describe('retrying a bulk send the caller may not see', () => {
  it('answers 404 alike for a missing one, another organization’s and one hidden by roles, whoever asks', async () => {
    const sender = await t.member(owner, [P.DOCUMENTS_VIEW, P.DOCUMENTS_CREATE, P.DOCUMENTS_EDIT]);
    // The sender owns an organization of their own too, and starts a bulk send there.
    const elsewhere = await t.organization(sender);
    const foreignTemplate = await t.create(elsewhere, 'template', 'Their template');
    const foreign = await start(elsewhere, foreignTemplate.id, 'document name\nTheirs\n');
    // A key of this organization, which may send.
    const made = await t.apiKey(owner, [P.DOCUMENTS_VIEW, P.DOCUMENTS_CREATE, P.DOCUMENTS_EDIT], {
      name: 'Retry key',
    });
    const key = await t.keySession(made.secret, owner.personalOrganizationId);
    // A bulk send of this organization whose template is in a folder restricted to a role the sender lacks.
    const [role] = await t.database.db
      .insert(roles)
      .values({ organizationId: owner.personalOrganizationId, name: 'Retry circle', permissions: [] })
      .returning();
    const secret = await t.create(owner, 'folder', 'Retry secret');
    const restricted = await t.json(owner, 'GET', `/api/privileges/document-role/${secret.id}/${role!.id}`);
    expect(restricted.statusCode, restricted.body).toBe(200);
    const hidden = await start(
      owner,
      await template('Secret lease', PLAIN, secret.id),
      'Tenant email\ns@example.fi\n',
    );
    await settle();

    const missing = errorOf(await retry(owner, randomUUID()));
    expect(missing.code).toBe('NOT_FOUND');
    for (const [who, u, id] of [
      ['the owner, another organization’s', owner, foreign],
      ['its starter, from this organization', sender, foreign],
      ['a key, another organization’s', key, foreign],
      ['a sender, one hidden by roles', sender, hidden],
      ['a sender, a missing one', sender, randomUUID()],
      ['a key, a missing one', key, randomUUID()],
    ] as const) {
      const res = await retry(u, id);
      expect(res.statusCode, who).toBe(404);
      expect(errorOf(res), who).toEqual(missing);
    }
    // Where it is theirs to retry (its starter, in the organization it belongs to), the retry passes.
    await t.database.db
      .update(bulkSendRows)
      .set({ status: 'failed', errorCode: 'INTERNAL' })
      .where(eq(bulkSendRows.bulkSendId, foreign));
    const theirs = await t.json(elsewhere, 'POST', `/api/bulk-send/retry/${foreign}`);
    expect(theirs.statusCode, theirs.body).toBe(200);
  }, 120_000);
});

describe('the preview of a large or bad file', () => {
  it('names a header wider than the template one problem, and lists a bounded number of rows', async () => {
    const id = await template('Wide lease');
    const wide = ['Tenant email', ...Array.from({ length: 5000 }, (_, i) => `c${i}`)].join(',');
    const p = (
      await t.json(owner, 'POST', `/api/bulk-send/preview/${id}`, { csv: `${wide}\na@example.fi\n` })
    ).json().preview;
    // Three columns per role and the document name: at most 4.
    expect(p.fileProblems).toEqual([{ problem: 'tooManyColumns', count: 5001, max: 4 }]);
    expect(p.fileProblemCount).toBe(1);
    // A known column counts once towards the limit: repeated, it is one repeated column, however often.
    const again = ['Tenant email', 'Tenant first name', ...Array.from({ length: 5 }, () => 'tenant EMAIL')];
    const repeated = (
      await t.json(owner, 'POST', `/api/bulk-send/preview/${id}`, {
        csv: `${again.join(',')}\na@example.fi\n`,
      })
    ).json().preview;
    expect(repeated.fileProblems).toEqual([{ problem: 'duplicateColumn', column: 'tenant EMAIL' }]);
    // Over the limit by unknown columns, a repeated known one is still named.
    const both = [...again, ...Array.from({ length: 4 }, (_, i) => `c${i}`)].join(',');
    const over = (
      await t.json(owner, 'POST', `/api/bulk-send/preview/${id}`, { csv: `${both}\na@example.fi\n` })
    ).json().preview;
    expect(over.fileProblems).toEqual([
      { problem: 'tooManyColumns', count: 11, max: 4 },
      { problem: 'duplicateColumn', column: 'tenant EMAIL' },
    ]);
    const rows = [
      ...Array.from({ length: 150 }, (_, i) => `bad ${i}`),
      ...Array.from({ length: 20 }, (_, i) => `ok${i}@example.fi`),
    ];
    const many = (
      await t.json(owner, 'POST', `/api/bulk-send/preview/${id}`, { csv: `Tenant email\n${rows.join('\n')}` })
    ).json().preview;
    expect(many).toMatchObject({ rowCount: 170, validRows: 20, fileProblemCount: 0 });
    expect(many.rows).toHaveLength(BULK_PREVIEW_LIST_MAX);
    expect(many.rows[0]).toMatchObject({ line: 2, problems: { 'Tenant email': 'email' } });
    // Here none fit after them. With fewer: the rows with problems first, then the others.
    const fewBad = [...rows.slice(150), ...rows.slice(0, 3)].join('\n');
    const few = (
      await t.json(owner, 'POST', `/api/bulk-send/preview/${id}`, { csv: `Tenant email\n${fewBad}` })
    ).json().preview;
    const lines = few.rows.map((r: { line: number }) => r.line);
    expect(lines).toEqual([22, 23, 24, ...Array.from({ length: 20 }, (_, i) => i + 2)]);
  });

  it('lists at most the first problems of the file, and counts them all', async () => {
    const fields = Array.from({ length: 60 }, (_, i) => `{{f${i}}}`).join(' ');
    const id = await template('Field lease', makeDocx(`<w:p><w:r><w:t>${fields}</w:t></w:r></w:p>`));
    const header = Array.from({ length: 60 }, (_, i) => `x${i}`).join(',');
    const p = (
      await t.json(owner, 'POST', `/api/bulk-send/preview/${id}`, { csv: `${header}\n${header}\n` })
    ).json().preview;
    // 60 unknown columns, the e-mail column and 60 fields missing.
    expect(p.fileProblemCount).toBe(121);
    expect(p.fileProblems).toHaveLength(BULK_PREVIEW_LIST_MAX);
    expect(p.fileProblems[0]).toEqual({ problem: 'unknownColumn', column: 'x0' });
  });
});

describe('a run whose lease ran out', () => {
  it('changes nothing when it records after another run claimed the row again', async () => {
    const id = await template('Lease lease');
    const bulkId = await start(owner, id, 'Tenant email\nd@example.fi\n');
    const ctx = t.app.ctx;
    const [stale] = await claimRows(ctx, bulkId);
    expect(await claimRows(ctx, bulkId)).toEqual([]);
    t.clock.advance(LEASE_MS + 1_000);
    const [fresh] = await claimRows(ctx, bulkId);
    expect(fresh?.id).toBe(stale?.id);
    expect(fresh?.leaseToken).not.toBe(stale?.leaseToken);
    // The first run, late: its end of the lease and its outcome leave the second run's claim alone.
    await release(ctx.db, [stale!]);
    await record(ctx.db, ctx, stale!, { kind: 'failed', code: 'INTERNAL' });
    const [held] = await t.database.db.select().from(bulkSendRows).where(eq(bulkSendRows.id, fresh!.id));
    expect(held).toMatchObject({ status: 'pending', errorCode: null, leaseToken: fresh!.leaseToken });
    await record(ctx.db, ctx, fresh!, { kind: 'sent' });
    await record(ctx.db, ctx, stale!, { kind: 'failed', code: 'INTERNAL' });
    const [row] = await t.database.db.select().from(bulkSendRows).where(eq(bulkSendRows.id, fresh!.id));
    expect(row).toMatchObject({ status: 'sent', errorCode: null, leaseToken: null });
    await settle();
    expect((await t.database.db.select().from(bulkSends).where(eq(bulkSends.id, bulkId)))[0]?.status).toBe(
      'done',
    );
  });
});
