import { createHash, createPublicKey, constants, verify, type KeyObject } from 'node:crypto';
import type * as asn1js from 'asn1js';
import { RSASSAPSSParams, type AlgorithmIdentifier, type Certificate } from 'pkijs';

/** Digest algorithms a signature of an untrusted PDF may name (node's names). */
const HASHES: Record<string, string> = {
  '1.3.14.3.2.26': 'sha1',
  '2.16.840.1.101.3.4.2.1': 'sha256',
  '2.16.840.1.101.3.4.2.2': 'sha384',
  '2.16.840.1.101.3.4.2.3': 'sha512',
};

/** Signature algorithms: the digest they imply (null: the digest comes from elsewhere, e.g. rsaEncryption). */
const SIGNATURES: Record<string, { hash: string | null; kind: 'rsa' | 'pss' | 'ecdsa' | 'eddsa' }> = {
  '1.2.840.113549.1.1.1': { hash: null, kind: 'rsa' },
  '1.2.840.113549.1.1.5': { hash: 'sha1', kind: 'rsa' },
  '1.2.840.113549.1.1.11': { hash: 'sha256', kind: 'rsa' },
  '1.2.840.113549.1.1.12': { hash: 'sha384', kind: 'rsa' },
  '1.2.840.113549.1.1.13': { hash: 'sha512', kind: 'rsa' },
  '1.2.840.113549.1.1.10': { hash: null, kind: 'pss' },
  '1.2.840.10045.2.1': { hash: null, kind: 'ecdsa' },
  '1.2.840.10045.4.3.2': { hash: 'sha256', kind: 'ecdsa' },
  '1.2.840.10045.4.3.3': { hash: 'sha384', kind: 'ecdsa' },
  '1.2.840.10045.4.3.4': { hash: 'sha512', kind: 'ecdsa' },
  '1.3.101.112': { hash: null, kind: 'eddsa' },
};

/** Node's name of a digest algorithm OID, or null when it is not supported. */
export const hashName = (oid: string): string | null => HASHES[oid] ?? null;

/** The digest of several byte ranges. */
export function digest(algorithm: string, parts: Uint8Array[]): Buffer {
  const h = createHash(algorithm);
  for (const p of parts) h.update(p);
  return h.digest();
}

const keys = new WeakMap<Certificate, KeyObject>();

function publicKeyOf(cert: Certificate): KeyObject {
  let key = keys.get(cert);
  if (!key) {
    const spki = Buffer.from(cert.subjectPublicKeyInfo.toSchema().toBER());
    key = createPublicKey({ key: spki, format: 'der', type: 'spki' });
    keys.set(cert, key);
  }
  return key;
}

/**
 * Whether `signature` over `data` verifies with `cert`'s public key under `algorithm`
 * (`fallbackHash`: the digest when the algorithm does not imply one). Null: the algorithm is unsupported.
 */
export function verifySignature(
  cert: Certificate,
  algorithm: AlgorithmIdentifier,
  data: Uint8Array,
  signature: Uint8Array,
  fallbackHash?: string | null,
): boolean | null {
  const spec = SIGNATURES[algorithm.algorithmId];
  if (!spec) return null;
  try {
    const key = publicKeyOf(cert);
    if (spec.kind === 'eddsa') return verify(null, data, key, signature);
    if (spec.kind === 'pss') {
      const params = new RSASSAPSSParams({ schema: algorithm.algorithmParams });
      const hash = hashName(params.hashAlgorithm.algorithmId);
      if (!hash) return null;
      return verify(
        hash,
        data,
        { key, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: params.saltLength },
        signature,
      );
    }
    const hash = spec.hash ?? fallbackHash;
    if (!hash) return null;
    return verify(hash, data, key, signature);
  } catch {
    return false;
  }
}

/** Whether `cert` (or a CRL: anything with tbsView, signatureAlgorithm, signatureValue) was signed by `issuer`. */
const verified = new WeakMap<object, WeakMap<Certificate, boolean>>();

export function signedBy(
  signed: { tbsView: Uint8Array; signatureAlgorithm: AlgorithmIdentifier; signatureValue: asn1js.BitString },
  issuer: Certificate,
): boolean {
  let byIssuer = verified.get(signed);
  if (!byIssuer) verified.set(signed, (byIssuer = new WeakMap()));
  let ok = byIssuer.get(issuer);
  if (ok === undefined) {
    ok =
      verifySignature(
        issuer,
        signed.signatureAlgorithm,
        signed.tbsView,
        signed.signatureValue.valueBlock.valueHexView,
      ) === true;
    byIssuer.set(issuer, ok);
  }
  return ok;
}

/** DER of a name, for exact comparison of subject and issuer names. */
const names = new WeakMap<object, string>();
export function nameKey(n: { toSchema(): asn1js.AsnType }): string {
  let key = names.get(n);
  if (key === undefined) {
    key = Buffer.from(n.toSchema().toBER()).toString('hex');
    names.set(n, key);
  }
  return key;
}
