import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ANONYMOUS_WORKER_NICE } from '../src/services/anonymous-budget.ts';
import { signingCaFromConfig, verifySignedPdf } from '../src/services/pdf/index.ts';
import { pdfWorkers, type PdfWorkerPool } from '../src/services/pdf/workers.ts';
import { buildTestApp, type TestApp } from './helper.ts';
import { makePdf } from './pdf-fixtures.ts';
import { eventually } from './verify-budget-http.ts';

/**
 * Anonymous verification has its own lane of PDF work (issue #30 item 6): its own workers, at the lowest
 * CPU priority, with smaller limits. It can never take a signing worker.
 */
let t: TestApp;
let anonymous: PdfWorkerPool;
let signing: PdfWorkerPool;

const stale = path.join(os.tmpdir(), `sinetti-anonymous-${process.pid}`, 'verify-left-by-a-crash');
const young = path.join(os.tmpdir(), `sinetti-anonymous-${process.pid}`, 'verify-of-another-process');

beforeAll(async () => {
  // What a process that crashed mid-check left behind, and a file another process is still writing.
  await mkdir(path.dirname(stale), { recursive: true });
  await writeFile(stale, '%PDF-');
  await utimes(stale, new Date(Date.now() - 2 * 3600_000), new Date(Date.now() - 2 * 3600_000));
  await writeFile(young, '%PDF-');
  t = await buildTestApp({ VERIFY_WORKERS: '1', VERIFY_MAX_OBJECTS: '1000' });
  anonymous = pdfWorkers(t.config.anonymous.verify.pool);
  signing = pdfWorkers(t.config.signing.pdf);
});
afterEach(() => {
  anonymous.beforeRun = null;
  signing.beforeRun = null;
});
afterAll(async () => t.close());

const post = (payload: Buffer, ip: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/verify',
    headers: { 'content-type': 'application/pdf' },
    payload,
    remoteAddress: ip,
  });

describe('the anonymous lane of PDF work', () => {
  it('removes at start what a crashed process left in the temporary folder, not young files', async () => {
    expect(t.config.anonymous.tmpDir).toBe(path.dirname(stale));
    await eventually(async () => !existsSync(stale), 'the stale file removed');
    expect(existsSync(young)).toBe(true);
    await rm(young);
  });

  it('is a pool of its own: anonymous checks run there, never on the signing workers', async () => {
    const ran: { lane: string; task: string }[] = [];
    anonymous.beforeRun = async (task) => void ran.push({ lane: 'anonymous', task });
    signing.beforeRun = async (task) => void ran.push({ lane: 'signing', task });
    expect(anonymous).not.toBe(signing);
    const res = await post(Buffer.from(await makePdf(1)), '10.1.0.1');
    expect(res.statusCode, res.body).toBe(200);
    // The worker reads the upload from its file itself (verifyFile): the API's thread never holds its bytes.
    expect(ran).toEqual([{ lane: 'anonymous', task: 'verifyFile' }]);
  });

  it('uses at most its share of workers while an organization’s task runs at once', async () => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let started = 0;
    anonymous.beforeRun = async () => {
      started++;
      await held;
    };
    // Three addresses' checks: one runs (VERIFY_WORKERS=1), two wait in the anonymous queue.
    const waiting = ['a', 'b', 'c'].map((who) => anonymous.run('burn', { ms: 0 }, `verify:${who}`));
    await eventually(async () => started === 1, 'the anonymous worker taken');
    // An organization's work is served by the signing workers while every anonymous slot is taken.
    await expect(signing.run('burn', { ms: 0 }, 'organization-1')).resolves.toBeNull();
    expect(started).toBe(1);
    release();
    await expect(Promise.all(waiting)).resolves.toEqual([null, null, null]);
    expect(started).toBe(3);
  });

  it('runs at the lowest CPU priority (Linux nice value per thread)', async () => {
    anonymous.warm();
    const niceOf = async (tid: string) => {
      const stat = await readFile(`/proc/self/task/${tid}/stat`, 'utf8').catch(() => '');
      return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
    };
    await eventually(async () => {
      const nices = await Promise.all((await readdir('/proc/self/task')).map(niceOf));
      return nices.includes(ANONYMOUS_WORKER_NICE);
    }, 'a thread at nice 19');
  });

  it('has smaller parser limits than members’ verification', async () => {
    const pdf = Buffer.from(await makePdf(1));
    // The same file declaring 5000 objects: past VERIFY_MAX_OBJECTS=1000, within PDF_MAX_OBJECTS.
    const text = pdf.toString('latin1');
    const declared = Buffer.from(text.replace(/\/Size \d+/g, '/Size 5000'), 'latin1');
    expect(declared.toString('latin1')).toContain('/Size 5000');
    const res = await post(declared, '10.1.0.2');
    expect(res.statusCode).toBe(409);
    expect(res.json().reason).toBe('PDF_TOO_COMPLEX');
    const ca = await signingCaFromConfig(t.config.signing);
    const members = await verifySignedPdf(declared, ca, { workers: signing, owner: 'organization-1' });
    expect(members.unreadable).not.toBe('too-complex');
  });
});
