import { randomBytes, webcrypto } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Certificate } from 'pkijs';
import { certificateDer, createCertificate, isCaCertificate, type CaLinks } from './certificates.ts';
import {
  arrayBuffer,
  generateKeyPair,
  importPkcs8,
  keyMatchesCertificate,
  pem,
  type SigningKey,
} from './keys.ts';
import { privateKeyPem, readPrivateKeyPem, UNPROTECTED, type KeyProtection } from './key-files.ts';
import { caLifecycle, loadRetiredCas, retireCaDir, type RetiredCa } from './lifecycle.ts';
import { readPkcs12 } from './p12.ts';
import type { RevocationReason } from './revocations.ts';

/** The instance's signing certificate authority: it issues every signee's one-time certificate and the seal's. */
export interface SigningCa {
  certificate: Certificate;
  /** DER of the certificate (embedded in every signature's certificate set). */
  der: Uint8Array;
  key: SigningKey;
  /** Where the seal's key and certificate are kept (null: in memory only). */
  dir: string | null;
  /** The public URLs of the CA's CRL and certificate, named in every certificate it issues (null: none). */
  links: CaLinks | null;
  /** How the keys under `dir` (CA, seal, time-stamping unit) are stored (key-files.ts). */
  protection: KeyProtection;
  /** Former CAs of this instance (renewed or revoked, lifecycle.ts): anchors for the documents they certified. */
  retired: RetiredCa[];
}

/** The CA's public URLs under PUBLIC_URL (routes/pki): stable, so certificates issued years ago still point to them. */
export function caLinks(publicUrl: string): CaLinks {
  const base = publicUrl.replace(/\/+$/, '');
  return { crl: `${base}/api/pki/ca.crl`, caIssuers: `${base}/api/pki/ca.crt` };
}

export interface SigningCaOptions {
  /** `DATA_DIR/signing-ca`; null keeps a generated CA in memory (tests with `DATA_DIR=memory://`). */
  dir: string | null;
  /** A configured PKCS#12 (certificate + key of an existing CA) instead of the generated one. */
  p12?: { path: string; password: string } | undefined;
  /**
   * The instance's name in a generated CA's subject, "Sinetti Signing CA (<name>)": a configured name, never the
   * listening address. A CA is generated once; an existing CA keeps its subject (docs/decisions.md).
   */
  name: string;
  /** PUBLIC_URL: issued certificates name the CRL and CA certificate under it (absent: no links). */
  publicUrl?: string | undefined;
  /** Encryption of the private keys written under `dir` (default: none). */
  protection?: KeyProtection | undefined;
  now?: Date;
  /** Whether a generated CA near its end is renewed while loading (default true; lifecycle.ts). */
  renew?: boolean;
}

const CA_YEARS = 20;

export async function loadSigningCa(opts: SigningCaOptions): Promise<SigningCa> {
  const links = opts.publicUrl ? caLinks(opts.publicUrl) : null;
  const protection = opts.protection ?? UNPROTECTED;
  const loaded = await loadCa(opts, protection);
  return { ...loaded, links, protection, retired: await loadRetiredCas(loaded.dir) };
}

/**
 * Replaces the generated CA under `opts.dir` now (the operator command): the current one is retired (kept as
 * an anchor; without its key when revoked) and a new one is generated. A configured PKCS#12 CA is the
 * operator's to replace.
 */
export async function rolloverSigningCa(
  opts: SigningCaOptions,
  retirement: { reason: RevocationReason; revokedAt: Date | null },
): Promise<{ previous: SigningCa; next: SigningCa }> {
  if (opts.p12 || !opts.dir) {
    throw new Error('Only a CA that Sinetti generated under DATA_DIR/signing-ca can be renewed by Sinetti.');
  }
  const previous = await loadSigningCa({ ...opts, renew: false });
  await retireCaDir(opts.dir, previous.certificate, retirement);
  return { previous, next: await loadSigningCa({ ...opts, renew: false }) };
}

type LoadedCa = Omit<SigningCa, 'links' | 'protection' | 'retired'>;

