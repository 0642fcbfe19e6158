import { createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { oidcProvidersFromConfig } from '../src/services/eid/oidc/from-config.ts';
import { rpPublicJwks } from '../src/services/eid/rp-keys.ts';
import { EidError, type OidcEidProvider } from '../src/services/eid/types.ts';
import { startFakeProvider, type FakeMode, type FakeProvider } from './eid-fake-provider.ts';
import { RETURN_URI, buildEidApp } from './eid-helper.ts';

const CLAIMS = {
  given_name: 'Anna',
  family_name: 'Aalto',
  name: 'Anna Aalto',
  satu: '999000011A',
  hetu: '010190-901R',
  acr: 'http://ftn.ficora.fi/2017/loa3',
};

let dir: string;
let fake: FakeProvider;
let app: FastifyInstance;
let close: () => Promise<void>;
let plain: OidcEidProvider;
let encrypted: OidcEidProvider;
let down: OidcEidProvider;
let encryptionPublic: KeyObject;
const logLines: string[] = [];

/** What the adapter logged of its last refusal (openid-client's reason, never tokens). */
const lastRefusal = () => JSON.parse(logLines.at(-1) ?? '{}') as { detail?: string; reason?: string };

beforeAll(async () => {
  dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'sinetti-eid-keys-'));
  // Sinetti's keys as an operator provides them: a PEM signing key, a JWK encryption key.
  const signing = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
  const encryption = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
  encryptionPublic = createPublicKey(encryption);
  await fsp.writeFile(path.join(dir, 'sig.pem'), signing.export({ format: 'pem', type: 'pkcs8' }));
  const encJwk = { ...encryption.export({ format: 'jwk' }), kid: 'rp-enc-1', alg: 'RSA-OAEP-256' };
  await fsp.writeFile(path.join(dir, 'enc.json'), JSON.stringify(encJwk));

  fake = await startFakeProvider({
    clientId: 'sinetti',
    clientKey: createPublicKey(signing),
    claims: CLAIMS,
  });
  const entry = {
    kind: 'oidc',
    methods: ['fi-trust-network'],
    clientId: 'sinetti',
    signingKeyFile: 'sig.pem',
  };
  const providers = [
    { ...entry, id: 'hostile-plain', issuer: fake.issuer, claims: 'standard' },
    { ...entry, id: 'hostile-enc', issuer: fake.issuer, claims: 'ftn', encryptionKeyFile: 'enc.json' },
    { ...entry, id: 'hostile-down', issuer: 'http://127.0.0.1:1' },
  ];
  await fsp.writeFile(path.join(dir, 'providers.json'), JSON.stringify(providers));
  ({ app, close } = await buildEidApp(
    { EID_TEST_PROVIDERS: 'off', EID_PROVIDERS_FILE: path.join(dir, 'providers.json'), LOG_LEVEL: 'warn' },
    logLines,
  ));
  [plain, encrypted, down] = oidcProvidersFromConfig(app) as [
    OidcEidProvider,
    OidcEidProvider,
    OidcEidProvider,
  ];
});

afterAll(async () => {
  await close();
  await fake.close();
  await fsp.rm(dir, { recursive: true, force: true });
});

beforeEach(() => {
  fake.mode = 'good';
  fake.encryptTo = null;
  fake.down = false;
});

/** Begin, the provider's round trip, finish: what the signing flow does. */
async function identify(adapter: OidcEidProvider) {
  const request = await adapter.begin({ redirectUri: RETURN_URI, lang: 'en', method: 'fi-trust-network' });
  const code = fake.authorize(request.url);
  const checks = {
    state: request.state,
    nonce: request.nonce,
    codeVerifier: request.codeVerifier,
    redirectUri: RETURN_URI,
  };
  return adapter.finish({ state: request.state, code }, checks);
}

async function failureOf(promise: Promise<unknown>): Promise<string> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(EidError);
  return (err as EidError).failure;
}

