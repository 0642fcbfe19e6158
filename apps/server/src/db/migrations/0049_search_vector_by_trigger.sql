-- The search vector is written when its document is inserted and when its name or text changes, and only
-- then (docs/decisions.md "Search vectors written on change"). As a stored generated column it was computed
-- again on every update of its row, whatever changed (a state, a folder, a deletion), and stored again out of
-- line: for a contract of 7 KB a vector of about 15 KB, written anew each time. Now an update that leaves the
-- name and the text alone keeps the stored vector as it is (the same out-of-line value, not a copy). The
-- column keeps its values; dropping the expression rewrites nothing.
CREATE FUNCTION document_search_vector(name text, content_text text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS
$$ SELECT setweight(to_tsvector('simple', name), 'A') || setweight(to_tsvector('simple', coalesce(content_text, '')), 'B') $$;
--> statement-breakpoint
ALTER TABLE "documents" ALTER COLUMN "search_vector" DROP EXPRESSION;
--> statement-breakpoint
CREATE FUNCTION documents_search_vector() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_vector := document_search_vector(NEW.name, NEW.content_text);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER documents_search_vector_inserted BEFORE INSERT ON documents
  FOR EACH ROW EXECUTE FUNCTION documents_search_vector();
--> statement-breakpoint
-- The WHEN clause is tested without calling the function: a state change, a move or a deletion costs nothing
-- here. (An UPDATE that names search_vector itself is not one Sinetti makes.)
CREATE TRIGGER documents_search_vector_changed BEFORE UPDATE OF name, content_text ON documents
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.content_text IS DISTINCT FROM NEW.content_text)
  EXECUTE FUNCTION documents_search_vector();
