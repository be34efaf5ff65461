-- Tournaments, ratings and challenges safe across processes (issue 10).
--
-- * tournaments.version: the compare-and-set counter. Every change of a
--   tournament's state or data checks the version it read and bumps it, so
--   two processes (or two tasks) updating one tournament cannot lose a
--   change: the loser reads again and retries.
-- * One game per tournament match and sides: starting a match's game is
--   idempotent (a retry after a crash, or two processes, start it once).
-- * The open challenges of a challenger on a server, for the limit on open
--   challenges per user.

ALTER TABLE tournaments ADD COLUMN version INTEGER NOT NULL DEFAULT 0;

CREATE UNIQUE INDEX games_one_per_match_sides
    ON games(tournament_match_id, first_player, second_player)
    WHERE tournament_match_id IS NOT NULL;

CREATE INDEX challenges_open_by_challenger
    ON challenges(challenger_id, server_id) WHERE state = 'open';
