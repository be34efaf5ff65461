-- PostgreSQL twin of migrations/0005_language.sql: a server's default
-- language for the bot's words; NULL: English.
ALTER TABLE servers ADD COLUMN language TEXT;
