import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SigningCa } from '../src/services/pdf/ca/ca.ts';
import { CMS_OID } from '../src/services/pdf/cms.ts';
import { prepareForSigning, verifySignedPdf, verifyWithPdfsig } from '../src/services/pdf/index.ts';
import type { SignatureFieldSpec } from '../src/services/pdf/layout.ts';
import { completeRemoteSignature, prepareRemoteSignature } from '../src/services/pdf/remote-sign.ts';
import {
  isQualified,
  parseCertificate,
  personOf,
  qcStatementIds,
  QC_OID,
} from '../src/services/eid/csc/certificate.ts';
import { testCscProvider, testCscTrustAnchors } from '../src/services/eid/test-csc/index.ts';
import { loadTestQtsp } from '../src/services/eid/test-csc/qtsp.ts';
import type { CscProvider, RemoteCredential } from '../src/services/eid/types.ts';
import { authorizeAt, buildCscTestApp, openAuthorization, signInAt, type CscTestApp } from './csc-helper.ts';
import { byteRanges, cmsOf, makePdf, removeTempDirs, startTsa, tempDir } from './pdf-fixtures.ts';
import { mutoolVerify, pdfsigTrusted, trustDir } from './pdf-openssl.ts';

// The whole qualified-signature round trip through the real CSC v2 adapter against the built-in TEST CSC
// service (issue #29 items 3, 4 and 6): sign in, read the credential, authorize one hash, sign remotely.

let t: CscTestApp;
let provider: CscProvider;
let tsa: Awaited<ReturnType<typeof startTsa>>;
let credential: RemoteCredential;
let signed: Uint8Array;
let authorizePage: string;
let hash: Uint8Array;

const signedAt = new Date('2026-06-01T09:00:00Z');
const field: SignatureFieldSpec = {
  fieldPrefix: 'Signee',
  stamp: {
    slot: 0,
    text: { name: 'Anna Aalto', email: 'anna@example.com', signedAt, method: 'Qualified (TEST)', lang: 'fi' },
  },
  signedAt,
  name: 'Anna Aalto',
};

beforeAll(async () => {
  t = await buildCscTestApp();
  provider = testCscProvider(t.app);
  tsa = await startTsa();

  const service = await provider.beginService({ redirectUri: t.redirectUri, lang: 'fi' });
  const back = await signInAt(t.app, service.url, 'anna');
  ({ credential } = await provider.finishService(back, { ...service, redirectUri: t.redirectUri }));

  const { pdf: prepared } = await prepareForSigning(
    await makePdf(1),
    [{ name: 'Anna Aalto', email: 'anna@example.com', level: 'Qualified' }],
    { documentName: 'Sopimus.pdf', documentId: 'doc-csc', lang: 'fi' },
  );
  const tsaOptions = { url: tsa.url, timeoutMs: 10_000 };
  const prep = await prepareRemoteSignature(prepared, {
    certificates: credential.certificates,
    field,
    tsa: tsaOptions,
  });
  hash = prep.hash;
  const authorization = await provider.beginCredential({
    redirectUri: t.redirectUri,
    lang: 'en',
    credentialId: credential.credentialId,
    hash,
  });
  const confirmed = await authorizeAt(t.app, authorization.url);
  authorizePage = confirmed.page;
  const { signature } = await provider.finishCredential(
    confirmed.response,
    { ...authorization, redirectUri: t.redirectUri },
    { credentialId: credential.credentialId, hash, signAlgo: credential.signAlgo },
  );
  signed = await completeRemoteSignature(prepared, {
    ...prep,
    signature,
    certificates: credential.certificates,
    signAlgo: credential.signAlgo,
    tsa: tsaOptions,
  });
});

afterAll(async () => {
  await tsa?.close();
  await t?.close();
  await removeTempDirs();
});

