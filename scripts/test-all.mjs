#!/usr/bin/env node
// Runs every test: typecheck, unit and API tests on PGlite, the API tests again on PostgreSQL when
// TEST_DATABASE_URL is set, then the browser tests in Chromium against a freshly built app.
import { spawnSync } from 'node:child_process';

const steps = [
  ['typecheck', 'npm', ['run', 'typecheck']],
  ['contract tests', 'npm', ['test', '-w', '@sinetti/contract']],
  ['web tests', 'npm', ['test', '-w', '@sinetti/web']],
  ['server tests on PGlite', 'npm', ['test', '-w', '@sinetti/server'], { TEST_DB: 'pglite' }],
];
if (process.env.TEST_DATABASE_URL) {
  steps.push([
    'server tests on PostgreSQL',
    'npm',
    ['test', '-w', '@sinetti/server'],
    { TEST_DB: 'postgres' },
  ]);
} else {
  console.warn('\nTEST_DATABASE_URL is not set: the PostgreSQL run of the server tests is left out.\n');
}
steps.push(['web build', 'npm', ['run', 'build']]);
// The JavaScript each page loads first stays within its budget (bytes of the build just made).
steps.push(['bundle size', 'npx', ['tsx', '--test', 'apps/web/build/bundle-size.check.ts']]);
steps.push(['browser tests', 'npm', ['run', 'test:e2e']]);

const only = process.argv.slice(2);
let passed = 0;
let failed = 0;
for (const [name, cmd, args, env = {}] of steps) {
  if (only.length > 0 && !only.some((o) => name.includes(o))) continue;
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const secs = ((Date.now() - started) / 1000).toFixed(1);
  if (r.status === 0) {
    passed++;
    console.log(`--- ${name}: passed in ${secs} s`);
  } else {
    failed++;
    console.log(`--- ${name}: FAILED (exit ${r.status}) after ${secs} s`);
  }
}
console.log(`\nTest steps: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
