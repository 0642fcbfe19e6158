// Seeds one organization with a realistic tree of documents straight in SQL (fast enough for 100,000 rows).
import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client.ts';

const KINDS = [
  'Lease agreement',
  'Employment contract',
  'Invoice',
  'Non-disclosure agreement',
  'Purchase order',
  'Offer',
  'Service agreement',
  'Annex',
  'Meeting minutes',
  'Power of attorney',
];

/** 1,000 made-up company names ("Valkora", "Tenvila"...) so that a word matches about 100 documents. */
export function counterparties(): string[] {
  const a = ['Val', 'Ten', 'Kor', 'Mar', 'Sil', 'Ruo', 'Aal', 'Pet', 'Lin', 'Hov'];
  const b = ['ko', 'vi', 'ma', 'ne', 'lu', 'ra', 'si', 'to', 'pe', 'ha'];
  const c = ['ra', 'la', 'nen', 'sto', 'mo', 'kas', 'via', 'ria', 'tek', 'dor'];
  return a.flatMap((x) => b.flatMap((y) => c.map((z) => `${x}${y}${z}`)));
}

export interface Seeded {
  folders: number;
  documents: number;
  /** The folder the list benchmark opens. */
  folderId: string;
  /** A company name that appears in the names of about a hundred documents. */
  word: string;
}

/**
 * `total` rows in one organization: `folders` top-level folders, the rest spread evenly inside them.
 * Every fifth document has extracted text; updated times spread over the last year; mostly drafts.
 */
export async function seedDocuments(
  db: Db,
  organizationId: string,
  ownerId: string,
  total = 100_000,
  folders = 200,
): Promise<Seeded> {
  const names = counterparties();
  const kinds = sql`(string_to_array(${KINDS.join(',')}::text, ','))`;
  const companies = sql`(string_to_array(${names.join(',')}::text, ','))`;
  const org = sql`${organizationId}::uuid`;
  const owner = sql`${ownerId}::uuid`;
  await db.execute(sql`
    insert into documents (organization_id, owner_account_id, name, type, platform, state, created_at, updated_at)
    select ${org}, ${owner}, 'Folder ' || lpad(i::text, 3, '0'), 'folder', 'google', 1,
           now() - interval '400 days', now() - (i || ' hours')::interval
    from generate_series(1, ${folders}::int) i`);
  const docs = total - folders;
  await db.execute(sql`
    with f as (select id, row_number() over (order by name) - 1 as n from documents
               where organization_id = ${org} and type = 'folder')
    insert into documents (organization_id, parent_id, owner_account_id, name, type, platform, state, extension,
                           mime_type, blob_key, size, sha256, content_text, created_at, updated_at)
    select ${org}, f.id, ${owner},
           ${kinds}[1 + i % 10] || ' ' || ${companies}[1 + (i * 7) % 1000] || ' ' || i,
           case when i % 10 = 0 then 'template' else 'contract' end, 'google',
           case when i % 20 = 0 then 30 when i % 33 = 0 then 40 when i % 50 = 0 then 20 else 1 end,
           'pdf', 'application/pdf', 'documents/' || ${organizationId}::text || '/seed-' || i, 50000, md5(i::text),
           case when i % 5 = 0 then 'The parties agree on the terms of delivery, payment within 30 days and '
                 || ${companies}[1 + (i * 13) % 1000] || ' as the contact. Reference ' || i end,
           now() - ((i % 365) || ' days')::interval, now() - ((i % 8760) || ' hours')::interval
    from generate_series(1, ${docs}::int) i
    join f on f.n = i % ${folders}::int`);
  // The steady state autovacuum would reach: statistics and the visibility map.
  await db.execute(sql`vacuum analyze documents`);
  const rows = (await db.execute(sql`
    select id from documents where organization_id = ${organizationId} and type = 'folder'
    order by name limit 1`)) as unknown as { rows: { id: string }[] };
  return { folders, documents: docs, folderId: rows.rows[0]?.id ?? '', word: names[137] ?? 'Valkora' };
}
