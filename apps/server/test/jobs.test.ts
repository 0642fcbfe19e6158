import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { jobs } from '../src/db/schema/index.ts';
import {
  JobRegistry,
  JobRunner,
  PermanentJobError,
  enqueueJob,
  type JobRecord,
} from '../src/services/jobs/index.ts';
import { claimJobs } from '../src/services/jobs/store.ts';
import { buildTestApp, type TestApp } from './helper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ JOBS_WORKER: 'false' });
});
afterAll(async () => t.close());

const LEASE = 60_000;
function runner(setup: (r: JobRegistry) => void): JobRunner {
  const registry = new JobRegistry();
  setup(registry);
  return new JobRunner(t.app.ctx, registry, { concurrency: 2, pollMs: 20, leaseMs: LEASE });
}
const jobOf = async (id: string | null) =>
  (
    await t.database.db
      .select()
      .from(jobs)
      .where(eq(jobs.id, id ?? ''))
  )[0];
const now = () => t.clock.now();

describe('enqueueJob', () => {
  it('exists exactly when the transaction that enqueued it commits', async () => {
    await expect(
      t.database.db.transaction(async (tx) => {
        await enqueueJob(tx, 'test.outbox', { n: 1 }, { runAt: now() });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await t.database.db.select().from(jobs).where(eq(jobs.kind, 'test.outbox'))).toEqual([]);
    await t.database.db.transaction((tx) => enqueueJob(tx, 'test.outbox', { n: 2 }, { runAt: now() }));
    const rows = await t.database.db.select().from(jobs).where(eq(jobs.kind, 'test.outbox'));
    expect(rows.map((r) => [r.payload, r.status, r.attempts])).toEqual([[{ n: 2 }, 'queued', 0]]);
  });

  it('keeps one queued or running job per dedupe key', async () => {
    const opts = { runAt: now(), dedupeKey: 'dedupe:1' };
    const first = await enqueueJob(t.database.db, 'test.dedupe', {}, opts);
    expect(first).toBeTruthy();
    expect(await enqueueJob(t.database.db, 'test.dedupe', {}, opts)).toBeNull();
    await runner((r) => r.register('test.dedupe', async () => {})).drain({ kinds: ['test.dedupe'] });
    expect(await enqueueJob(t.database.db, 'test.dedupe', {}, opts)).toBeTruthy();
  });
});

describe('drain', () => {
  it('runs due jobs with their payload and marks them done; future jobs wait', async () => {
    const seen: JobRecord[] = [];
    const r = runner((reg) => reg.register('test.echo', async (job) => void seen.push(job)));
    const id = await enqueueJob(t.database.db, 'test.echo', { hello: 'world' }, { runAt: now() });
    const later = await enqueueJob(
      t.database.db,
      'test.echo',
      {},
      { runAt: new Date(now().getTime() + 5000) },
    );
    expect(await r.drain()).toBe(1);
    expect(seen.map((j) => [j.payload, j.attempts])).toEqual([[{ hello: 'world' }, 1]]);
    expect((await jobOf(id))?.status).toBe('done');
    expect((await jobOf(later))?.status).toBe('queued');
    t.clock.advance(5000);
    expect(await r.drain()).toBe(1);
  });

  it('retries a failing job with exponential backoff until it succeeds', async () => {
    let calls = 0;
    const r = runner((reg) =>
      reg.register(
        'test.flaky',
        async () => {
          calls++;
          if (calls < 3) throw new Error(`failure ${calls}`);
        },
        { baseDelayMs: 1000 },
      ),
    );
    const id = await enqueueJob(t.database.db, 'test.flaky', {}, { runAt: now() });
    expect(await r.drain()).toBe(1);
    let row = await jobOf(id);
    expect(row).toMatchObject({ status: 'queued', attempts: 1, lastError: 'failure 1' });
    expect(row?.runAt.getTime()).toBe(now().getTime() + 1000);
    expect(await r.drain()).toBe(0);
    t.clock.advance(1000);
    expect(await r.drain()).toBe(1);
    row = await jobOf(id);
    expect(row?.runAt.getTime()).toBe(now().getTime() + 2000);
    t.clock.advance(2000);
    expect(await r.drain()).toBe(1);
    expect(await jobOf(id)).toMatchObject({ status: 'done', attempts: 3, lastError: null });
  });

  it('gives up after max attempts, or at once on a permanent error, calling the give-up hook once', async () => {
    const gaveUp: string[] = [];
    const r = runner((reg) =>
      reg.register(
        'test.broken',
        async (job) => {
          if (job.payload.permanent) throw new PermanentJobError('hopeless');
          throw new Error('still broken');
        },
        { baseDelayMs: 10, onGiveUp: async (job, err) => void gaveUp.push(`${job.id}:${err.message}`) },
      ),
    );
    const permanent = await enqueueJob(t.database.db, 'test.broken', { permanent: true }, { runAt: now() });
    await r.drain();
    expect(await jobOf(permanent)).toMatchObject({ status: 'failed', attempts: 1, lastError: 'hopeless' });
    const transient = await enqueueJob(t.database.db, 'test.broken', {}, { runAt: now(), maxAttempts: 2 });
    await r.drain();
    t.clock.advance(10);
    await r.drain();
    expect(await jobOf(transient)).toMatchObject({ status: 'failed', attempts: 2 });
    expect(gaveUp).toEqual([`${permanent}:hopeless`, `${transient}:still broken`]);
  });

  it("claims a crashed worker's job again once its lease has run out", async () => {
    const r = runner((reg) => reg.register('test.lease', async () => {}));
    const id = await enqueueJob(t.database.db, 'test.lease', {}, { runAt: now() });
    const [claimed] = await claimJobs(t.database.db, {
      kinds: ['test.lease'],
      now: now(),
      leaseMs: LEASE,
      workerId: 'crashed',
      limit: 1,
    });
    expect(claimed?.id).toBe(id);
    expect(await r.drain({ kinds: ['test.lease'] })).toBe(0);
    t.clock.advance(LEASE + 1);
    expect(await r.drain({ kinds: ['test.lease'] })).toBe(1);
    expect(await jobOf(id)).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('never hands the same job to two claims (FOR UPDATE SKIP LOCKED)', async () => {
    for (let i = 0; i < 5; i++) await enqueueJob(t.database.db, 'test.skip', { i }, { runAt: now() });
    const claim = (workerId: string) =>
      claimJobs(t.database.db, { kinds: ['test.skip'], now: now(), leaseMs: LEASE, workerId, limit: 3 });
    const [a, b] = await Promise.all([claim('a'), claim('b')]);
    const ids = [...(a ?? []), ...(b ?? [])].map((j) => j.id);
    expect(ids).toHaveLength(5);
    expect(new Set(ids).size).toBe(5);
  });
});

describe('the background worker', () => {
  it('runs enqueued jobs without being asked, and stops cleanly', async () => {
    let done!: (payload: unknown) => void;
    const ran = new Promise((resolve) => (done = resolve));
    const r = runner((reg) => reg.register('test.bg', async (job) => done(job.payload)));
    await r.start();
    await enqueueJob(t.database.db, 'test.bg', { ok: true }, { runAt: now() });
    expect(await ran).toEqual({ ok: true });
    await r.stop();
  });

  it('on stop, aborts running handlers and puts their jobs back without counting the attempt', async () => {
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const r = runner((reg) =>
      reg.register('test.long', async (_job, c) => {
        started();
        await new Promise((_, reject) =>
          c.signal.addEventListener('abort', () => reject(new Error('aborted'))),
        );
      }),
    );
    await r.start();
    const id = await enqueueJob(t.database.db, 'test.long', {}, { runAt: now() });
    await running;
    await r.stop();
    expect(await jobOf(id)).toMatchObject({ status: 'queued', attempts: 0, lockedBy: null });
  });

  it('keeps one more slot for urgent kinds: an e-mail runs while a long job fills the usual slot', async () => {
    const ran: string[] = [];
    const gate = () => {
      let open!: () => void;
      const closed = new Promise<void>((resolve) => (open = resolve));
      return { closed, open };
    };
    const long = gate();
    const firstMail = gate();
    const registry = new JobRegistry();
    registry.register('test.slot.long', async () => {
      ran.push('long');
      await long.closed;
    });
    registry.register('test.slot.other', async () => void ran.push('other'));
    registry.register(
      'test.slot.mail',
      async () => {
        ran.push('mail');
        // The first e-mail to run (both are due at the same time) holds the extra slot.
        if (ran.filter((name) => name === 'mail').length === 1) await firstMail.closed;
      },
      { urgent: true },
    );
    const r = new JobRunner(t.app.ctx, registry, { concurrency: 1, pollMs: 20, leaseMs: LEASE });
    const until = { timeout: 120_000, interval: 20 }; // a hang detector, not a speed check
    try {
      await r.start();
      await enqueueJob(t.database.db, 'test.slot.long', {}, { runAt: now() });
      await vi.waitFor(() => expect(ran).toEqual(['long']), until);
      await enqueueJob(t.database.db, 'test.slot.other', {}, { runAt: now() });
      await enqueueJob(t.database.db, 'test.slot.mail', {}, { runAt: now() });
      await enqueueJob(t.database.db, 'test.slot.mail', {}, { runAt: now() });
      // An e-mail takes the extra slot although the other job was queued before it.
      await vi.waitFor(() => expect(ran).toEqual(['long', 'mail']), until);
      // One extra slot only: while the first e-mail runs, the second waits (polls every 20 ms meanwhile).
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(ran).toEqual(['long', 'mail']);
      firstMail.open();
      await vi.waitFor(() => expect(ran).toEqual(['long', 'mail', 'mail']), until);
      // The other job waits for the usual slot.
      expect(ran).not.toContain('other');
      long.open();
      await vi.waitFor(() => expect(ran).toEqual(['long', 'mail', 'mail', 'other']), until);
    } finally {
      long.open();
      firstMail.open();
      await r.stop();
    }
  });

  it('puts back, uncounted, the jobs a claim took while stop() was called, and runs none of them', async () => {
    const ran: string[] = [];
    const r = runner((reg) => reg.register('test.stop.claim', async () => void ran.push('ran')));
    const id = await enqueueJob(t.database.db, 'test.stop.claim', {}, { runAt: now() });
    // The claim answers only once stop() has begun.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let claiming!: () => void;
    const claimStarted = new Promise<void>((resolve) => (claiming = resolve));
    const claim = (r as unknown as { claim: (...args: unknown[]) => Promise<unknown[]> }).claim.bind(r);
    Object.assign(r, {
      claim: async (...args: unknown[]) => {
        const claimed = await claim(...args);
        claiming();
        await held;
        return claimed;
      },
    });
    await r.start();
    await claimStarted;
    let stopped = false;
    const stopping = r.stop().then(() => (stopped = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    // stop() waits for the claim under way.
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(ran).toEqual([]);
    expect(await jobOf(id)).toMatchObject({ status: 'queued', attempts: 0, lockedBy: null });
  });

  it('keeps one run of each periodic job scheduled', async () => {
    const runs: number[] = [];
    const r = runner((reg) => reg.registerPeriodic('test.tick', 10_000, async () => void runs.push(1)));
    await r.start();
    await r.stop();
    const scheduled = await t.database.db.select().from(jobs).where(eq(jobs.kind, 'test.tick'));
    expect(scheduled.map((j) => [j.status, j.runAt.getTime() - now().getTime()])).toEqual([
      ['queued', 10_000],
    ]);
    t.clock.advance(10_000);
    expect(await r.drain({ kinds: ['test.tick'] })).toBe(1);
    const after = await t.database.db.select().from(jobs).where(eq(jobs.kind, 'test.tick'));
    expect(after.map((j) => j.status).sort()).toEqual(['done', 'queued']);
    expect(runs).toHaveLength(1);
  });
});
