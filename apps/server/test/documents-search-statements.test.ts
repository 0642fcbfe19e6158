// How many statements a text search runs (issue #32 item 2: a restricted member pays about what the owner
// pays). They are counted at the database driver by their text: every statement of a text search's tiers
// reads search_vector, and nothing else the request runs does.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildDocumentsApp, hiddenMergers, type DocumentsTestApp } from './documents-helper.ts';
import type { TestUser } from './helper.ts';

let t: DocumentsTestApp;
beforeAll(async () => {
  t = await buildDocumentsApp();
});
afterAll(async () => t.close());

type Query = (...args: unknown[]) => Promise<unknown>;

/** The names a search answers and how many search statements it ran. */
async function searched(u: TestUser, text: string): Promise<{ names: string[]; statements: number }> {
  const client = (t.database.db as unknown as { $client: { query: Query } }).$client;
  const query = client.query.bind(client);
  let statements = 0;
  const spy = vi.spyOn(client, 'query').mockImplementation((...args: unknown[]) => {
    const [first] = args;
    const sql = typeof first === 'string' ? first : String((first as { text?: unknown }).text);
    if (sql.includes('search_vector')) statements++;
    return query(...args);
  });
  try {
    const res = await t.json(u, 'POST', '/api/documents/search', { text });
    expect(res.statusCode, res.body).toBe(200);
    const names = (res.json() as { documents: { name: string }[] }).documents.map((d) => d.name);
    return { names, statements };
  } finally {
    spy.mockRestore();
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
});
