import { createHash } from 'node:crypto';
import * as asn1js from 'asn1js';
import { Certificate, CertificateRevocationList } from 'pkijs';
import type { VerificationReport, VerifiedSignature } from '@sinetti/contract';
import { PdfError } from '../syntax/errors.ts';
import { DEFAULT_PDF_LIMITS, type PdfLimits } from '../syntax/limits.ts';
import { PdfDict, PdfName, PdfString } from '../syntax/objects.ts';
import { PdfReader } from '../syntax/reader.ts';
import { compareRevisions } from './changes.ts';
import { certificateKey, fingerprints, type TrustContext } from './chain.ts';
import { certificatesOf, crlsOf, distinguishedName, parseSignedData } from './cms-check.ts';
import { archivedOcsps, parseOcspResponse } from './ocsp.ts';
import { lockOf } from './locks.ts';
import { checkSignature, verifiesOverItsBytes, type FoundSignature } from './signature.ts';
import { docMdpPermission, dssStreams, pageNumbers, signedFields } from './structure.ts';
import { longTermState, proofsOfExistence } from './timestamps.ts';
import { overallVerdict, settleChanges } from './verdict.ts';

export interface VerifyInput {
  pdf: Uint8Array;
  /** DER of the instance CA (the trust anchor), and of its current CRL (the instance's revocation state). */
  caDer: Uint8Array | null;
  caCrlDer: Uint8Array | null;
  /**
   * DER of further trust anchors (e.g. a QTSP's root, the TEST QTSP's when the test providers run): chains
   * ending at one are trusted, and a qualified certificate under one is a qualified signature.
   */
  extraAnchors?: Uint8Array[] | undefined;
  /**
   * This instance's former CAs (renewed or revoked): chains ending at one are this instance's too, so a
   * renewed CA of the same name is never taken for an impersonation. Revoked at `revokedAt`: signatures
   * proven after it are not trusted.
   */
  retiredCas?: { der: Uint8Array; revokedAt: string | null }[] | undefined;
  /** The time the report is made for (default now; tests move it). */
  now?: string;
}

const parseDer = <T>(der: Uint8Array, make: (schema: asn1js.AsnType) => T): T | null => {
  try {
    const parsed = asn1js.fromBER(new Uint8Array(der).buffer);
    return parsed.offset === -1 ? null : make(parsed.result);
  } catch {
    return null;
  }
};
const certificate = (der: Uint8Array) => parseDer(der, (schema) => new Certificate({ schema }));
const crl = (der: Uint8Array) => parseDer(der, (schema) => new CertificateRevocationList({ schema }));

function isPdf(bytes: Uint8Array): boolean {
  const head = Buffer.from(bytes.subarray(0, 1024)).toString('latin1');
  return head.includes('%PDF-');
}

function unreadable(
  pdf: Uint8Array,
  reason: NonNullable<VerificationReport['unreadable']>,
  now: Date,
): VerificationReport {
  return {
    verdict: 'unreadable',
    unreadable: reason,
    pages: null,
    sha256: createHash('sha256').update(pdf).digest('hex'),
    size: pdf.length,
    signatures: [],
    dss: false,
    docMdp: null,
    checkedAt: now.toISOString(),
  };
}

/** Every signature field with a value; one that cannot be read is kept with its problem. */
function found(reader: PdfReader): FoundSignature[] {
  return signedFields(reader).map(({ name, num, dict }): FoundSignature => {
    const broken = (problem: string): FoundSignature => ({
      field: name,
      fieldNum: num,
      dict: dict ?? new PdfDict(),
      byteRange: [],
      contents: new Uint8Array(0),
      subFilter: '',
      docTimeStamp: false,
      lock: null,
      problem,
    });
    if (!dict) return broken('no-signature-dictionary');
    const range = reader.resolve(dict.get('ByteRange'));
    const contents = reader.resolve(dict.get('Contents'));
    const subFilter = dict.get('SubFilter');
    const type = dict.get('Type');
    if (!Array.isArray(range)) return broken('no-byte-range');
    if (!(contents instanceof PdfString)) return broken('no-contents');
    return {
      field: name,
      fieldNum: num,
      dict,
      byteRange: range.map((v) => (typeof v === 'number' ? v : NaN)),
      contents: contents.bytes,
      subFilter: subFilter instanceof PdfName ? subFilter.name : '',
      docTimeStamp: type instanceof PdfName && type.name === 'DocTimeStamp',
      lock: lockOf(reader, dict),
      problem: null,
    };
  });
}

/** Where a signature's revision ends (unreadable ones last, in field order). */
const endOf = (s: FoundSignature) => {
  const end = (s.byteRange[2] ?? NaN) + (s.byteRange[3] ?? NaN);
  return s.problem === null && Number.isFinite(end) ? end : Infinity;
};

/**
 * The verification report of an untrusted PDF: every signature checked (byte range, digest, signature,
 * certificate chain and revocation, time-stamp, level) and what changed after it. Total: a file that
 * cannot be read gives the verdict "unreadable", never an exception (except limits: PDF_TOO_COMPLEX).
 */
