import type { AppContext } from '../../http/context.ts';

export interface JobRecord<P = Record<string, unknown>> {
  id: string;
  kind: string;
  payload: P;
  /** 1 on the first run. */
  attempts: number;
  maxAttempts: number;
}

export interface JobContext extends AppContext {
  /** Aborted when the worker stops (app close): end child processes and give up quickly. */
  signal: AbortSignal;
}

/** Handlers must be idempotent: a job may run again after a crash or a lost lease. */
export type JobHandler<P = Record<string, unknown>> = (job: JobRecord<P>, c: JobContext) => Promise<void>;

export interface HandlerOptions<P> {
  /** Called once when the job fails for the last time (or with a PermanentJobError). */
  onGiveUp?: (job: JobRecord<P>, error: Error, c: AppContext) => Promise<void>;
  /** First retry delay; doubles with each attempt up to maxDelayMs. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /**
   * A short job someone is waiting for (an e-mail with a verification code): besides the worker's usual
   * slots, one more takes only these, so they never wait behind long conversions or seals.
   */
  urgent?: boolean;
}

export interface RegisteredHandler {
  run: JobHandler;
  onGiveUp: ((job: JobRecord, error: Error, c: AppContext) => Promise<void>) | undefined;
  baseDelayMs: number;
  maxDelayMs: number;
  urgent: boolean;
}

/** Jobs of these kinds run at most `perTenant` at once per tenant (JobRegistry.capPerTenant). */
export interface TenantCap {
  kinds: string[];
  perTenant: number;
}

/** Thrown by a handler when retrying cannot help (bad input, missing source): no more attempts. */
export class PermanentJobError extends Error {}

export class JobRegistry {
  private readonly handlers = new Map<string, RegisteredHandler>();
  /** Periodic kinds and their interval; the worker keeps one run of each scheduled. */
  readonly periodic = new Map<string, number>();
  private cap: TenantCap | undefined;

  /**
   * At most `perTenant` jobs of `kinds` (together) running at once per tenant, across every worker: the
   * tenant's further ones stay queued, so they hold no worker slot another tenant's job could use
   * (conversions: CONVERSION_PER_ORGANIZATION). One such group per registry.
   */
  capPerTenant(kinds: string[], perTenant: number): void {
    if (this.cap) throw new Error('A per-tenant cap is already set');
    this.cap = { kinds: [...kinds], perTenant };
  }

  /** The per-tenant cap of claims, if one is set. */
  tenantCap(): TenantCap | undefined {
    return this.cap;
  }

  register<P = Record<string, unknown>>(
    kind: string,
    run: JobHandler<P>,
    opts: HandlerOptions<P> = {},
  ): void {
    if (this.handlers.has(kind)) throw new Error(`A handler for job kind ${kind} is already registered`);
    this.handlers.set(kind, {
      run: run as JobHandler,
      onGiveUp: opts.onGiveUp as RegisteredHandler['onGiveUp'],
      baseDelayMs: opts.baseDelayMs ?? 5_000,
      maxDelayMs: opts.maxDelayMs ?? 30 * 60_000,
      urgent: opts.urgent ?? false,
    });
  }

  /** A handler that runs every `intervalMs` (first run one interval after the worker starts). */
  registerPeriodic(kind: string, intervalMs: number, run: JobHandler<Record<string, never>>): void {
    this.register(kind, run);
    this.periodic.set(kind, intervalMs);
  }

  get(kind: string): RegisteredHandler | undefined {
    return this.handlers.get(kind);
  }

  kinds(): string[] {
    return [...this.handlers.keys()];
  }

  /** The kinds registered as urgent (HandlerOptions.urgent). */
  urgentKinds(): string[] {
    return [...this.handlers].filter(([, h]) => h.urgent).map(([kind]) => kind);
  }

  /** Delay before the next attempt after `attempts` failed runs: base × 2^(attempts-1), capped. */
  backoffMs(kind: string, attempts: number): number {
    const h = this.handlers.get(kind);
    const base = h?.baseDelayMs ?? 5_000;
    const max = h?.maxDelayMs ?? 30 * 60_000;
    return Math.min(max, base * 2 ** Math.max(0, attempts - 1));
  }
}
