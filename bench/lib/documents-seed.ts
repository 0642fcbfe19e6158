// Seeds one organization with a realistic tree of documents straight in SQL: a bulk load (one INSERT ...
// SELECT generate_series) into the table with its secondary indexes dropped, then the indexes built at once
// (issue #32 item 6: a million rows in minutes rather than the hours row-by-row index upkeep takes).
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client.ts';
import { upsertAccount } from '../../apps/server/src/commands/upsert-account.ts';

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

/** 1,000 made-up company names ("Valkora", "Tenvila"...) so that a word matches about 0.1 % of documents. */
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
  /** A company name that appears in the names of about 0.1 % of the documents. */
  word: string;
  /** A word (a reference number as a prefix) in about ten documents' names: "12345" matches 12345, 123450… */
  rareWord: string;
  /** A word in 10 % of the documents' names. */
  commonWord: string;
  /** A member who sees the documents of one folder in ten (document roles), for the restricted searches. */
  memberId: string;
}

type Rows<T> = { rows: T[] };

/**
 * How many of the newest documents carry the text of a real contract: about 7 KB, 1,200 words of a
 * 5,000-word vocabulary (made-up words "w0"…"w4999", so that no bench search matches them), whose search
 * vector (about 15 KB) is stored out of line (TOAST) as a real one is. The rest carry a line or none: a
 * million documents of real text would take hours to seed here and gigabytes of disk. The newest are those
 * a search reads most (docs/decisions.md "Search that does not grow with its matches").
 */
export const TEXT_DOCUMENTS = 10_000;
const TEXT_WORDS = 1_200;

/**
 * `total` rows in one organization: `folders` top-level folders (default one per 500 documents), the rest
 * spread evenly inside them. Every fifth document has a line of extracted text, the newest TEXT_DOCUMENTS a
 * contract's worth; updated times spread over the last year; mostly drafts. One folder in ten (picked by a
 * hash of its number, so that neither the documents' kinds nor their company names go with it) carries the
 * role "Bench visible", the rest "Bench hidden": the member seeded here holds only the first, so sees 10 %
 * of the documents.
 */
export async function seedDocuments(
  db: Db,
  organizationId: string,
  ownerId: string,
  total = 100_000,
  folders = Math.max(10, Math.round(total / 500)),
): Promise<Seeded> {
  const names = counterparties();
  const kinds = sql`(string_to_array(${KINDS.join(',')}::text, ','))`;
  const companies = sql`(string_to_array(${names.join(',')}::text, ','))`;
  const org = sql`${organizationId}::uuid`;
  const owner = sql`${ownerId}::uuid`;

  // The restricted member and the two roles.
  const { account: member } = await upsertAccount(
    db,
    {
      platform: 'google',
      issuer: 'bench',
      sub: randomBytes(8).toString('hex'),
      email: 'member@example.com',
      givenName: 'M',
      familyName: 'E',
      picture: null,
    },
    { ip: null, userAgent: null },
  );
  await db.execute(sql`update accounts set setup_complete = true where id = ${member.id}::uuid`);
  await db.execute(
    sql`insert into memberships (organization_id, account_id) values (${org}, ${member.id}::uuid)`,
  );
  const roleRows = (await db.execute(sql`
    insert into roles (organization_id, name, permissions)
    select ${org}, n, (select permissions from roles where organization_id = ${org} and is_default limit 1)
    from unnest(array['Bench visible', 'Bench hidden']) n
    returning id, name`)) as unknown as Rows<{ id: string; name: string }>;
  const visibleRole = roleRows.rows.find((r) => r.name === 'Bench visible')?.id ?? '';
  const hiddenRole = roleRows.rows.find((r) => r.name === 'Bench hidden')?.id ?? '';
  await db.execute(sql`
    insert into role_assignments (role_id, account_id, organization_id)
    values (${visibleRole}::uuid, ${member.id}::uuid, ${org})`);

  // Bulk load: the secondary indexes go first and are built again once the rows are in.
  const indexes = (await db.execute(sql`
    select i.indexname, i.indexdef from pg_indexes i
    where i.tablename = 'documents' and i.schemaname = current_schema()
      and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`)) as unknown as Rows<{
    indexname: string;
    indexdef: string;
  }>;
  for (const { indexname } of indexes.rows) await db.execute(sql.raw(`drop index "${indexname}"`));

  await db.execute(sql`
    insert into documents (organization_id, owner_account_id, name, type, platform, state, created_at, updated_at)
    select ${org}, ${owner}, 'Folder ' || lpad(i::text, 4, '0'), 'folder', 'google', 1,
           now() - interval '400 days', now() - (i || ' hours')::interval
    from generate_series(1, ${folders}::int) i`);
  await db.execute(sql`
    with f as (select id, row_number() over (order by name) - 1 as n from documents
               where organization_id = ${org} and type = 'folder')
    insert into document_roles (document_id, role_id, organization_id)
    select f.id, case when ('x' || left(md5(f.n::text), 7))::bit(28)::int % 10 = 0 then ${visibleRole}::uuid
                      else ${hiddenRole}::uuid end, ${org}
    from f`);
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
             - ((i % 3600) || ' seconds')::interval
    from generate_series(1, ${docs}::int) i
    join f on f.n = i % ${folders}::int`);
  await db.execute(sql`
    update documents d set content_text = (
      select string_agg('w' || (abs(hashtext(d.id::text || g::text)) % 5000)::text, ' ')
      from generate_series(1, ${TEXT_WORDS}::int) g)
    where d.id in (select n.id from documents n where n.organization_id = ${org} and n.type <> 'folder'
                   order by n.updated_at desc limit ${TEXT_DOCUMENTS}::int)`);
  for (const { indexdef } of indexes.rows) await db.execute(sql.raw(indexdef));
  // The steady state autovacuum (on the embedded database, the job of db/maintenance.ts) would reach: statistics and
  // the visibility map.
  await db.execute(sql`vacuum analyze documents`);
  const rows = (await db.execute(sql`
    select id from documents where organization_id = ${organizationId} and type = 'folder'
    order by name limit 1`)) as unknown as Rows<{ id: string }>;
  return {
    folders,
    documents: docs,
    folderId: rows.rows[0]?.id ?? '',
    word: names[137] ?? 'Valkora',
    rareWord: '12345',
    commonWord: 'invoice',
    memberId: member.id,
  };
}
