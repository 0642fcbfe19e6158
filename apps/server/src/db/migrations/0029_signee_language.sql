ALTER TABLE "signees" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
UPDATE "signees" SET "language" = coalesce(
	(SELECT p."lang" FROM "signing_processes" p WHERE p."document_id" = "signees"."document_id" ORDER BY p."round" DESC LIMIT 1),
	(SELECT a."language" FROM "documents" d JOIN "accounts" a ON a."id" = d."owner_account_id" WHERE d."id" = "signees"."document_id"),
	'en'
);
