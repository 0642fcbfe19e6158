import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  randomUUID,
  webcrypto,
  type JsonWebKey,
  type KeyObject,
} from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { secret } from '../identity/local/secrets.ts';
import { EidError } from './types.ts';

/**
 * Sinetti's relying-party keys towards OpenID Connect eIDs: a signing key for `private_key_jwt` client
 * authentication, and optionally an encryption key that ID tokens are encrypted to. Real providers' keys
 * come from the PEM or JWK files of EID_PROVIDERS_FILE; the built-in TEST provider's are generated once and
 * kept in `instance_secrets`. Their public halves are the JWKS that brokers fetch (GET /api/signing/eid/jwks).
 */

export interface PublicJwk extends JsonWebKey {
  kid: string;
  use: 'sig' | 'enc';
  alg: string;
}

export interface RpKey {
  /** For openid-client (PrivateKeyJwt and enableDecryptingResponses). */
  cryptoKey: webcrypto.CryptoKey;
  /** The same private key for node:crypto (decrypting the ID token to keep its inner JWS). */
  keyObject: KeyObject;
  kid: string;
  alg: string;
  publicJwk: PublicJwk;
}

export interface RpKeys {
  signing: RpKey;
  /** With it, ID tokens must come encrypted. */
  encryption: RpKey | null;
}

const SIGNING_ALGS: Record<
  string,
  webcrypto.RsaHashedImportParams | webcrypto.EcKeyImportParams | webcrypto.Algorithm
> = {
  RS256: { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' },
  PS256: { name: 'RSA-PSS', hash: 'SHA-256' },
  ES256: { name: 'ECDSA', namedCurve: 'P-256' },
  ES384: { name: 'ECDSA', namedCurve: 'P-384' },
  EdDSA: { name: 'Ed25519' },
};

const ENCRYPTION_ALGS: Record<string, webcrypto.RsaHashedImportParams> = {
  'RSA-OAEP-256': { name: 'RSA-OAEP', hash: 'SHA-256' },
  'RSA-OAEP': { name: 'RSA-OAEP', hash: 'SHA-1' },
};

function defaultSigningAlg(key: KeyObject): string {
  const type = key.asymmetricKeyType;
  if (type === 'rsa') return 'RS256';
  if (type === 'ec') return key.asymmetricKeyDetails?.namedCurve === 'secp384r1' ? 'ES384' : 'ES256';
  if (type === 'ed25519') return 'EdDSA';
  throw new Error(`a ${String(type)} key cannot sign client assertions (use RSA, EC P-256/P-384 or Ed25519)`);
}

/** RFC 7638 thumbprint: the kid of a key file that names none. */
function thumbprint(jwk: JsonWebKey): string {
  const members: Record<string, string[]> = {
    RSA: ['e', 'kty', 'n'],
    EC: ['crv', 'kty', 'x', 'y'],
    OKP: ['crv', 'kty', 'x'],
  };
  const names = members[String(jwk.kty)] ?? [];
  const canonical = JSON.stringify(Object.fromEntries(names.map((n) => [n, jwk[n as keyof JsonWebKey]])));
  return createHash('sha256').update(canonical).digest('base64url');
}

/** Builds an RpKey from a private key; `declared` is what a JWK file said about itself (kid, alg). */
async function rpKey(
  keyObject: KeyObject,
  use: 'sig' | 'enc',
  declared: { kid?: string | undefined; alg?: string | undefined } = {},
): Promise<RpKey> {
  if (keyObject.type !== 'private') throw new Error('the key file holds no private key');
  let alg: string;
  let params: webcrypto.Algorithm;
  if (use === 'sig') {
    alg = declared.alg ?? defaultSigningAlg(keyObject);
    const found = SIGNING_ALGS[alg];
    if (!found)
      throw new Error(`signing algorithm ${alg} is not supported (${Object.keys(SIGNING_ALGS).join(', ')})`);
    params = found;
  } else {
    if (keyObject.asymmetricKeyType !== 'rsa')
      throw new Error('the encryption key must be an RSA key (RSA-OAEP-256)');
    alg = declared.alg ?? 'RSA-OAEP-256';
    const found = ENCRYPTION_ALGS[alg];
    if (!found) throw new Error(`encryption algorithm ${alg} is not supported (RSA-OAEP-256, RSA-OAEP)`);
    params = found;
  }
  const {
    kid: _k,
    alg: _a,
    use: _u,
    key_ops: _o,
    ...privateJwk
  } = keyObject.export({ format: 'jwk' }) as JsonWebKey & {
    kid?: string;
  };
  const usages: webcrypto.KeyUsage[] = use === 'sig' ? ['sign'] : ['decrypt', 'unwrapKey'];
  const cryptoKey = await webcrypto.subtle.importKey('jwk', privateJwk, params, false, usages);
  const publicJwk = createPublicKey(keyObject).export({ format: 'jwk' });
  const kid = declared.kid ?? thumbprint(publicJwk);
  return { cryptoKey, keyObject, kid, alg, publicJwk: { ...publicJwk, kid, use, alg } };
}

/** Reads a PEM (PKCS#8 or traditional) or a JWK (or a JWKS of one key) private key file. */
async function keyFromFile(file: string, use: 'sig' | 'enc'): Promise<RpKey> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    throw new Error(`eID key file ${file} cannot be read: ${(err as Error).message}`, { cause: err });
  }
  try {
    if (text.trimStart().startsWith('{')) {
      const parsed = JSON.parse(text) as JsonWebKey & { keys?: JsonWebKey[]; kid?: string };
      const jwk = (parsed.keys?.length === 1 ? parsed.keys[0] : parsed) as JsonWebKey & { kid?: string };
      const keyObject = createPrivateKey({ key: jwk, format: 'jwk' });
      return await rpKey(keyObject, use, {
        kid: jwk.kid,
        alg: typeof jwk.alg === 'string' ? jwk.alg : undefined,
      });
    }
    return await rpKey(createPrivateKey(text), use);
  } catch (err) {
    const kind = use === 'sig' ? 'signing' : 'encryption';
    throw new Error(`eID key file ${file} is not a usable ${kind} key: ${(err as Error).message}`, {
      cause: err,
    });
  }
}

