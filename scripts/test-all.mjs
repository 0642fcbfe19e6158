#!/usr/bin/env node
// Runs every test: typecheck, unit and API tests on PGlite, the API tests again on PostgreSQL when
// TEST_DATABASE_URL is set, then the browser tests in Chromium against a freshly built app.
import { spawn } from 'node:child_process';
import os from 'node:os';

/** The load average over 1, 5 and 15 minutes: step times mean little without it on a shared machine. */
const loadAverage = () =>
  os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(' ');
const runStarted = Date.now();
const loadAtStart = loadAverage();
console.log(`Load average at start (1, 5, 15 min): ${loadAtStart} on ${os.cpus().length} cores`);

const steps = [
  // Every production package's licence is in the allowlist (scripts/licences/policy.ts): a few seconds.
  ['licence gate', 'npx', ['tsx', '--test', 'scripts/licences/licences.test.ts']],
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
/** The steps that failed, with the failing tests' lines, repeated at the end (the part of a log read first). */
const failed = [];
/** Each step run: its name, result and wall time, shown together at the end. */
const times = [];

/** Runs a step, its output passed through; resolves with its exit status and the lines naming failures. */
function runStep(cmd, args, env) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: ['inherit', 'pipe', 'pipe'], env: { ...process.env, ...env } });
    const failures = [];
    // What a failed browser test saw (e2e/support/failure-report.ts), repeated in the summary too.
    const diagnoses = [];
    let inReport = false;
    // Lines of an error's message after its first (an axe finding's list), kept until its stack begins.
    let detail = 0;
    // One partial line per stream: stdout and stderr interleave, and a line must not take the other's end.
    const scanner = () => {
      let rest = '';
      return (chunk) => {
        const lines = (rest + chunk.toString()).split('\n');
        rest = lines.pop() ?? '';
        for (const line of lines) scanLine(line);
      };
    };
    const scanLine = (line) => {
      // eslint-disable-next-line no-control-regex
      const plain = line.replace(/\u001b\[[0-9;]*m/g, '').trimEnd();
      // A failing test's name, then (from Vitest's report) the error's first line and the test file's line
      // it points at: enough to tell a product bug from a slow machine without the whole log. (Errors only
      // after Vitest's first FAIL line: passing tests print expected errors too.)
      if (/^\s*FAIL\s/.test(plain)) inReport = true;
      const errorLine = inReport && /^\s*([A-Z]\w*)?Error(\s*\[\w+\])?: /.test(plain);
      if (plain.trim() === '' || /^\s*(❯|at) /.test(plain)) detail = 0;
      const isDetail = detail > 0;
      if (isDetail) detail--;
      const summary =
        /^\s*(FAIL|×|✗)\s/.test(plain) ||
        /error TS\d+:/.test(plain) ||
        errorLine ||
        isDetail ||
        (inReport && /^\s*❯ \S+\.test\.tsx?:\d+/.test(plain));
      if (errorLine) detail = 12;
      const entry = plain.length > 300 ? `${plain.slice(0, 300)}…` : plain;
      if (summary && failures.length < 60 && !failures.includes(entry)) failures.push(entry);
      if (plain.startsWith('[diagnosis] ') && diagnoses.length < 150) diagnoses.push(entry);
    };
    const scanOut = scanner();
    const scanErr = scanner();
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      scanOut(chunk);
    });
    child.stderr.on('data', (chunk) => {
      process.stderr.write(chunk);
      scanErr(chunk);
    });
    child.on('close', (status) => resolve({ status, failures, diagnoses }));
  });
}

for (const [name, cmd, args, env = {}] of steps) {
  if (only.length > 0 && !only.some((o) => name.includes(o))) continue;
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const { status, failures, diagnoses } = await runStep(cmd, args, env);
  const secs = ((Date.now() - started) / 1000).toFixed(1);
  if (status === 0) {
    passed++;
    console.log(`--- ${name}: passed in ${secs} s`);
  } else {
    failed.push({ name, failures, diagnoses });
    console.log(`--- ${name}: FAILED (exit ${status}) after ${secs} s`);
  }
  times.push([name, status === 0 ? 'passed' : `FAILED (exit ${status})`, secs]);
}

// Every step's wall time together, then the failures (the end of a log is read first).
const total = ((Date.now() - runStarted) / 1000).toFixed(1);
const width = Math.max(4, ...times.map(([name]) => name.length));
const row = (name, result, secs) => `  ${name.padEnd(width)}  ${result.padEnd(16)}  ${secs.padStart(7)}`;
console.log('\nStep times (wall clock):');
console.log(row('step', 'result', 'seconds'));
for (const [name, result, secs] of times) console.log(row(name, result, secs));
console.log(row('total', '', total));
console.log(
  `Load average (1, 5, 15 min): ${loadAtStart} at start, ${loadAverage()} at end (${os.cpus().length} cores)`,
);
console.log(`\nTest steps: ${passed} passed, ${failed.length} failed`);
for (const { name, failures, diagnoses } of failed) {
  console.log(`  ${name}:`);
  for (const line of failures) console.log(`    ${line.trim()}`);
  for (const line of diagnoses) console.log(`    ${line.trim()}`);
}
process.exit(failed.length === 0 ? 0 : 1);
