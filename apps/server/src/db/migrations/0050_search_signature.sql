-- A document's word signature (docs/decisions.md "Word signatures before the vectors"): 4,096 bits, one set
-- for each key of its words (a word's first 3 letters, and its first 6 when it has as many), written beside
-- the search vector when the vector has more than 64 words. A search that walks the newest documents tests
-- a row's signature (in the row, no read out of line) before its vector (for a contract, 10–15 KB stored out
-- of line, read and tested for each row walked): a row whose signature lacks a bit of the search's keys
-- cannot match and is passed over. Null, the row's vector is tested as before.
--
-- The key's bit: the first 12 bits of its MD5, a function that gives the same bit on every server and
-- version, so that a stored signature never disagrees with the one a search computes (a disagreement would
-- hide a match).
CREATE FUNCTION search_key_bit(key text) RETURNS integer
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS
$$ SELECT ('x' || substr(md5(key), 1, 3))::bit(12)::integer $$;
--> statement-breakpoint
-- Each word of 3 letters or more gives its first 3; each of 6 or more its first 6 as well. A search word
-- (a prefix) of n letters then has its keys among those of every word it matches. PL/pgSQL, not SQL: a search
-- computes its mask while its statement is planned, and PL/pgSQL keeps its statements' plans for the session
-- (an SQL function's body is planned again on every call: 0.17 against 0.10 ms).
CREATE FUNCTION search_signature_bits(words text[]) RETURNS bit(4096)
  LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS
$$
DECLARE
  bits bit(4096);
BEGIN
  SELECT coalesce(bit_or(B'1'::bit(4096) >> search_key_bit(k)), B'0'::bit(4096)) INTO bits
    FROM (SELECT left(w, 3) FROM unnest(words) w WHERE length(w) >= 3
          UNION SELECT left(w, 6) FROM unnest(words) w WHERE length(w) >= 6) keys(k);
  RETURN bits;
END
$$;
--> statement-breakpoint
CREATE FUNCTION search_signature(vector tsvector) RETURNS bit(4096)
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS
$$ SELECT CASE WHEN length(vector) > 64 THEN search_signature_bits(tsvector_to_array(vector)) END $$;
--> statement-breakpoint
-- The bits every signature of a match has: its words' keys when the query only ANDs words (what Sinetti's
-- search sends); no bits (every row passes) for one with OR, NOT or phrases. Called with a constant, it is
-- computed once, when the statement is planned.
CREATE FUNCTION search_query_mask(query tsquery) RETURNS bit(4096)
  LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS
$$
BEGIN
  IF regexp_replace(query::text, '''(?:[^'']|'''')*''', '', 'g') ~ '[|!<]' THEN
    RETURN B'0'::bit(4096);
  END IF;
  RETURN search_signature_bits(ARRAY(
    SELECT replace(m[1], '''''', '''') FROM regexp_matches(query::text, '''((?:[^'']|'''')*)''', 'g') m));
END
$$;
--> statement-breakpoint
-- Whether a row's signature may hold a query's words (true without one). An SQL expression PostgreSQL writes
-- into the statement, with the mask (a constant by then) computed once.
CREATE FUNCTION search_signature_admits(signature bit(4096), mask bit(4096)) RETURNS boolean
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS
$$ SELECT signature IS NULL OR (signature & mask) = mask $$;
--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "search_signature" bit(4096);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION documents_search_vector() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_vector := document_search_vector(NEW.name, NEW.content_text);
  NEW.search_signature := search_signature(NEW.search_vector);
  RETURN NEW;
END $$;
--> statement-breakpoint
-- An update that sets the vector itself (by hand: Sinetti never does) has it and its signature written again
-- from the name and the text: a signature older than its vector could hide the vector's new words.
DROP TRIGGER documents_search_vector_changed ON documents;
--> statement-breakpoint
CREATE TRIGGER documents_search_vector_changed BEFORE UPDATE OF name, content_text, search_vector ON documents
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.content_text IS DISTINCT FROM NEW.content_text
    OR OLD.search_vector IS DISTINCT FROM NEW.search_vector)
  EXECUTE FUNCTION documents_search_vector();
--> statement-breakpoint
-- The documents already stored: written by a job, a slice at a time (commands/documents/signature-backfill.ts),
-- not here, where the whole table would be held until the last one is written (about 2 ms per contract).
INSERT INTO jobs (kind, payload) VALUES ('documents.search-signatures', '{}'::jsonb);
