import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { embedOriginsForPage } from '../queries/embedding.ts';
import { PageHtml, type PageBody } from './page-html.ts';

/** Hashed build output (`/assets/name-<hash>.js`): its content never changes under the same name. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Everything else (index.html, favicon): revalidate on each use so a new release is picked up. */
const REVALIDATE = 'no-cache';

/** A path that names a file (`/assets/x.js`, `/favicon.svg`), not a client-side route. */
const FILE_PATH = /\/assets\/|\.[a-z0-9]{1,8}$/i;

/** Paths the server owns (the API, the built-in OpenID provider): never the web app, whatever the Accept. */
const SERVER_PREFIXES = ['/api', '/oidc', '/.well-known'];

/**
 * True when a GET is for a page of the web app: it accepts HTML, or anything (`*\/*` or no Accept, as mail
 * scanners and link checkers send) and does not name a file. Server paths answer JSON whatever the Accept.
 */
export function wantsAppPage(url: string, accept: string | undefined): boolean {
  const path = url.split('?', 1)[0] ?? url;
  if (SERVER_PREFIXES.some((p) => path === p || path.startsWith(`${p}/`))) return false;
  const accepts = accept ?? '';
  if (accepts.includes('text/html')) return true;
  const anything = accepts.trim() === '' || accepts.includes('*/*');
  return anything && !FILE_PATH.test(path);
}

/**
 * Serves the built web app; any non-API GET for a page gets index.html (client-side routes).
 * The build writes brotli and gzip copies beside each text file (apps/web/build/precompress.ts);
 * they are sent as they are to clients that accept them, so nothing is compressed per request.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  const index = path.join(webDist, 'index.html');
  const built = fs.existsSync(index);
  const assets = path.resolve(webDist, 'assets') + path.sep;
  if (built) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      preCompressed: true,
      // The compressed copies are reached through their originals, never by their own names. Source maps
      // are never served, even if a build made them: they would carry third-party sources (issue #28).
      globIgnore: ['**/*.br', '**/*.gz', '**/*.map'],
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        const hashed = path.resolve(filePath).startsWith(assets);
        reply.header('cache-control', hashed ? IMMUTABLE : REVALIDATE);
      },
    });
  }
  const pages = built ? PageHtml.load(webDist) : null;
  app.setNotFoundHandler(async (req, reply) => {
    const page = req.method === 'GET' || req.method === 'HEAD';
    if (page && wantsAppPage(req.url, req.headers.accept)) {
      if (!built) {
        return reply
          .status(503)
          .type('text/plain')
          .send('The web app is not built. Run `npm run build` (npm start does it for you).');
      }
      allowFramingBy(reply, await embedOriginsForPage(app.ctx.db, pathOf(req.url)));
      if (!pages) return reply.sendFile('index.html');
      return sendPage(
        reply,
        pages.bodyFor(req.url, req.headers['accept-language']),
        req.headers['accept-encoding'],
      );
    }
    return reply.status(404).send({ status: 'ERROR', code: 'NOT_FOUND', message: 'Not found.' });
  });
}

function pathOf(url: string): string {
  return url.split('?', 1)[0] ?? url;
}

/**
 * Embedded signing (issue #34 item 3): a public signing page of an organization that lists embedding
 * origins may be framed by them. Its `frame-ancestors` becomes `'self'` and those origins, and
 * X-Frame-Options goes (it knows no list, and browsers that read it would refuse the frame). Every other
 * page keeps the strict headers of plugins/security.ts.
 */
export function allowFramingBy(reply: FastifyReply, origins: readonly string[]): void {
  if (origins.length === 0) return;
  const csp = reply.getHeader('content-security-policy');
  if (typeof csp !== 'string') return;
  const ancestors = `frame-ancestors 'self' ${origins.join(' ')}`;
  reply.header('content-security-policy', csp.replace(/frame-ancestors [^;]*/, ancestors));
  reply.removeHeader('x-frame-options');
}

/** The encodings a client accepts (`q=0` refuses one). */
function accepts(acceptEncoding: string | undefined, encoding: string): boolean {
  return (acceptEncoding ?? '').split(',').some((part) => {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const refused = params.some((p) => /^\s*q=0(?:\.0*)?\s*$/.test(p));
    return name === encoding && !refused;
  });
}

/** index.html for a page, revalidated on each use, compressed as the client accepts. */
function sendPage(reply: FastifyReply, body: PageBody, acceptEncoding: string | undefined) {
  reply.header('cache-control', REVALIDATE).header('vary', 'accept-encoding, accept-language');
  reply.type('text/html; charset=utf-8');
  if (accepts(acceptEncoding, 'br')) return reply.header('content-encoding', 'br').send(body.br);
  if (accepts(acceptEncoding, 'gzip')) return reply.header('content-encoding', 'gzip').send(body.gzip);
  return reply.send(body.plain);
}
