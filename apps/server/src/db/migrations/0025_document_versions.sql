CREATE TABLE "document_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"document_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"origin" text NOT NULL,
	"restored_from" integer,
	"extension" text NOT NULL,
	"blob_key" text NOT NULL,
	"size" bigint NOT NULL,
	"sha256" text NOT NULL,
	"pdf_key" text,
	"pdf_size" bigint,
	"pdf_sha256" text,
	"content_text" text,
	"author_account_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "document_versions_number_key" UNIQUE("document_id","number")
);
--> statement-breakpoint
ALTER TABLE "signing_processes" ADD COLUMN "document_version" integer;--> statement-breakpoint
ALTER TABLE "document_versions" ADD CONSTRAINT "document_versions_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_versions" ADD CONSTRAINT "document_versions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_versions" ADD CONSTRAINT "document_versions_author_account_id_accounts_id_fk" FOREIGN KEY ("author_account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_versions_blob_key_idx" ON "document_versions" USING btree ("blob_key");--> statement-breakpoint
CREATE INDEX "document_versions_pdf_key_idx" ON "document_versions" USING btree ("pdf_key");--> statement-breakpoint
-- Every document that has a file gets it as version 1 (issue 13 item 3): who made the document, when.
INSERT INTO "document_versions" ("document_id", "organization_id", "number", "origin", "extension", "blob_key", "size", "sha256", "pdf_key", "pdf_size", "pdf_sha256", "content_text", "author_account_id", "created_at")
SELECT "id", "organization_id", 1, 'uploaded', "extension", "blob_key", coalesce("size", 0), coalesce("sha256", ''), "pdf_key", "pdf_size", "pdf_sha256", "content_text", "owner_account_id", "created_at"
FROM "documents" WHERE "blob_key" IS NOT NULL;
