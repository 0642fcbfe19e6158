// Noisy neighbour, verify variant (issue #30 item 6): p99 of one organization's document list, of its
// send's PDF preparation (prepareSignable on the signing workers) and of its whole send (GET signing/send over
// HTTP, each followed by a cancel) on a quiet server, and again while anonymous callers flood POST /api/verify
// from ever new addresses (so that only the instance-wide caps and the anonymous lane hold them): half post
// 16 MiB bodies that start like a PDF, half a legal 300,000-object PDF, as in the issue. Also the API
// process's RSS growth, and for each phase the API thread's event-loop delay and garbage-collection pauses
// (where a slowdown comes from). Goal: every p99 within 2x of the quiet one.
import { fork } from 'node:child_process';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { buildApp } from '../apps/server/src/app.ts';
import { createSession } from '../apps/server/src/commands/sessions.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { transactions } from '../apps/server/src/db/schema/index.ts';
import { systemClock } from '../apps/server/src/lib/clock.ts';
import { pdfWorkers, prepareSignable } from '../apps/server/src/services/pdf/index.ts';
import { benchAccount } from './lib/bench-account.ts';
import { formatResult, load } from './lib/load.ts';
import { textPdf } from './lib/pdf.ts';

const GOAL_FACTOR = 2;
const MiB = 1024 * 1024;
const database = await openDatabase({ dataDir: 'memory://' });
const quiet = await benchAccount(database.db);
const { token } = await createSession(database.db, systemClock, {
  accountId: quiet.accountId,
  selectedOrganizationId: quiet.organizationId,
  ip: null,
  userAgent: 'bench',
});
const blobDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'sinetti-bench-blobs-'));
// The quiet organization can pay for its sends (the balance is the sum of the ledger's rows).
await database.db
  .insert(transactions)
  .values({ organizationId: quiet.organizationId, name: 'balance', amountCents: 100_000_000, pool: 'paid' });
