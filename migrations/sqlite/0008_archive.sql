-- The web archive (issue 22): a server's games, tournaments and players are
-- on the web only after someone with Manage Server says so
-- (`/settings archive:public`). Default: private. Direct-message scopes
-- ('dm:...') are never public, whatever this column says.
ALTER TABLE servers ADD COLUMN archive_public INTEGER NOT NULL DEFAULT 0;
