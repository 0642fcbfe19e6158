import fs from 'node:fs';
import path from 'node:path';
import type { Language } from '@sinetti/contract';
import type { Plugin } from 'vite';
import { ROUTE_TABLE, type RouteEntry } from '../src/app/route-table.ts';
import { firstLoadFiles, firstLoadStyles, readManifest, rootsOf, type Manifest } from './first-load.ts';

/**
 * What the server adds to index.html for each page: the JavaScript of the page's first render that
 * index.html does not already name (the app, the route chunk, the start language's texts, their
 * imports), and its stylesheets (Mantine's come with the app or the public root, so that index.html's
 * splash paints without waiting for them). With them as `<link rel="modulepreload">` and
 * `<link rel="preload" as="style">` the browser fetches everything in one round instead
 * of four (entry → app → texts → route chunk), issue #12 item 8. Read by apps/server/src/plugins/page-html.ts.
 */
export interface PagePreloads {
  routes: { path: string; files: Record<Language, string[]> }[];
  /** For paths that are no route (they end on the not-found page): the app and its core texts. */
  other: Record<Language, string[]>;
}

export const PAGE_PRELOADS_FILE = '.vite/page-preloads.json';

/** The languages the build has texts for (vite.config.ts cannot load the contract's TypeScript). */
function languagesOf(manifest: Manifest): Language[] {
  return Object.keys(manifest).flatMap(
    (key) => /^src\/locales\/(\w+)\/core\.ts$/.exec(key)?.[1] ?? [],
  ) as Language[];
}

export function pagePreloadsOf(manifest: Manifest): PagePreloads {
  const languages = languagesOf(manifest);
  const inIndex = new Set([
    ...firstLoadFiles(manifest, ['index.html']),
    ...firstLoadStyles(manifest, ['index.html']),
  ]);
  const filesOf = (roots: string[]) =>
    [...firstLoadFiles(manifest, roots), ...firstLoadStyles(manifest, roots)].filter(
      (file) => !inIndex.has(file),
    );
  const perLanguage = (route: RouteEntry | null) =>
    Object.fromEntries(languages.map((language) => [language, filesOf(rootsOf(route, language))])) as Record<
      Language,
      string[]
    >;
  return {
    routes: ROUTE_TABLE.map((route) => ({ path: route.path, files: perLanguage(route) })),
    other: perLanguage(null),
  };
}

/** Writes dist/.vite/page-preloads.json after the build, beside the manifest it is made from. */
export function pagePreloads(): Plugin {
  let outDir = 'dist';
  return {
    name: 'sinetti-page-preloads',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const preloads = pagePreloadsOf(readManifest(outDir));
      fs.writeFileSync(path.join(outDir, PAGE_PRELOADS_FILE), `${JSON.stringify(preloads, null, 1)}\n`);
    },
  };
}
