import type { VerificationReport } from '@sinetti/contract';
import type { SigningCa } from '../ca/ca.ts';
import { currentCrl } from '../ca/crl.ts';
import { defaultRun, type PdfRun } from '../workers.ts';

import type { VerifyInput } from './verify-pdf.ts';

export { verifyPdf, type VerifyInput } from './verify-pdf.ts';

/**
 * What a verification is checked against, besides the PDF: this instance's CA and its current CRL, its former
 * CAs (a rollover or revocation: still this instance's, revoked from their time), the `extraAnchors` (DER
 * roots, e.g. a QTSP's) the caller trusts besides it, and the time the report is made for. One definition for
 * every caller, so that no path checks against less.
 */
export async function verificationContext(
  ca: SigningCa | null,
  now?: Date,
  extraAnchors: readonly Uint8Array[] = [],
): Promise<Omit<VerifyInput, 'pdf'>> {
  const crl = ca ? await currentCrl(ca, now) : null;
  return {
    caDer: ca?.der ?? null,
    caCrlDer: crl?.der ?? null,
    ...(now ? { now: now.toISOString() } : {}),
    ...(extraAnchors.length > 0 ? { extraAnchors: [...extraAnchors] } : {}),
    ...((ca?.retired ?? []).length > 0
      ? {
          retiredCas: ca!.retired.map((r) => ({
            der: r.der,
            revokedAt: r.revokedAt ? r.revokedAt.toISOString() : null,
          })),
        }
      : {}),
  };
}

/**
 * The verification report of a PDF, made in a PDF worker (the file is untrusted: size, time and memory
 * limits apply) against verificationContext. Nothing is kept.
 */
export async function verifySignedPdf(
  pdf: Uint8Array,
  ca: SigningCa | null,
  run?: PdfRun,
  /** The time the report is made for (default now; the archive job passes its clock). */
  now?: Date,
  extraAnchors: readonly Uint8Array[] = [],
): Promise<VerificationReport> {
  const context = await verificationContext(ca, now, extraAnchors);
  const { workers, owner } = defaultRun(run);
  return workers.run('verify', { pdf, ...context }, owner);
}
