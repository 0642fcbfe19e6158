import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { LOCAL_ISSUER_PATH } from '../platforms.ts';
import { registerInteractionRoutes } from './interaction.ts';
import { STYLESHEET, STYLESHEET_PATH } from './page.ts';
import { createLocalProvider } from './provider.ts';

interface MountedRequest extends IncomingMessage {
  /** Read by oidc-provider to learn the path it is mounted under. */
  originalUrl?: string;
  baseUrl?: string;
}

/** The provider of this app, created on first use (keys are read from, or first written to, the database). */
export type LocalProviderHandle = () => Promise<Provider>;

/**
 * Mounts the built-in provider under /oidc and its sign-in page under /idp (only when
 * `config.localIdp`).
 */
export function registerLocalIdentityProvider(app: FastifyInstance): LocalProviderHandle {
  const { config, db } = app.ctx;
  if (config.env === 'production') {
    app.log.warn('The built-in identity provider is running in production: anyone can sign in as anyone.');
  }
  if (config.publicUrl.startsWith('https://') && !config.trustProxy) {
    app.log.warn(
      'PUBLIC_URL is https but TRUST_PROXY is off: the built-in provider will announce http URLs.',
    );
  }
  const provider = mountProvider(app, LOCAL_ISSUER_PATH, () => createLocalProvider(config, db, app.log));

  app.get(STYLESHEET_PATH, async (_req, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=3600').send(STYLESHEET),
  );
  void app.register(async (scope) => registerInteractionRoutes(scope, provider));
  return provider;
}

/**
 * Mounts an oidc-provider instance under `basePath`, created on first use (a failed creation is retried
 * on the next request). Provider requests bypass fastify's body parsing: the route's onRequest hook
 * hands the raw request to oidc-provider.
 */
export function mountProvider(
  app: FastifyInstance,
  basePath: string,
  create: () => Promise<Provider>,
): LocalProviderHandle {
  let pending: Promise<{ provider: Provider; callback: ReturnType<Provider['callback']> }> | null = null;
  const load = () => {
    pending ??= create().then(
      (provider) => ({ provider, callback: provider.callback() }),
      (err: unknown) => {
        pending = null;
        throw err;
      },
    );
    return pending;
  };

  const mount = async (req: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const { callback } = await load();
    reply.hijack();
    const raw = req.raw as MountedRequest;
    const original = raw.url ?? basePath;
    const rest = original.slice(basePath.length);
    raw.originalUrl = original;
    raw.baseUrl = basePath;
    raw.url = rest.startsWith('/') ? rest : `/${rest}`;
    await callback(raw, reply.raw);
  };
  const never = async (): Promise<void> => {
    throw new Error('the identity provider route handler is never reached');
  };
  app.all(basePath, { onRequest: mount }, never);
  app.all(`${basePath}/*`, { onRequest: mount }, never);
  return async () => (await load()).provider;
}
