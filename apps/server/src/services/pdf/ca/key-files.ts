import { createCipheriv, createPrivateKey, pbkdf2Sync, randomBytes } from 'node:crypto';
import { access, copyFile, open, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import * as asn1js from 'asn1js';
import { arrayBuffer, pem } from './keys.ts';

/**
 * How the instance's private keys (CA, seal, time-stamping unit) are kept on disk: encrypted PKCS#8
 * (PBES2: PBKDF2-HMAC-SHA-256 with KDF_ITERATIONS + AES-256-CBC, the format `openssl pkey -passin` reads) with `passphrase`
 * (SIGNING_KEYS_PASSPHRASE), or plain PKCS#8 when it is null. `retired` passphrases still open keys written
 * before a rotation; such keys are re-encrypted with the current one at start (protectStoredKeys).
 */
export interface KeyProtection {
  passphrase: string | null;
  retired: string[];
}

export const UNPROTECTED: KeyProtection = { passphrase: null, retired: [] };

const PLAIN = 'PRIVATE KEY';
const ENCRYPTED = 'ENCRYPTED PRIVATE KEY';

/**
 * PBKDF2-HMAC-SHA-256 iterations of keys written from now on: OWASP's 2023 figure for SHA-256. Node's own
 * export uses 2048, far too few against a guessing attack on a stolen file; keys stored with fewer are
 * re-stored at start (protectStoredKeys).
 */
export const KDF_ITERATIONS = 600_000;

const PKCS5 = {
  pbes2: '1.2.840.113549.1.5.13',
  pbkdf2: '1.2.840.113549.1.5.12',
  hmacWithSha256: '1.2.840.113549.2.9',
  aes256Cbc: '2.16.840.1.101.3.4.1.42',
};

const algorithmId = (oid: string, params: asn1js.BaseBlock) =>
  new asn1js.Sequence({ value: [new asn1js.ObjectIdentifier({ value: oid }), params] });
const octets = (bytes: Uint8Array) => new asn1js.OctetString({ valueHex: arrayBuffer(bytes) });

/** PKCS#8 EncryptedPrivateKeyInfo (RFC 5958) under PBES2 (RFC 8018): PBKDF2-HMAC-SHA-256 and AES-256-CBC. */
function encryptPkcs8(der: Uint8Array, passphrase: string, iterations = KDF_ITERATIONS): Uint8Array {
  const salt = randomBytes(16);
  const iv = randomBytes(16);
  const key = pbkdf2Sync(passphrase, salt, iterations, 32, 'sha256');
  const cipher = createCipheriv('aes-256-cbc', key, iv);
  const encrypted = Buffer.concat([cipher.update(der), cipher.final()]);
  key.fill(0);
  const kdf = algorithmId(
    PKCS5.pbkdf2,
    new asn1js.Sequence({
      value: [
        octets(salt),
        new asn1js.Integer({ value: iterations }),
        algorithmId(PKCS5.hmacWithSha256, new asn1js.Null()),
      ],
    }),
  );
  const scheme = algorithmId(
    PKCS5.pbes2,
    new asn1js.Sequence({ value: [kdf, algorithmId(PKCS5.aes256Cbc, octets(iv))] }),
  );
  return new Uint8Array(new asn1js.Sequence({ value: [scheme, octets(encrypted)] }).toBER());
}

/**
 * The PBKDF2 iteration count of an encrypted PKCS#8 key (DER), or 0 when it is not PBES2 with PBKDF2
 * (PBES1, scrypt or anything else): such keys are re-stored.
 */
export function kdfIterations(encryptedDer: Uint8Array): number {
  const { result } = asn1js.fromBER(arrayBuffer(encryptedDer));
  const at = (block: unknown, i: number) =>
    (block as { valueBlock?: { value?: asn1js.BaseBlock[] } } | undefined)?.valueBlock?.value?.[i];
  const oid = (block: unknown) =>
    block instanceof asn1js.ObjectIdentifier ? block.valueBlock.toString() : undefined;
  const scheme = at(result, 0);
  if (oid(at(scheme, 0)) !== PKCS5.pbes2) return 0;
  const kdf = at(at(scheme, 1), 0);
  if (oid(at(kdf, 0)) !== PKCS5.pbkdf2) return 0;
  const count = at(at(kdf, 1), 1);
  return count instanceof asn1js.Integer ? count.valueBlock.valueDec : 0;
}

/** The PEM block of a PKCS#8 private key as `protection` wants it stored. */
export function privateKeyPem(der: Uint8Array, protection: KeyProtection): string {
  if (!protection.passphrase) return pem.encode(der, PLAIN);
  return pem.encode(encryptPkcs8(der, protection.passphrase), ENCRYPTED);
}

/**
 * The PKCS#8 private key in a PEM text (plain or encrypted), and whether it is stored as `protection`
 * wants (false: plain while a passphrase is set, encrypted with a retired passphrase, or with fewer than
 * KDF_ITERATIONS, as Node's own export and earlier versions wrote it). Undefined when the
 * text holds no private key; an error when it is encrypted and no configured passphrase opens it.
 */
export function readPrivateKeyPem(
  text: string,
  protection: KeyProtection,
  where: string,
): { der: Uint8Array; current: boolean } | undefined {
  const [plain] = pem.decode(text, PLAIN);
  if (plain) return { der: plain, current: protection.passphrase === null };
  const block = text.match(
    /-----BEGIN ENCRYPTED PRIVATE KEY-----[^-]+-----END ENCRYPTED PRIVATE KEY-----/,
  )?.[0];
  if (!block) return undefined;
  const candidates = [protection.passphrase, ...protection.retired].filter((p): p is string => !!p);
  for (const [i, passphrase] of candidates.entries()) {
    let der: Buffer;
    try {
      der = createPrivateKey({ key: block, format: 'pem', passphrase }).export({
        format: 'der',
        type: 'pkcs8',
      });
    } catch {
      continue;
    }
    const [encrypted] = pem.decode(block, ENCRYPTED);
    const strong = encrypted !== undefined && kdfIterations(encrypted) >= KDF_ITERATIONS;
    return { der: new Uint8Array(der), current: i === 0 && protection.passphrase !== null && strong };
  }
  throw new Error(
    `The private key in ${where} is encrypted and ${
      candidates.length ? 'none of the configured passphrases opens it' : 'no passphrase is configured'
    }: set SIGNING_KEYS_PASSPHRASE (and SIGNING_KEYS_RETIRED_PASSPHRASES after a rotation).`,
  );
}

/** The steps of replaceFile, in order; tests stop between them to simulate a crash. */
export type ReplaceStep = 'backup' | 'temp' | 'rename' | 'directory' | 'verified';

const errno = (error: unknown) => (error as NodeJS.ErrnoException).code;

async function fsyncPath(target: string): Promise<void> {
  const handle = await open(target, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Replaces a key file so that a crash at any point leaves a usable key (docs/decisions.md "Signing keys at
 * rest"): the current file is copied to `<file>.bak` (fsynced), the new text goes to a temporary file
 * (fsynced), which is renamed over the file, then the directory is fsynced; only when the new file reads back
 * as written (and `check` accepts it) is the backup removed. A reader sees the old or the new text, never a
 * part; recoverKeyFile puts the backup back if the new file did not survive.
 */
export async function replaceFile(
  file: string,
  text: string,
  mode: number,
  opts: { check?: (text: string) => void; after?: (step: ReplaceStep) => Promise<void> } = {},
): Promise<void> {
  const dir = path.dirname(file);
  const backup = `${file}.bak`;
  const step = async (name: ReplaceStep) => opts.after?.(name);
  try {
    await copyFile(file, backup);
    await fsyncPath(backup);
  } catch (error) {
    if (errno(error) !== 'ENOENT') throw error;
  }
  await step('backup');
  const tmp = path.join(dir, `.${path.basename(file)}.${randomBytes(8).toString('hex')}.tmp`);
  try {
    const handle = await open(tmp, 'wx', mode);
    try {
      await handle.writeFile(text);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await step('temp');
    await rename(tmp, file);
  } catch (error) {
    await rm(tmp, { force: true });
    throw error;
  }
  await step('rename');
  await fsyncPath(dir);
  await step('directory');
  const written = await readFile(file, 'utf8');
  if (written !== text) throw new Error(`${file} does not read back as written; ${backup} is kept.`);
  opts.check?.(written);
  await step('verified');
  await rm(backup, { force: true });
  await fsyncPath(dir);
}

/**
 * After a replacement that did not finish (`<file>.bak` left behind): keeps the file when it reads and
 * `check` accepts it, else puts the backup back. Then the backup is gone. True when the backup was restored.
 */
export async function recoverKeyFile(file: string, check: (text: string) => void): Promise<boolean> {
  const backup = `${file}.bak`;
  try {
    await access(backup);
  } catch {
    return false;
  }
  let usable: boolean;
  try {
    check(await readFile(file, 'utf8'));
    usable = true;
  } catch {
    usable = false;
  }
  if (usable) await rm(backup, { force: true });
  else await rename(backup, file);
  await fsyncPath(path.dirname(file));
  return !usable;
}

/** The check of a key file: it must hold a private key that `protection` opens (readPrivateKeyPem). */
export const keyFileCheck = (protection: KeyProtection, where: string) => (text: string) => {
  if (!readPrivateKeyPem(text, protection, where)) throw new Error(`${where} holds no private key.`);
};

/**
 * Re-stores the private key of a key file (any certificates in it are kept) as `protection` wants:
 * plain keys get encrypted once a passphrase is configured, keys under a retired passphrase get the
 * current one. A replacement that a crash interrupted is settled first (recoverKeyFile). True when the file
 * was rewritten; a missing file is left alone.
 */
export async function reprotectKeyFile(file: string, protection: KeyProtection): Promise<boolean> {
  const check = keyFileCheck(protection, file);
  await recoverKeyFile(file, check);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
  const key = readPrivateKeyPem(text, protection, file);
  if (!key || key.current) return false;
  const certificates = pem.decode(text, 'CERTIFICATE').map((der) => pem.encode(der, 'CERTIFICATE'));
  await replaceFile(file, certificates.join('') + privateKeyPem(key.der, protection), 0o600, { check });
  key.der.fill(0);
  return true;
}
