import type { Config } from '../../config.ts';
import type { JobRegistry } from '../../services/jobs/index.ts';
import { runDeleteBlobs, runSweep } from './blob-jobs.ts';
import { DOCUMENT_JOBS } from './common.ts';
import { runToDocx } from './office-jobs.ts';
import { runSignatureBackfill } from './signature-backfill.ts';
import { markConversionFailed, runBlank, runConvert, runExtractText } from './rendition-jobs.ts';

/** The documents feature's background jobs. */
export function registerDocumentJobs(registry: JobRegistry, config: Config): void {
  const conversion = { onGiveUp: markConversionFailed, baseDelayMs: 10_000 };
  registry.register(DOCUMENT_JOBS.blank, runBlank, conversion);
  registry.register(DOCUMENT_JOBS.convert, runConvert, conversion);
  // No onGiveUp: a file that cannot be made a DOCX stays as uploaded (viewable, signable, not editable).
  registry.register(DOCUMENT_JOBS.toDocx, runToDocx, { baseDelayMs: 10_000 });
  registry.register(DOCUMENT_JOBS.extractText, runExtractText);
  registry.register(DOCUMENT_JOBS.deleteBlobs, runDeleteBlobs);
  registry.register(DOCUMENT_JOBS.signatures, runSignatureBackfill);
  registry.registerPeriodic(DOCUMENT_JOBS.sweep, config.documents.sweepIntervalMs, runSweep);
  // The jobs that take a LibreOffice slot: one organization's backlog stays queued, never in every worker slot.
  registry.capPerTenant(
    [DOCUMENT_JOBS.blank, DOCUMENT_JOBS.convert, DOCUMENT_JOBS.toDocx],
    config.conversion.perOrganization,
  );
}
