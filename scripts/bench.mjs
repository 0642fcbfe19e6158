#!/usr/bin/env node
// Runs every benchmark in bench/ (files ending in .bench.ts) one after another; each prints its figures.
import { readdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const dir = path.resolve(import.meta.dirname, '../bench');
const only = process.argv[2];
const files = readdirSync(dir).filter((f) => f.endsWith('.bench.ts') && (!only || f.includes(only)));
let failed = 0;
for (const f of files) {
  console.log(`\n##### ${f}`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(dir, f)], { stdio: 'inherit' });
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
