import { randomBytes } from 'node:crypto';
import { readFile, rename, writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { domainToASCII } from 'node:url';
import { Certificate } from 'pkijs';
import type { SigningCa } from './ca.ts';
import { certificateDer, createCertificate } from './certificates.ts';
import {
  arrayBuffer,
  generateKeyPair,
  importPkcs8,
  keyMatchesCertificate,
  pem,
  type SigningKey,
} from './keys.ts';

/** A key with its certificate, as a CMS signer uses them. */
export interface SignerIdentity {
  key: SigningKey;
  certificate: Certificate;
  der: Uint8Array;
}

const EC_P256: SigningKey['algorithm'] = { name: 'ECDSA', hash: 'SHA-256' };
/** One-time certificates are valid from shortly before the signing time to a day after it. */
const ONE_TIME_BEFORE_MS = 10 * 60_000;
const ONE_TIME_AFTER_MS = 24 * 3600_000;

/**
 * A fresh ECDSA P-256 key (non-extractable, never stored) and a certificate naming the signee, issued
 * by the CA. The key lives only as long as the returned object: the caller drops it after one signature.
 */
export async function issueOneTimeIdentity(
  ca: SigningCa,
  signer: { name: string; email: string },
  signedAt: Date,
): Promise<SignerIdentity> {
  const name = signer.name.trim();
  if (!name) throw new Error('A signee needs a name for their certificate.');
  const pair = await generateKeyPair('ec-p256', false);
  const certificate = await createCertificate({
    kind: 'signer',
    subject: { commonName: name, email: asciiEmail(signer.email) },
    publicKey: pair.publicKey,
    notBefore: new Date(signedAt.getTime() - ONE_TIME_BEFORE_MS),
    notAfter: new Date(signedAt.getTime() + ONE_TIME_AFTER_MS),
    issuer: { certificate: ca.certificate, key: ca.key },
  });
  return {
    key: { privateKey: pair.privateKey, algorithm: EC_P256 },
    certificate,
    der: certificateDer(certificate),
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

export const SEAL_COMMON_NAME = 'Sinetti platform seal';
const SEAL_YEARS = 2;
const SEAL_RENEW_MS = 30 * 24 * 3600_000;
const sealCache = new WeakMap<SigningCa, SignerIdentity>();

const usable = (id: SignerIdentity, ca: SigningCa, now: Date) =>
  id.certificate.notAfter.value.getTime() - now.getTime() > SEAL_RENEW_MS &&
  id.certificate.notBefore.value.getTime() <= now.getTime() &&
  Buffer.from(id.certificate.issuer.toSchema().toBER()).equals(
    Buffer.from(ca.certificate.subject.toSchema().toBER()),
  );

/**
 * The platform's own seal key and certificate (CN "Sinetti platform seal", issued by the CA), kept in
 * `<ca dir>/seal.pem` (mode 0600) and renewed 30 days before it expires or when the CA changes.
 */
export async function loadSealIdentity(ca: SigningCa, now = new Date()): Promise<SignerIdentity> {
  const cached = sealCache.get(ca);
  if (cached && usable(cached, ca, now)) return cached;
  const file = ca.dir ? path.join(ca.dir, 'seal.pem') : null;
  const stored = file ? await readSeal(file) : undefined;
  if (stored && usable(stored, ca, now) && (await stored.certificate.verify(ca.certificate))) {
    sealCache.set(ca, stored);
    return stored;
  }
  const pair = await generateKeyPair('ec-p256', true);
  const notAfter = new Date(now);
  notAfter.setUTCFullYear(notAfter.getUTCFullYear() + SEAL_YEARS);
  const certificate = await createCertificate({
    kind: 'signer',
    subject: { commonName: SEAL_COMMON_NAME, organization: 'Sinetti' },
    publicKey: pair.publicKey,
    notBefore: new Date(now.getTime() - 60_000),
    notAfter,
    issuer: { certificate: ca.certificate, key: ca.key },
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
    const tmp = `${file}.${randomBytes(8).toString('hex')}.tmp`;
    const text = pem.encode(identity.der, 'CERTIFICATE') + pem.encode(keyDer, 'PRIVATE KEY');
    await writeFile(tmp, text, { mode: 0o600, flag: 'wx' });
    await rename(tmp, file);
  }
  keyDer.fill(0);
  sealCache.set(ca, identity);
  return identity;
}

async function readSeal(file: string): Promise<SignerIdentity | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const [certDer] = pem.decode(text, 'CERTIFICATE');
  const [keyDer] = pem.decode(text, 'PRIVATE KEY');
  if (!certDer || !keyDer) return undefined;
  const certificate = Certificate.fromBER(arrayBuffer(certDer));
  const key = await importPkcs8(keyDer);
  return (await keyMatchesCertificate(key, certificate)) ? { key, certificate, der: certDer } : undefined;
}
