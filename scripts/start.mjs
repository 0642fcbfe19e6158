#!/usr/bin/env node
// `npm start`: builds the web app if what the build reads changed since the build in apps/web/dist (a content
// hash kept beside it), then runs the server. The build makes only quick brotli copies of its small files and
// none of its large ones (the editor's chunk); once the server answers, the final copies are made in the
// background at a low priority (apps/web/build/precompress.ts). SIGINT and SIGTERM are passed on to the server;
// npm start ends when the server does.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const web = path.join(root, 'apps/web');
const dist = path.join(web, 'dist');
/** The hash of the sources of the build in dist; `vite build` empties dist, so it never outlives its build. */
const STAMP = path.join(dist, '.vite/source-hash');
/**
 * What the web build reads besides node_modules (whose versions the lock file fixes). The third-party notices
 * (apps/web/build/third-party.ts) also read the server's dependencies and scripts/licences.
 */
const BUILD_INPUTS = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/build',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/tsconfig.json',
  'apps/web/package.json',
  'packages/contract/src',
  'packages/contract/package.json',
  'apps/server/package.json',
  'apps/server/src/services/pdf/fonts',
  'scripts/licences',
  'tsconfig.base.json',
  'package.json',
  'package-lock.json',
];

/** Files under `rel` (a file or a folder), as paths relative to the root, in a stable order. */
function filesOf(rel) {
  const full = path.join(root, rel);
  if (!fs.existsSync(full)) return [];
  if (!fs.statSync(full).isDirectory()) return [rel];
  return fs
    .readdirSync(full, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)))
    .sort();
}

/** A hash of every input's path and bytes, and of the VITE_ variables (Vite hands those to the app). */
function sourceHash() {
  const hash = createHash('sha256');
  for (const rel of BUILD_INPUTS.flatMap(filesOf)) {
    hash.update(`${rel}\0`);
    hash.update(fs.readFileSync(path.join(root, rel)));
    hash.update('\0');
  }
  for (const [name, value] of Object.entries(process.env).sort()) {
    if (name.startsWith('VITE_')) hash.update(`${name}=${value}\0`);
  }
  return hash.digest('hex');
}

function builtHash() {
  const complete = ['index.html', '.vite/manifest.json'].every((f) => fs.existsSync(path.join(dist, f)));
  return complete && fs.existsSync(STAMP) ? fs.readFileSync(STAMP, 'utf8').trim() : null;
}

/** The build, then the server, and the background compression: what stop() ends. */
let building = null;
let server = null;
let compressor = null;

/** Ends the build, or asks the server to close (it does so cleanly on SIGINT and SIGTERM). */
function stop(signal) {
  compressor?.kill();
  if (server) return server.kill(signal);
  // The build's whole process group: npm runs it through `sh -c` too.
  if (building?.exitCode === null) process.kill(-building.pid, signal);
  process.exit(1);
}
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGHUP', () => stop('SIGTERM'));
// npm runs this script through `sh -c`, which ends on the SIGTERM npm passes on without passing it further:
// once the process that started this one is gone, the server is stopped all the same.
const parent = process.ppid;
const orphaned = setInterval(() => {
  if (process.ppid === parent) return;
  clearInterval(orphaned);
  stop('SIGTERM');
}, 500);
orphaned.unref();

/** Runs a command with this terminal, in a process group of its own; resolves with its exit code. */
function run(command, args, options) {
  return new Promise((resolve, reject) => {
    building = spawn(command, args, { stdio: 'inherit', detached: true, ...options });
    building.on('error', reject);
    building.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

/** npm itself when npm runs this script (no shell needed), else the `npm` on the PATH. */
const npm = process.env.npm_execpath ? [process.execPath, process.env.npm_execpath] : ['npm'];

async function buildWebIfChanged() {
  const hash = sourceHash();
  if (builtHash() === hash) {
    console.log(`The web app in apps/web/dist is up to date with its sources (${hash.slice(0, 12)}).`);
    return;
  }
  console.log('Building the web app (its sources changed since the last build, or there is none)…');
  const code = await run(npm[0], [...npm.slice(1), 'run', 'build', '-w', '@sinetti/web'], {
    cwd: root,
    env: { ...process.env, SINETTI_PRECOMPRESS: 'later' },
  });
  if (code !== 0) {
    console.error('\nThe web build failed; the server was not started.');
    process.exit(code);
  }
  fs.writeFileSync(STAMP, `${hash}\n`);
}

/** Resolves once the server answers /api/health, or false after `seconds`. */
async function healthy(port, host, seconds) {
  const target = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  const url = `http://${target.includes(':') ? `[${target}]` : target}:${port}/api/health`;
  for (const deadline = Date.now() + seconds * 1000; Date.now() < deadline;) {
    try {
      const res = await fetch(url);
      if (res.ok) return true;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return false;
}

await buildWebIfChanged();

// Run from apps/server as its own npm script does; a relative DATA_DIR is resolved against the folder npm
// start was run in (INIT_CWD, apps/server/src/config.ts). In a process group of its own, so that a Ctrl-C
// reaches it once, from here (a second SIGINT would end it before it has closed the database).
server = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
  cwd: path.join(root, 'apps/server'),
  stdio: 'inherit',
  env: { ...process.env, INIT_CWD: process.env.INIT_CWD ?? process.cwd() },
  detached: true,
});
server.on('exit', (code, signal) => {
  compressor?.kill();
  process.exit(code ?? (signal ? 1 : 0));
});

const pending = path.join(dist, '.vite/precompress-pending.json');
if (fs.existsSync(pending)) {
  const port = Number(process.env.PORT || 3000);
  const host = process.env.HOST || 'localhost';
  if (port > 0) await healthy(port, host, 120);
  if (server.exitCode === null) {
    compressor = spawn(process.execPath, ['--import', 'tsx', path.join(web, 'build/precompress.ts'), dist], {
      cwd: root,
      stdio: 'inherit',
    });
    compressor.on('exit', () => (compressor = null));
  }
}