export function verifyPdf(input: VerifyInput, limits: PdfLimits = DEFAULT_PDF_LIMITS): VerificationReport {
  const now = input.now ? new Date(input.now) : new Date();
  const { pdf } = input;
  if (!isPdf(pdf)) return unreadable(pdf, 'not-pdf', now);
  let reader: PdfReader;
  try {
    reader = new PdfReader(pdf, limits, { decrypt: true });
  } catch (err) {
    if (err instanceof PdfError && err.problem === 'PDF_ENCRYPTED') return unreadable(pdf, 'encrypted', now);
    if (err instanceof PdfError && err.problem === 'PDF_TOO_COMPLEX')
      return unreadable(pdf, 'too-complex', now);
    return unreadable(pdf, 'damaged', now);
  }
  try {
    return report(reader, input, now, limits);
  } catch (err) {
    if (err instanceof PdfError && err.problem === 'PDF_TOO_COMPLEX')
      return unreadable(pdf, 'too-complex', now);
    if (err instanceof PdfError) return unreadable(pdf, 'damaged', now);
    throw err;
  }
}

function report(reader: PdfReader, input: VerifyInput, now: Date, limits: PdfLimits): VerificationReport {
  const { pdf } = input;
  const signatures = found(reader);
  const dssCertDers = dssStreams(reader, 'Certs');
  const dssCerts = dssCertDers.map(certificate).filter((c): c is Certificate => c !== null);
  const cmsList = signatures.map((s) => (s.problem ? null : parseSignedData(s.contents)));
  // One object per distinct certificate (every CMS carries the CA's): each link's signature is checked once.
  const pool = [
    ...new Map(
      [...dssCerts, ...cmsList.flatMap((s) => (s ? certificatesOf(s) : []))].map((c) => [
        certificateKey(c),
        c,
      ]),
    ).values(),
  ];
  const anchor = input.caDer ? certificate(input.caDer) : null;
  const instanceCrl = input.caCrlDer ? crl(input.caCrlDer) : null;
  const ctx: TrustContext = {
    anchor,
    extraAnchors: (input.extraAnchors ?? []).map(certificate).filter((c): c is Certificate => c !== null),
    retired: (input.retiredCas ?? []).flatMap((r) => {
      const cert = certificate(r.der);
      return cert ? [{ cert, revokedAt: r.revokedAt ? new Date(r.revokedAt) : null }] : [];
    }),
    pool,
    crls: [
      ...dssStreams(reader, 'CRLs')
        .map(crl)
        .filter((c): c is CertificateRevocationList => c !== null)
        .map((c) => ({ crl: c, source: 'dss' as const })),
      ...cmsList.flatMap((s) => (s ? crlsOf(s) : [])).map((c) => ({ crl: c, source: 'signature' as const })),
      ...(instanceCrl ? [{ crl: instanceCrl, source: 'instance' as const }] : []),
    ],
    ocsps: [
      ...dssStreams(reader, 'OCSPs')
        .map(parseOcspResponse)
        .filter((r) => r !== null)
        .map((response) => ({ response, source: 'dss' as const })),
      ...cmsList
        .flatMap((s) => (s ? archivedOcsps(s) : []))
        .map((response) => ({ response, source: 'signature' as const })),
    ],
  };
  const dssKeys = new Set(dssCerts.map(certificateKey));
  // Revisions are read once per distinct end offset (signatures sharing a revision share the comparison),
  // and the revision before a signature's update once per signature (changes.ts, own-update.ts).
  const revisions = new Map<string, PdfReader | null>();
  const revisionAt = (end: number, startXref?: number): PdfReader | null => {
    const key = `${end}:${startXref ?? ''}`;
    if (!revisions.has(key)) {
      try {
        revisions.set(key, new PdfReader(pdf.subarray(0, end), limits, { decrypt: true, startXref }));
      } catch (err) {
        if (err instanceof PdfError && err.problem === 'PDF_TOO_COMPLEX') throw err;
        revisions.set(key, null);
      }
    }
    return revisions.get(key)!;
  };
  const ordered = signatures
    .map((s, i) => ({ s, cms: cmsList[i]! }))
    .sort((a, b) => {
      const [x, y] = [endOf(a.s), endOf(b.s)];
      return x === y ? 0 : x < y ? -1 : 1;
    });
  const poe = proofsOfExistence(ordered, pdf, now, ctx);
  // A later signature's widget and stamps are part of it only when it verifies over its bytes: an unsigned
  // update could add a signature field of its own with annotations naming it (changes.ts).
  const verified = new Set(
    ordered.flatMap(({ s, cms }) =>
      s.fieldNum !== null && verifiesOverItsBytes(s, cms, pdf) ? [s.fieldNum] : [],
    ),
  );
  // After the last readable signature or time-stamp only a DSS may follow (anything else is a change).
  const lastEnd = Math.max(0, ...ordered.map((o) => endOf(o.s)).filter(Number.isFinite));
  const results: VerifiedSignature[] = settleChanges(
    ordered.map(({ s, cms }, index) =>
      checkSignature(s, cms, {
        pdf,
        now,
        ctx,
        dssKeys,
        dssCerts,
        poe: poe[index] ?? null,
        changesSince: (end) => {
          const before = revisionAt(end);
          return before
            ? compareRevisions(before, reader, { tail: end === lastEnd, revisionAt, verified })
            : null;
        },
      }),
    ),
  );
  const dss =
    dssCertDers.length > 0 || reader.dict(reader.dict(reader.trailer.get('Root'))?.get('DSS')) !== undefined;
  return {
    verdict: overallVerdict(results),
    unreadable: null,
    pages: pageNumbers(reader).length,
    sha256: createHash('sha256').update(pdf).digest('hex'),
    size: pdf.length,
    signatures: results,
    dss,
    docMdp: docMdpPermission(reader),
    checkedAt: now.toISOString(),
    longTerm: longTermState(results, now),
    instanceCa: anchor ? { subject: distinguishedName(anchor.subject), ...fingerprints(anchor) } : null,
  };
}
