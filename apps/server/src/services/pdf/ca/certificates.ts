import { createHash, webcrypto } from 'node:crypto';
import * as asn1js from 'asn1js';
import {
  AccessDescription,
  AltName,
  AttributeTypeAndValue,
  AuthorityKeyIdentifier,
  BasicConstraints,
  Certificate,
  CRLDistributionPoints,
  DistributionPoint,
  ExtKeyUsage,
  Extension,
  GeneralName,
  InfoAccess,
  RelativeDistinguishedNames,
  Time,
  TimeType,
} from 'pkijs';
import { arrayBuffer, type SigningKey } from './keys.ts';
import {
  POLICY_OID,
  certificatePoliciesValue,
  qcStatementsValue,
  type PolicyEntry,
  type QcStatements,
} from './policies.ts';

export const OID = {
  commonName: '2.5.4.3',
  organization: '2.5.4.10',
  givenName: '2.5.4.42',
  surname: '2.5.4.4',
  serialNumber: '2.5.4.5',
  country: '2.5.4.6',
  emailAddress: '1.2.840.113549.1.9.1',
  basicConstraints: '2.5.29.19',
  keyUsage: '2.5.29.15',
  subjectAltName: '2.5.29.17',
  subjectKeyIdentifier: '2.5.29.14',
  authorityKeyIdentifier: '2.5.29.35',
  extKeyUsage: '2.5.29.37',
  crlDistributionPoints: '2.5.29.31',
  authorityInfoAccess: '1.3.6.1.5.5.7.1.1',
  caIssuers: '1.3.6.1.5.5.7.48.2',
  timeStamping: '1.3.6.1.5.5.7.3.8',
  emailProtection: '1.3.6.1.5.5.7.3.4',
  documentSigning: '1.3.6.1.5.5.7.3.36',
  crlNumber: '2.5.29.20',
} as const;

/** Key usage bits (RFC 5280 §4.2.1.3) as the DER bit string's first byte and its unused-bit count. */
const KEY_USAGE = {
  signer: { byte: 0b1100_0000, unused: 6 }, // digitalSignature, nonRepudiation
  ca: { byte: 0b0000_0110, unused: 1 }, // keyCertSign, cRLSign
  tsa: { byte: 0b1000_0000, unused: 7 }, // digitalSignature
};

/** Where relying parties fetch the issuer's CRL and certificate (named in every certificate the CA issues). */
export interface CaLinks {
  crl: string;
  caIssuers: string;
}

export interface CertificateSubject {
  commonName: string;
  organization?: string | undefined;
  email?: string | undefined;
  /** A person's verified name parts (X.520 givenName and surname). */
  givenName?: string | undefined;
  surname?: string | undefined;
  /** X.520 serialNumber: an ETSI EN 319 412-1 semantics identifier (PrintableString), never a raw national id. */
  serialNumber?: string | undefined;
  /** ISO 3166-1 alpha-2. */
  country?: string | undefined;
}

export interface CertificateRequest {
  subject: CertificateSubject;
  publicKey: webcrypto.CryptoKey;
  notBefore: Date;
  notAfter: Date;
  /**
   * A CA certificate (self-signed when `issuer` is absent), an end-entity signing certificate, or a
   * time-stamping unit's (RFC 3161 §2.3: extendedKeyUsage timeStamping only, critical).
   */
  kind: 'ca' | 'signer' | 'tsa';
  issuer?: { certificate: Certificate; key: SigningKey; links?: CaLinks | null | undefined };
  /** The issuer's key when self-signing. */
  selfKey?: SigningKey;
  /** certificatePolicies (non-critical), each with an optional user notice (policies.ts). */
  policies?: PolicyEntry[] | undefined;
  /** ETSI QC statements (non-critical qcStatements extension). */
  qcStatements?: Partial<QcStatements> | undefined;
}

/** A distinguished name with one attribute per RDN (pkijs would put them all in one multi-valued RDN). */
function distinguishedName(subject: CertificateSubject): RelativeDistinguishedNames {
  const attrs: [string, asn1js.Utf8String | asn1js.IA5String | asn1js.PrintableString][] = [];
  if (subject.country) attrs.push([OID.country, printable(subject.country, 'country')]);
  if (subject.organization)
    attrs.push([OID.organization, new asn1js.Utf8String({ value: subject.organization })]);
  if (subject.serialNumber) attrs.push([OID.serialNumber, printable(subject.serialNumber, 'serialNumber')]);
  if (subject.givenName) attrs.push([OID.givenName, new asn1js.Utf8String({ value: subject.givenName })]);
  if (subject.surname) attrs.push([OID.surname, new asn1js.Utf8String({ value: subject.surname })]);
  attrs.push([OID.commonName, new asn1js.Utf8String({ value: subject.commonName })]);
  if (subject.email) attrs.push([OID.emailAddress, new asn1js.IA5String({ value: subject.email })]);
  const sequence = new asn1js.Sequence({
    value: attrs.map(
      ([type, value]) => new asn1js.Set({ value: [new AttributeTypeAndValue({ type, value }).toSchema()] }),
    ),
  });
  return new RelativeDistinguishedNames({ schema: asn1js.fromBER(sequence.toBER()).result });
}

