/**
 * Dashboard counts (issue #32 items 1 and 4, docs/decisions.md "Dashboard counts" and "Document roles"):
 * document_counts, kept by triggers, equals a COUNT(*) of the documents (their roles worked out from
 * document_roles, not from the stored effective roles) after concurrent creates, deletes, state changes,
 * moves and role changes; GET documents/stats of the owner and of a member whose roles hide a folder equals
 * a count of what each sees; a folder's role change rewrites the folder, not the documents in it; and one
 * UPDATE of thousands of documents costs the trigger work in proportion to them, not to their square.
 */
import { DOCUMENT_STATE, P } from '@sinetti/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compactDocumentCounts } from '../src/commands/housekeeping.ts';
import { documents, organizations, roleAssignments, roles } from '../src/db/schema/index.ts';
import { testDbKind } from './db.ts';
import { buildDocumentsApp, type DocumentsTestApp } from './documents-helper.ts';
import type { TestUser } from './helper.ts';

let t: DocumentsTestApp;
let owner: TestUser;
/** Sees every document, holds role Legal. */
let lawyer: TestUser;
/** Sees documents, holds no role: Legal's folders are hidden from them. */
let colleague: TestUser;
let legal: string;

const ALL_DOCS = [P.DOCUMENTS_VIEW, P.DOCUMENTS_CREATE, P.DOCUMENTS_EDIT, P.DOCUMENTS_DELETE];

beforeAll(async () => {
  t = await buildDocumentsApp();
  owner = await t.organization(await t.signUp({ name: 'Cora Counter' }));
  lawyer = await t.member(owner, [...ALL_DOCS]);
  colleague = await t.member(owner, [...ALL_DOCS]);
  const db = t.database.db;
  const organizationId = owner.personalOrganizationId;
  legal = (await db.insert(roles).values({ organizationId, name: 'Legal', permissions: [] }).returning())[0]!
    .id;
  await db.insert(roleAssignments).values({ roleId: legal, accountId: lawyer.accountId, organizationId });
});
afterAll(async () => t?.close());

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** The counters, summed over shards, as "day state roles n" lines. */
async function counted(): Promise<string[]> {
  const result = await t.database.db.execute(sql`
    select day::text as day, state, case when restricted then role_ids::text end as roles, sum(n)::int as n
    from document_counts where organization_id = ${owner.personalOrganizationId}
    group by 1, 2, 3 having sum(n) <> 0`);
  return rowsOf<{ day: string; state: number; roles: string | null; n: number }>(result)
    .map((r) => `${r.day} ${r.state} ${r.roles ?? '-'} ${r.n}`)
    .sort();
}

/**
 * The same from the documents: each document's roles are those of the nearest of itself and its
 * ancestors with document_roles rows (the rule), not the stored effective_role_ids.
 */
async function truth(): Promise<string[]> {
  const result = await t.database.db.execute(sql`
    with recursive up(doc, node, depth) as (
      select d.id, d.id, 0 from documents d
      where d.organization_id = ${owner.personalOrganizationId} and d.type <> 'folder' and d.state < 100
      union all
      select up.doc, x.parent_id, up.depth + 1 from up join documents x on x.id = up.node
      where x.parent_id is not null
    ), owned as (
      select distinct on (up.doc) up.doc,
        (select array_agg(r.role_id order by r.role_id) from document_roles r where r.document_id = up.node) as eff
      from up where exists (select 1 from document_roles r where r.document_id = up.node)
      order by up.doc, up.depth
    )
    select (d.updated_at at time zone 'UTC')::date::text as day, d.state, o.eff::text as roles, count(*)::int as n
    from documents d left join owned o on o.doc = d.id
    where d.organization_id = ${owner.personalOrganizationId} and d.type <> 'folder' and d.state < 100
    group by 1, 2, 3`);
  return rowsOf<{ day: string; state: number; roles: string | null; n: number }>(result)
    .map((r) => `${r.day} ${r.state} ${r.roles ?? '-'} ${r.n}`)
    .sort();
}

async function expectCountsTrue(when: string): Promise<void> {
  const expected = await truth();
  expect(expected.length, when).toBeGreaterThan(0);
  expect(await counted(), when).toEqual(expected);
}

