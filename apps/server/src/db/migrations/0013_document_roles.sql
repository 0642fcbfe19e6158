CREATE TABLE "document_roles" (
	"document_id" uuid NOT NULL,
	"role_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_roles_document_id_role_id_pk" PRIMARY KEY("document_id","role_id")
);
--> statement-breakpoint
ALTER TABLE "documents" ADD COLUMN "effective_role_ids" uuid[];--> statement-breakpoint
ALTER TABLE "document_roles" ADD CONSTRAINT "document_roles_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_roles" ADD CONSTRAINT "document_roles_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_roles" ADD CONSTRAINT "document_roles_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_roles_role_idx" ON "document_roles" USING btree ("role_id");--> statement-breakpoint
-- Document roles (docs/decisions.md "Document roles"): documents.effective_role_ids holds the roles that
-- decide who sees a document: its own if it has any, else its nearest ancestor's; null when none has.
-- Recomputed for a document and everything under it whenever its roles change or it moves.
CREATE FUNCTION documents_refresh_effective_roles(root uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  org uuid;
BEGIN
  SELECT organization_id INTO org FROM documents WHERE id = root;
  IF org IS NULL THEN
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
    FROM documents c JOIN tree ON c.organization_id = org AND c.parent_id = tree.id
  )
  UPDATE documents d SET effective_role_ids = tree.eff FROM tree
  WHERE d.id = tree.id AND d.effective_role_ids IS DISTINCT FROM tree.eff;
END
$$;--> statement-breakpoint
CREATE FUNCTION document_roles_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM documents_refresh_effective_roles(CASE WHEN TG_OP = 'DELETE' THEN OLD.document_id ELSE NEW.document_id END);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER document_roles_changed AFTER INSERT OR DELETE ON "document_roles"
  FOR EACH ROW EXECUTE FUNCTION document_roles_changed();--> statement-breakpoint
-- A new document starts with its folder's roles (it has none of its own yet).
CREATE FUNCTION documents_inherit_roles() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.effective_role_ids := (SELECT p.effective_role_ids FROM documents p WHERE p.id = NEW.parent_id);
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER documents_inherit_roles BEFORE INSERT ON "documents"
  FOR EACH ROW EXECUTE FUNCTION documents_inherit_roles();--> statement-breakpoint
CREATE FUNCTION documents_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM documents_refresh_effective_roles(NEW.id);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER documents_moved AFTER UPDATE OF parent_id ON "documents"
  FOR EACH ROW WHEN (OLD.parent_id IS DISTINCT FROM NEW.parent_id)
  EXECUTE FUNCTION documents_moved();
