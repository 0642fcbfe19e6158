import * as asn1js from 'asn1js';
import {
  Certificate,
  CertificateRevocationList,
  ContentInfo,
  IssuerAndSerialNumber,
  SignedData,
  TSTInfo,
  type SignerInfo,
} from 'pkijs';
import type { CheckState } from '@sinetti/contract';
import { digest, hashName, verifySignature } from './crypto.ts';

const OID = {
  signedData: '1.2.840.113549.1.7.2',
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
  signatureTimeStampToken: '1.2.840.113549.1.9.16.2.14',
  tstInfo: '1.2.840.113549.1.9.16.1.4',
  commonName: '2.5.4.3',
  email: '1.2.840.113549.1.9.1',
  sanExtension: '2.5.29.17',
} as const;

/** A CMS SignedData read from untrusted bytes (trailing zero padding of /Contents allowed). */
export function parseSignedData(der: Uint8Array): SignedData | null {
  try {
    const parsed = asn1js.fromBER(new Uint8Array(der).buffer);
    if (parsed.offset === -1) return null;
    const info = new ContentInfo({ schema: parsed.result });
    if (info.contentType !== OID.signedData) return null;
    const signed = new SignedData({ schema: info.content });
    return signed.signerInfos.length > 0 ? signed : null;
  } catch {
    return null;
  }
}

export const certificatesOf = (signed: SignedData): Certificate[] =>
  (signed.certificates ?? []).filter((c): c is Certificate => c instanceof Certificate);

export const crlsOf = (signed: SignedData): CertificateRevocationList[] =>
  (signed.crls ?? []).filter((c): c is CertificateRevocationList => c instanceof CertificateRevocationList);

/** The certificate a SignerInfo names (issuer and serial number, or subject key identifier). */
export function signerCertificate(signed: SignedData, info: SignerInfo): Certificate | null {
  const certs = certificatesOf(signed);
  if (info.sid instanceof IssuerAndSerialNumber) {
    const sid = info.sid;
    return (
      certs.find((c) => c.issuer.isEqual(sid.issuer) && c.serialNumber.isEqual(sid.serialNumber)) ?? null
    );
  }
  const keyId = Buffer.from((info.sid as asn1js.OctetString).valueBlock?.valueHexView ?? []);
  return (
    certs.find((c) => {
      const ext = c.extensions?.find((e) => e.extnID === '2.5.29.14');
      const value = ext?.parsedValue as asn1js.OctetString | undefined;
      return value && Buffer.from(value.valueBlock.valueHexView).equals(keyId);
    }) ?? null
  );
}

const attribute = (info: SignerInfo, type: string, unsigned = false) =>
  (unsigned ? info.unsignedAttrs : info.signedAttrs)?.attributes.find((a) => a.type === type);

export interface SignerCheck {
  cert: Certificate | null;
  /** The content hashes to the signed message digest (or, without signed attributes, the signature covers it). */
  intact: CheckState;
  signatureValid: CheckState;
  hash: string | null;
}

/**
 * Checks the first SignerInfo of `signed` over `content` (the PDF's covered bytes, or a token's TSTInfo):
 * the message digest, then the signature over the DER of the signed attributes with the signer's key.
 */
export function checkSigner(signed: SignedData, content: Uint8Array[]): SignerCheck {
  const info = signed.signerInfos[0]!;
  const cert = signerCertificate(signed, info);
  const hash = hashName(info.digestAlgorithm.algorithmId);
  const signature = info.signature.valueBlock.valueHexView;
  if (!hash) return { cert, intact: 'unknown', signatureValid: 'unknown', hash };
  const verdict = (ok: boolean | null): CheckState => (ok === null ? 'unknown' : ok ? 'ok' : 'failed');
  if (!info.signedAttrs) {
    const valid = cert
      ? verifySignature(cert, info.signatureAlgorithm, concat(content), signature, hash)
      : null;
    return { cert, intact: verdict(valid), signatureValid: verdict(valid), hash };
  }
  const md = attribute(info, OID.messageDigest)?.values[0];
  const expected = md instanceof asn1js.OctetString ? Buffer.from(md.valueBlock.valueHexView) : null;
  const intact: CheckState = expected && expected.equals(digest(hash, content)) ? 'ok' : 'failed';
  // The signature covers the attributes' DER as a SET (tag 0x31), not the [0] IMPLICIT form in the SignerInfo.
  const encoded = new Uint8Array(info.signedAttrs.encodedValue);
  encoded[0] = 0x31;
  const valid = cert ? verifySignature(cert, info.signatureAlgorithm, encoded, signature, hash) : null;
  return { cert, intact, signatureValid: verdict(valid), hash };
}

