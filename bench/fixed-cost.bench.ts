// Fixed cost per request (issue #32 item 5): the server CPU of Sinetti's GET /api/health against a bare
// Fastify reply of the same JSON, each server in its own process under the same 50-connection load (alternated,
// ROUNDS times, the median ratio: other work on a shared machine disturbs both alike), and where
// health's CPU goes: a V8 CPU profile of the Sinetti server during its loads, its busy self time summed per
// package or source area (fastify, pino, helmet-like headers, zod, the app's hooks, the database driver...).
// The embedded database (PGlite) unless BENCH_DATABASE_URL is set.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { cpuSeconds } from './lib/cpu.ts';
import { formatResult, load } from './lib/load.ts';
import { startServerProcess, stopServerProcess as stop } from './lib/bench-server.ts';

async function start(script: string, env: Record<string, string>, nodeArgs: string[] = []) {
  const { child, ready } = await startServerProcess<{ port: number }>(script, env, nodeArgs);
  return { child, port: ready.port };
}

async function measure(name: string, pid: number, url: string) {
  const cpu0 = cpuSeconds(pid);
  const r = await load({ url });
  const cpuMs = ((cpuSeconds(pid) - cpu0) * 1000) / Math.max(1, r.requests);
  console.log(`${formatResult(name, r)}   server CPU ${cpuMs.toFixed(3)} ms/req`);
  return { ...r, cpuMs };
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  hitCount?: number;
}

/** The monotonic clock in µs: the clock of V8's CPU profile timestamps (both CLOCK_MONOTONIC on Linux). */
const nowUs = () => Number(process.hrtime.bigint() / 1000n);

/**
 * Self time of a V8 CPU profile per area (a package under node_modules, the app's folder, or node itself),
 * counting only the samples taken during `windows` (the loads: not start-up) and not idle.
 */
function areas(file: string, windows: [number, number][]): [string, number][] {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as {
    nodes: ProfileNode[];
    samples: number[];
    startTime: number;
    timeDeltas: number[];
  };
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const totals = new Map<string, number>();
  let counted = 0;
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    at += profile.timeDeltas[i] ?? 0;
    const node = byId.get(id);
    if (!node || node.callFrame.functionName === '(idle)') return;
    if (!windows.some(([from, to]) => at >= from && at <= to)) return;
    const url = node.callFrame.url;
    let area: string;
    const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
    if (pkg) area = pkg[1] ?? url;
    else if (url.includes('/apps/server/src/'))
      area = `app: ${url.split('/apps/server/src/')[1]?.split('/').slice(0, 2).join('/')}`;
    else if (url.startsWith('node:')) area = url;
    else if (url === '') area = `(${node.callFrame.functionName || 'native'})`;
    else area = path.basename(url);
    totals.set(area, (totals.get(area) ?? 0) + 1);
    counted++;
  });
  return [...totals.entries()].sort((a, b) => b[1] - a[1]).map(([k, v]) => [k, v / Math.max(1, counted)]);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
/** Rounds of bare and Sinetti loads, alternated: on a shared machine both see the same disturbances. */
const ROUNDS = 3;

const here = import.meta.dirname;
const url = process.env.BENCH_DATABASE_URL;
let dbName: string | undefined;
let admin: pg.Client | undefined;
let serverUrl: string | undefined;
if (url) {
  dbName = `sinetti_bench_${randomBytes(4).toString('hex')}`;
  admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const u = new URL(url);
  u.pathname = `/${dbName}`;
  serverUrl = u.toString();
}
const profileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sinetti-fixed-cost-'));
try {
  const bare = await start(path.join(here, 'lib/fixed-cost-bare.ts'), {});
  const sinetti = await start(
    path.join(here, 'lib/fixed-cost-server.ts'),
    serverUrl ? { BENCH_SERVER_DATABASE_URL: serverUrl } : {},
    ['--cpu-prof', `--cpu-prof-dir=${profileDir}`],
  );
  const windows: [number, number][] = [];
  const cpuRatios: number[] = [];
  const rpsRatios: number[] = [];
  try {
    for (let round = 0; round < ROUNDS; round++) {
      const b = await measure(
        'bare Fastify reply',
        bare.child.pid ?? 0,
        `http://127.0.0.1:${bare.port}/api/health`,
      );
      const from = nowUs();
      const h = await measure(
        `Sinetti GET /api/health (${serverUrl ? 'PostgreSQL' : 'PGlite'})`,
        sinetti.child.pid ?? 0,
        `http://127.0.0.1:${sinetti.port}/api/health`,
      );
      windows.push([from, nowUs()]);
      cpuRatios.push(h.cpuMs / Math.max(1e-9, b.cpuMs));
      rpsRatios.push(h.rps / Math.max(1e-9, b.rps));
    }
  } finally {
    await stop(bare.child);
    await stop(sinetti.child);
  }
  console.log(
    `health costs ${median(cpuRatios).toFixed(1)} × the bare reply's server CPU (median of ${ROUNDS} rounds: ` +
      `${cpuRatios.map((r) => r.toFixed(1)).join(', ')}); req/s ${median(rpsRatios).toFixed(2)} × ` +
      `(load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')})`,
  );
  const [profile] = fs.readdirSync(profileDir).filter((f) => f.endsWith('.cpuprofile'));
  if (profile) {
    console.log("where the Sinetti server's busy CPU went during the loads (self time):");
    for (const [area, share] of areas(path.join(profileDir, profile), windows).slice(0, 15)) {
      console.log(`  ${(share * 100).toFixed(1).padStart(5)} %  ${area}`);
    }
  }
} finally {
  fs.rmSync(profileDir, { recursive: true, force: true });
  if (admin && dbName) {
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }
}
