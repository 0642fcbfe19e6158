import { execFileSync } from 'node:child_process';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { loadSigningCa } from '../src/services/pdf/ca/ca.ts';
import { OID, isCaCertificate, subjectField } from '../src/services/pdf/ca/certificates.ts';
import {
  issueOneTimeIdentity,
  loadInstanceIdentity,
  loadSealIdentity,
  TSA_IDENTITY,
} from '../src/services/pdf/ca/identities.ts';
import {
  addSignature,
  prepareForSigning,
  protectStoredKeys,
  signingCaFromConfig,
  verifyWithPdfsig,
} from '../src/services/pdf/index.ts';
import { TEST_P12, TEST_P12_PASSWORD, cmsOf, makePdf, tempDir, removeTempDirs } from './pdf-fixtures.ts';

const mode = async (p: string) => (await stat(p)).mode & 0o777;

describe('the signing certificate authority', () => {
  it('is created on first use under DATA_DIR/signing-ca with a private key readable by the owner only', async () => {
    const dir = path.join(await tempDir(), 'signing-ca');
    const ca = await loadSigningCa({ dir, name: 'sign.example.fi' });
    expect(subjectField(ca.certificate, OID.commonName)).toBe('Sinetti Signing CA (sign.example.fi)');
    expect(isCaCertificate(ca.certificate)).toBe(true);
    const keyUsage = ca.certificate.extensions!.find((e) => e.extnID === OID.keyUsage)!;
    expect(Buffer.from(keyUsage.extnValue.valueBlock.valueHexView).toString('hex')).toBe('03020106');
    expect(await ca.certificate.verify()).toBe(true);
    expect(await mode(path.join(dir, 'ca', 'ca.key.pem'))).toBe(0o600);
    expect(await mode(path.join(dir, 'ca'))).toBe(0o700);
    expect(ca.key.privateKey.extractable).toBe(false);

    const again = await loadSigningCa({ dir, name: 'other.example' });
    expect(Buffer.from(again.der).equals(Buffer.from(ca.der))).toBe(true);
  });

  it('ends up as one CA when several starts race to create it', async () => {
    const dir = path.join(await tempDir(), 'signing-ca');
    const cas = await Promise.all([1, 2, 3].map(() => loadSigningCa({ dir, name: 'race.test' })));
    const ders = new Set(cas.map((c) => Buffer.from(c.der).toString('hex')));
    expect(ders.size).toBe(1);
    expect(await readdir(dir)).toEqual(['ca']);
  });

  it('can come from a PKCS#12 file, and its certificates then issue the signee certificates', async () => {
    const file = path.join(await tempDir(), 'ca.p12');
    await writeFile(file, TEST_P12);
    const ca = await loadSigningCa({
      dir: null,
      name: 'x',
      p12: { path: file, password: TEST_P12_PASSWORD },
    });
    expect(subjectField(ca.certificate, OID.commonName)).toBe('Example Test CA');
    const { pdf } = await prepareForSigning(
      await makePdf(1),
      [{ name: 'Ville', email: 'v@example.com', level: 'Simple' }],
      {
        documentName: 'a.pdf',
        documentId: '1',
        lang: 'en',
      },
    );
    const signed = await addSignature(pdf, {
      signer: { name: 'Ville', email: 'v@example.com' },
      method: 'Email code',
      signedAt: new Date(),
      stampSlot: 0,
      ca,
    });
    const { signatures, output } = await verifyWithPdfsig(signed);
    expect(
      signatures.map((s) => s.validity),
      output,
    ).toEqual(['valid']);
    const leaf = cmsOf(signed, 0).signed.certificates!.find(
      (c) => 'subject' in c && subjectField(c, OID.commonName) === 'Ville',
    );
    expect(leaf && 'verify' in leaf && (await leaf.verify(ca.certificate))).toBe(true);

    await expect(
      loadSigningCa({ dir: null, name: 'x', p12: { path: file, password: 'wrong' } }),
    ).rejects.toThrow(/wrong password/);
  });

  it('keeps the platform seal identity next to the CA and reuses it', async () => {
    const dir = path.join(await tempDir(), 'signing-ca');
    const ca = await loadSigningCa({ dir, name: 'seal.test' });
    const seal = await loadSealIdentity(ca);
    expect(subjectField(seal.certificate, OID.commonName)).toBe('Sinetti platform seal');
    expect(await seal.certificate.verify(ca.certificate)).toBe(true);
    expect(await mode(path.join(dir, 'seal.pem'))).toBe(0o600);
    const reloaded = await loadSealIdentity(await loadSigningCa({ dir, name: 'seal.test' }));
    expect(Buffer.from(reloaded.der).equals(Buffer.from(seal.der))).toBe(true);
  });

  it('is configured from the environment', () => {
    const base = { NODE_ENV: 'test', PUBLIC_URL: 'https://sign.example.fi', LOG_LEVEL: 'silent' } as const;
    const fromDisk = loadConfig({ ...base, DATA_DIR: '/srv/sinetti' }).signing;
    expect(fromDisk).toMatchObject({
      caDir: '/srv/sinetti/signing-ca',
      caP12: null,
      caName: 'sign.example.fi',
      tsa: null,
    });
    const configured = loadConfig({
      ...base,
      DATA_DIR: 'memory://',
      SIGNING_CA_P12_PATH: '/etc/sinetti/ca.p12',
      SIGNING_CA_P12_PASSWORD: 'pw',
      SIGNING_TSA_URL: 'http://tsa.example/tsr',
      SIGNING_TSA_TIMEOUT_SECONDS: '5',
    }).signing;
    expect(configured).toMatchObject({
      caDir: null,
      caP12: { path: '/etc/sinetti/ca.p12', password: 'pw' },
      tsa: { url: 'http://tsa.example/tsr', timeoutMs: 5000 },
    });
    expect(() => loadConfig({ ...base, SIGNING_CA_P12_PATH: '/etc/ca.p12' })).toThrow(
      /SIGNING_CA_P12_PASSWORD/,
    );
    expect(() => loadConfig({ ...base, SIGNING_TSA_URL: 'ftp://tsa' })).toThrow(/SIGNING_TSA_URL/);
  });

  it('is loaded once per process from the configuration', async () => {
    const signing = loadConfig({ NODE_ENV: 'test', DATA_DIR: 'memory://', LOG_LEVEL: 'silent' }).signing;
    const [a, b] = await Promise.all([signingCaFromConfig(signing), signingCaFromConfig(signing)]);
    expect(a).toBe(b);
    // The listening address's port is not part of the name: the name must not change when the port does.
    expect(subjectField(a.certificate, OID.commonName)).toBe('Sinetti Signing CA (localhost)');
  });

  it('takes its name from INSTANCE_NAME when set, and refuses names that would break the subject', () => {
    const base = { NODE_ENV: 'test', PUBLIC_URL: 'http://10.0.0.5:8080', LOG_LEVEL: 'silent' } as const;
    expect(loadConfig(base).signing.caName).toBe('10.0.0.5');
    expect(loadConfig({ ...base, INSTANCE_NAME: ' Acme Oy signing ' }).signing.caName).toBe(
      'Acme Oy signing',
    );
    expect(() => loadConfig({ ...base, INSTANCE_NAME: 'a (b)' })).toThrow(/INSTANCE_NAME/);
    expect(() => loadConfig({ ...base, INSTANCE_NAME: 'x'.repeat(65) })).toThrow(/INSTANCE_NAME/);
  });

  it('puts e-mail addresses into certificates as ASCII, or refuses them', async () => {
    const ca = await loadSigningCa({ dir: null, name: 'mail.test' });
    const id = await issueOneTimeIdentity(ca, { name: ' Liisa ', email: 'liisa@sähkö.fi' }, new Date());
    expect(subjectField(id.certificate, OID.emailAddress)).toBe('liisa@xn--shk-qla6g.fi');
    expect(subjectField(id.certificate, OID.commonName)).toBe('Liisa');
    await expect(issueOneTimeIdentity(ca, { name: 'Ö', email: 'öö@example.fi' }, new Date())).rejects.toThrow(
      /cannot be put in a certificate/,
    );
    await expect(issueOneTimeIdentity(ca, { name: ' ', email: 'a@example.fi' }, new Date())).rejects.toThrow(
      /name/,
    );
  });
});

