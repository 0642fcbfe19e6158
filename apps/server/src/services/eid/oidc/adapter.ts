import type { SigningMethodId } from '@sinetti/contract';
import type { FastifyBaseLogger } from 'fastify';
import * as client from 'openid-client';
import type { RpKey, RpKeys } from '../rp-keys.ts';
import { EidError, type OidcEidProvider } from '../types.ts';
import { decryptCompactJwe } from './jwe.ts';
import { FTN_ACR_VALUES, evidenceOf, jwsPayload, personFromClaims, type ClaimsProfile } from './person.ts';

export interface OidcEidOptions {
  id: string;
  methods: readonly SigningMethodId[];
  /** The built-in TEST provider. */
  test: boolean;
  issuer: string;
  clientId: string;
  scope: string;
  claims: ClaimsProfile;
  /** ISO 3166-1 alpha-2 country of the scheme. */
  country: string | null;
  /** Sinetti's keys towards this provider; with an encryption key, ID tokens must come encrypted. */
  keys: () => Promise<RpKeys>;
  /** Plain http (the built-in provider, or a loopback provider outside production: see allowsPlainHttp). */
  allowPlainHttp: boolean;
  /** Reaches the built-in provider in-process (inProcessFetch). */
  fetch?: client.CustomFetch | undefined;
  /** Ask the provider to identify the person again even when it has a session (`prompt=login`). */
  promptLogin?: boolean;
  log: FastifyBaseLogger;
}

const TIMEOUT_SECONDS = 10;
/** What providers answer when the person cancels (`access_denied` is the standard one). */
const CANCELLED = new Set(['access_denied', 'cancel', 'cancelled', 'user_cancel', 'user_cancelled']);
const NETWORK_CODES = new Set(['OAUTH_TIMEOUT', 'OAUTH_ABORT']);

function statusOf(err: unknown): number | null {
  if (err instanceof client.ResponseBodyError) return err.status;
  const cause = (err as { cause?: unknown }).cause;
  return cause instanceof Response ? cause.status : null;
}