const fileKeys = new Map<string, Promise<RpKey>>();

function cachedFileKey(file: string, use: 'sig' | 'enc'): Promise<RpKey> {
  const key = `${use}|${file}`;
  let pending = fileKeys.get(key);
  if (!pending) {
    pending = keyFromFile(file, use);
    fileKeys.set(key, pending);
    // A missing file may be put in place later: try again on the next use.
    pending.catch(() => fileKeys.delete(key));
  }
  return pending;
}

/** The keys of a real provider (EID_PROVIDERS_FILE's signingKeyFile and encryptionKeyFile), read once. */
export async function rpKeysFromFiles(signingKeyFile: string, encryptionKeyFile?: string): Promise<RpKeys> {
  const [signing, encryption] = await Promise.all([
    cachedFileKey(signingKeyFile, 'sig'),
    encryptionKeyFile ? cachedFileKey(encryptionKeyFile, 'enc') : Promise.resolve(null),
  ]);
  return { signing, encryption };
}

const TEST_RP_KEYS = 'test-eid.rp-keys';

interface StoredTestKeys {
  sig: JsonWebKey & { kid: string };
  enc: JsonWebKey & { kid: string };
}

function newTestKeys(): StoredTestKeys {
  const generate = () =>
    generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });
  return {
    sig: { ...generate(), kid: `sinetti-sig-${randomUUID()}` },
    enc: { ...generate(), kid: `sinetti-enc-${randomUUID()}` },
  };
}

const testKeys = new WeakMap<Db, Promise<RpKeys>>();

/** Sinetti's keys towards the built-in TEST eID provider: generated once, shared by every process. */
export function testRpKeys(db: Db): Promise<RpKeys> {
  let pending = testKeys.get(db);
  if (!pending) {
    pending = (async () => {
      const stored = await secret(db, TEST_RP_KEYS, newTestKeys);
      const load = (jwk: JsonWebKey & { kid: string }, use: 'sig' | 'enc') =>
        rpKey(createPrivateKey({ key: jwk, format: 'jwk' }), use, { kid: jwk.kid });
      return { signing: await load(stored.sig, 'sig'), encryption: await load(stored.enc, 'enc') };
    })();
    testKeys.set(db, pending);
    pending.catch(() => testKeys.delete(db));
  }
  return pending;
}

/**
 * The public JWKS of Sinetti as a relying party: every configured provider's signing and encryption keys,
 * and the TEST provider's when it runs (served at GET /eid/jwks.json, services/eid/index.ts; brokers register that URL).
 * A key file that cannot be read: EidError('unavailable'), logged.
 */
export async function rpPublicJwks(app: FastifyInstance): Promise<{ keys: PublicJwk[] }> {
  const { config, db } = app.ctx;
  const sets: Promise<RpKeys>[] = [];
  for (const entry of config.eid.providers) {
    if (entry.kind === 'oidc') sets.push(rpKeysFromFiles(entry.signingKeyFile, entry.encryptionKeyFile));
  }
  if (config.eid.testProviders) sets.push(testRpKeys(db));
  let loaded: RpKeys[];
  try {
    loaded = await Promise.all(sets);
  } catch (err) {
    app.log.error({ reason: (err as Error).message }, 'eID relying-party keys cannot be read');
    throw new EidError('unavailable', 'Sinetti’s eID keys are not available. Try again shortly.');
  }
  const keys = new Map<string, PublicJwk>();
  for (const set of loaded) {
    for (const key of [set.signing, set.encryption]) {
      if (key) keys.set(`${key.publicJwk.use}|${key.kid}`, key.publicJwk);
    }
  }
  return { keys: [...keys.values()] };
}
