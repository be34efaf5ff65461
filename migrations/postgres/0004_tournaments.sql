-- PostgreSQL twin of migrations/0004_tournaments.sql: the tournament
-- compare-and-set counter, one game per tournament match and sides, and the
-- open challenges of a challenger on a server.

ALTER TABLE tournaments ADD COLUMN version BIGINT NOT NULL DEFAULT 0;

CREATE UNIQUE INDEX games_one_per_match_sides
    ON games(tournament_match_id, first_player, second_player)
    WHERE tournament_match_id IS NOT NULL;

CREATE INDEX challenges_open_by_challenger
    ON challenges(challenger_id, server_id) WHERE state = 'open';
