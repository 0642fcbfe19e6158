-- A search's word keys as bit positions (docs/decisions.md "Word signatures before the vectors"): the server reads
-- them once per process for each search's words and tests each walked row's signature one bit at a time
-- (get_bit), where 0050's mask ANDed the row's 4,096 bits with it and compared the result: 0.85 µs a row
-- against 0.17, and a restricted member's common word walks about 1,450 rows.
--
-- The keys of words, as their bits' positions (distinct, ascending): what a signature sets and a search tests,
-- one function for both, so that they cannot disagree.
CREATE FUNCTION search_word_bits(words text[]) RETURNS integer[]
  LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS
$$
DECLARE
  bits integer[];
BEGIN
  SELECT coalesce(array_agg(DISTINCT search_key_bit(k) ORDER BY search_key_bit(k)), '{}') INTO bits
    FROM (SELECT left(w, 3) FROM unnest(words) w WHERE length(w) >= 3
          UNION SELECT left(w, 6) FROM unnest(words) w WHERE length(w) >= 6) keys(k);
  RETURN bits;
END
$$;
--> statement-breakpoint
-- A signature with the bits at `positions` set.
CREATE FUNCTION search_bits(positions integer[]) RETURNS bit(4096)
  LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS
$$
DECLARE
  bits bit(4096);
BEGIN
  SELECT coalesce(bit_or(B'1'::bit(4096) >> p), B'0'::bit(4096)) INTO bits FROM unnest(positions) p;
  RETURN bits;
END
$$;
--> statement-breakpoint
-- The same bits as 0050's (an OR of the same keys' bits), from the one function.
CREATE OR REPLACE FUNCTION search_signature_bits(words text[]) RETURNS bit(4096)
  LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS
$$
BEGIN
  RETURN search_bits(search_word_bits(words));
END
$$;
--> statement-breakpoint
-- Whether a vector gets a signature: more than 64 words (for the trigger's search_signature() and the job that
-- writes the signatures of documents stored before 0050).
CREATE FUNCTION search_signature_wanted(vector tsvector) RETURNS boolean
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS
$$ SELECT length(vector) > 64 $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_signature(vector tsvector) RETURNS bit(4096)
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS
$$ SELECT CASE WHEN search_signature_wanted(vector) THEN search_signature_bits(tsvector_to_array(vector)) END $$;
--> statement-breakpoint
-- The bits every signature of a match has, as positions: its words' keys when the query only ANDs words (what
-- Sinetti's search sends); none (every row passes) for one with OR, NOT or phrases.
CREATE FUNCTION search_query_keys(query tsquery) RETURNS integer[]
  LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS
$$
BEGIN
  IF regexp_replace(query::text, '''(?:[^'']|'''')*''', '', 'g') ~ '[|!<]' THEN
    RETURN '{}';
  END IF;
  RETURN search_word_bits(ARRAY(
    SELECT replace(m[1], '''''', '''') FROM regexp_matches(query::text, '''((?:[^'']|'''')*)''', 'g') m));
END
$$;
--> statement-breakpoint
-- 0050's mask, which servers of the previous version send while an upgrade runs beside them: the same bits,
-- from the one function. Sinetti no longer calls it or search_signature_admits().
CREATE OR REPLACE FUNCTION search_query_mask(query tsquery) RETURNS bit(4096)
  LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS
$$
BEGIN
  RETURN search_bits(search_query_keys(query));
END
$$;
