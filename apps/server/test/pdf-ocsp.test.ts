import * as asn1js from 'asn1js';
import type { Certificate } from 'pkijs';
import {
  BasicOCSPResponse,
  CertID,
  CertificateRevocationList,
  Extension,
  ExtKeyUsage,
  OCSPResponse,
  ResponseBytes,
  SingleResponse,
} from 'pkijs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SigningCa } from '../src/services/pdf/ca/ca.ts';
import { createCertificate } from '../src/services/pdf/ca/certificates.ts';
import { generateKeyPair, type SigningKey } from '../src/services/pdf/ca/keys.ts';
import { describeChain, type TrustContext } from '../src/services/pdf/verification/chain.ts';
import { parseOcspResponse } from '../src/services/pdf/verification/ocsp.ts';
import { signatureStatus } from '../src/services/pdf/verification/verdict.ts';
import { issueCrl } from '../src/services/pdf/ca/crl.ts';
import { makeTestCa } from './pdf-fixtures.ts';

// OCSP responses (RFC 6960) built and signed here: the verifier believes only those signed by the
// certificate's issuer or by a responder the issuer delegated (extendedKeyUsage OCSPSigning).

const HOUR = 3600_000;
const now = new Date();

async function issue(
  issuer: { certificate: Certificate; key: SigningKey } | null,
  name: string,
  ocspSigning = false,
): Promise<{ certificate: Certificate; key: SigningKey }> {
  const pair = await generateKeyPair('ec-p256', false);
  const key: SigningKey = { privateKey: pair.privateKey, algorithm: { name: 'ECDSA', hash: 'SHA-256' } };
  const certificate = await createCertificate({
    kind: issuer ? 'signer' : 'ca',
    subject: { commonName: name },
    publicKey: pair.publicKey,
    notBefore: new Date(now.getTime() - HOUR),
    notAfter: new Date(now.getTime() + HOUR),
    ...(issuer ? { issuer } : { selfKey: key }),
  });
  if (ocspSigning && issuer) {
    certificate.extensions = [
      ...(certificate.extensions ?? []).filter((e) => e.extnID !== '2.5.29.37'),
      new Extension({
        extnID: '2.5.29.37',
        critical: false,
        extnValue: new ExtKeyUsage({ keyPurposes: ['1.3.6.1.5.5.7.3.9'] }).toSchema().toBER(),
      }),
    ];
    await certificate.sign(issuer.key.privateKey, issuer.key.algorithm.hash);
  }
  return { certificate, key };
}

type Status = { good: true } | { revokedAt: Date } | { unknown: true };

async function ocspDer(opts: {
  about: Certificate;
  issuer: Certificate;
  signer: { certificate: Certificate; key: SigningKey };
  status: Status;
  carry?: Certificate[];
  outcome?: number;
  /** The single response's period (default: thisUpdate now, no nextUpdate). */
  period?: { thisUpdate: Date; nextUpdate?: Date };
}): Promise<Uint8Array> {
  const certID = new CertID();
  await certID.createForCertificate(opts.about, { hashAlgorithm: 'SHA-256', issuerCertificate: opts.issuer });
  const { status } = opts;
  const certStatus =
    'good' in status
      ? new asn1js.Primitive({ idBlock: { tagClass: 3, tagNumber: 0 } })
      : 'revokedAt' in status
        ? new asn1js.Constructed({
            idBlock: { tagClass: 3, tagNumber: 1 },
            value: [new asn1js.GeneralizedTime({ valueDate: status.revokedAt })],
          })
        : new asn1js.Primitive({ idBlock: { tagClass: 3, tagNumber: 2 } });
  const basic = new BasicOCSPResponse();
  basic.tbsResponseData.responderID = opts.signer.certificate.subject;
  basic.tbsResponseData.producedAt = now;
  const period = opts.period ?? { thisUpdate: now };
  basic.tbsResponseData.responses.push(new SingleResponse({ certID, certStatus, ...period }));
  if (opts.carry) basic.certs = opts.carry;
  await basic.sign(opts.signer.key.privateKey, opts.signer.key.algorithm.hash);
  const response = new OCSPResponse({
    responseStatus: new asn1js.Enumerated({ value: opts.outcome ?? 0 }),
    responseBytes: new ResponseBytes({
      responseType: '1.3.6.1.5.5.7.48.1.1',
      response: new asn1js.OctetString({ valueHex: basic.toSchema().toBER() }),
    }),
  });
  return new Uint8Array(response.toSchema().toBER());
}

