import type { FastifyInstance, InjectOptions } from 'fastify';
import type { CustomFetch, FetchBody } from 'openid-client';

type Payload = NonNullable<InjectOptions['payload']>;

async function payloadOf(body: FetchBody): Promise<Payload | undefined> {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return body;
  if (body instanceof URLSearchParams) return body.toString();
  if (body instanceof Uint8Array) return Buffer.from(body);
  if (body instanceof ArrayBuffer) return Buffer.from(new Uint8Array(body));
  return Buffer.from(await new Response(body).arrayBuffer());
}

function responseHeaders(headers: Record<string, string | string[] | number | undefined>): Headers {
  const out = new Headers();
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) out.append(name, String(v));
  }
  return out;
}

/**
 * A fetch for openid-client that answers requests to this app's own built-in provider through
 * `app.inject`: no network round trip to ourselves, and it works in tests that never listen.
 * The Host and X-Forwarded-* headers carry the public URL so that the provider builds public URLs.
 */
export function inProcessFetch(app: FastifyInstance): CustomFetch {
  return async (url, options) => {
    const target = new URL(url);
    const res = await app.inject({
      method: options.method as InjectOptions['method'],
      url: `${target.pathname}${target.search}`,
      headers: {
        ...options.headers,
        host: target.host,
        'x-forwarded-host': target.host,
        'x-forwarded-proto': target.protocol.replace(':', ''),
      },
      payload: await payloadOf(options.body),
      signal: options.signal,
    } as InjectOptions);
    const empty = res.statusCode === 204 || res.statusCode === 304 || options.method === 'HEAD';
    return new Response(empty ? null : new Uint8Array(res.rawPayload), {
      status: res.statusCode,
      headers: responseHeaders(res.headers),
    });
  };
}
