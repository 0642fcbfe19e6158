import type { FastifyInstance } from 'fastify';
import { registerSigningJobs } from '../../commands/signing/jobs.ts';
import { registerSigningFollowUpRoutes } from './follow-up.ts';
import { registerSigningMemberFileRoutes } from './member-files.ts';
import { registerSigningMemberRoutes } from './members.ts';
import { registerSigningPublicRoutes } from './public.ts';
import { registerSigningSessionRoutes } from './session.ts';

/** SPEC §7.5 signing/: member calls, the public signee calls, the built-in signing page, and the seal job. */
export function registerSigningRoutes(app: FastifyInstance): void {
  registerSigningJobs(app.jobs.registry, app.ctx.config);
  registerSigningMemberRoutes(app);
  registerSigningMemberFileRoutes(app);
  registerSigningFollowUpRoutes(app);
  registerSigningPublicRoutes(app);
  registerSigningSessionRoutes(app);
}
