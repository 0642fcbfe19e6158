import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { okReply } from '../envelope.ts';
import { isoDate, uuid } from './common.ts';

/** A check's outcome: passed, failed, or could not be decided (missing data, unsupported algorithm). */
export const checkState = z.enum(['ok', 'failed', 'unknown']);
export type CheckState = z.infer<typeof checkState>;

/** One certificate of a chain, leaf first. */
export const verifiedCertificate = z.object({
  subject: z.string(),
  issuer: z.string(),
  serialNumber: z.string().describe('hexadecimal'),
  notBefore: isoDate,
  notAfter: isoDate,
  /** Valid at the time the signature is proven to exist (its time-stamp's time, or now without one). */
  validAtTime: z.boolean(),
  /**
   * good: a CRL of its issuer does not list it, or an OCSP response its issuer (or a delegated responder) signed
   * says good; revoked: listed, or the response says revoked; unknown: no revocation data; root: a trust anchor.
   */
  revocation: z.enum(['good', 'revoked', 'unknown', 'root']),
  /** Where the revocation status came from. */
  revocationSource: z.enum(['dss', 'signature', 'instance', 'none']),
  /** How the revocation status was learned (absent: no revocation data, or a trust anchor). */
  revocationMethod: z.enum(['crl', 'ocsp']).optional(),
  /**
   * Revocation data was found but none was fresh for the time (issued before it, and its thisUpdate to
   * nextUpdate period did not reach it): the status is then unknown.
   */
  revocationStale: z.boolean().optional(),
  /** SHA-256 (hex) of the certificate's DER and of its SubjectPublicKeyInfo (absent in older reports). */
  sha256: z.string().optional(),
  spkiSha256: z.string().optional(),
  /**
   * This instance's own CA, platform seal or time-stamping unit, recognised by key: the chain ends at the
   * instance CA (null: none of them; absent in older reports).
   */
  instanceRole: z.enum(['ca', 'seal', 'tsa']).nullable().optional(),
  /**
   * The certificate copies the name of this instance's CA, seal or time-stamping unit but has another key
   * (or was not issued by the instance CA's key): an impersonation.
   */
  impersonates: z.enum(['ca', 'seal', 'tsa']).nullable().optional(),
});
export type VerifiedCertificate = z.infer<typeof verifiedCertificate>;

export const verifiedChain = z.object({
  certificates: z.array(verifiedCertificate),
  /** Every certificate's signature verifies with the next one's key, and the last is self-signed. */
  complete: z.boolean(),
  /** The chain ends at this instance's signing CA or at a trust anchor configured on it (`anchor`). */
  trusted: z.boolean(),
  /**
   * Which anchor a trusted chain ends at: this instance's signing CA, or one configured next to it (e.g. a
   * QTSP's root). Null when not trusted; absent in reports made before configured anchors.
   */
  anchor: z.enum(['instance', 'configured']).nullable().optional(),
  /**
   * The time the chain was judged at: a signer's at the signature's proven time, a time-stamp authority's at
   * the time the time-stamp is relied on (the next valid archive time-stamp's time, or the validation time).
   */
  checkedAt: isoDate.optional(),
});
export type VerifiedChain = z.infer<typeof verifiedChain>;

export const verifiedTimestamp = z.object({
  time: isoDate,
  /** The token's signature verifies and its imprint matches what it time-stamps. */
  valid: z.boolean(),
  authority: z.string(),
  chain: verifiedChain,
});
export type VerifiedTimestamp = z.infer<typeof verifiedTimestamp>;

/** What happened to the document after a signature (later incremental updates). */
export const documentChanges = z.object({
  pagesAdded: z.array(z.number().int()).describe('1-based page numbers in the final document'),
  pagesRemoved: z.array(z.number().int()).describe('1-based page numbers in the signed revision'),
  pagesContentChanged: z.array(z.number().int()),
  annotations: z.array(
    z.object({
      page: z.number().int(),
      change: z.enum(['added', 'changed', 'removed']),
      subtype: z.string(),
    }),
  ),
  fields: z.array(z.object({ name: z.string(), change: z.enum(['added', 'filled', 'changed', 'removed']) })),
  /** Allowed additions: later signatures, document time-stamps, a Document Security Store. */
  signaturesAdded: z.number().int(),
  timestampsAdded: z.number().int(),
  dssAdded: z.boolean(),
  /** Other objects of the signed revision that later updates replaced (catalog entries, resources, …). */
  otherObjectsChanged: z.number().int(),
  /** The document information dictionary (/Info) or the XMP metadata changed (absent in older reports). */
  metadataChanged: z.boolean().optional(),
  /** Whether anything beyond the allowed additions changed. */
  modified: z.boolean(),
});
export type DocumentChanges = z.infer<typeof documentChanges>;

