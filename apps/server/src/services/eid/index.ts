import type { FastifyInstance } from 'fastify';
import { useEidProviders } from '../../commands/signing/providers.ts';
import { oidcProvidersFromConfig } from './oidc/from-config.ts';
import { rpPublicJwks } from './rp-keys.ts';
import { cscProvidersFromConfig, registerTestCscService, testCscTrustAnchors } from './test-csc/index.ts';
import { registerTestEidProvider, testEidProvider } from './test-eid/index.ts';
import type { EidProvider } from './types.ts';

/** Where eID brokers fetch Sinetti's public keys (private_key_jwt, ID-token encryption): register this URL. */
export const RP_JWKS_PATH = '/eid/jwks.json';

/**
 * eID signing at app start: mounts the TEST eID provider (/test-eid) and TEST CSC service (/test-csc) when
 * enabled, serves Sinetti's relying-party JWKS, and makes the configured providers (EID_PROVIDERS_FILE, and
 * the TEST ones) the instance's signing providers. Before the routes are registered.
 */
export function registerEid(app: FastifyInstance): EidProvider[] {
  const { config } = app.ctx;
  registerTestEidProvider(app);
  registerTestCscService(app);
  const providers: EidProvider[] = [
    ...oidcProvidersFromConfig(app),
    ...(config.eid.testProviders ? [testEidProvider(app)] : []),
    ...cscProvidersFromConfig(app),
  ];
  useEidProviders(config, providers);
  if (providers.length > 0) {
    app.get(RP_JWKS_PATH, async (_req, reply) =>
      reply
        .type('application/jwk-set+json')
        .header('cache-control', 'public, max-age=300')
        .send(await rpPublicJwks(app)),
    );
  }
  return providers;
}

/**
 * Roots that Sinetti's verifier trusts besides its own CA: the TEST QTSP's while the test providers run (so
 * TEST qualified signatures verify as QES, marked TEST). EU trusted lists are not consulted (issue #30).
 */
export function eidTrustAnchors(app: FastifyInstance): Promise<Uint8Array[]> {
  return testCscTrustAnchors(app);
}
