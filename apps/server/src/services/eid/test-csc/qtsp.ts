import { randomBytes, webcrypto } from 'node:crypto';
import * as asn1js from 'asn1js';
import {
  AttributeTypeAndValue,
  AuthorityKeyIdentifier,
  BasicConstraints,
  Certificate,
  Extension,
  RelativeDistinguishedNames,
} from 'pkijs';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { instanceSecrets } from '../../../db/schema/index.ts';
import { secret } from '../../identity/local/secrets.ts';
import { certificateDer, keyIdentifier } from '../../pdf/ca/certificates.ts';
import { arrayBuffer } from '../../pdf/ca/keys.ts';
import { QC_OID, SUBJECT_OID } from '../csc/certificate.ts';
import { TEST_PERSONS, type TestPerson } from '../test-persons.ts';

/**
 * The TEST QTSP of the built-in TEST CSC service: a self-signed root that says it is not qualified, and per
 * TEST person an ECDSA P-256 signing key with a certificate shaped like a qualified one (ETSI EN 319 412-2
 * natural person subject, QC statements), marked TEST in its issuer and subject. Made once per instance
 * and kept in `instance_secrets`.
 */

export const TEST_QTSP_ROOT_NAME = 'Sinetti TEST QTSP Root CA — NOT QUALIFIED';
const SECRET_NAME = 'test-csc.qtsp';
const CLIENT_SECRET_NAME = 'test-csc.client-secret';
const DAY = 86_400_000;

interface StoredKey {
  jwk: webcrypto.JsonWebKey;
  cert: string;
}
interface StoredQtsp {
  root: StoredKey;
  persons: Record<string, StoredKey>;
}

export interface TestCredential {
  credentialId: string;
  person: TestPerson;
  /** DER: the person's certificate, then the TEST root. */
  chain: Uint8Array[];
  /** The private scalar of the person's P-256 key. */
  d: Uint8Array;
}

export interface TestQtsp {
  rootDer: Uint8Array;
  credentials: ReadonlyMap<string, TestCredential>;
  clientSecret: string;
}

export const credentialIdOf = (person: TestPerson) => `test-csc-${person.id}`;

const extension = (extnID: string, critical: boolean, value: asn1js.BaseBlock) =>
  new Extension({ extnID, critical, extnValue: value.toBER() });

const keyUsage = (byte: number, unusedBits: number) =>
  new asn1js.BitString({ valueHex: new Uint8Array([byte]).buffer, unusedBits });

/** A name with one attribute per RDN, in the order given. */
function dn(attrs: [string, string][]): RelativeDistinguishedNames {
  const value = attrs.map(([type, text]) => {
    const v =
      type === SUBJECT_OID.country || type === SUBJECT_OID.serialNumber
        ? new asn1js.PrintableString({ value: text })
        : new asn1js.Utf8String({ value: text });
    return new asn1js.Set({ value: [new AttributeTypeAndValue({ type, value: v }).toSchema()] });
  });
  const der = new asn1js.Sequence({ value }).toBER();
  return new RelativeDistinguishedNames({ schema: asn1js.fromBER(der).result });
}

/** QcCompliance, QcSSCD and QcType esign (ETSI EN 319 412-5 §4.2). */
function qcStatements(): asn1js.Sequence {
  const statement = (id: string, info?: asn1js.BaseBlock) =>
    new asn1js.Sequence({ value: [new asn1js.ObjectIdentifier({ value: id }), ...(info ? [info] : [])] });
  return new asn1js.Sequence({
    value: [
      statement(QC_OID.compliance),
      statement(QC_OID.sscd),
      statement(
        QC_OID.type,
        new asn1js.Sequence({ value: [new asn1js.ObjectIdentifier({ value: QC_OID.typeEsign })] }),
      ),
    ],
  });
}

