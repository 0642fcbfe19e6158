import { createHash } from 'node:crypto';
import * as asn1js from 'asn1js';
import {
  Attribute,
  Certificate,
  ContentInfo,
  EncapsulatedContentInfo,
  IssuerAndSerialNumber,
  SignedAndUnsignedAttributes,
  SignedData,
  SignerInfo,
} from 'pkijs';
import type { SignerIdentity } from './ca/identities.ts';
import { requestTimestamp, type TsaOptions } from './tsa.ts';
import { arrayBuffer } from './ca/keys.ts';

export const CMS_OID = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  signatureTimeStampToken: '1.2.840.113549.1.9.16.2.14',
} as const;

/**
 * ESS signing-certificate-v2 (RFC 5035) with one ESSCertIDv2: the SHA-256 hash of the signer's
 * certificate. hashAlgorithm is omitted (DER leaves out the SHA-256 default) and so is issuerSerial,
 * as ETSI EN 319 122-1 §5.2.2.3 recommends.
 */
export function signingCertificateV2(certDer: Uint8Array): asn1js.Sequence {
  const hash = createHash('sha256').update(certDer).digest();
  const essCertIdV2 = new asn1js.Sequence({ value: [new asn1js.OctetString({ valueHex: hash })] });
  return new asn1js.Sequence({ value: [new asn1js.Sequence({ value: [essCertIdV2] })] });
}

export interface CmsOptions {
  /** SHA-256 of the signed byte ranges. */
  digest: Uint8Array;
  signer: SignerIdentity;
  /** Further certificates to embed (the CA's), DER. */
  chain: Uint8Array[];
  /** With a TSA: a signature time-stamp as unsigned attribute (PAdES B-T); without: PAdES B-B. */
  tsa?: TsaOptions | null | undefined;
}

/**
 * The signed attributes of a PAdES signature (ETSI EN 319 142-1 baseline B-B): content-type,
 * message-digest and signing-certificate-v2 only — no signing-time (the PDF's /M holds it). The same for a
 * signature made here and for one a QTSP makes remotely (remote-sign.ts).
 */
export function signedAttributes(digest: Uint8Array, signerDer: Uint8Array): SignedAndUnsignedAttributes {
  return new SignedAndUnsignedAttributes({
    type: 0,
    attributes: [
      new Attribute({
        type: CMS_OID.contentType,
        values: [new asn1js.ObjectIdentifier({ value: CMS_OID.data })],
      }),
      new Attribute({
        type: CMS_OID.messageDigest,
        values: [new asn1js.OctetString({ valueHex: digest })],
      }),
      new Attribute({
        type: CMS_OID.signingCertificateV2,
        values: [signingCertificateV2(signerDer)],
      }),
    ],
  });
}

/**
 * The signed SignedData's last steps: with a TSA, a signature time-stamp over the signature value as
 * unsigned attribute (PAdES B-T); then the ContentInfo, DER.
 */
export async function finishCms(
  signed: SignedData,
  signerInfo: SignerInfo,
  tsa: TsaOptions | null | undefined,
): Promise<Uint8Array> {
  if (tsa) {
    const token = await requestTimestamp(tsa, signerInfo.signature.valueBlock.valueHexView);
    signerInfo.unsignedAttrs = new SignedAndUnsignedAttributes({
      type: 1,
      attributes: [new Attribute({ type: CMS_OID.signatureTimeStampToken, values: [token.toSchema()] })],
    });
  }
  const info = new ContentInfo({ contentType: CMS_OID.signedData, content: signed.toSchema(true) });
  return new Uint8Array(info.toSchema().toBER());
}

/** A detached CMS SignedData (RFC 5652) for PAdES, signed here with `signer`'s key. */
export async function buildCmsSignature(opts: CmsOptions): Promise<Uint8Array> {
  const cert = opts.signer.certificate;
  const signerInfo = new SignerInfo({
    version: 1,
    sid: new IssuerAndSerialNumber({ issuer: cert.issuer, serialNumber: cert.serialNumber }),
    signedAttrs: signedAttributes(opts.digest, opts.signer.der),
  });
  const signed = new SignedData({
    version: 1,
    encapContentInfo: new EncapsulatedContentInfo({ eContentType: CMS_OID.data }),
    signerInfos: [signerInfo],
    certificates: [cert, ...opts.chain.map((der) => Certificate.fromBER(arrayBuffer(der)))],
  });
  await signed.sign(opts.signer.key.privateKey, 0, opts.signer.key.algorithm.hash);
  return finishCms(signed, signerInfo, opts.tsa);
}
