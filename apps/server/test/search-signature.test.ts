/**
 * The word signature (migration 0050, docs/decisions.md "Word signatures before the vectors"): written beside
 * a long text's search vector, it lets a search pass over a row without reading the vector when a key of the
 * search's words is missing from it. It must never pass over a match: for every word of a document and every
 * prefix of it (a search word is a prefix), alone and with another word, the signature admits the query. It
 * must pass over most rows that do not match, or it is no use. And search through the API answers what the
 * vectors alone would.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_JOBS } from '../src/commands/documents/common.ts';
import { SIGNATURE_SLICE } from '../src/commands/documents/signature-backfill.ts';
import { signatureAdmits } from '../src/queries/documents/search/signature.ts';
import { documents, jobs } from '../src/db/schema/index.ts';
import { enqueueJob } from '../src/services/jobs/index.ts';
import { buildDocumentsApp, type DocumentsTestApp } from './documents-helper.ts';
import type { TestUser } from './helper.ts';
import { watchStatements } from './statements-helper.ts';

let t: DocumentsTestApp;
let owner: TestUser;
beforeAll(async () => {
  t = await buildDocumentsApp();
  owner = await t.organization(await t.signUp());
});
afterAll(async () => t?.close());

const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;
const quoted = (text: string) => `'${text.replace(/'/g, "''")}'`;

/** Sentences of a contract, in English and in Finnish, with numbers, long and short words. */
const ENGLISH = `This services agreement is made between the supplier and the customer on 12 March 2026. The supplier
shall deliver the maintenance services described in appendix 3 within fourteen days of each written order, and
the customer shall pay every invoice within thirty days of its date. Late payments bear interest at the rate of
the Finnish Interest Act. Either party may terminate this agreement by giving ninety days' notice in writing;
confidentiality obligations survive its termination for five years. Liability is limited to the fees paid in the
preceding twelve months, except for gross negligence or wilful misconduct. Disputes are settled in the district
court of Helsinki. Subcontractors require prior written approval; the supplier remains responsible for them.`;
const FINNISH = `Tämä vuokrasopimus on tehty vuokranantajan ja vuokralaisen välillä. Vuokra-aika alkaa 1.4.2026 ja on
voimassa toistaiseksi. Kuukausivuokra on 1 250 euroa, ja se maksetaan viimeistään kunkin kuukauden toisena
päivänä. Vakuutena vuokralainen maksaa kolmen kuukauden vuokraa vastaavan takuuvuokran. Huoneiston kunnossapito
kuuluu vuokralaiselle siltä osin kuin järjestyssäännöt niin määräävät. Irtisanomisaika on vuokralaiselle yksi
kuukausi ja vuokranantajalle kolme kuukautta. Sähkö, vesi ja tietoliikenneyhteydet sisältyvät vuokraan.
Lemmikkieläimet ovat sallittuja. Tupakointi huoneistossa ja parvekkeella on kielletty. Ämpäri, öljy, Åland.`;

async function longDocument(name: string, text: string): Promise<string> {
  const doc = await t.create(owner, 'contract', name);
  await t.database.db.update(documents).set({ contentText: text }).where(eq(documents.id, doc.id));
  return doc.id;
}

/**
 * Whether the document's signature admits the query (to_tsquery('simple', query)) as search tests it: every bit
 * of the query's keys (search_query_keys(), which search reads) set, or no signature.
 */
function admitted(query: string): string {
  return (
    `(d.search_signature is null or coalesce((select bool_and(get_bit(d.search_signature, k) = 1)` +
    ` from unnest(search_query_keys(to_tsquery('simple', ${query}))) k), true))`
  );
}

