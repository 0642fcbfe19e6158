// How many statements a text search runs, and what a restricted member's statements read of the
// organization's folders (issue #32 item 2: a restricted member pays about what the owner pays). They are
// taken at the database driver by their text: every statement of a text search's tiers reads search_vector,
// and nothing else the request runs does.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDocumentsApp, hiddenMergers, type DocumentsTestApp } from './documents-helper.ts';
import type { TestUser } from './helper.ts';
import { watchStatements } from './statements-helper.ts';

let t: DocumentsTestApp;
beforeAll(async () => {
  t = await buildDocumentsApp();
});
afterAll(async () => t.close());

/** The names a search answers and how many search statements it ran (their texts pushed to `texts`). */
async function searched(
  u: TestUser,
  text: string,
  texts: string[] = [],
): Promise<{ names: string[]; statements: number }> {
  const watch = watchStatements(t.database.db);
  try {
    const res = await t.json(u, 'POST', '/api/documents/search', { text });
    expect(res.statusCode, res.body).toBe(200);
    const names = (res.json() as { documents: { name: string }[] }).documents.map((d) => d.name);
    const searches = watch.texts.filter((sql) => sql.includes('search_vector'));
    texts.push(...searches);
    return { names, statements: searches.length };
  } finally {
    watch.stop();
  }
}

describe('POST documents/search (statements per search)', () => {
  it("asks whether a member's word matches hidden documents in the substring tier's statement", async () => {
    const { org, member } = await hiddenMergers(t);
    // Warm: the organization's window start is read once a minute, not per search.
    await searched(member, 'mergers');

    // The owner: the words tier finds one match, the substring tier fills the rest of the page.
    expect(await searched(org, 'mergers')).toEqual({ names: ['Mergers agreement'], statements: 2 });
    // The member's word matches a hidden document only: words, then substrings with the check in the same
    // statement (it was a third statement), and no near spellings.
    expect(await searched(member, 'mergers')).toEqual({ names: [], statements: 2 });
    // A word that matches nothing at all: words, substrings with the check, near spellings.
    expect(await searched(member, 'mergerx')).toEqual({ names: ['Mergerz plan'], statements: 3 });
    // A word the member sees a match of: the check is not asked (it is only asked when nothing was found).
    expect(await searched(member, 'plan')).toEqual({ names: ['Mergerz plan'], statements: 2 });
  });

  it("looks a restricted member's folders up per row, never reads every folder hidden from them", async () => {
    const { org, member } = await hiddenMergers(t);
    // Thirty more folders the member may not see, each with a document of its own.
    const roleId = await boardRoleId(org.personalOrganizationId);
    for (let i = 0; i < 30; i++) {
      const folder = await t.create(org, 'folder', `Closed ${i}`);
      await t.create(org, 'contract', `Minutes ${i}`, folder.id);
      const given = await t.json(org, 'GET', `/api/privileges/document-role/${folder.id}/${roleId}`);
      expect(given.statusCode, given.body).toBe(200);
    }
    await searched(member, 'mergers');
    const texts: string[] = [];
    expect(await searched(member, 'mergers', texts)).toEqual({ names: [], statements: 2 });
    // Each reading of the folders is a lookup of one row's folder (at most one row each time), where hashing
    // the hidden ones read all 31 at once. The substring tier checks the roles of its matches only (one per
    // match: "Mergers agreement" in each part at most); the words tier checks the roles of the rows it walks
    // before their words (search/tiers.ts walkedFirst), so as many as it walks, bounded by the window.
    let read = 0;
    for (const text of texts) {
      const folders = await foldersRead(text.replace(/^set local statement_timeout = \d+; /, ''));
      expect(folders.mostPerLookup, text).toBeLessThanOrEqual(1);
      if (!text.includes('seen_id')) expect(folders.rows, text).toBeLessThanOrEqual(2);
      read += folders.rows;
    }
    // The hidden match's folder was read (the plans name the rule's lookup as this test expects).
    expect(read).toBeGreaterThanOrEqual(1);
    expect(texts.filter((text) => text.includes('seen_id'))).toHaveLength(1);
  });
});

describe('POST documents/search (in an order the caller chose)', () => {
  it('sorts the matches when the walk in index order stops at its time limit', async () => {
    const org = await t.organization(await t.signUp());
    for (const name of ['Ordered alpha', 'Ordered beta', 'Ordered gamma']) {
      await t.create(org, 'contract', name);
      t.clock.advance(1000);
    }
    // The walk (ordered by the indexed column itself) is cancelled as its time limit would cancel it.
    const watch = watchStatements(t.database.db, (text) =>
      text.includes('search_vector') && text.includes('order by created_at desc')
        ? Promise.reject(
            Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' }),
          )
        : undefined,
    );
    try {
      const res = await t.json(org, 'POST', '/api/documents/search?orderBy=created&orderValue=DESC&limit=2', {
        text: 'ordered',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        documents: [{ name: 'Ordered gamma' }, { name: 'Ordered beta' }],
        hasMore: true,
      });
    } finally {
      watch.stop();
    }
    const texts = watch.texts.filter((text) => text.includes('search_vector'));
    expect(texts).toHaveLength(2);
    expect(texts[1]).toContain("order by created_at + interval '0 s' desc");
    // By name, the matches are sorted from the start: one statement.
    const byName = await t.json(org, 'POST', '/api/documents/search?orderBy=name&orderValue=ASC', {
      text: 'ordered',
    });
    expect(byName.json().documents.map((d: { name: string }) => d.name)).toEqual([
      'Ordered alpha',
      'Ordered beta',
      'Ordered gamma',
    ]);
  });
});

