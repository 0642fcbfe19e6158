import path from 'node:path';
import { z } from 'zod';
import { envFlag, envText } from './lib/env.ts';
import { servicesConfigFrom, servicesEnvShape, type ServicesConfig } from './services/config.ts';
import { signingConfigFrom, signingEnvShape, type SigningConfig } from './services/pdf/config.ts';
import { mailConfigFrom, mailEnvShape, type MailConfig } from './services/mail/config.ts';
import { eidConfigFrom, eidEnvShape, type EidConfig } from './services/eid/config.ts';
import { anonymousConfigFrom, anonymousEnvShape, type AnonymousConfig } from './services/anonymous-budget.ts';
import { databaseConfigFrom, databaseEnvShape, type DatabaseConfig } from './db/config.ts';

const envSchema = z.object({
  ...servicesEnvShape,
  ...signingEnvShape,
  ...mailEnvShape,
  ...eidEnvShape,
  ...anonymousEnvShape,
  ...databaseEnvShape,
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('localhost'),
  PUBLIC_URL: envText,
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: envText,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: envFlag(),
  WEB_DIST: envText,
  GOOGLE_ISSUER: z.string().default('https://accounts.google.com'),
  GOOGLE_CLIENT_ID: envText,
  GOOGLE_CLIENT_SECRET: envText,
  MICROSOFT_ISSUER: z.string().default('https://login.microsoftonline.com/common/v2.0'),
  MICROSOFT_CLIENT_ID: envText,
  MICROSOFT_CLIENT_SECRET: envText,
  LOCAL_IDP: z.enum(['auto', 'on', 'off']).default('auto'),
  ALLOW_LOCAL_IDP_IN_PRODUCTION: envFlag(),
  RATE_LIMIT_SIGN_IN_PER_MINUTE: z.coerce.number().int().min(1).default(20),
  RATE_LIMIT_API_KEY_PER_MINUTE: z.coerce.number().int().min(1).default(300),
  WEBHOOK_ALLOW_LOOPBACK: z.enum(['auto', 'on', 'off']).default('auto'),
  PAYMENT_PROVIDER: z.enum(['auto', 'sandbox', 'stripe', 'off']).default('auto'),
  ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION: envFlag(),
  STRIPE_SECRET_KEY: envText,
  STRIPE_WEBHOOK_SECRET: envText,
  STRIPE_API_BASE: envText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  RATE_LIMIT_PAYMENTS_PER_MINUTE: z.coerce.number().int().min(1).default(20),
  GUIDED_TOUR: envFlag(true),
  REPLY_CACHE_MB: z.coerce.number().min(0).max(65_536).default(32),
  ERROR_REPORTING_DSN: envText.pipe(z.url({ protocol: /^https?$/ }).optional()),
});

export interface ProviderConfig {
  platform: 'google' | 'microsoft';
  issuer: string;
  clientId: string;
  clientSecret: string | undefined;
}

export interface Config extends ServicesConfig {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** The PostgreSQL pool's size, statement time-out and wait (db/config.ts). */
  database: DatabaseConfig;
  logLevel: string;
  trustProxy: boolean;
  webDist: string;
  providers: ProviderConfig[];
  /** Whether the built-in OpenID Connect provider stands in for google and microsoft. */
  localIdp: boolean;
  rateLimitSignInPerMinute: number;
  /** Calls per minute of each API key, counted per key across its sessions (issue #34 item 1). */
  rateLimitApiKeyPerMinute: number;
  /**
   * Webhooks may be delivered to loopback addresses (127.0.0.0/8, ::1): development and tests only
   * (WEBHOOK_ALLOW_LOOPBACK, `auto` = outside production). Other private addresses are always refused.
   */
  webhookAllowLoopback: boolean;
  /** Whether new members are offered the guided dashboard tour (SPEC §2.8); on unless switched off. */
  guidedTour: boolean;
  /** A Sentry-compatible DSN the web app's error reports are forwarded to; unset: only logged. */
  errorReportingDsn: string | undefined;
  payments: PaymentsConfig;
  /** PDF signing: the signing CA, the time-stamping authority, pdfsig (services/pdf/config.ts). */
  signing: SigningConfig;
  /** E-mail: SMTP or the development mailbox, and the From address (services/mail/config.ts). */
  mail: MailConfig;
  /** eID providers of advanced and qualified signatures, and the TEST stand-ins (services/eid/config.ts). */
  eid: EidConfig;
  /** Anonymous verification and time-stamping: sizes, concurrency, own PDF lane (services/anonymous-budget.ts). */
  anonymous: AnonymousConfig;
  /** Check every reply against the contract (on outside production). */
  validateReplies: boolean;
  /** Bytes of hot replies kept in the process (http/reply-cache.ts); 0 keeps none. */
  replyCacheBytes: number;
}

export interface PaymentsConfig {
  /** The card payment provider; null when card payments are off (billing calls answer UNAVAILABLE). */
  provider: 'sandbox' | 'stripe' | null;
  stripe: { secretKey: string; webhookSecret: string | undefined; apiBase: URL | undefined } | null;
  /** Calls that charge a card and sandbox card-form posts, per client address per minute. */
  rateLimitPerMinute: number;
}

export class ConfigError extends Error {}

