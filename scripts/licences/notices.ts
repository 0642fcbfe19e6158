import fs from 'node:fs';
import path from 'node:path';
import { ALLOWED, effectiveLicence } from './policy.ts';
import { readPackageJson, type InstalledPackage } from './tree.ts';

/** Where a package runs: sent to browsers in the web build, or run by the server. */
export type Part = 'web' | 'server';
const PART_NAMES: Record<Part, string> = { web: 'web app', server: 'server' };

export interface ShippedPackage {
  pkg: InstalledPackage;
  parts: Set<Part>;
}

/** Third-party files kept in this repository rather than installed from npm. */
export interface VendoredFile {
  name: string;
  licence: string;
  parts: Part[];
  /** The licence text beside it, relative to the repository. */
  licenceFile: string;
  description: string;
}

export const VENDORED: readonly VendoredFile[] = [
  {
    name: 'Dancing Script (font)',
    licence: 'OFL-1.1',
    parts: ['server'],
    licenceFile: 'apps/server/src/services/pdf/fonts/DancingScript-OFL.txt',
    description: 'The typed-signature font the server embeds in signed PDFs.',
  },
];

/** A package's licence and notice files (LICENSE, LICENCE.md, COPYING, NOTICE, …), licence first. */
export function licenceFiles(dir: string): string[] {
  const rank = (name: string) => (/^notice/i.test(name) ? 1 : 0);
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isFile() && /^(licen[sc]e|copying|notice|copyright)/i.test(e.name))
    .map((e) => e.name)
    .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

