import * as asn1js from 'asn1js';
import { Certificate } from 'pkijs';
import { arrayBuffer } from '../../pdf/ca/keys.ts';
import { EidError, type VerifiedPerson } from '../types.ts';

/** X.520 attributes of a natural person's certificate subject (ETSI EN 319 412-2 §4.2.4). */
export const SUBJECT_OID = {
  commonName: '2.5.4.3',
  surname: '2.5.4.4',
  serialNumber: '2.5.4.5',
  country: '2.5.4.6',
  organization: '2.5.4.10',
  givenName: '2.5.4.42',
} as const;

/** ETSI EN 319 412-5 QC statements. */
export const QC_OID = {
  qcStatements: '1.3.6.1.5.5.7.1.3',
  compliance: '0.4.0.1862.1.1',
  sscd: '0.4.0.1862.1.4',
  type: '0.4.0.1862.1.6',
  typeEsign: '0.4.0.1862.1.6.1',
} as const;

export const parseCertificate = (der: Uint8Array): Certificate => Certificate.fromBER(arrayBuffer(der));

function subjectValue(cert: Certificate, oid: string): string | null {
  const item = cert.subject.typesAndValues.find((t) => t.type === oid);
  const value = (item?.value.valueBlock as { value?: unknown } | undefined)?.value;
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** The statement ids of the certificate's qcStatements extension (empty when it has none). */
export function qcStatementIds(cert: Certificate): string[] {
  const ext = cert.extensions?.find((e) => e.extnID === QC_OID.qcStatements);
  if (!ext) return [];
  const parsed = asn1js.fromBER(ext.extnValue.valueBlock.valueHexView);
  if (!(parsed.result instanceof asn1js.Sequence)) return [];
  return parsed.result.valueBlock.value.flatMap((statement) => {
    const id = statement instanceof asn1js.Sequence ? statement.valueBlock.value[0] : undefined;
    return id instanceof asn1js.ObjectIdentifier ? [id.valueBlock.toString()] : [];
  });
}

/** EU qualified and on a qualified signature creation device: QcCompliance and QcSSCD. */
export function isQualified(cert: Certificate): boolean {
  const ids = qcStatementIds(cert);
  return ids.includes(QC_OID.compliance) && ids.includes(QC_OID.sscd);
}

/** ETSI EN 319 412-1 §5.1.3 semantics identifier: 3 letters of type, 2 of country, a hyphen. */
const SEMANTICS = /^([A-Z]{3})([A-Z]{2}):?-(.+)$/;

/**
 * The person a QTSP certificate names. A serialNumber with a semantics identifier is kept unless it is a
 * national identity number in the clear (PNO): that never leaves the QTSP through Sinetti.
 */
export function personOf(cert: Certificate): VerifiedPerson {
  const givenName = subjectValue(cert, SUBJECT_OID.givenName) ?? '';
  const familyName = subjectValue(cert, SUBJECT_OID.surname) ?? '';
  const name = subjectValue(cert, SUBJECT_OID.commonName) ?? `${givenName} ${familyName}`.trim();
  if (!name) throw new EidError('failed', 'The signing certificate names nobody.');
  const serial = subjectValue(cert, SUBJECT_OID.serialNumber);
  const semantics = serial ? SEMANTICS.exec(serial) : null;
  return {
    name,
    givenName,
    familyName,
    semanticsIdentifier: semantics && semantics[1] !== 'PNO' ? serial : null,
    country: subjectValue(cert, SUBJECT_OID.country) ?? semantics?.[2] ?? null,
  };
}

const SIGN_ALGO = {
  ecdsaSha256: '1.2.840.10045.4.3.2',
  ecPublicKey: '1.2.840.10045.2.1',
  rsaEncryption: '1.2.840.113549.1.1.1',
  sha256WithRsa: '1.2.840.113549.1.1.11',
} as const;

/**
 * The signAlgo to ask for: one the credential lists (CSC key.algo) that fits the certificate's key and
 * SHA-256: ECDSA with SHA-256, or RSA PKCS#1 v1.5 (sha256WithRSAEncryption, or rsaEncryption with
 * hashAlgorithmOID). Throws EidError('failed') when there is none.
 */
export function signAlgoFor(cert: Certificate, listed: readonly string[]): string {
  const keyAlgo = cert.subjectPublicKeyInfo.algorithm.algorithmId;
  const wanted =
    keyAlgo === SIGN_ALGO.ecPublicKey
      ? [SIGN_ALGO.ecdsaSha256, SIGN_ALGO.ecPublicKey]
      : keyAlgo === SIGN_ALGO.rsaEncryption
        ? [SIGN_ALGO.sha256WithRsa, SIGN_ALGO.rsaEncryption]
        : [];
  const found = wanted.find((oid) => listed.includes(oid));
  if (!found) {
    throw new EidError(
      'failed',
      `The signing credential offers no supported algorithm (key ${keyAlgo}; listed ${listed.join(', ') || 'none'}).`,
    );
  }
  return found;
}
