interface Waiter {
  key: string;
  start: () => void;
}

/**
 * At most `limit` tasks at once; the rest wait. A finishing task hands its slot to a waiter of the key
 * (tenant) with the fewest tasks running, then of the key whose last task started longest ago (round
 * robin), the longest-waiting among equals: one tenant's queue of conversions does not run ahead of
 * another tenant's single one.
 */
export class Limiter {
  private active = 0;
  private starts = 0;
  private readonly waiting: Waiter[] = [];
  private readonly running = new Map<string, number>();
  /** When each key's last task started (a sequence number); forgotten when the key has nothing left. */
  private readonly lastStart = new Map<string, number>();
  constructor(private readonly limit: number) {}

  async run<T>(task: () => Promise<T>, key = ''): Promise<T> {
    if (this.active < this.limit) this.active++;
    else await new Promise<void>((start) => this.waiting.push({ key, start }));
    this.running.set(key, (this.running.get(key) ?? 0) + 1);
    this.lastStart.set(key, ++this.starts);
    try {
      return await task();
    } finally {
      const left = (this.running.get(key) ?? 1) - 1;
      if (left > 0) this.running.set(key, left);
      else this.running.delete(key);
      const next = this.takeNext();
      if (next) next.start();
      else this.active--;
      if (left === 0 && !this.waiting.some((w) => w.key === key)) this.lastStart.delete(key);
    }
  }

  private takeNext(): Waiter | undefined {
    let best = -1;
    let bestRank: [number, number] = [Infinity, Infinity];
    this.waiting.forEach((w, i) => {
      const rank: [number, number] = [this.running.get(w.key) ?? 0, this.lastStart.get(w.key) ?? 0];
      if (rank[0] < bestRank[0] || (rank[0] === bestRank[0] && rank[1] < bestRank[1])) {
        [best, bestRank] = [i, rank];
      }
    });
    return best < 0 ? undefined : this.waiting.splice(best, 1)[0];
  }
}
