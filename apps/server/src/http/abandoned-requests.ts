import type { FastifyInstance } from 'fastify';
import { RequestWork, runForRequest } from '../db/abandon.ts';

/**
 * Runs each request's handler as a RequestWork that is abandoned when its caller goes away before the reply
 * is sent (the connection closed early): its PostgreSQL statements are then cancelled (db/abandon.ts) rather
 * than left running for nobody (issue #32 item 3). Once the reply is sent ('finish') the work is no longer
 * the request's to cancel: what it started that goes on past the reply is left alone, whatever the socket
 * does next (light-my-request's inject, for one, emits 'close' with writableFinished still false).
 */
export function registerAbandonedRequests(app: FastifyInstance): void {
  app.addHook('preHandler', (req, reply, done) => {
    const work = new RequestWork();
    const res = reply.raw;
    res.once('finish', () => work.replySent());
    res.once('close', () => {
      if (!res.writableFinished) work.abandon();
    });
    runForRequest(work, done);
  });
}
