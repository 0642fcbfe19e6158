import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cycloneDx, noticesText } from '../../../scripts/licences/notices.ts';
import { judge } from '../../../scripts/licences/policy.ts';
import { packageDirsOf, shippedPackages } from './third-party.ts';

const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'sinetti-third-party-')));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const MIT_TEXT = 'MIT License\n\nCopyright (c) 2024 Example Authors\n';
const files: Record<string, unknown> = {
  'package.json': { name: 'sinetti', version: '0.1.0', license: 'AGPL-3.0-or-later' },
  'apps/server/src/services/pdf/fonts/DancingScript-OFL.txt': 'SIL Open Font License 1.1\n',
  'apps/web/package.json': { name: '@sinetti/web', version: '0.1.0', dependencies: { ui: '1', big: '1' } },
  'apps/server/package.json': { name: '@sinetti/server', version: '0.1.0', dependencies: { db: '1' } },
  'node_modules/ui/package.json': {
    name: 'ui',
    version: '1.0.0',
    license: 'MIT',
    repository: 'git+https://github.com/example/ui.git',
  },
  'node_modules/ui/LICENSE': MIT_TEXT,
  'node_modules/ui/NOTICE': 'ui includes code by others.\n',
  // A dependency of the web app that the bundle never takes code from (as superdoc's jsdom).
  'node_modules/big/package.json': { name: 'big', version: '2.0.0', license: 'MIT' },
  'node_modules/@scope/db/package.json': { name: '@scope/db', version: '3.0.0', license: 'Apache-2.0' },
  'node_modules/db/package.json': {
    name: 'db',
    version: '1.0.0',
    license: '(MIT OR Apache-2.0)',
    dependencies: { '@scope/db': '3' },
  },
  // A dev dependency bundled by mistake, under a licence that may not ship.
  'node_modules/devtool/package.json': { name: 'devtool', version: '0.1.0', license: 'GPL-2.0-only' },
  'node_modules/vite/package.json': { name: 'vite', version: '8.0.0', license: 'MIT' },
};
for (const [name, content] of Object.entries(files)) {
  const file = path.join(root, name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
}
const web = path.join(root, 'apps/web');
const server = path.join(root, 'apps/server');
const moduleIds = [
  path.join(web, 'src/main.tsx'),
  path.join(root, 'node_modules/ui/dist/index.js'),
  `${path.join(root, 'node_modules/ui/dist/style.css')}?inline`,
  '\0vite/preload-helper.js',
];

describe('what the web build ships', () => {
  it('maps module ids to the packages they come from, the bundler helpers to the bundler', () => {
    expect([...packageDirsOf(moduleIds, web)].sort()).toEqual([
      path.join(root, 'node_modules/ui'),
      path.join(root, 'node_modules/vite'),
    ]);
  });

  it("lists the bundle's packages for the web app and the whole production tree for the server", () => {
    const shipped = shippedPackages(web, server, moduleIds);
    const list = shipped.map((s) => `${s.pkg.name} ${[...s.parts].join()}`).sort();
    expect(list).toEqual([
      '@scope/db server',
      '@sinetti/server server',
      '@sinetti/web web',
      'db server',
      'ui web',
      'vite web',
    ]);
    expect(judge(shipped.map((s) => s.pkg))).toEqual([]);
  });

  it('judges a bundled package outside the production tree, naming where it came from', () => {
    const shipped = shippedPackages(web, server, [
      ...moduleIds,
      path.join(root, 'node_modules/devtool/x.js'),
    ]);
    expect(judge(shipped.map((s) => s.pkg))).toMatchObject([
      {
        name: 'devtool',
        licence: 'GPL-2.0-only',
        path: '@sinetti/web > (bundled from ../../node_modules/devtool) > devtool',
      },
    ]);
  });

  it('writes notices with each licence and notice text, and the vendored font', () => {
    const text = noticesText(shippedPackages(web, server, moduleIds), {
      repoRoot: root,
      sbomPath: '/sbom.cdx.json',
    });
    expect(text).toContain('2 packages in the web app, 2 in the server.');
    expect(text).toMatch(
      /ui 1\.0\.0\nLicence: MIT\nUsed in: web app\nSource: https:\/\/github.com\/example\/ui\n/,
    );
    expect(text.indexOf('LICENSE:\n\nMIT License')).toBeLessThan(text.indexOf('NOTICE:\n\nui includes'));
    expect(text).toContain('db 1.0.0\nLicence: (MIT OR Apache-2.0)\nUsed in: server');
    expect(text).toContain('The package carries no licence file');
    expect(text).toContain('Dancing Script (font)\nLicence: OFL-1.1');
    expect(text).not.toContain('@sinetti/');
    expect(text).toContain('(CycloneDX): /sbom.cdx.json');
  });

  it('writes a CycloneDX SBOM with purls, licences, parts and dependency edges', () => {
    const bom = cycloneDx(shippedPackages(web, server, moduleIds), {
      name: 'sinetti',
      version: '0.1.0',
      licence: 'AGPL-3.0-or-later',
    }) as {
      bomFormat: string;
      specVersion: string;
      components: { purl?: string; name: string; group?: string; licenses: object[]; properties: object[] }[];
      dependencies: { ref: string; dependsOn: string[] }[];
    };
    expect(bom.bomFormat).toBe('CycloneDX');
    expect(bom.specVersion).toBe('1.5');
    const scoped = bom.components.find((c) => c.purl === 'pkg:npm/%40scope/db@3.0.0');
    expect(scoped).toMatchObject({
      group: '@scope',
      name: 'db',
      licenses: [{ license: { id: 'Apache-2.0' } }],
      properties: [{ name: 'sinetti:shipped-in', value: 'server' }],
    });
    expect(bom.components.find((c) => c.purl === 'pkg:npm/db@1.0.0')?.licenses).toEqual([
      { expression: '(MIT OR Apache-2.0)' },
    ]);
    expect(bom.dependencies).toContainEqual({
      ref: 'pkg:npm/db@1.0.0',
      dependsOn: ['pkg:npm/%40scope/db@3.0.0'],
    });
    expect(bom.dependencies[0]).toEqual({
      ref: 'pkg:npm/sinetti@0.1.0',
      dependsOn: ['pkg:npm/%40sinetti/server@0.1.0', 'pkg:npm/%40sinetti/web@0.1.0'],
    });
  });
});