describe('the signing keys at rest', () => {
  const PASS = 'correct horse battery staple and 32+ characters';
  const NEXT = 'the next passphrase after a rotation and long enough';
  const keyFiles = (dir: string) => [
    path.join(dir, 'ca', 'ca.key.pem'),
    path.join(dir, 'seal.pem'),
    path.join(dir, 'tsa.pem'),
  ];
  const signing = (dir: string, passphrase: string | null, retired: string[] = []) =>
    ({ caDir: dir, keyProtection: { passphrase, retired } }) as Parameters<typeof protectStoredKeys>[0];

  it('are written encrypted (PKCS#8, readable by openssl with the passphrase) when a passphrase is set', async () => {
    const dir = path.join(await tempDir(), 'signing-ca');
    const protection = { passphrase: PASS, retired: [] };
    const ca = await loadSigningCa({ dir, name: 'enc.test', protection });
    const seal = await loadSealIdentity(ca);
    await loadInstanceIdentity(ca, TSA_IDENTITY);
    for (const file of keyFiles(dir)) {
      const text = await readFile(file, 'utf8');
      expect(text, file).toContain('-----BEGIN ENCRYPTED PRIVATE KEY-----');
      expect(text, file).not.toContain('-----BEGIN PRIVATE KEY-----');
      expect(await mode(file)).toBe(0o600);
      const opened = execFileSync('openssl', [
        'pkey',
        '-in',
        file,
        '-passin',
        `pass:${PASS}`,
        '-noout',
        '-text_pub',
      ]);
      expect(opened.length).toBeGreaterThan(0);
    }
    const again = await loadSigningCa({ dir, name: 'enc.test', protection });
    expect(Buffer.from(again.der).equals(Buffer.from(ca.der))).toBe(true);
    expect(Buffer.from((await loadSealIdentity(again)).der).equals(Buffer.from(seal.der))).toBe(true);
    await expect(loadSigningCa({ dir, name: 'enc.test' })).rejects.toThrow(
      /encrypted.*SIGNING_KEYS_PASSPHRASE/,
    );
    await expect(
      loadSigningCa({ dir, name: 'enc.test', protection: { passphrase: NEXT, retired: [] } }),
    ).rejects.toThrow(/none of the configured passphrases/);
  });

  it('stored plain are encrypted at start once a passphrase is configured, and re-encrypted after a rotation', async () => {
    const dir = path.join(await tempDir(), 'signing-ca');
    const plainCa = await loadSigningCa({ dir, name: 'old.test' });
    const seal = await loadSealIdentity(plainCa);
    await loadInstanceIdentity(plainCa, TSA_IDENTITY);
    expect(await readFile(keyFiles(dir)[1]!, 'utf8')).toContain('-----BEGIN PRIVATE KEY-----');

    expect(await protectStoredKeys(signing(dir, PASS))).toEqual(keyFiles(dir));
    for (const file of keyFiles(dir)) {
      expect(await readFile(file, 'utf8')).toContain('-----BEGIN ENCRYPTED PRIVATE KEY-----');
    }
    expect(await protectStoredKeys(signing(dir, PASS))).toEqual([]);
    const ca = await loadSigningCa({ dir, name: 'old.test', protection: { passphrase: PASS, retired: [] } });
    expect(Buffer.from(ca.der).equals(Buffer.from(plainCa.der))).toBe(true);
    const reloadedSeal = await loadSealIdentity(ca);
    expect(Buffer.from(reloadedSeal.der).equals(Buffer.from(seal.der))).toBe(true);
    expect(await readFile(keyFiles(dir)[1]!, 'utf8')).toContain('-----BEGIN CERTIFICATE-----');

    // Rotation: the new passphrase, the old one retired; afterwards the old one alone no longer opens them.
    expect(await protectStoredKeys(signing(dir, NEXT, [PASS]))).toEqual(keyFiles(dir));
    await expect(protectStoredKeys(signing(dir, PASS))).rejects.toThrow(/none of the configured passphrases/);
    const rotated = await loadSigningCa({ dir, name: 'x', protection: { passphrase: NEXT, retired: [] } });
    expect(Buffer.from(rotated.der).equals(Buffer.from(plainCa.der))).toBe(true);
    // Without any passphrase, encrypted keys stop the start instead of being replaced.
    await expect(protectStoredKeys(signing(dir, null))).rejects.toThrow(/no passphrase is configured/);
  });

  it('must be encrypted in production unless explicitly allowed', () => {
    const production = {
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://sign.example.fi',
      GOOGLE_CLIENT_ID: 'id',
      GOOGLE_CLIENT_SECRET: 'secret',
      SMTP_URL: 'smtp://mail.example.fi',
      DATA_DIR: '/srv/sinetti',
    };
    expect(() => loadConfig(production)).toThrow(/SIGNING_KEYS_PASSPHRASE/);
    expect(() => loadConfig({ ...production, SIGNING_KEYS_PASSPHRASE: 'short' })).toThrow(/at least 32/);
    expect(() => loadConfig({ ...production, SIGNING_KEYS_PASSPHRASE: `${PASS},x` })).toThrow(/commas/);
    expect(
      loadConfig({ ...production, ALLOW_UNENCRYPTED_SIGNING_KEYS: 'true' }).signing.keyProtection,
    ).toEqual({
      passphrase: null,
      retired: [],
    });
    expect(loadConfig({ ...production, DATA_DIR: 'memory://' }).signing.caDir).toBeNull();
    expect(
      loadConfig({
        ...production,
        SIGNING_KEYS_PASSPHRASE: PASS,
        SIGNING_KEYS_RETIRED_PASSPHRASES: `${NEXT}, older one`,
      }).signing.keyProtection,
    ).toEqual({ passphrase: PASS, retired: [NEXT, 'older one'] });
  });
});

afterAll(removeTempDirs);