describe('search_signature', () => {
  it('admits every word of a document and every prefix of it, alone and with another word', async () => {
    for (const [name, text] of [
      ['Services agreement', ENGLISH],
      ['Vuokrasopimus Kalliossa', FINNISH],
    ] as const) {
      const id = await longDocument(name, text);
      const [counts] = rows<{
        words: number;
        prefixes: number;
        passed: number;
        pairs: number;
        pairsPassed: number;
      }>(
        await t.database.db.execute(
          sql.raw(`
          with words as (select l from documents d, unnest(tsvector_to_array(d.search_vector)) l where d.id = '${id}'),
          prefixes as (select left(l, n) as p, n = length(l) as whole from words, generate_series(1, length(l)) n),
          tried as (select ${admitted(`quote_literal(p) || case when whole then '' else ':*' end`)} as ok
                    from prefixes, documents d where d.id = '${id}'),
          pairs as (select ${admitted(`quote_literal(a.l) || ':* & ' || quote_literal(left(b.l, 4)) || ':*'`)} as ok
                    from words a, words b, documents d where d.id = '${id}' and a.l < b.l and length(b.l) >= 4
                    and (hashtext(a.l) # hashtext(b.l)) & 7 = 0)
          select (select count(*) from words)::int as words, (select count(*) from tried)::int as prefixes,
            (select count(*) from tried where ok)::int as passed,
            (select count(*) from pairs)::int as pairs, (select count(*) from pairs where ok)::int as "pairsPassed"`),
        ),
      );
      expect(counts!.words).toBeGreaterThan(64);
      expect(counts!.passed).toBe(counts!.prefixes);
      expect(counts!.pairs).toBeGreaterThan(100);
      expect(counts!.pairsPassed).toBe(counts!.pairs);
    }
  });

  it('passes over most documents that do not have the word', async () => {
    const id = await longDocument('Maintenance contract', ENGLISH);
    // Words of 6 letters or more that are not in the text: each has two keys to miss.
    const absent = Array.from({ length: 200 }, (_, i) => `quarry${i}`)
      .concat(['vuokrasopimus', 'kuukausivuokra', 'purchase', 'employment', 'warranty', 'insurance'])
      .map((w) => `'${w}:*'`);
    const [found] = rows<{ admitted: number }>(
      await t.database.db.execute(
        sql.raw(
          `select count(*) filter (where ${admitted('w')})::int as admitted` +
            ` from unnest(array[${absent.join(',')}]) w, documents d where d.id = '${id}'`,
        ),
      ),
    );
    // A text like this one sets about 150 of the 4,096 bits; each of these words has two keys to find set.
    expect(found!.admitted).toBeLessThan(absent.length / 10);
  });

  it('is written for long texts only, and admits every row for a query other than words ANDed', async () => {
    const short = await t.create(owner, 'contract', 'Short lease');
    const long = await longDocument('Long lease', ENGLISH);
    const [row] = rows<{ short: boolean; long: boolean; or: boolean; not: boolean; phrase: boolean }>(
      await t.database.db.execute(
        sql.raw(
          `select (select search_signature is null from documents where id = '${short.id}') as short,` +
            ` (select search_signature is not null from documents where id = '${long}') as long,` +
            ` (select ${admitted(`'quarry | zebra'`)} from documents d where d.id = '${long}') as or,` +
            ` (select ${admitted(`'!quarry'`)} from documents d where d.id = '${long}') as not,` +
            ` (select ${admitted(`'quarry <-> zebra'`)} from documents d where d.id = '${long}') as phrase`,
        ),
      ),
    );
    expect(row).toEqual({ short: true, long: true, or: true, not: true, phrase: true });
  });

  it("keeps 0050's bits: a signature, and the mask a server of the version before sends, as the keys set them", async () => {
    const [row] = rows<{ same: boolean; mask: boolean; keys: string; orKeys: string }>(
      await t.database.db.execute(
        sql.raw(`
          with words as (select regexp_split_to_array(lower(${quoted(ENGLISH + ' ' + FINNISH)}), '[^[:alnum:]]+') w),
          before as (select coalesce(bit_or(B'1'::bit(4096) >> search_key_bit(k)), B'0'::bit(4096)) b
                     from (select left(x, 3) from words, unnest(w) x where length(x) >= 3
                           union select left(x, 6) from words, unnest(w) x where length(x) >= 6) keys(k))
          select (select b from before) = search_signature_bits((select w from words)) as same,
            search_query_mask(to_tsquery('simple', 'invoice:* & ab:* & vuokra:*'))
              = search_bits(search_query_keys(to_tsquery('simple', 'invoice:* & ab:* & vuokra:*'))) as mask,
            array_to_string(search_query_keys(to_tsquery('simple', 'invoice:*')), ',') as keys,
            array_to_string(search_query_keys(to_tsquery('simple', 'invoice | zebra')), ',') as "orKeys"`),
      ),
    );
    expect(row).toMatchObject({ same: true, mask: true, orKeys: '' });
    // "inv" and "invoic": two keys, ascending.
    const keys = row!.keys.split(',').map(Number);
    expect(keys).toHaveLength(2);
    expect([...keys].sort((a, b) => a - b)).toEqual(keys);
  });

  it('is tested a bit at a time, its keys read once per process for each query', async () => {
    expect(signatureAdmits([])).toBe('true');
    expect(signatureAdmits([700, 1349])).toBe(
      '(search_signature is null or (get_bit(search_signature, 700) = 1 and get_bit(search_signature, 1349) = 1))',
    );
    for (const bad of [-1, 4096, 1.5, Number.NaN]) expect(() => signatureAdmits([bad])).toThrow();
    await longDocument('Keys lease', ENGLISH);
    const watch = watchStatements(t.database.db);
    try {
      for (let i = 0; i < 3; i++) {
        const res = await t.json(owner, 'POST', '/api/documents/search', { text: 'keys subcontractors' });
        expect(res.json().documents.map((d: { name: string }) => d.name)).toEqual(['Keys lease']);
      }
    } finally {
      watch.stop();
    }
    const texts = watch.texts;
    expect(texts.filter((x) => x.includes('search_query_keys'))).toHaveLength(1);
    // The words tier's statements (the substring tier's test no signature: they exclude the words' matches).
    const searches = texts.filter((x) => x.includes('ts_rank(search_vector'));
    expect(searches).toHaveLength(3);
    // "key", "sub", "subcon": three bits, each read from the row.
    for (const x of searches) expect(x.match(/get_bit\(search_signature, \d+\) = 1/g)).toHaveLength(3);
  });

  it('is written again with the text, and search through the API answers what the vectors do', async () => {
    await longDocument('Pasila lease', FINNISH);
    const services = await longDocument('Vallila services', ENGLISH);
    const names = async (text: string) =>
      (await t.json(owner, 'POST', '/api/documents/search', { text }))
        .json()
        .documents.map((d: { name: string }) => d.name);
    // Deep in the texts, by prefix, across name and text, in both languages (the other tests' documents
    // have the same texts).
    expect(await names('tupakoin')).toContain('Pasila lease');
    expect(await names('negligence')).toContain('Vallila services');
    expect(await names('ämpäri')).toContain('Pasila lease');
    expect(await names('pasila irtisanomisaika')).toEqual(['Pasila lease']);
    expect(await names('vallila confidential')).toEqual(['Vallila services']);
    expect(await names('pasila negligence')).toEqual([]);
    // In an order the caller chose, the same: the signature before the vector in the words' branch.
    const inOrder = async (text: string, query: string) =>
      (await t.json(owner, 'POST', `/api/documents/search?${query}`, { text }))
        .json()
        .documents.map((d: { name: string }) => d.name);
    expect(await inOrder('vallila negligence', 'orderBy=created&orderValue=DESC')).toEqual([
      'Vallila services',
    ]);
    expect(await inOrder('pasila tupakoin', 'orderBy=name')).toEqual(['Pasila lease']);
    expect(await inOrder('negligence', 'orderBy=updated&orderValue=DESC&limit=100')).toContain(
      'Vallila services',
    );
    expect(await inOrder('pasila negligence', 'orderBy=name')).toEqual([]);
    // A short text has no signature: its vector is tested.
    await longDocument('Toukola note', 'Keys returned to the caretaker');
    expect(await names('toukola caretaker')).toEqual(['Toukola note']);
    // A new text: its words are found and the old ones are not.
    await t.database.db
      .update(documents)
      .set({ contentText: ENGLISH.replace('negligence', 'recklessness') })
      .where(eq(documents.id, services));
    expect(await names('vallila reckless')).toEqual(['Vallila services']);
    expect(await names('vallila negligence')).toEqual([]);
    // A vector set by hand (docs/operations.md "Bulk changes by hand") is written again, and its signature.
    const signature = async () =>
      rows<{ s: string }>(
        await t.database.db.execute(
          sql`select search_signature::text as s from documents where id = ${services}`,
        ),
      )[0]!.s;
    const before = await signature();
    await t.database.db.execute(
      sql`update documents set search_vector = to_tsvector('simple', 'zebra') where id = ${services}`,
    );
    expect(await names('vallila reckless')).toEqual(['Vallila services']);
    expect(await signature()).toBe(before);
    await t.database.db.execute(sql`update documents set search_vector = null where id = ${services}`);
    expect(await names('vallila reckless')).toEqual(['Vallila services']);
  });

  it('is written for the documents stored before it by a job, a slice at a time, while searches stay right', async () => {
    const db = t.database.db;
    await db.execute(sql`
      insert into documents (organization_id, owner_account_id, name, type, platform, state, content_text)
      select ${owner.personalOrganizationId}::uuid, ${owner.accountId}::uuid, 'Backfill ' || i, 'contract',
        'google', 1, case when i % 5 = 0 then ${ENGLISH} || ' kohta' || i end
      from generate_series(1, ${SIGNATURE_SLICE * 2 + 100}::int) i`);
    // As migration 0050 finds the documents stored before it: vectors, no signatures.
    await db.execute(sql`update documents set search_signature = null`);
    const kohta = async () =>
      (await t.json(owner, 'POST', '/api/documents/search', { text: 'backfill 1000 kohta1000' }))
        .json()
        .documents.map((d: { name: string }) => d.name);
    expect(await kohta()).toEqual(['Backfill 1000']);
    // The migration queues the first slice's job (this file's database was migrated with it).
    await db.delete(jobs).where(eq(jobs.kind, DOCUMENT_JOBS.signatures));
    await enqueueJob(db, DOCUMENT_JOBS.signatures, {}, { runAt: t.clock.now() });
    const [{ total }] = rows<{ total: number }>(
      await db.execute(sql`select count(*)::int as total from documents`),
    ) as [{ total: number }];
    expect(await t.app.jobs.drain({ kinds: [DOCUMENT_JOBS.signatures] })).toBe(
      Math.floor(Number(total) / SIGNATURE_SLICE) + 1,
    );
    const [state] = rows<{ wrong: number; written: number; queued: number }>(
      await db.execute(sql`
        select count(*) filter (where search_signature_wanted(search_vector) is distinct from (search_signature is not null)
          or search_signature <> search_signature(search_vector))::int as wrong,
          count(search_signature)::int as written,
          (select count(*) from jobs where kind = ${DOCUMENT_JOBS.signatures} and status = 'queued')::int as queued
        from documents`),
    );
    expect(state).toEqual({ wrong: 0, written: expect.any(Number), queued: 0 });
    expect(Number(state!.written)).toBeGreaterThanOrEqual(((SIGNATURE_SLICE * 2 + 100) / 5) | 0);
    expect(await kohta()).toEqual(['Backfill 1000']);
    // Done again, a slice writes nothing and the chain still ends.
    await enqueueJob(db, DOCUMENT_JOBS.signatures, {}, { runAt: t.clock.now() });
    expect(await t.app.jobs.drain({ kinds: [DOCUMENT_JOBS.signatures] })).toBeGreaterThan(2);
    const finished = await db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.kind, DOCUMENT_JOBS.signatures), eq(jobs.status, 'queued')));
    expect(finished).toEqual([]);
  });
});
