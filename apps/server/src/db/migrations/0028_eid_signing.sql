CREATE TABLE "signing_flows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"provider_id" text NOT NULL,
	"state_hash" text NOT NULL,
	"nonce" text NOT NULL,
	"code_verifier" text NOT NULL,
	"redirect_uri" text NOT NULL,
	"data" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "signing_flows_state_hash_unique" UNIQUE("state_hash")
);
--> statement-breakpoint
ALTER TABLE "transactions" DROP CONSTRAINT "transactions_name_check";--> statement-breakpoint
ALTER TABLE "signees" ADD COLUMN "method" text DEFAULT 'host-email-sms' NOT NULL;--> statement-breakpoint
UPDATE "signees" SET "method" = CASE "level" WHEN 10 THEN 'fi-trust-network' WHEN 20 THEN 'de-sign-me' ELSE 'host-email-sms' END;--> statement-breakpoint
ALTER TABLE "signing_processes" ADD COLUMN "name_mismatch" text DEFAULT 'continue' NOT NULL;--> statement-breakpoint
ALTER TABLE "signing_sessions" ADD COLUMN "identified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "signing_sessions" ADD COLUMN "identity" jsonb;--> statement-breakpoint
ALTER TABLE "signing_flows" ADD CONSTRAINT "signing_flows_session_id_signing_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."signing_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "signing_flows_session_idx" ON "signing_flows" USING btree ("session_id");--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_name_check" CHECK ("transactions"."name" = 'balance' or "transactions"."name" ~ '^signature_[a-z0-9-]+$');