/** Maps what openid-client threw during the code exchange and the token checks to an EidError. */
function exchangeFailure(err: unknown, log: FastifyBaseLogger, context: Record<string, string>): EidError {
  if (err instanceof EidError) return err;
  const code = err instanceof client.ClientError ? err.code : undefined;
  const status = statusOf(err);
  const network =
    (code !== undefined && NETWORK_CODES.has(code)) ||
    (err instanceof TypeError && err.message === 'fetch failed') ||
    (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')) ||
    (status !== null && status >= 500);
  // Only the kind of failure is logged (messages, e.g. "JWT signature verification failed"): never codes,
  // tokens or the provider's answer.
  const cause = (err as { cause?: unknown }).cause;
  const detail = cause instanceof Error ? cause.message : undefined;
  log.warn({ ...context, code, status, reason: (err as Error).message, detail }, 'eID code exchange refused');
  if (network) return new EidError('unavailable', 'The eID service could not be reached. Try again shortly.');
  if (err instanceof client.AuthorizationResponseError && CANCELLED.has(err.error)) {
    return new EidError('cancelled', 'The identification was cancelled.');
  }
  return new EidError('failed', 'The identification could not be verified.');
}

/** The signed token inside an encrypted one: the very token openid-client decrypted and checked. */
function innerJws(jwe: string, key: RpKey, claims: client.IDToken): string {
  let jws: string;
  try {
    jws = decryptCompactJwe(jwe, key.keyObject);
  } catch {
    throw new EidError('failed', 'The eID ID token could not be decrypted.');
  }
  const inner = jwsPayload(jws);
  if (inner?.sub !== claims.sub || inner.nonce !== claims.nonce || inner.iat !== claims.iat) {
    throw new EidError('failed', 'The eID ID token could not be read.');
  }
  return jws;
}

/**
 * An OpenID Connect eID (advanced signatures) through openid-client: authorization code with PKCE (S256),
 * state and nonce; `private_key_jwt` client authentication with Sinetti's key; the ID token's signature
 * checked against the provider's JWKS, and its encryption required when Sinetti has an encryption key.
 * Discovery is cached; a failed one is tried again on the next use.
 */
export function createOidcEidProvider(opts: OidcEidOptions): OidcEidProvider {
  const context = { provider: opts.id, issuer: opts.issuer };
  let configuration: Promise<{ config: client.Configuration; keys: RpKeys }> | null = null;

  const discover = async (): Promise<{ config: client.Configuration; keys: RpKeys }> => {
    const pending = (configuration ??= (async () => {
      const keys = await opts.keys();
      const options: client.DiscoveryRequestOptions = {
        timeout: TIMEOUT_SECONDS,
        execute: opts.allowPlainHttp ? [client.allowInsecureRequests] : [],
      };
      if (opts.fetch) options[client.customFetch] = opts.fetch;
      const auth = client.PrivateKeyJwt({ key: keys.signing.cryptoKey, kid: keys.signing.kid });
      const metadata: Partial<client.ClientMetadata> = { token_endpoint_auth_method: 'private_key_jwt' };
      const config = await client.discovery(new URL(opts.issuer), opts.clientId, metadata, auth, options);
      client.enableNonRepudiationChecks(config);
      if (keys.encryption) {
        client.enableDecryptingResponses(config, undefined, {
          key: keys.encryption.cryptoKey,
          kid: keys.encryption.kid,
          alg: keys.encryption.alg,
        });
      }
      return { config, keys };
    })());
    try {
      return await pending;
    } catch (err) {
      if (configuration === pending) configuration = null;
      opts.log.error({ ...context, reason: (err as Error).message }, 'eID provider discovery failed');
      throw new EidError('unavailable', 'The eID service could not be reached. Try again shortly.');
    }
  };

  return {
    kind: 'oidc',
    id: opts.id,
    methods: opts.methods,
    test: opts.test,
    displayHost: new URL(opts.issuer).host,

    async begin({ redirectUri, lang, method }) {
      if (!opts.methods.includes(method)) {
        throw new EidError('failed', `The eID provider ${opts.id} does not serve the method ${method}.`);
      }
      const { config } = await discover();
      const codeVerifier = client.randomPKCECodeVerifier();
      const state = client.randomState();
      const nonce = client.randomNonce();
      const parameters: Record<string, string> = {
        redirect_uri: redirectUri,
        scope: opts.scope,
        response_type: 'code',
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
        ui_locales: lang,
      };
      if (opts.claims === 'ftn') parameters.acr_values = FTN_ACR_VALUES.join(' ');
      if (opts.promptLogin) parameters.prompt = 'login';
      const url = client.buildAuthorizationUrl(config, parameters).href;
      return { url, state, nonce, codeVerifier };
    },

    async finish(response, request) {
      if (response.error) {
        opts.log.info({ ...context, error: response.error }, 'eID identification not completed');
        if (response.state !== request.state) {
          throw new EidError(
            'failed',
            'The answer of the eID service does not belong to this identification.',
          );
        }
        if (CANCELLED.has(response.error))
          throw new EidError('cancelled', 'The identification was cancelled.');
        throw new EidError('failed', 'The eID service did not complete the identification.');
      }
      if (!response.code) throw new EidError('failed', 'The eID service sent no authorization code.');
      const { config, keys } = await discover();
      const metadata = config.serverMetadata();
      const current = new URL(request.redirectUri);
      current.searchParams.set('code', response.code);
      current.searchParams.set('state', response.state);
      // RFC 9207: a provider that announces `iss` has it checked; the state is bound to this provider.
      const iss =
        response.iss ?? (metadata.authorization_response_iss_parameter_supported ? metadata.issuer : null);
      if (iss) current.searchParams.set('iss', iss);
      let tokens: client.TokenEndpointResponse & client.TokenEndpointResponseHelpers;
      try {
        tokens = await client.authorizationCodeGrant(config, current, {
          pkceCodeVerifier: request.codeVerifier,
          expectedState: request.state,
          expectedNonce: request.nonce,
          idTokenExpected: true,
        });
      } catch (err) {
        throw exchangeFailure(err, opts.log, context);
      }
      const claims = tokens.claims();
      const received = tokens.id_token;
      if (!claims || !received) throw new EidError('failed', 'The eID service sent no ID token.');
      const encrypted = received.split('.').length === 5;
      if (keys.encryption && !encrypted) {
        opts.log.warn(context, 'eID ID token refused: it was not encrypted');
        throw new EidError('failed', 'The eID service sent an unencrypted ID token.');
      }
      const idToken = encrypted && keys.encryption ? innerJws(received, keys.encryption, claims) : received;
      return {
        person: personFromClaims(claims, opts.claims, opts.country),
        evidence: evidenceOf(claims, idToken, encrypted),
      };
    },
  };
}
