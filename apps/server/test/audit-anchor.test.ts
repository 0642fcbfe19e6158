import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
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
    expect((await readFile(file, 'utf8')).trim()).toMatch(/^[0-9a-f]{64}$/);
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
});
