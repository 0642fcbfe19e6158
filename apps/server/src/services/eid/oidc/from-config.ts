import type { FastifyInstance } from 'fastify';
import { allowsPlainHttp } from '../../identity/platforms.ts';
import { rpKeysFromFiles } from '../rp-keys.ts';
import type { OidcEidProvider } from '../types.ts';
import { createOidcEidProvider } from './adapter.ts';

const built = new WeakMap<FastifyInstance, OidcEidProvider[]>();

/**
 * The real OpenID Connect eIDs of EID_PROVIDERS_FILE, one adapter each, built once per app (each adapter
 * caches its provider's discovery). Keys are read from their files on first use.
 */
export function oidcProvidersFromConfig(app: FastifyInstance): OidcEidProvider[] {
  const existing = built.get(app);
  if (existing) return existing;
  const { config } = app.ctx;
  const providers: OidcEidProvider[] = [];
  for (const entry of config.eid.providers) {
    if (entry.kind !== 'oidc') continue;
    providers.push(
      createOidcEidProvider({
        id: entry.id,
        methods: entry.methods,
        test: false,
        issuer: entry.issuer,
        clientId: entry.clientId,
        scope: entry.scope,
        claims: entry.claims,
        country: entry.country?.toUpperCase() ?? null,
        keys: () => rpKeysFromFiles(entry.signingKeyFile, entry.encryptionKeyFile),
        allowPlainHttp: allowsPlainHttp(config, { local: false, issuer: entry.issuer }),
        log: app.log,
      }),
    );
  }
  built.set(app, providers);
  return providers;
}
