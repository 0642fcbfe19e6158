import { sql } from 'drizzle-orm';
import type { AppContext } from '../../http/context.ts';
import type { BlobStore } from '../../services/blob-store/index.ts';
import { AppError } from '../../lib/errors.ts';
import { storageFaultOf } from '../../lib/faults.ts';
import { healthProbeOf, type DatabaseHealth } from '../../db/health-probe.ts';

/** A probe that takes longer than this counts as failed (a hung connection or mount). */
const PROBE_TIMEOUT_MS = 3_000;
/** The storage probe writes an object: its result is reused for this long (load balancers poll often). */
const STORAGE_PROBE_TTL_MS = 5_000;

type StorageState = 'writable' | 'full' | 'unwritable';

function withTimeout<T>(work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer in time`)), PROBE_TIMEOUT_MS);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * The database's own probe (a dedicated connection on PostgreSQL, outside the app's pool): `busy` when it
 * answers while the pool is saturated, `down` only when it cannot reach the database (issue 31 item 10).
 */
async function probeDatabase(ctx: AppContext): Promise<DatabaseHealth> {
  const probe = healthProbeOf(ctx.db);
  let state: DatabaseHealth;
  try {
    state = probe
      ? await withTimeout(probe.probe(), 'the database')
      : await withTimeout(ctx.db.execute(sql`select 1`), 'the database').then(() => 'up' as const);
  } catch (err) {
    ctx.log.warn({ err }, 'health: the database does not answer');
    return 'down';
  }
  if (state === 'down') ctx.log.warn('health: the database does not answer');
  if (state === 'busy') ctx.log.debug('health: the database answers, its connections are all in use');
  return state;
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
 * GET /api/health: the database answers its probe and the file storage takes a small write. A database
 * that answers while the app's connections are all in use is `busy` (200: the instance still serves, a load
 * balancer must not take every instance out at once). A database the probe cannot reach, or storage that
 * takes no writes, is 503 UNAVAILABLE with the reason and `details: { database, storage }`.
 */
export async function checkHealth(
  ctx: AppContext,
): Promise<{ database: 'up' | 'busy'; storage: 'writable' }> {
  const [database, storage] = await Promise.all([probeDatabase(ctx), probeStorage(ctx)]);
  if (database !== 'down' && storage === 'writable') return { database, storage };
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
