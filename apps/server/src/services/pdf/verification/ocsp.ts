import { createHash } from 'node:crypto';
import * as asn1js from 'asn1js';
import type { Certificate } from 'pkijs';
import { BasicOCSPResponse, OCSPResponse, type SignedData, type SingleResponse } from 'pkijs';
import { hashName, nameKey, signedBy } from './crypto.ts';

/** id-pkix-ocsp-basic (RFC 6960 §4.2.1) and id-kp-OCSPSigning (RFC 6960 §4.2.2.2). */
const BASIC_RESPONSE = '1.3.6.1.5.5.7.48.1.1';
const OCSP_SIGNING = '1.3.6.1.5.5.7.3.9';
const EXTENDED_KEY_USAGE = '2.5.29.37';

export type OcspStatus = 'good' | 'revoked' | 'unknown';

/** The basic response of a DER OCSPResponse (status "successful"), or null when it is anything else. */
export function parseOcspResponse(der: Uint8Array): BasicOCSPResponse | null {
  try {
    const outer = OCSPResponse.fromBER(new Uint8Array(der).buffer);
    if (outer.responseStatus.valueBlock.valueDec !== 0 || !outer.responseBytes) return null;
    if (outer.responseBytes.responseType !== BASIC_RESPONSE) return null;
    return BasicOCSPResponse.fromBER(
      new Uint8Array(outer.responseBytes.response.valueBlock.valueHexView).buffer,
    );
  } catch {
    return null;
  }
}

const bytesEqual = (a: ArrayBuffer | Uint8Array, b: ArrayBuffer | Uint8Array) =>
  Buffer.from(a instanceof Uint8Array ? a : new Uint8Array(a)).equals(
    Buffer.from(b instanceof Uint8Array ? b : new Uint8Array(b)),
  );

const delegatedSigner = (cert: Certificate) =>
  cert.extensions?.some(
    (e) =>
      e.extnID === EXTENDED_KEY_USAGE &&
      (e.parsedValue as { keyPurposes?: string[] } | undefined)?.keyPurposes?.includes(OCSP_SIGNING),
  ) === true;

/** The response data's signature, as a "signed" object for signedBy (tbs bytes, algorithm, value). */
const asSigned = (basic: BasicOCSPResponse) => ({
  tbsView: new Uint8Array(basic.tbsResponseData.tbsView),
  signatureAlgorithm: basic.signatureAlgorithm,
  signatureValue: basic.signature,
});

/**
 * Whether `basic` was signed by `issuer` itself, or by a delegated responder certificate it carries that
 * `issuer` issued with extendedKeyUsage OCSPSigning (RFC 6960 §4.2.2.2). Nothing else is an authorized responder.
 */
export function signedByIssuerOrDelegate(basic: BasicOCSPResponse, issuer: Certificate): boolean {
  const signed = asSigned(basic);
  if (signedBy(signed, issuer)) return true;
  const issuerName = nameKey(issuer.subject);
  return (basic.certs ?? []).some(
    (responder) =>
      nameKey(responder.issuer) === issuerName &&
      delegatedSigner(responder) &&
      signedBy(responder, issuer) &&
      signedBy(signed, responder),
  );
}

/** Whether a single response's CertID names `cert` issued by `issuer` (serial, issuer name and key hashes). */
function names(single: SingleResponse, cert: Certificate, issuer: Certificate): boolean {
  const id = single.certID;
  if (!id.serialNumber.isEqual(cert.serialNumber)) return false;
  const hash = hashName(id.hashAlgorithm.algorithmId);
  if (!hash) return false;
  const nameHash = createHash(hash).update(Buffer.from(issuer.subject.toSchema().toBER())).digest();
  const keyHash = createHash(hash)
    .update(issuer.subjectPublicKeyInfo.subjectPublicKey.valueBlock.valueHexView)
    .digest();
  return (
    bytesEqual(id.issuerNameHash.valueBlock.valueHexView, nameHash) &&
    bytesEqual(id.issuerKeyHash.valueBlock.valueHexView, keyHash)
  );
}

/** What an authorized OCSP response says about one certificate, and for which period (RFC 6960 §4.2.2.1). */
export interface OcspAnswer {
  status: OcspStatus;
  thisUpdate: Date;
  nextUpdate: Date | null;
}

/**
 * The answer that an authorized OCSP response gives `cert` at `at`: revoked when it says so with a
 * revocation time not after `at`, good when it says good; null when the response does not speak for it
 * (another certificate, another issuer, or a signature that does not verify). Freshness is the caller's.
 */
export function ocspStatus(
  basic: BasicOCSPResponse,
  cert: Certificate,
  issuer: Certificate,
  at: Date,
): OcspAnswer | null {
  const single = basic.tbsResponseData.responses.find((r) => names(r, cert, issuer));
  if (!single || !signedByIssuerOrDelegate(basic, issuer)) return null;
  const period = { thisUpdate: single.thisUpdate, nextUpdate: single.nextUpdate ?? null };
  const status = single.certStatus as asn1js.BaseBlock;
  if (status.idBlock.tagClass !== 3) return null;
  if (status.idBlock.tagNumber === 0) return { status: 'good', ...period };
  if (status.idBlock.tagNumber === 1) {
    const value = (status as asn1js.Constructed).valueBlock.value?.[0];
    const when = value instanceof asn1js.GeneralizedTime ? value.toDate() : null;
    return { status: when && when > at ? 'good' : 'revoked', ...period };
  }
  return { status: 'unknown', ...period };
}

/** adbe-revocationInfoArchival (ISO 32000-1 §12.8.3.3.2): a signed attribute with the signer's CRLs and OCSPs. */
const REVOCATION_INFO_ARCHIVAL = '1.2.840.113583.1.1.8';

/** The OCSP responses in the signed adbe-revocationInfoArchival attributes of a CMS's signers. */
export function archivedOcsps(signed: SignedData): BasicOCSPResponse[] {
  const out: BasicOCSPResponse[] = [];
  for (const info of signed.signerInfos) {
    const attr = info.signedAttrs?.attributes.find((a) => a.type === REVOCATION_INFO_ARCHIVAL);
    const archival = attr?.values[0] as asn1js.Sequence | undefined;
    for (const part of archival?.valueBlock?.value ?? []) {
      if (part.idBlock.tagClass !== 3 || part.idBlock.tagNumber !== 1) continue;
      const list = (part as asn1js.Constructed).valueBlock.value[0] as asn1js.Sequence | undefined;
      for (const item of list?.valueBlock?.value ?? []) {
        const basic = parseOcspResponse(new Uint8Array(item.toBER()));
        if (basic) out.push(basic);
      }
    }
  }
  return out;
}
