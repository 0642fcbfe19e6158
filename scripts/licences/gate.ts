#!/usr/bin/env node
// The licence gate (issue #28, docs/decisions.md "Licence gate"): fails when a package in the production
// dependency tree of the server or the web app has a licence outside the allowlist, naming the package, its
// licence and the dependency path that pulls it in. Run: npx tsx scripts/licences/gate.ts [package folders]
import path from 'node:path';
import { formatFinding, judge, type Finding } from './policy.ts';
import { productionTree } from './tree.ts';

const REPO = path.resolve(import.meta.dirname, '../..');
/** What is conveyed to users: the server's code and what the web build can ship to browsers. */
export const SHIPPED_PARTS = ['apps/server', 'apps/web'];

export interface GateResult {
  /** Packages judged, per part (our own workspace packages included). */
  counts: Record<string, number>;
  findings: Finding[];
}

export function runGate(partDirs: string[]): GateResult {
  const counts: Record<string, number> = {};
  const findings: Finding[] = [];
  for (const dir of partDirs) {
    const tree = productionTree(dir);
    counts[dir] = tree.size;
    findings.push(...judge(tree.values()));
  }
  return { counts, findings };
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const args = process.argv.slice(2);
  const parts = args.length > 0 ? args : SHIPPED_PARTS.map((p) => path.join(REPO, p));
  const { counts, findings } = runGate(parts);
  for (const [dir, count] of Object.entries(counts)) {
    process.stdout.write(`${path.relative(process.cwd(), dir) || '.'}: ${count} production packages\n`);
  }
  if (findings.length === 0) {
    process.stdout.write('Licence gate: every licence is in the allowlist (scripts/licences/policy.ts).\n');
  } else {
    console.error(`Licence gate: ${findings.length} package(s) may not ship with Sinetti:`);
    for (const finding of findings) console.error(`  ${formatFinding(finding)}`);
    process.exit(1);
  }
}
