-- The words index takes new entries in a pending list again (fastupdate), bounded to 1 MB. Every update of
-- a document (a state change, a rename, a move) gives its row a new place, and each of its vector's words a
-- new index entry: for a contract of 7 KB about a thousand, inserted one by one without a pending list.
-- Soft-deleting 1,000 such documents (a folder with all in it) took 10.9 s, past the API's statement
-- time-out, against 3.4 s with the list (docs/decisions.md "GIN pending list"). A search scans the list
-- too: at most 1 MB (128 pages), measured at up to 0.3 ms more per index scan of a rare word when nearly
-- full; the list is merged in by autovacuum, or by the write that fills it. The names' trigram index keeps
-- fastupdate off: a name gives a few dozen entries.
ALTER INDEX "documents_search_idx" SET (fastupdate = on, gin_pending_list_limit = 1024);