function paymentsConfig(e: z.infer<typeof envSchema>, production: boolean): PaymentsConfig {
  const stripeWanted =
    e.PAYMENT_PROVIDER === 'stripe' || (e.PAYMENT_PROVIDER === 'auto' && !!e.STRIPE_SECRET_KEY);
  if (stripeWanted && !e.STRIPE_SECRET_KEY) {
    throw new ConfigError('PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY.');
  }
  if (stripeWanted && production && !e.STRIPE_WEBHOOK_SECRET) {
    throw new ConfigError(
      'STRIPE_WEBHOOK_SECRET is required in production (payment results arrive by webhook).',
    );
  }
  const sandbox =
    e.PAYMENT_PROVIDER === 'sandbox' || (e.PAYMENT_PROVIDER === 'auto' && !stripeWanted && !production);
  if (sandbox && production && !e.ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION) {
    throw new ConfigError(
      'The sandbox payment provider accepts test cards and charges nothing, so it cannot run with ' +
        'NODE_ENV=production. Configure STRIPE_SECRET_KEY, or set ALLOW_SANDBOX_PAYMENTS_IN_PRODUCTION=true ' +
        'if you really mean it.',
    );
  }
  const stripe =
    stripeWanted && e.STRIPE_SECRET_KEY
      ? {
          secretKey: e.STRIPE_SECRET_KEY,
          webhookSecret: e.STRIPE_WEBHOOK_SECRET,
          apiBase: e.STRIPE_API_BASE ? new URL(e.STRIPE_API_BASE) : undefined,
        }
      : null;
  return {
    provider: stripe ? 'stripe' : sandbox ? 'sandbox' : null,
    stripe,
    rateLimitPerMinute: e.RATE_LIMIT_PAYMENTS_PER_MINUTE,
  };
}

/**
 * DATA_DIR as an absolute path (`memory://` as it is): a relative one is resolved against the folder npm was
 * started in (npm's INIT_CWD, passed as `startDir`), so that `npm start` in the repository uses `./data` there
 * although the server runs in apps/server; without npm, against the working directory.
 */
export function resolveDataDir(dataDir: string, startDir: string | undefined): string {
  if (dataDir === 'memory://') return dataDir;
  return path.resolve(startDir || process.cwd(), dataDir);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  // npm start runs the server in apps/server: a relative DATA_DIR is taken from where the user ran npm.
  const e = { ...parsed.data, DATA_DIR: resolveDataDir(parsed.data.DATA_DIR, env.INIT_CWD) };
  const production = e.NODE_ENV === 'production';
  const providers: ProviderConfig[] = [];
  if (e.GOOGLE_CLIENT_ID) {
    providers.push({
      platform: 'google',
      issuer: e.GOOGLE_ISSUER,
      clientId: e.GOOGLE_CLIENT_ID,
      clientSecret: e.GOOGLE_CLIENT_SECRET,
    });
  }
  if (e.MICROSOFT_CLIENT_ID) {
    providers.push({
      platform: 'microsoft',
      issuer: e.MICROSOFT_ISSUER,
      clientId: e.MICROSOFT_CLIENT_ID,
      clientSecret: e.MICROSOFT_CLIENT_SECRET,
    });
  }
  const localIdp = e.LOCAL_IDP === 'on' || (e.LOCAL_IDP === 'auto' && providers.length === 0 && !production);
  if (localIdp && production && !e.ALLOW_LOCAL_IDP_IN_PRODUCTION) {
    throw new ConfigError(
      'The built-in local identity provider lets anyone sign in as any e-mail address and cannot run with ' +
        'NODE_ENV=production. Configure GOOGLE_CLIENT_ID / MICROSOFT_CLIENT_ID, or set ' +
        'ALLOW_LOCAL_IDP_IN_PRODUCTION=true if you really mean it.',
    );
  }
  if (production && providers.length === 0 && !localIdp) {
    throw new ConfigError(
      'NODE_ENV=production needs at least one identity provider (GOOGLE_CLIENT_ID or MICROSOFT_CLIENT_ID).',
    );
  }
  for (const p of providers) {
    if (production && !p.clientSecret) {
      throw new ConfigError(`${p.platform.toUpperCase()}_CLIENT_SECRET is required in production.`);
    }
  }
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    database: databaseConfigFrom(e),
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    webDist: path.resolve(e.WEB_DIST ?? path.join(import.meta.dirname, '../../web/dist')),
    providers,
    localIdp,
    rateLimitSignInPerMinute: e.RATE_LIMIT_SIGN_IN_PER_MINUTE,
    rateLimitApiKeyPerMinute: e.RATE_LIMIT_API_KEY_PER_MINUTE,
    webhookAllowLoopback:
      e.WEBHOOK_ALLOW_LOOPBACK === 'auto' ? !production : e.WEBHOOK_ALLOW_LOOPBACK === 'on',
    guidedTour: e.GUIDED_TOUR,
    errorReportingDsn: e.ERROR_REPORTING_DSN,
    payments: paymentsConfig(e, production),
    signing: signingConfigFrom(e, publicUrl, (message) => new ConfigError(message)),
    mail: mailConfigFrom(e, publicUrl, (message) => new ConfigError(message)),
    eid: eidConfigFrom(e, (message) => new ConfigError(message)),
    anonymous: anonymousConfigFrom(e, e.UPLOAD_MAX_BYTES),
    ...servicesConfigFrom(e, path.resolve(e.DATA_DIR), (message) => new ConfigError(message), production),
    validateReplies: !production,
    replyCacheBytes: Math.round(e.REPLY_CACHE_MB * 1024 * 1024),
  };
}
