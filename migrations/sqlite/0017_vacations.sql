-- Vacations (issue 31): a player's clock stops in every game of theirs
-- with a clock while they are away (docs/clocks.md, "Vacation").
--
-- * vacations: one row a vacation. started_at, ends_at: unix seconds (an
--   extension moves ends_at on; ending early sets it to the moment it
--   ended). days: the days it counts against the allowance (30 in any
--   365): those asked for, or, once ended early, the days begun.
--   closed: its end was handled (the clocks it stopped run again).
-- * games.vacation_left: the time the player to move had on their clock
--   when a vacation stopped it (their deadline and reminder are NULL
--   meanwhile, so the scheduler never judges it); NULL when no vacation
--   holds the game.

CREATE TABLE vacations (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    player_id   TEXT NOT NULL REFERENCES players(id),
    started_at  INTEGER NOT NULL,
    ends_at     INTEGER NOT NULL,
    days        INTEGER NOT NULL,
    closed      INTEGER NOT NULL DEFAULT 0
);

CREATE INDEX vacations_player ON vacations(player_id, started_at);
CREATE INDEX vacations_open_end ON vacations(closed, ends_at);

ALTER TABLE games ADD COLUMN vacation_left INTEGER;
