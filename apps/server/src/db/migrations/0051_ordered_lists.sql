-- Lists and text searches by creation, and the template library (templates by name), read their page off an
-- index in that order (issue #32 item 2; docs/decisions.md "Lists and text searches in an order"), as
-- documents_recent_idx gives `updated`: without them every match was read and sorted (at 1M documents the
-- template library 0.5 s for the owner and 3.6 s for a restricted member, a text search of a common word by
-- creation 1.3-1.7 s).
CREATE INDEX "documents_created_idx" ON "documents" USING btree ("organization_id","created_at") WHERE state < 100;--> statement-breakpoint
CREATE INDEX "documents_type_name_idx" ON "documents" USING btree ("organization_id","type","name") WHERE state < 100;