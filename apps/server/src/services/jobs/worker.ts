import { sql } from 'drizzle-orm';
import { outsideRequest } from '../../db/abandon.ts';
import { isDatabaseUnavailable } from '../../db/unavailable.ts';
import type { AppContext } from '../../http/context.ts';
import { enqueueJob, onJobEnqueued } from './queue.ts';
import { leaseHeartbeat } from './heartbeat.ts';
import { deadOwnerTest, markAlive, markStopped, newWorkerId } from './owner.ts';
import { PermanentJobError, type JobRecord, type JobRegistry, type RegisteredHandler } from './registry.ts';
import {
  claimJobs,
  completeJob,
  failJob,
  pruneJobs,
  reclaimJobs,
  releaseJob,
  retryJob,
  type JobRow,
} from './store.ts';

export interface WorkerOptions {
  concurrency: number;
  pollMs: number;
  /** How long a claimed job stays this worker's without a heartbeat; renewed every `heartbeatMs`. */
  leaseMs: number;
  /** Default: a third of the lease. */
  heartbeatMs?: number;
  /** On start(), put the jobs of dead workers back in the queue at once (see owner.ts). Default true. */
  reclaimOnStart?: boolean;
  /** The database is the embedded single-process one (every other holder of a job is dead). */
  embedded?: boolean;
}

const PRUNE_KIND = 'jobs.prune';
const KEEP_FINISHED_MS = 7 * 24 * 3600_000;
/** Longest wait between polls while the database is unreachable. */
const MAX_POLL_BACKOFF_MS = 30_000;
const MAX_WRITE_BACKOFF_MS = 10_000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());
const toError = (e: unknown) => (e instanceof Error ? e : new Error(String(e)));

/**
 * Runs jobs: as a background worker (start/stop, polling every pollMs and woken by in-process enqueues),
 * or on demand with drain() (tests, scripts). Several workers in several processes share the job table.
 * A running job's lease is renewed by a heartbeat; a worker whose process died loses its jobs when the
 * lease runs out, or at once when a worker starts that knows the holder is dead.
 *
 * Nothing here throws out of the background loop: while the database is unreachable the worker waits
 * (polling less often), keeps its outcome writes until they succeed, and does not count a run that failed
 * only because the database was gone.
 */
export class JobRunner {
  readonly workerId = newWorkerId();
  /** The runs in the usual slots (at most `concurrency`). */
  private running = new Set<Promise<void>>();
  /** The run in the slot kept for urgent kinds (registry.ts), taken only when the usual slots are full. */
  private urgentSlot: Promise<void> | null = null;
  private controller = new AbortController();
  private timer: NodeJS.Timeout | undefined;
  private unsubscribe: (() => void) | undefined;
  private ticking = false;
  /** The tick under way (or the last one): stop() waits for it, so no claim lands after it. */
  private tickDone: Promise<void> = Promise.resolve();
  private started = false;
  private stopping = false;
  private prepared = false;
  /** Consecutive polls that failed (database unreachable): the next one waits longer. */
  private failures = 0;

