-- Twin of migrations/sqlite/0009_organisers.sql (issue 21).
--
-- * A match game whose channel or thread was deleted is aborted and played
--   again: the one-game-per-match-and-sides index leaves aborted games out,
--   so the replay can be stored (still at most one live or finished game
--   per match and sides).

DROP INDEX games_one_per_match_sides;

CREATE UNIQUE INDEX games_one_per_match_sides
    ON games(tournament_match_id, first_player, second_player)
    WHERE tournament_match_id IS NOT NULL AND state <> 'aborted';
