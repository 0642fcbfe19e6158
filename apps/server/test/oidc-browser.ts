import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

interface StoredCookie {
  name: string;
  value: string;
  path: string;
}

/** A browser's cookie jar, enough for the provider's path-scoped cookies. */
export class CookieJar {
  private cookies: StoredCookie[] = [];

  store(setCookie: string[] | string | undefined): void {
    for (const line of Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []) {
      const [pair = '', ...attributes] = line.split(';').map((s) => s.trim());
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      const attr = (key: string) =>
        attributes.find((a) => a.toLowerCase().startsWith(`${key}=`))?.slice(key.length + 1);
      const path = attr('path') ?? '/';
      const expires = attr('expires');
      const gone = value === '' || (expires !== undefined && Date.parse(expires) < Date.now());
      this.cookies = this.cookies.filter((c) => !(c.name === name && c.path === path));
      if (!gone) this.cookies.push({ name, value, path });
    }
  }

  /** A copy: the provider pages of one sign-in get their own cookies, as a fresh provider visit would. */
  clone(): CookieJar {
    const copy = new CookieJar();
    copy.cookies = [...this.cookies];
    return copy;
  }

  header(url: string): string {
    const path = new URL(url, 'http://x').pathname;
    return this.cookies
      .filter((c) => path === c.path || path.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`))
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
  }
}

export const PUBLIC_URL = 'http://sinetti.test';

/** A request of the browser to this app (the public URL is served by `app`). */
export async function browse(
  app: FastifyInstance,
  jar: CookieJar,
  url: string,
  opts: { method?: 'GET' | 'POST'; form?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  const target = new URL(url, PUBLIC_URL);
  expect(target.origin).toBe(PUBLIC_URL);
  const res = await app.inject({
    method: opts.method ?? 'GET',
    url: `${target.pathname}${target.search}`,
    headers: {
      host: target.host,
      accept: 'text/html',
      cookie: jar.header(target.pathname),
      ...(opts.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
    },
    ...(opts.form ? { payload: new URLSearchParams(opts.form).toString() } : {}),
  });
  jar.store(res.headers['set-cookie']);
  return res;
}

/** Follows redirects in the browser until the provider sends it back to the app's /redirect page. */
export async function followToRedirectPage(
  app: FastifyInstance,
  jar: CookieJar,
  first: LightMyRequestResponse,
): Promise<URL> {
  let res = first;
  for (let hop = 0; hop < 10; hop++) {
    expect([302, 303]).toContain(res.statusCode);
    const location = new URL(String(res.headers.location), PUBLIC_URL);
    if (location.pathname.startsWith('/redirect/')) return location;
    res = await browse(app, jar, location.href);
  }
  throw new Error('too many redirects');
}

export interface ProviderVisit {
  jar: CookieJar;
  /** The sign-in page's path, /idp/interaction/{uid}. */
  pagePath: string;
  page: LightMyRequestResponse;
}

/** A started sign-in: the provider's authorization URL and the browser (its cookies) that started it. */
export interface LoginStart {
  url: string;
  jar: CookieJar;
}

/** Opens the authorization URL in the starting browser and lands on the built-in provider's sign-in page. */
export async function openSignInPage(app: FastifyInstance, start: LoginStart): Promise<ProviderVisit> {
  const jar = start.jar.clone();
  const auth = await browse(app, jar, start.url);
  expect(auth.statusCode).toBe(303);
  const pagePath = String(auth.headers.location);
  expect(pagePath).toMatch(/^\/idp\/interaction\/[\w-]+$/);
  const page = await browse(app, jar, pagePath);
  return { jar, pagePath, page };
}

/** Fills in the sign-in page and returns where the provider sends the browser back to. */
export async function submitSignIn(
  app: FastifyInstance,
  visit: ProviderVisit,
  form: Record<string, string>,
): Promise<URL> {
  const posted = await browse(app, visit.jar, visit.pagePath, { method: 'POST', form });
  return followToRedirectPage(app, visit.jar, posted);
}

/** The authorize call the web app's /redirect page makes from the provider's answer. */
export function authorizeBodyOf(
  type: 'google' | 'microsoft',
  returned: URL,
  opts: { withIss?: boolean } = {},
): Record<string, string> {
  const body: Record<string, string> = { type };
  for (const key of ['code', 'state', 'error', ...(opts.withIss ? ['iss'] : [])]) {
    const value = returned.searchParams.get(key);
    if (value !== null) body[key] = value;
  }
  return body;
}

/** What the /redirect page has in hand: the authorize body and the browser it runs in. */
export interface ProviderReturn {
  body: Record<string, string>;
  jar: CookieJar;
}

const AUTHORIZE = '/api/authentication/authorize';

/** The web app's authorize call from a browser: its sign-in cookie rides along, its answer is kept. */
export async function postAuthorize(
  app: FastifyInstance,
  from: ProviderReturn,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  const cookie = from.jar.header(AUTHORIZE);
  const res = await app.inject({
    method: 'POST',
    url: AUTHORIZE,
    headers: { ...headers, ...(cookie ? { cookie } : {}) },
    payload: from.body,
  });
  from.jar.store(res.headers['set-cookie']);
  return res;
}
