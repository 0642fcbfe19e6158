// Fresh clone to running app (issue #28 item 3; goal ≤ 60 s on a quiet 2-core machine): clones this
// checkout's HEAD into a temporary folder, then times `npm install` and `npm start` until /api/health answers
// (a free port; the database in the clone's ./data), separately; then the background compression (the final
// copies), and a second `npm start` (which must not build). Prints the build's size and the load average, stops
// each server by its process id and removes the clone. The npm cache decides much of the install's time: by
// default it is this machine's (warm after any earlier install); STARTUP_COLD_CACHE=1 uses an empty one, so
// every package is downloaded.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const repo = path.resolve(import.meta.dirname, '..');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'sinetti-startup-'));
const clone = path.join(work, 'sinetti');
const cold = process.env.STARTUP_COLD_CACHE === '1';
const env: NodeJS.ProcessEnv = {
  ...process.env,
  ...(cold ? { npm_config_cache: path.join(work, 'npm-cache') } : {}),
};

const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
const row = (label: string, value: string) => console.log(`${label.padEnd(40)} ${value}`);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** Runs `npm <args>` in the clone with its output in a log file; its time in ms, or throws. */
function npm(args: string[], log: string): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const out = fs.openSync(path.join(work, log), 'w');
    const child = spawn('npm', args, { cwd: clone, env, stdio: ['ignore', out, out] });
    child.on('error', reject);
    child.on('exit', (code) => {
      fs.closeSync(out);
      if (code === 0) resolve(performance.now() - started);
      else reject(new Error(`npm ${args.join(' ')} exited with ${code}:\n${tail(log)}`));
    });
  });
}

function tail(log: string): string {
  return fs.readFileSync(path.join(work, log), 'utf8').split('\n').slice(-30).join('\n');
}

interface Started {
  child: ChildProcess;
  /** Until /api/health answered. */
  ms: number;
  /** Until the web build had ended (its last line in the log; checked as often as the health). */
  builtMs: number | undefined;
}

/** The last line a build for npm start prints (apps/web/build/precompress.ts), or start.mjs's when it skips one. */
const BUILD_DONE = /Quick brotli and gzip copies|is up to date with its sources/;

