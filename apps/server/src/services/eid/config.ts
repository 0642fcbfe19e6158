import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SIGNING_METHOD_IDS, levelOfMethod } from '@sinetti/contract';
import { z } from 'zod';
import { envText } from '../../lib/env.ts';

/** Environment variables of eID signing (docs/configuration.md, "eID providers"). */
export const eidEnvShape = {
  /**
   * The built-in TEST eID provider (OpenID Connect) and TEST CSC service: `auto` runs them in development
   * (NODE_ENV=development) when EID_PROVIDERS_FILE is unset; `on` also in tests. Never in production.
   */
  EID_TEST_PROVIDERS: z.enum(['auto', 'on', 'off']).default('auto'),
  /** A JSON file listing the real eID providers (OpenID Connect brokers and CSC v2 QTSPs). */
  EID_PROVIDERS_FILE: envText,
};

const method = z.enum(SIGNING_METHOD_IDS);
const httpsUrl = z.url({ protocol: /^https?$/ });

const oidcEntry = z.object({
  kind: z.literal('oidc'),
  id: z.string().regex(/^[a-z0-9-]{1,40}$/),
  methods: z.array(method).min(1),
  issuer: httpsUrl,
  clientId: z.string().min(1),
  /** Sinetti's private key for `private_key_jwt` (a PEM or a JWK file); its public half is in /api/signing/eid/jwks. */
  signingKeyFile: z.string().min(1),
  /** Sinetti's private key that ID tokens are encrypted to (PEM or JWK file); with it, unencrypted tokens are refused. */
  encryptionKeyFile: z.string().min(1).optional(),
  scope: z.string().default('openid profile'),
  /** How claims map to a person: `ftn` (Finnish Trust Network: given_name, family_name, satu…) or `standard`. */
  claims: z.enum(['ftn', 'standard']).default('standard'),
  /** ISO 3166-1 alpha-2 country of the scheme. */
  country: z.string().length(2).optional(),
});

const cscEntry = z.object({
  kind: z.literal('csc'),
  id: z.string().regex(/^[a-z0-9-]{1,40}$/),
  methods: z.array(method).min(1),
  /** The CSC API base, ending in /csc/v2. */
  baseUrl: httpsUrl,
  /** The OAuth 2.0 authorization server (default: the CSC `info` call's oauth2 value). */
  oauth2Url: httpsUrl.optional(),
  clientId: z.string().min(1),
  clientSecret: z.string().min(1),
});

export const eidProvidersFile = z.array(z.discriminatedUnion('kind', [oidcEntry, cscEntry]));
export type OidcEidEntry = z.infer<typeof oidcEntry>;
export type CscEntry = z.infer<typeof cscEntry>;

export interface EidConfig {
  /** Whether the built-in TEST eID (OIDC) and TEST CSC stand-ins run (mounted at /test-eid and /test-csc). */
  testProviders: boolean;
  /** Real providers from EID_PROVIDERS_FILE (key files resolved against the file's folder). */
  providers: (OidcEidEntry | CscEntry)[];
}

type EidEnv = z.infer<z.ZodObject<typeof eidEnvShape>> & { NODE_ENV: string };

export function eidConfigFrom(e: EidEnv, configError: (message: string) => Error): EidConfig {
  const production = e.NODE_ENV === 'production';
  const providers = e.EID_PROVIDERS_FILE ? readProvidersFile(e.EID_PROVIDERS_FILE, configError) : [];
  const testProviders =
    e.EID_TEST_PROVIDERS === 'on' ||
    (e.EID_TEST_PROVIDERS === 'auto' && e.NODE_ENV === 'development' && providers.length === 0);
  if (testProviders && production) {
    throw configError(
      "The built-in TEST eID provider and TEST CSC service prove nobody's identity and cannot run with " +
        'NODE_ENV=production. Set EID_TEST_PROVIDERS=off and configure real providers in EID_PROVIDERS_FILE.',
    );
  }
  return { testProviders, providers };
}

function readProvidersFile(file: string, configError: (message: string) => Error) {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw configError(`EID_PROVIDERS_FILE ${file} cannot be read as JSON: ${(err as Error).message}`);
  }
  const result = eidProvidersFile.safeParse(parsed);
  if (!result.success) {
    throw configError(`EID_PROVIDERS_FILE ${file} is not valid: ${z.prettifyError(result.error)}`);
  }
  const dir = path.dirname(path.resolve(file));
  const resolve = (f: string) => path.resolve(dir, f);
  for (const entry of result.data) {
    for (const m of entry.methods) {
      const level = levelOfMethod(m);
      if ((entry.kind === 'oidc' && level !== 10) || (entry.kind === 'csc' && level !== 20)) {
        throw configError(
          `EID_PROVIDERS_FILE: provider ${entry.id} (${entry.kind}) cannot serve ${m}, a level-${level} method ` +
            '(OpenID Connect eIDs serve advanced methods, CSC services qualified ones).',
        );
      }
    }
    if (entry.kind === 'oidc') {
      entry.signingKeyFile = resolve(entry.signingKeyFile);
      if (entry.encryptionKeyFile) entry.encryptionKeyFile = resolve(entry.encryptionKeyFile);
    }
  }
  return result.data;
}
