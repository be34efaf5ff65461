-- PostgreSQL twin of migrations/sqlite/0008_archive.sql: a server's archive
-- is on the web only after someone with Manage Server says so. Default:
-- private. Direct-message scopes ('dm:...') are never public.
ALTER TABLE servers ADD COLUMN archive_public BOOLEAN NOT NULL DEFAULT FALSE;
