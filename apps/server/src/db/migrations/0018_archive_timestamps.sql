ALTER TABLE "signing_processes" ADD COLUMN "archive_due_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "signing_processes_archive_due_idx" ON "signing_processes" USING btree ("archive_due_at") WHERE archive_due_at is not null;--> statement-breakpoint
-- Rounds completed before archive time-stamps existed: the job reads each file once to find its due date.
UPDATE "signing_processes" SET "archive_due_at" = "completed_at" WHERE "state" = 'completed' AND "signed_key" IS NOT NULL;
