// The PDF worker pool's own limits: a task past its time or memory limit fails with PDF_TOO_COMPLEX and its
// worker is replaced; a full queue refuses at once (PdfBusyError); waiting tasks are served round-robin.
import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { PdfBusyError, PdfWorkerPool, DEFAULT_POOL_OPTIONS } from '../src/services/pdf/workers.ts';
import { PdfError } from '../src/services/pdf/syntax/errors.ts';

const pool = new PdfWorkerPool({
  ...DEFAULT_POOL_OPTIONS,
  workers: 1,
  taskTimeoutMs: 4_000,
  memoryMb: 64,
  perOwner: 2,
  queueSize: 8,
});
afterAll(() => pool.close());

const problemOf = (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (err: unknown) => (err instanceof PdfError ? err.problem : String(err)),
  );

describe('the PDF worker pool', () => {
  it('ends a task that runs too long, then serves the next one with a new worker', async () => {
    expect(await problemOf(pool.run('burn', { ms: 60_000 }, 'a'))).toBe('PDF_TOO_COMPLEX');
    expect(await pool.run('burn', { ms: 1 }, 'a')).toBeNull();
  });

  it('ends a task that needs more memory than allowed', async () => {
    expect(await problemOf(pool.run('burn', { mb: 1024 }, 'a'))).toBe('PDF_TOO_COMPLEX');
    expect(await pool.run('burn', {}, 'a')).toBeNull();
  });

  it('refuses an owner past its share at once, and serves owners in turn', async () => {
    const order: string[] = [];
    const task = (owner: string) => pool.run('burn', { ms: 20 }, owner).then(() => order.push(owner));
    const running = [task('first'), task('busy'), task('busy')];
    await expect(pool.run('burn', {}, 'busy')).rejects.toBeInstanceOf(PdfBusyError);
    running.push(task('quiet'));
    await Promise.all(running);
    // The quiet owner's one task waits behind one of the busy owner's, not behind all of them.
    expect(order).toEqual(['first', 'busy', 'quiet', 'busy']);
  });

  it('runs its workers below the request path (nice 10 for the worker thread, the process unchanged)', async () => {
    expect(await pool.run('burn', { ms: 1 }, 'a')).toBeNull();
    // Linux keeps a nice value per thread: /proc/self/task/<tid>/stat, field 19.
    const nice = fs
      .readdirSync('/proc/self/task')
      .map((tid) =>
        Number(fs.readFileSync(`/proc/self/task/${tid}/stat`, 'utf8').split(') ')[1]?.split(' ')[16]),
      );
    expect(nice).toContain(10);
    expect(fs.readFileSync('/proc/self/stat', 'utf8').split(') ')[1]?.split(' ')[16]).toBe('0');
  });
});