function concat(parts: Uint8Array[]): Uint8Array {
  return parts.length === 1 ? parts[0]! : Buffer.concat(parts);
}

/** The signing-time signed attribute, if the signer's software wrote one. */
export function claimedSigningTime(info: SignerInfo): Date | null {
  const value = attribute(info, OID.signingTime)?.values[0];
  if (value instanceof asn1js.UTCTime || value instanceof asn1js.GeneralizedTime) return value.toDate();
  return null;
}

export interface TokenCheck {
  signed: SignedData;
  time: Date;
  cert: Certificate | null;
  /** The imprint is the digest of the time-stamped data. */
  imprintOk: boolean;
  /** The TSA's signature over the TSTInfo verifies. */
  signatureOk: boolean;
  /** Both. */
  valid: boolean;
}

/** Checks an RFC 3161 token (a SignedData of a TSTInfo) over `data` (its imprint must be data's digest). */
export function checkTimestampToken(signed: SignedData, data: Uint8Array[]): TokenCheck | null {
  const eContent = signed.encapContentInfo.eContent;
  if (signed.encapContentInfo.eContentType !== OID.tstInfo || !eContent) return null;
  let tst: TSTInfo;
  try {
    tst = TSTInfo.fromBER(eContent.getValue());
  } catch {
    return null;
  }
  const hash = hashName(tst.messageImprint.hashAlgorithm.algorithmId);
  const imprint = Buffer.from(tst.messageImprint.hashedMessage.valueBlock.valueHexView);
  const imprintOk = hash !== null && imprint.equals(digest(hash, data));
  const signer = checkSigner(signed, [new Uint8Array(eContent.getValue())]);
  const signatureOk = signer.intact === 'ok' && signer.signatureValid === 'ok';
  return {
    signed,
    time: tst.genTime,
    cert: signer.cert,
    imprintOk,
    signatureOk,
    valid: imprintOk && signatureOk,
  };
}

/** The signature time-stamp token of a SignerInfo (unsigned attribute), checked over its signature value. */
export function signatureTimestamp(info: SignerInfo): TokenCheck | null {
  const value = attribute(info, OID.signatureTimeStampToken, true)?.values[0];
  if (!value) return null;
  try {
    const token = new ContentInfo({ schema: value });
    if (token.contentType !== OID.signedData) return null;
    const signed = new SignedData({ schema: token.content });
    return checkTimestampToken(signed, [info.signature.valueBlock.valueHexView]);
  } catch {
    return null;
  }
}

/** A readable name (CN, else the whole DN) and e-mail (subject emailAddress or rfc822Name SAN). */
export function describeSigner(cert: Certificate | null): { name: string; email: string | null } {
  if (!cert) return { name: '', email: null };
  const rdn = (oid: string) =>
    cert.subject.typesAndValues.find((t) => t.type === oid)?.value.valueBlock.value as string | undefined;
  let email = rdn(OID.email) ?? null;
  if (!email) {
    const san = cert.extensions?.find((e) => e.extnID === OID.sanExtension)?.parsedValue as
      { altNames?: { type: number; value: unknown }[] } | undefined;
    const entry = san?.altNames?.find((n) => n.type === 1);
    email = typeof entry?.value === 'string' ? entry.value : null;
  }
  return { name: rdn(OID.commonName) ?? distinguishedName(cert.subject), email };
}

const SHORT: Record<string, string> = {
  '2.5.4.3': 'CN',
  '2.5.4.10': 'O',
  '2.5.4.11': 'OU',
  '2.5.4.6': 'C',
  '2.5.4.7': 'L',
  '2.5.4.8': 'ST',
  '1.2.840.113549.1.9.1': 'E',
  '2.5.4.5': 'SERIALNUMBER',
  '2.5.4.42': 'GIVENNAME',
  '2.5.4.4': 'SURNAME',
  '2.5.4.97': 'ORGANIZATIONIDENTIFIER',
};

/** A distinguished name as text, e.g. "CN=Sinetti Signing CA, O=Sinetti". */
export function distinguishedName(n: Certificate['subject']): string {
  return n.typesAndValues
    .map((t) => `${SHORT[t.type] ?? t.type}=${String(t.value.valueBlock.value ?? '')}`)
    .join(', ');
}
