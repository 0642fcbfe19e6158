import path from 'node:path';
import { UPLOAD_MAX_BYTES_DEFAULT } from '@sinetti/contract';
import { z } from 'zod';
import { envFlag, envText } from '../lib/env.ts';
import type { BlobStoreConfig } from './blob-store/index.ts';

/** Environment variables of the blob store, uploads, conversion and the jobs worker (docs/configuration.md). */
export const servicesEnvShape = {
  BLOB_DIR: envText,
  S3_BUCKET: envText,
  S3_ENDPOINT: envText,
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: envText,
  S3_SECRET_ACCESS_KEY: envText,
  S3_FORCE_PATH_STYLE: envFlag(false),
  UPLOAD_MAX_BYTES: z.coerce.number().int().min(1024).default(UPLOAD_MAX_BYTES_DEFAULT),
  DELETED_DOCUMENTS_RETENTION_DAYS: z.coerce.number().int().min(0).default(30),
  JOBS_WORKER: envFlag(true),
  JOBS_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  JOBS_POLL_MS: z.coerce.number().int().min(50).default(1000),
  JOBS_LEASE_SECONDS: z.coerce.number().int().min(3).default(30),
  JOBS_RECLAIM_ON_START: envFlag(true),
  BLOB_SWEEP_INTERVAL_MINUTES: z.coerce.number().int().min(1).default(60),
  /** `auto` (a second LibreOffice slot while memory allows, conversion/slots.ts) or a fixed number. */
  CONVERSION_SLOTS: z
    .union([z.literal(''), z.literal('auto'), z.coerce.number().int().min(1).max(16)])
    .optional()
    .transform((v) => (v === '' ? undefined : v)),
  /** Read as CONVERSION_SLOTS=N when that is unset (the variable's earlier name). */
  CONVERSION_CONCURRENCY: z.coerce
    .number()
    .int()
    .min(1)
    .max(16)
    .optional()
    .transform((v) => v),
  CONVERSION_PER_ORGANIZATION: z.coerce.number().int().min(1).max(16).default(1),
  CONVERSION_TIMEOUT_SECONDS: z.coerce.number().int().min(5).default(120),
  CONVERSION_ISOLATION: z.enum(['auto', 'bwrap', 'none']).default('auto'),
  CONVERSION_ALLOW_UNISOLATED: envFlag(false),
  CONVERSION_MEMORY_MB: z.coerce.number().int().min(256).default(2048),
  CONVERSION_ENGINE: z.enum(['libreoffice', 'test']).default('libreoffice'),
  SOFFICE_PATH: z.string().default('soffice'),
  PDFTOTEXT_PATH: z.string().default('pdftotext'),
};

type ServicesEnv = { [K in keyof typeof servicesEnvShape]: z.infer<(typeof servicesEnvShape)[K]> };

export interface ServicesConfig {
  blobStore: BlobStoreConfig;
  uploads: { maxBytes: number };
  documents: { deletedRetentionDays: number; sweepIntervalMs: number };
  jobs: { worker: boolean; concurrency: number; pollMs: number; leaseMs: number; reclaimOnStart: boolean };
  conversion: {
    soffice: string;
    pdftotext: string;
    /** LibreOffice conversions at once in this process: `auto` (conversion/slots.ts) or a fixed number. */
    slots: 'auto' | number;
    /** Conversions of one organization at once (claimed jobs across workers, and slots in this process). */
    perOrganization: number;
    timeoutMs: number;
    /** `bwrap`: run converters in a sandbox (own filesystem view, no network); `auto`: when it works here. */
    isolation: 'auto' | 'bwrap' | 'none';
    /** Production starts even when converters cannot be sandboxed (a loud warning instead). */
    allowUnisolated: boolean;
    /** Address-space limit of one converter process. */
    memoryBytes: number;
    /** `test`: the API tests' stand-in for LibreOffice (conversion/stand-in.ts); never in production. */
    engine: 'libreoffice' | 'test';
  };
}

/** `configError` makes the error that stops the start (config.ts passes its ConfigError). */
export function servicesConfigFrom(
  e: ServicesEnv,
  dataDir: string,
  configError: (message: string) => Error,
  production: boolean,
): ServicesConfig {
  if (production && e.CONVERSION_ENGINE === 'test') {
    // No override, unlike the other stand-ins: it would show users a text-only PDF of their document.
    throw configError(
      "CONVERSION_ENGINE=test is the API tests' stand-in for LibreOffice and cannot run with NODE_ENV=production.",
    );
  }
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    throw configError('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together.');
  }
  const blobStore: BlobStoreConfig = e.S3_BUCKET
    ? {
        kind: 's3',
        bucket: e.S3_BUCKET,
        endpoint: e.S3_ENDPOINT,
        region: e.S3_REGION,
        accessKeyId: e.S3_ACCESS_KEY_ID,
        secretAccessKey: e.S3_SECRET_ACCESS_KEY,
        forcePathStyle: e.S3_FORCE_PATH_STYLE,
      }
    : { kind: 'fs', dir: path.resolve(e.BLOB_DIR ?? path.join(dataDir, 'blobs')) };
  return {
    blobStore,
    uploads: { maxBytes: e.UPLOAD_MAX_BYTES },
    documents: {
      deletedRetentionDays: e.DELETED_DOCUMENTS_RETENTION_DAYS,
      sweepIntervalMs: e.BLOB_SWEEP_INTERVAL_MINUTES * 60_000,
    },
    jobs: {
      worker: e.JOBS_WORKER,
      concurrency: e.JOBS_CONCURRENCY,
      pollMs: e.JOBS_POLL_MS,
      leaseMs: e.JOBS_LEASE_SECONDS * 1000,
      reclaimOnStart: e.JOBS_RECLAIM_ON_START,
    },
    conversion: {
      soffice: e.SOFFICE_PATH,
      pdftotext: e.PDFTOTEXT_PATH,
      slots: e.CONVERSION_SLOTS ?? e.CONVERSION_CONCURRENCY ?? 'auto',
      perOrganization: e.CONVERSION_PER_ORGANIZATION,
      timeoutMs: e.CONVERSION_TIMEOUT_SECONDS * 1000,
      isolation: e.CONVERSION_ISOLATION,
      allowUnisolated: e.CONVERSION_ALLOW_UNISOLATED,
      memoryBytes: e.CONVERSION_MEMORY_MB * 1024 * 1024,
      engine: e.CONVERSION_ENGINE,
    },
  };
}
