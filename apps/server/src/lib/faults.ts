import { isTransactionConflict } from '../db/retry.ts';
import { isDatabaseBusy, isDatabaseUnavailable } from '../db/unavailable.ts';
import { AppError } from './errors.ts';

/** What a failed write says about the file storage. */
export type StorageFault = 'full' | 'unwritable';

/** No space or over quota (the disk, or PostgreSQL's 53100 disk_full). */
const FULL = new Set(['ENOSPC', 'EDQUOT', '53100']);
/** The storage refuses writes: a read-only file system, or permissions taken away. */
const UNWRITABLE = new Set(['EROFS', 'EACCES', 'EPERM']);

/** `full` or `unwritable` when `err` (or an error it wraps) is such a storage failure, else null. */
export function storageFaultOf(err: unknown): StorageFault | null {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const { code, cause } = e as { code?: unknown; cause?: unknown };
    if (typeof code === 'string' && FULL.has(code)) return 'full';
    if (typeof code === 'string' && UNWRITABLE.has(code)) return 'unwritable';
    e = cause;
  }
  return null;
}

/**
 * The contract's answer to a failure of the infrastructure rather than of the request: 503
 * DATABASE_BUSY when the pool had no connection within its wait or a statement ran past its time-out, 503
 * DATABASE_UNAVAILABLE while the database cannot be reached, 507 STORAGE_FULL when the disk is full,
 * 503 STORAGE_UNWRITABLE when it refuses writes. Null for any other error (a 500).
 */
export function infrastructureError(err: unknown): AppError | null {
  if (isDatabaseBusy(err)) {
    // Saturated: no pooled connection within the wait, or the statement ran past its time-out (and was
    // cancelled, so it holds nothing now). Reachable, so a short wait.
    return new AppError('UNAVAILABLE', 'The database is busy right now. Try again shortly.', undefined, {
      'retry-after': '1',
    }).because('DATABASE_BUSY');
  }
  if (isDatabaseUnavailable(err)) {
    return new AppError('UNAVAILABLE', 'The database cannot be reached. Try again shortly.', undefined, {
      'retry-after': '5',
    }).because('DATABASE_UNAVAILABLE');
  }
  if (isTransactionConflict(err)) {
    // A deadlock or serialization failure that survived its retry (db/retry.ts): nothing was changed.
    return new AppError(
      'UNAVAILABLE',
      'The organization is busy with other changes right now: nothing was changed. Try again.',
      undefined,
      { 'retry-after': '1' },
    ).because('TRANSACTION_CONFLICT');
  }
  const fault = storageFaultOf(err);
  if (fault === 'full') {
    return new AppError('INSUFFICIENT_STORAGE', 'The storage is full: nothing was stored.').because(
      'STORAGE_FULL',
    );
  }
  if (fault === 'unwritable') {
    return new AppError('UNAVAILABLE', 'The storage refuses writes: nothing was stored.').because(
      'STORAGE_UNWRITABLE',
    );
  }
  return null;
}
