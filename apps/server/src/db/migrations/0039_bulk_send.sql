CREATE TABLE "bulk_send_rows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bulk_send_id" uuid NOT NULL,
	"organization_id" uuid NOT NULL,
	"line" integer NOT NULL,
	"name" text NOT NULL,
	"signees" jsonb NOT NULL,
	"values" jsonb NOT NULL,
	"status" text NOT NULL,
	"document_id" uuid,
	"error_code" text,
	"error_reason" text,
	"lease_until" timestamp with time zone,
	"wait_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bulk_sends" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"template_id" uuid,
	"template_name" text NOT NULL,
	"parent_id" uuid,
	"account_id" uuid NOT NULL,
	"status" text NOT NULL,
	"waiting_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bulk_send_rows" ADD CONSTRAINT "bulk_send_rows_bulk_send_id_bulk_sends_id_fk" FOREIGN KEY ("bulk_send_id") REFERENCES "public"."bulk_sends"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_send_rows" ADD CONSTRAINT "bulk_send_rows_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_sends" ADD CONSTRAINT "bulk_sends_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_sends" ADD CONSTRAINT "bulk_sends_template_id_documents_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_sends" ADD CONSTRAINT "bulk_sends_parent_id_documents_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_sends" ADD CONSTRAINT "bulk_sends_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bulk_send_rows_line" ON "bulk_send_rows" USING btree ("bulk_send_id","line");--> statement-breakpoint
CREATE INDEX "bulk_send_rows_status_idx" ON "bulk_send_rows" USING btree ("bulk_send_id","status","line");--> statement-breakpoint
CREATE INDEX "bulk_sends_org_idx" ON "bulk_sends" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "bulk_sends_one_running" ON "bulk_sends" USING btree ("organization_id") WHERE "bulk_sends"."status" = 'running';