export const padesLevel = z.enum(['B-B', 'B-T', 'B-LT', 'B-LTA', 'PKCS7', 'document-timestamp']);
export type PadesLevel = z.infer<typeof padesLevel>;

/**
 * The lock a signature sets on later changes (its /Reference): DocMDP of a certification signature (1: no
 * changes, 2: form filling and signing, 3: also annotations) and FieldMDP (the fields it locks; PDF 2.0's
 * optional /P, the same permissions, once they are signed). A change the lock forbids makes it invalid.
 */
export const signatureLock = z.object({
  docMdp: z.number().int().min(1).max(3).nullable(),
  fieldMdp: z
    .object({
      action: z.enum(['All', 'Include', 'Exclude']),
      fields: z.array(z.string()),
      p: z.number().int().min(1).max(3).nullable(),
    })
    .nullable(),
});
export type SignatureLock = z.infer<typeof signatureLock>;

/** ETSI EN 319 412-5 QC statements of the signer's certificate. */
export const qcStatementsReport = z.object({
  /** QcCompliance: an EU qualified certificate. */
  compliance: z.boolean(),
  /** QcSSCD: the key is in a qualified signature creation device. */
  sscd: z.boolean(),
  /** QcType: esign, eseal or web (null: not stated or another type). */
  type: z.string().nullable(),
});

/**
 * The signature's assurance level (eIDAS): QES when the signer's certificate is qualified (QcCompliance and
 * QcSSCD) and its chain is trusted; AdES when this instance's CA issued it under Sinetti's advanced (eID)
 * policy; SES for Sinetti's simple policy, its seal and one-time certificates made before policies; else
 * unknown. EU trusted lists are not consulted: trust is this instance's CA and its configured anchors.
 */
export const signatureAssurance = z.object({
  level: z.enum(['SES', 'AdES', 'QES', 'unknown']),
  /** How the signer was identified, from the certificate policy's user notice (null: not stated). */
  identification: z.string().nullable(),
  /** Who identified the signer or issued the qualified certificate (an eID's host, a QTSP's name). */
  provider: z.string().nullable(),
  qcStatements: qcStatementsReport.nullable(),
  /** A TEST policy or a TEST issuer: not a real person's signature. */
  test: z.boolean(),
  /** One sentence: why this level. */
  basis: z.string(),
});
export type SignatureAssurance = z.infer<typeof signatureAssurance>;

/**
 * valid; warning: valid with findings that weaken it; untrusted: intact, but the signer (or the time-stamp
 * authority) cannot be verified: the chain does not end at a trust anchor of this service; invalid.
 */
export const signatureStatus = z.enum(['valid', 'warning', 'untrusted', 'invalid']);

export const verifiedSignature = z.object({
  field: z.string(),
  kind: z.enum(['signature', 'document-timestamp']),
  subFilter: z.string(),
  signer: z.object({ name: z.string(), email: z.string().nullable() }),
  /** The time the signer's software claims (/M or the signing-time attribute); not proof. */
  claimedTime: isoDate.nullable(),
  timestamp: verifiedTimestamp.nullable(),
  level: padesLevel,
  byteRange: z.object({
    ok: z.boolean(),
    /** Covers the whole file (nothing after it). */
    wholeFile: z.boolean(),
    problem: z.string().nullable(),
  }),
  /** The covered bytes hash to the signed message digest. */
  intact: checkState,
  /** The signature over the signed attributes verifies with the signer's certificate. */
  signatureValid: checkState,
  chain: verifiedChain,
  /** Null when the signature covers the whole file. */
  changes: documentChanges.nullable(),
  /** The lock the signature sets (null: none; absent in reports made before locks were read). */
  lock: signatureLock.nullable().optional(),
  /** What later changes did that the lock forbids: pages, objects, annotations, fields, locked-fields. */
  lockViolations: z.array(z.string()).optional(),
  /** The assurance level of a signature (absent for document time-stamps and in older reports). */
  assurance: signatureAssurance.optional(),
  /** Which of this instance's identities a certificate of its chains impersonates (absent in older reports). */
  impersonates: z.array(z.enum(['ca', 'seal', 'tsa'])).optional(),
  /** Machine-readable findings; the web app words them. */
  warnings: z.array(z.string()),
  status: signatureStatus,
});
export type VerifiedSignature = z.infer<typeof verifiedSignature>;