/** `npm start` in the clone until /api/health answers OK. */
async function start(port: number, log: string): Promise<Started> {
  const started = performance.now();
  const out = fs.openSync(path.join(work, log), 'w');
  // Its own process group, so that anything left after npm ends can still be found (stop()).
  const child = spawn('npm', ['start'], {
    cwd: clone,
    env: { ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', out, out],
    detached: true,
  });
  fs.closeSync(out);
  const deadline = Date.now() + 600_000;
  let builtMs: number | undefined;
  while (Date.now() < deadline) {
    if (builtMs === undefined && BUILD_DONE.test(fs.readFileSync(path.join(work, log), 'utf8'))) {
      builtMs = performance.now() - started;
    }
    if (child.exitCode !== null) throw new Error(`npm start ended (${child.exitCode}):\n${tail(log)}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      const body = (await res.json()) as { status?: string };
      if (res.ok && body.status === 'OK') return { child, ms: performance.now() - started, builtMs };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no answer from /api/health within 10 minutes:\n${tail(log)}`);
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * SIGTERM to the server's process id (it holds it in DATA_DIR/sinetti.lock); npm start ends with it. Waits
 * until both have ended; after 30 s, kills npm start's process group and the server.
 */
async function stop({ child }: Started): Promise<void> {
  if (child.exitCode !== null || child.pid === undefined) return;
  const ended = new Promise((r) => child.once('exit', r));
  const lock = path.join(clone, 'data/sinetti.lock');
  const pid = fs.existsSync(lock) ? Number.parseInt(fs.readFileSync(lock, 'utf8'), 10) : NaN;
  if (Number.isInteger(pid)) process.kill(pid, 'SIGTERM');
  else child.kill('SIGTERM');
  const late = setTimeout(() => {
    console.warn('npm start did not end within 30 s of SIGTERM: ending it and the server');
    process.kill(-child.pid!, 'SIGKILL');
    if (Number.isInteger(pid) && alive(pid)) process.kill(pid, 'SIGKILL');
  }, 30_000);
  await ended;
  while (Number.isInteger(pid) && alive(pid)) await new Promise((r) => setTimeout(r, 100));
  clearTimeout(late);
}

function folderBytes(dir: string): number {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((rel) => fs.statSync(path.join(dir, rel)))
    .reduce((sum, stat) => sum + (stat.isFile() ? stat.size : 0), 0);
}

/** Sizes of the build: everything, source maps, the originals and their brotli and gzip copies. */
function buildSizes(dist: string) {
  const sizes = { total: 0, maps: 0, br: 0, gz: 0, files: 0 };
  for (const rel of fs.readdirSync(dist, { recursive: true, encoding: 'utf8' })) {
    const stat = fs.statSync(path.join(dist, rel));
    if (!stat.isFile() || rel.startsWith('.vite')) continue;
    sizes.total += stat.size;
    if (rel.endsWith('.map')) sizes.maps += stat.size;
    else if (rel.endsWith('.br')) sizes.br += stat.size;
    else if (rel.endsWith('.gz')) sizes.gz += stat.size;
    else sizes.files += stat.size;
  }
  return sizes;
}

const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], {
  cwd: repo,
  encoding: 'utf8',
}).stdout.trim();
console.log(
  `Node ${process.version}, ${os.cpus().length} cores; npm cache: ${cold ? 'empty (STARTUP_COLD_CACHE=1)' : "this machine's"}`,
);
row('Load average (1, 5, 15 min) before', load());
let server: Started | undefined;
try {
  const cloned = spawnSync('git', ['clone', '--quiet', repo, clone], { encoding: 'utf8' });
  if (cloned.status !== 0) throw new Error(`git clone failed: ${cloned.stderr}`);
  row('Cloned', `${commit} into ${clone}`);

  const install = await npm(['install', '--no-audit', '--no-fund'], 'install.log');
  const engineWarnings = (fs.readFileSync(path.join(work, 'install.log'), 'utf8').match(/EBADENGINE/g) ?? [])
    .length;
  row('npm install', `${seconds(install)}  (load ${load()}; ${engineWarnings} EBADENGINE lines)`);
  if (cold) row('  downloaded into the empty npm cache', mb(folderBytes(path.join(work, 'npm-cache'))));

  const port = await freePort();
  server = await start(port, 'start-1.log');
  const first = server.ms;
  row('npm start until /api/health answers', `${seconds(first)}  (load ${load()})`);
  if (server.builtMs !== undefined) {
    row(
      '  of which the web build',
      `${seconds(server.builtMs)}; then the server ${seconds(first - server.builtMs)}`,
    );
  }
  row('install + first start', seconds(install + first));

  const dist = path.join(clone, 'apps/web/dist');
  const pending = path.join(dist, '.vite/precompress-pending.json');
  const waited = performance.now();
  while (fs.existsSync(pending) && performance.now() - waited < 300_000) {
    await new Promise((r) => setTimeout(r, 200));
  }
  row(
    'Final brotli/gzip copies (background)',
    fs.existsSync(pending) ? 'not within 5 minutes' : `${seconds(performance.now() - waited)} after health`,
  );
  await stop(server);

  server = await start(port, 'start-2.log');
  const built = /Building the web app/.test(fs.readFileSync(path.join(work, 'start-2.log'), 'utf8'));
  row('Second npm start until /api/health', `${seconds(server.ms)}  (${built ? 'BUILT AGAIN' : 'no build'})`);
  await stop(server);
  server = undefined;

  const s = buildSizes(dist);
  row(
    'Build (apps/web/dist)',
    `${mb(s.total)}: ${mb(s.files)} files, ${mb(s.maps)} source maps, ${mb(s.br)} brotli, ${mb(s.gz)} gzip`,
  );
  const dataHere = fs.existsSync(path.join(clone, 'data/pglite'));
  const dataThere = fs.existsSync(path.join(clone, 'apps/server/data'));
  row(
    'Database',
    dataHere && !dataThere ? './data of the clone' : `NOT in ./data (apps/server/data: ${dataThere})`,
  );
  row('Load average (1, 5, 15 min) after', load());
} finally {
  if (server) await stop(server);
  fs.rmSync(work, { recursive: true, force: true });
}
