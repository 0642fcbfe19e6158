import { z } from 'zod';

/** Defaults of the pool's limits (docs/configuration.md DATABASE_*). */
export const DATABASE_DEFAULTS = {
  /** A statement running longer is cancelled by PostgreSQL (57014): the request answers 503 DATABASE_BUSY. */
  statementTimeoutMs: 10_000,
  /** Waiting longer than this for a pooled connection answers 503 DATABASE_BUSY. */
  poolWaitMs: 5_000,
};

/** Environment variables of the PostgreSQL pool (docs/configuration.md "Database"). */
export const databaseEnvShape = {
  /** Connections of the pool; unset: twice the cores plus two, at least 4 (defaultPoolSize()). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).optional(),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(DATABASE_DEFAULTS.statementTimeoutMs),
  DATABASE_POOL_WAIT_MS: z.coerce.number().int().min(100).default(DATABASE_DEFAULTS.poolWaitMs),
};

type DatabaseEnv = { [K in keyof typeof databaseEnvShape]?: z.infer<(typeof databaseEnvShape)[K]> };

export interface DatabaseConfig {
  poolSize: number | undefined;
  statementTimeoutMs: number;
  poolWaitMs: number;
}

export function databaseConfigFrom(e: DatabaseEnv): DatabaseConfig {
  return {
    poolSize: e.DATABASE_POOL_SIZE,
    statementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS ?? DATABASE_DEFAULTS.statementTimeoutMs,
    poolWaitMs: e.DATABASE_POOL_WAIT_MS ?? DATABASE_DEFAULTS.poolWaitMs,
  };
}
