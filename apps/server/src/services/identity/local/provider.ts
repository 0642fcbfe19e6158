import { PLATFORMS } from '@sinetti/contract';
import type { FastifyBaseLogger } from 'fastify';
import type Provider from 'oidc-provider';
import type { Config } from '../../../config.ts';
import type { Db } from '../../../db/client.ts';
import { localClientIdOf, localIssuerOf, redirectUriOf } from '../platforms.ts';
import { localFindAccount } from './accounts.ts';
import { DatabaseAdapter } from './adapter.ts';
import { messagePage } from './page.ts';
import { loadLocalProviderSecrets } from './secrets.ts';

/** Where the provider sends the browser to sign in. */
export const INTERACTION_PATH = '/idp/interaction';

/**
 * The built-in OpenID Connect provider (development stand-in for google and microsoft): one public
 * client per platform with PKCE required, storage in the database, keys generated once and shared
 * by every process through `instance_secrets`. oidc-provider is loaded only when it runs.
 */
export async function createLocalProvider(config: Config, db: Db, log: FastifyBaseLogger): Promise<Provider> {
  const { default: OidcProvider } = await import('oidc-provider');
  const secrets = await loadLocalProviderSecrets(db);
  const provider = new OidcProvider(localIssuerOf(config), {
    adapter: (model: string) => new DatabaseAdapter(db, model),
    clients: PLATFORMS.map((platform) => ({
      client_id: localClientIdOf(platform),
      client_name: `Sinetti (${platform})`,
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code'],
      response_types: ['code'],
      redirect_uris: [redirectUriOf(config, platform)],
    })),
    jwks: secrets.jwks,
    cookies: {
      keys: secrets.cookieKeys,
      long: { httpOnly: true, sameSite: 'lax' },
      short: { httpOnly: true, sameSite: 'lax' },
    },
    findAccount: localFindAccount(db),
    scopes: ['openid', 'email', 'profile'],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name'],
    },
    // Put email and name into the ID token itself (the client reads them from there).
    conformIdTokenClaims: false,
    responseTypes: ['code'],
    pkce: { required: () => true },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: { enabled: false },
    },
    interactions: { url: (_ctx, interaction) => `${INTERACTION_PATH}/${interaction.uid}` },
    clientBasedCORS: () => false,
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 120,
      IdToken: 600,
      Interaction: 600,
      Grant: 86_400,
      Session: 86_400,
    },
    renderError: (ctx, out) => {
      ctx.type = 'html';
      ctx.body = messagePage(
        'Sign-in failed',
        `${String(out.error_description ?? out.error)} Go back to Sinetti and sign in again.`,
      );
    },
  });
  provider.proxy = config.trustProxy;
  provider.on('server_error', (_ctx, err: Error) => {
    log.error({ reason: err.message }, 'local identity provider error');
  });
  return provider;
}