const config = {
  ...loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://127.0.0.1',
    JOBS_WORKER: 'false',
    // Each flood request names a new address (X-Forwarded-For): the per-address limits never hold it.
    TRUST_PROXY: 'true',
    BLOB_DIR: blobDir,
    // Every send and cancel e-mails the signee: far more often than a real hour's limit allows.
    MAIL_LIMIT_PER_RECIPIENT: '1000000',
    MAIL_LIMIT_PER_ORGANIZATION: '1000000',
  }),
  validateReplies: false,
};
const app = await buildApp(config, { database, logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : 0;
const signing = pdfWorkers(config.signing.pdf);
signing.warm();
pdfWorkers(config.anonymous.verify.pool).warm();

const list = {
  url: `http://127.0.0.1:${port}/api/documents/list`,
  headers: { 'session-id': token, 'company-id': quiet.organizationId, 'application-id': 'Frontend' },
};
const opts = { connections: 8, seconds: 8, warmupSeconds: 1 };
const sendPdf = await textPdf(5);
const signees = [{ name: 'Quiet Signee', email: 'quiet@example.com', level: 'Simple' }];
const meta = { documentName: 'Quiet', documentId: 'bench', lang: 'en' as const };

/** p99 of the quiet organization's send preparation, one after another for `seconds`. */
async function sends(seconds: number): Promise<number> {
  const times: number[] = [];
  const until = performance.now() + seconds * 1000;
  while (performance.now() < until) {
    const t0 = performance.now();
    await prepareSignable(sendPdf, signees, meta, { workers: signing, owner: quiet.organizationId });
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return times[Math.min(times.length - 1, Math.floor(times.length * 0.99))]!;
}

const auth = { 'session-id': token, 'company-id': quiet.organizationId, 'application-id': 'Frontend' };
async function call(
  method: 'GET' | 'POST',
  url: string,
  body?: FormData | object,
): Promise<{ document: { id: string } }> {
  const json = body !== undefined && !(body instanceof FormData);
  const res = await fetch(`http://127.0.0.1:${port}/api${url}`, {
    method,
    headers: { ...auth, ...(json ? { 'content-type': 'application/json' } : {}) },
    ...(body === undefined ? {} : { body: json ? JSON.stringify(body) : (body as FormData) }),
  });
  const reply = (await res.json()) as { document: { id: string } };
  if (res.status !== 200) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(reply)}`);
  return reply;
}
const form = new FormData();
form.append('name', 'Quiet contract');
form.append('file', new Blob([sendPdf]), 'quiet.pdf');
const docId = (await call('POST', '/documents/upload/contract', form)).document.id;
await call('POST', `/signing/signee/${docId}`, {
  givenName: 'Quiet',
  familyName: 'Signee',
  email: 'quiet@example.com',
});

/** p99 of the quiet organization's whole send over HTTP (each followed by an untimed cancel) for `seconds`. */
async function wholeSends(seconds: number): Promise<number> {
  const times: number[] = [];
  const until = performance.now() + seconds * 1000;
  while (performance.now() < until) {
    const t0 = performance.now();
    await call('GET', `/signing/send/${docId}`);
    times.push(performance.now() - t0);
    await call('GET', `/signing/cancel/${docId}`);
  }
  times.sort((a, b) => a - b);
  return times[Math.min(times.length - 1, Math.floor(times.length * 0.99))]!;
}

let gcPauses: number[] = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) gcPauses.push(e.duration);
}).observe({ entryTypes: ['gc'] });
const phases: string[] = [];
/** Runs one measurement and notes the API thread's event-loop delay and GC pauses meanwhile. */
async function phase<T>(name: string, run: () => Promise<T>): Promise<T> {
  const delay = monitorEventLoopDelay({ resolution: 1 });
  gcPauses = [];
  delay.enable();
  const result = await run();
  delay.disable();
  const ms = (ns: number) => (ns / 1e6).toFixed(1);
  const gc = gcPauses.reduce((a, b) => a + b, 0);
  phases.push(
    `${name.padEnd(28)} event-loop delay p99 ${ms(delay.percentile(99)).padStart(6)} ms, max ${ms(delay.max).padStart(6)} ms; ` +
      `GC ${gcPauses.length} pauses, ${gc.toFixed(0)} ms, longest ${Math.max(0, ...gcPauses).toFixed(1)} ms`,
  );
  return result;
}

await wholeSends(1);
await sends(1); // the signing worker loaded
console.log(
  `Noisy neighbour, anonymous verify flood (${os.cpus().length} cores, load ${os.loadavg()[0]!.toFixed(1)}, ` +
    `PDF workers ${config.signing.pdf.workers}, anonymous ${config.anonymous.verify.pool.workers})`,
);
const calmList = await phase('list, quiet', () => load(list, opts));
const calmSend = await phase('send preparation, quiet', () => sends(opts.seconds));
const calmWhole = await phase('whole send, quiet', () => wholeSends(opts.seconds));

const rssBefore = process.memoryUsage().rss;
let rssPeak = rssBefore;
const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 20);
// The flood runs in a process of its own, so that making its requests does not count as the server's work.
const flooder = fork(new URL('./lib/verify-flood.ts', import.meta.url), [String(port), '16'], {
  execArgv: ['--import', 'tsx'],
});
// At the lowest priority: on this one machine the flood's own CPU would otherwise count against the server,
// which an outside caller's does not.
os.setPriority(flooder.pid!, 19);
await new Promise((resolve) => flooder.once('message', resolve)); // flooding
const busyList = await phase('list, flood', () => load(list, opts));
const busySend = await phase('send preparation, flood', () => sends(opts.seconds));
const busyWhole = await phase('whole send, flood', () => wholeSends(opts.seconds));
const outcomes = await new Promise<Record<string, number>>((resolve) => {
  flooder.once('message', (m) => resolve(m as Record<string, number>));
  flooder.send('stop');
});
clearInterval(sampler);

console.log(formatResult('list, quiet server', calmList));
console.log(formatResult('list, during the anonymous verify flood', busyList));
console.log(
  `anonymous posts: ${Object.entries(outcomes)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ')}`,
);
console.log(`API process RSS: +${((rssPeak - rssBefore) / MiB).toFixed(0)} MiB at the peak of the flood`);
for (const line of phases) console.log(line);
console.log(
  `load average at the end: ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(', ')}`,
);
for (const [name, calm, busy] of [
  ['list p99', calmList.p99, busyList.p99],
  ['send preparation p99', calmSend, busySend],
  ['whole send p99', calmWhole, busyWhole],
] as const) {
  const factor = busy / Math.max(calm, 0.001);
  console.log(
    `${name} ${busy.toFixed(1)} ms vs ${calm.toFixed(1)} ms quiet: ${factor.toFixed(2)}x ` +
      `(goal <= ${GOAL_FACTOR}x) ${factor <= GOAL_FACTOR ? 'MET' : 'NOT MET'}`,
  );
}
await app.close();
await signing.close();
await pdfWorkers(config.anonymous.verify.pool).close();
await database.close();
await fsp.rm(blobDir, { recursive: true, force: true });
