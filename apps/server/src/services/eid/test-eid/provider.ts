import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type Provider from 'oidc-provider';
import type { Account, FindAccount } from 'oidc-provider';
import type { Config } from '../../../config.ts';
import type { Db } from '../../../db/client.ts';
import { DatabaseAdapter } from '../../identity/local/adapter.ts';
import { loadLocalProviderSecrets } from '../../identity/local/secrets.ts';
import { testRpKeys } from '../rp-keys.ts';
import { TEST_PERSONS, type TestPerson } from '../test-persons.ts';
import { TEST_EID_LOGIN_PATH, errorPage } from './page.ts';

/** Path of the TEST eID provider under the public URL. */
export const TEST_EID_PATH = '/test-eid';
export const TEST_EID_CLIENT_ID = 'sinetti-signing';
/** The Finnish Trust Network's "substantial" level: what the TEST provider states for everyone. */
export const TEST_EID_ACR = 'http://ftn.ficora.fi/2017/loa2';

export const testEidIssuerOf = (config: Config): string => `${config.publicUrl}${TEST_EID_PATH}`;
/** Sinetti's signing return page: the only redirect URI of the TEST client. */
export const signingReturnUriOf = (config: Config): string => `${config.publicUrl}/public/signing/return`;

/** The scheme's pseudonym of a test person (as a broker gives a `sub` that is not the identity code). */
export function testPseudonymOf(person: TestPerson): string {
  return createHash('sha256').update(`sinetti-test-eid|${person.satu}`).digest('base64url').slice(0, 32);
}

/** FTN-like claims: names, birth date, FINUID (`satu`) and the TEST personal identity code (`hetu`). */
const findTestPerson: FindAccount = (_ctx, sub): Account | undefined => {
  const person = TEST_PERSONS.find((p) => testPseudonymOf(p) === sub);
  if (!person) return undefined;
  return {
    accountId: sub,
    claims: () => ({
      sub,
      given_name: person.givenName,
      family_name: person.familyName,
      name: `${person.givenName} ${person.familyName}`,
      birthdate: person.birthdate,
      satu: person.satu,
      hetu: person.hetu,
    }),
  };
};

/**
 * The built-in TEST eID provider (an FTN broker stand-in): one confidential client for Sinetti's signing,
 * authenticated with `private_key_jwt` by Sinetti's RP keys, PKCE required, ID tokens signed by the
 * provider and encrypted to Sinetti (RSA-OAEP-256, A256GCM). Storage in the database (models prefixed
 * `TestEid.`), keys in `instance_secrets`, so that it works across processes.
 */
export async function createTestEidProvider(
  config: Config,
  db: Db,
  log: FastifyBaseLogger,
): Promise<Provider> {
  const { default: OidcProvider } = await import('oidc-provider');
  const [secrets, rp] = await Promise.all([loadLocalProviderSecrets(db, 'test-eid'), testRpKeys(db)]);
  if (!rp.encryption) throw new Error('the TEST eID provider needs an encryption key');
  const provider = new OidcProvider(testEidIssuerOf(config), {
    adapter: (model: string) => new DatabaseAdapter(db, model, 'TestEid.'),
    clients: [
      {
        client_id: TEST_EID_CLIENT_ID,
        client_name: 'Sinetti signing (TEST)',
        token_endpoint_auth_method: 'private_key_jwt',
        grant_types: ['authorization_code'],
        response_types: ['code'],
        redirect_uris: [signingReturnUriOf(config)],
        jwks: { keys: [rp.signing.publicJwk, rp.encryption.publicJwk] },
        id_token_encrypted_response_alg: 'RSA-OAEP-256',
        id_token_encrypted_response_enc: 'A256GCM',
        require_auth_time: true,
      },
    ],
    jwks: secrets.jwks,
    cookies: {
      keys: secrets.cookieKeys,
      names: {
        session: '_test_eid_session',
        interaction: '_test_eid_interaction',
        resume: '_test_eid_resume',
      },
      long: { httpOnly: true, sameSite: 'lax' },
      short: { httpOnly: true, sameSite: 'lax' },
    },
    findAccount: findTestPerson,
    scopes: ['openid', 'profile'],
    claims: {
      openid: ['sub'],
      profile: ['name', 'given_name', 'family_name', 'birthdate', 'satu', 'hetu'],
    },
    acrValues: [TEST_EID_ACR],
    // The claims go into the ID token itself: it is the evidence Sinetti keeps.
    conformIdTokenClaims: false,
    responseTypes: ['code'],
    pkce: { required: () => true },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: { enabled: false },
      encryption: { enabled: true },
    },
    interactions: { url: (_ctx, interaction) => `${TEST_EID_LOGIN_PATH}/${interaction.uid}` },
    clientBasedCORS: () => false,
    ttl: {
      AccessToken: 300,
      AuthorizationCode: 120,
      IdToken: 300,
      Interaction: 600,
      Grant: 600,
      Session: 600,
    },
    renderError: (ctx, out) => {
      ctx.type = 'html';
      ctx.body = errorPage(String(out.error_description ?? out.error));
    },
  });
  provider.proxy = config.trustProxy;
  provider.on('server_error', (_ctx, err: Error) => {
    log.error({ reason: err.message }, 'TEST eID provider error');
  });
  return provider;
}
