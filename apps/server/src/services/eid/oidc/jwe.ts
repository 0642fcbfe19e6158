import {
  constants,
  createDecipheriv,
  createHmac,
  privateDecrypt,
  timingSafeEqual,
  type KeyObject,
} from 'node:crypto';
import { inflateRawSync } from 'node:zlib';

/**
 * The inner JWS of an encrypted ID token. openid-client decrypts and checks the token but hands back only
 * the JWE it received and the claims; the evidence kept for the audit trail is the provider's signed token,
 * so it is decrypted here once more with the same key (RFC 7516 compact serialization, RFC 7518 §4.3 RSA-OAEP
 * key management, §5.2 AES-CBC-HMAC and §5.3 AES-GCM content encryption).
 */
export function decryptCompactJwe(jwe: string, key: KeyObject): string {
  const parts = jwe.split('.');
  if (parts.length !== 5) throw new Error('not a compact JWE');
  const [protectedHeader = '', encryptedKey = '', ivPart = '', ciphertextPart = '', tagPart = ''] = parts;
  const header = JSON.parse(Buffer.from(protectedHeader, 'base64url').toString('utf8')) as {
    alg?: string;
    enc?: string;
    zip?: string;
  };
  const oaepHash = header.alg === 'RSA-OAEP-256' ? 'sha256' : header.alg === 'RSA-OAEP' ? 'sha1' : null;
  if (!oaepHash) throw new Error(`JWE key management ${String(header.alg)} is not supported`);
  const cek = privateDecrypt(
    { key, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash },
    Buffer.from(encryptedKey, 'base64url'),
  );
  const aad = Buffer.from(protectedHeader, 'ascii');
  const iv = Buffer.from(ivPart, 'base64url');
  const ciphertext = Buffer.from(ciphertextPart, 'base64url');
  const tag = Buffer.from(tagPart, 'base64url');
  const plaintext = decryptContent(String(header.enc), cek, iv, ciphertext, tag, aad);
  return (header.zip === 'DEF' ? inflateRawSync(plaintext) : plaintext).toString('utf8');
}

function decryptContent(
  enc: string,
  cek: Buffer,
  iv: Buffer,
  ciphertext: Buffer,
  tag: Buffer,
  aad: Buffer,
): Buffer {
  const gcm = /^A(128|192|256)GCM$/.exec(enc);
  if (gcm) {
    const bits = Number(gcm[1]);
    if (cek.length * 8 !== bits) throw new Error('JWE content key has the wrong length');
    const decipher = createDecipheriv(`aes-${bits}-gcm` as 'aes-256-gcm', cek, iv, { authTagLength: 16 });
    decipher.setAAD(aad);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(ciphertext), decipher.final()]);
  }
  const cbc = /^A(128|192|256)CBC-HS(256|384|512)$/.exec(enc);
  if (cbc && Number(cbc[1]) * 2 === Number(cbc[2])) {
    const half = Number(cbc[1]) / 8;
    if (cek.length !== half * 2) throw new Error('JWE content key has the wrong length');
    const macKey = cek.subarray(0, half);
    const encKey = cek.subarray(half);
    const al = Buffer.alloc(8);
    al.writeBigUInt64BE(BigInt(aad.length * 8));
    const mac = createHmac(`sha${cbc[2]}`, macKey)
      .update(Buffer.concat([aad, iv, ciphertext, al]))
      .digest();
    const expected = mac.subarray(0, half);
    if (tag.length !== half || !timingSafeEqual(tag, expected))
      throw new Error('JWE authentication tag mismatch');
    const decipher = createDecipheriv(`aes-${cbc[1]}-cbc`, encKey, iv);
    return Buffer.concat([decipher.update(ciphertext), decipher.final()]);
  }
  throw new Error(`JWE content encryption ${enc} is not supported`);
}
