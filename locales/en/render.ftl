## Captions on board pictures, GIFs and standings pictures.

# $side: a side key (attackers, defenders, white, black).
caption-to-move = Move { $number } · { $side } to move
caption-to-move-named = Move { $number } · { $player } to move ({ $side })
caption-over = { $moves ->
    [one] { $moves } move
   *[other] { $moves } moves
} · game over
caption-rules-start = { $game } · start
caption-gif = { $game } · { $moves ->
    [one] { $moves } move
   *[other] { $moves } moves
}
caption-standings = { $name } — standings
caption-standings-round = { $name } — standings after round { $round } of { $total }
caption-crosstable = { $name } — crosstable
