CREATE TABLE "signatures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"process_id" uuid NOT NULL,
	"signee_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"image" text,
	"text" text,
	"image_sha256" text,
	"pdf_sha256" text NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	"ip" text,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "signee_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"signee_id" uuid NOT NULL,
	"process_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signees" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"document_id" uuid NOT NULL,
	"given_name" text DEFAULT '' NOT NULL,
	"family_name" text DEFAULT '' NOT NULL,
	"email" text NOT NULL,
	"level" integer NOT NULL,
	"position" integer NOT NULL,
	"slot" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"signed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "signees_level_check" CHECK ("signees"."level" in (1, 10, 20))
);
--> statement-breakpoint
CREATE TABLE "signing_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"document_id" uuid NOT NULL,
	"process_id" uuid,
	"signee_id" uuid,
	"seq" integer NOT NULL,
	"type" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"actor_kind" text NOT NULL,
	"actor_id" text,
	"actor_label" text,
	"ip" text,
	"user_agent" text,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signing_processes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"document_id" uuid NOT NULL,
	"round" integer NOT NULL,
	"state" text DEFAULT 'signing' NOT NULL,
	"lang" text NOT NULL,
	"sent_by" uuid,
	"original_sha256" text NOT NULL,
	"version_key" text NOT NULL,
	"version_sha256" text NOT NULL,
	"version_size" integer NOT NULL,
	"pages" integer NOT NULL,
	"current_key" text NOT NULL,
	"current_sha256" text NOT NULL,
	"signed_key" text,
	"signed_sha256" text,
	"certificate_key" text,
	"certificate_sha256" text,
	"sent_at" timestamp with time zone NOT NULL,
	"cancelled_at" timestamp with time zone,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "signing_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"signee_id" uuid NOT NULL,
	"process_id" uuid NOT NULL,
	"lang" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"end_reason" text,
	"code_hash" text,
	"code_sent_at" timestamp with time zone,
	"code_expires_at" timestamp with time zone,
	"code_attempts" integer DEFAULT 0 NOT NULL,
	"code_sends" integer DEFAULT 0 NOT NULL,
	"code_verified_at" timestamp with time zone,
	"viewed_at" timestamp with time zone,
	CONSTRAINT "signing_sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "signatures" ADD CONSTRAINT "signatures_process_id_signing_processes_id_fk" FOREIGN KEY ("process_id") REFERENCES "public"."signing_processes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signatures" ADD CONSTRAINT "signatures_signee_id_signees_id_fk" FOREIGN KEY ("signee_id") REFERENCES "public"."signees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signee_links" ADD CONSTRAINT "signee_links_signee_id_signees_id_fk" FOREIGN KEY ("signee_id") REFERENCES "public"."signees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signee_links" ADD CONSTRAINT "signee_links_process_id_signing_processes_id_fk" FOREIGN KEY ("process_id") REFERENCES "public"."signing_processes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signees" ADD CONSTRAINT "signees_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signees" ADD CONSTRAINT "signees_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signing_events" ADD CONSTRAINT "signing_events_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signing_processes" ADD CONSTRAINT "signing_processes_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signing_processes" ADD CONSTRAINT "signing_processes_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signing_processes" ADD CONSTRAINT "signing_processes_sent_by_accounts_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signing_sessions" ADD CONSTRAINT "signing_sessions_signee_id_signees_id_fk" FOREIGN KEY ("signee_id") REFERENCES "public"."signees"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signing_sessions" ADD CONSTRAINT "signing_sessions_process_id_signing_processes_id_fk" FOREIGN KEY ("process_id") REFERENCES "public"."signing_processes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "signee_links_signee_idx" ON "signee_links" USING btree ("signee_id");--> statement-breakpoint
CREATE UNIQUE INDEX "signees_document_email_idx" ON "signees" USING btree ("document_id","email");--> statement-breakpoint
CREATE INDEX "signees_document_idx" ON "signees" USING btree ("document_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "signing_events_seq_idx" ON "signing_events" USING btree ("document_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "signing_processes_round_idx" ON "signing_processes" USING btree ("document_id","round");--> statement-breakpoint
CREATE UNIQUE INDEX "signing_processes_open_idx" ON "signing_processes" USING btree ("document_id") WHERE state in ('signing', 'sealing');--> statement-breakpoint
CREATE INDEX "signing_sessions_process_idx" ON "signing_sessions" USING btree ("process_id") WHERE ended_at is null;--> statement-breakpoint
CREATE FUNCTION "signing_events_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'signing_events is append-only: rows are never changed';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "signing_events_no_update" BEFORE UPDATE ON "signing_events" FOR EACH ROW EXECUTE FUNCTION "signing_events_append_only"();
