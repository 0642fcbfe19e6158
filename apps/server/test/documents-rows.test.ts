// Lists and search read raw rows and decode them themselves (decodeSummary), single documents go through
// the ORM: both must present the same Document, field for field, whatever the type, state, name or time.
import { DOCUMENT_STATE } from '@sinetti/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents } from '../src/db/schema/index.ts';
import { presentDocument } from '../src/presenters/document.ts';
import { findDocument } from '../src/queries/documents/get-document.ts';
import { buildDocumentsApp, type DocumentsTestApp } from './documents-helper.ts';
import type { TestUser } from './helper.ts';

let t: DocumentsTestApp;
let org: TestUser;
beforeAll(async () => {
  t = await buildDocumentsApp();
  org = await t.organization(await t.signUp());
});
afterAll(async () => t.close());

describe('documents in lists and search', () => {
  it('are presented exactly as the same documents read one by one, for every kind of document', async () => {
    const db = t.database.db;
    const folder = await t.create(org, 'folder', 'Kansio "lainausmerkit" ja ääkköset 🖋️');
    const variants = [
      { type: 'template', state: 1, time: '2026-11-21 10:11:12.345678+00' },
      { type: 'contract', state: 20, time: '2026-01-31 23:59:59.999999+00' },
      { type: 'contract', state: 30, time: '2025-06-30 21:00:00+00' },
      { type: 'contract-noedit', state: 1, time: '2024-02-29 12:00:00.5+00' },
      { type: 'file', state: 40, time: '2026-03-29 01:30:00.001+00' },
    ] as const;
    for (const [i, v] of variants.entries()) {
      const doc = await t.create(org, 'contract', `Sopimus ${i}`, folder.id);
      await db
        .update(documents)
        .set({
          // Names are validated on the way in; the presenter must still escape whatever is stored.
          name: `Sopimus ${i} "q" \\ \t <b>&amp;</b> \u2028`,
          type: v.type,
          state: v.state,
          size: i === 0 ? null : 1234567890123,
          mimeType: i === 0 ? null : 'application/pdf',
          updatedAt: sql`${v.time}::timestamptz`,
          createdAt: sql`${v.time}::timestamptz - interval '1 day'`,
        })
        .where(eq(documents.id, doc.id));
    }

    const expected = async (id: string) => presentDocument((await findDocument(db, id))!);
    const list = (await t.json(org, 'GET', `/api/documents/list/${folder.id}`)).json();
    expect(list.root).toEqual(await expected(folder.id));
    // Archived documents are listed under Archive, not in their folder; search finds them all.
    expect(list.documents).toHaveLength(variants.filter((v) => v.state !== DOCUMENT_STATE.Archived).length);
    for (const d of list.documents) expect(d).toEqual(await expected(d.id));

    const found = (await t.json(org, 'POST', '/api/documents/search?limit=100', { text: 'Sopimus' })).json();
    expect(found.documents).toHaveLength(variants.length);
    for (const d of found.documents) expect(d).toEqual(await expected(d.id));
    // Timestamps keep milliseconds as Date does: truncated, never rounded up into the next second.
    const late = found.documents.find((d: { type: string; state: number }) => d.state === 20);
    expect(late.updated).toBe('2026-01-31T23:59:59.999Z');
  });
});
