import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_PDF_LIMITS } from './pdf/syntax/limits.ts';
import type { PdfPoolOptions } from './pdf/workers.ts';

/** 20 MiB: anonymous verification's default size limit (UPLOAD_MAX_BYTES when that is smaller). */
export const VERIFY_MAX_BYTES_DEFAULT = 20 * 1024 * 1024;

/**
 * Environment variables of anonymous work: POST /api/verify and POST /api/tsa (docs/configuration.md,
 * "Anonymous verification and time-stamping").
 */
export const anonymousEnvShape = {
  VERIFY_MAX_BYTES: z.coerce.number().int().min(1024).optional(),
  VERIFY_CONCURRENCY_PER_ADDRESS: z.coerce.number().int().min(1).max(64).default(2),
  VERIFY_CONCURRENCY: z.coerce.number().int().min(1).max(1024).default(8),
  VERIFY_WORKERS: z.coerce.number().int().min(1).max(16).default(1),
  VERIFY_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(15),
  VERIFY_WORKER_MEMORY_MB: z.coerce.number().int().min(64).max(4096).default(192),
  VERIFY_MAX_OBJECTS: z.coerce.number().int().min(1000).max(8388607).default(100_000),
  VERIFY_MAX_DECODED_MB: z.coerce.number().int().min(1).max(1024).default(16),
  VERIFY_READ_MB_PER_SECOND: z.coerce.number().int().min(1).max(10_000).default(8),
  TSA_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(4),
};

type AnonymousEnv = z.infer<z.ZodObject<typeof anonymousEnvShape>>;

export interface AnonymousConfig {
  /**
   * Where anonymous request bodies stream to while they are checked (`$DATA_DIR/tmp`; the system's temporary
   * folder, per process, with `DATA_DIR=memory://`). Each file is removed when its request ends.
   */
  tmpDir: string;
  verify: {
    /** Largest body POST /api/verify takes (413 VERIFY_TOO_LARGE with details.maxBytes past it). */
    maxBytes: number;
    /** Checks one client address may have under way at once in this process (429 VERIFY_BUSY past it). */
    perAddress: number;
    /** Anonymous checks under way at once in this process, everyone together. */
    total: number;
    /** Bytes per second all anonymous bodies together are read at (the rest waits in the network). */
    readBytesPerSecond: number;
    /**
     * The anonymous lane of PDF work: its own worker threads (at the lowest CPU priority), time and memory
     * limit, and the smaller parser limits; it never takes a signing worker (docs/decisions.md).
     */
    pool: PdfPoolOptions;
  };
  tsa: { perAddress: number; total: number };
}

/** The nice value of the anonymous lane's worker threads: below signing work (10) and the API (0). */
export const ANONYMOUS_WORKER_NICE = 19;

export function anonymousConfigFrom(
  e: AnonymousEnv & { DATA_DIR: string },
  uploadMaxBytes: number,
): AnonymousConfig {
  const tmpDir =
    e.DATA_DIR === 'memory://'
      ? path.join(os.tmpdir(), `sinetti-anonymous-${process.pid}`)
      : path.join(path.resolve(e.DATA_DIR), 'tmp');
  return {
    tmpDir,
    verify: {
      maxBytes: e.VERIFY_MAX_BYTES ?? Math.min(uploadMaxBytes, VERIFY_MAX_BYTES_DEFAULT),
      perAddress: e.VERIFY_CONCURRENCY_PER_ADDRESS,
      total: e.VERIFY_CONCURRENCY,
      readBytesPerSecond: e.VERIFY_READ_MB_PER_SECOND * 1024 * 1024,
      pool: {
        workers: e.VERIFY_WORKERS,
        taskTimeoutMs: e.VERIFY_TIMEOUT_SECONDS * 1000,
        memoryMb: e.VERIFY_WORKER_MEMORY_MB,
        // The address cap comes first (per process); this bounds what one address may queue here.
        perOwner: e.VERIFY_CONCURRENCY_PER_ADDRESS,
        queueSize: e.VERIFY_CONCURRENCY,
        nice: ANONYMOUS_WORKER_NICE,
        limits: {
          ...DEFAULT_PDF_LIMITS,
          maxDecodedBytes: e.VERIFY_MAX_DECODED_MB * 1024 * 1024,
          maxObjects: e.VERIFY_MAX_OBJECTS,
          maxTokens: Math.min(DEFAULT_PDF_LIMITS.maxTokens, e.VERIFY_MAX_OBJECTS * 50),
        },
      },
    },
    tsa: { perAddress: e.VERIFY_CONCURRENCY_PER_ADDRESS, total: e.TSA_CONCURRENCY },
  };
}
