//! Languages: a player's choice is the player setting `language`; a
//! server's default is a column of `servers`.

use rusqlite::{params, OptionalExtension};

use super::{Language, ServerId, SqliteStore, StoreError};
use crate::i18n::Lang;

impl Language for SqliteStore {
    fn server_language(&self, server_id: &ServerId) -> Result<Option<Lang>, StoreError> {
        self.conn()
            .prepare_cached("SELECT language FROM servers WHERE id = ?1")
            .and_then(|mut s| {
                s.query_row([server_id], |r| r.get::<_, Option<String>>(0))
                    .optional()
            })
            .map(|code| code.flatten().and_then(|c| Lang::parse(&c)))
            .map_err(|e| self.err(e))
    }

    fn set_server_language(
        &self,
        server_id: &ServerId,
        lang: Option<Lang>,
    ) -> Result<(), StoreError> {
        self.write_plain(|c| {
            c.prepare_cached(
                "INSERT INTO servers (id, language) VALUES (?1, ?2) \
                 ON CONFLICT (id) DO UPDATE SET language = excluded.language",
            )?
            .execute(params![server_id, lang.map(Lang::code)])?;
            Ok(())
        })
    }
}
