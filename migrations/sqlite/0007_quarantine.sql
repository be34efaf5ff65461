-- Rows that `tawlbot doctor --quarantine` set aside because this program
-- cannot read them: the table and id they came from, what was wrong, and
-- the row itself with the rows that hung on it, as JSON
-- ({"row": {...}, "moves": [...], ..., "unlinked": {...}}), so that the
-- operator can fix and put them back, or drop them.
CREATE TABLE quarantine (
    id          INTEGER PRIMARY KEY,
    table_name  TEXT NOT NULL,
    row_id      TEXT NOT NULL,
    problem     TEXT NOT NULL,
    content     TEXT NOT NULL,
    at          INTEGER NOT NULL
);
