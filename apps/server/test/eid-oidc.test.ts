import { createPublicKey, verify, type JsonWebKey } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../src/db/client.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rpPublicJwks } from '../src/services/eid/rp-keys.ts';
import { testEidProvider } from '../src/services/eid/test-eid/index.ts';
import { testPseudonymOf } from '../src/services/eid/test-eid/provider.ts';
import { TEST_PERSONS } from '../src/services/eid/test-persons.ts';
import { EidError, type OidcEidProvider } from '../src/services/eid/types.ts';
import { buildEidApp, checksOf, openTestEidPage, submitTestEid } from './eid-helper.ts';

const anna = TEST_PERSONS[0]!;

let app: FastifyInstance;
let database: Database;
let close: () => Promise<void>;
let adapter: OidcEidProvider;

beforeAll(async () => {
  ({ app, database, close } = await buildEidApp());
  adapter = testEidProvider(app);
});

afterAll(async () => {
  await close();
});

/** Verifies a compact JWS with the key of the TEST provider's published JWKS named by its kid. */
async function verifiesWithProviderJwks(jws: string): Promise<boolean> {
  const jwks = (
    await app.inject({ method: 'GET', url: '/test-eid/jwks', headers: { host: 'sinetti.test' } })
  ).json<{
    keys: (JsonWebKey & { kid: string })[];
  }>();
  const [header = '', payload = '', signature = ''] = jws.split('.');
  const { kid } = JSON.parse(Buffer.from(header, 'base64url').toString()) as { kid: string };
  const jwk = jwks.keys.find((k) => k.kid === kid);
  if (!jwk) return false;
  const key = createPublicKey({ key: jwk, format: 'jwk' });
  return verify('sha256', Buffer.from(`${header}.${payload}`), key, Buffer.from(signature, 'base64url'));
}

async function failureOf(promise: Promise<unknown>): Promise<string> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(EidError);
  return (err as EidError).failure;
}

