CREATE TABLE "signing_chain_anchors" (
	"document_id" uuid PRIMARY KEY NOT NULL,
	"seq" integer NOT NULL,
	"hash" text NOT NULL,
	"mac" text NOT NULL,
	"key_id" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signing_chain_backfill" (
	"document_id" uuid PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE "signing_chain_anchors" ADD CONSTRAINT "signing_chain_anchors_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Chains recorded before anchors existed: the next start anchors each one whose links still verify.
INSERT INTO "signing_chain_backfill" ("document_id") SELECT DISTINCT "document_id" FROM "signing_events";
