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
ALTER TABLE challenges ADD COLUMN thread INTEGER NOT NULL DEFAULT 0;
ALTER TABLE challenges ADD COLUMN bot_level INTEGER;
ALTER TABLE challenges ADD COLUMN start_position TEXT;
ALTER TABLE games ADD COLUMN thread INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN bot_level INTEGER;
ALTER TABLE games ADD COLUMN start_position TEXT;

-- A level that was not a number counted as 3 and one out of range as the
-- nearest level: so it stays. Options that are not a JSON array are left as they are (the program
-- reports such a row as unreadable; the migration does not fail on it).
UPDATE challenges SET
    thread = EXISTS (SELECT 1 FROM json_each(options) WHERE value = 'thread'),
    bot_level = (SELECT CASE WHEN substr(value, 11) GLOB '[0-9]*'
                             THEN min(max(CAST(substr(value, 11) AS INTEGER), 1), 5)
                             ELSE 3 END
                 FROM json_each(options) WHERE value LIKE 'bot-level=%' LIMIT 1),
    start_position = (SELECT substr(value, 10) FROM json_each(options)
                      WHERE value LIKE 'position=%' LIMIT 1),
    options = (SELECT json_group_array(value) FROM json_each(options)
               WHERE value <> 'thread' AND value NOT LIKE 'bot-level=%'
                 AND value NOT LIKE 'position=%')
WHERE json_valid(options) AND json_type(options) = 'array';

UPDATE games SET
    thread = EXISTS (SELECT 1 FROM json_each(options) WHERE value = 'thread'),
    bot_level = (SELECT CASE WHEN substr(value, 11) GLOB '[0-9]*'
                             THEN min(max(CAST(substr(value, 11) AS INTEGER), 1), 5)
                             ELSE 3 END
                 FROM json_each(options) WHERE value LIKE 'bot-level=%' LIMIT 1),
    start_position = (SELECT substr(value, 10) FROM json_each(options)
                      WHERE value LIKE 'position=%' LIMIT 1),
    options = (SELECT json_group_array(value) FROM json_each(options)
               WHERE value <> 'thread' AND value NOT LIKE 'bot-level=%'
                 AND value NOT LIKE 'position=%')
WHERE json_valid(options) AND json_type(options) = 'array';
