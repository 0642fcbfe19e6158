import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Language } from '@sinetti/contract';
import {
  PUBLIC_BOOT_MODULE,
  ROUTE_TABLE,
  SHELL_LAYOUT_MODULE,
  STANDALONE_MODULE,
  textsOf,
  type RouteEntry,
} from '../src/app/route-table.ts';

/**
 * The JavaScript a page loads before it can render, read from the production build's manifest: the
 * entry (index.html's script) and the app it starts (boot.tsx), the page's route chunk (and the signed-in frame for 'shell' pages), the
 * start language's texts (boot.tsx and the route wait for them) and everything those import statically;
 * for a `standalone` page (sign-in, sign-up), the entry and the page's own module instead; for a
 * `root: 'public'` page, the public root (app/public/public-boot.tsx) instead of the app.
 * Sizes are what the server sends: the gzip (level 9) and brotli (quality 11) copies. Bytes are the same
 * for the same build: tests may compare them.
 */

interface Chunk {
  file: string;
  imports?: string[];
  /** The stylesheets of the chunk's own modules. */
  css?: string[];
}
export type Manifest = Record<string, Chunk>;

export interface PageGoal {
  page: string;
  /** The route's name in the route table (src/app/route-table.ts). */
  route: string;
  /** Issue #12's goal for the gzip size, in KB (1024 bytes); none for the dashboard. */
  goalKb?: number;
  /** A page a signee opens from the e-mail (often on a phone): its first load is grouped in few files. */
  signee?: true;
}

export const PAGES: PageGoal[] = [
  { page: '/signin', route: 'SignIn', goalKb: 120 },
  { page: '/public/sign/{token}', route: 'SigningStart', goalKb: 150, signee: true },
  { page: '/public/session/{token}', route: 'SigningSession', goalKb: 150, signee: true },
  { page: '/ (dashboard)', route: 'Dashboard' },
];

/**
 * The pages measured (bundle-size.check.ts, bench/bundle.bench.ts): those above, which also shape how the
 * build groups first loads (first-load-chunks.ts), and pages measured only.
 */
export const MEASURED_PAGES: PageGoal[] = [...PAGES, { page: '/edit/{document}', route: 'DocumentEditor' }];

/** The signee's pages (first-load-chunks.ts groups their first load; bundle-size.check.ts counts its files). */
export const SIGNEE_PAGES = PAGES.filter((page) => page.signee);

export interface FirstLoad {
  files: string[];
  raw: number;
  gzip: number;
  brotli: number;
}

export function readManifest(dist: string): Manifest {
  const file = path.join(dist, '.vite/manifest.json');
  if (!fs.existsSync(file)) throw new Error(`No build manifest in ${dist}: run \`npm run build\` first.`);
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
}

export function routeNamed(name: string): RouteEntry {
  const route = ROUTE_TABLE.find((r) => r.name === name);
  if (!route) throw new Error(`No route named ${name} in the route table.`);
  return route;
}

/** The app itself, which the entry (main.tsx) imports after the first paint. */
export const BOOT_MODULE = 'src/boot.tsx';

/**
 * The modules a route's first render needs, as the manifest names them, in `language`; without a route,
 * what any page needs (the app and the `core` texts).
 */
export function rootsOf(route: RouteEntry | null, language: Language): string[] {
  // A signed-out visitor's page without the app (its texts are part of it); what a signed-in visitor of the
  // same address loads is not counted.
  if (route?.standalone) return ['index.html', STANDALONE_MODULE];
  const texts = ['core', ...(route ? textsOf(route) : [])].map(
    (group) => `src/locales/${language}/${group}.ts`,
  );
  if (!route) return ['index.html', BOOT_MODULE, ...texts];
  // A signee's page: the public root instead of the app.
  if (route.root === 'public')
    return ['index.html', PUBLIC_BOOT_MODULE, ...texts, `src/routes/${route.page}.tsx`];
  const layout = route.layout === 'shell' ? [SHELL_LAYOUT_MODULE] : [];
  return ['index.html', BOOT_MODULE, ...texts, ...layout, `src/routes/${route.page}.tsx`];
}

/** The chunks of the roots and of everything they import statically. */
function staticClosure(manifest: Manifest, roots: string[]): Chunk[] {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length > 0) {
    const key = stack.pop() as string;
    if (seen.has(key)) continue;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest.`);
    seen.add(key);
    stack.push(...(chunk.imports ?? []));
  }
  return [...seen].map((key) => manifest[key] as Chunk);
}

/** The JavaScript files of the roots and of everything they import statically. */
export function firstLoadFiles(manifest: Manifest, roots: string[]): string[] {
  return staticClosure(manifest, roots)
    .map((chunk) => chunk.file)
    .filter((file) => file.endsWith('.js'));
}

/** The stylesheets of the same chunks (the app's CSS comes with the app, not with index.html). */
export function firstLoadStyles(manifest: Manifest, roots: string[]): string[] {
  return [...new Set(staticClosure(manifest, roots).flatMap((chunk) => chunk.css ?? []))];
}

/** A first visit's load in `language` (the texts are the only difference). */
export function measureFirstLoad(
  dist: string,
  page: Pick<PageGoal, 'route'>,
  language: Language = 'en',
): FirstLoad {
  const files = firstLoadFiles(readManifest(dist), rootsOf(routeNamed(page.route), language));
  const load: FirstLoad = { files, raw: 0, gzip: 0, brotli: 0 };
  for (const file of files) {
    const data = fs.readFileSync(path.join(dist, file));
    load.raw += data.length;
    load.gzip += zlib.gzipSync(data, { level: 9 }).length;
    load.brotli += zlib.brotliCompressSync(data).length;
  }
  return load;
}
