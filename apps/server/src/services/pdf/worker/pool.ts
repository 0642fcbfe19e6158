import { Worker } from 'node:worker_threads';
import { PdfError, PdfLimitError } from '../syntax/errors.ts';
import type { PdfLimits } from '../syntax/limits.ts';
import type { PdfTaskName, PdfTasks, ReplyMessage, TaskMessage } from './protocol.ts';

export interface PdfPoolOptions {
  /** Worker threads (each runs one task at a time). */
  workers: number;
  /** A task still running after this long: its worker is terminated and the task fails (PDF_TOO_COMPLEX). */
  taskTimeoutMs: number;
  /** V8 heap of one worker (`resourceLimits.maxOldGenerationSizeMb`); past it the worker dies (PDF_TOO_COMPLEX). */
  memoryMb: number;
  /** Tasks one owner (an organization) may have queued or running; more are refused (PdfBusyError). */
  perOwner: number;
  /** Tasks waiting in all; more are refused. */
  queueSize: number;
  /** The parser's limits inside the worker. */
  limits: PdfLimits;
  /** The workers' nice value (Linux: per thread); 10 unless set (entry.ts). The anonymous lane runs at 19. */
  nice?: number;
}

/**
 * A task's input read only once a worker is free for it (e.g. an uploaded file from disk), so that queued
 * tasks hold no bytes; `transfer` lists buffers handed to the worker without a copy.
 */
export type LazyInput<T> = () => Promise<{ input: T; transfer?: ArrayBuffer[] }>;

/** The pool is full for this owner or for everyone: try again shortly (429 PDF_BUSY). */
export class PdfBusyError extends Error {}

interface Task {
  id: number;
  owner: string;
  message: TaskMessage;
  load: LazyInput<unknown> | null;
  resolve: (value: unknown) => void;
  reject: (err: Error) => void;
}

interface Slot {
  worker: Worker;
  /** Loaded and waiting for tasks (a task's time limit never counts the worker's start). */
  ready: boolean;
  task: Task | null;
  timer: NodeJS.Timeout | null;
}

const BOOT = new URL('./boot.mjs', import.meta.url);

/**
 * The young generation of a worker's heap. Parsing a PDF makes short-lived garbage (tokens, objects of the
 * full-file check) at the rate the file is read, so V8 grows the young generation to its maximum: at 64 MB
 * that headroom alone was 3x a 12 MB file's size. 16 MB keeps prepare and seal of a text-heavy file under
 * 3x the file (bench/sealing.bench.ts) for a few more scavenges; what survives goes to the old generation.
 */
export const youngGenerationMb = (memoryMb: number): number =>
  Math.min(16, Math.max(4, Math.floor(memoryMb / 8)));

/**
 * Runs PDF work on worker threads, off the API's event loop: each task with a time limit (the worker is
 * terminated past it) and a memory limit (resourceLimits), in a small bounded queue served round-robin
 * between owners, so that one organization's files cannot freeze or monopolise the server.
 */
export class PdfWorkerPool {
  private readonly slots: Slot[] = [];
  /** Owner → its waiting tasks (FIFO); `turns` is the round-robin order of owners with waiting tasks. */
  private readonly waiting = new Map<string, Task[]>();
  private turns: string[] = [];
  private readonly pending = new Map<string, number>();
  private queued = 0;
  private nextId = 1;
  private closed = false;
  /** Test hook: called with the task's name just before a task is handed to a worker. */
  beforeRun: ((task: PdfTaskName) => Promise<void>) | null = null;

  constructor(readonly options: PdfPoolOptions) {}

  run<K extends PdfTaskName>(
    task: K,
    input: PdfTasks[K]['input'] | LazyInput<PdfTasks[K]['input']>,
    owner: string,
  ): Promise<PdfTasks[K]['result']> {
    if (this.closed) return Promise.reject(new Error('The PDF worker pool is closed.'));
    const mine = this.pending.get(owner) ?? 0;
    if (mine >= this.options.perOwner || this.queued >= this.options.queueSize) {
      return Promise.reject(new PdfBusyError('Too many PDF operations are under way. Try again shortly.'));
    }
    this.pending.set(owner, mine + 1);
    this.queued++;
    return new Promise((resolve, reject) => {
      const id = this.nextId++;
      const entry: Task = {
        id,
        owner,
        message: {
          id,
          task,
          input: (typeof input === 'function' ? undefined : input) as never,
          limits: this.options.limits,
        },
        load: typeof input === 'function' ? (input as LazyInput<unknown>) : null,
        resolve: resolve as (v: unknown) => void,
        reject,
      };
      const list = this.waiting.get(owner);
      if (list) list.push(entry);
      else {
        this.waiting.set(owner, [entry]);
        this.turns.push(owner);
      }
      this.dispatch();
    });
  }

