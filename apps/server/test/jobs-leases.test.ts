import { spawnSync } from 'node:child_process';
import os from 'node:os';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { jobs } from '../src/db/schema/index.ts';
import type { AppContext } from '../src/http/context.ts';
import { JobRegistry, JobRunner, enqueueJob, type JobContext } from '../src/services/jobs/index.ts';
import { claimJobs } from '../src/services/jobs/store.ts';
import { testDbKind } from './db.ts';
import { buildTestApp, type TestApp } from './helper.ts';

/** Leases, heartbeats and taking back the jobs of a dead process (issue 10 item 13). */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ JOBS_WORKER: 'false' });
});
afterAll(async () => t.close());

const LEASE = 30_000;
/** How long a wait for the worker may take: a hang detector (at a load of 20 a poll takes seconds). */
const UNTIL = { timeout: 120_000 };
const now = () => t.clock.now();
const jobOf = async (id: string | null) =>
  (
    await t.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.id, id ?? ''))
  )[0];

function runner(setup: (r: JobRegistry) => void, ctx: AppContext = t.app.ctx): JobRunner {
  const registry = new JobRegistry();
  setup(registry);
  return new JobRunner(ctx, registry, {
    concurrency: 2,
    pollMs: 20,
    leaseMs: LEASE,
    heartbeatMs: 10,
    embedded: testDbKind === 'pglite',
  });
}

/** A handler that runs until released; `started` resolves with its context once it runs. */
function blocking() {
  let release!: () => void;
  let started!: (c: JobContext) => void;
  const released = new Promise<void>((r) => (release = r));
  const running = new Promise<JobContext>((r) => (started = r));
  const handler = async (_job: unknown, c: JobContext) => {
    started(c);
    await Promise.race([
      released,
      new Promise((_, reject) => c.signal.addEventListener('abort', () => reject(new Error('aborted')))),
    ]);
  };
  return { handler, running, release };
}

/** The id of a process that has certainly exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', '0']);
  return child.pid ?? 999_999;
}

describe('leases', () => {
  it('are renewed by a heartbeat while the handler runs, so no other worker takes the job', async () => {
    const b = blocking();
    const r = runner((reg) => reg.register('lease.long', b.handler));
    const id = await enqueueJob(t.database.db, 'lease.long', {}, { runAt: now() });
    await r.start();
    await b.running;
    for (let i = 0; i < 3; i++) {
      t.clock.advance(LEASE - 1000);
      const renewedAt = now().getTime();
      await vi.waitFor(async () => expect((await jobOf(id))?.lockedAt?.getTime()).toBe(renewedAt), UNTIL);
    }
    const taken = await claimJobs(t.database.db, {
      kinds: ['lease.long'],
      now: now(),
      leaseMs: LEASE,
      workerId: 'another-worker',
      limit: 1,
    });
    expect(taken).toEqual([]);
    b.release();
    await vi.waitFor(async () => expect((await jobOf(id))?.status).toBe('done'), UNTIL);
    await r.stop();
  });

  it('abandons a run whose lease another worker took (its handler is aborted)', async () => {
    const b = blocking();
    const r = runner((reg) => reg.register('lease.lost', b.handler));
    const id = await enqueueJob(t.database.db, 'lease.lost', {}, { runAt: now() });
    await r.start();
    const c = await b.running;
    await t.database.db
      .update(jobs)
      .set({ lockedBy: 'someone-else' })
      .where(eq(jobs.id, id ?? ''));
    await vi.waitFor(() => expect(c.signal.aborted).toBe(true), UNTIL);
    await r.stop();
    expect(await jobOf(id)).toMatchObject({ status: 'running', lockedBy: 'someone-else' });
    await t.database.db.delete(jobs).where(eq(jobs.id, id ?? ''));
  });
});

describe('on start', () => {
  it("takes back at once the jobs a dead process of this host held, and leaves live workers' jobs", async () => {
    const dead = `${os.hostname()}:${deadPid()}:0badc0de`;
    const ran: string[] = [];
    const b = blocking();
    const live = runner((reg) => reg.register('reclaim.live', b.handler));
    const liveJob = await enqueueJob(t.database.db, 'reclaim.live', {}, { runAt: now() });
    await live.start();
    await b.running;

    const orphan = await enqueueJob(t.database.db, 'reclaim.dead', { n: 1 }, { runAt: now() });
    const [claimed] = await claimJobs(t.database.db, {
      kinds: ['reclaim.dead'],
      now: now(),
      leaseMs: LEASE,
      workerId: dead,
      limit: 1,
    });
    expect(claimed?.id).toBe(orphan);

    const r = runner((reg) => reg.register('reclaim.dead', async (job) => void ran.push(job.id)));
    await r.start();
    // No time passes on the clock: the lease has not run out, the holder is known to be dead.
    await vi.waitFor(async () => expect((await jobOf(orphan))?.status).toBe('done'), UNTIL);
    expect(ran).toEqual([orphan]);
    expect((await jobOf(orphan))?.attempts).toBe(2);
    expect(await jobOf(liveJob)).toMatchObject({ status: 'running', lockedBy: live.workerId });
    b.release();
    await vi.waitFor(async () => expect((await jobOf(liveJob))?.status).toBe('done'), UNTIL);
    await Promise.all([r.stop(), live.stop()]);
  });

  it('does not take back jobs when JOBS_RECLAIM_ON_START is off', async () => {
    const dead = `${os.hostname()}:${deadPid()}:0badc0de`;
    const id = await enqueueJob(t.database.db, 'reclaim.off', {}, { runAt: now() });
    await claimJobs(t.database.db, {
      kinds: ['reclaim.off'],
      now: now(),
      leaseMs: LEASE,
      workerId: dead,
      limit: 1,
    });
    const registry = new JobRegistry();
    registry.register('reclaim.off', async () => {});
    const r = new JobRunner(t.app.ctx, registry, {
      concurrency: 1,
      pollMs: 20,
      leaseMs: LEASE,
      reclaimOnStart: false,
      embedded: testDbKind === 'pglite',
    });
    await r.start();
    await r.drain({ kinds: ['reclaim.off'] });
    await r.stop();
    expect(await jobOf(id)).toMatchObject({ status: 'running', lockedBy: dead });
    await t.database.db.delete(jobs).where(eq(jobs.id, id ?? ''));
  });
});

/** The app's context with a database that fails like an unreachable server while `down.on` is set. */
function flakyContext(down: { on: boolean }): AppContext {
  const refused = () =>
    Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
  const failing = new Set(['select', 'insert', 'update', 'delete', 'execute', 'transaction']);
  const db = new Proxy(t.app.ctx.db, {
    get(target, prop, receiver) {
      if (down.on && typeof prop === 'string' && failing.has(prop)) {
        return () => {
          throw refused();
        };
      }
      return Reflect.get(target, prop, receiver) as unknown;
    },
  });
  return { ...t.app.ctx, db };
}

