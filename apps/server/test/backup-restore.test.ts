import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { DOCUMENT_STATE } from '@sinetti/contract';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { verifyWithPdfsig } from '../src/services/pdf/index.ts';
import { testDbKind } from './db.ts';
import { uniqueEmail, type TestUser } from './helper.ts';
import { buildSigningApp } from './signing-helper.ts';

/**
 * scripts/backup.sh and scripts/restore.sh, as docs/operations.md tells an operator to run them: a signed
 * document survives a backup and a restore into a new DATA_DIR (and a new PostgreSQL database), with
 * the same signing CA, a signed PDF that still verifies and an audit chain that still verifies.
 */
const run = promisify(execFile);
const scripts = path.resolve(import.meta.dirname, '../../../scripts');
const tmp = await mkdtemp(path.join(os.tmpdir(), 'sinetti-backup-'));
const dataDir = path.join(tmp, 'data');
const restoredDir = path.join(tmp, 'restored');
const backupDir = path.join(tmp, 'backup');
const adminUrl = process.env.TEST_DATABASE_URL ?? '';
const restoredDb = `sinetti_restore_${randomBytes(6).toString('hex')}`;
const withDb = (name: string) => Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();

async function admin(query: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(query);
  await client.end();
}

const fingerprint = async (dir: string) =>
  createHash('sha256')
    .update(await readFile(path.join(dir, 'signing-ca/ca/ca.cert.pem')))
    .digest('hex');

let owner: TestUser;
let docId: string;
let signedSha256: string;
let databaseUrl: string | undefined;

beforeAll(async () => {
  // The default layout: files under DATA_DIR/blobs (the test helper otherwise keeps them apart).
  const t = await buildSigningApp({ DATA_DIR: dataDir, BLOB_DIR: path.join(dataDir, 'blobs') });
  try {
    owner = await t.organization(await t.signUp({ name: 'Bea Backup' }));
    await t.fund(owner, 10);
    docId = (await t.contract(owner, 'Backed up', 1)).id;
    const signee = uniqueEmail('signee');
    await t.addSignee(owner, docId, { givenName: 'Sam', familyName: 'Signee', email: signee });
    expect((await t.json(owner, 'GET', `/api/signing/send/${docId}`)).json().status).toBe('OK');
    const session = await t.startSession(await t.linkOf(signee));
    await t.confirmCode(session, signee);
    const signed = await t.pub('POST', `/api/signing/session/${session}/sign`, {
      signature: { kind: 'typed', text: 'Sam Signee' },
      intent: true,
    });
    expect(signed.statusCode, signed.body).toBe(200);
    await t.app.jobs.drain();
    const res = await t.json(owner, 'GET', `/api/signing/signed/${docId}`);
    expect(res.statusCode, res.body).toBe(200);
    signedSha256 = res.json().sha256;
    const env: Record<string, string> = { ...process.env, DATA_DIR: dataDir } as Record<string, string>;
    delete env.DATABASE_URL;
    if (testDbKind === 'postgres') {
      const rows = await t.database.db.execute<{ name: string }>(sql`select current_database() as name`);
      const name = (rows as unknown as { rows: { name: string }[] }).rows[0]!.name;
      // PostgreSQL: backed up live, while the server runs.
      await run(path.join(scripts, 'backup.sh'), [backupDir], {
        env: { ...env, DATABASE_URL: withDb(name) },
      });
    } else {
      await t.close();
      await run(path.join(scripts, 'backup.sh'), [backupDir], { env });
    }
  } finally {
    await t.close().catch(() => undefined);
  }
  const env: Record<string, string> = { ...process.env, DATA_DIR: restoredDir } as Record<string, string>;
  delete env.DATABASE_URL;
  if (testDbKind === 'postgres') {
    await admin(`create database ${restoredDb}`);
    databaseUrl = withDb(restoredDb);
    env.DATABASE_URL = databaseUrl;
  }
  const restored = await run(path.join(scripts, 'restore.sh'), [backupDir], { env });
  expect(restored.stderr).toBe('');
});

afterAll(async () => {
  if (testDbKind === 'postgres') await admin(`drop database if exists ${restoredDb} with (force)`);
  await rm(tmp, { recursive: true, force: true });
});

describe(`backup and restore (${testDbKind})`, () => {
  it('restores the signing CA and the audit chain key unchanged', async () => {
    expect(await fingerprint(restoredDir)).toBe(await fingerprint(dataDir));
    const key = 'signing-ca/audit-chain.key';
    expect(await readFile(path.join(restoredDir, key), 'utf8')).toBe(
      await readFile(path.join(dataDir, key), 'utf8'),
    );
  });

  it('starts on the restored data: the signed document is there, verifies, and its audit chain holds', async () => {
    const { ManualClock } = await import('../src/lib/clock.ts');
    const config = loadConfig({
      NODE_ENV: 'test',
      PUBLIC_URL: 'http://sinetti.test',
      DATA_DIR: restoredDir,
      LOG_LEVEL: 'silent',
      JOBS_WORKER: 'false',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    });
    const app = await buildApp(config, { clock: new ManualClock(Date.parse('2026-06-01T09:10:00Z')) });
    try {
      const call = (url: string) =>
        app.inject({
          method: 'GET',
          url,
          headers: {
            'application-id': 'Frontend',
            'session-id': owner.token,
            'company-id': owner.personalOrganizationId,
          },
        });
      const info = await call(`/api/documents/info/${docId}`);
      expect(info.statusCode, info.body).toBe(200);
      expect(info.json().document.state).toBe(DOCUMENT_STATE.Signed);
      const res = await call(`/api/signing/signed/${docId}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().sha256).toBe(signedSha256);
      const pdf = Buffer.from(
        String(res.json().source).replace(/^data:application\/pdf;base64,/, ''),
        'base64',
      );
      const { signatures } = await verifyWithPdfsig(pdf, { pdfsig: config.signing.pdfsig });
      // The signee and the platform seal, then the document time-stamp over the whole file (B-LTA), which
      // pdfsig lists but cannot check itself.
      expect(signatures.length).toBe(3);
      for (const s of signatures.slice(0, 2)) expect(s.validity, s.validation).toBe('valid');
      expect(signatures.at(-1)?.coversWholeDocument).toBe(true);
      const chain = (await call(`/api/signing/audit/${docId}`)).json().chain;
      expect(chain).toMatchObject({ valid: true });
    } finally {
      await app.close();
    }
  });
});
