CREATE TABLE "document_counts" (
	"organization_id" uuid NOT NULL,
	"day" date NOT NULL,
	"state" integer NOT NULL,
	"restricted" boolean NOT NULL,
	"role_ids" uuid[] NOT NULL,
	"shard" integer NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "document_counts_organization_id_day_state_restricted_role_ids_shard_pk" PRIMARY KEY("organization_id","day","state","restricted","role_ids","shard")
);
--> statement-breakpoint
ALTER TABLE "document_counts" ADD CONSTRAINT "document_counts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- Document roles without rewriting documents (issue #32 item 4, docs/decisions.md "Document roles"):
-- effective_role_ids is now kept on folders only (their own roles, else their nearest ancestor's) and, on
-- any other document, holds its own roles or null. A document without roles of its own is seen by its
-- folder's effective roles, read at query time (columns.ts effectiveRolesOf). Giving a role to a folder of
-- 500 documents then rewrites the folder and the folders under it, not the 500 rows and their indexes.
CREATE OR REPLACE FUNCTION documents_refresh_effective_roles(root uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  org uuid;
  kind text;
BEGIN
  SELECT organization_id, type INTO org, kind FROM documents WHERE id = root;
  IF org IS NULL THEN
    RETURN;
  END IF;
  IF kind <> 'folder' THEN
    UPDATE documents d SET effective_role_ids = own.ids
    FROM (SELECT array_agg(r.role_id ORDER BY r.role_id) AS ids FROM document_roles r WHERE r.document_id = root) own
    WHERE d.id = root AND d.effective_role_ids IS DISTINCT FROM own.ids;
    RETURN;
  END IF;
  WITH RECURSIVE tree(id, eff) AS (
    SELECT d.id, coalesce(
      (SELECT array_agg(r.role_id ORDER BY r.role_id) FROM document_roles r WHERE r.document_id = d.id),
      (SELECT p.effective_role_ids FROM documents p WHERE p.id = d.parent_id))
    FROM documents d WHERE d.id = root
    UNION ALL
    SELECT c.id, coalesce(
      (SELECT array_agg(r.role_id ORDER BY r.role_id) FROM document_roles r WHERE r.document_id = c.id),
      tree.eff)
    FROM documents c JOIN tree ON c.organization_id = org AND c.parent_id = tree.id AND c.type = 'folder'
  )
  UPDATE documents d SET effective_role_ids = tree.eff FROM tree
  WHERE d.id = tree.id AND d.effective_role_ids IS DISTINCT FROM tree.eff;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION documents_inherit_roles() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.type = 'folder' THEN
    NEW.effective_role_ids := (SELECT p.effective_role_ids FROM documents p WHERE p.id = NEW.parent_id);
  ELSE
    -- A new document has no roles of its own yet: its folder's decide who sees it.
    NEW.effective_role_ids := NULL;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
UPDATE documents d SET effective_role_ids =
  (SELECT array_agg(r.role_id ORDER BY r.role_id) FROM document_roles r WHERE r.document_id = d.id)
WHERE d.type <> 'folder' AND d.effective_role_ids IS NOT NULL;--> statement-breakpoint
-- Dashboard counts (issue #32 item 1, docs/decisions.md "Dashboard counts"): document_counts holds, per
-- organization, UTC day of the last update, state and the role set that decides who sees them, how many
-- documents (not folders, states below 100) there are. Three statement triggers keep it in the same
-- transaction as every insert, update and delete of documents, whatever the write path; each adds one
-- row per key it changes, in the writer's own shard (its backend pid), so concurrent writers never wait on
-- one counter row. A document's role set is its own roles, else its folder's effective roles; the folder
-- is locked FOR SHARE while counted, so a role change of the folder (which moves its documents' counts
-- from the old role set to the new one) waits for it or is waited for, and no count lands in a stale set.
CREATE FUNCTION documents_count_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM documents p WHERE p.id = ANY (ARRAY(
    SELECT DISTINCT n.parent_id FROM new_rows n
    WHERE n.type <> 'folder' AND n.state < 100 AND n.effective_role_ids IS NULL AND n.parent_id IS NOT NULL))
  ORDER BY p.id FOR SHARE OF p;
  INSERT INTO document_counts AS c (organization_id, day, state, restricted, role_ids, shard, n)
  SELECT k.org, k.day, k.state, k.eff IS NOT NULL, coalesce(k.eff, '{}'), pg_backend_pid(), count(*)
  FROM (
    SELECT n.organization_id AS org, (n.updated_at AT TIME ZONE 'UTC')::date AS day, n.state,
      coalesce(n.effective_role_ids, (SELECT p.effective_role_ids FROM documents p WHERE p.id = n.parent_id)) AS eff
    FROM new_rows n WHERE n.type <> 'folder' AND n.state < 100
  ) k
  GROUP BY k.org, k.day, k.state, k.eff
  ON CONFLICT (organization_id, day, state, restricted, role_ids, shard) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION documents_count_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Only rows whose counted key may have changed, and folders whose effective roles changed.
  IF NOT EXISTS (
    SELECT 1 FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE (o.type <> 'folder' OR n.type <> 'folder') AND (
        o.state IS DISTINCT FROM n.state OR o.type IS DISTINCT FROM n.type
        OR (o.updated_at AT TIME ZONE 'UTC')::date IS DISTINCT FROM (n.updated_at AT TIME ZONE 'UTC')::date
        OR o.parent_id IS DISTINCT FROM n.parent_id OR o.organization_id IS DISTINCT FROM n.organization_id
        OR o.effective_role_ids IS DISTINCT FROM n.effective_role_ids)
      OR (n.type = 'folder' AND o.effective_role_ids IS DISTINCT FROM n.effective_role_ids)
  ) THEN
    RETURN NULL;
  END IF;
  PERFORM 1 FROM documents p WHERE p.id = ANY (ARRAY(
    SELECT DISTINCT x.parent_id FROM old_rows o JOIN new_rows n ON n.id = o.id
    CROSS JOIN LATERAL (VALUES (o.parent_id, o.type, o.state, o.effective_role_ids),
                              (n.parent_id, n.type, n.state, n.effective_role_ids)) x(parent_id, type, state, eff)
    WHERE x.type <> 'folder' AND x.state < 100 AND x.eff IS NULL AND x.parent_id IS NOT NULL
      AND (o.state IS DISTINCT FROM n.state OR o.type IS DISTINCT FROM n.type
        OR (o.updated_at AT TIME ZONE 'UTC')::date IS DISTINCT FROM (n.updated_at AT TIME ZONE 'UTC')::date
        OR o.parent_id IS DISTINCT FROM n.parent_id OR o.organization_id IS DISTINCT FROM n.organization_id
        OR o.effective_role_ids IS DISTINCT FROM n.effective_role_ids)))
  ORDER BY p.id FOR SHARE OF p;
  INSERT INTO document_counts AS c (organization_id, day, state, restricted, role_ids, shard, n)
  SELECT k.org, k.day, k.state, k.eff IS NOT NULL, coalesce(k.eff, '{}'), pg_backend_pid(), sum(k.delta)
  FROM (
    SELECT o.organization_id AS org, (o.updated_at AT TIME ZONE 'UTC')::date AS day, o.state,
      coalesce(o.effective_role_ids, (SELECT p.effective_role_ids FROM documents p WHERE p.id = o.parent_id)) AS eff,
      -1 AS delta
    FROM old_rows o WHERE o.type <> 'folder' AND o.state < 100
    UNION ALL
    SELECT n.organization_id, (n.updated_at AT TIME ZONE 'UTC')::date, n.state,
      coalesce(n.effective_role_ids, (SELECT p.effective_role_ids FROM documents p WHERE p.id = n.parent_id)),
      1
    FROM new_rows n WHERE n.type <> 'folder' AND n.state < 100
    UNION ALL
    -- A folder's effective roles changed (its roles, or an ancestor's, or it moved): the documents in it
    -- without roles of their own move from the old role set to the new one. Read, not rewritten.
    SELECT d.organization_id, (d.updated_at AT TIME ZONE 'UTC')::date, d.state, s.eff, s.delta
    FROM old_rows o JOIN new_rows n ON n.id = o.id
    CROSS JOIN LATERAL (VALUES (o.effective_role_ids, -1), (n.effective_role_ids, 1)) s(eff, delta)
    JOIN documents d ON d.organization_id = n.organization_id AND d.parent_id = n.id
    WHERE n.type = 'folder' AND o.effective_role_ids IS DISTINCT FROM n.effective_role_ids
      AND d.type <> 'folder' AND d.state < 100 AND d.effective_role_ids IS NULL
  ) k
  GROUP BY k.org, k.day, k.state, k.eff
  HAVING sum(k.delta) <> 0
  ON CONFLICT (organization_id, day, state, restricted, role_ids, shard) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION documents_count_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM documents p WHERE p.id = ANY (ARRAY(
    SELECT DISTINCT o.parent_id FROM old_rows o
    WHERE o.type <> 'folder' AND o.state < 100 AND o.effective_role_ids IS NULL AND o.parent_id IS NOT NULL))
  ORDER BY p.id FOR SHARE OF p;
  -- Rows of an organization being deleted are not counted down: its counts go with it.
  INSERT INTO document_counts AS c (organization_id, day, state, restricted, role_ids, shard, n)
  SELECT k.org, k.day, k.state, k.eff IS NOT NULL, coalesce(k.eff, '{}'), pg_backend_pid(), -count(*)
  FROM (
    SELECT o.organization_id AS org, (o.updated_at AT TIME ZONE 'UTC')::date AS day, o.state,
      coalesce(o.effective_role_ids,
        (SELECT g.effective_role_ids FROM old_rows g WHERE g.id = o.parent_id),
        (SELECT p.effective_role_ids FROM documents p WHERE p.id = o.parent_id)) AS eff
    FROM old_rows o
    WHERE o.type <> 'folder' AND o.state < 100
      AND EXISTS (SELECT 1 FROM organizations g WHERE g.id = o.organization_id)
  ) k
  GROUP BY k.org, k.day, k.state, k.eff
  ON CONFLICT (organization_id, day, state, restricted, role_ids, shard) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER documents_count_inserted AFTER INSERT ON "documents"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION documents_count_inserted();--> statement-breakpoint
CREATE TRIGGER documents_count_updated AFTER UPDATE ON "documents"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION documents_count_updated();--> statement-breakpoint
CREATE TRIGGER documents_count_deleted AFTER DELETE ON "documents"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION documents_count_deleted();--> statement-breakpoint
-- Counts them all again for one organization (or every one, when null) from the documents: the backfill
-- here, and what a bulk load that bypassed the triggers (bench seeding) runs after.
CREATE FUNCTION document_counts_rebuild(org uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM document_counts c WHERE org IS NULL OR c.organization_id = org;
  INSERT INTO document_counts (organization_id, day, state, restricted, role_ids, shard, n)
  SELECT k.org, k.day, k.state, k.eff IS NOT NULL, coalesce(k.eff, '{}'), 0, count(*)
  FROM (
    SELECT d.organization_id AS org, (d.updated_at AT TIME ZONE 'UTC')::date AS day, d.state,
      coalesce(d.effective_role_ids, p.effective_role_ids) AS eff
    FROM documents d LEFT JOIN documents p ON p.id = d.parent_id
    WHERE d.type <> 'folder' AND d.state < 100 AND (org IS NULL OR d.organization_id = org)
  ) k
  GROUP BY k.org, k.day, k.state, k.eff;
END
$$;--> statement-breakpoint
-- Folds the shards of days before `before` into shard 0 and drops rows that count nothing (housekeeping).
CREATE FUNCTION document_counts_compact(before date) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  folded integer;
BEGIN
  WITH gone AS (
    DELETE FROM document_counts c WHERE c.day < before AND c.shard <> 0
    RETURNING c.organization_id, c.day, c.state, c.restricted, c.role_ids, c.n
  ), sums AS (
    SELECT g.organization_id, g.day, g.state, g.restricted, g.role_ids, sum(g.n) AS n
    FROM gone g GROUP BY 1, 2, 3, 4, 5
  )
  INSERT INTO document_counts AS c (organization_id, day, state, restricted, role_ids, shard, n)
  SELECT s.organization_id, s.day, s.state, s.restricted, s.role_ids, 0, s.n FROM sums s WHERE s.n <> 0
  ON CONFLICT (organization_id, day, state, restricted, role_ids, shard) DO UPDATE SET n = c.n + excluded.n;
  GET DIAGNOSTICS folded = ROW_COUNT;
  DELETE FROM document_counts c WHERE c.day < before AND c.shard = 0 AND c.n = 0;
  RETURN folded;
END
$$;--> statement-breakpoint
SELECT document_counts_rebuild(NULL);