const ok = async (res: Promise<{ statusCode: number; body: string }>) => {
  const r = await res;
  expect(r.statusCode, r.body).toBe(200);
};
const addRole = (doc: string) => ok(t.json(owner, 'GET', `/api/privileges/document-role/${doc}/${legal}`));
const removeRole = (doc: string) =>
  ok(t.json(owner, 'GET', `/api/privileges/document-delete/${doc}/${legal}`));
const setState = (ids: string[], state: number) =>
  t.database.db.update(documents).set({ state }).where(inArray(documents.id, ids));

describe('document_counts', () => {
  it('equals a COUNT(*) of the documents after concurrent creates, deletes, state changes, moves and role changes', async () => {
    const folderA = (await t.create(owner, 'folder', 'Counts A')).id;
    const folderB = (await t.create(owner, 'folder', 'Counts B')).id;
    const inner = (await t.create(owner, 'folder', 'Counts inner', folderA)).id;
    const parents = [folderA, folderB, inner, undefined];
    const first = await Promise.all(
      Array.from({ length: 24 }, (_, i) => t.create(owner, 'contract', `Counted ${i}`, parents[i % 4])),
    );
    await expectCountsTrue('after concurrent creates');

    // A role given to folder A while documents are made in it and under it, changed, deleted and moved.
    const ids = first.map((d) => d.id);
    await Promise.all([
      addRole(folderA),
      ...Array.from({ length: 8 }, (_, i) =>
        t.create(owner, 'contract', `During ${i}`, i % 2 ? folderA : inner),
      ),
      setState(ids.slice(0, 4), DOCUMENT_STATE.Signing),
      setState(ids.slice(4, 6), DOCUMENT_STATE.Signed),
      ok(t.json(owner, 'POST', '/api/documents/delete', { documentId: ids[6] })),
      ok(t.json(owner, 'POST', '/api/documents/delete/permanently', { documentId: ids[7] })),
      ok(t.json(owner, 'GET', `/api/documents/move/${ids[8]}/${folderA}`)),
      ok(t.json(owner, 'GET', `/api/documents/move/${ids[9]}/${inner}`)),
      ok(t.json(owner, 'GET', `/api/documents/move/${ids[10]}/${folderB}`)),
    ]);
    await expectCountsTrue('after a role change amid creates, deletes, state changes and moves');

    // A folder moved into the restricted one takes its documents' counts along; a document of its own roles.
    await Promise.all([
      ok(t.json(owner, 'GET', `/api/documents/move/${folderB}/${inner}`)),
      addRole(ids[1]!),
      setState(ids.slice(12, 16), DOCUMENT_STATE.Archived),
    ]);
    await expectCountsTrue('after moving a folder into the restricted one');

    // The role taken away again while documents come and go; a folder deleted with everything in it.
    await Promise.all([
      removeRole(folderA),
      ...Array.from({ length: 4 }, (_, i) => t.create(owner, 'contract', `After ${i}`, inner)),
      ok(t.json(owner, 'POST', '/api/documents/delete', { documentId: ids[16] })),
    ]);
    await expectCountsTrue('after the role is taken away');
    await addRole(inner);
    await setState(ids.slice(0, 4), DOCUMENT_STATE.Draft); // nothing being signed is deleted
    await ok(t.json(owner, 'POST', '/api/documents/delete/permanently', { documentId: folderB }));
    await expectCountsTrue('after a folder is deleted permanently');

    // A role deleted from the organization restricts nothing more: its documents count as open again.
    const db = t.database.db;
    const [temp] = await db
      .insert(roles)
      .values({ organizationId: owner.personalOrganizationId, name: 'Counts temporary', permissions: [] })
      .returning();
    await ok(t.json(owner, 'GET', `/api/privileges/document-role/${folderA}/${temp!.id}`));
    await expectCountsTrue('after a role of its own is given to the folder');
    await db.delete(roles).where(eq(roles.id, temp!.id));
    await expectCountsTrue('after that role is deleted from the organization');

    // A day's update moves a document to the day it was updated on.
    await t.database.db
      .update(documents)
      .set({ updatedAt: new Date(t.clock.now().getTime() - 40 * 24 * 3600_000) })
      .where(eq(documents.id, ids[17]!));
    await expectCountsTrue('after an update of the day');

    // Housekeeping's compaction folds the writers' shards into one row per key and changes no count.
    const before = await counted();
    const folded = await compactDocumentCounts(
      t.database.db,
      new Date(t.clock.now().getTime() + 400 * 24 * 3600_000),
    );
    expect(folded).toBeGreaterThan(0);
    expect(await counted()).toEqual(before);
    const shards = rowsOf<{ n: number }>(
      await t.database.db.execute(sql`select count(*)::int as n from document_counts
        where organization_id = ${owner.personalOrganizationId} and (shard <> 0 or n = 0)`),
    );
    expect(shards[0]!.n).toBe(0);

    // The rebuild (after a bulk load without triggers) gives the same counts.
    await t.database.db.execute(sql`select document_counts_rebuild(${owner.personalOrganizationId}::uuid)`);
    expect(await counted()).toEqual(before);
  });

  it('goes with a deleted organization, its documents not counted down (no counter rows left behind)', async () => {
    const other = await t.organization(await t.signUp({ name: 'Gone Organization' }));
    const folder = (await t.create(other, 'folder', 'Gone folder')).id;
    await Promise.all([t.create(other, 'contract', 'Gone 1', folder), t.create(other, 'contract', 'Gone 2')]);
    const rowsOfOrg = async () =>
      rowsOf<{ n: number }>(
        await t.database.db.execute(
          sql`select count(*)::int as n from document_counts where organization_id = ${other.personalOrganizationId}`,
        ),
      )[0]!.n;
    expect(await rowsOfOrg()).toBeGreaterThan(0);
    await t.database.db.delete(organizations).where(eq(organizations.id, other.personalOrganizationId));
    expect(await rowsOfOrg()).toBe(0);
  });

  it('GET documents/stats answers what each member sees, from the counters', async () => {
    const stats = async (u: TestUser) => {
      const res = await t.json(u, 'GET', '/api/documents/stats');
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { draft: number } & Record<string, number>;
    };
    // What each sees, counted the slow way: the visible documents of the last 30 days per state.
    const slow = async (seesAll: boolean, roleIds: string[]) => {
      const result = await t.database.db.execute(sql`
        select state, count(*)::int as n from documents d
        where d.organization_id = ${owner.personalOrganizationId} and d.type <> 'folder' and d.state < 100
          and d.updated_at >= date_trunc('day', (${t.clock.now().toISOString()}::timestamptz - interval '30 days') at time zone 'UTC') at time zone 'UTC'
          and (${seesAll}::boolean or coalesce(coalesce(d.effective_role_ids,
            (select p.effective_role_ids from documents p where p.id = d.parent_id)) && ${`{${roleIds.join(',')}}`}::uuid[], true))
        group by state`);
      const by = new Map(rowsOf<{ state: number; n: number }>(result).map((r) => [r.state, r.n]));
      const { Draft, Signing, Signed, Archived } = DOCUMENT_STATE;
      return {
        status: 'OK',
        draft: by.get(Draft) ?? 0,
        pending: by.get(Signing) ?? 0,
        complete: by.get(Signed) ?? 0,
        archived: by.get(Archived) ?? 0,
        published: 0,
      };
    };
    const hidden = (await t.create(owner, 'folder', 'Stats hidden')).id;
    await addRole(hidden);
    await Promise.all(
      Array.from({ length: 3 }, (_, i) => t.create(owner, 'contract', `Hidden ${i}`, hidden)),
    );
    await t.create(owner, 'contract', 'Stats open');
    const mine = await stats(colleague);
    const lawyers = await stats(lawyer);
    const owners = await stats(owner);
    expect(owners).toEqual(await slow(true, []));
    expect(lawyers).toEqual(await slow(false, [legal]));
    expect(mine).toEqual(await slow(false, []));
    expect(owners.draft - mine.draft).toBeGreaterThanOrEqual(3);
    expect(lawyers.draft).toBe(owners.draft);
  });

  it('a role change of a folder rewrites the folder, not the documents in it', async () => {
    const folder = (await t.create(owner, 'folder', 'Untouched')).id;
    const sub = (await t.create(owner, 'folder', 'Untouched sub', folder)).id;
    const inside = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        t.create(owner, 'contract', `Untouched ${i}`, i % 2 ? folder : sub),
      ),
    );
    const versions = async (ids: string[]) =>
      rowsOf<{ id: string; v: string }>(
        await t.database.db.execute(
          sql`select id, xmin::text as v from documents where id in ${sql.raw(`('${ids.join("','")}')`)} order by id`,
        ),
      );
    const docs = inside.map((d) => d.id);
    const before = await versions(docs);
    const foldersBefore = await versions([folder, sub]);
    await addRole(folder);
    expect(await versions(docs)).toEqual(before);
    const foldersAfter = await versions([folder, sub]);
    expect(foldersAfter.map((f) => f.v)).not.toEqual(foldersBefore.map((f) => f.v));
    // …and yet the documents are hidden from the member without the role, and counted for the lawyer only.
    const listed = await t.json(colleague, 'GET', `/api/documents/info/${docs[0]}`);
    expect(listed.statusCode).toBe(404);
    expect((await t.json(lawyer, 'GET', `/api/documents/info/${docs[0]}`)).statusCode).toBe(200);
    await removeRole(folder);
    expect(await versions(docs)).toEqual(before);
    expect((await t.json(colleague, 'GET', `/api/documents/info/${docs[0]}`)).statusCode).toBe(200);
    await expectCountsTrue('after the folder role came and went');
  });

  // The trigger once joined the statement's old and new rows, and PostgreSQL ran that join as a nested loop:
  // 4,000 rows without a changed key took 4.1 s, 16,000 would take over a minute (quadratic); the delete
  // trigger, and the foreign key's cascade before migration 0048, read the rows again for each deleted one.
  // On PostgreSQL 16,000 rows, each statement under a 30 s time-out that only a quadratic one reaches (a
  // hang-catcher, not a timing: each takes a few seconds); PGlite, which runs the same triggers, checks the
  // counts.
  it('one UPDATE of thousands of documents keeps the counts, changed key or not, without a quadratic trigger', async () => {
    const many = testDbKind === 'postgres' ? 16_000 : 2_000;
    const db = t.database.db;
    const open = (await t.create(owner, 'folder', 'Bulk open')).id;
    const restricted = (await t.create(owner, 'folder', 'Bulk restricted')).id;
    await addRole(restricted);
    const bulk = (statement: ReturnType<typeof sql>) =>
      db.transaction(async (tx) => {
        if (testDbKind === 'postgres') await tx.execute(sql`set local statement_timeout = '30s'`);
        await tx.execute(statement);
      });
    await bulk(sql`
      insert into documents (organization_id, parent_id, owner_account_id, name, type, platform, state)
      select ${owner.personalOrganizationId}::uuid,
        case when i % 2 = 0 then ${open}::uuid else ${restricted}::uuid end,
        ${owner.accountId}::uuid, 'Bulk ' || i, 'contract', 'google', ${DOCUMENT_STATE.Draft}
      from generate_series(1, ${many}::int) i`);
    await expectCountsTrue('after a bulk insert');
    const inBulk = sql`parent_id in (${open}::uuid, ${restricted}::uuid)`;
    const bulkUpdate = (set: string) => bulk(sql`update documents set ${sql.raw(set)} where ${inBulk}`);
    // No counted key changes: every row's old and new versions fall in one group.
    await bulkUpdate(`name = name || ' (renamed)'`);
    await expectCountsTrue('after a bulk update that changes no counted key');
    // The restricted half signed, and all in the open folder: keys and role sets change.
    await bulkUpdate(
      `state = case when parent_id = '${restricted}' then ${DOCUMENT_STATE.Signed} else state end,` +
        ` parent_id = '${open}'`,
    );
    await expectCountsTrue('after a bulk update that changes keys and folders');
    await bulk(sql`delete from documents where ${inBulk}`);
    await expectCountsTrue('after the bulk documents are deleted');
  }, 120_000);
});