describe('while the database is unreachable', () => {
  it('keeps running: the outcome is recorded once it is back, polls resume, nothing is counted twice', async () => {
    const down = { on: false };
    const ctx = flakyContext(down);
    const ran: number[] = [];
    const r = runner((reg) => {
      reg.register('outage.job', async (job) => {
        ran.push(job.payload.n as number);
        if (job.payload.n === 1) down.on = true; // the database goes away while the handler runs
      });
    }, ctx);
    const first = await enqueueJob(t.database.db, 'outage.job', { n: 1 }, { runAt: now() });
    await r.start();
    await vi.waitFor(() => expect(ran).toEqual([1]), UNTIL);
    // Jobs queued during the outage wait; the worker neither crashes nor gives up.
    const second = await enqueueJob(t.database.db, 'outage.job', { n: 2 }, { runAt: now() });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(ran).toEqual([1]);
    down.on = false;
    await vi.waitFor(async () => expect((await jobOf(first))?.status).toBe('done'), UNTIL);
    await vi.waitFor(async () => expect((await jobOf(second))?.status).toBe('done'), UNTIL);
    expect(ran).toEqual([1, 2]);
    expect((await jobOf(first))?.attempts).toBe(1);
    await r.stop();
  });

  it('does not count a run that failed only because the database was gone', async () => {
    const down = { on: false };
    const ctx = flakyContext(down);
    let calls = 0;
    const r = runner((reg) => {
      reg.register('outage.inside', async (_job, c) => {
        calls++;
        if (calls === 1) {
          down.on = true;
          setTimeout(() => (down.on = false), 300);
          await c.db.select().from(jobs).limit(1);
        }
      });
    }, ctx);
    const id = await enqueueJob(t.database.db, 'outage.inside', {}, { runAt: now(), maxAttempts: 1 });
    await r.drain({ kinds: ['outage.inside'] });
    expect(await jobOf(id)).toMatchObject({ status: 'queued', attempts: 0 });
    t.clock.advance(60_000);
    await r.drain({ kinds: ['outage.inside'] });
    expect(await jobOf(id)).toMatchObject({ status: 'done', attempts: 1 });
  });
});
