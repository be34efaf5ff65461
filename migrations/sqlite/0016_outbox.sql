-- The outbox (issue 29): every message a committed change produces is
-- written in the same transaction as the change, and any live process
-- sends what is due, oldest first, one channel's rows in order.
--
-- * target: where it goes: `channel:ID` or `dm:USER`.
-- * body: the rendered message as JSON (its text, buttons, and files with
--   their bytes in base64), in the reader's language already.
-- * created_at: when the change was committed (unix seconds); rows older
--   than a day are dropped unsent.
-- * due_at: the next attempt (a transient failure moves it back, 1, 2, 4
--   ... seconds, at most 5 minutes); attempts: how many failed.
-- * lease_owner, lease_until: the process sending it, until when; another
--   process takes the row over once the lease has ended.
--
-- AUTOINCREMENT: an id is never used twice, so the nonce made of it (see
-- src/discord/handler/sender.rs) never names two messages.

CREATE TABLE outbox (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    target       TEXT NOT NULL,
    body         TEXT NOT NULL,
    created_at   INTEGER NOT NULL,
    due_at       INTEGER NOT NULL,
    attempts     INTEGER NOT NULL DEFAULT 0,
    lease_owner  TEXT,
    lease_until  INTEGER NOT NULL DEFAULT 0
);

CREATE INDEX outbox_target ON outbox(target, id);
CREATE INDEX outbox_created ON outbox(created_at);