  constructor(
    private readonly ctx: AppContext,
    readonly registry: JobRegistry,
    private readonly opts: WorkerOptions,
  ) {
    registry.registerPeriodic(PRUNE_KIND, 3600_000, async (_job, c) => {
      await pruneJobs(c.db, new Date(c.clock.now().getTime() - KEEP_FINISHED_MS));
    });
  }

  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    this.stopping = false;
    markAlive(this.workerId);
    this.controller = new AbortController();
    await this.prepare().catch((err: unknown) => this.pollFailed(err));
    // A job is enqueued inside a request; the jobs it wakes must not run as that request's work (their
    // queries were tied to its end: mail jobs woken by a setup request hung on their first query).
    this.unsubscribe = onJobEnqueued(() => void outsideRequest(() => this.tick()));
    const loop = () => {
      const delay = this.failures
        ? Math.min(MAX_POLL_BACKOFF_MS, this.opts.pollMs * 2 ** this.failures)
        : this.opts.pollMs;
      this.timer = setTimeout(() => {
        void this.tick().finally(() => this.started && loop());
      }, delay);
      this.timer.unref();
    };
    loop();
    void this.tick();
  }

  /** Stops claiming, aborts running handlers (their jobs go back to the queue) and waits for them. */
  async stop(): Promise<void> {
    if (!this.started) return;
    this.started = false;
    this.stopping = true;
    clearTimeout(this.timer);
    this.unsubscribe?.();
    this.controller.abort();
    await this.tickDone;
    await Promise.allSettled([...this.running, this.urgentSlot]);
    markStopped(this.workerId);
  }

  /**
   * Runs due jobs one at a time until none is due; returns how many ran. For tests and scripts: no
   * sleeping, no background timers. `kinds` limits it to some job kinds.
   */
  async drain(opts: { kinds?: string[]; maxJobs?: number } = {}): Promise<number> {
    let count = 0;
    while (count < (opts.maxJobs ?? 1000)) {
      const [job] = await this.claim(1, opts.kinds);
      if (!job) break;
      await this.execute(job);
      count++;
    }
    return count;
  }

  /** Once per start (retried by each poll until it succeeds): reclaim dead workers' jobs, schedule periodic ones. */
  private async prepare(): Promise<void> {
    if (this.prepared) return;
    if (this.opts.reclaimOnStart !== false) {
      const ids = await reclaimJobs(this.ctx.db, this.ctx.clock.now(), deadOwnerTest(!!this.opts.embedded));
      if (ids.length > 0) this.ctx.log.info({ jobs: ids }, 'jobs: took back jobs of a stopped worker');
    }
    for (const [kind, interval] of this.registry.periodic) await this.schedulePeriodic(kind, interval);
    this.prepared = true;
  }

  private async claim(limit: number, kinds?: string[]): Promise<JobRow[]> {
    return claimJobs(this.ctx.db, {
      kinds: kinds ?? this.registry.kinds(),
      now: this.ctx.clock.now(),
      leaseMs: this.opts.leaseMs,
      workerId: this.workerId,
      limit,
      capped: this.registry.tenantCap(),
    });
  }

  private pollFailed(err: unknown): void {
    this.failures++;
    if (this.failures > 1) return;
    if (isDatabaseUnavailable(err)) {
      this.ctx.log.warn({ err }, 'jobs: the database is unreachable; waiting for it');
    } else {
      this.ctx.log.error({ err }, 'jobs: claiming failed');
    }
  }

  /** Claims and starts due jobs while slots are free; a tick already under way is returned, not doubled. */
  private tick(): Promise<void> {
    if (!this.started || this.ticking) return this.tickDone;
    this.ticking = true;
    this.tickDone = this.claimAndStart()
      .catch((err: unknown) => this.pollFailed(err))
      .finally(() => {
        this.ticking = false;
      });
    return this.tickDone;
  }

  private async claimAndStart(): Promise<void> {
    await this.prepare();
    while (this.started) {
      // The usual slots take any job; when they are full, the one extra slot takes only urgent kinds.
      const open = this.opts.concurrency - this.running.size;
      const urgent = open <= 0 && this.urgentSlot === null ? this.registry.urgentKinds() : [];
      if (open <= 0 && urgent.length === 0) break;
      const claimed = await this.claim(open > 0 ? open : 1, open > 0 ? undefined : urgent);
      if (this.failures > 0) this.ctx.log.info('jobs: the database is reachable again');
      this.failures = 0;
      if (!this.started) {
        // stop() came while claiming: these go back to the queue, not counted, instead of running unwatched.
        const now = this.ctx.clock.now();
        await Promise.all(claimed.map((job) => releaseJob(this.ctx.db, job, now).catch(() => undefined)));
        break;
      }
      if (claimed.length === 0) break;
      for (const job of claimed) {
        const inUrgentSlot = open <= 0;
        const p: Promise<void> = this.execute(job).finally(() => {
          if (inUrgentSlot) this.urgentSlot = null;
          else this.running.delete(p);
          void this.tick();
        });
        if (inUrgentSlot) this.urgentSlot = p;
        else this.running.add(p);
      }
    }
  }

  /** Runs one claimed job with a heartbeat on its lease and records the outcome. Never rejects. */
  private async execute(row: JobRow): Promise<void> {
    const handler = this.registry.get(row.kind);
    const job: JobRecord = {
      id: row.id,
      kind: row.kind,
      payload: row.payload,
      attempts: row.attempts,
      maxAttempts: row.maxAttempts,
    };
    const own = new AbortController();
    const stopped = () => own.abort(this.controller.signal.reason);
    this.controller.signal.addEventListener('abort', stopped, { once: true });
    const stopBeating = leaseHeartbeat(
      this.ctx,
      row,
      this.opts.heartbeatMs ?? Math.floor(this.opts.leaseMs / 3),
      () => {
        this.ctx.log.warn({ job: row.id, kind: row.kind }, 'jobs: lease lost; abandoning the run');
        own.abort(new Error('The lease on this job was lost'));
      },
    );
    try {
      let error: Error | null = null;
      try {
        if (!handler) throw new PermanentJobError(`No handler for job kind ${row.kind}`);
        if (row.attempts > row.maxAttempts)
          throw new PermanentJobError('The lease ran out on the last attempt');
        await handler.run(job, { ...this.ctx, signal: own.signal });
      } catch (caught) {
        error = toError(caught);
      }
      await stopBeating();
      await this.record(row, job, handler, error);
    } catch (err) {
      this.ctx.log.error({ err, job: row.id, kind: row.kind }, 'jobs: could not record the outcome of a run');
    } finally {
      await stopBeating();
      this.controller.signal.removeEventListener('abort', stopped);
    }
  }

  private async record(
    row: JobRow,
    job: JobRecord,
    handler: RegisteredHandler | undefined,
    error: Error | null,
  ): Promise<void> {
    const { ctx } = this;
    const now = ctx.clock.now();
    if (!error) {
      await this.persist(() => completeJob(ctx.db, row, now));
      await this.persist(() => this.afterFinish(row));
      return;
    }
    const permanent = error instanceof PermanentJobError;
    if (this.stopping && !permanent) {
      await releaseJob(ctx.db, row, now).catch(() => undefined);
      return;
    }
    if (!permanent && isDatabaseUnavailable(error) && !(await this.databaseReachable())) {
      // Not the job's fault: try again later without counting this run.
      ctx.log.warn({ job: row.id, kind: row.kind }, 'job interrupted: the database is unreachable');
      const later = new Date(now.getTime() + this.registry.backoffMs(row.kind, 1));
      await this.persist(() => releaseJob(ctx.db, row, now, later));
      return;
    }
    const last = permanent || row.attempts >= row.maxAttempts;
    ctx.log.warn({ job: row.id, kind: row.kind, attempt: row.attempts, err: error.message }, 'job failed');
    if (!last) {
      const delay = this.registry.backoffMs(row.kind, row.attempts);
      await this.persist(() => retryJob(ctx.db, row, now, delay, error.message));
      return;
    }
    await this.persist(() => failJob(ctx.db, row, now, error.message));
    await handler?.onGiveUp?.(job, error, ctx).catch((e: unknown) => {
      ctx.log.error({ err: e, job: row.id }, 'job give-up hook failed');
    });
    await this.persist(() => this.afterFinish(row));
  }

  /** A bookkeeping write that waits out a database outage (until the worker stops) instead of failing. */
  private async persist(write: () => Promise<void>): Promise<void> {
    for (let delay = 250; ; delay = Math.min(delay * 2, MAX_WRITE_BACKOFF_MS)) {
      try {
        return await write();
      } catch (err) {
        if (this.stopping || !isDatabaseUnavailable(err)) throw err;
        await sleep(delay);
      }
    }
  }

  private async databaseReachable(): Promise<boolean> {
    try {
      await this.ctx.db.execute(sql`select 1`);
      return true;
    } catch {
      return false;
    }
  }

  private async afterFinish(row: JobRow): Promise<void> {
    const interval = this.registry.periodic.get(row.kind);
    if (interval !== undefined) await this.schedulePeriodic(row.kind, interval);
  }

  private async schedulePeriodic(kind: string, intervalMs: number): Promise<void> {
    await enqueueJob(
      this.ctx.db,
      kind,
      {},
      {
        runAt: new Date(this.ctx.clock.now().getTime() + intervalMs),
        dedupeKey: `periodic:${kind}`,
        maxAttempts: 3,
      },
    );
  }
}
