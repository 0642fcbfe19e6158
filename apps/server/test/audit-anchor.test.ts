import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { AUDIT_KEY_FILE, auditKeyOf, useAuditKeyring } from '../src/commands/signing/audit-anchor.ts';

const dir = await mkdtemp(path.join(os.tmpdir(), 'sinetti-audit-key-'));
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('the audit chain key', () => {
  it('is generated once beside the signing CA (mode 0600) and read back unchanged', async () => {
    const caDir = path.join(dir, 'signing-ca');
    const first = await useAuditKeyring({ key: null, retired: [], caDir });
    const file = path.join(caDir, AUDIT_KEY_FILE);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(await readFile(file, 'utf8')).toMatch(/^-----BEGIN PRIVATE KEY-----/);
    const again = await useAuditKeyring({ key: null, retired: [], caDir });
    expect(again.current.id).toBe(first.current.id);
  });

  it('comes from AUDIT_CHAIN_KEY when set, and keeps retired keys for verification', async () => {
    const old = 'an-older-key-that-was-rotated-out-0000';
    const ring = await useAuditKeyring({ key: 'k'.repeat(40), retired: [old], caDir: null });
    expect(ring.current.id).toBe(auditKeyOf('k'.repeat(40)).id);
    expect(ring.all.map((k) => k.id)).toContain(auditKeyOf(old).id);
    expect(auditKeyOf(old).id).not.toBe(ring.current.id);
  });

  it('is encrypted at rest with SIGNING_KEYS_PASSPHRASE, like the CA keys, and re-encrypted on rotation', async () => {
    const caDir = path.join(dir, 'encrypted');
    const file = path.join(caDir, AUDIT_KEY_FILE);
    const protection = { passphrase: 'ensimmäinen-salalause', retired: [] };
    const first = await useAuditKeyring({ key: null, retired: [], caDir, protection });
    const stored = await readFile(file, 'utf8');
    expect(stored).toMatch(/^-----BEGIN ENCRYPTED PRIVATE KEY-----/);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    // OpenSSL opens it with the passphrase (PBES2), and the secret is nowhere in the file in the clear.
    const run = promisify(execFile);
    const { stdout } = await run(
      'openssl',
      ['pkey', '-in', file, '-passin', `pass:${protection.passphrase}`, '-outform', 'DER'],
      { encoding: 'buffer' },
    );
    const secretHex = Buffer.from(stdout).subarray(16).toString('hex');
    expect(auditKeyOf(secretHex).id).toBe(first.current.id);
    expect(stored).not.toContain(secretHex);
    await expect(
      useAuditKeyring({ key: null, retired: [], caDir, protection: { passphrase: 'väärä', retired: [] } }),
    ).rejects.toThrow(/SIGNING_KEYS_PASSPHRASE/);
    // Rotation: the retired passphrase still opens it, and the file is re-encrypted with the new one.
    const rotated = { passphrase: 'toinen-salalause', retired: [protection.passphrase] };
    const again = await useAuditKeyring({ key: null, retired: [], caDir, protection: rotated });
    expect(again.current.id).toBe(first.current.id);
    expect(await readFile(file, 'utf8')).not.toBe(stored);
    const onlyNew = { passphrase: 'toinen-salalause', retired: [] };
    expect((await useAuditKeyring({ key: null, retired: [], caDir, protection: onlyNew })).current.id).toBe(
      first.current.id,
    );
  });

  it('re-stores a key file of an earlier version (a hex line) encrypted, keeping the same key', async () => {
    const caDir = path.join(dir, 'legacy');
    const file = path.join(caDir, AUDIT_KEY_FILE);
    await mkdir(caDir, { recursive: true });
    const hex = 'ab'.repeat(32);
    await writeFile(file, `${hex}\n`, { mode: 0o600 });
    const plain = await useAuditKeyring({ key: null, retired: [], caDir });
    expect(plain.current.id).toBe(auditKeyOf(hex).id);
    expect((await readFile(file, 'utf8')).trim()).toBe(hex);
    const protection = { passphrase: 'salalause', retired: [] };
    const ring = await useAuditKeyring({ key: null, retired: [], caDir, protection });
    expect(ring.current.id).toBe(auditKeyOf(hex).id);
    const stored = await readFile(file, 'utf8');
    expect(stored).toMatch(/^-----BEGIN ENCRYPTED PRIVATE KEY-----/);
    expect(stored).not.toContain(hex);
  });
});
