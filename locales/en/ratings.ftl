## /leaderboard and /profile.

leaderboard-none = No rated { $game } games on this server yet.
leaderboard-head = **{ $game }** ratings (Glicko-2):
leaderboard-line = { $rank }. { $player } — { $rating } ±{ $rd }, { $games ->
    [one] { $games } game
   *[other] { $games } games
} ({ $won } won, { $lost } lost, { $drawn } drawn)
profile-head = **{ $player }**
# $first-side, $second-side: side ids (tafl-first, tafl-second, latrunculi-first...: common.ftl).
profile-line = { $game }: { $rating } ±{ $rd } — { $games ->
    [one] { $games } game
   *[other] { $games } games
}: { $won-first } won as { SIDE($first-side) }, { $won-second } won as { SIDE($second-side) }, { $lost } lost, { $drawn } drawn
profile-no-rated = No rated games yet.
profile-no-games = No games in progress.
profile-games-head = Games in progress:
profile-game = • Game { $id } in { $channel }: { $variant } against { $opponent }, { $moves ->
    [one] { $moves } move
   *[other] { $moves } moves
}
profile-recent-head = Recent games:
# $rated: yes or no; $result: one of profile-result-*.
profile-recent = • Game { $id }: { $variant } against { $opponent }{ $rated ->
    [yes] {" "}(rated)
   *[no] {""}
} — { $result }
profile-result-won = won
profile-result-lost = lost
profile-result-drawn = drawn
profile-result-aborted = ended with no result
