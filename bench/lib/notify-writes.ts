// The writing side of bench/notify-cost.bench.ts: a seed of several organizations' documents in SQL, the
// change triggers of migrations 0044/0045 switched off and on, and a closed loop of short write transactions over
// a node-postgres pool that remembers when each organization's last committed write began.
import type pg from 'pg';

/** Each seeded organization's id and its documents' ids (sorted). */
export type SeededOrganizations = { id: string; documents: string[] }[];

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
  const rows = await client.query<{ id: string; documents: string[] }>(
    `select d.organization_id as id, array_agg(d.id order by d.id)::text[] as documents from documents d
     join organizations o on o.id = d.organization_id where o.name like 'Bench organization %'
     group by d.organization_id order by d.organization_id`,
  );
  return rows.rows;
}

/**
 * The change triggers (migration 0044's, on nine tables; since 0045 they note the change in the outbox, or notify
 * sinetti_changes on a connection whose sinetti.change_delivery is 'notify'), as `table`.`trigger`.
 */
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

/** Disables (or enables again) every change trigger: an update of documents may also write its counts. */
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

/**
 * One short transaction in one organization, whose id it resolves with: a document renamed, or 50 documents
 * renamed in one statement.
 */
async function writeOnce(pool: pg.Pool, write: Write, seeded: SeededOrganizations): Promise<string> {
  const { id, documents } = pick(seeded);
  const name = `Renamed agreement ${++serial}`;
  if (write === 'one row') {
    await pool.query('update documents set name = $2, updated_at = now() where id = $1', [
      pick(documents),
      name,
    ]);
    return id;
  }
  // 50 distinct rows in id order (a window at a random place), so that two writers lock them in one order.
  const start = Math.floor(Math.random() * (documents.length - 50));
  await pool.query('update documents set name = $2, updated_at = now() where id = any($1::uuid[])', [
    documents.slice(start, start + 50),
    name,
  ]);
  return id;
}

export interface WriteRun {
  /** Latency of each measured transaction, ms. */
  latencies: number[];
  errors: number;
  /** The SQLSTATE of each kind of error (40P01: a deadlock). */
  errorCodes: string[];
  /**
   * For each organization written, when (Date.now()) its last committed transaction was sent, the warm-up's
   * included: a listener that heard of it at or after that time may have heard of that transaction; one that
   * did not certainly missed it.
   */
  lastWriteSent: Map<string, number>;
  /** When (Date.now()) the last transaction ended. */
  endedAt: number;
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
  const lastWriteSent = new Map<string, number>();
  const start = performance.now();
  const recordFrom = start + warmupSeconds * 1000;
  const end = recordFrom + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      for (let now = performance.now(); now < end; now = performance.now()) {
        const record = now >= recordFrom;
        const sent = Date.now();
        try {
          const organization = await writeOnce(pool, write, seeded);
          lastWriteSent.set(organization, Math.max(sent, lastWriteSent.get(organization) ?? 0));
          if (record) latencies.push(performance.now() - now);
        } catch (e) {
          errorCodes.add((e as { code?: string }).code ?? String(e));
          if (record) errors++;
        }
      }
    }),
  );
  return { latencies, errors, errorCodes: [...errorCodes], lastWriteSent, endedAt: Date.now() };
}
