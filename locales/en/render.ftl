## Captions on board pictures, GIFs and standings pictures.

# $side: a side id (tafl-first, tafl-second, latrunculi-first...: common.ftl).
caption-to-move = Move { $number } · { SIDE($side) } to move
caption-to-move-named = Move { $number } · { $player } to move ({ SIDE($side) })
caption-over = { $moves ->
    [one] { $moves } move
   *[other] { $moves } moves
} · { $result }
caption-rules-start = { $game } · start
# A frame of the animation: named as the picture of that position is
# (caption-to-move): the move in play, numbered by turn, and the side to move.
caption-gif = { $game } · move { $number } · { SIDE($side) } to move
caption-standings = { $name } — standings: no round is finished yet
# The result in a caption: $result is caption-won, caption-drawn or caption-result-none.
caption-won = { SIDE($side, form: "capital") } { SIDE($side, form: "number") ->
    [one] wins
   *[other] win
}: { $reason }
caption-drawn = Drawn: { $reason }
caption-result-none = game over
caption-reason = { $reason ->
    [king-escaped] king escaped
    [king-captured] king captured
    [one-piece-left] one piece left
    [dux-immobile] dux blocked
    [no-legal-move] no move left
    [repetition] repetition
    [move-limit] 100 moves, no capture
    [resignation] resignation
    [draw-agreed] agreed
   *[timeout] on time
}
# A game ended with no result; $reason: cancelled, decided or aborted.
caption-ended = { $moves ->
    [one] { $moves } move
   *[other] { $moves } moves
} · { $reason ->
    [cancelled] cancelled, no result
    [decided] decided by the organiser, no result
   *[aborted] aborted, no result
}
caption-standings-round = { $name } — standings after round { $round } of { $total }
caption-crosstable = { $name } — crosstable
caption-gif-end = { $game } · { $moves ->
    [one] { $moves } move
   *[other] { $moves } moves
} · { $result }
