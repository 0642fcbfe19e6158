ALTER TABLE "signees" ADD COLUMN "reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "signing_processes" ADD COLUMN "message" text;--> statement-breakpoint
ALTER TABLE "signing_processes" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "signing_processes" ADD COLUMN "reminder_days" integer;--> statement-breakpoint
ALTER TABLE "signing_processes" ADD COLUMN "next_reminder_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "signing_processes" ADD COLUMN "end_reason" text;--> statement-breakpoint
CREATE INDEX "signing_processes_expires_idx" ON "signing_processes" USING btree ("expires_at") WHERE state = 'signing';--> statement-breakpoint
CREATE INDEX "signing_processes_reminder_idx" ON "signing_processes" USING btree ("next_reminder_at") WHERE state = 'signing';