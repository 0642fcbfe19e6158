// Assurance levels (issue #29 items 2 and 5): one-time certificates say how the signee was identified
// (Sinetti's policies, the verified person after an eID), and the verifier reports each signature's level:
// SES for e-mail code signatures and the seal, AdES after an eID, QES for a qualified certificate under a
// configured trust anchor, unknown for anything else.
import type { webcrypto } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Certificate } from 'pkijs';
import type { SigningCa } from '../src/services/pdf/ca/ca.ts';
import { createCertificate, certificateDer, subjectField, OID } from '../src/services/pdf/ca/certificates.ts';
import { issueOneTimeIdentity, type OneTimeIdentification } from '../src/services/pdf/ca/identities.ts';
import { UNPROTECTED } from '../src/services/pdf/ca/key-files.ts';
import { generateKeyPair, type SigningKey } from '../src/services/pdf/ca/keys.ts';
import { SINETTI_POLICY, readPolicies, readQcStatements } from '../src/services/pdf/ca/policies.ts';
import { addSignature, prepareForSigning } from '../src/services/pdf/index.ts';
import { signWithIdentity } from '../src/services/pdf/sign.ts';
import { verifyPdf, verifySignedPdf } from '../src/services/pdf/verification/index.ts';
import { TEST_PERSONS } from '../src/services/eid/test-persons.ts';
import { makePdf, makeTestCa, removeTempDirs, sealedWithOneSignee } from './pdf-fixtures.ts';

const anna = TEST_PERSONS[0]!;
const identified = (test: boolean): OneTimeIdentification => ({
  person: {
    name: `${anna.givenName} ${anna.familyName}`,
    givenName: anna.givenName,
    familyName: anna.familyName,
    semanticsIdentifier: `IDCFI-${anna.satu}`,
    country: 'FI',
  },
  method: 'FTN (FI)',
  provider: 'idp.example',
  test,
});

const ecKey = async (): Promise<{ pair: webcrypto.CryptoKeyPair; key: SigningKey }> => {
  const pair = await generateKeyPair('ec-p256', false);
  return { pair, key: { privateKey: pair.privateKey, algorithm: { name: 'ECDSA', hash: 'SHA-256' } } };
};

/** A CA-like object whose certificate signWithIdentity embeds next to the signer's. */
const issuerOf = (certificate: Certificate, key: SigningKey): SigningCa => ({
  certificate,
  der: certificateDer(certificate),
  key,
  dir: null,
  links: null,
  protection: UNPROTECTED,
  retired: [],
});

/** An invisible signature on a fresh PDF by a key whose certificate `issue` makes. */
async function signedBy(
  issuer: SigningCa,
  make: (publicKey: webcrypto.CryptoKey) => Promise<Certificate>,
): Promise<Uint8Array> {
  const { pair, key } = await ecKey();
  const certificate = await make(pair.publicKey);
  const signedAt = new Date();
  return signWithIdentity(
    await makePdf(1),
    { key, certificate, der: certificateDer(certificate) },
    issuer,
    null,
    { fieldPrefix: 'Other', stamp: null, signedAt, name: 'Outside signer' },
  );
}

const hour = 3600_000;
let ca: SigningCa;
beforeAll(async () => {
  ca = await makeTestCa();
});
afterAll(removeTempDirs);

