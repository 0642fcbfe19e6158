import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { Clock } from '../lib/clock.ts';
import type { BlobStore } from '../services/blob-store/index.ts';

/** What every route and command may use; built once in buildApp. */
export interface AppContext {
  config: Config;
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Where files live (filesystem or S3-compatible storage). */
  blobs: BlobStore;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