/** X.520 countryName and serialNumber are PrintableString: letters, digits, space and '()+,-./:=?. */
function printable(value: string, what: string): asn1js.PrintableString {
  if (!/^[A-Za-z0-9 '()+,\-./:=?]+$/.test(value)) throw new Error(`The ${what} "${value}" is not printable.`);
  return new asn1js.PrintableString({ value });
}

const time = (d: Date) =>
  new Time({ type: d.getUTCFullYear() < 2050 ? TimeType.UTCTime : TimeType.GeneralizedTime, value: d });

const extension = (extnID: string, critical: boolean, value: asn1js.BaseBlock) =>
  new Extension({ extnID, critical, extnValue: value.toBER() });

/** The key identifier of a certificate's public key: SHA-1 of the subjectPublicKey bits (RFC 5280 §4.2.1.2). */
export function keyIdentifier(cert: Certificate): Uint8Array {
  return createHash('sha1')
    .update(cert.subjectPublicKeyInfo.subjectPublicKey.valueBlock.valueHexView)
    .digest();
}

/** Issues (or self-signs) an X.509 v3 certificate with a random 128-bit serial number. */
export async function createCertificate(req: CertificateRequest): Promise<Certificate> {
  const cert = new Certificate();
  cert.version = 2;
  const serial = webcrypto.getRandomValues(new Uint8Array(16));
  serial[0] = (serial[0]! & 0x7f) | 0x01;
  cert.serialNumber = new asn1js.Integer({ valueHex: serial.buffer });
  cert.subject = distinguishedName(req.subject);
  cert.issuer = req.issuer ? req.issuer.certificate.subject : cert.subject;
  cert.notBefore = time(req.notBefore);
  cert.notAfter = time(req.notAfter);
  await cert.subjectPublicKeyInfo.importKey(req.publicKey);
  const usage = KEY_USAGE[req.kind];
  const extensions = [
    // A CA issues end-entity certificates only (pathLenConstraint 0): its key cannot make a sub-CA.
    extension(
      OID.basicConstraints,
      true,
      new BasicConstraints(req.kind === 'ca' ? { cA: true, pathLenConstraint: 0 } : { cA: false }).toSchema(),
    ),
    extension(
      OID.keyUsage,
      true,
      new asn1js.BitString({ valueHex: new Uint8Array([usage.byte]).buffer, unusedBits: usage.unused }),
    ),
    extension(
      OID.subjectKeyIdentifier,
      false,
      new asn1js.OctetString({ valueHex: arrayBuffer(keyIdentifier(cert)) }),
    ),
  ];
  if (req.issuer) {
    const aki = new AuthorityKeyIdentifier({
      keyIdentifier: new asn1js.OctetString({
        valueHex: arrayBuffer(keyIdentifier(req.issuer.certificate)),
      }),
    });
    extensions.push(extension(OID.authorityKeyIdentifier, false, aki.toSchema()));
    const links = req.issuer.links;
    if (links) extensions.push(...linkExtensions(links));
  }
  if (req.kind === 'tsa') {
    const eku = new ExtKeyUsage({ keyPurposes: [OID.timeStamping] });
    extensions.push(extension(OID.extKeyUsage, true, eku.toSchema()));
  } else if (req.kind === 'signer') {
    // Signing certificates (signees, seal) are for documents only: documentSigning (RFC 9336) and
    // emailProtection, which NSS (pdfsig) requires of a signer once an extendedKeyUsage is present.
    const eku = new ExtKeyUsage({ keyPurposes: [OID.documentSigning, OID.emailProtection] });
    extensions.push(extension(OID.extKeyUsage, false, eku.toSchema()));
  }
  if (req.subject.email) {
    const san = new AltName({ altNames: [new GeneralName({ type: 1, value: req.subject.email })] });
    extensions.push(extension(OID.subjectAltName, false, san.toSchema()));
  }
  if (req.policies?.length) {
    extensions.push(extension(POLICY_OID.certificatePolicies, false, certificatePoliciesValue(req.policies)));
  }
  if (req.qcStatements) {
    extensions.push(extension(POLICY_OID.qcStatements, false, qcStatementsValue(req.qcStatements)));
  }
  cert.extensions = extensions;
  const signer = req.issuer?.key ?? req.selfKey;
  if (!signer) throw new Error('A certificate needs an issuer key.');
  await cert.sign(signer.privateKey, signer.algorithm.hash);
  return Certificate.fromBER(cert.toSchema(true).toBER());
}

const uri = (value: string) => new GeneralName({ type: 6, value });

/** CRL distribution point and authority information access (caIssuers), RFC 5280 §4.2.1.13 and §4.2.2.1. */
function linkExtensions(links: CaLinks): Extension[] {
  const crl = new CRLDistributionPoints({
    distributionPoints: [new DistributionPoint({ distributionPoint: [uri(links.crl)] })],
  });
  const aia = new InfoAccess({
    accessDescriptions: [
      new AccessDescription({ accessMethod: OID.caIssuers, accessLocation: uri(links.caIssuers) }),
    ],
  });
  return [
    extension(OID.crlDistributionPoints, false, crl.toSchema()),
    extension(OID.authorityInfoAccess, false, aia.toSchema()),
  ];
}

export const certificateDer = (cert: Certificate): Uint8Array => new Uint8Array(cert.toSchema().toBER());

/** The text of one subject attribute (e.g. commonName). */
export function subjectField(cert: Certificate, oid: string): string | undefined {
  const item = cert.subject.typesAndValues.find((t) => t.type === oid);
  return item ? String((item.value.valueBlock as { value?: string }).value ?? '') : undefined;
}

export function isCaCertificate(cert: Certificate): boolean {
  const ext = cert.extensions?.find((e) => e.extnID === OID.basicConstraints);
  return ext?.parsedValue instanceof BasicConstraints && ext.parsedValue.cA === true;
}
