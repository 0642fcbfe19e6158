import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCscProvider } from '../src/services/eid/csc/adapter.ts';
import { testCscProvider } from '../src/services/eid/test-csc/index.ts';
import {
  EidError,
  type CscProvider,
  type EidFailure,
  type RemoteCredential,
} from '../src/services/eid/types.ts';
import {
  authorizeAt,
  buildCscTestApp,
  form,
  openAuthorization,
  pageValue,
  requestOf,
  responseOf,
  signInAt,
  type CscTestApp,
} from './csc-helper.ts';

// What the CSC v2 adapter and the TEST CSC service refuse (issue #29 items 3 and 6): an expired, reused or
// other-hash SAD, a wrong state, a cancel, a wrong one-time code, and a service that is down.

let t: CscTestApp;
let provider: CscProvider;
let credential: RemoteCredential;
const sha = (s: string) => new Uint8Array(createHash('sha256').update(s).digest());

beforeAll(async () => {
  t = await buildCscTestApp();
  provider = testCscProvider(t.app);
  const service = await provider.beginService({ redirectUri: t.redirectUri, lang: 'en' });
  const back = await signInAt(t.app, service.url, 'matti');
  ({ credential } = await provider.finishService(back, { ...service, redirectUri: t.redirectUri }));
});

afterAll(async () => {
  await t?.close();
});

async function failureOf(promise: Promise<unknown>): Promise<EidFailure> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(EidError);
  return (err as EidError).failure;
}

/** One authorized hash: the browser's answer and what Sinetti kept of the request. */
async function authorize(hash: Uint8Array, opts: { cancel?: boolean } = {}) {
  const request = await provider.beginCredential({
    redirectUri: t.redirectUri,
    lang: 'fi',
    credentialId: credential.credentialId,
    hash,
  });
  const { response, page } = await authorizeAt(t.app, request.url, opts);
  return { response, request: { ...request, redirectUri: t.redirectUri }, page };
}

const signing = (hash: Uint8Array) => ({
  credentialId: credential.credentialId,
  hash,
  signAlgo: credential.signAlgo,
});

