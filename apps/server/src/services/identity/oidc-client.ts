import type { Platform } from '@sinetti/contract';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import * as client from 'openid-client';
import type { VerifiedIdentity } from '../../commands/upsert-account.ts';
import type { Config } from '../../config.ts';
import { AppError } from '../../lib/errors.ts';
import { identityFromClaims } from './claims.ts';
import { inProcessFetch } from './in-process-fetch.ts';
import { mapExchangeError } from './oidc-errors.ts';
import { allowsPlainHttp, providerSettingsFor, type ProviderSettings } from './platforms.ts';

/** What the browser is sent to, and what must be kept to check its return. */
export interface SignInStart {
  url: string;
  state: string;
  codeVerifier: string;
  nonce: string;
}

/** The provider's answer at /redirect/{platform}, as the web app forwards it. */
export interface AuthorizationResponse {
  code: string;
  state: string;
  iss?: string | undefined;
}

export interface IdentityService {
  /** Null when the platform has no provider (not configured, and no built-in provider). */
  settingsFor(platform: Platform): ProviderSettings | null;
  begin(settings: ProviderSettings): Promise<SignInStart>;
  finish(
    settings: ProviderSettings,
    response: AuthorizationResponse,
    checks: { codeVerifier: string; nonce: string },
  ): Promise<VerifiedIdentity>;
}

const TIMEOUT_SECONDS = 10;

/**
 * openid-client (authorization code + PKCE + state + nonce) for every platform. Discovery results
 * are cached for the life of the app; a failed discovery is retried on the next sign-in.
 */
export function createIdentityService(app: FastifyInstance, config: Config): IdentityService {
  const log: FastifyBaseLogger = app.log;
  const configurations = new Map<string, Promise<client.Configuration>>();

  const discover = (settings: ProviderSettings): Promise<client.Configuration> => {
    const key = `${settings.platform}|${settings.issuer}|${settings.clientId}`;
    let pending = configurations.get(key);
    if (!pending) {
      const options: client.DiscoveryRequestOptions = {
        timeout: TIMEOUT_SECONDS,
        execute: allowsPlainHttp(config, settings) ? [client.allowInsecureRequests] : [],
      };
      if (settings.local) options[client.customFetch] = inProcessFetch(app);
      const auth = settings.clientSecret ? client.ClientSecretPost(settings.clientSecret) : client.None();
      // Inside an async function, so that a malformed issuer URL rejects like any other failure.
      pending = (async () =>
        client.discovery(new URL(settings.issuer), settings.clientId, undefined, auth, options))();
      configurations.set(key, pending);
      pending.catch((err: unknown) => {
        configurations.delete(key);
        log.error(
          { platform: settings.platform, issuer: settings.issuer, reason: (err as Error).message },
          'identity provider discovery failed',
        );
      });
    }
    return pending.catch(() => {
      throw new AppError('UNAVAILABLE', 'The identity provider could not be reached. Try again shortly.');
    });
  };

  return {
    settingsFor: (platform) => providerSettingsFor(config, platform),

    async begin(settings) {
      const configuration = await discover(settings);
      const codeVerifier = client.randomPKCECodeVerifier();
      const state = client.randomState();
      const nonce = client.randomNonce();
      const parameters: Record<string, string> = {
        redirect_uri: settings.redirectUri,
        scope: settings.scope,
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      };
      // The built-in provider always asks who you are, so that a developer can switch e-mail addresses.
      if (settings.local) parameters.prompt = 'login';
      const url = client.buildAuthorizationUrl(configuration, parameters).href;
      return { url, state, codeVerifier, nonce };
    },

    async finish(settings, response, checks) {
      const configuration = await discover(settings);
      const metadata = configuration.serverMetadata();
      const current = new URL(settings.redirectUri);
      current.searchParams.set('code', response.code);
      current.searchParams.set('state', response.state);
      // RFC 9207: a provider that announces `iss` has it checked; the web app may not forward it,
      // and the state is bound to this platform's provider, so the expected issuer stands in.
      const iss =
        response.iss ?? (metadata.authorization_response_iss_parameter_supported ? metadata.issuer : null);
      if (iss) current.searchParams.set('iss', iss);
      try {
        const tokens = await client.authorizationCodeGrant(configuration, current, {
          pkceCodeVerifier: checks.codeVerifier,
          expectedState: response.state,
          expectedNonce: checks.nonce,
          idTokenExpected: true,
        });
        const idClaims = tokens.claims();
        if (!idClaims) throw new AppError('VALIDATION_FAILED', 'The identity provider sent no ID token.');
        let claims: Record<string, unknown> = { ...idClaims };
        if (claims.email === undefined && metadata.userinfo_endpoint) {
          // Providers that keep profile claims out of the ID token answer them at userinfo.
          const info = await client.fetchUserInfo(configuration, tokens.access_token, idClaims.sub);
          claims = { ...info, ...idClaims };
        }
        return identityFromClaims(settings.platform, claims);
      } catch (err) {
        throw mapExchangeError(err, settings, log);
      }
    },
  };
}
