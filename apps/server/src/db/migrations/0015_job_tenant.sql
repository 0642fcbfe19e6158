ALTER TABLE "jobs" ADD COLUMN "tenant" text;--> statement-breakpoint
-- Jobs queued before this migration that follow from a document belong to the document's organization.
UPDATE "jobs" SET "tenant" = d."organization_id"::text
FROM "documents" d
WHERE "jobs"."status" IN ('queued', 'running') AND "jobs"."payload"->>'documentId' = d."id"::text;