  /** Starts the workers ahead of the first task (they take a moment to load). */
  warm(): void {
    while (!this.closed && this.slots.length < this.options.workers) this.spawn();
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const list of this.waiting.values()) {
      for (const t of list) t.reject(new Error('The PDF worker pool is closed.'));
    }
    this.waiting.clear();
    this.turns = [];
    await Promise.all(
      this.slots.splice(0).map((s) => this.retire(s, new Error('The PDF worker pool is closed.'))),
    );
  }

  private spawn(): Slot {
    const worker = new Worker(BOOT, {
      execArgv: [],
      workerData: { nice: this.options.nice ?? null },
      resourceLimits: {
        maxOldGenerationSizeMb: this.options.memoryMb,
        maxYoungGenerationSizeMb: youngGenerationMb(this.options.memoryMb),
        stackSizeMb: 4,
      },
    });
    worker.unref();
    const slot: Slot = { worker, ready: false, task: null, timer: null };
    worker.on('message', (reply: ReplyMessage) => this.settle(slot, reply));
    worker.on('error', (err) => void this.fail(slot, err));
    worker.on('exit', (code) => void this.fail(slot, new Error(`The PDF worker exited (${code}).`)));
    this.slots.push(slot);
    return slot;
  }

  private next(): Task | undefined {
    const owner = this.turns.shift();
    if (owner === undefined) return undefined;
    const list = this.waiting.get(owner)!;
    const task = list.shift()!;
    if (list.length > 0) this.turns.push(owner);
    else this.waiting.delete(owner);
    this.queued--;
    return task;
  }

  private dispatch(): void {
    while (!this.closed && this.turns.length > 0) {
      const slot = this.slots.find((s) => s.ready && s.task === null);
      if (!slot) {
        if (this.slots.length < this.options.workers) this.spawn();
        return;
      }
      const task = this.next()!;
      slot.task = task;
      void this.start(slot, task);
    }
  }

  private async start(slot: Slot, task: Task): Promise<void> {
    let transfer: ArrayBuffer[] = [];
    try {
      if (this.beforeRun) await this.beforeRun(task.message.task);
      if (task.load) {
        const loaded = await task.load();
        task.message.input = loaded.input as never;
        transfer = loaded.transfer ?? [];
      }
    } catch (err) {
      if (slot.task === task) this.finish(slot, task, () => task.reject(err as Error));
      return;
    }
    // The worker failed while the input was read: its task has been failed with it.
    if (slot.task !== task) return;
    slot.worker.ref();
    slot.timer = setTimeout(() => {
      const seconds = Math.round(this.options.taskTimeoutMs / 1000);
      void this.fail(slot, new PdfLimitError(`Processing the PDF took longer than ${seconds} s.`));
    }, this.options.taskTimeoutMs);
    slot.worker.postMessage(task.message, transfer);
  }

  private settle(slot: Slot, reply: ReplyMessage): void {
    if ('ready' in reply) {
      slot.ready = true;
      this.dispatch();
      return;
    }
    const task = slot.task;
    if (!task || task.id !== reply.id) return;
    this.finish(slot, task, () => {
      if (reply.ok) task.resolve(reply.result);
      else task.reject(reply.problem ? new PdfError(reply.problem, reply.message) : new Error(reply.message));
    });
  }

  /** The worker failed or ran out of time or memory: its task fails, the worker is replaced. */
  private async fail(slot: Slot, err: Error): Promise<void> {
    const index = this.slots.indexOf(slot);
    if (index < 0) return;
    this.slots.splice(index, 1);
    const task = slot.task;
    const reason =
      err instanceof PdfError
        ? err
        : (err as NodeJS.ErrnoException).code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? new PdfLimitError(`Processing the PDF needs more than ${this.options.memoryMb} MB of memory.`)
          : err;
    if (task) this.finish(slot, task, () => task.reject(reason));
    await this.retire(slot, reason);
    this.dispatch();
  }

  private finish(slot: Slot, task: Task, settle: () => void): void {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.task = null;
    slot.worker.unref();
    const left = (this.pending.get(task.owner) ?? 1) - 1;
    if (left > 0) this.pending.set(task.owner, left);
    else this.pending.delete(task.owner);
    settle();
    this.dispatch();
  }

  private async retire(slot: Slot, reason: Error): Promise<void> {
    slot.worker.removeAllListeners('exit');
    if (slot.task) {
      const task = slot.task;
      this.finish(slot, task, () => task.reject(reason));
    }
    await slot.worker.terminate().catch(() => undefined);
  }
}
