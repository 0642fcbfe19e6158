import type { PdfAnalysis } from './findings.ts';
import { defaultRun, type PdfRun } from './workers.ts';

/**
 * What the sender should know about a PDF before sending it (hidden layers, unreferenced content streams,
 * a certification, signatures already in it) and its number of pages, read in a PDF worker within the
 * pool's limits. Throws a PdfError for a file that cannot be read, PdfBusyError when the organization has
 * too much under way.
 */
export function analyzeUpload(pdf: Uint8Array, run?: PdfRun): Promise<PdfAnalysis> {
  const { workers, owner } = defaultRun(run);
  return workers.run('analyze', { pdf }, owner);
}
