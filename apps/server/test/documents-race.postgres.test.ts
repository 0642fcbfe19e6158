import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_STATE } from '@sinetti/contract';
import { documents } from '../src/db/schema/index.ts';
import { buildDocumentsApp, type DocumentsTestApp } from './documents-helper.ts';
import { makePdf } from './fixtures/files.ts';

/**
 * Uploads racing a folder delete (issue 10 item 11). Runs only with TEST_DB=postgres (see vitest.config.ts):
 * PGlite runs one transaction at a time, so the race cannot happen there.
 */
let t: DocumentsTestApp;
beforeAll(async () => {
  t = await buildDocumentsApp();
});
afterAll(async () => t.close());

describe('uploads racing a folder delete', () => {
  it('never leave an acknowledged upload alive in a deleted folder (where the purge would destroy it)', async () => {
    const owner = await t.organization(await t.signUp());
    const pdf = makePdf('race');
    for (let round = 0; round < 3; round++) {
      const top = await t.create(owner, 'folder', `Top ${round}`);
      const inner = await t.create(owner, 'folder', 'Inner', top.id);
      const uploads = Array.from({ length: 16 }, (_, i) =>
        t.upload(owner, {
          type: 'contract',
          fileName: `f${i}.pdf`,
          name: `File ${i}`,
          content: pdf,
          parent: inner.id,
        }),
      );
      const removal = new Promise((resolve) => setTimeout(resolve, 5 * round)).then(() =>
        t.json(owner, 'POST', '/api/documents/delete', { documentId: top.id }),
      );
      const [deleted, ...answers] = await Promise.all([removal, ...uploads]);
      expect(deleted.statusCode).toBe(200);
      const acknowledged = answers
        .filter((a) => a.statusCode === 200)
        .map((a) => a.json().document.id as string);
      for (const a of answers) expect([200, 404]).toContain(a.statusCode);

      const [innerRow] = await t.database.db.select().from(documents).where(eq(documents.id, inner.id));
      expect(innerRow?.state).toBe(DOCUMENT_STATE.Deleted);
      const rows = acknowledged.length
        ? await t.database.db.select().from(documents).where(inArray(documents.id, acknowledged))
        : [];
      expect(rows).toHaveLength(acknowledged.length);
      // Uploaded before the delete: deleted with the folder (restorable, like the folder). Never alive inside it.
      for (const row of rows) expect(row.state).toBe(DOCUMENT_STATE.Deleted);
    }
  });
});
