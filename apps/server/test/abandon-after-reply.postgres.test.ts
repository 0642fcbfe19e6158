import http from 'node:http';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { registerAbandonedRequests } from '../src/http/abandoned-requests.ts';
import { openTestDatabase } from './db.ts';

/**
 * A request's work ends with its reply (db/abandon.ts RequestWork.replySent): what its code starts, or
 * still runs, after the reply was sent is not cancelled when the socket then closes. Before, it stayed the
 * request's work, and a close after the reply that did not count as finished (light-my-request's inject
 * always does so) cancelled it — or refused it, for a query started after the close. A tiny app with the
 * abandoned-request hook over the PostgreSQL pool, whose statements run in the request's async context.
 * Runs only with TEST_DB=postgres (PGlite cannot cancel a statement).
 */
let database: Database;
let app: FastifyInstance;
/** What the last request's work past its reply came to. */
let outcome: Promise<unknown> = Promise.resolve();

const sleep = (db: Database['db'], seconds: number) => db.execute(sql`select pg_sleep(${seconds}) as slept`);
const settled = (p: Promise<unknown>) =>
  p.then(
    () => 'done',
    (err: { code?: string; cause?: { code?: string } }) =>
      `failed: ${err.cause?.code ?? err.code ?? String(err)}`,
  );

beforeAll(async () => {
  database = await openTestDatabase();
  app = Fastify({ logger: false });
  registerAbandonedRequests(app);
  // Starts a statement once the reply has been sent and the response closed, as the request's work (the
  // promise chain keeps its async context).
  app.get('/after-reply', async (_req, reply) => {
    const closed = new Promise((resolve) => reply.raw.once('close', resolve));
    outcome = settled(closed.then(() => sleep(database.db, 0.5)));
    return { ok: true };
  });
  // Starts a statement before the reply (fire-and-forget) that is still running when the socket closes.
  app.get('/through-reply', async () => {
    let running!: () => void;
    const started = new Promise<void>((resolve) => (running = resolve));
    outcome = settled(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        running();
        await tx.execute(sql`select pg_sleep(0.5)`);
      }),
    );
    await started;
    return { ok: true };
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe('work going on after the reply (PostgreSQL)', () => {
  it('a statement started after the reply was sent and the response closed runs (inject)', async () => {
    const res = await app.inject({ method: 'GET', url: '/after-reply' });
    expect(res.statusCode).toBe(200);
    expect(await outcome).toBe('done');
  });

  it('a statement started before the reply and still running when the response closes runs to its end', async () => {
    const res = await app.inject({ method: 'GET', url: '/through-reply' });
    expect(res.statusCode).toBe(200);
    expect(await outcome).toBe('done');
  });

  it('over HTTP too: the caller reading the reply and going away cancels nothing of it', async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    for (const path of ['/after-reply', '/through-reply']) {
      const body = await new Promise<string>((resolve, reject) => {
        const req = http.get({ host: '127.0.0.1', port, path, agent: false }, (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString()));
          res.on('end', () => {
            req.destroy();
            resolve(text);
          });
        });
        req.on('error', reject);
      });
      expect(JSON.parse(body)).toEqual({ ok: true });
      expect(await outcome).toBe('done');
    }
  });
});
