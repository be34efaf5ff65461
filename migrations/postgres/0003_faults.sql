-- PostgreSQL twin of migrations/0003_faults.sql: pauses with an agreed
-- length, the length asked for in a pause offer, and the bot's heartbeat.

ALTER TABLE games ADD COLUMN paused_until BIGINT;
ALTER TABLE games ADD COLUMN paused_left BIGINT;

CREATE INDEX games_pause_end ON games(paused_until)
    WHERE state = 'active' AND paused AND paused_until IS NOT NULL;

UPDATE games SET paused_until = updated_at + 7 * 86400
    WHERE state = 'active' AND paused;

ALTER TABLE offers ADD COLUMN span BIGINT;

CREATE TABLE heartbeat (
    id  BIGINT PRIMARY KEY CHECK (id = 1),
    at  BIGINT NOT NULL
);
