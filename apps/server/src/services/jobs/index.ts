export { enqueueJob, enqueueKeyJobs, type EnqueueOptions } from './queue.ts';
export {
  JobRegistry,
  PermanentJobError,
  type JobContext,
  type JobHandler,
  type JobRecord,
} from './registry.ts';
export { JobRunner } from './worker.ts';
