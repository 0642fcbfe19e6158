import { GrowingPdf } from './growing-pdf.ts';
import type { PrepareMeta, Signee } from './prepare.ts';
import type { PrepareResult } from './worker/tasks.ts';
import { defaultRun, type PdfRun } from './workers.ts';

export type { PrepareResult } from './worker/tasks.ts';

/**
 * The version to be signed, made in a PDF worker: the rendition read fully within the limits, the
 * signature page(s) added (prepareForSigning), and a dry run of every signature and the seal. Throws a
 * PdfError (damaged, too complex, unsignable, encrypted) for a file that could not be signed to the end,
 * or PdfBusyError when the organization already has too many PDF operations under way.
 */
export function prepareSignable(
  pdf: Uint8Array,
  signees: Signee[],
  meta: PrepareMeta,
  run?: PdfRun,
): Promise<PrepareResult> {
  const { workers, owner } = defaultRun(run);
  // In shared memory, which the worker reads (and appends the pages to) without a copy of its own.
  return workers.run('prepare', { pdf: GrowingPdf.of(pdf).bytes, signees, meta }, owner);
}
