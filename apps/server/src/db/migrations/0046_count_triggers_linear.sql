-- The dashboard counts' triggers (0033) must cost what the rows of a statement number, not their square:
-- one UPDATE or DELETE may touch thousands of documents (a folder deleted with all in it, an account's
-- documents losing their owner, a data fix).
--
-- documents_count_updated() found the rows whose counted key changed by joining the statement's two
-- transition tables on id. They have no index, and for its first question (did any key change?) PostgreSQL
-- planned that join as a nested loop, which stops at the first change but reads every pair when there is
-- none: an update of 4,000 documents that changed no counted key took 4.1 s, one of 20,000 more than 19
-- minutes, holding their row locks. The changed rows are now found by grouping the old and new versions of
-- every row by id and counted key: a version alone in its group is one of a changed row. Grouping is a hash
-- aggregate or a sort, never worse than n log n, whatever plan PL/pgSQL caches (it plans a trigger's
-- statements once, for the size of the first statement's transition tables).
CREATE OR REPLACE FUNCTION documents_count_updated() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed boolean;
  folders uuid[];
BEGIN
  -- The versions of the rows whose counted key changed (state, type, UTC day of the update, folder,
  -- organization and roles; for a folder, not counted itself, its type and effective roles, which decide its
  -- documents'), and the folders whose roles decide a changed document's count, old or new.
  SELECT count(*) > 0, array_agg(DISTINCT c.parent_id) FILTER (WHERE c.type <> 'folder' AND c.state < 100
      AND c.effective_role_ids IS NULL AND c.parent_id IS NOT NULL)
  INTO changed, folders
  FROM (
    SELECT v.type, v.effective_role_ids, CASE WHEN v.type <> 'folder' THEN v.state END AS state,
      CASE WHEN v.type <> 'folder' THEN v.parent_id END AS parent_id
    FROM (
      SELECT o.id, o.organization_id, o.type, o.effective_role_ids, o.state, o.updated_at, o.parent_id
      FROM old_rows o
      UNION ALL
      SELECT n.id, n.organization_id, n.type, n.effective_role_ids, n.state, n.updated_at, n.parent_id
      FROM new_rows n
    ) v
    GROUP BY v.id, v.organization_id, v.type, v.effective_role_ids,
      CASE WHEN v.type <> 'folder' THEN v.state END,
      CASE WHEN v.type <> 'folder' THEN (v.updated_at AT TIME ZONE 'UTC')::date END,
      CASE WHEN v.type <> 'folder' THEN v.parent_id END
    HAVING count(*) = 1
  ) c;
  IF NOT changed THEN
    RETURN NULL;
  END IF;
  -- Locked as on insert.
  PERFORM 1 FROM documents p WHERE p.id = ANY (folders) ORDER BY p.id FOR SHARE OF p;
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
    -- without roles of their own move from the old role set (the old version's, -1) to the new one (1).
    -- Read, not rewritten.
    SELECT d.organization_id, (d.updated_at AT TIME ZONE 'UTC')::date, d.state, f.eff, f.delta
    FROM (
      SELECT v.id, v.organization_id, v.effective_role_ids AS eff, min(v.side) AS delta FROM (
        SELECT o.id, o.organization_id, o.effective_role_ids, -1 AS side FROM old_rows o WHERE o.type = 'folder'
        UNION ALL
        SELECT n.id, n.organization_id, n.effective_role_ids, 1 FROM new_rows n WHERE n.type = 'folder'
      ) v
      GROUP BY v.id, v.organization_id, v.effective_role_ids
      HAVING count(*) = 1
    ) f
    JOIN documents d ON d.organization_id = f.organization_id AND d.parent_id = f.id
    WHERE d.type <> 'folder' AND d.state < 100 AND d.effective_role_ids IS NULL
  ) k
  GROUP BY k.org, k.day, k.state, k.eff
  HAVING sum(k.delta) <> 0
  ON CONFLICT (organization_id, day, state, restricted, role_ids, shard) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- documents_count_deleted() looked up each deleted document's folder among the deleted rows with a
-- subquery per document, a scan of them all each time: deleting 16,000 documents in one statement (as a
-- folder is deleted with all in it) read 256 million rows and ran out of time. The deleted folders' roles now come to their documents through a
-- window over the deleted rows partitioned by folder (one sort).
CREATE OR REPLACE FUNCTION documents_count_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
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
      coalesce(o.effective_role_ids, o.deleted_folder_roles,
        (SELECT p.effective_role_ids FROM documents p WHERE p.id = o.parent_id)) AS eff
    FROM (
      -- Each counted document with its folder's roles when the folder went in the same statement: the
      -- folder's row and its documents share a partition (the folder's id), where only the folder has roles.
      SELECT x.*, max(x.folder_roles) OVER (PARTITION BY x.folder) AS deleted_folder_roles
      FROM (
        SELECT d.organization_id, d.updated_at, d.state, d.effective_role_ids, d.parent_id,
          d.parent_id AS folder, NULL::uuid[] AS folder_roles, true AS counted
        FROM old_rows d WHERE d.type <> 'folder' AND d.state < 100
        UNION ALL
        SELECT NULL, NULL, NULL, NULL, NULL, f.id, f.effective_role_ids, false
        FROM old_rows f WHERE f.type = 'folder'
      ) x
    ) o
    WHERE o.counted AND EXISTS (SELECT 1 FROM organizations g WHERE g.id = o.organization_id)
  ) k
  GROUP BY k.org, k.day, k.state, k.eff
  ON CONFLICT (organization_id, day, state, restricted, role_ids, shard) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END
$$;
