-- Many processes on one database (issue 20): leases on timed work, and a
-- heartbeat per process. The twin of migrations/sqlite/0011_leases.sql.
--
-- * leases: a process claims one item of timed work before doing it.
--   `kind` (deadline, reminder, pause_end, challenge_expiry,
--   tournament_start, bot_turn, analysis) and `item` name the work (the
--   item carries the time it fell due, or the move number, so a new
--   deadline is a new item); `owner` is the process, `until` when its lease
--   ends (unix seconds). Another process may take the item over once
--   `until` has passed; `done_at` marks work that is finished. `payload`:
--   what another process needs to take over a job that lives nowhere else
--   (an `/analysis` in progress: the interaction to answer).
-- * processes: one row per running process, its last heartbeat. The
--   downtime rule reads the latest beat of any process.

CREATE TABLE leases (
    kind     TEXT NOT NULL,
    item     TEXT NOT NULL,
    owner    TEXT NOT NULL,
    until    BIGINT NOT NULL,
    done_at  BIGINT,
    payload  TEXT,
    PRIMARY KEY (kind, item)
);

CREATE INDEX leases_until ON leases(until);

CREATE TABLE processes (
    id          TEXT PRIMARY KEY,
    started_at  BIGINT NOT NULL,
    beat_at     BIGINT NOT NULL,
    shards      TEXT NOT NULL DEFAULT ''
);
