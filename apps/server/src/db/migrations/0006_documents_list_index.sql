DROP INDEX "documents_search_idx";--> statement-breakpoint
DROP INDEX "documents_name_trgm_idx";--> statement-breakpoint
CREATE INDEX "documents_children_idx" ON "documents" USING btree ("organization_id","parent_id",("type" <> 'folder'),lower("name"),"id") WHERE state < 100;--> statement-breakpoint
CREATE INDEX "documents_search_idx" ON "documents" USING gin ("search_vector") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "documents_name_trgm_idx" ON "documents" USING gin ("name" gin_trgm_ops) WITH (fastupdate=false);