async function boardRoleId(organizationId: string): Promise<string> {
  const result = await t.database.db.execute(
    sql`select id from roles where organization_id = ${organizationId} and name = 'Board'`,
  );
  return (result as unknown as { rows: { id: string }[] }).rows[0]?.id ?? '';
}

interface PlanNode {
  Alias?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  Plans?: PlanNode[];
}

/**
 * What a statement's plan read through the alias `h` (the folder the visibility rule looks up): the rows over
 * all the times each reading ran, and the most one reading gave (its rows per loop).
 */
async function foldersRead(statement: string): Promise<{ rows: number; mostPerLookup: number }> {
  const result = await t.database.db.execute(sql.raw(`explain (analyze, format json) ${statement}`));
  const raw = (result as unknown as { rows: { 'QUERY PLAN': unknown }[] }).rows[0]?.['QUERY PLAN'];
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: PlanNode }[];
  const found = { rows: 0, mostPerLookup: 0 };
  const visit = (node: PlanNode): void => {
    if (node.Alias === 'h') {
      found.rows += (node['Actual Rows'] ?? 0) * (node['Actual Loops'] ?? 0);
      found.mostPerLookup = Math.max(found.mostPerLookup, node['Actual Rows'] ?? 0);
    }
    for (const child of node.Plans ?? []) visit(child);
  };
  for (const p of plan) visit(p.Plan);
  return found;
}

describe('POST documents/search (a list of every type by name)', () => {
  it("merges each type's names in order, ties by id, pages either way, and keeps a member's roles", async () => {
    const { org, member } = await hiddenMergers(t);
    const made: { id: string; name: string }[] = [];
    for (const [type, name] of [
      ['contract', 'Beta'],
      ['template', 'Alpha'],
      ['contract', 'Gamma'],
      ['template', 'Beta'],
      ['template', 'Delta'],
    ] as const) {
      made.push(await t.create(org, type, name));
    }
    const betas = made.filter((d) => d.name === 'Beta').map((d) => d.id);
    betas.sort();
    const watch = watchStatements(t.database.db);
    const listed = async (u: TestUser, order: 'ASC' | 'DESC', limit: number, offset: number) => {
      const res = await t.json(
        u,
        'POST',
        `/api/documents/search?orderBy=name&orderValue=${order}&limit=${limit}&offset=${offset}`,
        { text: '' },
      );
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as { documents: { id: string; name: string }[]; hasMore: boolean };
      return {
        ids: body.documents.map((d) => d.id),
        names: body.documents.map((d) => d.name),
        more: body.hasMore,
      };
    };
    try {
      // The folder "Board" is left out; "Mergers agreement" (in it) is the owner's to see.
      const all = ['Alpha', 'Beta', 'Beta', 'Delta', 'Gamma', 'Mergers agreement', 'Mergerz plan'];
      expect(await listed(org, 'ASC', 3, 0)).toMatchObject({ names: all.slice(0, 3), more: true });
      expect(await listed(org, 'ASC', 3, 3)).toMatchObject({ names: all.slice(3, 6), more: true });
      expect(await listed(org, 'ASC', 3, 6)).toMatchObject({ names: all.slice(6), more: false });
      // Equal names (a contract's and a template's "Beta") by id, ascending, in both orders.
      expect((await listed(org, 'ASC', 7, 0)).ids.slice(1, 3)).toEqual(betas);
      const down = await listed(org, 'DESC', 7, 0);
      expect(down.names).toEqual([...all].reverse());
      expect(down.ids.slice(4, 6)).toEqual(betas);
      expect(await listed(org, 'DESC', 2, 5)).toMatchObject({ names: ['Beta', 'Alpha'], more: false });
      // The member sees neither the folder nor the contract in it.
      expect((await listed(member, 'ASC', 20, 0)).names).toEqual(
        all.filter((n) => n !== 'Mergers agreement'),
      );
    } finally {
      watch.stop();
    }
    const texts = watch.texts.filter(
      (text) => text.includes('summary_json') && text.includes('order by name'),
    );
    // Each listed type is read in name order on its own (an index walk each), not every row sorted.
    expect(texts).toHaveLength(7);
    for (const text of texts) {
      for (const type of ['contract', 'contract-noedit', 'template', 'file']) {
        expect(text).toContain(`type = '${type}' order by name`);
      }
    }
  });
});
