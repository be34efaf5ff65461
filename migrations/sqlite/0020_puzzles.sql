-- Puzzles (issue 33): the proven set (loaded from assets/puzzles.json when
-- absent, by number), each player's attempts, and each player's puzzle
-- rating (Glicko-2 against the puzzles' own ratings, as lichess rates
-- puzzles), solved count and streak. See docs/puzzles.md.
--
-- * puzzles.id: the puzzle's number (1.. in the shipped file's order).
-- * puzzles.rating/rd/vol: the puzzle's Glicko-2 rating; plays/wins: the
--   rated first attempts and how many of them were solved.
-- * puzzle_attempts.moves: the moves of the attempt so far (the solver's
--   and tawlbot's), space separated; state: open, solved or revealed;
--   missed: a wrong move was played; rated: the attempt's result has gone
--   into both ratings (a player's first attempt at a puzzle only).
-- * puzzle_players.current: the puzzle the player is on.

CREATE TABLE puzzles (
    id        INTEGER PRIMARY KEY,
    variant   TEXT NOT NULL,
    position  TEXT NOT NULL,
    side      TEXT NOT NULL,
    length    INTEGER NOT NULL,
    solution  TEXT NOT NULL,
    line      TEXT NOT NULL,
    source    TEXT NOT NULL,
    rating    REAL NOT NULL,
    rd        REAL NOT NULL DEFAULT 350,
    vol       REAL NOT NULL DEFAULT 0.06,
    plays     INTEGER NOT NULL DEFAULT 0,
    wins      INTEGER NOT NULL DEFAULT 0
);

CREATE INDEX puzzles_rating ON puzzles(rating, id);

CREATE TABLE puzzle_players (
    player_id    TEXT PRIMARY KEY,
    rating       REAL NOT NULL DEFAULT 1500,
    rd           REAL NOT NULL DEFAULT 350,
    vol          REAL NOT NULL DEFAULT 0.06,
    solved       INTEGER NOT NULL DEFAULT 0,
    streak       INTEGER NOT NULL DEFAULT 0,
    best_streak  INTEGER NOT NULL DEFAULT 0,
    current      INTEGER REFERENCES puzzles(id),
    updated_at   INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE puzzle_attempts (
    player_id   TEXT NOT NULL,
    puzzle_id   INTEGER NOT NULL REFERENCES puzzles(id),
    moves       TEXT NOT NULL DEFAULT '',
    state       TEXT NOT NULL DEFAULT 'open',
    missed      INTEGER NOT NULL DEFAULT 0,
    rated       INTEGER NOT NULL DEFAULT 0,
    updated_at  INTEGER NOT NULL,
    PRIMARY KEY (player_id, puzzle_id)
);