describe('one-time certificates', () => {
  it('name the verified person and the advanced policy after an eID, and never a personal identity code', async () => {
    const id = await issueOneTimeIdentity(
      ca,
      { name: 'Anna A.', email: 'anna@example.com' },
      new Date(),
      identified(false),
    );
    const cert = id.certificate;
    expect(subjectField(cert, OID.commonName)).toBe('Anna Aalto');
    expect(subjectField(cert, OID.givenName)).toBe('Anna');
    expect(subjectField(cert, OID.surname)).toBe('Aalto');
    expect(subjectField(cert, OID.serialNumber)).toBe('IDCFI-999000011A');
    expect(subjectField(cert, OID.country)).toBe('FI');
    expect(subjectField(cert, OID.emailAddress)).toBe('anna@example.com');
    expect(readPolicies(cert)).toEqual([
      { oid: SINETTI_POLICY.advanced, notice: 'Identified with FTN (FI) via idp.example' },
    ]);
    expect(SINETTI_POLICY.advanced).toMatch(/^2\.25\.\d{30,39}\.2$/);
    expect(readQcStatements(cert)).toBeNull();
    expect(await cert.verify(ca.certificate)).toBe(true);
    const der = Buffer.from(id.der).toString('latin1');
    expect(der).not.toContain(anna.hetu);
    expect(der).not.toContain(anna.hetu.slice(0, 6));
  });

  it('leave out a serialNumber that is not a safe semantics identifier (PNO: a national number in the clear)', async () => {
    const pno = identified(true);
    pno.person = { ...pno.person, semanticsIdentifier: `PNOFI-${anna.hetu}`, country: null };
    const id = await issueOneTimeIdentity(ca, { name: 'x', email: 'anna@example.com' }, new Date(), pno);
    expect(subjectField(id.certificate, OID.serialNumber)).toBeUndefined();
    expect(subjectField(id.certificate, OID.country)).toBeUndefined();
    expect(Buffer.from(id.der).toString('latin1')).not.toContain(anna.hetu);
    expect(readPolicies(id.certificate)).toEqual([
      { oid: SINETTI_POLICY.test, notice: 'Identified with FTN (FI) via idp.example (TEST)' },
    ]);
  });

  it('without an eID name the entered name under the simple policy', async () => {
    const id = await issueOneTimeIdentity(ca, { name: ' Liisa ', email: 'liisa@example.com' }, new Date());
    expect(subjectField(id.certificate, OID.commonName)).toBe('Liisa');
    expect(subjectField(id.certificate, OID.givenName)).toBeUndefined();
    expect(readPolicies(id.certificate)).toEqual([
      { oid: SINETTI_POLICY.simple, notice: 'Signee confirmed an e-mailed code' },
    ]);
  });
});