describe('TEST eID provider through the OpenID Connect adapter', () => {
  it('identifies a test person: the person, and a signed, encrypted ID token as evidence', async () => {
    const visit = await openTestEidPage(app, adapter);
    expect(visit.page.statusCode).toBe(200);
    const response = await submitTestEid(app, visit, { person: anna.id, action: 'identify' });
    const { person, evidence } = await adapter.finish(response, checksOf(visit.request));

    expect(person).toEqual({
      name: 'Anna Aalto',
      givenName: 'Anna',
      familyName: 'Aalto',
      semanticsIdentifier: `IDCFI-${anna.satu}`,
      country: 'FI',
    });
    expect(JSON.stringify(person)).not.toContain(anna.hetu);
    expect(evidence).toMatchObject({
      issuer: 'http://sinetti.test/test-eid',
      subject: testPseudonymOf(anna),
      encrypted: true,
      alg: 'RS256',
      acr: 'http://ftn.ficora.fi/2017/loa2',
    });
    expect(evidence.kid).toBeTruthy();
    expect(evidence.authTime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.000Z$/);
    expect(evidence.idToken?.split('.')).toHaveLength(3);
    expect(await verifiesWithProviderJwks(evidence.idToken!)).toBe(true);
    const claims = JSON.parse(
      Buffer.from(evidence.idToken!.split('.')[1]!, 'base64url').toString(),
    ) as Record<string, unknown>;
    expect(claims).toMatchObject({
      satu: anna.satu,
      hetu: anna.hetu,
      birthdate: anna.birthdate,
      aud: 'sinetti-signing',
    });
  });

  it('shows the login page in Finnish for ui_locales=fi, and TEST on every page', async () => {
    const fi = await openTestEidPage(app, adapter, 'fi');
    expect(fi.page.body).toContain('<html lang="fi">');
    expect(fi.page.body).toContain('Tunnistaudu');
    expect(fi.page.body).toContain('Peruuta');
    expect(fi.page.body).toContain('TEST eID — not a real identification');
    expect(fi.page.body).toContain('TESTI-tunnistus — ei oikea tunnistautuminen');
    const en = await openTestEidPage(app, adapter, 'en');
    expect(en.page.body).toContain('Identify as a test person');
    for (const p of TEST_PERSONS) expect(en.page.body).toContain(`${p.givenName} ${p.familyName}`);
    const unknown = await app.inject({ method: 'GET', url: '/test-eid-login/no-such-interaction' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain('TEST eID — not a real identification');
    expect(unknown.body).toContain('Tunnistus vanhentui');
  });

  it('asks again for an unknown person instead of identifying anyone', async () => {
    const visit = await openTestEidPage(app, adapter);
    const res = await app.inject({
      method: 'POST',
      url: visit.pagePath,
      headers: {
        host: 'sinetti.test',
        cookie: visit.jar.header(visit.pagePath),
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: 'person=nobody&action=identify',
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Choose a test person.');
  });

  it('Cancel returns error=access_denied: the identification is cancelled', async () => {
    const visit = await openTestEidPage(app, adapter);
    const response = await submitTestEid(app, visit, { action: 'cancel' });
    expect(response.error).toBe('access_denied');
    expect(await failureOf(adapter.finish(response, checksOf(visit.request)))).toBe('cancelled');
  });

  it('refuses a wrong state', async () => {
    const visit = await openTestEidPage(app, adapter);
    const response = await submitTestEid(app, visit, { person: anna.id, action: 'identify' });
    const checks = { ...checksOf(visit.request), state: 'another-state' };
    expect(await failureOf(adapter.finish(response, checks))).toBe('failed');
  });

  it('refuses a wrong nonce', async () => {
    const visit = await openTestEidPage(app, adapter);
    const response = await submitTestEid(app, visit, { person: anna.id, action: 'identify' });
    const checks = { ...checksOf(visit.request), nonce: 'another-nonce' };
    expect(await failureOf(adapter.finish(response, checks))).toBe('failed');
  });

  it('refuses a replayed code (the provider does not exchange it twice)', async () => {
    const visit = await openTestEidPage(app, adapter);
    const response = await submitTestEid(app, visit, { person: anna.id, action: 'identify' });
    await adapter.finish(response, checksOf(visit.request));
    expect(await failureOf(adapter.finish(response, checksOf(visit.request)))).toBe('failed');
  });

  it('refuses a wrong PKCE verifier', async () => {
    const visit = await openTestEidPage(app, adapter);
    const response = await submitTestEid(app, visit, { person: anna.id, action: 'identify' });
    const checks = { ...checksOf(visit.request), codeVerifier: 'x'.repeat(43) };
    expect(await failureOf(adapter.finish(response, checks))).toBe('failed');
  });

  it('works across processes: one starts the identification, another finishes it', async () => {
    const other = await buildEidApp({}, undefined, database);
    try {
      const visit = await openTestEidPage(app, adapter);
      const response = await submitTestEid(app, visit, { person: 'matti', action: 'identify' });
      const { person, evidence } = await testEidProvider(other.app).finish(response, checksOf(visit.request));
      expect(person.name).toBe('Matti Meikäläinen');
      expect(evidence.encrypted).toBe(true);
      expect(await rpPublicJwks(other.app)).toEqual(await rpPublicJwks(app));
    } finally {
      await other.close();
    }
  });

  it('says TEST on its error pages, and names its host', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/test-eid/auth?client_id=nobody&response_type=code&scope=openid',
      headers: { host: 'sinetti.test' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('TEST eID — not a real identification');
    expect(res.body).toContain('Tunnistus epäonnistui');
    expect(adapter).toMatchObject({ kind: 'oidc', id: 'test-eid', test: true, displayHost: 'sinetti.test' });
    expect(adapter.methods).toEqual(['fi-trust-network']);
  });

  it('publishes the RP keys as a public JWKS (signing and encryption, no private parts)', async () => {
    const { keys } = await rpPublicJwks(app);
    expect(keys.map((k) => [k.use, k.alg])).toEqual([
      ['sig', 'RS256'],
      ['enc', 'RSA-OAEP-256'],
    ]);
    for (const k of keys) {
      expect(k.kid).toBeTruthy();
      expect(k).not.toHaveProperty('d');
      expect(k).not.toHaveProperty('p');
    }
  });
});
