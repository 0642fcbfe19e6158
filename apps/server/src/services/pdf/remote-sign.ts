import { createHash, createPublicKey, verify } from 'node:crypto';
import * as asn1js from 'asn1js';
import {
  AlgorithmIdentifier,
  Certificate,
  EncapsulatedContentInfo,
  IssuerAndSerialNumber,
  SignedAndUnsignedAttributes,
  SignedData,
  SignerInfo,
} from 'pkijs';
import { arrayBuffer } from './ca/keys.ts';
import { CMS_OID, finishCms, signedAttributes } from './cms.ts';
import { GrowingPdf } from './growing-pdf.ts';
import { completeSignature, type SignatureFieldSpec, type SignatureLayout } from './layout.ts';
import { SHA256_OID, type TsaOptions } from './tsa.ts';
import { defaultRun, type PdfRun } from './workers.ts';

/**
 * PAdES signing with a key held elsewhere (a QTSP's CSC API, SCAL2): in two phases, because between them
 * the signee authorizes exactly this hash at the QTSP. Phase 1 lays out the update and builds the CMS
 * signed attributes (the same as cms.ts builds for local keys); phase 2 takes the QTSP's signature value
 * and assembles the CMS with the QTSP's certificate chain and a signature time-stamp (PAdES B-T).
 */

/** signAlgo OIDs of CSC (what the QTSP signs with) and how the CMS names the algorithm. */
const ECDSA_SHA256 = '1.2.840.10045.4.3.2';
const EC_PUBLIC_KEY = '1.2.840.10045.2.1';
const RSA_ENCRYPTION = '1.2.840.113549.1.1.1';
const SHA256_WITH_RSA = '1.2.840.113549.1.1.11';

export type RemoteKeyKind = 'ecdsa' | 'rsa';

/** The kind of signature a CSC signAlgo (with SHA-256) makes; Error for anything else. */
export function remoteKeyKind(signAlgo: string): RemoteKeyKind {
  if (signAlgo === ECDSA_SHA256 || signAlgo === EC_PUBLIC_KEY) return 'ecdsa';
  if (signAlgo === SHA256_WITH_RSA || signAlgo === RSA_ENCRYPTION) return 'rsa';
  throw new Error(
    `Unsupported signature algorithm ${signAlgo} (ECDSA or RSA PKCS#1 v1.5 with SHA-256 only).`,
  );
}

export interface PrepareRemoteOptions {
  /** DER, the signer's (the QTSP credential's) certificate first, then its issuers. */
  certificates: Uint8Array[];
  field: SignatureFieldSpec;
  run?: PdfRun | undefined;
  /** The time-stamping authority of phase 2 (reserves room for its token); null: PAdES B-B. */
  tsa: TsaOptions | null;
}

export interface PreparedRemoteSignature {
  /** The update with /Contents still zeros (keep it until phase 2). */
  layout: SignatureLayout;
  /** DER of the SET OF signed attributes: what the QTSP's signature covers. */
  signedAttributes: Uint8Array;
  /** SHA-256 of `signedAttributes`: what the signee authorizes and the QTSP signs. */
  hash: Uint8Array;
}

/** Room in /Contents: the chain as given, the signature, attributes, and a time-stamp token with its chain. */
function contentsSizeFor(certificates: Uint8Array[], tsa: TsaOptions | null): number {
  const chain = certificates.reduce((sum, c) => sum + c.length, 0);
  return chain + 4096 + (tsa ? 16384 : 0);
}

const signedAttributesDer = (attrs: SignedAndUnsignedAttributes): Uint8Array => {
  const der = new Uint8Array(attrs.toSchema().toBER());
  der[0] = 0x31; // signed with the SET OF tag (RFC 5652 §5.4), carried as [0] IMPLICIT
  return der;
};

/** Phase 1: the signature's update laid out in a PDF worker, its signed attributes and their hash. */
export async function prepareRemoteSignature(
  pdf: Uint8Array,
  opts: PrepareRemoteOptions,
): Promise<PreparedRemoteSignature> {
  const leaf = opts.certificates[0];
  if (!leaf) throw new Error('A remote signature needs the signer certificate.');
  const { workers, owner } = defaultRun(opts.run);
  const file = GrowingPdf.of(pdf).bytes;
  const contentsSize = contentsSizeFor(opts.certificates, opts.tsa);
  const layout = await workers.run('layoutSignature', { pdf: file, field: opts.field, contentsSize }, owner);
  const der = signedAttributesDer(signedAttributes(layout.digest, leaf));
  return { layout, signedAttributes: der, hash: createHash('sha256').update(der).digest() };
}

