// Fixed cost per request (issue #32 item 5): the server CPU of Sinetti's GET /api/health against a bare
// Fastify reply of the same JSON, each server in its own process under the same 50-connection load, and where
// health's CPU goes: a V8 CPU profile of the Sinetti server during the load, its self time summed per
// package or source area (fastify, pino, helmet-like headers, zod, the app's hooks, the database driver...).
// The embedded database (PGlite) unless BENCH_DATABASE_URL is set.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import pg from 'pg';
import { cpuSeconds } from './lib/cpu.ts';
import { formatResult, load } from './lib/load.ts';

function start(
  script: string,
  env: Record<string, string>,
  args: string[] = [],
): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, [...args, '--import', 'tsx', script], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    const lines = readline.createInterface({ input: child.stdout as NodeJS.ReadableStream });
    lines.on('line', (line) => {
      if (line.startsWith('{"ready"')) resolve({ child, port: (JSON.parse(line) as { port: number }).port });
    });
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
}

async function stop(child: ChildProcess): Promise<void> {
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
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

/** Self time of a V8 CPU profile per area: a package under node_modules, the app's folder, or node itself. */
function areas(file: string): [string, number][] {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as {
    nodes: ProfileNode[];
    samples: number[];
  };
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const totals = new Map<string, number>();
  for (const id of profile.samples) {
    const node = byId.get(id);
    if (!node) continue;
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
  }
  const all = profile.samples.length || 1;
  return [...totals.entries()].sort((a, b) => b[1] - a[1]).map(([k, v]) => [k, v / all]);
}

const here = import.meta.dirname;
const bare = await start(path.join(here, 'lib/fixed-cost-bare.ts'), {});
let bareResult;
try {
  bareResult = await measure(
    'bare Fastify reply',
    bare.child.pid ?? 0,
    `http://127.0.0.1:${bare.port}/api/health`,
  );
} finally {
  await stop(bare.child);
}

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
  const sinetti = await start(
    path.join(here, 'lib/fixed-cost-server.ts'),
    serverUrl ? { BENCH_SERVER_DATABASE_URL: serverUrl } : {},
    ['--cpu-prof', `--cpu-prof-dir=${profileDir}`],
  );
  let health;
  try {
    health = await measure(
      `Sinetti GET /api/health (${serverUrl ? 'PostgreSQL' : 'PGlite'})`,
      sinetti.child.pid ?? 0,
      `http://127.0.0.1:${sinetti.port}/api/health`,
    );
  } finally {
    await stop(sinetti.child);
  }
  console.log(
    `health costs ${(health.cpuMs / Math.max(1e-9, bareResult.cpuMs)).toFixed(1)} × the bare reply's server CPU; ` +
      `req/s ${(health.rps / Math.max(1e-9, bareResult.rps)).toFixed(2)} × (load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')})`,
  );
  const [profile] = fs.readdirSync(profileDir).filter((f) => f.endsWith('.cpuprofile'));
  if (profile) {
    console.log('where the Sinetti server spent its CPU (self time, whole run including start-up):');
    for (const [area, share] of areas(path.join(profileDir, profile)).slice(0, 15)) {
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
