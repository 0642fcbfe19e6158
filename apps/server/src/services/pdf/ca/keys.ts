import { webcrypto } from 'node:crypto';

type CryptoKey = webcrypto.CryptoKey;
import type { Certificate } from 'pkijs';
import { PrivateKeyInfo } from 'pkijs';

const { subtle } = webcrypto;

/** A copy of the bytes in an ArrayBuffer of their own (a Buffer's .buffer may be a shared pool). */
export const arrayBuffer = (u: Uint8Array): ArrayBuffer => new Uint8Array(u).buffer;

/** A private key ready for signing, with the algorithm that signatures made by it use. */
export interface SigningKey {
  privateKey: CryptoKey;
  /** WebCrypto parameters for `sign` (and the hash that pkijs puts in certificates and CMS). */
  algorithm: { name: 'RSASSA-PKCS1-v1_5' | 'ECDSA'; hash: 'SHA-256' | 'SHA-384' | 'SHA-512' };
}

const CURVES: Record<string, { curve: string; hash: SigningKey['algorithm']['hash'] }> = {
  '1.2.840.10045.3.1.7': { curve: 'P-256', hash: 'SHA-256' },
  '1.3.132.0.34': { curve: 'P-384', hash: 'SHA-384' },
  '1.3.132.0.35': { curve: 'P-521', hash: 'SHA-512' },
};

/** Imports a PKCS#8 private key (RSA or EC) as a non-extractable signing key. */
export async function importPkcs8(der: Uint8Array): Promise<SigningKey> {
  const info = PrivateKeyInfo.fromBER(arrayBuffer(der));
  const oid = info.privateKeyAlgorithm.algorithmId;
  if (oid === '1.2.840.113549.1.1.1') {
    const algorithm = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' } as const;
    return { privateKey: await subtle.importKey('pkcs8', der, algorithm, false, ['sign']), algorithm };
  }
  if (oid === '1.2.840.10045.2.1') {
    const params = info.privateKeyAlgorithm.algorithmParams as
      { valueBlock?: { toString(): string } } | undefined;
    const curve = CURVES[params?.valueBlock?.toString() ?? ''];
    if (!curve) throw new Error('Unsupported elliptic curve in the signing key.');
    const privateKey = await subtle.importKey(
      'pkcs8',
      der,
      { name: 'ECDSA', namedCurve: curve.curve },
      false,
      ['sign'],
    );
    return { privateKey, algorithm: { name: 'ECDSA', hash: curve.hash } };
  }
  throw new Error(`Unsupported signing key algorithm ${oid}.`);
}

/** PEM (RFC 7468) armour. */
export const pem = {
  encode(der: Uint8Array, label: string): string {
    const lines =
      Buffer.from(der)
        .toString('base64')
        .match(/.{1,64}/g) ?? [];
    return `-----BEGIN ${label}-----\n${lines.join('\n')}\n-----END ${label}-----\n`;
  },
  /** Every block with this label, in order. */
  decode(text: string, label: string): Uint8Array[] {
    const re = new RegExp(`-----BEGIN ${label}-----([^-]+)-----END ${label}-----`, 'g');
    return [...text.matchAll(re)].map(
      (m) => new Uint8Array(Buffer.from(m[1]!.replace(/\s+/g, ''), 'base64')),
    );
  },
};

/** A fresh key pair; `exportable` only for keys written to disk once (then re-imported locked). */
export async function generateKeyPair(
  kind: 'rsa-3072' | 'ec-p256',
  exportable: boolean,
): Promise<webcrypto.CryptoKeyPair> {
  const algorithm =
    kind === 'rsa-3072'
      ? {
          name: 'RSASSA-PKCS1-v1_5',
          modulusLength: 3072,
          publicExponent: new Uint8Array([1, 0, 1]),
          hash: 'SHA-256',
        }
      : { name: 'ECDSA', namedCurve: 'P-256' };
  return (await subtle.generateKey(algorithm, exportable, ['sign', 'verify'])) as webcrypto.CryptoKeyPair;
}

/** Checks that a private key belongs to a certificate by signing and verifying a challenge. */
export async function keyMatchesCertificate(key: SigningKey, cert: Certificate): Promise<boolean> {
  const challenge = webcrypto.getRandomValues(new Uint8Array(32));
  const signature = await subtle.sign(key.algorithm, key.privateKey, challenge);
  const spki = cert.subjectPublicKeyInfo.toSchema().toBER();
  const importAlg =
    key.algorithm.name === 'ECDSA'
      ? { name: 'ECDSA', namedCurve: (key.privateKey.algorithm as webcrypto.EcKeyAlgorithm).namedCurve }
      : key.algorithm;
  const publicKey = await subtle.importKey('spki', spki, importAlg, false, ['verify']);
  return subtle.verify(key.algorithm, publicKey, signature, challenge);
}
