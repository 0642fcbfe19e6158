import { createPublicKey, generateKeyPairSync, publicEncrypt, constants } from 'node:crypto';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CompactEncrypt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decryptCompactJwe } from '../src/services/eid/oidc/jwe.ts';
import { rpKeysFromFiles } from '../src/services/eid/rp-keys.ts';
import { encryptJwe } from './eid-fake-provider.ts';

let dir: string;
const file = (name: string) => path.join(dir, name);

beforeAll(async () => {
  dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'sinetti-rp-keys-'));
});

afterAll(async () => {
  await fsp.rm(dir, { recursive: true, force: true });
});

describe("Sinetti's relying-party keys from files", () => {
  it('reads an EC PEM signing key as ES256 with an RFC 7638 thumbprint as kid', async () => {
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    await fsp.writeFile(file('ec.pem'), privateKey.export({ format: 'pem', type: 'sec1' }));
    const { signing, encryption } = await rpKeysFromFiles(file('ec.pem'));
    expect(encryption).toBeNull();
    expect(signing.alg).toBe('ES256');
    expect(signing.kid).toMatch(/^[\w-]{43}$/);
    expect(signing.publicJwk).toMatchObject({
      kty: 'EC',
      crv: 'P-256',
      use: 'sig',
      alg: 'ES256',
      kid: signing.kid,
    });
    expect(signing.publicJwk).not.toHaveProperty('d');
    // The same key in a JWK file without kid gets the same thumbprint.
    await fsp.writeFile(file('ec.json'), JSON.stringify(privateKey.export({ format: 'jwk' })));
    expect((await rpKeysFromFiles(file('ec.json'))).signing.kid).toBe(signing.kid);
  });

  it('keeps the kid and alg a JWK file states, and reads a JWKS of one key', async () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const jwk = { ...privateKey.export({ format: 'jwk' }), kid: 'ps-1', alg: 'PS256' };
    await fsp.writeFile(file('ps.json'), JSON.stringify({ keys: [jwk] }));
    const { signing } = await rpKeysFromFiles(file('ps.json'));
    expect([signing.kid, signing.alg, signing.publicJwk.alg]).toEqual(['ps-1', 'PS256', 'PS256']);
  });

  it('refuses an encryption key that is not RSA, and a public key, with the file named', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    await fsp.writeFile(file('sig.pem'), privateKey.export({ format: 'pem', type: 'pkcs8' }));
    await fsp.writeFile(file('public.pem'), publicKey.export({ format: 'pem', type: 'spki' }));
    await expect(rpKeysFromFiles(file('sig.pem'), file('sig.pem'))).rejects.toThrow(
      /sig\.pem is not a usable encryption key: the encryption key must be an RSA key/,
    );
    await expect(rpKeysFromFiles(file('public.pem'))).rejects.toThrow(
      /public\.pem is not a usable signing key/,
    );
  });

  it('reads a key file again after it could not be read', async () => {
    await expect(rpKeysFromFiles(file('later.pem'))).rejects.toThrow(/later\.pem cannot be read/);
    const { privateKey } = generateKeyPairSync('ed25519');
    await fsp.writeFile(file('later.pem'), privateKey.export({ format: 'pem', type: 'pkcs8' }));
    expect((await rpKeysFromFiles(file('later.pem'))).signing.alg).toBe('EdDSA');
  });
});

describe('inner JWS of an encrypted ID token', () => {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const publicKey = createPublicKey(privateKey);

  it('decrypts RSA-OAEP-256 with A256GCM, and refuses a changed ciphertext', () => {
    const jwe = encryptJwe('header.payload.signature', publicKey, 'k');
    expect(decryptCompactJwe(jwe, privateKey)).toBe('header.payload.signature');
    const parts = jwe.split('.');
    const ct = Buffer.from(parts[3]!, 'base64url');
    ct[0] = ct[0]! ^ 1;
    parts[3] = ct.toString('base64url');
    expect(() => decryptCompactJwe(parts.join('.'), privateKey)).toThrow();
  });

  it('refuses key management it does not do, rather than guessing', () => {
    const header = Buffer.from(JSON.stringify({ alg: 'RSA1_5', enc: 'A128GCM' })).toString('base64url');
    const ek = publicEncrypt({ key: publicKey, padding: constants.RSA_PKCS1_PADDING }, Buffer.alloc(16));
    const jwe = `${header}.${ek.toString('base64url')}.AAAA.AAAA.AAAA`;
    expect(() => decryptCompactJwe(jwe, privateKey)).toThrow(/RSA1_5 is not supported/);
  });
});

describe('inner JWS: interoperates with an independent JOSE implementation', () => {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });

  // jose (openid-client's own JOSE library, installed with it) encrypts; node:crypto code decrypts.
  for (const [alg, enc] of [
    ['RSA-OAEP-256', 'A128CBC-HS256'],
    ['RSA-OAEP', 'A256CBC-HS512'],
    ['RSA-OAEP-256', 'A128GCM'],
  ] as const) {
    it(`decrypts ${alg} with ${enc}`, async () => {
      const jwe = await new CompactEncrypt(new TextEncoder().encode('a.b.c'))
        .setProtectedHeader({ alg, enc, cty: 'JWT' })
        .encrypt(createPublicKey(privateKey));
      expect(decryptCompactJwe(jwe, privateKey)).toBe('a.b.c');
    });
  }
});
