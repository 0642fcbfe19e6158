/**
 * The search vector is written on change (migration 0049, docs/decisions.md "Search vectors written on
 * change"): inserted with its document, written again when the name or the text changes, and kept as it is
 * (the same out-of-line value, not a copy) by an update that changes neither, such as a state change or a
 * deletion. Search finds a renamed document by its new name only.
 */
import { DOCUMENT_STATE } from '@sinetti/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents } from '../src/db/schema/index.ts';
import { buildDocumentsApp, type DocumentsTestApp } from './documents-helper.ts';
import type { TestUser } from './helper.ts';

let t: DocumentsTestApp;
let owner: TestUser;
beforeAll(async () => {
  t = await buildDocumentsApp();
  owner = await t.organization(await t.signUp());
});
afterAll(async () => t?.close());

/** A contract's worth of text: its vector (about 10 KB) is stored out of line. */
const LONG_TEXT = Array.from({ length: 1_500 }, (_, i) => `sana${i}`).join(' ');

interface Stored {
  vector: string;
  /**
   * The ids of the values stored out of line for the documents table (TOAST): a value written again gets a
   * new id, and its old one is gone. (pg_column_toast_chunk_id() would name a column's own, from PostgreSQL
   * 17 on.)
   */
  chunks: string;
}

async function stored(id: string): Promise<Stored> {
  const db = t.database.db;
  const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;
  const [toast] = rows<{ name: string }>(
    await db.execute(
      sql`select reltoastrelid::regclass::text as name from pg_class where oid = 'documents'::regclass`,
    ),
  );
  const [chunks] = rows<{ ids: string }>(
    await db.execute(
      sql.raw(`select coalesce(string_agg(distinct chunk_id::text, ' '), '') as ids from ${toast!.name}`),
    ),
  );
  const [row] = rows<{ vector: string }>(
    await db.execute(sql`select search_vector::text as vector from documents where id = ${id}`),
  );
  return { vector: row!.vector, chunks: chunks!.ids };
}

/** The same vector, stored in the same place (compared so that a failure does not print kilobytes). */
async function expectKept(id: string, before: Stored): Promise<void> {
  const now = await stored(id);
  expect(now.chunks).toBe(before.chunks);
  expect(now.vector === before.vector).toBe(true);
}

const names = async (text: string) =>
  (await t.json(owner, 'POST', '/api/documents/search', { text }))
    .json()
    .documents.map((d: { name: string }) => d.name);

describe('search_vector', () => {
  it('is written with the document, from its name and its text', async () => {
    const doc = await t.create(owner, 'contract', 'Lapinlahti lease');
    expect((await stored(doc.id)).vector).toBe("'lapinlahti':1A 'lease':2A");
    await t.database.db
      .update(documents)
      .set({ contentText: 'Rent due monthly' })
      .where(eq(documents.id, doc.id));
    expect((await stored(doc.id)).vector).toBe("'due':4B 'lapinlahti':1A 'lease':2A 'monthly':5B 'rent':3B");
    expect(await names('monthly')).toEqual(['Lapinlahti lease']);
  });

  it('follows a rename, through the API', async () => {
    const doc = await t.create(owner, 'contract', 'Kallio offer');
    const renamed = await t.json(owner, 'POST', '/api/documents/rename', {
      documentId: doc.id,
      name: 'Vallila offer',
    });
    expect(renamed.statusCode).toBe(200);
    expect((await stored(doc.id)).vector).toBe("'offer':2A 'vallila':1A");
    expect(await names('Vallila')).toEqual(['Vallila offer']);
    expect(await names('Kallio')).toEqual([]);
  });

  it('is kept, not written again, by an update that changes neither the name nor the text', async () => {
    const doc = await t.create(owner, 'contract', 'Toukola framework agreement');
    await t.database.db.update(documents).set({ contentText: LONG_TEXT }).where(eq(documents.id, doc.id));
    const before = await stored(doc.id);
    expect(before.chunks).not.toBe('');
    await t.database.db
      .update(documents)
      .set({ state: DOCUMENT_STATE.Archived, updatedAt: new Date() })
      .where(eq(documents.id, doc.id));
    await expectKept(doc.id, before);
    const deleted = await t.json(owner, 'POST', '/api/documents/delete', { documentId: doc.id });
    expect(deleted.statusCode, deleted.body).toBe(200);
    await expectKept(doc.id, before);
    // A change of the text writes it again.
    await t.database.db
      .update(documents)
      .set({ contentText: `${LONG_TEXT} loppu` })
      .where(eq(documents.id, doc.id));
    const after = await stored(doc.id);
    expect(after.chunks).not.toBe(before.chunks);
    expect(after.vector).toContain("'loppu':1504B");
  });
});
