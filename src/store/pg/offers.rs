//! Draw, takeback and pause offers on a game.

use super::games::check_turn;
use super::rows::*;
use super::*;
use crate::store::*;

impl Offers for PostgresStore {
    fn set_offer_once(
        &self,
        game_id: GameId,
        kind: OfferKind,
        by_player: &UserId,
        at: i64,
    ) -> Result<bool, AppendError> {
        self.write(|c| {
            let count = check_turn(c, game_id, None)?.0;
            let n = exec(
                c,
                "INSERT INTO offers (game_id, kind, by_player, at, move_count) \
                 VALUES ($1, $2, $3, $4, $5) ON CONFLICT (game_id, kind) DO NOTHING",
                &[&game_id, &kind.as_str(), &by_player, &at, &i64::from(count)],
            )?;
            Ok(n == 1)
        })
    }

    fn get_offer(&self, game_id: GameId, kind: OfferKind) -> Result<Option<Offer>, StoreError> {
        self.read(|c| {
            let Some(r) = row(
                c,
                "SELECT by_player, at, move_count FROM offers WHERE game_id = $1 AND kind = $2",
                &[&game_id, &kind.as_str()],
            )?
            else {
                return Ok(None);
            };
            Ok(Some(Offer {
                kind,
                by_player: r.try_get(0)?,
                at: r.try_get(1)?,
                move_count: to_u32(r.try_get(2)?),
            }))
        })
    }

    fn clear_offer(&self, game_id: GameId, kind: OfferKind) -> Result<bool, StoreError> {
        self.write_plain(|c| {
            let n = exec(
                c,
                "DELETE FROM offers WHERE game_id = $1 AND kind = $2",
                &[&game_id, &kind.as_str()],
            )?;
            Ok(n > 0)
        })
    }
}
