CREATE TABLE "mail_log" (
	"job_id" uuid PRIMARY KEY NOT NULL,
	"recipient" text NOT NULL,
	"template" text NOT NULL,
	"lang" text NOT NULL,
	"status" text NOT NULL,
	"message_id" text,
	"response" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "mail_log_created_idx" ON "mail_log" USING btree ("created_at");