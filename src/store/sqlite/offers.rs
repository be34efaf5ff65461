//! Draw, undo and other offers on a game.

use super::*;

impl Offers for SqliteStore {
    fn set_offer_once(
        &self,
        game_id: GameId,
        kind: OfferKind,
        by_player: &UserId,
        at: i64,
    ) -> Result<bool, AppendError> {
        self.write(|c| {
            let count = check_turn(c, game_id, None)?;
            let n = c
                .prepare_cached(
                    "INSERT INTO offers (game_id, kind, by_player, at, move_count) \
                     VALUES (?1, ?2, ?3, ?4, ?5) ON CONFLICT (game_id, kind) DO NOTHING",
                )?
                .execute(params![game_id, kind.as_str(), by_player, at, count])?;
            Ok(n == 1)
        })
    }

    fn get_offer(&self, game_id: GameId, kind: OfferKind) -> Result<Option<Offer>, StoreError> {
        let row: Option<(UserId, i64, i64)> = self
            .conn()
            .prepare_cached(
                "SELECT by_player, at, move_count FROM offers WHERE game_id = ?1 AND kind = ?2",
            )
            .and_then(|mut s| {
                s.query_row(params![game_id, kind.as_str()], |r| {
                    Ok((r.get(0)?, r.get(1)?, r.get(2)?))
                })
                .optional()
            })
            .map_err(|e| self.err(e))?;
        Ok(row.map(|(by_player, at, n)| Offer {
            kind,
            by_player,
            at,
            move_count: to_u32(n),
        }))
    }

    fn clear_offer(&self, game_id: GameId, kind: OfferKind) -> Result<bool, StoreError> {
        self.write_plain(|c| {
            let n = c
                .prepare_cached("DELETE FROM offers WHERE game_id = ?1 AND kind = ?2")?
                .execute(params![game_id, kind.as_str()])?;
            Ok(n > 0)
        })
    }
}
