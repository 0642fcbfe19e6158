// The word signatures of documents stored before migration 0050 (docs/decisions.md "Word signatures before the
// vectors"), written by a job the migration queues: a slice of the table at a time, in id order, each slice's
// job queueing the next, so that no statement holds the table for long and writes go on meanwhile.
import { sql } from 'drizzle-orm';
import { enqueueJob, type JobContext, type JobRecord } from '../../services/jobs/index.ts';
import { DOCUMENT_JOBS } from './common.ts';

/** Documents read per job: about a second of work when every one of them has a contract's text. */
export const SIGNATURE_SLICE = 500;

interface Payload {
  /** The last id of the previous slice; absent for the first. */
  after?: string;
}

/**
 * Writes the signature of each document of the slice after `after` that has a long vector (search_signature_wanted(),
 * more than 64 words) and none yet (a search tests such a row's vector meanwhile: right, only
 * slower), then queues the next slice, in the same transaction. The signature is computed from the row as it is
 * updated: a row whose text changed meanwhile (its trigger wrote its own) is read again, never given an older
 * vector's. Idempotent: a slice done again writes nothing.
 */
export async function runSignatureBackfill(job: JobRecord<Payload>, c: JobContext): Promise<void> {
  const after = job.payload.after;
  await c.db.transaction(async (tx) => {
    const result = await tx.execute(sql`
      with slice as (
        select id from documents ${after ? sql`where id > ${after}::uuid` : sql``} order by id limit ${SIGNATURE_SLICE}
      ), written as (
        update documents d set search_signature = search_signature(d.search_vector) from slice
        where d.id = slice.id and d.search_signature is null and search_signature_wanted(d.search_vector)
        returning d.id
      )
      select (select id::text from slice order by slice.id desc limit 1) as last,
        (select count(*) from slice)::int as read, (select count(*) from written)::int as written`);
    const [row] = (result as unknown as { rows: { last: string | null; read: number; written: number }[] })
      .rows;
    if (row && Number(row.read) === SIGNATURE_SLICE && row.last) {
      await enqueueJob(
        tx,
        DOCUMENT_JOBS.signatures,
        { after: row.last },
        { runAt: c.clock.now(), dedupeKey: `${DOCUMENT_JOBS.signatures}:${row.last}` },
      );
    }
    if (row && Number(row.written) > 0)
      c.log.info({ written: Number(row.written) }, 'search signatures written');
  });
}