describe('OCSP revocation status', () => {
  let ca: SigningCa;
  let caPair: { certificate: Certificate; key: SigningKey };
  let leaf: { certificate: Certificate; key: SigningKey };

  beforeAll(async () => {
    ca = await makeTestCa();
    caPair = { certificate: ca.certificate, key: ca.key };
    leaf = await issue(caPair, 'Signee');
  });

  const leafStatus = (ders: Uint8Array[], at = now) => {
    const ctx: TrustContext = {
      anchor: ca.certificate,
      pool: [],
      crls: [],
      ocsps: ders.map((d) => ({ response: parseOcspResponse(d)!, source: 'dss' as const })),
    };
    const { certificates } = describeChain(leaf.certificate, at, ctx);
    const { revocation, revocationSource, revocationMethod, revocationStale } = certificates[0]!;
    return { revocation, revocationSource, revocationMethod, revocationStale };
  };

  it('says good or revoked from a response the issuer signed', async () => {
    const good = await ocspDer({
      about: leaf.certificate,
      issuer: ca.certificate,
      signer: caPair,
      status: { good: true },
    });
    expect(leafStatus([good])).toEqual({
      revocation: 'good',
      revocationSource: 'dss',
      revocationMethod: 'ocsp',
    });
    const revoked = await ocspDer({
      about: leaf.certificate,
      issuer: ca.certificate,
      signer: caPair,
      status: { revokedAt: new Date(now.getTime() - 60_000) },
    });
    expect(leafStatus([revoked])).toMatchObject({ revocation: 'revoked', revocationMethod: 'ocsp' });
    // Revoked wins over a good answer; a revocation after the proven signing time does not count.
    expect(leafStatus([good, revoked])).toMatchObject({ revocation: 'revoked' });
    expect(leafStatus([revoked], new Date(now.getTime() - 120_000))).toMatchObject({ revocation: 'good' });
  });

  it('believes a delegated responder only with OCSPSigning from the issuer', async () => {
    const delegate = await issue(caPair, 'OCSP responder', true);
    const viaDelegate = await ocspDer({
      about: leaf.certificate,
      issuer: ca.certificate,
      signer: delegate,
      status: { good: true },
      carry: [delegate.certificate],
    });
    expect(leafStatus([viaDelegate])).toMatchObject({ revocation: 'good', revocationMethod: 'ocsp' });

    const plain = await issue(caPair, 'Not a responder');
    const stranger = await issue(null, 'Stranger CA');
    for (const signer of [plain, stranger]) {
      const der = await ocspDer({
        about: leaf.certificate,
        issuer: ca.certificate,
        signer,
        status: { good: true },
        carry: [signer.certificate],
      });
      expect(leafStatus([der])).toEqual({ revocation: 'unknown', revocationSource: 'none' });
    }
  });

  it('ignores answers about another certificate, unknown answers and unsuccessful responses', async () => {
    const other = await issue(caPair, 'Someone else');
    const aboutOther = await ocspDer({
      about: other.certificate,
      issuer: ca.certificate,
      signer: caPair,
      status: { good: true },
    });
    const unknown = await ocspDer({
      about: leaf.certificate,
      issuer: ca.certificate,
      signer: caPair,
      status: { unknown: true },
    });
    expect(leafStatus([aboutOther, unknown])).toEqual({ revocation: 'unknown', revocationSource: 'none' });
    const refused = await ocspDer({
      about: leaf.certificate,
      issuer: ca.certificate,
      signer: caPair,
      status: { good: true },
      outcome: 6,
    });
    expect(parseOcspResponse(refused)).toBeNull();
    expect(parseOcspResponse(new Uint8Array([0x30, 0x03, 0x0a, 0x01]))).toBeNull();
  });

  it('judges thisUpdate/nextUpdate against the proven time: a stale "good" does not count', async () => {
    const DAY = 24 * HOUR;
    const answer = (status: Status, period: { thisUpdate: Date; nextUpdate?: Date }) =>
      ocspDer({ about: leaf.certificate, issuer: ca.certificate, signer: caPair, status, period });
    const ended = {
      thisUpdate: new Date(now.getTime() - 10 * DAY),
      nextUpdate: new Date(now.getTime() - 9 * DAY),
    };
    const stale = await answer({ good: true }, ended);
    expect(leafStatus([stale])).toEqual({
      revocation: 'unknown',
      revocationSource: 'dss',
      revocationMethod: 'ocsp',
      revocationStale: true,
    });
    // At a time its period covers, the same answer is good.
    expect(leafStatus([stale], new Date(now.getTime() - 9.5 * DAY))).toMatchObject({ revocation: 'good' });
    // Issued before the time and naming no next update: stale; issued after it: good.
    const open = await answer({ good: true }, { thisUpdate: new Date(now.getTime() - DAY) });
    expect(leafStatus([open])).toMatchObject({ revocation: 'unknown', revocationStale: true });
    expect(leafStatus([open], new Date(now.getTime() - 2 * DAY))).toMatchObject({ revocation: 'good' });
    const covering = await answer(
      { good: true },
      { thisUpdate: new Date(now.getTime() - DAY), nextUpdate: new Date(now.getTime() + DAY) },
    );
    expect(leafStatus([stale, covering])).toMatchObject({ revocation: 'good', revocationStale: undefined });
    // A revocation before the time counts however old the response is.
    const revoked = await answer({ revokedAt: new Date(now.getTime() - 11 * DAY) }, ended);
    expect(leafStatus([revoked])).toMatchObject({ revocation: 'revoked' });
  });

  it('judges CRLs the same way, and words stale data as its own warning', async () => {
    const DAY = 24 * HOUR;
    const old = (await issueCrl(ca, new Date(now.getTime() - 30 * DAY))).der;
    const parsed = CertificateRevocationList.fromBER(new Uint8Array(old).buffer);
    const ctx: TrustContext = { anchor: ca.certificate, pool: [], crls: [{ crl: parsed, source: 'dss' }] };
    const [atNow] = describeChain(leaf.certificate, now, ctx).certificates;
    expect(atNow).toMatchObject({ revocation: 'unknown', revocationMethod: 'crl', revocationStale: true });
    const [then] = describeChain(leaf.certificate, new Date(now.getTime() - 29 * DAY), ctx).certificates;
    expect(then).toMatchObject({ revocation: 'good', revocationMethod: 'crl' });
    const chain = describeChain(leaf.certificate, now, ctx);
    const { warnings } = signatureStatus(
      {
        field: 'x',
        kind: 'document-timestamp',
        subFilter: 'ETSI.RFC3161',
        signer: { name: 'x', email: null },
        claimedTime: null,
        timestamp: null,
        level: 'document-timestamp',
        byteRange: { ok: true, wholeFile: true, problem: null },
        intact: 'ok',
        signatureValid: 'ok',
        chain,
        changes: null,
      },
      { unreadableRevision: false, unreadableContents: false },
    );
    expect(warnings).toContain('revocation-stale');
    expect(warnings).not.toContain('revocation-unknown');
  });
});
