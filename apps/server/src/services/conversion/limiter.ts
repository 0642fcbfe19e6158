interface Waiter {
  key: string;
  start: () => void;
}

export interface LimiterOptions {
  /** Tasks at once, asked each time a task could start (the slot rule may change with free memory). */
  limit: number | (() => number);
  /** Tasks of one key (tenant) at once; the others of that key wait even when a slot is free. */
  perKey?: number;
  /** While tasks wait and a slot might open without a task finishing (a dynamic limit), look again this often. */
  recheckMs?: number;
}

/** What the limiter holds now: the slots in use and the tasks waiting for one, in all and per key. */
export interface LimiterStats {
  running: number;
  waiting: number;
  byKey: Record<string, { running: number; waiting: number }>;
}

/**
 * At most `limit` tasks at once, and at most `perKey` of one key (tenant); the rest wait. A free slot goes
 * to a waiter whose key is below its cap: of the key with the fewest tasks running, then of the key whose
 * last task started longest ago (round robin), the longest-waiting among equals. One tenant's queue of
 * conversions does not run ahead of another tenant's single one, nor fill every slot.
 */
export class Limiter {
  private active = 0;
  private starts = 0;
  private readonly waiting: Waiter[] = [];
  private readonly running = new Map<string, number>();
  /** When each key's last task started (a sequence number); forgotten when the key has nothing left. */
  private readonly lastStart = new Map<string, number>();
  private readonly limit: () => number;
  private readonly perKey: number;
  private readonly recheckMs: number;
  private readonly dynamic: boolean;
  private recheck: NodeJS.Timeout | undefined;

  constructor(opts: LimiterOptions | number) {
    const o = typeof opts === 'number' ? { limit: opts } : opts;
    const limit = o.limit;
    this.limit = typeof limit === 'number' ? () => limit : limit;
    this.dynamic = typeof limit !== 'number';
    this.perKey = o.perKey ?? Infinity;
    this.recheckMs = o.recheckMs ?? 1000;
  }

  async run<T>(task: () => Promise<T>, key = ''): Promise<T> {
    await new Promise<void>((start) => {
      this.waiting.push({ key, start });
      this.pump();
    });
    try {
      return await task();
    } finally {
      this.active--;
      const left = (this.running.get(key) ?? 1) - 1;
      if (left > 0) this.running.set(key, left);
      else this.running.delete(key);
      if (left === 0 && !this.waiting.some((w) => w.key === key)) this.lastStart.delete(key);
      this.pump();
    }
  }

  stats(): LimiterStats {
    const byKey: LimiterStats['byKey'] = {};
    const of = (key: string) => (byKey[key] ??= { running: 0, waiting: 0 });
    for (const [key, n] of this.running) of(key).running = n;
    for (const w of this.waiting) of(w.key).waiting++;
    return { running: this.active, waiting: this.waiting.length, byKey };
  }

  /** Starts waiters while slots are free (one slot is always there when nothing runs). */
  private pump(): void {
    clearTimeout(this.recheck);
    this.recheck = undefined;
    while (this.waiting.length > 0 && (this.active === 0 || this.active < this.limit())) {
      const next = this.takeNext();
      if (!next) break;
      this.active++;
      this.running.set(next.key, (this.running.get(next.key) ?? 0) + 1);
      this.lastStart.set(next.key, ++this.starts);
      next.start();
    }
    if (this.dynamic && this.waiting.some((w) => (this.running.get(w.key) ?? 0) < this.perKey)) {
      // Held back by the limit alone: it may grow (memory freed) before a task ends.
      this.recheck = setTimeout(() => this.pump(), this.recheckMs);
      this.recheck.unref();
    }
  }

  private takeNext(): Waiter | undefined {
    let best = -1;
    let bestRank: [number, number] = [Infinity, Infinity];
    this.waiting.forEach((w, i) => {
      const running = this.running.get(w.key) ?? 0;
      if (running >= this.perKey) return;
      const rank: [number, number] = [running, this.lastStart.get(w.key) ?? 0];
      if (rank[0] < bestRank[0] || (rank[0] === bestRank[0] && rank[1] < bestRank[1])) {
        [best, bestRank] = [i, rank];
      }
    });
    return best < 0 ? undefined : this.waiting.splice(best, 1)[0];
  }
}
