import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { JWK } from 'oidc-provider';
import type { Db } from '../../../db/client.ts';
import { instanceSecrets } from '../../../db/schema/index.ts';

export interface LocalProviderSecrets {
  /** Private signing keys (RS256) of the built-in provider. */
  jwks: { keys: JWK[] };
  /** Keys that sign its cookies; the first signs, all verify. */
  cookieKeys: string[];
}

function newSigningKeys(): { keys: JWK[] } {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = privateKey.export({ format: 'jwk' });
  return { keys: [{ ...jwk, kid: randomUUID(), alg: 'RS256', use: 'sig' } as JWK] };
}

function newCookieKeys(): string[] {
  return [randomBytes(32).toString('base64url')];
}

/**
 * Reads a secret, generating it on first use. The insert never overwrites: when several processes
 * start together, the first row wins and every process reads that same row back.
 */
export async function secret<T>(db: Db, name: string, generate: () => T): Promise<T> {
  const existing = await db.select().from(instanceSecrets).where(eq(instanceSecrets.name, name)).limit(1);
  if (existing[0]) return existing[0].value as T;
  await db
    .insert(instanceSecrets)
    .values({ name, value: generate() })
    .onConflictDoNothing({ target: instanceSecrets.name });
  const [row] = await db.select().from(instanceSecrets).where(eq(instanceSecrets.name, name)).limit(1);
  if (!row) throw new Error(`instance secret ${name} could not be stored`);
  return row.value as T;
}

/** The keys of a built-in provider; `name` tells providers apart (`test-eid` is the TEST eID provider's). */
export async function loadLocalProviderSecrets(db: Db, name = 'local-idp'): Promise<LocalProviderSecrets> {
  return {
    jwks: await secret(db, `${name}.jwks`, newSigningKeys),
    cookieKeys: await secret(db, `${name}.cookie-keys`, newCookieKeys),
  };
}
