CREATE TABLE "document_fields" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"document_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"page" integer NOT NULL,
	"x" double precision NOT NULL,
	"y" double precision NOT NULL,
	"width" double precision NOT NULL,
	"height" double precision NOT NULL,
	"signee_id" uuid,
	"role" text,
	"required" boolean DEFAULT true NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_fields_kind_check" CHECK (kind in ('signature', 'initials', 'name', 'date', 'text', 'checkbox')),
	CONSTRAINT "document_fields_page_check" CHECK ("document_fields"."page" >= 1),
	CONSTRAINT "document_fields_geometry_check" CHECK ("document_fields"."x" between 0 and 1 and "document_fields"."y" between 0 and 1 and "document_fields"."width" > 0 and "document_fields"."height" > 0 and "document_fields"."x" + "document_fields"."width" <= 1.000001 and "document_fields"."y" + "document_fields"."height" <= 1.000001),
	CONSTRAINT "document_fields_for_check" CHECK (("document_fields"."signee_id" is null) <> ("document_fields"."role" is null))
);
--> statement-breakpoint
ALTER TABLE "document_fields" ADD CONSTRAINT "document_fields_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_fields" ADD CONSTRAINT "document_fields_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_fields" ADD CONSTRAINT "document_fields_signee_id_signees_id_fk" FOREIGN KEY ("signee_id") REFERENCES "public"."signees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_fields_document_idx" ON "document_fields" USING btree ("document_id");--> statement-breakpoint
CREATE INDEX "document_fields_signee_idx" ON "document_fields" USING btree ("signee_id");