import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { AppContext } from '../../http/context.ts';
import { enqueueJob, onJobEnqueued } from './queue.ts';
import { PermanentJobError, type JobRecord, type JobRegistry } from './registry.ts';
import { claimJobs, completeJob, failJob, pruneJobs, releaseJob, retryJob, type JobRow } from './store.ts';

export interface WorkerOptions {
  concurrency: number;
  pollMs: number;
  leaseMs: number;
}

const PRUNE_KIND = 'jobs.prune';
const KEEP_FINISHED_MS = 7 * 24 * 3600_000;

/**
 * Runs jobs: as a background worker (start/stop, polling every pollMs and woken by in-process enqueues),
 * or on demand with drain() (tests, scripts). Several workers in several processes share the job table.
 */
export class JobRunner {
  readonly workerId = `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  private running = new Set<Promise<void>>();
  private controller = new AbortController();
  private timer: NodeJS.Timeout | undefined;
  private unsubscribe: (() => void) | undefined;
  private ticking = false;
  private started = false;

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
    this.controller = new AbortController();
    for (const [kind, interval] of this.registry.periodic) await this.schedulePeriodic(kind, interval);
    this.unsubscribe = onJobEnqueued(() => void this.tick());
    const loop = () => {
      this.timer = setTimeout(() => {
        void this.tick().finally(() => this.started && loop());
      }, this.opts.pollMs);
      this.timer.unref();
    };
    loop();
    void this.tick();
  }

  /** Stops claiming, aborts running handlers (their jobs go back to the queue) and waits for them. */
  async stop(): Promise<void> {
    if (!this.started) return;
    this.started = false;
    clearTimeout(this.timer);
    this.unsubscribe?.();
    this.controller.abort();
    await Promise.allSettled([...this.running]);
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

  private async claim(limit: number, kinds?: string[]): Promise<JobRow[]> {
    return claimJobs(this.ctx.db, {
      kinds: kinds ?? this.registry.kinds(),
      now: this.ctx.clock.now(),
      leaseMs: this.opts.leaseMs,
      workerId: this.workerId,
      limit,
    });
  }

  private async tick(): Promise<void> {
    if (!this.started || this.ticking) return;
    this.ticking = true;
    try {
      while (this.started && this.running.size < this.opts.concurrency) {
        const claimed = await this.claim(this.opts.concurrency - this.running.size);
        if (claimed.length === 0) break;
        for (const job of claimed) {
          const p: Promise<void> = this.execute(job).finally(() => {
            this.running.delete(p);
            void this.tick();
          });
          this.running.add(p);
        }
      }
    } catch (err) {
      this.ctx.log.error({ err }, 'jobs: claiming failed');
    } finally {
      this.ticking = false;
    }
  }

  private async execute(row: JobRow): Promise<void> {
    const { ctx } = this;
    const handler = this.registry.get(row.kind);
    const job: JobRecord = {
      id: row.id,
      kind: row.kind,
      payload: row.payload,
      attempts: row.attempts,
      maxAttempts: row.maxAttempts,
    };
    try {
      if (!handler) throw new PermanentJobError(`No handler for job kind ${row.kind}`);
      if (row.attempts > row.maxAttempts)
        throw new PermanentJobError('The lease ran out on the last attempt');
      await handler.run(job, { ...ctx, signal: this.controller.signal });
      await completeJob(ctx.db, row, ctx.clock.now());
      await this.afterFinish(row);
    } catch (caught) {
      const err = caught instanceof Error ? caught : new Error(String(caught));
      const now = ctx.clock.now();
      if (this.controller.signal.aborted && this.started === false && !(err instanceof PermanentJobError)) {
        await releaseJob(ctx.db, row, now).catch(() => undefined);
        return;
      }
      const last = err instanceof PermanentJobError || row.attempts >= row.maxAttempts;
      ctx.log.warn({ job: row.id, kind: row.kind, attempt: row.attempts, err: err.message }, 'job failed');
      if (!last) {
        await retryJob(ctx.db, row, now, this.registry.backoffMs(row.kind, row.attempts), err.message);
        return;
      }
      await failJob(ctx.db, row, now, err.message);
      await handler?.onGiveUp?.(job, err, ctx).catch((e: unknown) => {
        ctx.log.error({ err: e, job: row.id }, 'job give-up hook failed');
      });
      await this.afterFinish(row);
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
