import type { TextChange } from '@sinetti/contract';
import type { AppContext } from '../../http/context.ts';
import { AppError } from '../../lib/errors.ts';
import type { DocumentAccess } from '../../policies/documents.ts';
import { findVersion } from '../../queries/documents/versions.ts';
import { PdfBusyError } from '../../services/pdf/index.ts';
import { pdfFailure, pdfRun } from '../signing/pdf-run.ts';

const tooDifferent = () =>
  new AppError(
    'CONFLICT',
    'These versions differ too much to be compared here: download both to compare them.',
  ).because('VERSION_COMPARE_TOO_LARGE');

/**
 * Compares the text of two versions (issue 13 item 3) in the PDF worker pool, where a pathological pair
 * of texts spends its own bounded time, not the API's event loop; the work counts against the
 * organization like every other task there.
 */
export async function compareVersions(
  ctx: AppContext,
  doc: DocumentAccess,
  numbers: { from: number; to: number },
): Promise<TextChange[]> {
  const texts: string[] = [];
  for (const n of [numbers.from, numbers.to]) {
    const version = await findVersion(ctx.db, doc, n);
    if (!version) throw new AppError('NOT_FOUND', `The document has no version ${n}.`);
    if (version.contentText === null) {
      throw new AppError(
        'CONFLICT',
        `The text of version ${n} is still being read. Try again shortly.`,
      ).because('VERSION_TEXT_MISSING');
    }
    texts.push(version.contentText);
  }
  const [from = '', to = ''] = texts;
  const run = pdfRun(ctx, doc.organizationId);
  const changes = await run.workers.run('compareText', { from, to }, run.owner).catch((err: unknown) => {
    throw err instanceof PdfBusyError ? pdfFailure(err) : tooDifferent();
  });
  if (!changes) throw tooDifferent();
  return changes;
}
