import fsp from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { documents } from '../src/db/schema/index.ts';
import type { BlobStore } from '../src/services/blob-store/index.ts';
import { buildDocumentsApp, listBlobFiles, type DocumentsTestApp } from './documents-helper.ts';
import { faultyBlobStore } from './faulty-blobs.ts';
import { errorOf, type TestUser } from './helper.ts';
import { makePdf } from './fixtures/files.ts';

/** A full or read-only disk (issue 10 item 15), simulated by an injected file-system error. */
let t: DocumentsTestApp;
let owner: TestUser;
let real: BlobStore;
const fault: { code: string | null; afterBytes?: number } = { code: null, afterBytes: 200 };
beforeAll(async () => {
  t = await buildDocumentsApp();
  owner = await t.organization(await t.signUp());
  real = t.app.ctx.blobs;
});
afterEach(() => {
  fault.code = null;
  t.app.ctx.blobs = real;
});
afterAll(async () => t.close());

/** A new store object each time (the health check caches its probe per store). */
const inject = (code: string) => {
  fault.code = code;
  t.app.ctx.blobs = faultyBlobStore(real, fault);
};
const bigPdf = () => Buffer.concat([makePdf('disk'), Buffer.alloc(8192, 0x20)]);
const incoming = async () => fsp.readdir(path.join(t.blobDir, '.incoming')).catch(() => [] as string[]);

describe('uploads on a failing disk', () => {
  it.each([
    ['ENOSPC', 507, 'INSUFFICIENT_STORAGE', 'STORAGE_FULL'],
    ['EDQUOT', 507, 'INSUFFICIENT_STORAGE', 'STORAGE_FULL'],
    ['EROFS', 503, 'UNAVAILABLE', 'STORAGE_UNWRITABLE'],
  ])(
    '%s answers %i %s (%s), keeps no half-written file and writes no row',
    async (code, status, err, reason) => {
      const files = await listBlobFiles(t.blobDir);
      const rows = (await t.database.db.select({ id: documents.id }).from(documents)).length;
      inject(code);
      const res = await t.upload(owner, {
        type: 'contract',
        fileName: 'a.pdf',
        name: 'A',
        content: bigPdf(),
      });
      expect(res.statusCode).toBe(status);
      expect(errorOf(res)).toMatchObject({ code: err, reason });
      expect(await listBlobFiles(t.blobDir)).toEqual(files);
      expect(await incoming()).toEqual([]);
      expect((await t.database.db.select({ id: documents.id }).from(documents)).length).toBe(rows);
    },
  );

  it('works again once the disk has room', async () => {
    inject('ENOSPC');
    const failed = await t.upload(owner, {
      type: 'contract',
      fileName: 'a.pdf',
      name: 'A',
      content: bigPdf(),
    });
    expect(failed.statusCode).toBe(507);
    t.app.ctx.blobs = real;
    const ok = await t.upload(owner, { type: 'contract', fileName: 'a.pdf', name: 'A', content: bigPdf() });
    expect(ok.statusCode).toBe(200);
  });
});

describe('GET /api/health', () => {
  it('reports the storage writable when a probe write succeeds', async () => {
    const res = await t.call(null, { method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'OK', database: 'up', storage: 'writable' });
    expect(await incoming()).toEqual([]);
  });

  it.each([
    ['ENOSPC', 'STORAGE_FULL', 'full'],
    ['EROFS', 'STORAGE_UNWRITABLE', 'unwritable'],
  ])('answers 503 when the probe write fails with %s', async (code, reason, storage) => {
    inject(code);
    const res = await t.call(null, { method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(errorOf(res)).toMatchObject({ code: 'UNAVAILABLE', reason, details: { database: 'up', storage } });
  });
});
