//! Draw, takeback and pause offers on a game.

use super::games::{check_turn, to_u32};
use super::{params, AppendError, Backend, GameId, Offer, OfferKind, Offers, StoreError, UserId};

impl<B: Backend> Offers for B {
    fn set_offer_once(
        &self,
        game_id: GameId,
        kind: OfferKind,
        by_player: &UserId,
        at: i64,
    ) -> Result<bool, AppendError> {
        self.sql_write(|c| {
            let count = check_turn(c, game_id, None)?.0;
            let n = c.exec(
                "INSERT INTO offers (game_id, kind, by_player, at, move_count) \
                 VALUES ($1, $2, $3, $4, $5) ON CONFLICT (game_id, kind) DO NOTHING",
                params![game_id, kind, by_player, at, count],
            )?;
            Ok(n == 1)
        })
    }

    fn get_offer(&self, game_id: GameId, kind: OfferKind) -> Result<Option<Offer>, StoreError> {
        self.sql_read(|c| {
            c.query_opt(
                "SELECT by_player, at, move_count FROM offers WHERE game_id = $1 AND kind = $2",
                params![game_id, kind],
            )?
            .map(|r| {
                Ok(Offer {
                    kind,
                    by_player: r.get(0)?,
                    at: r.get(1)?,
                    move_count: to_u32(r.get(2)?),
                })
            })
            .transpose()
        })
    }

    fn clear_offer(&self, game_id: GameId, kind: OfferKind) -> Result<bool, StoreError> {
        self.sql_write_plain(|c| {
            let n = c.exec(
                "DELETE FROM offers WHERE game_id = $1 AND kind = $2",
                params![game_id, kind],
            )?;
            Ok(n > 0)
        })
    }
}
