import { readFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { domainToASCII } from 'node:url';
import { Certificate } from 'pkijs';
import type { VerifiedPerson } from '../../eid/types.ts';
import type { SigningCa } from './ca.ts';
import { certificateDer, createCertificate, type CertificateSubject } from './certificates.ts';
import {
  keyFileCheck,
  privateKeyPem,
  readPrivateKeyPem,
  replaceFile,
  type KeyProtection,
} from './key-files.ts';
import {
  arrayBuffer,
  generateKeyPair,
  importPkcs8,
  keyMatchesCertificate,
  pem,
  type SigningKey,
} from './keys.ts';
import { isRevoked } from './revocations.ts';
import { SIMPLE_NOTICE, SINETTI_POLICY, identificationNotice, type PolicyEntry } from './policies.ts';

/** A key with its certificate, as a CMS signer uses them. */
export interface SignerIdentity {
  key: SigningKey;
  certificate: Certificate;
  der: Uint8Array;
}

const EC_P256: SigningKey['algorithm'] = { name: 'ECDSA', hash: 'SHA-256' };
/**
 * One-time certificates are valid from shortly before the signing time for 10 years (at most until the
 * CA expires). The key is destroyed after its one signature, so a long validity lets nobody sign
 * anything later; it is for validators that check the certificate at the current time and ignore
 * time-stamps (pdfsig, mutool, many readers), which would call a 24-hour certificate expired from day 2.
 */
const ONE_TIME_BEFORE_MS = 10 * 60_000;
export const ONE_TIME_YEARS = 10;

/** How a signee was identified with an eID before signing (advanced level, issue #29). */
export interface OneTimeIdentification {
  person: VerifiedPerson;
  /** The method's display name, e.g. "FTN (FI)". */
  method: string;
  /** The provider's host, e.g. "idp.example". */
  provider: string;
  /** A built-in TEST stand-in identified the signee (policy .3 instead of .2). */
  test: boolean;
}

/**
 * A fresh ECDSA P-256 key (non-extractable, never stored) and a certificate naming the signee, issued
 * by the CA. The key lives only as long as the returned object: the caller drops it after one signature.
 * Without `identified` the certificate names the entered name under Sinetti's simple policy (e-mailed
 * code); with it, the verified person (CN, givenName, surname, serialNumber, C) under the advanced (or
 * TEST) policy, its user notice saying which eID identified them via which provider.
 */
export async function issueOneTimeIdentity(
  ca: SigningCa,
  signer: { name: string; email: string },
  signedAt: Date,
  identified?: OneTimeIdentification,
): Promise<SignerIdentity> {
  const { subject, policy } = identified
    ? identifiedSubject(identified)
    : {
        subject: { commonName: signer.name.trim() },
        policy: { oid: SINETTI_POLICY.simple, notice: SIMPLE_NOTICE },
      };
  if (!subject.commonName) throw new Error('A signee needs a name for their certificate.');
  const pair = await generateKeyPair('ec-p256', false);
  const certificate = await createCertificate({
    kind: 'signer',
    subject: { ...subject, email: asciiEmail(signer.email) },
    publicKey: pair.publicKey,
    ...validity(ca, new Date(signedAt.getTime() - ONE_TIME_BEFORE_MS), yearsAfter(signedAt, ONE_TIME_YEARS)),
    issuer: { certificate: ca.certificate, key: ca.key, links: ca.links },
    policies: [policy],
  });
  return {
    key: { privateKey: pair.privateKey, algorithm: EC_P256 },
    certificate,
    der: certificateDer(certificate),
  };
}

/**
 * ETSI EN 319 412-1 §5.1.3 semantics identifiers that may go into serialNumber: IDC (an identity card's or
 * eID's own identifier, e.g. IDCFI-<FINUID>) and PAS (passport). PNO is the national personal number in
 * the clear, and a personal number must never appear in a certificate: any other value is left out.
 */
const SAFE_SEMANTICS_IDENTIFIER = /^(IDC|PAS)[A-Z]{2}-[A-Za-z0-9]{1,60}$/;

function identifiedSubject(id: OneTimeIdentification): { subject: CertificateSubject; policy: PolicyEntry } {
  const { person } = id;
  const serial = person.semanticsIdentifier?.trim() ?? '';
  const country = person.country?.trim().toUpperCase() ?? '';
  return {
    subject: {
      commonName: person.name.trim(),
      givenName: person.givenName.trim() || undefined,
      surname: person.familyName.trim() || undefined,
      serialNumber: SAFE_SEMANTICS_IDENTIFIER.test(serial) ? serial : undefined,
      country: /^[A-Z]{2}$/.test(country) ? country : undefined,
    },
    policy: {
      oid: id.test ? SINETTI_POLICY.test : SINETTI_POLICY.advanced,
      notice: identificationNotice(id.method, id.provider, id.test),
    },
  };
}

/** E-mail addresses in certificates are IA5 (ASCII): the domain goes to punycode, the local part must be ASCII. */
function asciiEmail(email: string): string {
  const at = email.lastIndexOf('@');
  const local = email.slice(0, at).trim();
  const domain = domainToASCII(email.slice(at + 1).trim());
  if (at < 1 || !domain || !/^[\x21-\x7e]+$/.test(local)) {
    throw new Error(`The e-mail address "${email}" cannot be put in a certificate.`);
  }
  return `${local}@${domain}`;
}

/** A long-lived key of the instance, issued by its CA and kept next to it (the seal, the time-stamping unit). */
export interface InstanceIdentitySpec {
  file: string;
  commonName: string;
  kind: 'signer' | 'tsa';
  years: number;
  /** A new key and certificate are made when the current certificate has less than this left. */
  renewBeforeMs: number;
}

const DAY_MS = 24 * 3600_000;
export const SEAL_COMMON_NAME = 'Sinetti platform seal';
/**
 * The seal: like the signee certificates it lives 10 years, because pdfsig and mutool check it at the current
 * time and ignore time-stamps (with 2 years they called every seal expired from year 3 while the signatures
 * beside it were still good). Like the time-stamping unit's, its key seals for about two years only (a new key
 * when 8 years are left), so every seal stays valid in those readers for at least 8 years.
 */
export const SEAL_IDENTITY: InstanceIdentitySpec = {
  file: 'seal.pem',
  commonName: SEAL_COMMON_NAME,
  kind: 'signer',
  years: ONE_TIME_YEARS,
  renewBeforeMs: 8 * 365 * DAY_MS,
};
/**
 * The time-stamping unit: its certificate lives 10 years, but its key signs only for about two (a new
 * key when 8 years are left), so every token stays verifiable for at least 8 years after it was made;
 * archive time-stamps (archive-timestamp.ts) extend that before the certificate nears its end.
 */
export const TSA_IDENTITY: InstanceIdentitySpec = {
  file: 'tsa.pem',
  commonName: 'Sinetti time-stamping unit',
  kind: 'tsa',
  years: 10,
  renewBeforeMs: 8 * 365 * DAY_MS,
};
const identityCache = new WeakMap<SigningCa, Map<string, SignerIdentity>>();

const usable = (id: SignerIdentity, ca: SigningCa, now: Date, spec: InstanceIdentitySpec) =>
  id.certificate.notAfter.value.getTime() - now.getTime() > spec.renewBeforeMs &&
  id.certificate.notBefore.value.getTime() <= now.getTime() &&
  Buffer.from(id.certificate.issuer.toSchema().toBER()).equals(
    Buffer.from(ca.certificate.subject.toSchema().toBER()),
  );

/** The platform's own seal key and certificate (CN "Sinetti platform seal", issued by the CA). */
export const loadSealIdentity = (ca: SigningCa, now = new Date()) =>
  loadInstanceIdentity(ca, SEAL_IDENTITY, now);

/**
 * One of the instance's own keys and its certificate (issued by the CA), kept in `<ca dir>/<spec.file>`
 * (mode 0600) and renewed when less than `spec.renewBeforeMs` is left, when the CA changes, or when the
 * operator revoked its certificate (revocations.ts): the next use after a revocation makes a fresh key.
 */
export async function loadInstanceIdentity(
  ca: SigningCa,
  spec: InstanceIdentitySpec,
  now = new Date(),
): Promise<SignerIdentity> {
  let cache = identityCache.get(ca);
  if (!cache) identityCache.set(ca, (cache = new Map()));
  const cached = cache.get(spec.file);
  if (cached && usable(cached, ca, now, spec) && !(await isRevoked(ca, cached.certificate, now)))
    return cached;
  const file = ca.dir ? path.join(ca.dir, spec.file) : null;
  const stored = file ? await readIdentity(file, ca.protection) : undefined;
  if (
    stored &&
    usable(stored, ca, now, spec) &&
    !(await isRevoked(ca, stored.certificate, now)) &&
    (await stored.certificate.verify(ca.certificate))
  ) {
    cache.set(spec.file, stored);
    return stored;
  }
  const pair = await generateKeyPair('ec-p256', true);
  const notAfter = yearsAfter(now, spec.years);
  const certificate = await createCertificate({
    kind: spec.kind,
    subject: { commonName: spec.commonName, organization: 'Sinetti' },
    publicKey: pair.publicKey,
    ...validity(ca, new Date(now.getTime() - 60_000), notAfter),
    issuer: { certificate: ca.certificate, key: ca.key, links: ca.links },
  });
  const keyDer = new Uint8Array(await crypto.subtle.exportKey('pkcs8', pair.privateKey));
  const identity: SignerIdentity = {
    key: await importPkcs8(keyDer),
    certificate,
    der: certificateDer(certificate),
  };
  if (file) {
    // One file holds both halves, replaced atomically: a reader never sees a key without its certificate.
    await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    const text = pem.encode(identity.der, 'CERTIFICATE') + privateKeyPem(keyDer, ca.protection);
    await replaceFile(file, text, 0o600, { check: keyFileCheck(ca.protection, file) });
  }
  keyDer.fill(0);
  cache.set(spec.file, identity);
  return identity;
}

/**
 * The validity of a certificate the CA issues: as asked, but never past the CA's own end. A CA whose end is at
 * or before `notBefore` issues nothing (a certificate whose notBefore is after its notAfter is never made); a
 * generated CA is renewed long before that (ca-lifecycle.ts), a configured one must be replaced by the operator.
 */
export function validity(
  ca: SigningCa,
  notBefore: Date,
  notAfter: Date,
): { notBefore: Date; notAfter: Date } {
  const caEnd = ca.certificate.notAfter.value;
  if (caEnd.getTime() <= notBefore.getTime()) {
    throw new Error(
      `The signing CA expired on ${caEnd.toISOString()}: it issues no more certificates. Renew it (npm run signing-keys -- rollover) or configure a new SIGNING_CA_P12_PATH.`,
    );
  }
  return { notBefore, notAfter: notAfter.getTime() <= caEnd.getTime() ? notAfter : caEnd };
}

function yearsAfter(d: Date, years: number): Date {
  const out = new Date(d);
  out.setUTCFullYear(out.getUTCFullYear() + years);
  return out;
}

/** The stored key and certificate of one of the instance's own keys as they are now (none yet: undefined). */
export async function storedIdentity(
  ca: SigningCa,
  spec: InstanceIdentitySpec,
): Promise<SignerIdentity | undefined> {
  return ca.dir
    ? readIdentity(path.join(ca.dir, spec.file), ca.protection)
    : identityCache.get(ca)?.get(spec.file);
}

async function readIdentity(file: string, protection: KeyProtection): Promise<SignerIdentity | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const [certDer] = pem.decode(text, 'CERTIFICATE');
  const keyDer = readPrivateKeyPem(text, protection, file)?.der;
  if (!certDer || !keyDer) return undefined;
  const certificate = Certificate.fromBER(arrayBuffer(certDer));
  const key = await importPkcs8(keyDer);
  keyDer.fill(0);
  return (await keyMatchesCertificate(key, certificate)) ? { key, certificate, der: certDer } : undefined;
}
