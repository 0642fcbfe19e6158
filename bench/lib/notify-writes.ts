// The writing side of bench/notify-cost.bench.ts: a seed of several organizations' documents in SQL, the
// change-notification triggers of migration 0044 switched off and on, and a closed loop of short write
// transactions over a node-postgres pool.
import type pg from 'pg';

/** The documents of each seeded organization, by id (sorted). */
export type SeededOrganizations = string[][];

/**
 * `organizations` organizations owned by `ownerId`, with `perOrganization` documents each, in two statements.
 * Their `updated_at` is now, so that the bench's updates (which set it to now) keep the dashboard counts' day
 * and the counting trigger writes nothing: what is measured is the row and its notification.
 */
export async function seedOrganizations(
  client: pg.Client,
  ownerId: string,
  organizations: number,
  perOrganization: number,
): Promise<SeededOrganizations> {
  await client.query(
    `insert into organizations (name, platform, owner_account_id, plan)
     select 'Bench organization ' || i, 'google', $1::uuid, 'business' from generate_series(1, $2::int) i`,
    [ownerId, organizations],
  );
  await client.query(
    `insert into documents (organization_id, owner_account_id, name, type, platform, state, extension, mime_type,
                            blob_key, size, sha256, created_at, updated_at)
     select o.id, $1::uuid, 'Service agreement ' || i, 'contract', 'google', 1, 'pdf', 'application/pdf',
            'documents/' || o.id || '/seed-' || i, 50000, md5(i::text), now(), now()
     from organizations o cross join generate_series(1, $2::int) i
     where o.name like 'Bench organization %'`,
    [ownerId, perOrganization],
  );
  await client.query('vacuum analyze documents');
  const rows = await client.query<{ ids: string[] }>(
    `select array_agg(d.id order by d.id)::text[] as ids from documents d
     join organizations o on o.id = d.organization_id where o.name like 'Bench organization %'
     group by d.organization_id order by d.organization_id`,
  );
  return rows.rows.map((r) => r.ids);
}

/** The triggers that notify sinetti_changes (migration 0044's, on nine tables), as `table`.`trigger`. */
export async function notifyTriggers(client: pg.Client): Promise<{ table: string; trigger: string }[]> {
  const rows = await client.query<{ table: string; trigger: string }>(
    `select c.relname as table, t.tgname as trigger from pg_trigger t
     join pg_class c on c.oid = t.tgrelid join pg_proc p on p.oid = t.tgfoid
     where not t.tgisinternal and p.proname like 'sinetti\\_changed\\_%'
       and c.relnamespace = current_schema()::regnamespace
     order by 1, 2`,
  );
  return rows.rows;
}

/** Disables (or enables again) every notifying trigger: an update of documents may also write its counts. */
export async function setNotifyTriggers(
  client: pg.Client,
  triggers: { table: string; trigger: string }[],
  enabled: boolean,
): Promise<void> {
  for (const { table, trigger } of triggers) {
    await client.query(`alter table "${table}" ${enabled ? 'enable' : 'disable'} trigger "${trigger}"`);
  }
}

export type Write = 'one row' | '50 rows';

let serial = 0;
const pick = <T>(list: T[]): T => list[Math.floor(Math.random() * list.length)] as T;

/** One short transaction: a document renamed, or 50 documents of one organization renamed in one statement. */
function writeOnce(pool: pg.Pool, write: Write, seeded: SeededOrganizations): Promise<unknown> {
  const ids = pick(seeded);
  const name = `Renamed agreement ${++serial}`;
  if (write === 'one row') {
    return pool.query('update documents set name = $2, updated_at = now() where id = $1', [pick(ids), name]);
  }
  // 50 distinct rows in id order (a window at a random place), so that two writers lock them in one order.
  const start = Math.floor(Math.random() * (ids.length - 50));
  return pool.query('update documents set name = $2, updated_at = now() where id = any($1::uuid[])', [
    ids.slice(start, start + 50),
    name,
  ]);
}

export interface WriteRun {
  /** Latency of each measured transaction, ms. */
  latencies: number[];
  errors: number;
  /** The SQLSTATE of each kind of error (40P01: a deadlock). */
  errorCodes: string[];
  /** Transactions committed, the warm-up's included. */
  committed: number;
}

/** `clients` writers each send one transaction, wait for its commit and send the next, for `seconds`. */
export async function writeLoad(
  pool: pg.Pool,
  write: Write,
  seeded: SeededOrganizations,
  { clients, seconds, warmupSeconds }: { clients: number; seconds: number; warmupSeconds: number },
): Promise<WriteRun> {
  const latencies: number[] = [];
  let errors = 0;
  const errorCodes = new Set<string>();
  let committed = 0;
  const start = performance.now();
  const recordFrom = start + warmupSeconds * 1000;
  const end = recordFrom + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      for (let now = performance.now(); now < end; now = performance.now()) {
        const record = now >= recordFrom;
        try {
          await writeOnce(pool, write, seeded);
          committed++;
          if (record) latencies.push(performance.now() - now);
        } catch (e) {
          errorCodes.add((e as { code?: string }).code ?? String(e));
          if (record) errors++;
        }
      }
    }),
  );
  return { latencies, errors, errorCodes: [...errorCodes], committed };
}
