ALTER TABLE "documents" ADD COLUMN "summary_json" text;--> statement-breakpoint
-- The contract's Document (presentDocument() in presenters/document.ts), stored on every write so that
-- lists and search read it instead of building it. Timestamps as Date#toISOString() writes them.
CREATE FUNCTION documents_summary_json() RETURNS trigger LANGUAGE plpgsql AS $$
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
    'editable', NEW.type IN ('template', 'contract') AND NEW.state < 20
  )::text;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER documents_summary_json BEFORE INSERT OR UPDATE ON "documents"
  FOR EACH ROW EXECUTE FUNCTION documents_summary_json();--> statement-breakpoint
UPDATE "documents" SET "summary_json" = NULL;
