import path from 'node:path';
import { build, type Plugin, type PluginOption } from 'vite';
import { PAGES, SIGNEE_PAGES, firstLoadFiles, rootsOf, routeNamed, type Manifest } from './first-load.ts';

/**
 * Fewer, larger chunks for the signee's pages (issue #12 item 8).
 *
 * Left to itself, the bundler makes one chunk per distinct set of importers, so the signing page's first
 * load was 37 files, most of them a few hundred bytes (an icon, `Paper`, `Group`) that the app's other
 * pages share in other combinations. On a phone each file is a request, and requests beyond the
 * browser's six connections wait for a round trip: in Lighthouse's slow-4G model the signing page's
 * largest paint came at 2.9 s, mostly spent on those requests.
 *
 * So the build runs twice. A first, quick pass (no minifying, nothing written) bundles as usual, and its
 * manifest tells which chunks each measured page (first-load.ts: sign-in, signing start, signing page,
 * dashboard) loads first. Every module of a signee page's first load is then grouped by the set of
 * measured pages that load it, one chunk per group. A page loads exactly the modules it loaded before,
 * in about a dozen files, and the dashboard, which loaded the shared ones already, loads no byte more.
 * Other signed-in pages may load a few kilobytes they do not use (a group is loaded whole); their own
 * chunks dwarf them. Unchanged: index.html's entry, each page's and lazy part's own chunk (the modules
 * imported dynamically) and the texts (each language's are their own chunk, so a Finnish signee never
 * downloads the English ones).
 *
 * The first pass uses the tree-shaken chunks rather than the module graph because the graph reaches far
 * too much: `import { Paper } from '@mantine/core'` imports every component through the package's index.
 */

/** The pages whose first load is grouped: every group holds modules of at least one of them. */
const SIGNEE_ROUTES = SIGNEE_PAGES.map((page) => page.route);

/**
 * Module (absolute path) → its group, the measured pages that load it first ('SigningStart+SigningSession+
 * Dashboard'), for each module of a signee page's first load but the entry's, the texts and the dynamic
 * imports. `modulesOf` names the modules a chunk file holds (those left after tree shaking).
 */
export function firstLoadGroups(
  manifest: Manifest,
  modulesOf: (file: string) => readonly string[],
  root: string,
): Map<string, string> {
  const entry = new Set(firstLoadFiles(manifest, ['index.html']));
  // Keys that are source paths are the entry and the dynamically imported modules; the others are '_file'.
  const ownChunk = new Set(Object.keys(manifest).filter((key) => !key.startsWith('_')));
  const loads = PAGES.map(({ route }) => ({
    route,
    files: new Set(firstLoadFiles(manifest, rootsOf(routeNamed(route), 'en'))),
  }));
  const groups = new Map<string, string>();
  for (const { files } of loads.filter(({ route }) => SIGNEE_ROUTES.includes(route))) {
    for (const file of files) {
      if (entry.has(file)) continue;
      const group = loads.filter((load) => load.files.has(file)).map((load) => load.route);
      for (const id of modulesOf(file)) {
        const source = path.relative(root, id).split(path.sep).join('/');
        if (ownChunk.has(source) || source.startsWith('src/locales/')) continue;
        groups.set(id, group.join('+'));
      }
    }
  }
  return groups;
}

/** The first pass: the usual bundle, in memory, unminified; its manifest and each chunk's modules. */
async function firstPass(root: string, plugins: () => PluginOption[]) {
  const result = await build({
    root,
    configFile: false,
    plugins: plugins(),
    logLevel: 'silent',
    build: { write: false, minify: false, sourcemap: false, manifest: true, emptyOutDir: false },
  });
  const output = (Array.isArray(result) ? result[0] : result) as Extract<typeof result, { output: unknown }>;
  const modules = new Map<string, string[]>();
  let manifest: Manifest | undefined;
  for (const item of output.output) {
    if (item.type === 'chunk') {
      const kept = Object.entries(item.modules).filter(([, module]) => module.renderedLength > 0);
      modules.set(
        item.fileName,
        kept.map(([id]) => id),
      );
    } else if (item.fileName === '.vite/manifest.json') {
      manifest = JSON.parse(String(item.source)) as Manifest;
    }
  }
  if (!manifest) throw new Error('The first pass of the build wrote no manifest.');
  return { manifest, modulesOf: (file: string) => modules.get(file) ?? [] };
}

/**
 * The plugin. `sourcePlugins` makes the plugins that shape the module graph (the same ones the build
 * itself uses) for the first pass.
 */
export function firstLoadChunks(sourcePlugins: () => PluginOption[]): Plugin {
  const names = PAGES.map((page) => page.route);
  // Every combination a group can take, widest first: with `includeDependenciesRecursively` off, a
  // group takes only its own modules; their imports stay in their own (wider) groups.
  const combinations = Array.from({ length: 2 ** names.length }, (_, mask) =>
    names.filter((_, bit) => mask & (1 << bit)),
  ).filter((pages) => pages.some((page) => SIGNEE_ROUTES.includes(page)));
  return {
    name: 'sinetti-first-load-chunks',
    apply: 'build',
    async config(config) {
      const root = path.resolve(config.root ?? process.cwd());
      const pass = await firstPass(root, sourcePlugins);
      const groups = firstLoadGroups(pass.manifest, pass.modulesOf, root);
      return {
        build: {
          rolldownOptions: {
            output: {
              codeSplitting: {
                groups: combinations.map((pages) => ({
                  name: `first-${pages.join('-')}`,
                  test: (id: string) => groups.get(id) === pages.join('+'),
                  priority: pages.length,
                  includeDependenciesRecursively: false,
                })),
              },
            },
          },
        },
      };
    },
  };
}