describe('the TEST CSC service through the CSC v2 adapter', () => {
  it("reads the signee's credential: a TEST QTSP certificate naming the TEST person, with QC statements", () => {
    expect(credential.credentialId).toBe('test-csc-anna');
    expect(credential.signAlgo).toBe('1.2.840.10045.4.3.2');
    expect(credential.qualified).toBe(true);
    expect(credential.person).toEqual({
      name: 'Anna Aalto',
      givenName: 'Anna',
      familyName: 'Aalto',
      semanticsIdentifier: 'IDCFI-999000011A',
      country: 'FI',
    });
    expect(credential.certificates).toHaveLength(2);
    const root = parseCertificate(credential.certificates[1]!);
    expect(root.subject.typesAndValues.map((v) => v.value.valueBlock.value)).toContain(
      'Sinetti TEST QTSP Root CA — NOT QUALIFIED',
    );
    const leaf = parseCertificate(credential.certificates[0]!);
    expect(leaf.subject.typesAndValues.map((v) => v.value.valueBlock.value)).toContain('TEST');
    expect(qcStatementIds(leaf)).toEqual([QC_OID.compliance, QC_OID.sscd, QC_OID.type]);
  });

  it('shows the hash being authorized and a one-time code on a page marked TEST', () => {
    expect(authorizePage).toContain(Buffer.from(hash).toString('base64url'));
    expect(authorizePage).toContain('TEST');
    expect(authorizePage).toMatch(/id="otp">\d{6}</);
  });

  it("signs the PDF: pdfsig and mutool find one valid signature by the TEST person's QTSP certificate", async () => {
    const { signatures, output } = await verifyWithPdfsig(signed);
    expect(signatures, output).toHaveLength(1);
    expect(signatures[0]!.validity, output).toBe('valid');
    expect(signatures[0]!.subFilter).toBe('ETSI.CAdES.detached');
    expect(signatures[0]!.signedBy).toBe('Anna Aalto');
    expect(signatures[0]!.coversWholeDocument).toBe(true);

    const dir = await tempDir('sinetti-csc-');
    const file = path.join(dir, 'signed.pdf');
    await writeFile(file, signed);
    const trust = await trustDir({ der: credential.certificates[1]! } as SigningCa);
    const report = await pdfsigTrusted(file, trust.nssdir);
    expect(report).toContain('Signature Validation: Signature is Valid.');
    expect(report).toContain('Certificate Validation: Certificate is Trusted.');
    expect(report).toContain('Signer Certificate Common Name: Anna Aalto');
    const mu = await mutoolVerify(file);
    // mutool has no trust store: it names the self-signed TEST root, never a digest or signature error.
    expect(mu).toContain('Distinguished name: cn=Anna Aalto, o=TEST');
    expect(mu).toContain('The document is unchanged since signing.');
    expect(mu).toContain('Certificate error: Self-signed certificate in chain.');
    expect(mu).not.toMatch(/Digest error|not valid|invalid/i);
  });

  it('embeds the QTSP chain, the same signed attributes as local signing and a signature time-stamp (B-T)', () => {
    const { signed: cms } = cmsOf(signed, 0);
    const der = cms.certificates!.map(
      (c) => new Uint8Array((c as { toSchema(): { toBER(): ArrayBuffer } }).toSchema().toBER()),
    );
    expect(der.map((d) => Buffer.from(d).toString('hex'))).toEqual(
      credential.certificates.map((d) => Buffer.from(d).toString('hex')),
    );
    const info = cms.signerInfos[0]!;
    expect(info.signedAttrs!.attributes.map((a) => a.type)).toEqual([
      CMS_OID.contentType,
      CMS_OID.messageDigest,
      CMS_OID.signingCertificateV2,
    ]);
    expect(info.signatureAlgorithm.algorithmId).toBe('1.2.840.10045.4.3.2');
    expect(info.unsignedAttrs!.attributes.map((a) => a.type)).toEqual([CMS_OID.signatureTimeStampToken]);
    expect(tsa.requests()).toBe(1);
    const leaf = parseCertificate(der[0]!);
    expect(isQualified(leaf)).toBe(true);
    expect(personOf(leaf).semanticsIdentifier).toBe('IDCFI-999000011A');
    expect(byteRanges(signed)).toHaveLength(1);
  });

  it('keeps its TEST QTSP in the database: loaded again, the same root, certificates and client secret', async () => {
    const first = await loadTestQtsp(t.app.ctx.db);
    const again = await loadTestQtsp(t.app.ctx.db);
    expect(Buffer.from(again.rootDer).equals(Buffer.from(first.rootDer))).toBe(true);
    expect(again.clientSecret).toBe(first.clientSecret);
    expect(again.credentials.size).toBe(5);
    const anna = again.credentials.get('test-csc-anna')!;
    expect(Buffer.from(anna.chain[0]!).equals(Buffer.from(credential.certificates[0]!))).toBe(true);
  });

  it('says TEST on its sign-in page in English and Finnish', async () => {
    for (const [lang, words] of [
      ['en', ['TEST — not a real trust service provider', 'Anna Aalto (TEST)', 'Cancel']],
      ['fi', ['TESTI — ei oikea luottamuspalvelu', 'Valitse TESTI-henkilö', 'Peruuta']],
    ] as const) {
      const { url } = await provider.beginService({ redirectUri: t.redirectUri, lang });
      const page = await openAuthorization(t.app, url);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(`<html lang="${lang}">`);
      for (const w of words) expect(page.body).toContain(w);
    }
  });

  it("is a TEST QES for Sinetti's verifier with the TEST QTSP root as a trust anchor, and unknown without it", async () => {
    const anchors = await testCscTrustAnchors(t.app);
    expect(anchors.map((a) => Buffer.from(a).toString('hex'))).toEqual([
      Buffer.from(credential.certificates[1]!).toString('hex'),
    ]);
    const trusted = await verifySignedPdf(signed, null, undefined, undefined, anchors);
    const signature = trusted.signatures[0]!;
    expect(signature.signatureValid).toBe('ok');
    expect(signature.level).toBe('B-T');
    expect(signature.assurance).toMatchObject({
      level: 'QES',
      test: true,
      qcStatements: { compliance: true, sscd: true },
    });
    const untrusted = await verifySignedPdf(signed, null);
    expect(untrusted.signatures[0]!.assurance?.level).toBe('unknown');
  });
});
