import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { inProcessFetch } from '../../identity/in-process-fetch.ts';
import { createCscProvider } from '../csc/adapter.ts';
import type { CscProvider } from '../types.ts';
import { TEST_PERSONS } from '../test-persons.ts';
import { registerApiRoutes } from './api.ts';
import type { TestCscContext } from './context.ts';
import { registerOAuthRoutes } from './oauth.ts';
import { loadTestQtsp, type TestQtsp } from './qtsp.ts';
import { TestCscStore } from './store.ts';

/**
 * The built-in TEST CSC v2 service (issue #29): a stand-in QTSP for qualified signatures while none is
 * configured, mounted at /test-csc when `config.eid.testProviders` (never in production, config.ts refuses).
 */

export const TEST_CSC_PATH = '/test-csc';
export const TEST_CSC_API_PATH = `${TEST_CSC_PATH}/csc/v2`;
export const TEST_CSC_CLIENT_ID = 'sinetti-signing';
export const TEST_CSC_PROVIDER_ID = 'test-csc';
/** Sinetti's page the QTSP sends the browser back to (the signing flow's return). */
export const SIGNING_RETURN_PATH = '/public/signing/return';

const qtsps = new WeakMap<Db, Promise<TestQtsp>>();

/** This database's TEST QTSP (keys and certificates made on first use, then read from instance_secrets). */
function testQtspOf(db: Db): Promise<TestQtsp> {
  let pending = qtsps.get(db);
  if (!pending) {
    pending = loadTestQtsp(db);
    pending.catch(() => qtsps.delete(db));
    qtsps.set(db, pending);
  }
  return pending;
}

const registered = new WeakSet<FastifyInstance>();

/** Mounts the TEST CSC service's pages, OAuth 2.0 server and CSC API (a no-op without test providers). */
export function registerTestCscService(app: FastifyInstance): void {
  const { config, db, clock } = app.ctx;
  if (!config.eid.testProviders || registered.has(app)) return;
  registered.add(app);
  const ctx: TestCscContext = {
    clientId: TEST_CSC_CLIENT_ID,
    redirectUri: `${config.publicUrl}${SIGNING_RETURN_PATH}`,
    oauth2Url: `${config.publicUrl}${TEST_CSC_PATH}`,
    paths: {
      authorize: `${TEST_CSC_PATH}/oauth2/authorize`,
      login: `${TEST_CSC_PATH}/oauth2/login`,
      confirm: `${TEST_CSC_PATH}/oauth2/confirm`,
      token: `${TEST_CSC_PATH}/oauth2/token`,
      api: TEST_CSC_API_PATH,
    },
    store: new TestCscStore(db, clock),
    qtsp: () => testQtspOf(db),
    persons: TEST_PERSONS,
  };
  void app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 16 * 1024 },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    registerOAuthRoutes(scope, ctx);
    registerApiRoutes(scope, ctx);
  });
}

/** The adapter pointed at the built-in TEST service, reached in-process (no network round trip to ourselves). */
export function testCscProvider(app: FastifyInstance): CscProvider {
  const { config, db } = app.ctx;
  return createCscProvider(
    {
      id: TEST_CSC_PROVIDER_ID,
      methods: ['de-sign-me'],
      baseUrl: `${config.publicUrl}${TEST_CSC_API_PATH}`,
      oauth2Url: `${config.publicUrl}${TEST_CSC_PATH}`,
      clientId: TEST_CSC_CLIENT_ID,
      clientSecret: async () => (await testQtspOf(db)).clientSecret,
      test: true,
    },
    inProcessFetch(app),
  );
}

/** The CSC providers of this instance: those of EID_PROVIDERS_FILE, and the TEST service when enabled. */
export function cscProvidersFromConfig(app: FastifyInstance): CscProvider[] {
  const { eid } = app.ctx.config;
  const real = eid.providers.flatMap((entry) => (entry.kind === 'csc' ? [createCscProvider(entry)] : []));
  return eid.testProviders ? [...real, testCscProvider(app)] : real;
}

/**
 * The TEST QTSP root as a trust anchor for Sinetti's verifier (verifySignedPdf's `extraAnchors`), so that
 * TEST qualified signatures verify as QES (marked TEST); none without test providers.
 */
export async function testCscTrustAnchors(app: FastifyInstance): Promise<Uint8Array[]> {
  const { config, db } = app.ctx;
  return config.eid.testProviders ? [(await testQtspOf(db)).rootDer] : [];
}
