import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';

/** CSP directives as `name: sources` (written in the header in this order, `name source source;…`). */
export type CspDirectives = Record<string, readonly string[]>;

/** A Content-Security-Policy header value: each directive and its sources, `;`-separated. */
export function contentSecurityPolicy(directives: CspDirectives): string {
  return Object.entries(directives)
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join(';');
}

/** The app's own policy: only its origin, Mantine's runtime <style>, never framed (plugins/web.ts relaxes
 * frame-ancestors for an organization's embedding origins). */
function appPolicy(https: boolean): CspDirectives {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    // Mantine writes CSS variables into a <style> element at runtime.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'worker-src': ["'self'", 'blob:'],
    'media-src': ["'self'", 'data:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    ...(https ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/**
 * Every security header the server sends, as one object built at start-up (the set @fastify/helmet sent
 * with these options, same values). Helmet built its whole middleware chain again on every request (its
 * onRequest hook calls helmet(options) per request): 7 % of /api/health's CPU (issue #32 item 5).
 */
export function securityHeaders(config: Pick<Config, 'publicUrl'>): Record<string, string> {
  const https = config.publicUrl.startsWith('https://');
  return {
    'content-security-policy': contentSecurityPolicy(appPolicy(https)),
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'strict-origin-when-cross-origin',
    ...(https ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'SAMEORIGIN',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };
}

/** Strict security headers for everything the server sends (a route may replace one, e.g. its CSP). */
export function registerSecurityHeaders(app: FastifyInstance, config: Config): void {
  const headers = securityHeaders(config);
  const names = Object.keys(headers);
  app.addHook('onRequest', (_req, reply, done) => {
    for (const name of names) void reply.header(name, headers[name]);
    done();
  });
}
