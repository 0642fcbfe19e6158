import path from 'node:path';
import { z } from 'zod';
import { envFlag, envText } from '../../lib/env.ts';
import type { KeyProtection } from './ca/key-files.ts';
import { DEFAULT_POOL_OPTIONS, type PdfPoolOptions } from './workers.ts';

/** Environment variables of PDF signing (docs/configuration.md). */
export const signingEnvShape = {
  SIGNING_CA_P12_PATH: envText,
  SIGNING_CA_P12_PASSWORD: z.string().optional(),
  SIGNING_KEYS_PASSPHRASE: envText.pipe(
    z
      .string()
      .min(32, 'SIGNING_KEYS_PASSPHRASE must be at least 32 characters.')
      .regex(
        /^[^,]*$/,
        'SIGNING_KEYS_PASSPHRASE may not contain commas (retired ones are listed comma-separated).',
      )
      .optional(),
  ),
  SIGNING_KEYS_RETIRED_PASSPHRASES: envText,
  ALLOW_UNENCRYPTED_SIGNING_KEYS: envFlag(),
  ARCHIVE_TIMESTAMPS: z.enum(['on', 'off']).default('on'),
  ARCHIVE_TIMESTAMP_MARGIN_DAYS: z.coerce.number().int().min(1).max(2500).default(365),
  INSTANCE_NAME: envText.pipe(
    z
      .string()
      .max(64, 'INSTANCE_NAME must be at most 64 characters.')
      .regex(/^[^()\p{Cc}]+$/u, 'INSTANCE_NAME may not contain parentheses or control characters.')
      .optional(),
  ),
  SIGNING_TSA_URL: envText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  SIGNING_TSA_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(120).default(5),
  PDFSIG_PATH: z.string().default('pdfsig'),
  AUDIT_CHAIN_KEY: envText.pipe(
    z.string().min(32, 'AUDIT_CHAIN_KEY must be at least 32 characters.').optional(),
  ),
  AUDIT_CHAIN_RETIRED_KEYS: envText,
  PDF_WORKERS: z.coerce.number().int().min(1).max(64).default(DEFAULT_POOL_OPTIONS.workers),
  PDF_TASK_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  PDF_WORKER_MEMORY_MB: z.coerce.number().int().min(64).max(16384).default(512),
  PDF_QUEUE_PER_ORGANIZATION: z.coerce.number().int().min(1).max(1000).default(4),
  PDF_QUEUE_SIZE: z.coerce.number().int().min(1).max(100000).default(64),
  PDF_MAX_DECODED_MB: z.coerce.number().int().min(1).max(4096).default(64),
  PDF_MAX_OBJECTS: z.coerce.number().int().min(1000).max(8388607).default(1_000_000),
  PDF_MAX_DEPTH: z.coerce.number().int().min(8).max(10000).default(100),
};

type SigningEnv = z.infer<z.ZodObject<typeof signingEnvShape>> & { DATA_DIR: string; NODE_ENV: string };

export interface SigningConfig {
  /** `DATA_DIR/signing-ca` (the generated CA and the seal key); null with `DATA_DIR=memory://`: CA in memory. */
  caDir: string | null;
  /** An existing CA as PKCS#12 instead of the generated one. */
  caP12: { path: string; password: string } | null;
  /** Encryption at rest of the CA, seal and time-stamping unit keys under caDir (ca/key-files.ts). */
  keyProtection: KeyProtection;
  /** The instance's name in a newly generated CA's subject: INSTANCE_NAME, else PUBLIC_URL's host name without port. */
  caName: string;
  /** PUBLIC_URL: issued certificates name the CA's CRL and certificate under it (routes/pki). */
  publicUrl: string;
  /** An outside RFC 3161 time-stamping authority; without one the instance's own unit time-stamps (tsa-unit.ts). */
  tsa: { url: string; timeoutMs: number } | null;
  /** The poppler `pdfsig` binary used to check signatures. */
  pdfsig: string;
  /** The audit chain's anchor key (commands/signing/audit-anchor.ts); the file under caDir by default. */
  auditChain: { key: string | null; retired: string[] };
  /** The PDF worker pool: threads, time and memory per task, queue limits, parser limits. */
  pdf: PdfPoolOptions;
  /**
   * Archive time-stamps (commands/signing/archive-timestamp.ts): whether the periodic job runs, and how long
   * before the last document time-stamp's authority certificate expires a signed file gets a new one.
   */
  archive: { enabled: boolean; marginMs: number };
}

