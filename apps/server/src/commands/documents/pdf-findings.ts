import type { PdfFindings } from '@sinetti/contract';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../http/context.ts';
import { documents } from '../../db/schema/index.ts';
import { PdfBusyError, analyzeUpload } from '../../services/pdf/index.ts';
import { pdfFailure, pdfRun } from '../signing/pdf-run.ts';
import { readPdf } from '../signing/common.ts';

/**
 * Findings as stored on the document: with the sha256 of the PDF they are about and its pages (missing in
 * findings stored before pages were counted: read again when needed).
 */
export type StoredFindings = PdfFindings & { sha256: string; pages?: number };

/**
 * The findings of a PDF (issue #30 item 4), read in a PDF worker counted against the organization; null
 * when the file cannot be read within the limits or the workers are busy (the send dialog then shows
 * nothing, and the send itself reads the file again and refuses what cannot be signed).
 */
export async function analyzeFindings(
  ctx: Pick<AppContext, 'config' | 'log'>,
  organizationId: string,
  pdf: Uint8Array,
  sha256: string,
  /** `answer`: busy workers are 429 PDF_BUSY (a caller that needs the result), not "cannot be read". */
  busy: 'quiet' | 'answer' = 'quiet',
): Promise<StoredFindings | null> {
  try {
    return { ...(await analyzeUpload(pdf, pdfRun(ctx, organizationId))), sha256 };
  } catch (err) {
    if (busy === 'answer' && err instanceof PdfBusyError) throw pdfFailure(err);
    ctx.log.warn({ err: (err as Error).message, sha256 }, 'documents: the PDF could not be analysed');
    return null;
  }
}

const publicFindings = ({ sha256: _sha256, pages: _pages, ...findings }: StoredFindings): PdfFindings =>
  findings;

type PdfOf = { id: string; organizationId: string; pdfKey: string | null; pdfSha256: string | null };

/**
 * The analysis of the document's current PDF: as stored when the upload or conversion analysed this very
 * file, else analysed now (documents from before the analysis or before it counted pages, a restored
 * version) and stored for the next time. Null when there is no PDF yet or it cannot be read.
 */
async function currentAnalysis(
  ctx: Pick<AppContext, 'config' | 'log' | 'db' | 'blobs'>,
  doc: PdfOf,
  busy: 'quiet' | 'answer',
): Promise<StoredFindings | null> {
  const { pdfKey, pdfSha256 } = doc;
  if (!pdfKey || !pdfSha256) return null;
  const [row] = await ctx.db
    .select({ findings: documents.pdfFindings })
    .from(documents)
    .where(eq(documents.id, doc.id));
  if (row?.findings?.sha256 === pdfSha256 && row.findings.pages !== undefined) return row.findings;
  const pdf = await readPdf(ctx.blobs, pdfKey);
  const found = await analyzeFindings(ctx, doc.organizationId, pdf, pdfSha256, busy);
  if (!found) return null;
  await ctx.db
    .update(documents)
    .set({ pdfFindings: found })
    .where(and(eq(documents.id, doc.id), eq(documents.pdfSha256, pdfSha256)));
  return found;
}

/** The findings of the document's current PDF for the send dialog (currentAnalysis); null without one. */
export async function currentFindings(
  ctx: Pick<AppContext, 'config' | 'log' | 'db' | 'blobs'>,
  doc: PdfOf,
): Promise<PdfFindings | null> {
  const found = await currentAnalysis(ctx, doc, 'quiet');
  return found && publicFindings(found);
}

/**
 * The pages of the document's current PDF (what fields placed on it are checked against), with the
 * sha256 of the file counted; null when there is no PDF yet or it cannot be read. Busy workers are 429
 * PDF_BUSY: saving fields must not be told that the PDF cannot be signed.
 */
export async function currentPages(
  ctx: Pick<AppContext, 'config' | 'log' | 'db' | 'blobs'>,
  doc: PdfOf,
): Promise<{ pages: number; sha256: string } | null> {
  const found = await currentAnalysis(ctx, doc, 'answer');
  return found?.pages === undefined ? null : { pages: found.pages, sha256: found.sha256 };
}
