-- Trigram similarity for document search (documents_name_trgm_idx). PGlite loads the extension's code in
-- db/client.ts; on PostgreSQL it ships with the server (contrib).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
