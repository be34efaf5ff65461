-- Conditional moves (issue 31): lines a player who waits for the
-- opponent's move stores in a game, "their move, my reply" pairs. When the
-- opponent plays a line's next move, its reply is played in the same
-- transaction (src/store/sql/conditional.rs).
--
-- * game_id, player_id: whose line, in which game.
-- * from_move: the game's move count when the line was added.
-- * line: the moves as the game writes them (`f8-c8 e2-c2 g7-g9 k5-k6`),
--   their move first, then the reply, pair after pair.
-- * played: how many pairs of it were played (a line is kept, shortened,
--   while the opponent follows it).
-- * state: `waiting` (live), `played` (every pair played) or `dropped`
--   (the opponent left it, a takeback, a pause, a clear). Lines of an
--   ended game are never played, whatever their state (the archive shows
--   a waiting one as ended with the game).
-- * created_at, ended_at: unix seconds.
--
-- Kept after the game (not deleted): the web archive shows a finished
-- game's lines.

CREATE TABLE conditional_lines (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    game_id     INTEGER NOT NULL REFERENCES games(id),
    player_id   TEXT NOT NULL REFERENCES players(id),
    from_move   INTEGER NOT NULL,
    line        TEXT NOT NULL,
    played      INTEGER NOT NULL DEFAULT 0,
    state       TEXT NOT NULL DEFAULT 'waiting'
                CHECK (state IN ('waiting', 'played', 'dropped')),
    created_at  INTEGER NOT NULL,
    ended_at    INTEGER
);

CREATE INDEX conditional_lines_game ON conditional_lines(game_id, id);
CREATE INDEX conditional_lines_waiting ON conditional_lines(game_id, player_id)
    WHERE state = 'waiting';
