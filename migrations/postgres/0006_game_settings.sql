-- Twin of migrations/sqlite/0006_game_settings.sql.
--
-- 1. Sides are stored as `first` and `second` (the rules' own sides), not
-- as what the game calls them: the first side is the attackers in the tafl
-- games and white in gwyddbwyll. So are results (`first`, `second`, `draw`).
UPDATE games SET first_side = CASE first_side
    WHEN 'attackers' THEN 'first' WHEN 'white' THEN 'first'
    WHEN 'defenders' THEN 'second' WHEN 'black' THEN 'second'
    ELSE first_side END;
UPDATE games SET result = CASE result
    WHEN 'attackers' THEN 'first' WHEN 'white' THEN 'first'
    WHEN 'defenders' THEN 'second' WHEN 'black' THEN 'second'
    ELSE result END
WHERE result IS NOT NULL;
UPDATE challenges SET challenger_side = CASE challenger_side
    WHEN 'attackers' THEN 'first' WHEN 'white' THEN 'first'
    WHEN 'defenders' THEN 'second' WHEN 'black' THEN 'second'
    ELSE challenger_side END
WHERE challenger_side IS NOT NULL;

-- 2. A game's settings that are not rules move out of the options list into
-- typed columns, for challenges and games alike: `thread` (play in a new
-- thread), `bot_level` (1 to 5 when the bot plays), `start_position` (an
-- OTN position when not the variant's own). Before, they were the
-- pseudo-options "thread", "bot-level=N" and "position=...".
ALTER TABLE challenges ADD COLUMN thread BOOLEAN NOT NULL DEFAULT FALSE,
                       ADD COLUMN bot_level BIGINT,
                       ADD COLUMN start_position TEXT;
ALTER TABLE games ADD COLUMN thread BOOLEAN NOT NULL DEFAULT FALSE,
                  ADD COLUMN bot_level BIGINT,
                  ADD COLUMN start_position TEXT;

-- The options list as a JSON array, or NULL when it is not one (such a row
-- is left as it is: the program reports it as unreadable; the migration
-- does not fail on it). pg_temp: gone when the migrating session ends.
CREATE FUNCTION pg_temp.tawlbot_0006_array(t TEXT) RETURNS JSONB
LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
    IF jsonb_typeof(t::jsonb) = 'array' THEN
        RETURN t::jsonb;
    END IF;
    RETURN NULL;
EXCEPTION WHEN others THEN
    RETURN NULL;
END
$$;

-- A level that was not a number counted as 3 and one out of range as the
-- nearest level: so it stays.
UPDATE challenges AS c SET
    thread = EXISTS (SELECT 1 FROM jsonb_array_elements_text(a.arr) AS e(v)
                     WHERE e.v = 'thread'),
    bot_level = (SELECT CASE WHEN e.v ~ '^bot-level=[0-9]'
                             THEN LEAST(GREATEST(substring(e.v FROM '^bot-level=([0-9]+)')::NUMERIC,
                                                 1), 5)::BIGINT
                             ELSE 3 END
                 FROM jsonb_array_elements_text(a.arr) WITH ORDINALITY AS e(v, n)
                 WHERE e.v LIKE 'bot-level=%' ORDER BY e.n LIMIT 1),
    start_position = (SELECT substr(e.v, 10)
                      FROM jsonb_array_elements_text(a.arr) WITH ORDINALITY AS e(v, n)
                      WHERE e.v LIKE 'position=%' ORDER BY e.n LIMIT 1),
    options = (SELECT COALESCE(json_agg(e.v ORDER BY e.n), '[]'::json)::TEXT
               FROM jsonb_array_elements_text(a.arr) WITH ORDINALITY AS e(v, n)
               WHERE e.v <> 'thread' AND e.v NOT LIKE 'bot-level=%'
                 AND e.v NOT LIKE 'position=%')
FROM (SELECT id, pg_temp.tawlbot_0006_array(options) AS arr FROM challenges) AS a
WHERE a.id = c.id AND a.arr IS NOT NULL;

UPDATE games AS g SET
    thread = EXISTS (SELECT 1 FROM jsonb_array_elements_text(a.arr) AS e(v)
                     WHERE e.v = 'thread'),
    bot_level = (SELECT CASE WHEN e.v ~ '^bot-level=[0-9]'
                             THEN LEAST(GREATEST(substring(e.v FROM '^bot-level=([0-9]+)')::NUMERIC,
                                                 1), 5)::BIGINT
                             ELSE 3 END
                 FROM jsonb_array_elements_text(a.arr) WITH ORDINALITY AS e(v, n)
                 WHERE e.v LIKE 'bot-level=%' ORDER BY e.n LIMIT 1),
    start_position = (SELECT substr(e.v, 10)
                      FROM jsonb_array_elements_text(a.arr) WITH ORDINALITY AS e(v, n)
                      WHERE e.v LIKE 'position=%' ORDER BY e.n LIMIT 1),
    options = (SELECT COALESCE(json_agg(e.v ORDER BY e.n), '[]'::json)::TEXT
               FROM jsonb_array_elements_text(a.arr) WITH ORDINALITY AS e(v, n)
               WHERE e.v <> 'thread' AND e.v NOT LIKE 'bot-level=%'
                 AND e.v NOT LIKE 'position=%')
FROM (SELECT id, pg_temp.tawlbot_0006_array(options) AS arr FROM games) AS a
WHERE a.id = g.id AND a.arr IS NOT NULL;

DROP FUNCTION pg_temp.tawlbot_0006_array(TEXT);
