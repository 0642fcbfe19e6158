// The licence gate's tests (node:test, run by `npm test`'s "licence gate" step):
// npx tsx --test scripts/licences/licences.test.ts
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { runGate, SHIPPED_PARTS } from './gate.ts';
import { formatFinding, judge, licenceProblem } from './policy.ts';
import { productionTree } from './tree.ts';

const REPO = path.resolve(import.meta.dirname, '../..');
const fixtures: string[] = [];
after(() => {
  for (const dir of fixtures) fs.rmSync(dir, { recursive: true, force: true });
});

/** A folder tree of package.json files (and other files) as npm would install it. */
function fixture(files: Record<string, unknown>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sinetti-licences-'));
  fixtures.push(root);
  for (const [name, content] of Object.entries(files)) {
    const file = path.join(root, name);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  }
  return root;
}

/** The web app's tree on main 6a23792 in small: superdoc 2.11.0 pulled in a proprietary engine. */
const SUPERDOC_2 = {
  'web/package.json': {
    name: '@sinetti/web',
    version: '0.1.0',
    dependencies: { superdoc: '2.11.0', react: '^19.0.0' },
    devDependencies: { vitest: '^4.0.0' },
  },
  'node_modules/react/package.json': { name: 'react', version: '19.3.1', license: 'MIT' },
  'node_modules/superdoc/package.json': {
    name: 'superdoc',
    version: '2.11.0',
    license: 'AGPL-3.0',
    dependencies: { '@superdoc/docx-engine': '0.10.0' },
    peerDependencies: { react: '>=16.8.0', 'pdfjs-dist': '^5.0.0' },
    peerDependenciesMeta: { 'pdfjs-dist': { optional: true } },
  },
  'node_modules/@superdoc/docx-engine/package.json': {
    name: '@superdoc/docx-engine',
    version: '0.10.0',
    license: 'SEE LICENSE IN DOCX-ENGINE-LICENSE.md',
  },
  'node_modules/@superdoc/docx-engine/DOCX-ENGINE-LICENSE.md': '# Proprietary License\nNot open source.\n',
  // A dev dependency under a licence the gate refuses: dev dependencies do not ship, so it is not judged.
  'node_modules/vitest/package.json': { name: 'vitest', version: '4.0.0', license: 'GPL-2.0-only' },
};

describe('the licence gate', () => {
  it("fails on the web app's tree with superdoc 2.x and names @superdoc/docx-engine and its path", () => {
    const root = fixture(SUPERDOC_2);
    const { findings } = runGate([path.join(root, 'web')]);
    assert.equal(findings.length, 1);
    const [finding] = findings;
    assert.equal(finding!.name, '@superdoc/docx-engine');
    assert.equal(finding!.version, '0.10.0');
    assert.equal(finding!.licence, 'SEE LICENSE IN DOCX-ENGINE-LICENSE.md');
    assert.equal(finding!.path, '@sinetti/web > superdoc > @superdoc/docx-engine');
    assert.match(formatFinding(finding!), /@superdoc\/docx-engine@0\.10\.0.*SEE LICENSE IN/);
  });

  it('passes the same tree once superdoc no longer depends on the engine', () => {
    const root = fixture({
      ...SUPERDOC_2,
      'node_modules/superdoc/package.json': { name: 'superdoc', version: '1.46.3', license: 'AGPL-3.0' },
    });
    assert.deepEqual(runGate([path.join(root, 'web')]).findings, []);
  });

  it('names the shortest path, reads nested copies and old licence fields, and stops at dev dependencies', () => {
    const root = fixture({
      'app/package.json': { name: 'app', dependencies: { a: '1', b: '1' }, devDependencies: { d: '1' } },
      'node_modules/a/package.json': {
        name: 'a',
        version: '1.0.0',
        license: 'MIT',
        dependencies: { b: '1' },
      },
      // a's own copy of b (a nested install) under another licence than the top-level b.
      'node_modules/a/node_modules/b/package.json': { name: 'b', version: '2.0.0', license: 'GPL-2.0' },
      'node_modules/b/package.json': {
        name: 'b',
        version: '1.0.0',
        licenses: [{ type: 'MIT' }, { type: 'Apache-2.0' }],
        optionalDependencies: { 'not-installed': '1' },
        dependencies: { c: '1' },
      },
      'node_modules/c/package.json': { name: 'c', version: '1.0.0' },
      'node_modules/d/package.json': { name: 'd', version: '1.0.0', license: 'UNLICENSED' },
    });
    const tree = productionTree(path.join(root, 'app'));
    assert.deepEqual([...tree.values()].map((p) => `${p.name}@${p.version}`).sort(), [
      'a@1.0.0',
      'app@0.0.0',
      'b@1.0.0',
      'b@2.0.0',
      'c@1.0.0',
    ]);
    const findings = judge(tree.values()).map((f) => `${f.name}@${f.version} ${f.path}: ${f.problem}`);
    assert.deepEqual(findings, [
      'b@2.0.0 app > a > b: licence not in the allowlist',
      'c@1.0.0 app > b > c: no licence stated',
    ]);
  });

  it('fails when a required dependency is not installed', () => {
    const root = fixture({ 'app/package.json': { name: 'app', dependencies: { gone: '1' } } });
    assert.throws(() => productionTree(path.join(root, 'app')), /app > gone is not installed/);
  });

  it('reads SPDX expressions: OR needs one side allowed, AND both, WITH as its licence', () => {
    const ok = [
      'MIT',
      '(MIT OR GPL-3.0)',
      'MIT OR GPL-2.0-only',
      'MIT AND Zlib',
      '(MIT AND (BSD-3-Clause OR GPL-2.0-only))',
      'Apache-2.0 WITH LLVM-exception',
      'GPL-2.0+',
      'GPL-2.0-or-later',
      'LGPL-2.1',
      'AGPL-3.0',
      'AGPL-3.0-or-later',
      'OFL-1.1',
      'BlueOak-1.0.0',
    ];
    for (const licence of ok) assert.equal(licenceProblem(licence), null, licence);
    const refused: [string | null, RegExp][] = [
      [null, /no licence/],
      ['SEE LICENSE IN LICENSE.md', /read it and decide/],
      ['UNLICENSED', /UNLICENSED/],
      ['GPL-2.0', /allowlist/],
      ['GPL-2.0-only', /allowlist/],
      ['MIT AND GPL-2.0-only', /allowlist/],
      ['SSPL-1.0 OR BUSL-1.1', /allowlist/],
      ['CC-BY-NC-4.0', /allowlist/],
      ['LicenseRef-Proprietary', /allowlist/],
      ['MIT License', /not an SPDX/],
      ['(MIT OR', /not an SPDX/],
    ];
    for (const [licence, problem] of refused)
      assert.match(licenceProblem(licence) ?? '', problem, `${licence}`);
  });

  it('passes on the installed tree of the server and the web app', () => {
    const { counts, findings } = runGate(SHIPPED_PARTS.map((p) => path.join(REPO, p)));
    assert.deepEqual(findings.map(formatFinding), []);
    // The walk found the trees (a broken walk would pass vacuously).
    for (const count of Object.values(counts)) assert.ok(count > 50, `${count} packages`);
  });
});
