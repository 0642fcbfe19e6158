CREATE TABLE "signing_key_revocations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ca_key_id" text NOT NULL,
	"serial_number" text NOT NULL,
	"kind" text NOT NULL,
	"subject" text NOT NULL,
	"reason" text NOT NULL,
	"revoked_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "signing_key_revocations_serial_idx" ON "signing_key_revocations" USING btree ("ca_key_id","serial_number");
