import { createHash, randomBytes } from 'node:crypto';
import * as asn1js from 'asn1js';
import {
  Accuracy,
  Attribute,
  ContentInfo,
  EncapsulatedContentInfo,
  IssuerAndSerialNumber,
  PKIStatusInfo,
  SignedAndUnsignedAttributes,
  SignedData,
  SignerInfo,
  TSTInfo,
  TimeStampReq,
  TimeStampResp,
} from 'pkijs';
import type { SigningCa } from './ca/ca.ts';
import { loadInstanceIdentity, TSA_IDENTITY } from './ca/identities.ts';
import { arrayBuffer } from './ca/keys.ts';
import { CMS_OID, signingCertificateV2 } from './cms.ts';
import { SHA256_OID, TST_INFO_OID } from './tsa.ts';

/**
 * The time-stamp policy of Sinetti's own time-stamping units (an OID under 2.25, the UUID arc of ITU-T
 * X.667, which needs no registration): time from the server's clock, accuracy one second.
 */
export const SINETTI_TSA_POLICY = '2.25.190215874417148338929094735104806331919';

const HASHES: Record<string, number> = {
  [SHA256_OID]: 32,
  '2.16.840.1.101.3.4.2.2': 48, // SHA-384
  '2.16.840.1.101.3.4.2.3': 64, // SHA-512
};

/** PKIFailureInfo bits (RFC 3161 §2.4.2). */
const FAIL = { badAlg: 0, badRequest: 2, badDataFormat: 5, unacceptedPolicy: 15, unacceptedExtension: 16 };

/** The request is not a TimeStampReq at all (not DER, wrong structure): the HTTP route answers 400. */
export class TimestampRequestError extends Error {
  override readonly name = 'TimestampRequestError';
}

/**
 * The instance's own RFC 3161 time-stamping unit: a key and certificate issued by the instance CA
 * (extendedKeyUsage timeStamping, critical), answering time-stamp requests in-process (signing) and at
 * POST /api/tsa (anyone). Tokens carry the TSA and CA certificates when asked (certReq).
 */
export class TimestampUnit {
  constructor(
    private readonly ca: SigningCa,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /** A DER TimeStampResp for a DER TimeStampReq: granted, or a rejection saying why (RFC 3161 §2.4.2). */
  async respond(requestDer: Uint8Array): Promise<Uint8Array> {
    let request: TimeStampReq;
    try {
      request = TimeStampReq.fromBER(arrayBuffer(requestDer));
    } catch (err) {
      throw new TimestampRequestError(`Not an RFC 3161 time-stamp request: ${(err as Error).message}`);
    }
    const refusal = refusalOf(request);
    const response =
      refusal === null
        ? new TimeStampResp({
            status: new PKIStatusInfo({ status: 0 }),
            timeStampToken: await this.token(request),
          })
        : new TimeStampResp({ status: new PKIStatusInfo({ status: 2, failInfo: failInfo(refusal) }) });
    return new Uint8Array(response.toSchema().toBER());
  }

  private async token(request: TimeStampReq): Promise<ContentInfo> {
    const tsa = await loadInstanceIdentity(this.ca, TSA_IDENTITY, this.clock());
    const info = new TSTInfo({
      version: 1,
      policy: SINETTI_TSA_POLICY,
      messageImprint: request.messageImprint,
      serialNumber: new asn1js.Integer({ valueHex: positive(randomBytes(16)) }),
      genTime: wholeSeconds(this.clock()),
      accuracy: new Accuracy({ seconds: 1 }),
      ...(request.nonce ? { nonce: request.nonce } : {}),
    });
    const infoDer = info.toSchema().toBER();
    const signerInfo = new SignerInfo({
      version: 1,
      sid: new IssuerAndSerialNumber({
        issuer: tsa.certificate.issuer,
        serialNumber: tsa.certificate.serialNumber,
      }),
      signedAttrs: new SignedAndUnsignedAttributes({
        type: 0,
        attributes: [
          new Attribute({
            type: CMS_OID.contentType,
            values: [new asn1js.ObjectIdentifier({ value: TST_INFO_OID })],
          }),
          new Attribute({
            type: CMS_OID.messageDigest,
            values: [
              new asn1js.OctetString({
                valueHex: arrayBuffer(createHash('sha256').update(Buffer.from(infoDer)).digest()),
              }),
            ],
          }),
          // RFC 5816: the ESS signing-certificate-v2 names the TSA certificate (openssl ts -verify needs it).
          new Attribute({ type: CMS_OID.signingCertificateV2, values: [signingCertificateV2(tsa.der)] }),
        ],
      }),
    });
    const signed = new SignedData({
      version: 3,
      encapContentInfo: new EncapsulatedContentInfo({
        eContentType: TST_INFO_OID,
        eContent: new asn1js.OctetString({ valueHex: infoDer }),
      }),
      signerInfos: [signerInfo],
      ...(request.certReq ? { certificates: [tsa.certificate, this.ca.certificate] } : {}),
    });
    await signed.sign(tsa.key.privateKey, 0, tsa.key.algorithm.hash);
    return new ContentInfo({ contentType: CMS_OID.signedData, content: signed.toSchema(true) });
  }
}

/** Why a well-formed request is refused, or null to grant it. */
function refusalOf(request: TimeStampReq): number | null {
  if (request.version !== 1) return FAIL.badRequest;
  const length = HASHES[request.messageImprint.hashAlgorithm.algorithmId];
  if (length === undefined) return FAIL.badAlg;
  if (request.messageImprint.hashedMessage.valueBlock.valueHexView.length !== length)
    return FAIL.badDataFormat;
  if (request.reqPolicy !== undefined && request.reqPolicy !== SINETTI_TSA_POLICY)
    return FAIL.unacceptedPolicy;
  if (request.extensions && request.extensions.length > 0) return FAIL.unacceptedExtension;
  return null;
}

/** A PKIFailureInfo BIT STRING with one bit set (bit 0 is the first byte's highest bit). */
function failInfo(bit: number): asn1js.BitString {
  const bytes = new Uint8Array((bit >> 3) + 1);
  bytes[bit >> 3] = 0x80 >> (bit & 7);
  return new asn1js.BitString({ valueHex: bytes.buffer, unusedBits: 7 - (bit & 7) });
}

function positive(bytes: Buffer): ArrayBuffer {
  bytes[0] = (bytes[0]! & 0x7f) | 0x01;
  return arrayBuffer(bytes);
}

/** GeneralizedTime without fractions (some verifiers mishandle them; accuracy says one second anyway). */
const wholeSeconds = (d: Date) => new Date(Math.floor(d.getTime() / 1000) * 1000);

const units = new WeakMap<SigningCa, TimestampUnit>();

/** The CA's time-stamping unit, one per CA and process. */
export function timestampUnitOf(ca: SigningCa): TimestampUnit {
  let unit = units.get(ca);
  if (!unit) units.set(ca, (unit = new TimestampUnit(ca)));
  return unit;
}