async function makeCertificate(opts: {
  subject: [string, string][];
  publicKey: webcrypto.CryptoKey;
  issuer: { cert: Certificate; key: webcrypto.CryptoKey } | null;
  selfKey: webcrypto.CryptoKey;
  years: number;
}): Promise<Certificate> {
  const cert = new Certificate();
  cert.version = 2;
  const serial = randomBytes(16);
  serial[0] = (serial[0]! & 0x7f) | 0x01;
  cert.serialNumber = new asn1js.Integer({ valueHex: arrayBuffer(serial) });
  cert.subject = dn(opts.subject);
  cert.issuer = opts.issuer ? opts.issuer.cert.subject : cert.subject;
  // Valid from well before any test clock (TEST certificates only).
  cert.notBefore.value = new Date(Date.now() - 730 * DAY);
  cert.notAfter.value = new Date(Date.now() + opts.years * 365 * DAY);
  await cert.subjectPublicKeyInfo.importKey(opts.publicKey);
  const ca = opts.issuer === null;
  cert.extensions = [
    extension('2.5.29.19', true, new BasicConstraints({ cA: ca }).toSchema()),
    // CA: keyCertSign and cRLSign; signee: digitalSignature and nonRepudiation.
    extension('2.5.29.15', true, ca ? keyUsage(0b0000_0110, 1) : keyUsage(0b1100_0000, 6)),
    extension('2.5.29.14', false, new asn1js.OctetString({ valueHex: arrayBuffer(keyIdentifier(cert)) })),
  ];
  if (opts.issuer) {
    const aki = new AuthorityKeyIdentifier({
      keyIdentifier: new asn1js.OctetString({ valueHex: arrayBuffer(keyIdentifier(opts.issuer.cert)) }),
    });
    cert.extensions.push(extension('2.5.29.35', false, aki.toSchema()));
    cert.extensions.push(extension(QC_OID.qcStatements, false, qcStatements()));
  }
  await cert.sign(opts.issuer?.key ?? opts.selfKey, 'SHA-256');
  return Certificate.fromBER(cert.toSchema(true).toBER());
}

const EC = { name: 'ECDSA', namedCurve: 'P-256' } as const;
const b64 = (der: Uint8Array) => Buffer.from(der).toString('base64');

async function generateQtsp(): Promise<StoredQtsp> {
  const rootPair = (await webcrypto.subtle.generateKey(EC, true, [
    'sign',
    'verify',
  ])) as webcrypto.CryptoKeyPair;
  const root = await makeCertificate({
    subject: [
      [SUBJECT_OID.country, 'FI'],
      [SUBJECT_OID.organization, 'Sinetti TEST'],
      [SUBJECT_OID.commonName, TEST_QTSP_ROOT_NAME],
    ],
    publicKey: rootPair.publicKey,
    issuer: null,
    selfKey: rootPair.privateKey,
    years: 20,
  });
  const persons: Record<string, StoredKey> = {};
  for (const person of TEST_PERSONS) {
    const pair = (await webcrypto.subtle.generateKey(EC, true, [
      'sign',
      'verify',
    ])) as webcrypto.CryptoKeyPair;
    const cert = await makeCertificate({
      subject: [
        [SUBJECT_OID.country, 'FI'],
        [SUBJECT_OID.organization, 'TEST'],
        [SUBJECT_OID.serialNumber, `IDCFI-${person.satu}`],
        [SUBJECT_OID.surname, person.familyName],
        [SUBJECT_OID.givenName, person.givenName],
        [SUBJECT_OID.commonName, `${person.givenName} ${person.familyName}`],
      ],
      publicKey: pair.publicKey,
      issuer: { cert: root, key: rootPair.privateKey },
      selfKey: pair.privateKey,
      years: 10,
    });
    persons[person.id] = {
      jwk: await webcrypto.subtle.exportKey('jwk', pair.privateKey),
      cert: b64(certificateDer(cert)),
    };
  }
  return {
    root: {
      jwk: await webcrypto.subtle.exportKey('jwk', rootPair.privateKey),
      cert: b64(certificateDer(root)),
    },
    persons,
  };
}

/**
 * The TEST QTSP of this instance, made on first use (key generation is asynchronous, so it is done before
 * secrets.ts's insert, which never overwrites: when several processes start together, every one reads the
 * first row back and a loser's keys are dropped).
 */
export async function loadTestQtsp(db: Db): Promise<TestQtsp> {
  const [existing] = await db
    .select()
    .from(instanceSecrets)
    .where(eq(instanceSecrets.name, SECRET_NAME))
    .limit(1);
  const stored = existing
    ? (existing.value as StoredQtsp)
    : await generateQtsp().then((generated) => secret(db, SECRET_NAME, () => generated));
  const clientSecret = await secret(db, CLIENT_SECRET_NAME, () => randomBytes(32).toString('base64url'));
  const rootDer = new Uint8Array(Buffer.from(stored.root.cert, 'base64'));
  const credentials = new Map<string, TestCredential>();
  for (const person of TEST_PERSONS) {
    const key = stored.persons[person.id];
    if (!key?.jwk.d) continue;
    credentials.set(credentialIdOf(person), {
      credentialId: credentialIdOf(person),
      person,
      chain: [new Uint8Array(Buffer.from(key.cert, 'base64')), rootDer],
      d: new Uint8Array(Buffer.from(key.jwk.d, 'base64url')),
    });
  }
  return { rootDer, credentials, clientSecret };
}
