import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSweep } from '../src/commands/documents/blob-jobs.ts';
import { documents } from '../src/db/schema/index.ts';
import { putHashed } from '../src/services/blob-store/index.ts';
import { enqueueJob } from '../src/services/jobs/index.ts';
import { buildDocumentsApp, listBlobFiles, type DocumentsTestApp } from './documents-helper.ts';
import type { TestUser } from './helper.ts';
import { makePdf } from './fixtures/files.ts';

let t: DocumentsTestApp;
let user: TestUser;
beforeAll(async () => {
  t = await buildDocumentsApp({ DELETED_DOCUMENTS_RETENTION_DAYS: '30' });
  // Blob files carry real modification times: run this file's clock at real time.
  t.clock.advance(Date.now() - t.clock.now().getTime());
  user = await t.signUp();
});
afterAll(async () => t.close());

const HOUR = 3600_000;
async function sweep(): Promise<void> {
  await enqueueJob(t.database.db, 'documents.sweep', {}, { runAt: t.clock.now() });
  await t.app.jobs.drain({ kinds: ['documents.sweep', 'documents.delete-blobs'] });
}
async function blob(key: string, ageMs: number): Promise<string> {
  await putHashed(t.app.ctx.blobs, key, Readable.from([Buffer.from('orphan')]));
  const file = path.join(t.blobDir, ...key.split('/'));
  const when = new Date(t.clock.now().getTime() - ageMs);
  await fsp.utimes(file, when, when);
  return key;
}
const keyOf = async (id: string) =>
  (await t.database.db.select().from(documents).where(eq(documents.id, id)))[0]?.blobKey ?? '';

describe('the documents sweep', () => {
  it('fails when stopped midway, so that it runs again instead of being recorded as done', async () => {
    const orphan = await blob(`documents/${user.personalOrganizationId}/left-by-a-stopped-sweep`, 2 * HOUR);
    const stopped = new AbortController();
    stopped.abort(new Error('The worker is stopping'));
    await expect(
      runSweep(
        { id: 'sweep', kind: 'documents.sweep', payload: {}, attempts: 1, maxAttempts: 5 },
        { ...t.app.ctx, signal: stopped.signal },
      ),
    ).rejects.toThrow('The worker is stopping');
    expect(await listBlobFiles(t.blobDir)).toContain(orphan);
    await sweep();
    expect(await listBlobFiles(t.blobDir)).not.toContain(orphan);
  });

  it('removes blobs no row references once they are an hour old, and purges deleted documents after retention', async () => {
    const org = user.personalOrganizationId;
    const kept = (
      await t.upload(user, { type: 'file', fileName: 'k.pdf', content: makePdf('kept'), name: 'Kept' })
    ).json().document;
    const deleted = (
      await t.upload(user, { type: 'file', fileName: 'd.pdf', content: makePdf('del'), name: 'Del' })
    ).json().document;
    const keptKey = await keyOf(kept.id);
    const deletedKey = await keyOf(deleted.id);
    await t.json(user, 'POST', '/api/documents/delete', { documentId: deleted.id });
    // A process that died between writing a blob and committing its row leaves an orphan.
    const oldOrphan = await blob(`documents/${org}/crashed-upload`, 2 * HOUR);
    const youngOrphan = await blob(`documents/${org}/upload-in-progress`, 10 * 60_000);
    // Every prefix the app writes: an interrupted seal leaves signing files no round references.
    const oldSigningOrphan = await blob(`signing/${org}/interrupted-seal`, 2 * HOUR);
    const youngSigningOrphan = await blob(`signing/${org}/seal-in-progress`, 10 * 60_000);

    await sweep();
    let files = await listBlobFiles(t.blobDir);
    expect(files).not.toContain(oldOrphan);
    expect(files).not.toContain(oldSigningOrphan);
    expect(files).toEqual(expect.arrayContaining([keptKey, deletedKey, youngOrphan, youngSigningOrphan]));

    t.clock.advance(31 * 24 * HOUR);
    await sweep();
    files = await listBlobFiles(t.blobDir);
    expect(files).toEqual([keptKey]);
    expect(await t.database.db.select().from(documents).where(eq(documents.id, deleted.id))).toEqual([]);
    expect(await t.database.db.select().from(documents).where(eq(documents.id, kept.id))).toHaveLength(1);
  });
});
