import fs from 'node:fs';
import path from 'node:path';

/** A package as installed: read from its own package.json in node_modules (not from the lock file). */
export interface InstalledPackage {
  name: string;
  version: string;
  /** The package's folder (real path: a workspace link points into the repository). */
  dir: string;
  /** The licence as package.json states it: an SPDX expression, `SEE LICENSE IN …`, or null for none. */
  licence: string | null;
  /** Our own workspace packages (not under node_modules): Sinetti's code, under the root's licence. */
  firstParty: boolean;
  /** Names from the root of the walk down to this package: the first (shortest) way it is pulled in. */
  path: string[];
  /** The folders of the packages it depends on (installed ones only). */
  dependsOn: string[];
}

interface PackageJson {
  name?: string;
  version?: string;
  license?: unknown;
  licenses?: unknown;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}

export function readPackageJson(dir: string): PackageJson {
  return JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as PackageJson;
}

/**
 * The licence a package.json states. `license` is a string (SPDX expression or `SEE LICENSE IN …`); old
 * packages have `{ type }` objects or a `licenses` array, read as a choice between them (OR).
 */
export function statedLicence(pkg: PackageJson): string | null {
  const type = (value: unknown): string | null => {
    if (typeof value === 'string') return value.trim() || null;
    if (value && typeof value === 'object' && typeof (value as { type?: unknown }).type === 'string') {
      return ((value as { type: string }).type.trim() || null) ?? null;
    }
    return null;
  };
  const single = type(pkg.license);
  if (single) return single;
  if (Array.isArray(pkg.licenses)) {
    const all = pkg.licenses.map(type).filter((t): t is string => t !== null);
    if (all.length === 1) return all[0]!;
    if (all.length > 1) return `(${all.join(' OR ')})`;
  }
  return null;
}

/** Node's lookup: `<dir>/node_modules/<name>`, then in each folder above. */
export function resolvePackage(fromDir: string, name: string): string | null {
  let dir = fromDir;
  for (;;) {
    if (path.basename(dir) !== 'node_modules') {
      const candidate = path.join(dir, 'node_modules', name);
      if (fs.existsSync(path.join(candidate, 'package.json'))) return fs.realpathSync(candidate);
    }
    const parent = path.dirname(dir);
    if (parent === dir) return null;
    dir = parent;
  }
}

const isUnderNodeModules = (dir: string) => dir.split(path.sep).includes('node_modules');

/**
 * The production dependency tree of the package in `rootDir`, breadth first so each package's `path` is
 * its shortest: `dependencies` and `optionalDependencies` (an optional one counts when installed), and
 * peer dependencies that are not marked optional (npm installs those; the optional ones are someone
 * else's choice, and counted where that someone depends on them). Dev dependencies are left out
 * everywhere. A missing required dependency is an error: the tree cannot be judged half installed.
 */
export function productionTree(rootDir: string): Map<string, InstalledPackage> {
  const packages = new Map<string, InstalledPackage>();
  const root = fs.realpathSync(rootDir);
  const rootJson = readPackageJson(root);
  const queue: InstalledPackage[] = [];
  const visit = (dir: string, json: PackageJson, via: string[]) => {
    const name = json.name ?? path.basename(dir);
    const entry: InstalledPackage = {
      name,
      version: json.version ?? '0.0.0',
      dir,
      licence: statedLicence(json),
      firstParty: !isUnderNodeModules(dir),
      path: [...via, name],
      dependsOn: [],
    };
    packages.set(dir, entry);
    queue.push(entry);
  };
  visit(root, rootJson, []);
  while (queue.length > 0) {
    const pkg = queue.shift()!;
    const json = readPackageJson(pkg.dir);
    const wanted: [string, boolean][] = [
      ...Object.keys(json.dependencies ?? {}).map((n): [string, boolean] => [n, true]),
      ...Object.keys(json.optionalDependencies ?? {}).map((n): [string, boolean] => [n, false]),
      ...Object.keys(json.peerDependencies ?? {})
        .filter((n) => !json.peerDependenciesMeta?.[n]?.optional)
        .map((n): [string, boolean] => [n, false]),
    ];
    for (const [name, required] of wanted) {
      const dir = resolvePackage(pkg.dir, name);
      if (!dir) {
        if (required) throw new Error(`${[...pkg.path, name].join(' > ')} is not installed: run npm install`);
        continue;
      }
      if (!pkg.dependsOn.includes(dir)) pkg.dependsOn.push(dir);
      if (!packages.has(dir)) visit(dir, readPackageJson(dir), pkg.path);
    }
  }
  return packages;
}

/** The folder of the installed package a module file belongs to (`…/node_modules/@scope/name/…`). */
export function packageDirOf(file: string): string | null {
  const parts = file.split(/[\\/]/);
  const at = parts.lastIndexOf('node_modules');
  if (at < 0 || at + 1 >= parts.length) return null;
  const scoped = parts[at + 1]!.startsWith('@');
  const end = at + (scoped ? 3 : 2);
  if (end > parts.length) return null;
  return parts.slice(0, end).join('/');
}
