// The verification corpus (issue #30): files that must never be called "valid" at /verify, each with the
// report it must get. Shared by verify-corpus.test.ts and by later cases (e.g. a revoked key) in other files:
// build a sealed file with `sealedFile`, derive the hostile variant, and check it with `verifyAt`.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { VerificationReport } from '@sinetti/contract';
import type { SigningCa } from '../src/services/pdf/ca/ca.ts';
import { issueCrl } from '../src/services/pdf/ca/crl.ts';
import { layoutDss } from '../src/services/pdf/dss.ts';
import { TSA_IDENTITY } from '../src/services/pdf/ca/identities.ts';
import {
  addPlatformSeal,
  addSignature,
  prepareForSigning,
  timestampUnitOf,
} from '../src/services/pdf/index.ts';
import { PdfDict, PdfRef, PdfString } from '../src/services/pdf/syntax/objects.ts';
import { PdfReader } from '../src/services/pdf/syntax/reader.ts';
import { IncrementalUpdate } from '../src/services/pdf/syntax/writer.ts';
import { verifyPdf } from '../src/services/pdf/verification/index.ts';
import { makePdf, makeTestCa } from './pdf-fixtures.ts';

export const CORPUS_SIGNEES = [
  { name: 'Pekka Jääskeläinen', email: 'pekka@example.com' },
  { name: 'Anna Virtanen', email: 'anna@example.com' },
];

/** A 2-page file as Sinetti finishes it: two signees (B-T), the platform seal, its DSS and a document time-stamp. */
export async function sealedFile(ca: SigningCa, documentId = 'doc-corpus'): Promise<Uint8Array> {
  const tsa = { unit: timestampUnitOf(ca) };
  let { pdf } = await prepareForSigning(
    await makePdf(2),
    CORPUS_SIGNEES.map((s) => ({ ...s, level: 'Simple' as const })),
    { documentName: 'Sopimus.pdf', documentId, lang: 'en' },
  );
  for (const [i, signer] of CORPUS_SIGNEES.entries()) {
    pdf = await addSignature(pdf, {
      signer,
      method: 'Email code (simple)',
      signedAt: new Date(),
      stampSlot: i,
      ca,
      tsa,
    });
  }
  return addPlatformSeal(pdf, { ca, tsa });
}

/**
 * A look-alike of `ca`: a self-made CA with the same names ("O=Sinetti, CN=Sinetti Signing CA (…)") and,
 * through the project's own CA code, a seal "CN=Sinetti platform seal" and a time-stamping unit of its own keys.
 */
export const lookAlikeCa = (): Promise<SigningCa> => makeTestCa();

/**
 * One flipped byte in the key `/Contents` of the last signature dictionary (the document time-stamp of a
 * sealed file): the field keeps its value, but the signature has nothing to read.
 */
export function unreadableContents(pdf: Uint8Array): Uint8Array {
  const text = Buffer.from(pdf).toString('latin1');
  const at = text.lastIndexOf('/Contents <');
  if (at < 0) throw new Error('no /Contents of a signature found');
  const copy = new Uint8Array(pdf);
  copy[at + '/Content'.length] = 'z'.charCodeAt(0);
  return copy;
}

/**
 * One flipped byte at the start of the DER of the last signature (the document time-stamp of a sealed file;
 * an earlier one's /Contents is covered by every later signature): its CMS cannot be read.
 */
export function unreadableDer(pdf: Uint8Array): Uint8Array {
  const text = Buffer.from(pdf).toString('latin1');
  const at = text.lastIndexOf('/Contents <30');
  if (at < 0) throw new Error('no DER /Contents found');
  const copy = new Uint8Array(pdf);
  copy[at + '/Contents <'.length + 1] = '1'.charCodeAt(0);
  return copy;
}

/** An incremental update after the seal that changes only the document information (/Info /Title). */
export function infoChangedAfterSeal(pdf: Uint8Array, title = 'Changed after the seal'): Uint8Array {
  const reader = new PdfReader(pdf);
  const info = reader.trailer.get('Info');
  if (!(info instanceof PdfRef)) throw new Error('the file has no /Info object');
  const changed = (reader.dict(info) ?? new PdfDict()).clone();
  changed.set('Title', new PdfString(new Uint8Array(Buffer.from(title, 'latin1'))));
  const up = new IncrementalUpdate(reader);
  up.replace(info.num, changed);
  return new Uint8Array(Buffer.concat([Buffer.from(pdf), Buffer.from(up.write(), 'latin1')]));
}

/** An incremental update after the last time-stamp that only adds a DSS (the CA's CRL issued `at`): allowed. */
export async function dssAfterLastTimestamp(
  ca: SigningCa,
  pdf: Uint8Array,
  at = new Date(),
): Promise<Uint8Array> {
  const crl = await issueCrl(ca, at);
  const { update } = layoutDss({ pdf, certs: [ca.der], crls: [crl.der] });
  return new Uint8Array(Buffer.concat([Buffer.from(pdf), Buffer.from(update)]));
}

/** An incremental update after the last time-stamp that adds one object no DSS holds (e.g. a hidden payload). */
export function objectAfterLastTimestamp(pdf: Uint8Array): Uint8Array {
  const reader = new PdfReader(pdf);
  const up = new IncrementalUpdate(reader);
  up.add(new PdfDict([['Payload', new PdfString(new Uint8Array(Buffer.from('added after sealing')))]]));
  return new Uint8Array(Buffer.concat([Buffer.from(pdf), Buffer.from(up.write(), 'latin1')]));
}

const YEAR_MS = 365.25 * 24 * 3600_000;
/** A month after the time-stamping unit's certificates (TSA_IDENTITY.years) made now have expired. */
export const afterTsaExpiry = (): Date =>
  new Date(Date.now() + TSA_IDENTITY.years * YEAR_MS + 30 * 24 * 3600_000);
/** Six months before they expire: an archive time-stamp is due (ARCHIVE_DUE_MONTHS is 12). */
export const beforeTsaExpiry = (): Date => new Date(Date.now() + TSA_IDENTITY.years * YEAR_MS - YEAR_MS / 2);

/** The report of `pdf` at `now` against `ca` and its CRL issued at that time (as the server does). */
export async function verifyAt(
  ca: SigningCa,
  pdf: Uint8Array,
  now = new Date(),
): Promise<VerificationReport> {
  const crl = await issueCrl(ca, now);
  return verifyPdf({ pdf, caDer: ca.der, caCrlDer: crl.der, now: now.toISOString() });
}

/** What a corpus case asserts of a report: the verdict and each signature's status, findings and impersonation. */
export function summary(report: VerificationReport) {
  return {
    verdict: report.verdict,
    longTerm: report.longTerm?.state ?? null,
    signatures: report.signatures.map((s) => ({
      kind: s.kind,
      status: s.status,
      warnings: [...s.warnings].sort(),
      impersonates: s.impersonates ?? [],
    })),
  };
}

/**
 * The stored corpus reports the web app's verify page test renders (apps/web/src/features/verify): the
 * server test checks that they are what the verifier says today (regenerate with UPDATE_VERIFY_CORPUS=1).
 */
export const CORPUS_REPORTS_FILE = path.resolve(
  import.meta.dirname,
  '../../web/src/features/verify/corpus-reports.json',
);
export const storedCorpusReports = (): Record<string, VerificationReport> =>
  JSON.parse(readFileSync(CORPUS_REPORTS_FILE, 'utf8')) as Record<string, VerificationReport>;
