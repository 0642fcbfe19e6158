import fs from 'node:fs';
import path from 'node:path';

/** The modules that open a database: the test suites' own (test/db.ts) and the app's (src/db/client.ts). */
const DATABASE_MODULES = ['test/db.ts', 'src/db/client.ts'];

const IMPORT = /^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?['"](\.[^'"]+)['"]/gm;
const DYNAMIC_IMPORT = /import\(\s*['"](\.[^'"]+)['"]\s*\)/g;

function resolveImport(from: string, specifier: string): string | null {
  const base = path.resolve(path.dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, base.replace(/\.js$/, '.ts'), path.join(base, 'index.ts')]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/**
 * The test files (relative to `root`) that import, directly or through other modules of the package, a
 * module that opens a database. Type-only imports do not count. The PostgreSQL run of the API tests
 * runs only these: the others (PDF signing and checking, file conversion, e-mail templates) do the
 * same work whatever the database, and the PGlite run has run them.
 */
export function filesUsingDatabase(root: string, files: string[]): string[] {
  const targets = new Set(DATABASE_MODULES.map((m) => path.join(root, m)));
  const known = new Map<string, boolean>();
  const reaches = (file: string, visiting: Set<string>): boolean => {
    if (targets.has(file)) return true;
    const cached = known.get(file);
    if (cached !== undefined) return cached;
    if (visiting.has(file)) return false;
    visiting.add(file);
    const text = fs.readFileSync(file, 'utf8');
    const specifiers = [...text.matchAll(IMPORT), ...text.matchAll(DYNAMIC_IMPORT)].map(
      (m) => m[1] as string,
    );
    const found = specifiers.some((s) => {
      const target = resolveImport(file, s);
      return target !== null && reaches(target, visiting);
    });
    visiting.delete(file);
    known.set(file, found);
    return found;
  };
  return files.filter((file) => reaches(path.join(root, file), new Set()));
}
