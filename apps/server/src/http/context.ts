import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { Clock } from '../lib/clock.ts';
import type { BlobStore } from '../services/blob-store/index.ts';
import type { KeptActor } from './reply-cache-plugin.ts';
import type { ReplyCache } from './reply-cache.ts';

/** What every route and command may use; built once in buildApp. */
export interface AppContext {
  config: Config;
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Where files live (filesystem or S3-compatible storage). */
  blobs: BlobStore;
  /** Hot replies kept in the process while nothing they were read from changed (http/reply-cache.ts). */
  replies: ReplyCache;
  /** The callers of calls that only read, kept likewise (http/kept-actors.ts). */
  actors: ReplyCache<KeptActor>;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
