import type { FastifyInstance } from 'fastify';
import { inProcessFetch } from '../../identity/in-process-fetch.ts';
import { mountProvider, type LocalProviderHandle } from '../../identity/local/plugin.ts';
import { createOidcEidProvider } from '../oidc/adapter.ts';
import { testRpKeys } from '../rp-keys.ts';
import type { OidcEidProvider } from '../types.ts';
import { registerTestEidInteraction } from './interaction.ts';
import { TEST_EID_CLIENT_ID, TEST_EID_PATH, createTestEidProvider, testEidIssuerOf } from './provider.ts';

export { TEST_EID_CLIENT_ID, TEST_EID_PATH, signingReturnUriOf, testEidIssuerOf } from './provider.ts';

const mounted = new WeakMap<FastifyInstance, LocalProviderHandle>();
const adapters = new WeakMap<FastifyInstance, OidcEidProvider>();

/**
 * Mounts the built-in TEST eID provider at /test-eid and its login page at /test-eid-login, when
 * `config.eid.testProviders` (never in production: config refuses it). Call once, before `app.ready()`;
 * calling it again on the same app does nothing.
 */
export function registerTestEidProvider(app: FastifyInstance): void {
  const { config, db } = app.ctx;
  if (!config.eid.testProviders || mounted.has(app)) return;
  const handle = mountProvider(app, TEST_EID_PATH, () => createTestEidProvider(config, db, app.log));
  mounted.set(app, handle);
  void app.register(async (scope) => registerTestEidInteraction(scope, handle));
}

/**
 * The OpenID Connect adapter configured against the built-in TEST eID provider (reached in-process).
 * Throws when the TEST provider is not mounted on this app.
 */
export function testEidProvider(app: FastifyInstance): OidcEidProvider {
  const existing = adapters.get(app);
  if (existing) return existing;
  if (!mounted.has(app))
    throw new Error('The TEST eID provider is not mounted: call registerTestEidProvider(app).');
  const { config, db } = app.ctx;
  const issuer = testEidIssuerOf(config);
  const adapter = createOidcEidProvider({
    id: 'test-eid',
    methods: ['fi-trust-network'],
    test: true,
    issuer,
    clientId: TEST_EID_CLIENT_ID,
    scope: 'openid profile',
    claims: 'ftn',
    country: 'FI',
    keys: () => testRpKeys(db),
    allowPlainHttp: true,
    fetch: inProcessFetch(app),
    promptLogin: true,
    log: app.log,
  });
  adapters.set(app, adapter);
  return adapter;
}
