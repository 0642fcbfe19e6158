// The bundle-size test of issue #12 item 8: the gzip size of the JavaScript each page loads first
// (first-load.ts) must stay within its budget, so that a change that grows it fails CI. Bytes only,
// deterministic for a build; no timings. Runs after the web build (scripts/test-all.mjs):
//   npx tsx --test apps/web/build/bundle-size.check.ts
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { PAGES, measureFirstLoad } from './first-load.ts';

const dist = path.resolve(import.meta.dirname, '../dist');

/**
 * Budgets in KB of gzip. Issue #12's goals are /signin 120 KB and the public signing pages 150 KB; both are
 * met, and a budget is the size reached with a little room (the signing pages' budget is their goal).
 */
const BUDGET_KB: Record<string, number> = {
  // 2026-11-27: a signed-out visitor's sign-in page no longer loads the app (features/auth/standalone):
  // 199.7 → 20.5 KB; then 14.7 KB (the endpoints' summaries left out of the web build).
  '/signin': 16,
  // 2026-11-27: the public root (app/public) instead of the app: no React Router, toasts, modal host or
  // signed-in app; the signee's own texts; the public endpoints only; dates without dayjs; the decline
  // dialog, the code step and the signature pad fetched after the first render: 232.6 → 143.8 / 147.0 KB.
  '/public/sign/{token}': 150,
  '/public/session/{token}': 150,
  // Counts the signed-in frame (ShellLayout) since it is preloaded with the page. 308.8 KB on 2026-11-27.
  // 2026-11-27: the signee pages' first load in a dozen chunks (first-load-chunks.ts): 144.4 / 148.1 →
  // 135.4 / 138.4 KB, the dashboard 308.5 → 300.2 KB.
  '/ (dashboard)': 310,
};

/**
 * At most this many files in a signee page's first load: each is a request, and a phone's connection
 * makes later ones wait (first-load-chunks.ts groups them; it was 37 files before, 14 after).
 */
const SIGNEE_FILES = 16;

for (const target of PAGES) {
  const { page, goalKb } = target;
  test(`${page} loads at most its budget of JavaScript first`, () => {
    const budget = BUDGET_KB[page];
    assert.ok(budget !== undefined, `${page} has no budget`);
    const { gzip, files } = measureFirstLoad(dist, target);
    const kb = gzip / 1024;
    assert.ok(
      kb <= budget,
      `${page} loads ${kb.toFixed(1)} KB gzip in ${files.length} files, over its budget of ${budget} KB` +
        (goalKb === undefined ? '' : ` (goal ${goalKb} KB)`),
    );
  });
}

for (const target of PAGES.filter(({ page }) => page.startsWith('/public/'))) {
  test(`${target.page} loads its first JavaScript in at most ${SIGNEE_FILES} files`, () => {
    const { files } = measureFirstLoad(dist, target);
    assert.ok(files.length <= SIGNEE_FILES, `${target.page} loads ${files.length} files: ${files.join(' ')}`);
  });
}