describe('the assurance level in the verification report', () => {
  it("is SES for today's e-mail code signature and for the platform seal", async () => {
    const report = verifyPdf({
      pdf: await sealedWithOneSignee(ca, 'doc-ses'),
      caDer: ca.der,
      caCrlDer: null,
    });
    const [signee, seal, stamp] = report.signatures;
    expect(signee?.assurance).toMatchObject({
      level: 'SES',
      identification: 'Signee confirmed an e-mailed code',
      provider: null,
      qcStatements: null,
      test: false,
    });
    expect(signee?.assurance?.basis).toMatch(/simple policy/);
    expect(seal?.signer.name).toBe('Sinetti platform seal');
    expect(seal?.assurance).toMatchObject({ level: 'SES', identification: null, test: false });
    expect(seal?.assurance?.basis).toMatch(/without an assurance policy/);
    // A document time-stamp has no signer to rate.
    expect(stamp?.kind).toBe('document-timestamp');
    expect(stamp?.assurance).toBeUndefined();
    expect(signee?.chain).toMatchObject({ trusted: true, anchor: 'instance' });
  });

  it('is AdES for a signature with an identified one-time certificate, TEST under the TEST policy', async () => {
    const signer = { name: 'Anna Aalto', email: 'anna@example.com' };
    let { pdf } = await prepareForSigning(
      await makePdf(1),
      [
        { ...signer, level: 'Advanced' as const },
        { name: 'Test Person', email: 'test@example.com', level: 'Advanced' as const },
      ],
      { documentName: 'Sopimus.pdf', documentId: 'doc-ades', lang: 'en' },
    );
    for (const [slot, test] of [false, true].entries()) {
      pdf = await addSignature(pdf, {
        signer,
        method: 'FTN (FI)',
        signedAt: new Date(),
        stampSlot: slot,
        ca,
        identified: identified(test),
      });
    }
    const [real, test] = verifyPdf({ pdf, caDer: ca.der, caCrlDer: null }).signatures;
    expect(real?.signer.name).toBe('Anna Aalto');
    expect(real?.assurance).toMatchObject({
      level: 'AdES',
      identification: 'FTN (FI)',
      provider: 'idp.example',
      test: false,
    });
    expect(real?.assurance?.basis).toMatch(/advanced policy/);
    expect(real?.chain.certificates[0]?.subject).toContain('SERIALNUMBER=IDCFI-999000011A');
    expect(test?.assurance).toMatchObject({ level: 'AdES', provider: 'idp.example', test: true });
  });

  it('is QES for a qualified certificate under a configured trust anchor, unknown without the anchor', async () => {
    const root = await ecKey();
    const now = Date.now();
    const rootCert = await createCertificate({
      kind: 'ca',
      subject: { commonName: 'Example QTSP Root CA', organization: 'Example QTSP Oy', country: 'FI' },
      publicKey: root.pair.publicKey,
      notBefore: new Date(now - hour),
      notAfter: new Date(now + 24 * hour),
      selfKey: root.key,
    });
    const qtsp = issuerOf(rootCert, root.key);
    const pdf = await signedBy(qtsp, (publicKey) =>
      createCertificate({
        kind: 'signer',
        subject: {
          commonName: 'Matti Meikäläinen',
          givenName: 'Matti',
          surname: 'Meikäläinen',
          country: 'FI',
        },
        publicKey,
        notBefore: new Date(now - hour),
        notAfter: new Date(now + 24 * hour),
        issuer: { certificate: rootCert, key: root.key },
        policies: [{ oid: '0.4.0.194112.1.2', notice: 'Qualified certificate for electronic signatures' }],
        qcStatements: { compliance: true, sscd: true, type: 'esign' },
      }),
    );
    const trusted = verifyPdf({ pdf, caDer: ca.der, caCrlDer: null, extraAnchors: [qtsp.der] });
    const [qes] = trusted.signatures;
    expect(qes?.chain).toMatchObject({ complete: true, trusted: true, anchor: 'configured' });
    expect(qes?.warnings).not.toContain('not-issued-by-this-service');
    expect(qes?.assurance).toEqual({
      level: 'QES',
      identification: 'Qualified certificate for electronic signatures',
      provider: 'Example QTSP Oy',
      qcStatements: { compliance: true, sscd: true, type: 'esign' },
      test: false,
      basis: expect.stringMatching(/configured on this service.*EU trusted lists are not consulted/),
    });
    // The same through the PDF worker pool, the anchor passed by the caller of verifySignedPdf.
    const [pooled] = (await verifySignedPdf(pdf, ca, undefined, undefined, [qtsp.der])).signatures;
    expect(pooled?.assurance?.level).toBe('QES');
    const [untrusted] = verifyPdf({ pdf, caDer: ca.der, caCrlDer: null }).signatures;
    expect(untrusted?.chain.trusted).toBe(false);
    expect(untrusted?.assurance).toMatchObject({
      level: 'unknown',
      qcStatements: { compliance: true, sscd: true, type: 'esign' },
    });
  });

  it('marks a qualified certificate of a TEST issuer as TEST', async () => {
    const root = await ecKey();
    const now = Date.now();
    const rootCert = await createCertificate({
      kind: 'ca',
      subject: { commonName: 'Sinetti TEST QTSP Root' },
      publicKey: root.pair.publicKey,
      notBefore: new Date(now - hour),
      notAfter: new Date(now + 24 * hour),
      selfKey: root.key,
    });
    const qtsp = issuerOf(rootCert, root.key);
    const pdf = await signedBy(qtsp, (publicKey) =>
      createCertificate({
        kind: 'signer',
        subject: { commonName: 'Seija Äijälä' },
        publicKey,
        notBefore: new Date(now - hour),
        notAfter: new Date(now + 24 * hour),
        issuer: { certificate: rootCert, key: root.key },
        qcStatements: { compliance: true, sscd: true },
      }),
    );
    const [qes] = verifyPdf({ pdf, caDer: ca.der, caCrlDer: null, extraAnchors: [qtsp.der] }).signatures;
    expect(qes?.assurance).toMatchObject({
      level: 'QES',
      identification: null,
      provider: 'Sinetti TEST QTSP Root',
      qcStatements: { compliance: true, sscd: true, type: null },
      test: true,
    });
  });

  it('is unknown for a self-signed certificate of someone else', async () => {
    const self = await ecKey();
    const now = Date.now();
    const cert = await createCertificate({
      kind: 'signer',
      subject: { commonName: 'Olli Omatekoinen' },
      publicKey: self.pair.publicKey,
      notBefore: new Date(now - hour),
      notAfter: new Date(now + 24 * hour),
      selfKey: self.key,
      // Sinetti's advanced policy claimed by a stranger counts for nothing.
      policies: [{ oid: SINETTI_POLICY.advanced, notice: 'Identified with FTN (FI) via evil.example' }],
    });
    const pdf = await signWithIdentity(
      await makePdf(1),
      { key: self.key, certificate: cert, der: certificateDer(cert) },
      issuerOf(cert, self.key),
      null,
      { fieldPrefix: 'Other', stamp: null, signedAt: new Date(), name: 'Olli' },
    );
    const [s] = verifyPdf({ pdf, caDer: ca.der, caCrlDer: null }).signatures;
    expect(s?.chain).toMatchObject({ complete: true, trusted: false, anchor: null });
    expect(s?.assurance).toMatchObject({
      level: 'unknown',
      identification: null,
      provider: null,
      qcStatements: null,
      test: false,
    });
    expect(s?.assurance?.basis).toMatch(/Not issued by this service's CA/);
  });
});
