-- Clocks that survive faults and downtime (issue 10).
--
-- * Pauses have an agreed length: paused_until is when the clock starts again
--   by itself, paused_left the time the player to move had when it stopped.
-- * A pause offer carries the length asked for (offers.span, seconds).
-- * The bot's heartbeat: the last time the scheduler was alive. After a gap
--   longer than a few minutes every running clock is extended by the gap.

ALTER TABLE games ADD COLUMN paused_until INTEGER;
ALTER TABLE games ADD COLUMN paused_left INTEGER;

CREATE INDEX games_pause_end ON games(paused_until)
    WHERE state = 'active' AND paused = 1 AND paused_until IS NOT NULL;

-- Games paused before pauses had a length: the clock starts again by itself
-- a week after the pause (its last change).
UPDATE games SET paused_until = updated_at + 7 * 86400
    WHERE state = 'active' AND paused = 1;

ALTER TABLE offers ADD COLUMN span INTEGER;

CREATE TABLE heartbeat (
    id  INTEGER PRIMARY KEY CHECK (id = 1),
    at  INTEGER NOT NULL
);
