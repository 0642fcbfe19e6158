import { createHash } from 'node:crypto';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FsBlobStore } from '../src/services/blob-store/fs.ts';
import { S3BlobStore } from '../src/services/blob-store/s3.ts';
import { BlobNotFoundError, putHashed, type BlobStore } from '../src/services/blob-store/index.ts';
import { buildDocumentsApp, type DocumentsTestApp } from './documents-helper.ts';
import { makePdf } from './fixtures/files.ts';

const chunks = (...parts: string[]) => Readable.from(parts.map((p) => Buffer.from(p)));
const failing = () =>
  new Readable({
    read() {
      this.push(Buffer.alloc(1024, 1));
      this.destroy(new Error('client went away'));
    },
  });
async function text(store: BlobStore, key: string): Promise<string> {
  let out = '';
  for await (const c of await store.get(key)) out += (c as Buffer).toString();
  return out;
}
async function keys(store: BlobStore, prefix: string): Promise<string[]> {
  const out: string[] = [];
  for await (const b of store.list(prefix)) out.push(b.key);
  return out.sort();
}

let tmp: string;
let s3: S3rver;
let s3Endpoint: string;
beforeAll(async () => {
  tmp = await fsp.mkdtemp(path.join(os.tmpdir(), 'sinetti-blob-test-'));
  await fsp.mkdir(path.join(tmp, 's3'));
  s3 = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: path.join(tmp, 's3'),
    configureBuckets: [{ name: 'sinetti-test', configs: [] }],
  });
  const { port } = await s3.run();
  s3Endpoint = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  await s3.close();
  await fsp.rm(tmp, { recursive: true, force: true });
});

const s3Options = () => ({
  bucket: 'sinetti-test',
  endpoint: s3Endpoint,
  region: 'us-east-1',
  accessKeyId: 'S3RVER',
  secretAccessKey: 'S3RVER',
  forcePathStyle: true,
});

describe.each([
  ['filesystem', () => new FsBlobStore(path.join(tmp, 'fs'))],
  ['S3 (s3rver)', () => new S3BlobStore(s3Options())],
])('%s blob store', (_name, make) => {
  let store: BlobStore;
  beforeAll(() => {
    store = make();
  });
  afterAll(async () => store.close());

  it('writes, reads, describes, lists and deletes blobs', async () => {
    await store.put('documents/org-a/one', chunks('hello ', 'world'));
    await store.put('documents/org-b/two', chunks('x'));
    await store.put('other/three', chunks('y'));
    expect(await text(store, 'documents/org-a/one')).toBe('hello world');
    expect(await store.head('documents/org-a/one')).toMatchObject({ key: 'documents/org-a/one', size: 11 });
    expect(await keys(store, 'documents/')).toEqual(['documents/org-a/one', 'documents/org-b/two']);
    expect(await keys(store, 'documents/org-b/')).toEqual(['documents/org-b/two']);
    await store.delete('documents/org-a/one');
    await store.delete('documents/org-a/one');
    expect(await store.head('documents/org-a/one')).toBeNull();
    await expect(store.get('documents/org-a/one')).rejects.toBeInstanceOf(BlobNotFoundError);
  });

  it('leaves nothing under the key when the body fails half-way', async () => {
    await expect(store.put('documents/failed/blob', failing())).rejects.toThrow();
    expect(await store.head('documents/failed/blob')).toBeNull();
  });

  it('hashes and counts while streaming, and stores nothing when a check fails', async () => {
    const parts = ['a'.repeat(5000), 'b'.repeat(7000), 'c'];
    const stored = await putHashed(store, 'documents/hashed/ok', chunks(...parts));
    expect(stored.size).toBe(12001);
    expect(stored.sha256).toBe(createHash('sha256').update(parts.join('')).digest('hex'));
    const refuse = () => new Error('not this kind of file');
    await expect(
      putHashed(store, 'documents/hashed/no', chunks('zzz'), { checkHead: refuse }),
    ).rejects.toThrow('not this kind of file');
    await expect(
      putHashed(store, 'documents/hashed/long', chunks('x'.repeat(9000)), {
        checkEnd: () => new Error('too large'),
      }),
    ).rejects.toThrow('too large');
    expect(await keys(store, 'documents/hashed/')).toEqual(['documents/hashed/ok']);
  });

  it('refuses keys that could leave the store', async () => {
    await expect(store.put('../escape', chunks('x'))).rejects.toThrow(/Invalid blob key/);
    await expect(store.get('documents/../../etc/passwd')).rejects.toThrow(/Invalid blob key/);
  });
});

describe('filesystem leftovers', () => {
  it('removes temporary files of writes that never finished, once they are old enough', async () => {
    const root = path.join(tmp, 'fs-sweep');
    const store = new FsBlobStore(root);
    await fsp.mkdir(path.join(root, '.incoming'), { recursive: true });
    const stale = path.join(root, '.incoming', 'stale');
    await fsp.writeFile(stale, 'half');
    const old = new Date(Date.now() - 2 * 3600_000);
    await fsp.utimes(stale, old, old);
    await fsp.writeFile(path.join(root, '.incoming', 'fresh'), 'in progress');
    expect(await store.sweepIncomplete(new Date(Date.now() - 3600_000))).toBe(1);
    expect(await fsp.readdir(path.join(root, '.incoming'))).toEqual(['fresh']);
    expect(await keys(store, '')).toEqual([]);
  });
});

describe('documents on S3-compatible storage', () => {
  let t: DocumentsTestApp;
  beforeAll(async () => {
    t = await buildDocumentsApp({
      S3_BUCKET: 'sinetti-test',
      S3_ENDPOINT: s3Endpoint,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    });
  });
  afterAll(async () => t.close());

  it('uploads, previews and deletes a document whose file lives in the bucket', async () => {
    expect(t.app.ctx.blobs.kind).toBe('s3');
    const user = await t.signUp();
    const pdf = makePdf('Stored in a bucket');
    const res = await t.upload(user, { type: 'file', fileName: 'b.pdf', content: pdf, name: 'Bucket' });
    expect(res.statusCode).toBe(200);
    const id = res.json().document.id;
    const content = (await t.json(user, 'GET', `/api/documents/content/${id}`)).json();
    expect(Buffer.from(content.content, 'base64').equals(pdf)).toBe(true);
    const prefix = `documents/${user.personalOrganizationId}/`;
    expect(await keys(t.app.ctx.blobs, prefix)).toHaveLength(1);
    await t.json(user, 'POST', '/api/documents/delete/permanently', { documentId: id });
    await t.app.jobs.drain({ kinds: ['documents.delete-blobs'] });
    expect(await keys(t.app.ctx.blobs, prefix)).toEqual([]);
  });
});
