import type { Config } from '../../config.ts';
import type { JobContext, JobRecord, JobRegistry } from '../../services/jobs/index.ts';
import { ARCHIVE_INTERVAL_MS, ARCHIVE_TIMESTAMP_JOB, runArchiveTimestamps } from './archive-timestamp.ts';
import { referencedSigningKeys } from './blob-refs.ts';
import { SIGNING_BLOB_PREFIX, SIGNING_JOBS } from './common.ts';
import { failRound } from './fail-round.ts';
import { registerLockWaiterJobs } from './lock-waiters.ts';
import { registerFollowUpJob } from './follow-up-job.ts';
import { runSeal } from './seal.ts';

/** Deletes signing blobs that no open or finished round references (cancelled rounds' files go). */
async function runDeleteBlobs(job: JobRecord<{ keys: string[] }>, c: JobContext): Promise<void> {
  const keys = job.payload.keys.filter((k) => k.startsWith(SIGNING_BLOB_PREFIX));
  const keep = await referencedSigningKeys(c.db, keys);
  for (const key of keys) if (!keep.has(key)) await c.blobs.delete(key);
}

export function registerSigningJobs(registry: JobRegistry, config: Config): void {
  if (config.signing.archive.enabled) {
    registry.registerPeriodic(ARCHIVE_TIMESTAMP_JOB, ARCHIVE_INTERVAL_MS, async (_job, c) => {
      await runArchiveTimestamps(c);
    });
  }
  registry.register<{ processId: string }>(SIGNING_JOBS.seal, runSeal, {
    baseDelayMs: 10_000,
    // Sealing that fails for good (a PDF problem at once, anything else after every retry) ends the round:
    // back to Draft, charges refunded, everyone told (fail-round.ts).
    onGiveUp: async (job, error, c) => {
      c.log.error(
        { processId: job.payload.processId, err: error.message },
        'signing: sealing failed for good',
      );
      const problem = /^(PDF_[A-Z_]+):/.exec(error.message)?.[1] ?? 'SEAL_FAILED';
      await failRound(c, job.payload.processId, problem);
    },
  });
  registry.register<{ keys: string[] }>(SIGNING_JOBS.deleteBlobs, runDeleteBlobs);
  registerLockWaiterJobs(registry);
  registerFollowUpJob(registry);
}
