ALTER TABLE "bulk_sends" DROP CONSTRAINT "bulk_sends_parent_id_documents_id_fk";
--> statement-breakpoint
ALTER TABLE "bulk_send_rows" ADD COLUMN "lease_token" uuid;