-- A server's default language for the bot's words (`/language server:true`);
-- NULL: English. A player's own choice is the player setting `language`,
-- and it wins over the server's.
ALTER TABLE servers ADD COLUMN language TEXT;
