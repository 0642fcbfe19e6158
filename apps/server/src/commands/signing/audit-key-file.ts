import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  privateKeyPem,
  readPrivateKeyPem,
  recoverKeyFile,
  replaceFile,
  type KeyProtection,
} from '../../services/pdf/ca/key-files.ts';

export const AUDIT_KEY_FILE = 'audit-chain.key';

/**
 * The generated audit chain secret (32 random bytes) is kept like the CA, seal and TSA keys
 * (ca/key-files.ts): a PKCS#8 private key, encrypted with SIGNING_KEYS_PASSPHRASE (PBES2, AES-256-CBC)
 * when one is set. The 32 bytes are stored as the seed of an Ed25519 key (RFC 8410) so that the very same
 * format, passphrases, rotation and re-encryption apply; the key is never used to sign. Files of earlier
 * versions (the secret as a hex line) are still read and re-stored as configured.
 */
const ED25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

const wrap = (secret: Buffer) => new Uint8Array(Buffer.concat([ED25519_PKCS8_PREFIX, secret]));

function unwrap(der: Uint8Array, file: string): Buffer {
  const bytes = Buffer.from(der);
  if (bytes.length !== 48 || !bytes.subarray(0, 16).equals(ED25519_PKCS8_PREFIX)) {
    throw new Error(`${file} does not hold an audit chain key.`);
  }
  return bytes.subarray(16);
}

const LEGACY = /^[0-9a-f]{64}$/;

/**
 * The secret in the key file as the text the keyring derives its key from (64 hex characters), re-storing
 * the file as `protection` wants when it is not (plain while a passphrase is set, a retired passphrase, the
 * legacy hex line); created on first use. An encrypted file that no configured passphrase opens is an error.
 */
export async function auditSecretFromFile(caDir: string, protection: KeyProtection): Promise<string> {
  const file = path.join(caDir, AUDIT_KEY_FILE);
  const check = (stored: string) => void secretOf(stored, protection, file);
  await recoverKeyFile(file, check);
  let text: string | null = null;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  if (text === null) {
    await mkdir(caDir, { recursive: true, mode: 0o700 });
    const fresh = privateKeyPem(wrap(randomBytes(32)), protection);
    try {
      await writeFile(file, fresh, { mode: 0o600, flag: 'wx' });
    } catch (error) {
      // Another process created it first: use theirs.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    text = await readFile(file, 'utf8');
  }
  const { secret, current } = secretOf(text, protection, file);
  if (!current) await replaceFile(file, privateKeyPem(wrap(secret), protection), 0o600, { check });
  return secret.toString('hex');
}

/** The secret a key file holds, and whether it is stored as `protection` wants. */
function secretOf(
  text: string,
  protection: KeyProtection,
  file: string,
): { secret: Buffer; current: boolean } {
  const legacy = text.trim();
  if (LEGACY.test(legacy)) {
    return { secret: Buffer.from(legacy, 'hex'), current: protection.passphrase === null };
  }
  const key = readPrivateKeyPem(text, protection, file);
  if (!key) throw new Error(`${file} does not hold an audit chain key.`);
  return { secret: unwrap(key.der, file), current: key.current };
}
