// Issue #30 items 4 and 5: the CA may issue end-entity certificates only (pathLenConstraint 0), signing
// certificates name their purpose (extendedKeyUsage), the seal lives as long as the signee certificates so
// that pdfsig and mutool (which ignore time-stamps) keep accepting it, and no certificate is ever issued with
// its notBefore after its notAfter.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadSigningCa } from '../src/services/pdf/ca/ca.ts';
import {
  issueOneTimeIdentity,
  loadInstanceIdentity,
  loadSealIdentity,
  ONE_TIME_YEARS,
  TSA_IDENTITY,
} from '../src/services/pdf/ca/identities.ts';
import { pem } from '../src/services/pdf/ca/keys.ts';
import { makeTestCa, removeTempDirs, sealedWithOneSignee, tempDir } from './pdf-fixtures.ts';
import { mutoolVerify, pdfsigTrusted, tool, trustDir } from './pdf-openssl.ts';

afterAll(removeTempDirs);

const YEAR_MS = 365.25 * 24 * 3600_000;

async function x509Text(der: Uint8Array): Promise<string> {
  const file = path.join(await tempDir('sinetti-x509-'), 'cert.pem');
  await writeFile(file, pem.encode(der, 'CERTIFICATE'));
  return tool('openssl', ['x509', '-in', file, '-noout', '-text']);
}

describe('certificates of the signing CA', () => {
  it('limit the CA to end-entity certificates and name what each certificate is for', async () => {
    const ca = await makeTestCa();
    const caText = await x509Text(ca.der);
    expect(caText).toMatch(/X509v3 Basic Constraints: critical\s+CA:TRUE, pathlen:0/);

    const signee = await issueOneTimeIdentity(ca, { name: 'Anna', email: 'anna@example.com' }, new Date());
    const seal = await loadSealIdentity(ca);
    for (const text of [await x509Text(signee.der), await x509Text(seal.der)]) {
      expect(text).toMatch(/X509v3 Basic Constraints: critical\s+CA:FALSE/);
      expect(text).toMatch(/X509v3 Extended Key Usage:\s+[^\n]*E-mail Protection/);
      expect(text).toMatch(
        /X509v3 Extended Key Usage:\s+[^\n]*(1\.3\.6\.1\.5\.5\.7\.3\.36|Document Signing)/,
      );
    }
    const tsa = await loadInstanceIdentity(ca, TSA_IDENTITY);
    expect(await x509Text(tsa.der)).toMatch(/X509v3 Extended Key Usage: critical\s+Time Stamping\n/);
  });

  it('give the seal the 10 years of the signee certificates', async () => {
    const ca = await makeTestCa();
    const now = new Date();
    const seal = await loadSealIdentity(ca, now);
    const signee = await issueOneTimeIdentity(ca, { name: 'Anna', email: 'anna@example.com' }, now);
    const years = (c: typeof seal) =>
      (c.certificate.notAfter.value.getTime() - c.certificate.notBefore.value.getTime()) / YEAR_MS;
    expect(Math.round(years(seal))).toBe(ONE_TIME_YEARS);
    expect(Math.round(years(signee))).toBe(ONE_TIME_YEARS);
  });

  it('are shortened to the CA end near it, and refused once the CA has ended, never inverted', async () => {
    // A CA made (with a fake clock) 20 years minus one day ago: one day left.
    const born = new Date(Date.now() - 20 * 365 * 24 * 3600_000 - 4 * 24 * 3600_000);
    const ca = await loadSigningCa({ dir: null, name: 'old.test', now: born });
    const caEnd = ca.certificate.notAfter.value;
    const dayBefore = new Date(caEnd.getTime() - 24 * 3600_000);
    const late = await issueOneTimeIdentity(ca, { name: 'Anna', email: 'a@example.com' }, dayBefore);
    expect(late.certificate.notAfter.value.getTime()).toBe(caEnd.getTime());
    expect(late.certificate.notBefore.value.getTime()).toBeLessThan(caEnd.getTime());

    const after = new Date(caEnd.getTime() + 24 * 3600_000);
    await expect(issueOneTimeIdentity(ca, { name: 'Anna', email: 'a@example.com' }, after)).rejects.toThrow(
      /expired .* issues no more certificates/,
    );
    await expect(loadSealIdentity(ca, after)).rejects.toThrow(/issues no more certificates/);
  });
});

describe('a document signed and sealed with these certificates', () => {
  it('has its signature and seal valid and trusted for pdfsig and mutool today and in year 4 (past the old 2-year seal)', async () => {
    const ca = await makeTestCa();
    const sealed = await sealedWithOneSignee(ca, 'lifetimes-1');
    const trust = await trustDir(ca);
    const file = path.join(trust.dir, 'sealed.pdf');
    await writeFile(file, sealed);
    for (const when of [undefined, '+1200 days']) {
      const report = await pdfsigTrusted(file, trust.nssdir, when);
      expect(report.match(/Signature Validation: Signature is Valid\./g)?.length, report).toBe(2);
      expect(report.match(/Certificate Validation: Certificate is Trusted\./g)?.length, report).toBe(2);
      expect(report).not.toMatch(/Expired|Invalid/i);
      const mu = await mutoolVerify(file, when);
      expect(mu.match(/The signature is valid/g)?.length, mu).toBe(2);
      expect(mu).not.toMatch(/expired|not valid|invalid/i);
    }
  });
});
