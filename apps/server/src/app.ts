import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import type { Config } from './config.ts';
import { openDatabase, type Database } from './db/client.ts';
import { startReplyCache } from './http/reply-cache-plugin.ts';
import { registerAbandonedRequests } from './http/abandoned-requests.ts';
import type { AppContext } from './http/context.ts';
import { REDACT_PATHS, serializeRequest } from './http/log-redaction.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { anchorLegacyChains } from './commands/signing/audit-chain.ts';
import { useAuditKeyring } from './commands/signing/audit-anchor.ts';
import { startSigningKeys } from './commands/signing/signing-keys.ts';
import { registerErrorHandler } from './plugins/errors.ts';
import { registerSecurityHeaders } from './plugins/security.ts';
import { registerWebApp } from './plugins/web.ts';
import { registerEid } from './services/eid/index.ts';
import { registerRoutes } from './routes/index.ts';
import { createBlobStore } from './services/blob-store/index.ts';
import { protectStoredKeys } from './services/pdf/index.ts';
import { registerServices } from './services/runtime.ts';
import { settleTouches } from './http/last-use.ts';

export interface BuildOptions {
  /** An already open database (tests share one per file); otherwise opened from config and closed with the app. */
  database?: Database;
  clock?: Clock;
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
}

/** Builds the whole application without listening: plugins in a fixed order, then routes. */
export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      opts.logger === false
        ? false
        : {
            level: config.logLevel,
            // Signing links, session tokens, OIDC codes and state never reach the log (docs/operations.md).
            redact: REDACT_PATHS,
            serializers: { req: serializeRequest },
            ...(opts.logStream ? { stream: opts.logStream } : {}),
          },
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    // Malformed URLs and over-long parameters answer in the contract's envelope too.
    frameworkErrors: (error, _req, res) => {
      const reply = res as unknown as FastifyReply;
      void reply
        .status(400)
        .send({ status: 'ERROR', code: 'VALIDATION_FAILED', message: `Malformed request: ${error.message}` });
    },
  });

  const database =
    opts.database ??
    (await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, ...config.database }));
  app.addHook('onClose', async () => {
    // A last use's write (http/last-use.ts) does not hold its call: it may still be under way.
    await settleTouches();
    if (!opts.database) await database.close();
  });

  const reprotected = await protectStoredKeys(config.signing);
  if (reprotected.length > 0) app.log.info({ files: reprotected }, 'signing keys re-stored as configured');
  await useAuditKeyring({
    ...config.signing.auditChain,
    caDir: config.signing.caDir,
    protection: config.signing.keyProtection,
  });
  await anchorLegacyChains(database.db, new Date());
  // Revocations of the seal, time-stamping and CA keys come from the database; the CA's end of life is checked.
  const signingKeys = await startSigningKeys(database.db, config.signing, app.log);
  app.addHook('onClose', async () => signingKeys.release());

  const ctx: AppContext = {
    config,
    db: database.db,
    clock: opts.clock ?? systemClock,
    log: app.log,
    blobs: createBlobStore(config.blobStore),
    ...(await startReplyCache(app, config.replyCacheBytes, database.changes)),
  };
  app.decorate('ctx', ctx);
  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });

  registerErrorHandler(app);
  registerAbandonedRequests(app);
  registerServices(app, ctx, database.kind);
  registerSecurityHeaders(app, config);
  registerEid(app);
  await registerRoutes(app);
  await registerWebApp(app, config.webDist);
  return app;
}
