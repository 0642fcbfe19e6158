#!/usr/bin/env node
// Runs every benchmark in bench/ (files ending in .bench.ts) one after another; each prints its figures.
// `npm run bench <word>` runs those whose name contains the word. A benchmark in a folder of its own with a
// package.json (bench/lighthouse) has packages that the default install leaves out: they are installed into
// that folder the first time it runs.
import { existsSync, readdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const dir = path.resolve(import.meta.dirname, '../bench');
const only = process.argv[2];
const own = readdirSync(dir, { withFileTypes: true })
  .filter((e) => e.isDirectory() && existsSync(path.join(dir, e.name, 'package.json')))
  .flatMap((e) => readdirSync(path.join(dir, e.name)).map((f) => path.join(e.name, f)));
const files = [...readdirSync(dir), ...own].filter(
  (f) => f.endsWith('.bench.ts') && (!only || path.basename(f).includes(only)),
);
let failed = 0;
for (const f of files) {
  console.log(`\n##### ${f}`);
  const folder = path.join(dir, path.dirname(f));
  if (folder !== dir && !existsSync(path.join(folder, 'node_modules'))) {
    console.log(`Installing the packages of bench/${path.dirname(f)} (once)…`);
    const install = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: folder, stdio: 'inherit' });
    if (install.status !== 0) {
      failed++;
      continue;
    }
  }
  const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(dir, f)], { stdio: 'inherit' });
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
