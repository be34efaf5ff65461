-- PostgreSQL twin of migrations/sqlite/0015_organiser_role.sql: the role
-- (a Discord role id) whose members may create and run tournaments.
ALTER TABLE servers ADD COLUMN organiser_role TEXT;
