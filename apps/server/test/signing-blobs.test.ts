import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDbKind } from './db.ts';
import { buildTestApp, type TestUser } from './helper.ts';
import { listBlobFiles } from './documents-helper.ts';
import { buildSigningApp, type SigningTestApp } from './signing-helper.ts';

/** Issue 10 item 14: signing files are deleted with their document; interrupted uploads leave nothing. */
let t: SigningTestApp;
let owner: TestUser;
beforeAll(async () => {
  t = await buildSigningApp();
  owner = await t.organization(await t.signUp({ name: 'Dora Delete' }));
  await t.fund(owner, 10);
});
afterAll(async () => t.close());

const filesOf = async (organizationId: string) =>
  (await listBlobFiles(t.blobDir)).filter((f) => f.split(path.sep)[1] === organizationId);

describe('permanent delete of a signed document', () => {
  it('removes its original, its version to sign, the sealed PDF and the certificate', async () => {
    const doc = await t.signedByOne(owner, 'Signed then deleted', 2);
    const info = await t.json(owner, 'GET', `/api/documents/info/${doc.id}`);
    expect(info.json().document.state).toBe(30);
    const org = owner.personalOrganizationId;
    const before = await filesOf(org);
    // The original (its own PDF rendition) and, under signing/, the version, the sealed PDF, the certificate.
    expect(before.filter((f) => f.startsWith(`signing${path.sep}`)).length).toBeGreaterThanOrEqual(3);

    const res = await t.json(owner, 'POST', '/api/documents/delete/permanently', { documentId: doc.id });
    expect(res.statusCode, res.body).toBe(200);
    await t.app.jobs.drain();
    expect(await filesOf(org)).toEqual([]);
  });
});

describe('temporary files of interrupted uploads', () => {
  it('are removed when the app starts: a dead writer of this host at once', async () => {
    const blobDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'sinetti-test-blobs-'));
    const incoming = path.join(blobDir, '.incoming');
    await fsp.mkdir(incoming);
    const dead = spawnSync(process.execPath, ['-e', '0']).pid ?? 999_999;
    const deadWriter = `${os.hostname()}:${dead}:00000000-0000-4000-8000-000000000001`;
    const elsewhere = 'another-host.example:1234:00000000-0000-4000-8000-000000000002';
    for (const name of [deadWriter, elsewhere]) await fsp.writeFile(path.join(incoming, name), 'partial');
    const app = await buildTestApp({ JOBS_WORKER: 'false', BLOB_DIR: blobDir });
    try {
      await app.app.ready();
      const left = await fsp.readdir(incoming);
      expect(left).not.toContain(deadWriter);
      // PostgreSQL: another host's process may still be writing (the periodic sweep takes it after an
      // hour). The embedded database is one process: everything left is dead.
      expect(left).toEqual(testDbKind === 'postgres' ? [elsewhere] : []);
    } finally {
      await app.close();
      await fsp.rm(blobDir, { recursive: true, force: true });
    }
  });
});
