-- Trigram operator classes for the users search index (issue 3 "Performance"): ILIKE '%text%'
-- cannot use a b-tree. pg_trgm is a trusted extension since PostgreSQL 13, so the database owner
-- may create it without superuser; PGlite ships it and loads it in server/db/open.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
