import type { FastifyInstance } from 'fastify';
import { registerDocumentJobs } from '../../commands/documents/jobs.ts';
import { registerDocumentContentRoutes } from './content.ts';
import { registerFieldRoutes } from './fields.ts';
import { registerDocumentReadRoutes } from './read.ts';
import { registerShareRoutes } from './shares.ts';
import { registerDocumentUploadRoute } from './upload.ts';
import { registerVersionRoutes } from './versions.ts';
import { registerEditLockRoutes } from './edit-lock.ts';
import { registerDocumentWriteRoutes } from './write.ts';

/** SPEC §7.3 documents/: every call, and the background jobs they queue. */
export function registerDocumentRoutes(app: FastifyInstance): void {
  registerDocumentJobs(app.jobs.registry, app.ctx.config);
  registerDocumentReadRoutes(app);
  registerDocumentWriteRoutes(app);
  registerDocumentContentRoutes(app);
  registerDocumentUploadRoute(app);
  registerShareRoutes(app);
  registerVersionRoutes(app);
  registerEditLockRoutes(app);
  registerFieldRoutes(app);
}
