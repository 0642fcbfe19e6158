import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { LANGUAGES, type Language } from '@sinetti/contract';

/** apps/web/build/page-preloads.ts writes it; its shape is repeated here (the server does not import the web build). */
interface PagePreloads {
  routes: { path: string; files: Partial<Record<Language, string[]>> }[];
  other: Partial<Record<Language, string[]>>;
}
const PRELOADS_FILE = '.vite/page-preloads.json';

/** One answer for index.html, in the three encodings the server sends. */
export interface PageBody {
  plain: Buffer;
  gzip: Buffer;
  br: Buffer;
}

interface Route {
  pattern: RegExp;
  files: Partial<Record<Language, string[]>>;
}

/** A React Router path (`/documents/:parent?`) as a regular expression for a request path. */
export function routePattern(routePath: string): RegExp {
  const segments = routePath.split('/').filter(Boolean);
  const source = segments
    .map((segment) => {
      if (segment.startsWith(':')) return segment.endsWith('?') ? '(?:/[^/]+)?' : '/[^/]+';
      return `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
    })
    .join('');
  return new RegExp(`^${source}/?$`);
}

/**
 * The language a first visit renders in, as the web app decides it before its own storage is known:
 * `?lang=`, else the browser's first language (Finnish or English). A wrong guess costs a few kilobytes.
 */
export function guessLanguage(query: string, acceptLanguage: string | undefined): Language {
  const lang = new URLSearchParams(query).get('lang');
  if ((LANGUAGES as readonly string[]).includes(lang ?? '')) return lang as Language;
  const first = (acceptLanguage ?? '').split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('fi') ? 'fi' : 'en';
}

function encoded(html: string): PageBody {
  const plain = Buffer.from(html);
  return {
    plain,
    gzip: zlib.gzipSync(plain, { level: zlib.constants.Z_BEST_COMPRESSION }),
    br: zlib.brotliCompressSync(plain),
  };
}

/**
 * index.html for a page of the web app, with preload links for the JavaScript and stylesheets that page's
 * first render needs (issue #12 item 8): the browser then fetches the route chunk, the texts and the
 * styles together with the entry instead of after it. Paths that are no route get what every page needs; a build without
 * the preload list gets index.html as built. Each variant is made once and kept.
 */
export class PageHtml {
  private readonly cache = new Map<string, PageBody>();

  private constructor(
    private readonly index: string,
    private readonly routes: Route[],
    private readonly other: Partial<Record<Language, string[]>>,
  ) {}

  static load(webDist: string): PageHtml {
    const index = fs.readFileSync(path.join(webDist, 'index.html'), 'utf8');
    const file = path.join(webDist, PRELOADS_FILE);
    const preloads: PagePreloads = fs.existsSync(file)
      ? (JSON.parse(fs.readFileSync(file, 'utf8')) as PagePreloads)
      : { routes: [], other: {} };
    return new PageHtml(
      index,
      preloads.routes.map((r) => ({ pattern: routePattern(r.path), files: r.files })),
      preloads.other,
    );
  }

  /** The page for a request URL (path and query) in the guessed language. */
  bodyFor(url: string, acceptLanguage: string | undefined): PageBody {
    const [pathname = '/', query = ''] = url.split('?', 2);
    const index = this.routes.findIndex((r) => r.pattern.test(pathname));
    const language = guessLanguage(query, acceptLanguage);
    const key = `${index}:${language}`;
    let body = this.cache.get(key);
    if (!body) {
      const files = (index < 0 ? this.other : this.routes[index]?.files)?.[language] ?? [];
      body = encoded(withPreloads(this.index, files));
      this.cache.set(key, body);
    }
    return body;
  }
}

/**
 * `html` with one link per file before `</head>`: a modulepreload for a script, a style preload for a
 * stylesheet (the app applies it before its first render; a preload does not hold up the splash). Both
 * crossorigin, as Vite's own links, so that the app's requests take the preloaded copies.
 */
export function withPreloads(html: string, files: string[]): string {
  if (files.length === 0) return html;
  const links = files
    .map((file) =>
      file.endsWith('.css')
        ? `<link rel="preload" as="style" crossorigin href="/${file}">`
        : `<link rel="modulepreload" crossorigin href="/${file}">`,
    )
    .join('\n    ');
  return html.replace('</head>', `  ${links}\n  </head>`);
}
