## How players see boards: alt text on pictures, the text diagram, /settings.
## $side is a side id (tafl-first, tafl-second, latrunculi-first...: common.ftl).

# Alt text (the description a screen reader reads for a board picture).
alt-heading = { $game }, move { $number }.
alt-heading-over = { $game }, game over after { $moves } moves.
alt-turn = { SIDE($side, form: "capital") } to play.
# $reason: an alt-reason message.
alt-won = { SIDE($side, form: "capital") } won: { $reason }.
alt-drawn = Drawn: { $reason }.
alt-reason = { $reason ->
    [king-escaped] the king escaped
    [king-captured] the king was captured
    [one-piece-left] one side has a single piece left
    [dux-immobile] a dux cannot move
    [no-legal-move] a side has no move
    [repetition] every move would repeat a position a third time
    [move-limit] 100 moves without a capture
    [resignation] resignation
    [draw-agreed] agreed draw
   *[timeout] time ran out
}
# $piece: a piece-name message; $list: squares (a list-and message).
alt-last-move = Last move: { $piece }, { $from } to { $to }.
alt-last-move-capturing = Last move: { $piece }, { $from } to { $to }, capturing { $list }.
alt-king-captured-on = the king on { $square }
# $role: an alt-role message.
alt-square-role = { $square } ({ $role })
alt-role = { $role ->
    [throne] the throne
    [centre] the centre
    [corner] a corner
    [guard] next to a corner
   *[restricted] a restricted square
}
# $place: a square, or an alt-square-role message.
alt-king-at = The king is on { $place }.
alt-king-shut = The king is on { $place }, with no open line to escape.
alt-king-open = The king is on { $place }, with an open line to escape to { $list }.
alt-no-king = The king is off the board.
# A run of squares along a rank or a file.
alt-run = { $from } to { $to }
# Two items of a list: "e5, d4".
alt-comma = { $first }, { $next }
# Text that is no sentence (a square).
alt-text = { $text }
# A side's men: $king yes or no; $dux the dux's square or none;
# $squares the men's squares (alt-comma and alt-run messages).
alt-pieces = { SIDE($side, form: "capital") }, { $count ->
    [0] no men
    [one] 1 man
   *[other] { $count } men
}{ $king ->
    [yes] {" "}and the king
   *[no] {""}
}{ $dux ->
    [none] {""}
   *[other] {" "}and the dux on { $dux }
}.
alt-pieces-at = { SIDE($side, form: "capital") }, { $count ->
    [0] no men
    [one] 1 man
   *[other] { $count } men
}{ $king ->
    [yes] {" "}and the king
   *[no] {""}
}{ $dux ->
    [none] {""}
   *[other] {" "}and the dux on { $dux }
}: { $squares }.
# When the squares do not fit: $dux yes or no.
alt-counts = { SIDE($side, form: "capital") }: { $count ->
    [0] no men
    [one] 1 man
   *[other] { $count } men
}{ $king ->
    [yes] {" "}and the king
   *[no] {""}
}{ $dux ->
    [yes] {" "}and the dux
   *[no] {""}
}.
# The animated record (GIF), before the description of its last position.
alt-gif = An animation of the { $game } game, { $moves ->
    [one] { $moves } move
   *[other] { $moves } moves
}, one position after another. It ends here:
# A standings picture: one alt-standings-row per player.
alt-standings = The standings of { $name }.
# $record: wins/draws/losses as W/D/L.
# $points: written with fractions ("2½"); $count: the same as a number.
alt-standings-row = { $place }. { $player }, { $points } { $count ->
    [one] point
   *[other] points
} ({ $record }).
alt-crosstable = The crosstable of { $name }: each player's games against each other player.
alt-crosstable-row = { $place }. { $player }, { $points } { $count ->
    [one] point
   *[other] points
}: { $games }.
# The /analysis graph. $side: a side id.
alt-graph = A graph of { SIDE($side, form: "possessive") } winning chances after every move of this { $game } game ({ $moves ->
    [one] { $moves } move
   *[other] { $moves } moves
}), from 0 to 100 per cent.
alt-graph-marks = { $count ->
    [one] The biggest swing is marked at move { $list }.
   *[other] The biggest swings are marked at moves { $list }.
}

board-style-unknown = A board is shown as a picture, as text, or both: style:picture, style:text or style:both.
# /settings. $board: picture, text or both; $theme: light, dark or contrast;
# $flip: auto or off.
settings-board-unknown = Boards can be shown as a picture, as text, or both: board:picture, board:text or board:both.
settings-theme-unknown = The picture themes are light, dark and contrast (high contrast).
settings-flip-unknown = Boards are drawn from your side with flip:auto, or always the same way up with flip:off.
settings-saved = Saved. You see boards { $board ->
    [text] as text
    [both] as a picture and as text
   *[picture] as a picture
}, in the { $theme ->
    [dark] dark
    [contrast] high-contrast
   *[light] light
} theme. { $flip ->
    [auto] Boards addressed to you are drawn from your side.
   *[off] Boards are always drawn the same way up.
}
settings-now = You see boards { $board ->
    [text] as text
    [both] as a picture and as text
   *[picture] as a picture
}, in the { $theme ->
    [dark] dark
    [contrast] high-contrast
   *[light] light
} theme. { $flip ->
    [auto] Boards addressed to you are drawn from your side.
   *[off] Boards are always drawn the same way up.
} Change it with /settings board: theme: flip:.

# /export format:otn
export-otn = The record of game { $id } in OpenTafl notation (OTN).
export-format-unknown = The export formats are tawlbot (the record and an animation) and otn (an OpenTafl game record).
