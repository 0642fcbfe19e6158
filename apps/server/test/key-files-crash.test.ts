import { generateKeyPairSync } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { AUDIT_KEY_FILE, useAuditKeyring } from '../src/commands/signing/audit-anchor.ts';
import {
  keyFileCheck,
  privateKeyPem,
  readPrivateKeyPem,
  recoverKeyFile,
  replaceFile,
  reprotectKeyFile,
  UNPROTECTED,
  type ReplaceStep,
} from '../src/services/pdf/ca/key-files.ts';

const root = await mkdtemp(path.join(os.tmpdir(), 'sinetti-key-crash-'));
afterAll(() => rm(root, { recursive: true, force: true }));

const keyPem = () =>
  privateKeyPem(
    new Uint8Array(
      generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'der', type: 'pkcs8' }),
    ),
    UNPROTECTED,
  );
const check = keyFileCheck(UNPROTECTED, 'test key');
let n = 0;
async function keyFile(text: string): Promise<{ dir: string; file: string }> {
  const dir = await mkdtemp(path.join(root, `k${n++}-`));
  const file = path.join(dir, 'seal.pem');
  await writeFile(file, text, { mode: 0o600 });
  return { dir, file };
}
const crashAt = (at: ReplaceStep) => async (step: ReplaceStep) => {
  if (step === at) throw new Error(`crash after ${step}`);
};

describe('replacing key files safely', () => {
  const STEPS: [ReplaceStep, 'old' | 'new'][] = [
    ['backup', 'old'],
    ['temp', 'old'],
    ['rename', 'new'],
    ['directory', 'new'],
    ['verified', 'new'],
  ];

  it.each(STEPS)(
    'a crash after "%s" leaves the %s key whole, a backup, and recovery settles it',
    async (step, kept) => {
      const [before, after] = [keyPem(), keyPem()];
      const { dir, file } = await keyFile(before);
      await expect(replaceFile(file, after, 0o600, { check, after: crashAt(step) })).rejects.toThrow(/crash/);
      const expected = kept === 'old' ? before : after;
      expect(await readFile(file, 'utf8')).toBe(expected);
      expect(await readFile(`${file}.bak`, 'utf8')).toBe(before);
      expect(await recoverKeyFile(file, check)).toBe(false);
      expect(await readFile(file, 'utf8')).toBe(expected);
      expect((await readdir(dir)).sort()).toEqual(['seal.pem']);
    },
  );

  it('a complete replacement leaves only the new file', async () => {
    const [before, after] = [keyPem(), keyPem()];
    const { dir, file } = await keyFile(before);
    const steps: ReplaceStep[] = [];
    await replaceFile(file, after, 0o600, { check, after: async (s) => void steps.push(s) });
    expect(steps).toEqual(['backup', 'temp', 'rename', 'directory', 'verified']);
    expect(await readFile(file, 'utf8')).toBe(after);
    expect(await readdir(dir)).toEqual(['seal.pem']);
  });

  it('puts the backup back when the new file did not survive (torn or missing)', async () => {
    const [before, after] = [keyPem(), keyPem()];
    const { file } = await keyFile(before);
    await expect(replaceFile(file, after, 0o600, { check, after: crashAt('rename') })).rejects.toThrow();
    await writeFile(file, after.slice(0, 40));
    expect(await recoverKeyFile(file, check)).toBe(true);
    expect(await readFile(file, 'utf8')).toBe(before);
    await expect(readFile(`${file}.bak`)).rejects.toThrow();
    // A file that vanished comes back too.
    await writeFile(`${file}.bak`, before);
    await rm(file);
    expect(await recoverKeyFile(file, check)).toBe(true);
    expect(await readFile(file, 'utf8')).toBe(before);
  });

  it('re-encryption at start recovers an interrupted replacement first', async () => {
    const before = keyPem();
    const { file } = await keyFile('-----BEGIN PRIVATE KEY-----\ntorn');
    await writeFile(`${file}.bak`, before);
    const protection = { passphrase: 'salalause-joka-on-tarpeeksi-pitka-32', retired: [] };
    expect(await reprotectKeyFile(file, protection)).toBe(true);
    const stored = await readFile(file, 'utf8');
    expect(stored).toMatch(/ENCRYPTED PRIVATE KEY/);
    expect(readPrivateKeyPem(stored, protection, file)?.der).toEqual(
      readPrivateKeyPem(before, UNPROTECTED, file)?.der,
    );
    await expect(readFile(`${file}.bak`)).rejects.toThrow();
  });

  it('the audit chain key recovers the same way', async () => {
    const caDir = await mkdtemp(path.join(root, 'audit-'));
    const ring = await useAuditKeyring({ key: null, retired: [], caDir });
    const file = path.join(caDir, AUDIT_KEY_FILE);
    const good = await readFile(file, 'utf8');
    await writeFile(`${file}.bak`, good);
    await writeFile(file, good.slice(0, 30));
    const again = await useAuditKeyring({ key: null, retired: [], caDir });
    expect(again.current.id).toBe(ring.current.id);
    expect(await readdir(caDir)).toEqual([AUDIT_KEY_FILE]);
  });
});
