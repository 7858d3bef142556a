-- The search index takes new names in batches (fastupdate, with a pending list of at most 64 kB)
-- instead of every key of every name one by one: a spreadsheet import of 2,000 households writes
-- about 100,000 keys, and putting each straight into the index was a third of the import's time.
--
-- 0002 and 0025 turned fastupdate off because a pending list is emptied only by a vacuum, which
-- PGlite never runs, and the planner rightly prices a long one as a scan of everyone. A list of at
-- most 64 kB (GIN's smallest limit) is merged into the index by the insert that fills it, so it never
-- holds more than a few hundred names, and the planner keeps the index (tests/db/search.test.ts,
-- after an import). On hosted PostgreSQL autovacuum merges it too.
alter index kasalan.persons_search_keys_idx set (fastupdate = on, gin_pending_list_limit = 64);