async function loadCa(opts: SigningCaOptions, protection: KeyProtection): Promise<LoadedCa> {
  if (opts.p12) return fromPkcs12(opts.p12, opts.dir);
  if (opts.dir === null) {
    const { ca, keyDer } = await generateCa(opts.name, opts.now ?? new Date());
    keyDer.fill(0);
    return { ...ca, dir: null };
  }
  const caDir = path.join(opts.dir, 'ca');
  const existing = await readCaDir(caDir, protection);
  const ending = existing && caLifecycle(existing.certificate, opts.now ?? new Date()).state;
  if (existing && opts.renew !== false && (ending === 'renewal-due' || ending === 'expired')) {
    // Too little time left to give a certificate its full lifetime: a new CA, the old one kept as an anchor.
    await retireCaDir(opts.dir, existing.certificate, { reason: 'superseded', revokedAt: null });
  } else if (existing) return { ...existing, dir: opts.dir };
  await mkdir(opts.dir, { recursive: true, mode: 0o700 });
  const { ca, keyDer } = await generateCa(opts.name, opts.now ?? new Date());
  // Written completely in a private directory, then renamed into place: a process starting at the same
  // moment either wins the rename or finds the other's complete CA (rename onto a non-empty directory fails).
  const tmp = path.join(opts.dir, `.ca-${randomBytes(8).toString('hex')}`);
  await mkdir(tmp, { mode: 0o700 });
  try {
    await writeFile(path.join(tmp, 'ca.key.pem'), privateKeyPem(keyDer, protection), {
      mode: 0o600,
      flag: 'wx',
    });
    await writeFile(path.join(tmp, 'ca.cert.pem'), pem.encode(ca.der, 'CERTIFICATE'), {
      mode: 0o644,
      flag: 'wx',
    });
    await rename(tmp, caDir);
    keyDer.fill(0);
    return { ...ca, dir: opts.dir };
  } catch (error) {
    await rm(tmp, { recursive: true, force: true });
    const code = (error as NodeJS.ErrnoException).code;
    const winner = code === 'ENOTEMPTY' || code === 'EEXIST' ? await readCaDir(caDir, protection) : undefined;
    if (winner) return { ...winner, dir: opts.dir };
    throw error;
  }
}

async function readCaDir(
  caDir: string,
  protection: KeyProtection,
): Promise<Omit<LoadedCa, 'dir'> | undefined> {
  let certPem: string;
  let keyPem: string;
  try {
    [certPem, keyPem] = await Promise.all([
      readFile(path.join(caDir, 'ca.cert.pem'), 'utf8'),
      readFile(path.join(caDir, 'ca.key.pem'), 'utf8'),
    ]);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const [certDer] = pem.decode(certPem, 'CERTIFICATE');
  const keyDer = readPrivateKeyPem(keyPem, protection, path.join(caDir, 'ca.key.pem'))?.der;
  if (!certDer || !keyDer) throw new Error(`The signing CA files in ${caDir} are damaged.`);
  try {
    return await checkedCa(certDer, keyDer);
  } finally {
    keyDer.fill(0);
  }
}

async function checkedCa(certDer: Uint8Array, keyDer: Uint8Array): Promise<Omit<LoadedCa, 'dir'>> {
  const certificate = Certificate.fromBER(arrayBuffer(certDer));
  const key = await importPkcs8(keyDer);
  if (!isCaCertificate(certificate)) throw new Error('The signing CA certificate is not a CA certificate.');
  if (!(await keyMatchesCertificate(key, certificate))) {
    throw new Error('The signing CA private key does not belong to its certificate.');
  }
  return { certificate, der: certDer, key };
}

async function fromPkcs12(p12: { path: string; password: string }, dir: string | null): Promise<LoadedCa> {
  const { certificates, privateKey } = await readPkcs12(await readFile(p12.path), p12.password);
  const key = await importPkcs8(privateKey);
  privateKey.fill(0);
  for (const der of certificates) {
    const certificate = Certificate.fromBER(arrayBuffer(der));
    if (isCaCertificate(certificate) && (await keyMatchesCertificate(key, certificate))) {
      return { certificate, der, key, dir };
    }
  }
  throw new Error(`${p12.path} holds no CA certificate (basicConstraints cA) matching its private key.`);
}

async function generateCa(
  name: string,
  now: Date,
): Promise<{ ca: Omit<LoadedCa, 'dir'>; keyDer: Uint8Array }> {
  const pair = await generateKeyPair('rsa-3072', true);
  const key: SigningKey = {
    privateKey: pair.privateKey,
    algorithm: { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' },
  };
  const notAfter = new Date(now);
  notAfter.setUTCFullYear(notAfter.getUTCFullYear() + CA_YEARS);
  const certificate = await createCertificate({
    kind: 'ca',
    subject: { commonName: `Sinetti Signing CA (${name})`, organization: 'Sinetti' },
    publicKey: pair.publicKey,
    notBefore: new Date(now.getTime() - 60_000),
    notAfter,
    selfKey: key,
  });
  const keyDer = new Uint8Array(await webcrypto.subtle.exportKey('pkcs8', pair.privateKey));
  // Keep only a non-extractable copy of the private key in memory.
  const locked = await importPkcs8(keyDer);
  return { ca: { certificate, der: certificateDer(certificate), key: locked }, keyDer };
}
