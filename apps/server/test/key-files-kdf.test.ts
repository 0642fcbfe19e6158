// Issue #30 item 5: the signing keys at rest are encrypted with PBKDF2-HMAC-SHA-256 at 600,000 iterations
// (PBES2, which openssl reads); keys written by Node's own export (2048 iterations) still open and are
// re-stored with the strong setting at start.
import { createPrivateKey, generateKeyPairSync } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  KDF_ITERATIONS,
  kdfIterations,
  privateKeyPem,
  readPrivateKeyPem,
  reprotectKeyFile,
  type KeyProtection,
} from '../src/services/pdf/ca/key-files.ts';
import { pem } from '../src/services/pdf/ca/keys.ts';
import { tool } from './pdf-openssl.ts';

const root = await mkdtemp(path.join(os.tmpdir(), 'sinetti-kdf-'));
afterAll(() => rm(root, { recursive: true, force: true }));

const protection: KeyProtection = { passphrase: 'x'.repeat(40), retired: [] };
const freshKey = () =>
  new Uint8Array(
    generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'der', type: 'pkcs8' }),
  );

/** The PBES2 parameters of the first encrypted key in a PEM text, as openssl's ASN.1 parser shows them. */
async function asn1Parse(text: string): Promise<string> {
  const file = path.join(root, `parse-${Math.random().toString(36).slice(2)}.pem`);
  await writeFile(file, text);
  return tool('openssl', ['asn1parse', '-in', file]);
}

describe('signing keys at rest', () => {
  it(`are encrypted with PBES2, PBKDF2-HMAC-SHA-256 at ${KDF_ITERATIONS} iterations and AES-256-CBC`, async () => {
    expect(KDF_ITERATIONS).toBeGreaterThanOrEqual(600_000);
    const der = freshKey();
    const text = privateKeyPem(der, protection);
    const [encrypted] = pem.decode(text, 'ENCRYPTED PRIVATE KEY');
    expect(kdfIterations(encrypted!)).toBe(KDF_ITERATIONS);
    const parsed = await asn1Parse(text);
    expect(parsed).toContain(':PBES2');
    expect(parsed).toContain(':PBKDF2');
    expect(parsed).toMatch(/INTEGER\s+:0927C0/); // 600000
    expect(parsed).toContain(':hmacWithSHA256');
    expect(parsed).toContain(':aes-256-cbc');
    // openssl opens it with the passphrase, Sinetti too, and the stored form is current.
    const file = path.join(root, 'strong.pem');
    await writeFile(file, text);
    const out = await tool('openssl', ['pkey', '-in', file, '-passin', `pass:${protection.passphrase}`]);
    expect(out).toContain('-----BEGIN PRIVATE KEY-----');
    const read = readPrivateKeyPem(text, protection, 'strong.pem');
    expect(read?.der).toEqual(der);
    expect(read?.current).toBe(true);
  });

  it('written the old way (Node export, 2048 iterations) still open and are re-stored strong at start', async () => {
    const der = freshKey();
    const old = createPrivateKey({ key: Buffer.from(der), format: 'der', type: 'pkcs8' })
      .export({ format: 'pem', type: 'pkcs8', cipher: 'aes-256-cbc', passphrase: protection.passphrase! })
      .toString();
    expect(kdfIterations(pem.decode(old, 'ENCRYPTED PRIVATE KEY')[0]!)).toBe(2048);
    const read = readPrivateKeyPem(old, protection, 'old.pem');
    expect(read?.der).toEqual(der);
    expect(read?.current).toBe(false);

    const file = path.join(root, 'seal.pem');
    const certificate = '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n';
    await writeFile(file, certificate + old, { mode: 0o600 });
    expect(await reprotectKeyFile(file, protection)).toBe(true);
    const stored = await readFile(file, 'utf8');
    expect(stored.startsWith(certificate)).toBe(true);
    expect(kdfIterations(pem.decode(stored, 'ENCRYPTED PRIVATE KEY')[0]!)).toBe(KDF_ITERATIONS);
    expect(readPrivateKeyPem(stored, protection, file)?.der).toEqual(der);
    // Once strong, it is left alone.
    expect(await reprotectKeyFile(file, protection)).toBe(false);
  });
});
