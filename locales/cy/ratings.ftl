## /leaderboard a /profile.

leaderboard-none = Does dim gemau { $game } wedi'u graddio ar y gweinydd hwn eto.
leaderboard-head = Graddiadau **{ $game }** (Glicko-2):
leaderboard-line = { $rank }. { $player } — { $rating } ±{ $rd }, { $games } gêm (ennill { $won }, colli { $lost }, cyfartal { $drawn })
profile-head = **{ $player }**
profile-line = { $game }: { $rating } ±{ $rd } — { $games } gêm: ennill { $won-first } fel { SIDE($first-side, form: "the") }, ennill { $won-second } fel { SIDE($second-side, form: "the") }, colli { $lost }, cyfartal { $drawn }
profile-no-rated = Dim gemau wedi'u graddio eto.
profile-no-games = Dim gemau ar y gweill.
profile-games-head = Gemau ar y gweill:
profile-game = • Gêm { $id } yn y sianel { $channel }: { $variant } yn erbyn { $opponent }, { $moves } symudiad
profile-recent-head = Gemau diweddar:
profile-recent = • Gêm { $id }: { $variant } yn erbyn { $opponent }{ $rated ->
    [yes] {" "}(wedi'i graddio)
   *[no] {""}
} — { $result }
profile-result-won = wedi ennill
profile-result-lost = wedi colli
profile-result-drawn = gêm gyfartal
profile-result-aborted = daeth i ben heb ganlyniad
