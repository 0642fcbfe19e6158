#!/usr/bin/env node
// Typechecks every project at once (they are independent; run one after another they take minutes).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// One typecheck at a time per machine: each run starts a tsc per project (some 800 MB each), and several
// runs at once on a small shared machine exhausted its memory. Later runs wait for the lock (flock, where
// the system has it).
if (!process.env.SINETTI_TYPECHECK_LOCKED) {
  const lock = path.join(os.tmpdir(), 'sinetti-typecheck.lock');
  const locked = spawnSync('flock', [lock, process.execPath, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: { ...process.env, SINETTI_TYPECHECK_LOCKED: '1' },
  });
  if (!locked.error) process.exit(locked.status ?? 1);
}

const root = path.resolve(import.meta.dirname, '..');
const tsc = path.join(root, 'node_modules/typescript/bin/tsc');
const projects = [
  'packages/contract',
  'apps/server',
  'apps/web',
  'e2e',
  'bench',
  'bench/docx-fidelity/harness',
  'scripts/licences',
  // The Lighthouse benchmark's packages are installed by its first run only (scripts/bench.mjs).
  ...(existsSync(path.join(root, 'bench/lighthouse/node_modules')) ? ['bench/lighthouse'] : []),
];

const results = await Promise.all(
  projects.map(
    (p) =>
      new Promise((resolve) => {
        let output = '';
        const child = spawn(process.execPath, [tsc, '-p', path.join(root, p, 'tsconfig.json')], {
          cwd: root,
        });
        child.stdout.on('data', (d) => (output += d));
        child.stderr.on('data', (d) => (output += d));
        child.on('close', (code) => resolve({ p, code, output }));
      }),
  ),
);
for (const r of results) {
  console.log(`${r.code === 0 ? 'ok  ' : 'FAIL'} ${r.p}`);
  if (r.code !== 0) console.log(r.output);
}
process.exit(results.every((r) => r.code === 0) ? 0 : 1);
