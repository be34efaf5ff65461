-- PostgreSQL twin of migrations/0002_clock.sql: reminder times and pause /
-- resume requests as offers. (SQLite rebuilds the offers table to change
-- its CHECK; PostgreSQL swaps the constraint.)

ALTER TABLE games ADD COLUMN remind_at BIGINT;

CREATE INDEX games_remind ON games(remind_at)
    WHERE state = 'active' AND NOT paused AND remind_at IS NOT NULL;

ALTER TABLE offers DROP CONSTRAINT offers_kind_check;
ALTER TABLE offers ADD CONSTRAINT offers_kind_check
    CHECK (kind IN ('draw', 'takeback', 'pause', 'resume'));

CREATE INDEX player_settings_key ON player_settings(key, value);
