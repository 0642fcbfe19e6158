/**
 * docs/integration.md cannot rot: every `sh` block of it, in order, runs as one bash script (with curl and jq)
 * against this test server listening on a local port, with a key made as the guide says (issue #34 item 4).
 */
import { execFile } from 'node:child_process';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { P } from '@sinetti/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { auditEvents, signingEvents } from '../src/db/schema/index.ts';
import type { TestUser } from './helper.ts';
import { makePdf } from './pdf-fixtures.ts';
import { buildSigningApp, type SigningTestApp } from './signing-helper.ts';

const run = promisify(execFile);
const GUIDE = path.resolve(import.meta.dirname, '../../../docs/integration.md');

let t: SigningTestApp;
let owner: TestUser;
let dir: string;

beforeAll(async () => {
  t = await buildSigningApp();
  owner = await t.organization(await t.signUp({ name: 'Iida Integrator' }));
  await t.fund(owner, 50);
  dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'sinetti-integration-'));
  await fsp.writeFile(path.join(dir, 'offer.pdf'), Buffer.from(await makePdf(1)));
  await t.app.listen({ port: 0, host: '127.0.0.1' });
}, 120_000);
afterAll(async () => {
  await t?.close();
  if (dir) await fsp.rm(dir, { recursive: true, force: true });
});

/** The guide's `sh` blocks, in order. */
function shellBlocks(markdown: string): string[] {
  return [...markdown.matchAll(/^```sh\n([\s\S]*?)^```$/gm)].map((m) => m[1] ?? '');
}

it('the guide has its steps as sh blocks: log in, list, upload, send, follow', async () => {
  const blocks = shellBlocks(await fsp.readFile(GUIDE, 'utf8'));
  const all = blocks.join('\n');
  expect(blocks.length).toBeGreaterThanOrEqual(5);
  for (const call of ['authentication/login', 'documents/list', 'documents/upload', 'signing/send']) {
    expect(all).toContain(call);
  }
});

it('runs every curl example of docs/integration.md against a server, with a key made in Settings', async () => {
  // "Make a key": what Settings → API keys does.
  const made = await t.json(owner, 'POST', '/api/authentication/apikey/none', {
    name: 'Guide',
    permissions: [P.DOCUMENTS_VIEW, P.DOCUMENTS_CREATE, P.DOCUMENTS_EDIT],
  });
  expect(made.statusCode, made.body).toBe(200);
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  const script = ['set -euo pipefail', ...shellBlocks(await fsp.readFile(GUIDE, 'utf8'))].join('\n');
  const { stdout } = await run('bash', ['-c', script], {
    cwd: dir,
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      SINETTI_URL: `http://127.0.0.1:${address.port}`,
      SINETTI_KEY: made.json().secret,
    },
    timeout: 60_000,
  });
  const lines = stdout.trim().split('\n');
  const docId = /^uploaded ([0-9a-f-]{36})$/m.exec(stdout)?.[1];
  expect(docId, stdout).toBeDefined();
  expect(lines).toContain('OK');
  expect(lines).toContain('timeline read');
  expect(stdout).toContain('"name":"Service agreement"');

  // The document is out for signing, and what the key did is audited naming it.
  const info = await t.json(owner, 'GET', `/api/documents/info/${docId}`);
  expect(info.json().document.state).toBe(20);
  const events = await t.database.db.select().from(auditEvents).where(eq(auditEvents.subjectId, docId!));
  expect(events.length).toBeGreaterThan(0);
  const byKey = events.filter((x) => x.accountId === owner.accountId);
  expect(byKey.map((e) => e.action)).toContain('document.uploaded');
  for (const e of byKey) {
    expect(e.data, e.action).toMatchObject({ apiKey: { id: made.json().apiKey.id, name: 'Guide' } });
  }
  // The document's signing events name the key as the sender.
  const chain = await t.database.db.select().from(signingEvents).where(eq(signingEvents.documentId, docId!));
  expect(chain.find((e) => e.type === 'sent')?.actorLabel).toContain('(API key Guide)');
}, 120_000);
