/**
 * PostgreSQL's answers that say "this transaction lost a race; the same work run again may pass":
 * 40001 serialization_failure and 40P01 deadlock_detected. Both roll the whole transaction back.
 */
const RETRYABLE = new Set(['40001', '40P01']);

/** True when `err` (or an error it wraps: Drizzle puts the driver's error in `cause`) is such a failure. */
export function isTransactionConflict(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const { code, cause } = e as { code?: unknown; cause?: unknown };
    if (typeof code === 'string' && RETRYABLE.has(code)) return true;
    e = cause;
  }
  return false;
}

/**
 * Runs a whole transaction (`run` opens it) and, when PostgreSQL rolled it back as a deadlock victim or
 * a serialization failure, runs it once more. A second failure is thrown as it is: the error handler
 * answers it 503 UNAVAILABLE (reason TRANSACTION_CONFLICT), never 500. `run` must start afresh: nothing
 * it did inside the failed transaction survived.
 */
export async function retryTransactionOnce<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (!isTransactionConflict(err)) throw err;
    return run();
  }
}
