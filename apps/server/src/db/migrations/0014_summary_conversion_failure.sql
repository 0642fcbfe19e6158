-- The contract's Document gained `conversionFailure` (migration 0011): the stored summary that lists and
-- search read must carry it too, exactly as presentDocument() writes it.
CREATE OR REPLACE FUNCTION documents_summary_json() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.summary_json := json_build_object(
    'id', NEW.id,
    'created', to_char(NEW.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'updated', to_char(NEW.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'name', NEW.name,
    'type', NEW.type,
    'extension', NEW.extension,
    'state', NEW.state,
    'platform', NEW.platform,
    'owner', NEW.owner_account_id,
    'parent', NEW.parent_id,
    'mimeType', NEW.mime_type,
    'size', NEW.size,
    'conversion', NEW.conversion_status,
    'conversionFailure', NEW.conversion_failure,
    'editable', NEW.type IN ('template', 'contract') AND NEW.state < 20
  )::text;
  RETURN NEW;
END
$$;--> statement-breakpoint
UPDATE "documents" SET "summary_json" = NULL;
