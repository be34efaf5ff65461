-- tawlbot schema 1.
--
-- Conventions
--   * Discord ids (servers, channels, users, messages, interactions) are TEXT:
--     snowflakes as decimal strings, or plain names in the console front end.
--   * Times are unix seconds (INTEGER) handed in by the application clock.
--   * Booleans are INTEGER 0/1.
--   * JSON is stored as TEXT.
-- Applied inside one transaction by src/store/migrate.rs, which also sets
-- PRAGMA user_version = 1 and PRAGMA application_id.

CREATE TABLE servers (
    id          TEXT PRIMARY KEY NOT NULL,
    name        TEXT,
    created_at  INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE channels (
    id          TEXT PRIMARY KEY NOT NULL,
    server_id   TEXT NOT NULL REFERENCES servers(id),
    -- For threads: the channel the thread hangs off.
    parent_id   TEXT,
    name        TEXT
);
CREATE INDEX channels_by_server ON channels(server_id);

CREATE TABLE players (
    id            TEXT PRIMARY KEY NOT NULL,
    display_name  TEXT NOT NULL,
    created_at    INTEGER NOT NULL DEFAULT 0,
    updated_at    INTEGER NOT NULL DEFAULT 0
);

-- Notification preferences and other per-player settings, as key/value
-- pairs (e.g. 'dm_on_turn' = '1', 'reminders' = '0').
CREATE TABLE player_settings (
    player_id  TEXT NOT NULL REFERENCES players(id),
    key        TEXT NOT NULL,
    value      TEXT NOT NULL,
    PRIMARY KEY (player_id, key)
) WITHOUT ROWID;

CREATE TABLE challenges (
    id               INTEGER PRIMARY KEY,
    server_id        TEXT NOT NULL REFERENCES servers(id),
    channel_id       TEXT NOT NULL REFERENCES channels(id),
    challenger_id    TEXT NOT NULL REFERENCES players(id),
    -- NULL: an open challenge anybody may accept.
    opponent_id      TEXT REFERENCES players(id),
    variant          TEXT NOT NULL,
    options          TEXT NOT NULL DEFAULT '[]',   -- JSON array of strings
    -- Side the challenger asked for; NULL = random / either.
    challenger_side  TEXT,
    time_control     TEXT NOT NULL DEFAULT '',
    rated            INTEGER NOT NULL DEFAULT 0,
    -- 'open', 'accepted', 'declined', 'withdrawn', 'expired', ...
    state            TEXT NOT NULL DEFAULT 'open',
    game_id          INTEGER REFERENCES games(id),
    created_at       INTEGER NOT NULL,
    updated_at       INTEGER NOT NULL,
    expires_at       INTEGER
);
CREATE INDEX challenges_open_in_channel ON challenges(channel_id, id) WHERE state = 'open';
CREATE INDEX challenges_open_expiry ON challenges(expires_at)
    WHERE state = 'open' AND expires_at IS NOT NULL;
CREATE INDEX challenges_by_opponent ON challenges(opponent_id) WHERE state = 'open';

CREATE TABLE games (
    id                   INTEGER PRIMARY KEY,
    server_id            TEXT NOT NULL REFERENCES servers(id),
    channel_id           TEXT NOT NULL REFERENCES channels(id),
    variant              TEXT NOT NULL,
    options              TEXT NOT NULL DEFAULT '[]',   -- JSON array of strings
    seed                 INTEGER NOT NULL,             -- u64 stored bit for bit
    -- The player who moves first in the rules, the name of that side
    -- (e.g. 'attackers'), and the player of the other side.
    first_side           TEXT NOT NULL,
    first_player         TEXT NOT NULL REFERENCES players(id),
    second_player        TEXT NOT NULL REFERENCES players(id),
    challenge_id         INTEGER REFERENCES challenges(id),
    tournament_match_id  INTEGER REFERENCES tournament_matches(id),
    rated                INTEGER NOT NULL DEFAULT 0,
    -- Clocks: the time control as text, each side's bank in seconds
    -- (NULL when the control has no bank) and a paused flag.
    time_control         TEXT NOT NULL DEFAULT '',
    bank_first           INTEGER,
    bank_second          INTEGER,
    paused               INTEGER NOT NULL DEFAULT 0,
    state                TEXT NOT NULL DEFAULT 'active'
                         CHECK (state IN ('active', 'finished', 'aborted')),
    result               TEXT,      -- e.g. 'first', 'second', 'draw'
    reason               TEXT,      -- e.g. 'king captured', 'resigned', 'timeout'
    -- Number of rows in moves for this game; the optimistic-concurrency
    -- counter checked by append_move.
    move_count           INTEGER NOT NULL DEFAULT 0 CHECK (move_count >= 0),
    created_at           INTEGER NOT NULL,
    updated_at           INTEGER NOT NULL,
    finished_at          INTEGER,
    deadline             INTEGER,
    reminders_sent       INTEGER NOT NULL DEFAULT 0,
    last_reminder_at     INTEGER
);
-- One active game per channel.
CREATE UNIQUE INDEX games_one_active_per_channel ON games(channel_id) WHERE state = 'active';
-- The scheduler's wake-up query (next_deadline) reads the first entry.
CREATE INDEX games_deadline ON games(deadline)
    WHERE state = 'active' AND paused = 0 AND deadline IS NOT NULL;
CREATE INDEX games_by_channel ON games(channel_id, id);
CREATE INDEX games_by_server ON games(server_id, id);
CREATE INDEX games_by_first_player ON games(first_player, id);
CREATE INDEX games_by_second_player ON games(second_player, id);
CREATE INDEX games_by_tournament_match ON games(tournament_match_id)
    WHERE tournament_match_id IS NOT NULL;

CREATE TABLE moves (
    game_id    INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    number     INTEGER NOT NULL CHECK (number >= 0),   -- 0-based, no gaps
    text       TEXT NOT NULL,
    player_id  TEXT NOT NULL REFERENCES players(id),
    at         INTEGER NOT NULL,
    -- Discord message or interaction id that made the move.
    source_id  TEXT NOT NULL UNIQUE,
    PRIMARY KEY (game_id, number)
) WITHOUT ROWID;

-- Every source id ever applied, kept even when a takeback deletes the move,
-- so a redelivered message can never be applied twice.
CREATE TABLE used_sources (
    source_id  TEXT PRIMARY KEY NOT NULL,
    game_id    INTEGER NOT NULL,
    at         INTEGER NOT NULL
) WITHOUT ROWID;

-- Standing draw / takeback offers; at most one of each kind per game.
-- move_count is the game's move count when the offer was made: any later
-- move voids the offer (append_move deletes it in the same transaction).
CREATE TABLE offers (
    game_id     INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    kind        TEXT NOT NULL CHECK (kind IN ('draw', 'takeback')),
    by_player   TEXT NOT NULL REFERENCES players(id),
    at          INTEGER NOT NULL,
    move_count  INTEGER NOT NULL,
    PRIMARY KEY (game_id, kind)
) WITHOUT ROWID;

CREATE TABLE tournaments (
    id          INTEGER PRIMARY KEY,
    server_id   TEXT NOT NULL REFERENCES servers(id),
    channel_id  TEXT REFERENCES channels(id),
    name        TEXT NOT NULL,
    variant     TEXT NOT NULL,
    options     TEXT NOT NULL DEFAULT '[]',
    format      TEXT NOT NULL,                   -- e.g. 'round-robin', 'swiss'
    state       TEXT NOT NULL DEFAULT 'signup',  -- e.g. 'signup', 'running', 'finished'
    data        TEXT NOT NULL DEFAULT '{}',      -- JSON owned by the tournament module
    created_by  TEXT REFERENCES players(id),
    created_at  INTEGER NOT NULL,
    updated_at  INTEGER NOT NULL
);
CREATE INDEX tournaments_by_server ON tournaments(server_id, id);

CREATE TABLE tournament_players (
    tournament_id  INTEGER NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
    player_id      TEXT NOT NULL REFERENCES players(id),
    joined_at      INTEGER NOT NULL,
    withdrawn_at   INTEGER,
    seed           INTEGER,
    PRIMARY KEY (tournament_id, player_id)
) WITHOUT ROWID;

CREATE TABLE tournament_matches (
    id             INTEGER PRIMARY KEY,
    tournament_id  INTEGER NOT NULL REFERENCES tournaments(id) ON DELETE CASCADE,
    round          INTEGER NOT NULL,
    board          INTEGER NOT NULL,
    first_player   TEXT REFERENCES players(id),
    second_player  TEXT REFERENCES players(id),   -- NULL: a bye
    result         TEXT,
    UNIQUE (tournament_id, round, board)
);

CREATE TABLE ratings (
    server_id    TEXT NOT NULL REFERENCES servers(id),
    variant      TEXT NOT NULL,
    player_id    TEXT NOT NULL REFERENCES players(id),
    rating       REAL NOT NULL DEFAULT 1500,
    rd           REAL NOT NULL DEFAULT 350,
    vol          REAL NOT NULL DEFAULT 0.06,
    games        INTEGER NOT NULL DEFAULT 0,
    wins_first   INTEGER NOT NULL DEFAULT 0,   -- wins playing the side that moves first
    wins_second  INTEGER NOT NULL DEFAULT 0,
    losses       INTEGER NOT NULL DEFAULT 0,
    draws        INTEGER NOT NULL DEFAULT 0,
    updated_at   INTEGER NOT NULL,
    PRIMARY KEY (server_id, variant, player_id)
) WITHOUT ROWID;

-- One row per rated game and player: makes applying a game's rating change
-- idempotent (a crash between finishing a game and rating it is harmless).
CREATE TABLE rating_history (
    game_id        INTEGER NOT NULL REFERENCES games(id),
    player_id      TEXT NOT NULL REFERENCES players(id),
    rating_before  REAL NOT NULL,
    rating_after   REAL NOT NULL,
    at             INTEGER NOT NULL,
    PRIMARY KEY (game_id, player_id)
) WITHOUT ROWID;
