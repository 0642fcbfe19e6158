-- The recency index holds live rows only (issue #32 item 2; docs/decisions.md "The window of live rows"), as
-- documents_created_idx and documents_type_name_idx do. A deletion stamps its rows' updated_at: the deleted rows
-- of a large folder stood on top of this index for the 30 days until their purge, filled the search window (the
-- organization's newest RECENT_WINDOW rows) and were read and dropped by every recency walk: at 1M documents,
-- after one folder of 4,990 was deleted, a search of a common word read and sorted its 99,800 matches (0.8-3 s
-- instead of 3 ms). A deletion no longer writes this index at all.
DROP INDEX "documents_recent_idx";--> statement-breakpoint
CREATE INDEX "documents_recent_idx" ON "documents" USING btree ("organization_id","updated_at") WHERE state < 100;
