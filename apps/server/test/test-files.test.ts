import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FULL_RUN, SMOKE, filesFor, isIsolated, testFiles } from './test-files.ts';
import config from '../vitest.config.ts';

const root = path.join(import.meta.dirname, '..');
const all = testFiles(root);
const other = FULL_RUN === 'postgres' ? 'pglite' : 'postgres';

describe('the test files of each run (test-files.ts)', () => {
  it('runs every file in one of the two runs of npm test, and on PGlite alone every file it can', () => {
    const split = new Set([...filesFor(root, 'pglite', true), ...filesFor(root, 'postgres', true)]);
    expect(all.filter((file) => !split.has(file))).toEqual([]);
    expect(filesFor(root, FULL_RUN, true)).toEqual(filesFor(root, FULL_RUN, false));
    const pgliteAlone = filesFor(root, 'pglite', false);
    expect(all.filter((file) => !pgliteAlone.includes(file))).toEqual(
      all.filter((file) => file.endsWith('.postgres.test.ts')),
    );
    expect(all).toContain('test/test-files.test.ts');
  });

  it('runs on the other database its own files, the files that depend on the database, and the smoke set', () => {
    const files = filesFor(root, other, true);
    expect(files).toEqual(expect.arrayContaining([...SMOKE, 'test/pglite-snapshot.test.ts']));
    expect(files).toContain('test/faults/faults.test.ts'); // imports the database's kind
    expect(files).not.toContain('test/test-files.test.ts');
    for (const file of SMOKE) expect(fs.existsSync(path.join(root, file)), file).toBe(true);
    expect(filesFor(root, 'pglite', true).filter((file) => file.endsWith('.postgres.test.ts'))).toEqual([]);
    expect(files.length).toBeLessThan(all.length / 4);
  });

  it('runs the files that mock modules in their own module registry, and every other file in the shared one', () => {
    expect(isIsolated('test/bulk-send-race.isolated.test.ts')).toBe(true);
    expect(isIsolated('test/bulk-send-runs.test.ts')).toBe(false);
    const projects = (config.test?.projects ?? []) as {
      test: { name: string; include: string[]; isolate: boolean };
    }[];
    const byName = new Map(projects.map((p) => [p.test.name, p.test]));
    const shared = byName.get('shared');
    const isolated = byName.get('isolated');
    expect(shared?.isolate).toBe(false);
    expect(isolated?.isolate).toBe(true);
    expect(isolated?.include).toContain('test/bulk-send-race.isolated.test.ts');
    expect(shared?.include.filter(isIsolated)).toEqual([]);
    expect(isolated?.include.every(isIsolated)).toBe(true);
    // Together, each file of the run once.
    const both = [...(shared?.include ?? []), ...(isolated?.include ?? [])].sort();
    expect(new Set(both).size).toBe(both.length);
    expect(both.length).toBeGreaterThan(100);
  });
});
