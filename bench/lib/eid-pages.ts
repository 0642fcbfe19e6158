// The browser's part of an identification at the built-in TEST eID provider and of a sign-in and an
// authorization at the built-in TEST CSC service, driven through app.inject: what stands for the signee's
// time at the provider in bench/eid-signing.bench.ts. Like apps/server/test/eid-helper.ts and csc-helper.ts,
// without Vitest (the benchmarks run under plain Node).
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { ProviderResponse } from '../../apps/server/src/services/eid/types.ts';

export const PUBLIC_URL = 'http://sinetti.test';
export const RETURN_URI = `${PUBLIC_URL}/public/signing/return`;

/** Cookies by name and path, enough for the TEST eID provider's path-scoped interaction cookies. */
class CookieJar {
  private cookies: { name: string; value: string; path: string }[] = [];

  store(setCookie: string[] | string | undefined): void {
    for (const line of Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []) {
      const [pair = '', ...attributes] = line.split(';').map((s) => s.trim());
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      const path = attributes.find((a) => a.toLowerCase().startsWith('path='))?.slice(5) ?? '/';
      this.cookies = this.cookies.filter((c) => !(c.name === name && c.path === path));
      if (value !== '') this.cookies.push({ name, value, path });
    }
  }

  header(path: string): string {
    return this.cookies
      .filter((c) => path === c.path || path.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`))
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
  }
}

function expectStatus(res: LightMyRequestResponse, statuses: number[], what: string): void {
  if (!statuses.includes(res.statusCode)) {
    throw new Error(`${what}: HTTP ${res.statusCode}\n${res.body.slice(0, 2000)}`);
  }
}

async function browse(
  app: FastifyInstance,
  jar: CookieJar,
  url: string,
  form?: Record<string, string>,
): Promise<LightMyRequestResponse> {
  const target = new URL(url, PUBLIC_URL);
  if (target.origin !== PUBLIC_URL) throw new Error(`the browser left ${PUBLIC_URL}: ${url}`);
  const res = await app.inject({
    method: form ? 'POST' : 'GET',
    url: `${target.pathname}${target.search}`,
    headers: {
      host: target.host,
      accept: 'text/html',
      cookie: jar.header(target.pathname),
      ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
    },
    ...(form ? { payload: new URLSearchParams(form).toString() } : {}),
  });
  jar.store(res.headers['set-cookie']);
  return res;
}

/** What the browser brings back to Sinetti's return page. */
function responseAt(location: URL): ProviderResponse {
  const get = (k: string) => location.searchParams.get(k) ?? undefined;
  return {
    state: get('state') ?? '',
    code: get('code'),
    iss: get('iss'),
    error: get('error'),
    errorDescription: get('error_description'),
  };
}

/** Opens the TEST eID login page of an authorization URL, identifies as `person`, follows the way back. */
export async function identifyAtTestEid(
  app: FastifyInstance,
  url: string,
  person: string,
): Promise<ProviderResponse> {
  const jar = new CookieJar();
  const auth = await browse(app, jar, url);
  expectStatus(auth, [303], 'TEST eID authorization');
  const pagePath = String(auth.headers.location);
  expectStatus(await browse(app, jar, pagePath), [200], 'TEST eID login page');
  let res = await browse(app, jar, pagePath, { person, action: 'identify' });
  for (let hop = 0; hop < 10; hop++) {
    expectStatus(res, [302, 303], 'TEST eID redirect');
    const location = new URL(String(res.headers.location), PUBLIC_URL);
    if (location.href.startsWith(RETURN_URI)) return responseAt(location);
    res = await browse(app, jar, location.href);
  }
  throw new Error('TEST eID: too many redirects');
}

function hiddenValue(html: string, pattern: RegExp): string {
  const match = pattern.exec(html);
  if (!match?.[1]) throw new Error(`not on the TEST CSC page: ${String(pattern)}`);
  return match[1].replaceAll('&amp;', '&');
}

/** A page of the TEST CSC service, its form posted, and the 303 back to Sinetti's return page. */
async function cscPage(
  app: FastifyInstance,
  url: string,
  action: 'login' | 'confirm',
  fields: (html: string) => Record<string, string>,
): Promise<ProviderResponse> {
  const jar = new CookieJar();
  const page = await browse(app, jar, url);
  expectStatus(page, [200], `TEST CSC ${action} page`);
  const request = hiddenValue(page.body, /name="request" value="([^"]+)"/);
  const res = await browse(app, jar, `/test-csc/oauth2/${action}`, {
    request,
    ...fields(page.body),
    action: 'ok',
  });
  expectStatus(res, [303], `TEST CSC ${action}`);
  const location = new URL(String(res.headers.location), PUBLIC_URL);
  if (!location.href.startsWith(RETURN_URI)) throw new Error(`TEST CSC sent the browser to ${location.href}`);
  return responseAt(location);
}

/** Signs in at the TEST CSC service as `person` (OAuth2 `service` scope). */
export const signInAtTestCsc = (app: FastifyInstance, url: string, person: string) =>
  cscPage(app, url, 'login', () => ({ person }));

/** Authorizes the signature on the TEST CSC service's page with the one-time code it shows. */
export const authorizeAtTestCsc = (app: FastifyInstance, url: string) =>
  cscPage(app, url, 'confirm', (html) => ({ otp: hiddenValue(html, /id="otp">(\d+)</) }));
