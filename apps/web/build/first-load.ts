import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/**
 * The JavaScript a page loads before it can render, read from the production build's manifest: the
 * entry (index.html's script), the page's route chunk, the start language's texts (main.tsx waits for
 * them) and everything those import statically. Sizes are what the server sends: the gzip (level 9)
 * and brotli (quality 11) copies. Bytes are the same for the same build: tests may compare them.
 */

interface Chunk {
  file: string;
  imports?: string[];
}

export interface PageGoal {
  page: string;
  /** The route module, as the manifest names it. */
  route: string;
  /** Issue #12's goal for the gzip size, in KB (1024 bytes); none for the dashboard. */
  goalKb?: number;
  /** The groups of texts the page waits for (app/router.tsx textsOf), besides core. */
  texts: ('signing' | 'app')[];
}

export const PAGES: PageGoal[] = [
  { page: '/signin', route: 'src/routes/SignIn.tsx', goalKb: 120, texts: [] },
  { page: '/public/sign/{token}', route: 'src/routes/SigningStart.tsx', goalKb: 150, texts: ['signing'] },
  {
    page: '/public/session/{token}',
    route: 'src/routes/SigningSession.tsx',
    goalKb: 150,
    texts: ['signing'],
  },
  { page: '/ (dashboard)', route: 'src/routes/Dashboard.tsx', texts: ['app', 'signing'] },
];

/**
 * The start language's texts of a first visit (English; a Finnish visitor loads fi/ instead, of similar
 * size): core always, and the page's groups.
 */
const textsOf = (groups: PageGoal['texts']) =>
  ['core', ...groups].map((group) => `src/locales/en/${group}.ts`);

export interface FirstLoad {
  files: string[];
  raw: number;
  gzip: number;
  brotli: number;
}

export function readManifest(dist: string): Record<string, Chunk> {
  const file = path.join(dist, '.vite/manifest.json');
  if (!fs.existsSync(file)) throw new Error(`No build manifest in ${dist}: run \`npm run build\` first.`);
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, Chunk>;
}

/** The JavaScript files of the roots and of everything they import statically. */
export function firstLoadFiles(
  manifest: Record<string, Chunk>,
  route: string,
  texts: PageGoal['texts'],
): string[] {
  const seen = new Set<string>();
  const stack = ['index.html', ...textsOf(texts), route];
  while (stack.length > 0) {
    const key = stack.pop() as string;
    if (seen.has(key)) continue;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest.`);
    seen.add(key);
    stack.push(...(chunk.imports ?? []));
  }
  return [...seen].map((key) => (manifest[key] as Chunk).file).filter((file) => file.endsWith('.js'));
}

export function measureFirstLoad(dist: string, page: Pick<PageGoal, 'route' | 'texts'>): FirstLoad {
  const files = firstLoadFiles(readManifest(dist), page.route, page.texts);
  const load: FirstLoad = { files, raw: 0, gzip: 0, brotli: 0 };
  for (const file of files) {
    const data = fs.readFileSync(path.join(dist, file));
    load.raw += data.length;
    load.gzip += zlib.gzipSync(data, { level: 9 }).length;
    load.brotli += zlib.brotliCompressSync(data).length;
  }
  return load;
}
