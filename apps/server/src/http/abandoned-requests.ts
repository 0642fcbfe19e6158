import type { FastifyInstance } from 'fastify';
import { RequestWork, runForRequest } from '../db/abandon.ts';

/**
 * Runs each request's handler under a signal that aborts when its caller goes away before the reply is
 * sent (the connection closed early): its PostgreSQL statements are then cancelled (db/abandon.ts) rather
 * than left running for nobody (issue #32 item 3).
 */
export function registerAbandonedRequests(app: FastifyInstance): void {
  app.addHook('preHandler', (req, reply, done) => {
    const work = new RequestWork();
    const res = reply.raw;
    res.once('close', () => {
      if (!res.writableFinished) work.abandon();
    });
    runForRequest(work, done);
  });
}