/** untrusted: nothing is invalid, but a signer cannot be verified ("signer not verified"), never "valid". */
export const verificationVerdict = z.enum([
  'valid',
  'warnings',
  'untrusted',
  'invalid',
  'unsigned',
  'unreadable',
]);
export type VerificationVerdict = z.infer<typeof verificationVerdict>;

export const verificationReport = z.object({
  verdict: verificationVerdict,
  /** Why the file could not be read (verdict unreadable). */
  unreadable: z.enum(['not-pdf', 'encrypted', 'damaged', 'too-complex']).nullable(),
  pages: z.number().int().nullable(),
  sha256: z.string(),
  size: z.number().int(),
  signatures: z.array(verifiedSignature),
  /** Whether the file carries a Document Security Store (validation data for long-term validation). */
  dss: z.boolean(),
  /** The certification signature's DocMDP permission (1: no changes, 2: forms and signing, 3: also annotations). */
  docMdp: z.number().int().nullable(),
  checkedAt: isoDate,
  /**
   * The newest time-stamp, on which every earlier proof rests (ETSI EN 319 102-1): it must be valid at the
   * validation time. ok; due: its authority's chain ends within `ARCHIVE_DUE_MONTHS` (an archive time-stamp
   * is due); expired: a certificate of that chain is no longer valid and no newer archive time-stamp covers
   * it; not-valid: it does not verify, is not trusted or is revoked; none: no time-stamp. Absent in older
   * reports.
   */
  longTerm: z
    .object({
      state: z.enum(['ok', 'due', 'expired', 'not-valid', 'none']),
      newestTimestamp: isoDate.nullable(),
      /** The earliest end of validity of the newest time-stamp's authority chain. */
      validUntil: isoDate.nullable(),
    })
    .optional(),
  /** This instance's CA the report was made against, with its fingerprints (absent in older reports). */
  instanceCa: z
    .object({ subject: z.string(), sha256: z.string(), spkiSha256: z.string() })
    .nullable()
    .optional(),
});

/** An archive time-stamp is reported due this many months before the newest time-stamp's chain ends. */
export const ARCHIVE_DUE_MONTHS = 12;
export type VerificationReport = z.infer<typeof verificationReport>;

/**
 * Signature verification: anyone may check a signed PDF (nothing is stored), and members may see the same
 * report for a signed document of theirs.
 */
export const verification = {
  verify: endpoint({
    id: 'verification.verify',
    method: 'POST',
    path: '/verify',
    access: 'public',
    summary:
      'Checks every signature of a PDF (the raw body, application/pdf) and answers a verification report. ' +
      'The body streams to a temporary file that is removed when the call ends; nothing is stored. Before ' +
      'the body is read: too many checks under way from the address or in all 429 (VERIFY_BUSY) and past ' +
      'the rate limit 429, both with Retry-After; another media type 415; a declared size past the limit ' +
      '413 (VERIFY_TOO_LARGE, details.maxBytes). While reading: no %PDF- in the first 1024 bytes 415 ' +
      '(VERIFY_NOT_A_PDF); past the limit 413. Checked in an anonymous lane with smaller limits: encrypted ' +
      'or damaged 409 (VERIFY_ENCRYPTED, VERIFY_DAMAGED); past its limits 409 PDF_TOO_COMPLEX.',
    reply: okReply({ report: verificationReport }),
  }),
  document: endpoint({
    id: 'verification.document',
    method: 'GET',
    path: '/signing/verification/:docId',
    access: 'organization',
    summary:
      "The verification report of a Signed document's sealed PDF (the same checks as POST /verify); " +
      'members with documents view; 409 CONFLICT before everyone has signed.',
    params: z.object({ docId: uuid }),
    reply: okReply({ report: verificationReport }),
  }),
} as const;
