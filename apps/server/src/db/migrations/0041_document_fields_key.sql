-- A field's id is a key only within its document (an id another document uses must be neither refused nor
-- revealed): the primary key becomes (document_id, id), which also serves as the index of a document's fields.
ALTER TABLE "document_fields" DROP CONSTRAINT "document_fields_pkey";--> statement-breakpoint
ALTER TABLE "document_fields" ADD CONSTRAINT "document_fields_document_id_id_pk" PRIMARY KEY("document_id","id");--> statement-breakpoint
DROP INDEX "document_fields_document_idx";
