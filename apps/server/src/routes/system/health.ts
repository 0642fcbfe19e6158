import { sql } from 'drizzle-orm';
import type { AppContext } from '../../http/context.ts';
import type { BlobStore } from '../../services/blob-store/index.ts';
import { AppError } from '../../lib/errors.ts';
import { storageFaultOf } from '../../lib/faults.ts';

/** A probe that takes longer than this counts as failed (a hung connection or mount). */
const PROBE_TIMEOUT_MS = 3_000;
/** The storage probe writes an object: its result is reused for this long (load balancers poll often). */
const STORAGE_PROBE_TTL_MS = 5_000;

type DatabaseState = 'up' | 'down';
type StorageState = 'writable' | 'full' | 'unwritable';

function withTimeout<T>(work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer in time`)), PROBE_TIMEOUT_MS);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

async function probeDatabase(ctx: AppContext): Promise<DatabaseState> {
  try {
    await withTimeout(ctx.db.execute(sql`select 1`), 'the database');
    return 'up';
  } catch (err) {
    ctx.log.warn({ err }, 'health: the database does not answer');
    return 'down';
  }
}

const storageCache = new WeakMap<BlobStore, { at: number; state: StorageState }>();

async function probeStorage(ctx: AppContext): Promise<StorageState> {
  const cached = storageCache.get(ctx.blobs);
  if (cached && Date.now() - cached.at < STORAGE_PROBE_TTL_MS) return cached.state;
  let state: StorageState = 'writable';
  try {
    await withTimeout(ctx.blobs.probeWrite(), 'the file storage');
  } catch (err) {
    state = storageFaultOf(err) === 'full' ? 'full' : 'unwritable';
    ctx.log.warn({ err }, 'health: the file storage takes no writes');
  }
  storageCache.set(ctx.blobs, { at: Date.now(), state });
  return state;
}

/**
 * GET /api/health: the database answers `select 1` and the file storage takes a small write. Anything
 * else is 503 UNAVAILABLE (load balancers take the process out of rotation) with the reason and
 * `details: { database, storage }`.
 */
export async function checkHealth(ctx: AppContext): Promise<{ database: 'up'; storage: 'writable' }> {
  const [database, storage] = await Promise.all([probeDatabase(ctx), probeStorage(ctx)]);
  if (database === 'up' && storage === 'writable') return { database, storage };
  const details = { database, storage };
  if (database === 'down') {
    throw new AppError('UNAVAILABLE', 'The database does not answer.').because(
      'DATABASE_UNAVAILABLE',
      details,
    );
  }
  if (storage === 'full') {
    throw new AppError('UNAVAILABLE', 'The file storage is full.').because('STORAGE_FULL', details);
  }
  throw new AppError('UNAVAILABLE', 'The file storage takes no writes.').because(
    'STORAGE_UNWRITABLE',
    details,
  );
}
