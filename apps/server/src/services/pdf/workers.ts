import { availableParallelism } from 'node:os';
import { DEFAULT_PDF_LIMITS } from './syntax/limits.ts';
import { PdfWorkerPool, type PdfPoolOptions } from './worker/pool.ts';

export { PdfBusyError, PdfWorkerPool, type PdfPoolOptions } from './worker/pool.ts';

/** The pool's settings when none are configured (tests, scripts): PDF_* defaults of docs/configuration.md. */
export const DEFAULT_POOL_OPTIONS: PdfPoolOptions = {
  workers: Math.max(1, Math.min(4, availableParallelism() - 1)),
  taskTimeoutMs: 60_000,
  memoryMb: 512,
  perOwner: 4,
  queueSize: 64,
  limits: DEFAULT_PDF_LIMITS,
};

const pools = new Map<string, PdfWorkerPool>();

/** The process's PDF worker pool for these settings (one per distinct configuration, made on first use). */
export function pdfWorkers(options: PdfPoolOptions = DEFAULT_POOL_OPTIONS): PdfWorkerPool {
  const key = JSON.stringify(options);
  let pool = pools.get(key);
  if (!pool) {
    pool = new PdfWorkerPool(options);
    pools.set(key, pool);
  }
  return pool;
}

/** Where a PDF operation runs: the pool, and the organization it counts against (fairness, queue limits). */
export interface PdfRun {
  workers: PdfWorkerPool;
  owner: string;
}

export const defaultRun = (run?: PdfRun): PdfRun => run ?? { workers: pdfWorkers(), owner: 'default' };