export function signingConfigFrom(
  e: SigningEnv,
  publicUrl: string,
  configError: (message: string) => Error,
): SigningConfig {
  if (e.SIGNING_CA_P12_PATH && e.SIGNING_CA_P12_PASSWORD === undefined) {
    throw configError('SIGNING_CA_P12_PATH needs SIGNING_CA_P12_PASSWORD.');
  }
  const memory = e.DATA_DIR === 'memory://';
  if (
    e.NODE_ENV === 'production' &&
    !memory &&
    !e.SIGNING_KEYS_PASSPHRASE &&
    !e.ALLOW_UNENCRYPTED_SIGNING_KEYS
  ) {
    throw configError(
      'NODE_ENV=production keeps the signing keys (CA, platform seal, time-stamping unit) encrypted: set ' +
        'SIGNING_KEYS_PASSPHRASE (at least 32 characters, e.g. `openssl rand -base64 32`), or set ' +
        'ALLOW_UNENCRYPTED_SIGNING_KEYS=true if the disk is protected otherwise.',
    );
  }
  return {
    caDir: memory ? null : path.join(path.resolve(e.DATA_DIR), 'signing-ca'),
    caP12: e.SIGNING_CA_P12_PATH
      ? { path: path.resolve(e.SIGNING_CA_P12_PATH), password: e.SIGNING_CA_P12_PASSWORD ?? '' }
      : null,
    keyProtection: {
      passphrase: e.SIGNING_KEYS_PASSPHRASE ?? null,
      retired: (e.SIGNING_KEYS_RETIRED_PASSPHRASES ?? '')
        .split(',')
        .map((k) => k.trim())
        .filter((k) => k.length > 0),
    },
    caName: e.INSTANCE_NAME ?? (URL.canParse(publicUrl) ? new URL(publicUrl).hostname : publicUrl),
    publicUrl,
    tsa: e.SIGNING_TSA_URL
      ? { url: e.SIGNING_TSA_URL, timeoutMs: e.SIGNING_TSA_TIMEOUT_SECONDS * 1000 }
      : null,
    pdfsig: e.PDFSIG_PATH,
    auditChain: {
      key: e.AUDIT_CHAIN_KEY ?? null,
      retired: (e.AUDIT_CHAIN_RETIRED_KEYS ?? '')
        .split(',')
        .map((k) => k.trim())
        .filter((k) => k.length > 0),
    },
    archive: {
      enabled: e.ARCHIVE_TIMESTAMPS === 'on',
      marginMs: e.ARCHIVE_TIMESTAMP_MARGIN_DAYS * 24 * 3600_000,
    },
    pdf: {
      workers: e.PDF_WORKERS,
      taskTimeoutMs: e.PDF_TASK_TIMEOUT_SECONDS * 1000,
      memoryMb: e.PDF_WORKER_MEMORY_MB,
      perOwner: e.PDF_QUEUE_PER_ORGANIZATION,
      queueSize: e.PDF_QUEUE_SIZE,
      limits: {
        ...DEFAULT_POOL_OPTIONS.limits,
        maxDecodedBytes: e.PDF_MAX_DECODED_MB * 1024 * 1024,
        maxObjects: e.PDF_MAX_OBJECTS,
        maxDepth: e.PDF_MAX_DEPTH,
      },
    },
  };
}
