import { webcrypto } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { certificateDer, createCertificate } from '../src/services/pdf/ca/certificates.ts';
import { generateKeyPair } from '../src/services/pdf/ca/keys.ts';
import { prepareForSigning, verifyWithPdfsig } from '../src/services/pdf/index.ts';
import type { SignatureFieldSpec } from '../src/services/pdf/layout.ts';
import {
  completeRemoteSignature,
  prepareRemoteSignature,
  remoteKeyKind,
} from '../src/services/pdf/remote-sign.ts';
import { cmsOf, makePdf, removeTempDirs } from './pdf-fixtures.ts';

// Two-phase PAdES signing with a key held elsewhere (pdf/remote-sign.ts), without a CSC service: the
// "QTSP" here is a WebCrypto key. RSA PKCS#1 v1.5 and ECDSA (its raw r‖s converted to DER) both verify.

const signedAt = new Date('2026-06-01T09:00:00Z');
const field: SignatureFieldSpec = { fieldPrefix: 'Signee', stamp: null, signedAt, name: 'Remote Signer' };
let prepared: Uint8Array;

interface RemoteKey {
  der: Uint8Array;
  sign: (data: Uint8Array) => Promise<Uint8Array>;
}

async function remoteKey(kind: 'rsa-3072' | 'ec-p256', name: string): Promise<RemoteKey> {
  const pair = await generateKeyPair(kind, false);
  const algorithm = kind === 'ec-p256' ? { name: 'ECDSA', hash: 'SHA-256' } : { name: 'RSASSA-PKCS1-v1_5' };
  const cert = await createCertificate({
    kind: 'signer',
    subject: { commonName: name },
    publicKey: pair.publicKey,
    notBefore: new Date(Date.now() - 86_400_000),
    notAfter: new Date(Date.now() + 86_400_000),
    selfKey: { privateKey: pair.privateKey, algorithm: { name: algorithm.name as 'ECDSA', hash: 'SHA-256' } },
  });
  return {
    der: certificateDer(cert),
    // WebCrypto's ECDSA signature is IEEE P1363 r‖s, as some CSC services answer.
    sign: async (data) => new Uint8Array(await webcrypto.subtle.sign(algorithm, pair.privateKey, data)),
  };
}

let rsa: RemoteKey;
let ec: RemoteKey;

beforeAll(async () => {
  ({ pdf: prepared } = await prepareForSigning(
    await makePdf(1),
    [{ name: 'Remote Signer', email: 'remote@example.com', level: 'Qualified' }],
    { documentName: 'Remote.pdf', documentId: 'doc-remote', lang: 'en' },
  ));
  rsa = await remoteKey('rsa-3072', 'Remote RSA Signer');
  ec = await remoteKey('ec-p256', 'Remote EC Signer');
});

afterAll(removeTempDirs);

async function signRemotely(key: RemoteKey, signAlgo: string, pdf = prepared): Promise<Uint8Array> {
  const prep = await prepareRemoteSignature(prepared, { certificates: [key.der], field, tsa: null });
  const signature = await key.sign(prep.signedAttributes);
  return completeRemoteSignature(pdf, { ...prep, signature, certificates: [key.der], signAlgo, tsa: null });
}

describe('remote PAdES signing in two phases', () => {
  for (const [label, pick, signAlgo, cmsAlgo] of [
    [
      'RSA PKCS#1 v1.5 (sha256WithRSAEncryption)',
      () => rsa,
      '1.2.840.113549.1.1.11',
      '1.2.840.113549.1.1.11',
    ],
    ['RSA PKCS#1 v1.5 (rsaEncryption + SHA-256)', () => rsa, '1.2.840.113549.1.1.1', '1.2.840.113549.1.1.11'],
    ['ECDSA P-256 with SHA-256, r‖s', () => ec, '1.2.840.10045.4.3.2', '1.2.840.10045.4.3.2'],
  ] as const) {
    it(`makes a signature pdfsig calls valid: ${label}`, async () => {
      const key = pick();
      const signed = await signRemotely(key, signAlgo);
      const { signatures, output } = await verifyWithPdfsig(signed);
      expect(signatures, output).toHaveLength(1);
      expect(signatures[0]!.validity, output).toBe('valid');
      expect(signatures[0]!.signedBy).toBe(key === rsa ? 'Remote RSA Signer' : 'Remote EC Signer');
      expect(cmsOf(signed, 0).signed.signerInfos[0]!.signatureAlgorithm.algorithmId).toBe(cmsAlgo);
    });
  }

  it('refuses a signature by another key, another PDF and an unsupported algorithm', async () => {
    const prep = await prepareRemoteSignature(prepared, { certificates: [ec.der], field, tsa: null });
    const complete = (pdf: Uint8Array, signature: Uint8Array, signAlgo = '1.2.840.10045.4.3.2') =>
      completeRemoteSignature(pdf, { ...prep, signature, certificates: [ec.der], signAlgo, tsa: null });
    const other = await remoteKey('ec-p256', 'Someone Else');
    await expect(complete(prepared, await other.sign(prep.signedAttributes))).rejects.toThrow(
      /does not verify/,
    );
    const changed = new Uint8Array(prepared);
    changed[20] = changed[20]! ^ 1;
    await expect(complete(changed, await ec.sign(prep.signedAttributes))).rejects.toThrow(
      /not the ones prepared/,
    );
    await expect(
      complete(prepared, await ec.sign(prep.signedAttributes), '1.2.840.10045.4.3.3'),
    ).rejects.toThrow(/Unsupported signature algorithm/);
    expect(() => remoteKeyKind('1.2.840.113549.1.1.10')).toThrow();
  });
});