export interface CompleteRemoteOptions {
  layout: SignatureLayout;
  signedAttributes: Uint8Array;
  /** The QTSP's signature value: ECDSA as DER Ecdsa-Sig-Value (raw r‖s is accepted too), RSA as is. */
  signature: Uint8Array;
  certificates: Uint8Array[];
  /** The CSC signAlgo the credential signed with. */
  signAlgo: string;
  tsa: TsaOptions | null;
}

/** An ECDSA signature as DER: CSC services should send DER; some send IEEE P1363 r‖s, converted here. */
export function ecdsaDer(signature: Uint8Array): Uint8Array {
  if (signature[0] === 0x30) {
    const parsed = asn1js.fromBER(arrayBuffer(signature));
    if (parsed.offset === signature.length && parsed.result instanceof asn1js.Sequence) return signature;
  }
  if (signature.length % 2 !== 0 || signature.length < 64) {
    throw new Error('The ECDSA signature is neither DER nor r‖s.');
  }
  const half = signature.length / 2;
  const int = (b: Uint8Array) => asn1js.Integer.fromBigInt(BigInt(`0x${Buffer.from(b).toString('hex')}`));
  const seq = new asn1js.Sequence({
    value: [int(signature.subarray(0, half)), int(signature.subarray(half))],
  });
  return new Uint8Array(seq.toBER());
}

/** Whether the messageDigest of the signed attributes is the layout's digest (phase 2 got phase 1's data). */
function digestOf(attrs: SignedAndUnsignedAttributes): Uint8Array | null {
  const attr = attrs.attributes.find((a) => a.type === CMS_OID.messageDigest);
  const value = attr?.values[0];
  return value instanceof asn1js.OctetString ? value.valueBlock.valueHexView : null;
}

/**
 * Phase 2: the CMS SignedData with the QTSP's signature value, written into the update laid out in phase 1
 * and appended to `pdf` (the same bytes as phase 1 had). The signature is checked against the signer
 * certificate's key first: a wrong or mismatched one never reaches a document.
 */
export async function completeRemoteSignature(
  pdf: Uint8Array,
  opts: CompleteRemoteOptions,
): Promise<Uint8Array> {
  const kind = remoteKeyKind(opts.signAlgo);
  const [leafDer] = opts.certificates;
  if (!leafDer) throw new Error('A remote signature needs the signer certificate.');
  const { layout } = opts;
  const digest = createHash('sha256')
    .update(pdf)
    .update(layout.update.subarray(0, layout.contentsStart - 1))
    .update(layout.update.subarray(layout.contentsEnd + 1))
    .digest();
  const tagged = new Uint8Array(opts.signedAttributes);
  tagged[0] = 0xa0;
  const attrs = new SignedAndUnsignedAttributes({
    type: 0,
    schema: asn1js.fromBER(arrayBuffer(tagged)).result,
  });
  const signedDigest = digestOf(attrs);
  if (
    !digest.equals(Buffer.from(layout.digest)) ||
    !signedDigest ||
    !digest.equals(Buffer.from(signedDigest))
  ) {
    throw new Error('The PDF or the signed attributes are not the ones prepared for this signature.');
  }
  const signature = kind === 'ecdsa' ? ecdsaDer(opts.signature) : opts.signature;
  const leaf = Certificate.fromBER(arrayBuffer(leafDer));
  const spki = createPublicKey({
    key: Buffer.from(leaf.subjectPublicKeyInfo.toSchema().toBER()),
    format: 'der',
    type: 'spki',
  });
  if (!verify('sha256', opts.signedAttributes, spki, signature)) {
    throw new Error('The remote signature does not verify with the signer certificate.');
  }
  const sha256 = new AlgorithmIdentifier({ algorithmId: SHA256_OID, algorithmParams: new asn1js.Null() });
  const signerInfo = new SignerInfo({
    version: 1,
    sid: new IssuerAndSerialNumber({ issuer: leaf.issuer, serialNumber: leaf.serialNumber }),
    digestAlgorithm: sha256,
    signedAttrs: attrs,
    signatureAlgorithm:
      kind === 'ecdsa'
        ? new AlgorithmIdentifier({ algorithmId: ECDSA_SHA256 })
        : new AlgorithmIdentifier({ algorithmId: SHA256_WITH_RSA, algorithmParams: new asn1js.Null() }),
    signature: new asn1js.OctetString({ valueHex: arrayBuffer(signature) }),
  });
  const signed = new SignedData({
    version: 1,
    digestAlgorithms: [sha256],
    encapContentInfo: new EncapsulatedContentInfo({ eContentType: CMS_OID.data }),
    signerInfos: [signerInfo],
    certificates: opts.certificates.map((der) => Certificate.fromBER(arrayBuffer(der))),
  });
  const cms = await finishCms(signed, signerInfo, opts.tsa);
  return completeSignature(pdf, layout, cms);
}
