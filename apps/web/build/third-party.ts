import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { cycloneDx, noticesText, type Part, type ShippedPackage } from '../../../scripts/licences/notices.ts';
import { formatFinding, judge } from '../../../scripts/licences/policy.ts';
import {
  packageDirOf,
  productionTree,
  readPackageJson,
  resolvePackage,
  statedLicence,
  type InstalledPackage,
} from '../../../scripts/licences/tree.ts';
import { NOTICES_PATH, SBOM_PATH } from '../src/lib/notices.ts';

export const NOTICES_FILE = NOTICES_PATH.slice(1);
export const SBOM_FILE = SBOM_PATH.slice(1);

/** Helpers the bundler writes into the output itself (`\0vite/preload-helper.js`), by the package they are from. */
const VIRTUAL_HELPERS: [RegExp, string][] = [
  [/^\0?vite\//, 'vite'],
  [/^\0?rolldown\//, 'rolldown'],
];

/**
 * The installed packages whose code a build's modules come from: a module under `node_modules/<name>`
 * belongs to that package; the bundler's own helpers to the bundler's package (resolved from `webRoot`).
 */
export function packageDirsOf(moduleIds: Iterable<string>, webRoot: string): Set<string> {
  const dirs = new Set<string>();
  for (const id of moduleIds) {
    const file = id.replace(/^\0/, '').split('?', 1)[0]!;
    const dir = packageDirOf(file);
    if (dir && fs.existsSync(path.join(dir, 'package.json'))) {
      dirs.add(fs.realpathSync(dir));
      continue;
    }
    const helper = VIRTUAL_HELPERS.find(([pattern]) => pattern.test(id));
    const helperDir = helper && resolvePackage(webRoot, helper[1]);
    if (helperDir) dirs.add(helperDir);
  }
  return dirs;
}

/**
 * What ships: the web build's packages (as the bundle holds them, not the whole install tree: superdoc
 * depends on jsdom, which never reaches a browser) and the server's whole production tree (it runs from
 * node_modules). A bundled package outside the web app's production tree (a dev dependency imported by
 * mistake) is still listed and judged, with the folder it came from as its path.
 */
export function shippedPackages(webRoot: string, serverRoot: string, moduleIds: Iterable<string>) {
  const web = productionTree(webRoot);
  const server = productionTree(serverRoot);
  const shipped = new Map<string, ShippedPackage>();
  const add = (pkg: InstalledPackage, part: Part) => {
    const entry = shipped.get(pkg.dir) ?? { pkg, parts: new Set<Part>() };
    entry.parts.add(part);
    shipped.set(pkg.dir, entry);
  };
  const webRootPkg = [...web.values()].find((p) => p.path.length === 1)!;
  add(webRootPkg, 'web');
  for (const dir of packageDirsOf(moduleIds, webRoot)) {
    const known = web.get(dir);
    if (known) {
      add(known, 'web');
      continue;
    }
    const json = readPackageJson(dir);
    const name = json.name ?? path.basename(dir);
    add(
      {
        name,
        version: json.version ?? '0.0.0',
        dir,
        licence: statedLicence(json),
        firstParty: false,
        path: [webRootPkg.name, `(bundled from ${path.relative(webRoot, dir)})`, name],
        dependsOn: [],
      },
      'web',
    );
  }
  for (const pkg of server.values()) add(pkg, 'server');
  return [...shipped.values()];
}

/**
 * Writes the third-party notices and a CycloneDX SBOM of what ships into the build output
 * (docs/decisions.md "Licence gate"), and fails the build when a shipped package's licence is outside
 * the allowlist (scripts/licences/policy.ts): the licence gate judged the install trees before; this is
 * the same rule on exactly what the bundle holds.
 */
export function thirdParty(options: { serverRoot: string; repoRoot: string }): Plugin {
  let webRoot = '.';
  return {
    name: 'sinetti-third-party',
    apply: 'build',
    configResolved(config) {
      webRoot = config.root;
    },
    generateBundle(_output, bundle) {
      const ids = new Set<string>();
      for (const item of Object.values(bundle)) {
        if (item.type === 'chunk') for (const id of Object.keys(item.modules)) ids.add(id);
        else for (const name of item.originalFileNames ?? []) ids.add(path.resolve(webRoot, name));
      }
      const shipped = shippedPackages(webRoot, options.serverRoot, ids);
      const findings = judge(shipped.map((s) => s.pkg));
      if (findings.length > 0) {
        this.error(
          `Licence gate: ${findings.length} shipped package(s) may not ship with Sinetti:\n` +
            findings.map((f) => `  ${formatFinding(f)}`).join('\n'),
        );
      }
      const root = readPackageJson(options.repoRoot) as { name?: string; version?: string; license?: string };
      const app = {
        name: root.name ?? 'sinetti',
        version: root.version ?? readPackageJson(webRoot).version ?? '0.0.0',
        licence: root.license ?? 'AGPL-3.0-or-later',
      };
      this.emitFile({
        type: 'asset',
        fileName: NOTICES_FILE,
        source: noticesText(shipped, { repoRoot: options.repoRoot, sbomPath: SBOM_PATH }),
      });
      this.emitFile({
        type: 'asset',
        fileName: SBOM_FILE,
        source: `${JSON.stringify(cycloneDx(shipped, app), null, 1)}\n`,
      });
    },
  };
}