/** The credential token (SAD) of one authorization, exchanged by hand (the adapter spends it at once). */
async function sadFor(hash: Uint8Array): Promise<string> {
  const { response, request } = await authorize(hash);
  const secret = await credentialSecret();
  const res = await t.app.inject({
    method: 'POST',
    url: '/test-csc/oauth2/token',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${Buffer.from(`sinetti-signing:${secret}`).toString('base64')}`,
    },
    payload: new URLSearchParams({
      grant_type: 'authorization_code',
      code: response.code!,
      redirect_uri: t.redirectUri,
      code_verifier: request.codeVerifier,
    }).toString(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { access_token: string }).access_token;
}

async function credentialSecret(): Promise<string> {
  const { loadTestQtsp } = await import('../src/services/eid/test-csc/qtsp.ts');
  return (await loadTestQtsp(t.app.ctx.db)).clientSecret;
}

const signHash = (sad: string, hash: Uint8Array) =>
  t.app.inject({
    method: 'POST',
    url: '/test-csc/csc/v2/signatures/signHash',
    headers: { authorization: `Bearer ${sad}` },
    payload: {
      credentialID: credential.credentialId,
      hashes: [Buffer.from(hash).toString('base64')],
      hashAlgorithmOID: '2.16.840.1.101.3.4.2.1',
      signAlgo: credential.signAlgo,
    },
  });

describe('the credential authorization (SAD)', () => {
  it('signs once: the same SAD again is 400 invalid_request', async () => {
    const hash = sha('once');
    const sad = await sadFor(hash);
    const first = await signHash(sad, hash);
    expect(first.statusCode, first.body).toBe(200);
    const again = await signHash(sad, hash);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ error: 'invalid_request' });
  });

  it('signs only the authorized hash: another hash is refused, through the adapter too', async () => {
    const sad = await sadFor(sha('authorized'));
    const other = await signHash(sad, sha('other'));
    expect(other.statusCode).toBe(400);
    expect(other.json()).toMatchObject({ error: 'invalid_request' });

    const { response, request } = await authorize(sha('authorized too'));
    expect(await failureOf(provider.finishCredential(response, request, signing(sha('another'))))).toBe(
      'authorization',
    );
  });

  it('expires: a SAD after 5 minutes and a code after 60 s are refused as authorization', async () => {
    const hash = sha('late');
    const sad = await sadFor(hash);
    t.clock.advance(5 * 60_000 + 1000);
    const late = await signHash(sad, hash);
    expect(late.statusCode).toBe(400);

    const { response, request } = await authorize(hash);
    t.clock.advance(61_000);
    expect(await failureOf(provider.finishCredential(response, request, signing(hash)))).toBe(
      'authorization',
    );
  });

  it('refuses an answer with another state as failed, and the code of a used answer as authorization', async () => {
    const hash = sha('state');
    const { response, request } = await authorize(hash);
    const wrong = { ...response, state: randomBytes(8).toString('hex') };
    expect(await failureOf(provider.finishCredential(wrong, request, signing(hash)))).toBe('failed');
    const { signature } = await provider.finishCredential(response, request, signing(hash));
    expect(signature.length).toBeGreaterThan(64);
    expect(await failureOf(provider.finishCredential(response, request, signing(hash)))).toBe(
      'authorization',
    );
  });

  it('maps Cancel on the authorization page to cancelled', async () => {
    const hash = sha('cancel');
    const { response, request, page } = await authorize(hash, { cancel: true });
    expect(page).toContain('TESTI');
    expect(page).toContain('lang="fi"');
    expect(response.error).toBe('access_denied');
    expect(await failureOf(provider.finishCredential(response, request, signing(hash)))).toBe('cancelled');
  });

  it("asks again for a wrong one-time code, in the page's language", async () => {
    const request = await provider.beginCredential({
      redirectUri: t.redirectUri,
      lang: 'fi',
      credentialId: credential.credentialId,
      hash: sha('code'),
    });
    const page = await openAuthorization(t.app, request.url);
    const otp = pageValue(page.body, /id="otp">(\d+)</);
    const wrong = String((Number(otp) + 1) % 1_000_000).padStart(6, '0');
    const res = await t.app.inject({
      method: 'POST',
      url: '/test-csc/oauth2/confirm',
      ...form({ request: requestOf(page.body), otp: wrong, action: 'ok', lang: 'fi' }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Kertakäyttökoodi ei ole oikein');
    const right = await t.app.inject({
      method: 'POST',
      url: '/test-csc/oauth2/confirm',
      ...form({ request: requestOf(page.body), otp, action: 'ok', lang: 'fi' }),
    });
    expect(responseOf(right).code).toBeTruthy();
  });
});

describe('signing in at the service', () => {
  it('maps Cancel to cancelled, and a wrong PKCE verifier to failed', async () => {
    const cancelled = await provider.beginService({ redirectUri: t.redirectUri, lang: 'en' });
    const back = await signInAt(t.app, cancelled.url, null);
    const request = { ...cancelled, redirectUri: t.redirectUri };
    expect(await failureOf(provider.finishService(back, request))).toBe('cancelled');

    const service = await provider.beginService({ redirectUri: t.redirectUri, lang: 'en' });
    const answer = await signInAt(t.app, service.url, 'seija');
    const forged = {
      ...service,
      codeVerifier: randomBytes(32).toString('base64url'),
      redirectUri: t.redirectUri,
    };
    expect(await failureOf(provider.finishService(answer, forged))).toBe('failed');
  });

  it('refuses an authorization request without PKCE S256 back to the client, and an unknown client on its page', async () => {
    const service = await provider.beginService({ redirectUri: t.redirectUri, lang: 'en' });
    const plain = new URL(service.url);
    plain.searchParams.set('code_challenge_method', 'plain');
    expect(responseOf(await openAuthorization(t.app, plain.toString())).error).toBe('invalid_request');
    plain.searchParams.set('client_id', 'someone-else');
    const page = await openAuthorization(t.app, plain.toString());
    expect(page.statusCode).toBe(400);
    expect(page.headers.location).toBeUndefined();
  });

  it('refuses API calls without a service token (401 invalid_token)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/test-csc/csc/v2/credentials/list',
      headers: { authorization: 'Bearer nonsense' },
      payload: {},
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: 'invalid_token' });
  });
});

describe('a service that is down', () => {
  it('is unavailable when nothing answers or it answers 5xx', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const entry = {
      id: 'down',
      methods: ['de-sign-me'] as const,
      baseUrl: `http://127.0.0.1:${port}/csc/v2`,
      clientId: 'sinetti',
      clientSecret: 'secret',
    };
    const closed = createCscProvider(entry);
    expect(await failureOf(closed.beginService({ redirectUri: t.redirectUri, lang: 'en' }))).toBe(
      'unavailable',
    );

    const failing = createCscProvider(
      { ...entry, oauth2Url: 'http://qtsp.example' },
      async () => new Response('busy', { status: 503 }),
    );
    const request = await failing.beginService({ redirectUri: t.redirectUri, lang: 'en' });
    const response = { state: request.state, code: 'a-code' };
    expect(await failureOf(failing.finishService(response, { ...request, redirectUri: t.redirectUri }))).toBe(
      'unavailable',
    );
  });
});
