import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { okReply } from '../envelope.ts';

/**
 * Embedded signing (issue #34 item 3; docs/decisions.md "Embedded signing", docs/integration.md "Embedded
 * signing"). An organization lists the origins allowed to frame its public signing pages; the server sends
 * those pages with `Content-Security-Policy: frame-ancestors 'self' <origins>`, and the page posts
 * `sinetti:signed` / `sinetti:declined` / `sinetti:closed` to a parent of one of these origins only.
 * Managing them needs organization edit details (8), like API keys and webhooks.
 */

/** At most this many origins per organization. */
export const EMBED_ORIGINS_MAX = 10;

/** `scheme://host[:port]`, lower case, without a default port or a trailing slash. */
const ORIGIN =
  /^(https?):\/\/([a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::(\d{1,5}))?$/;

/**
 * An origin as written by a person (`HTTPS://Example.com:443/`) in its normal form (`https://example.com`),
 * or null when it is no origin: a path, query, user name, wildcard or another scheme. Pure string work (the
 * contract compiles without the URL global).
 */
export function normaliseOrigin(input: string): string | null {
  const text = input.trim().toLowerCase().replace(/\/$/, '');
  const match = ORIGIN.exec(text);
  if (!match) return null;
  const [, scheme, host, port] = match;
  if (port !== undefined) {
    const n = Number(port);
    if (n < 1 || n > 65_535) return null;
    if ((scheme === 'https' && n === 443) || (scheme === 'http' && n === 80)) return `${scheme}://${host}`;
    return `${scheme}://${host}:${n}`;
  }
  return `${scheme}://${host}`;
}

/** True for an origin of this machine (`http://localhost`, `http://127.0.0.1`, `http://[::1]`, any port). */
export function isLoopbackOrigin(origin: string): boolean {
  return /^https?:\/\/(localhost|127\.\d+\.\d+\.\d+|\[::1\])(:\d+)?$/.test(origin);
}

const embedOrigin = z
  .string()
  .max(300)
  .transform((s, ctx) => {
    const origin = normaliseOrigin(s);
    if (origin === null) {
      ctx.addIssue({
        code: 'custom',
        message: 'Must be an origin: https://host or https://host:port, without a path or wildcard.',
      });
      return z.NEVER;
    }
    return origin;
  });

export const embedOriginsBody = z.object({
  origins: z
    .array(embedOrigin)
    .max(EMBED_ORIGINS_MAX, { message: `At most ${EMBED_ORIGINS_MAX} origins.` })
    .refine((list) => new Set(list).size === list.length, { message: 'An origin is listed twice.' }),
});
export type EmbedOriginsBody = z.infer<typeof embedOriginsBody>;

export const embeddingApi = {
  get: endpoint({
    id: 'embedding.get',
    method: 'GET',
    path: '/embedding',
    access: 'organization',
    summary:
      'The origins allowed to frame the organization’s public signing pages. Needs organization edit details (8).',
    reply: okReply({ origins: z.array(z.string()) }),
  }),
  update: endpoint({
    id: 'embedding.update',
    method: 'POST',
    path: '/embedding',
    access: 'organization',
    summary:
      `Replace the allowed origins (at most ${EMBED_ORIGINS_MAX}; https, or http for localhost outside ` +
      'production; stored normalised). EMBED_ORIGIN_NOT_ALLOWED for http to another host.',
    body: embedOriginsBody,
    reply: okReply({ origins: z.array(z.string()) }),
  }),
} as const;