function sourceUrl(dir: string): string | null {
  const json = readPackageJson(dir) as { repository?: unknown; homepage?: unknown };
  const repo = json.repository;
  const url =
    typeof repo === 'string'
      ? repo
      : repo && typeof repo === 'object' && typeof (repo as { url?: unknown }).url === 'string'
        ? (repo as { url: string }).url
        : typeof json.homepage === 'string'
          ? json.homepage
          : null;
  if (!url) return null;
  const github = /^(?:github:)?([\w.-]+\/[\w.-]+)$/.exec(url);
  if (github) return `https://github.com/${github[1]}`;
  return url
    .replace(/^git\+/, '')
    .replace(/^git:\/\//, 'https://')
    .replace(/\.git$/, '');
}

/** Each `name@version` once (npm may install a version in several folders), its parts merged. */
export function uniqueByVersion(shipped: Iterable<ShippedPackage>): ShippedPackage[] {
  const byKey = new Map<string, ShippedPackage>();
  for (const entry of shipped) {
    const key = `${entry.pkg.name}@${entry.pkg.version}`;
    const seen = byKey.get(key);
    if (seen) for (const part of entry.parts) seen.parts.add(part);
    else byKey.set(key, { pkg: entry.pkg, parts: new Set(entry.parts) });
  }
  return [...byKey.values()].sort(
    (a, b) => a.pkg.name.localeCompare(b.pkg.name) || a.pkg.version.localeCompare(b.pkg.version),
  );
}

const RULE = '-'.repeat(80);
const partsText = (parts: Iterable<Part>) =>
  [...parts]
    .sort()
    .reverse()
    .map((p) => PART_NAMES[p])
    .join(', ');

/**
 * The third-party notices: every shipped package with its version, licence, where it runs, and the
 * licence and notice files it carries (their copyright lines with them); then the vendored files.
 */
export function noticesText(
  shipped: Iterable<ShippedPackage>,
  options: { repoRoot: string; sbomPath: string },
): string {
  const packages = uniqueByVersion(shipped).filter((s) => !s.pkg.firstParty);
  const count = (part: Part) => packages.filter((s) => s.parts.has(part)).length;
  const out: string[] = [
    'Third-party software in Sinetti',
    '',
    'Sinetti is free software: you can redistribute it and/or modify it under the terms of the GNU Affero',
    'General Public License, version 3 or (at your option) any later version (AGPL-3.0-or-later).',
    'It includes the third-party software below, each part under its own licence, with the licence texts',
    'and copyright notices it comes with. "web app" means the part is sent to your browser; "server" means',
    `it runs on the server. The same list in machine-readable form (CycloneDX): ${options.sbomPath}`,
    '',
    `${count('web')} packages in the web app, ${count('server')} in the server.`,
    '',
  ];
  const seen = new Map<string, string>();
  for (const { pkg, parts } of packages) {
    out.push(RULE, `${pkg.name} ${pkg.version}`, `Licence: ${effectiveLicence(pkg) ?? '(none stated)'}`);
    out.push(`Used in: ${partsText(parts)}`);
    const source = sourceUrl(pkg.dir);
    if (source) out.push(`Source: ${source}`);
    const files = licenceFiles(pkg.dir);
    if (files.length === 0) {
      out.push('', 'The package carries no licence file; its package.json states the licence above.');
    }
    for (const file of files) {
      const text = fs.readFileSync(path.join(pkg.dir, file), 'utf8').trimEnd();
      const first = seen.get(text);
      // A text word for word as an earlier package's (Apache-2.0's, for one) is named, not repeated.
      if (first) out.push('', `${file}: the same text as ${first}'s above.`);
      else out.push('', `${file}:`, '', text);
      if (!first) seen.set(text, `${pkg.name} ${pkg.version}`);
    }
    out.push('');
  }
  for (const file of VENDORED) {
    out.push(RULE, file.name, `Licence: ${file.licence}`, `Used in: ${partsText(file.parts)}`);
    out.push(
      file.description,
      '',
      fs.readFileSync(path.join(options.repoRoot, file.licenceFile), 'utf8').trimEnd(),
      '',
    );
  }
  return `${out.join('\n')}\n`;
}

const purl = (pkg: InstalledPackage) =>
  `pkg:npm/${pkg.name.replace(/^@/, '%40')}@${encodeURIComponent(pkg.version)}`;

function licences(expression: string | null): object[] {
  if (!expression) return [];
  return ALLOWED.has(expression) ? [{ license: { id: expression } }] : [{ expression }];
}

/**
 * A CycloneDX 1.5 SBOM of what ships: the application, our workspace packages and every third-party
 * package (with its purl, licence and the parts it is in), and the dependency edges between them. No time
 * stamp or serial number: the same tree gives the same file.
 */
export function cycloneDx(
  shipped: Iterable<ShippedPackage>,
  app: { name: string; version: string; licence: string },
): object {
  const entries = [...shipped];
  const unique = uniqueByVersion(entries);
  const refOfDir = new Map(entries.map((s) => [s.pkg.dir, purl(s.pkg)]));
  const appRef = `pkg:npm/${app.name}@${app.version}`;
  const edges = new Map<string, Set<string>>();
  for (const { pkg } of entries) {
    const set = edges.get(purl(pkg)) ?? new Set<string>();
    for (const dir of pkg.dependsOn) {
      const ref = refOfDir.get(dir);
      if (ref && ref !== purl(pkg)) set.add(ref);
    }
    edges.set(purl(pkg), set);
  }
  const roots = unique.filter((s) => s.pkg.path.length === 1).map((s) => purl(s.pkg));
  return {
    $schema: 'http://cyclonedx.org/schema/bom-1.5.schema.json',
    bomFormat: 'CycloneDX',
    specVersion: '1.5',
    version: 1,
    metadata: {
      component: {
        type: 'application',
        'bom-ref': appRef,
        name: app.name,
        version: app.version,
        licenses: licences(app.licence),
      },
    },
    components: unique.map(({ pkg, parts }) => {
      const scope = /^(@[^/]+)\/(.+)$/.exec(pkg.name);
      const source = sourceUrl(pkg.dir);
      return {
        type: pkg.firstParty ? 'application' : 'library',
        'bom-ref': purl(pkg),
        ...(scope ? { group: scope[1], name: scope[2] } : { name: pkg.name }),
        version: pkg.version,
        purl: purl(pkg),
        licenses: licences(pkg.firstParty ? app.licence : effectiveLicence(pkg)),
        ...(source ? { externalReferences: [{ type: 'vcs', url: source }] } : {}),
        properties: [{ name: 'sinetti:shipped-in', value: partsText(parts) }],
      };
    }),
    ...VENDORED.map((file) => ({
      type: 'file',
      'bom-ref': `sinetti-vendored:${file.licenceFile}`,
      name: file.name,
      description: file.description,
      licenses: licences(file.licence),
      properties: [{ name: 'sinetti:shipped-in', value: partsText(file.parts) }],
    })),
    dependencies: [
      { ref: appRef, dependsOn: roots },
      ...[...edges]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([ref, set]) => ({ ref, dependsOn: [...set].sort() })),
    ],
  };
}
