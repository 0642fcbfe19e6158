/**
 * Deleting a large folder (docs/decisions.md "Deleting a large folder"): POST documents/delete marks a folder
 * and everything under it deleted in statements of DELETE_SLICE rows, so that no one statement grows with the
 * folder (a folder of 5,000 contracts in one statement ran past the statement time-out at 1M documents), and
 * still all or nothing: a failure in the last statement leaves every row as it was.
 */
import { DOCUMENT_STATE } from '@sinetti/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELETE_SLICE } from '../src/commands/documents/delete-document.ts';
import { buildDocumentsApp, type DocumentsTestApp } from './documents-helper.ts';
import type { TestUser } from './helper.ts';

let t: DocumentsTestApp;
let owner: TestUser;
beforeAll(async () => {
  t = await buildDocumentsApp();
  owner = await t.organization(await t.signUp());
});
afterAll(async () => t?.close());

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** Drafts in the folder, `count` of them, inserted at once; half in a subfolder. */
async function fill(folder: string, sub: string, count: number, prefix: string): Promise<void> {
  await t.database.db.execute(sql`
    insert into documents (organization_id, parent_id, owner_account_id, name, type, platform, state)
    select ${owner.personalOrganizationId}::uuid, case when i % 2 = 0 then ${folder}::uuid else ${sub}::uuid end,
      ${owner.accountId}::uuid, ${prefix} || ' ' || i, 'contract', 'google', ${DOCUMENT_STATE.Draft}
    from generate_series(1, ${count}::int) i`);
}

/** The states of the folder's rows, as "state count" lines. */
async function statesUnder(folder: string): Promise<string[]> {
  const result = await t.database.db.execute(sql`
    with recursive tree(id) as (select ${folder}::uuid union select d.id from documents d join tree on d.parent_id = tree.id)
    select d.state, count(*)::int as n from documents d join tree on tree.id = d.id group by d.state order by d.state`);
  return rowsOf<{ state: number; n: number }>(result).map((r) => `${r.state} ${r.n}`);
}

const drafts = async () => {
  const res = await t.json(owner, 'GET', '/api/documents/stats');
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { draft: number }).draft;
};
const found = async (text: string) =>
  (await t.json(owner, 'POST', '/api/documents/search', { text })).json().documents.length as number;

describe('POST documents/delete of a folder of more than DELETE_SLICE documents', () => {
  const count = 2 * DELETE_SLICE + 37;

  it('marks every row deleted, counts and search included', async () => {
    const folder = (await t.create(owner, 'folder', 'Large')).id;
    const sub = (await t.create(owner, 'folder', 'Large inner', folder)).id;
    await fill(folder, sub, count, 'Bulky');
    const before = await drafts();
    expect(await found('Bulky')).toBeGreaterThan(0);
    const res = await t.json(owner, 'POST', '/api/documents/delete', { documentId: folder });
    expect(res.statusCode, res.body).toBe(200);
    expect(await statesUnder(folder)).toEqual([`${DOCUMENT_STATE.Deleted} ${count + 2}`]);
    expect(await drafts()).toBe(before - count);
    expect(await found('Bulky')).toBe(0);
  });

  it('is all or nothing: a failure in its third statement leaves every row as it was', async () => {
    const folder = (await t.create(owner, 'folder', 'Large doomed')).id;
    const sub = (await t.create(owner, 'folder', 'Large doomed inner', folder)).id;
    await fill(folder, sub, count, 'Sturdy');
    const db = t.database.db;
    // The third UPDATE of documents in a transaction fails: the deletion's first two statements (its first
    // 2 × DELETE_SLICE rows) have run by then.
    await db.execute(
      sql.raw(`create function refuse_third_update() returns trigger language plpgsql as $$
        declare n int := coalesce(nullif(current_setting('sinetti_test.updates', true), ''), '0')::int + 1;
        begin
          perform set_config('sinetti_test.updates', n::text, true);
          if n >= 3 then raise exception 'refused for the test'; end if;
          return null;
        end $$`),
    );
    await db.execute(
      sql.raw(`create trigger refuse_third_update before update on documents
        for each statement execute function refuse_third_update()`),
    );
    try {
      const res = await t.json(owner, 'POST', '/api/documents/delete', { documentId: folder });
      expect(res.statusCode).toBeGreaterThanOrEqual(500);
    } finally {
      await db.execute(sql`drop trigger refuse_third_update on documents`);
      await db.execute(sql`drop function refuse_third_update()`);
    }
    expect(await statesUnder(folder)).toEqual([`${DOCUMENT_STATE.Draft} ${count + 2}`]);
    expect(await found('Sturdy')).toBeGreaterThan(0);
    // And it goes, once nothing refuses it.
    const res = await t.json(owner, 'POST', '/api/documents/delete', { documentId: folder });
    expect(res.statusCode, res.body).toBe(200);
    expect(await statesUnder(folder)).toEqual([`${DOCUMENT_STATE.Deleted} ${count + 2}`]);
  });
});
