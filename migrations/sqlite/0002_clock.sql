-- Clocks: reminder times (the scheduler's second wake-up query) and pause /
-- resume requests as offers.

ALTER TABLE games ADD COLUMN remind_at INTEGER;

CREATE INDEX games_remind ON games(remind_at)
    WHERE state = 'active' AND paused = 0 AND remind_at IS NOT NULL;

CREATE TABLE offers_v2 (
    game_id     INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    kind        TEXT NOT NULL CHECK (kind IN ('draw', 'takeback', 'pause', 'resume')),
    by_player   TEXT NOT NULL REFERENCES players(id),
    at          INTEGER NOT NULL,
    move_count  INTEGER NOT NULL,
    PRIMARY KEY (game_id, kind)
) WITHOUT ROWID;
INSERT INTO offers_v2 SELECT game_id, kind, by_player, at, move_count FROM offers;
DROP TABLE offers;
ALTER TABLE offers_v2 RENAME TO offers;

CREATE INDEX player_settings_key ON player_settings(key, value);