describe('OpenID Connect eID adapter against a hostile provider', () => {
  it('is unavailable while discovery fails, and discovers again on the next try', async () => {
    fake.down = true;
    expect(await failureOf(identify(plain))).toBe('unavailable');
    fake.down = false;
    const { person } = await identify(plain);
    expect(person.name).toBe('Anna Aalto');
  });

  it('is unavailable when the provider cannot be reached at all', async () => {
    expect(await failureOf(identify(down))).toBe('unavailable');
    expect(down.displayHost).toBe('127.0.0.1:1');
  });

  it('accepts a good token (standard claims: no semantics identifier) with private_key_jwt', async () => {
    const { person, evidence } = await identify(plain);
    expect(person).toEqual({
      name: 'Anna Aalto',
      givenName: 'Anna',
      familyName: 'Aalto',
      semanticsIdentifier: null,
      country: null,
    });
    expect(evidence).toMatchObject({
      kid: 'fake-1',
      alg: 'RS256',
      encrypted: false,
      subject: 'fake-subject-1',
    });
    const { keys } = await rpPublicJwks(app);
    const sig = keys.find((k) => k.use === 'sig');
    expect(fake.assertionKids.at(-1)).toBe(sig?.kid);
    expect(keys.find((k) => k.use === 'enc')).toMatchObject({
      kid: 'rp-enc-1',
      alg: 'RSA-OAEP-256',
      kty: 'RSA',
    });
  });

  it('accepts a good encrypted token and keeps the inner signed token (FTN claims)', async () => {
    fake.encryptTo = { key: encryptionPublic, kid: 'rp-enc-1' };
    const { person, evidence } = await identify(encrypted);
    expect(person.semanticsIdentifier).toBe('IDCFI-999000011A');
    expect(person.country).toBe('FI');
    expect(evidence.encrypted).toBe(true);
    expect(evidence.idToken?.split('.')).toHaveLength(3);
    expect(evidence.acr).toBe('http://ftn.ficora.fi/2017/loa3');
  });

  const refused: [FakeMode, string][] = [
    ['tampered', 'JWT signature verification failed'],
    ['other-key', 'JWT signature verification failed'],
    ['no-signature', 'unexpected JWT "alg" header parameter'],
    ['wrong-aud', 'unexpected JWT "aud" (audience) claim value'],
    ['wrong-iss', 'unexpected JWT "iss" (issuer) claim value'],
    ['expired', 'unexpected JWT "exp" (expiration time) claim value'],
  ];
  for (const [mode, reason] of refused) {
    it(`refuses an ID token that is ${mode}`, async () => {
      fake.mode = mode;
      expect(await failureOf(identify(plain))).toBe('failed');
      expect(lastRefusal().detail).toContain(reason);
      fake.encryptTo = { key: encryptionPublic, kid: 'rp-enc-1' };
      expect(await failureOf(identify(encrypted))).toBe('failed');
      expect(lastRefusal().detail).toContain(reason);
      expect(logLines.join('\n')).not.toContain('eyJ');
    });
  }

  it('refuses an unencrypted ID token where encryption is required', async () => {
    expect(await failureOf(identify(encrypted))).toBe('failed');
    expect(lastRefusal().reason).toBeUndefined();
    expect(logLines.at(-1)).toContain('it was not encrypted');
  });

  it('refuses an encrypted ID token when Sinetti has no encryption key for the provider', async () => {
    fake.encryptTo = { key: encryptionPublic, kid: 'rp-enc-1' };
    expect(await failureOf(identify(plain))).toBe('failed');
  });

  it('is unavailable when the token endpoint answers 5xx', async () => {
    fake.mode = 'token-503';
    expect(await failureOf(identify(plain))).toBe('unavailable');
  });

  it('maps error answers: cancellations are cancelled, other errors failed', async () => {
    const request = await plain.begin({ redirectUri: RETURN_URI, lang: 'fi', method: 'fi-trust-network' });
    expect(new URL(request.url).searchParams.get('ui_locales')).toBe('fi');
    const checks = {
      state: request.state,
      nonce: request.nonce,
      codeVerifier: request.codeVerifier,
      redirectUri: RETURN_URI,
    };
    for (const error of ['access_denied', 'cancel', 'user_cancel']) {
      expect(await failureOf(plain.finish({ state: request.state, error }, checks))).toBe('cancelled');
    }
    expect(await failureOf(plain.finish({ state: request.state, error: 'server_error' }, checks))).toBe(
      'failed',
    );
    expect(await failureOf(plain.finish({ state: 'other', error: 'access_denied' }, checks))).toBe('failed');
    expect(await failureOf(plain.finish({ state: request.state }, checks))).toBe('failed');
  });

  it('builds each configured provider once, and refuses a method it does not serve', async () => {
    expect(oidcProvidersFromConfig(app)[0]).toBe(plain);
    expect(plain).toMatchObject({
      kind: 'oidc',
      id: 'hostile-plain',
      test: false,
      methods: ['fi-trust-network'],
    });
    const begun = plain.begin({ redirectUri: RETURN_URI, lang: 'en', method: 'se-bankid' });
    expect(await failureOf(begun)).toBe('failed');
  });
});
