## Moves that cannot be played (notation::explain) and game specs that
## cannot be read (Ruleset::from_spec).

# $notation: hv or algebraic.
move-example = { $notation ->
    [hv] @14-@44 (column then row) or a4-d4
   *[algebraic] e1-e4
}
# $example: a move-example message.
move-empty = Write a move as two squares, like { $example }.
move-too-long = That is far too long to be a move.
move-hv-needs-comma = I can't read { $text }: @hv takes one digit for the column and one for the row, and on boards wider than 9 a comma between them (@11,6).
move-unreadable = I can't read "{ $text }" as a move. Write the square a piece leaves and the square it stops on, like { $example }.
move-text-off-board = { $text } is not on the board: { $game } is { $width }x{ $height } (files a-{ $last-file }, ranks 1-{ $height }).
# $move: the move without captures; $claimed, $actual: squares (list-and).
move-captures-nothing = { $move } captures nothing, not { $claimed }. Leave the x part off, or check the board.
move-captures-other = { $move } captures { $actual }, not { $claimed }. Leave the x part off, or check the board.
move-game-over = This game is over: no more moves.
move-off-board = { $square } is not on the board.
move-same-square = A move has to go somewhere: { $square } to { $square } stays put.
move-no-piece = There is no piece on { $square }.
# $piece: piece-name-capital message (it starts the sentence in Welsh:
# "Y brenin sydd ar f6"); $side: the side id to move.
move-not-your-piece = { $piece } is on { $square }, and it is { SIDE($side, form: "turn") } turn.
move-not-straight = Pieces move along a rank or a file, never diagonally: { $from } and { $to } are not in line.
# $piece: piece-name-capital message.
move-occupied = { $piece } is already on { $square }: a piece stops only on an empty square.
# $piece: piece-name-capital message.
move-blocked = { $piece } on { $square } is in the way: pieces never jump.
move-blocked-dux-jump = { $piece } on { $square } is in the way: only the dux may pass over a piece, and only over one.
move-king-steps = With king-steps the king moves one square at a time.
move-one-step = In { $game } every piece moves one square at a time.
# $role: throne, centre, corner, guard (next to a corner) or restricted.
move-restricted = { $square } is { $role ->
    [throne] the throne
    [centre] the centre
    [corner] a corner
    [guard] next to a corner
   *[restricted] a restricted square
}: only the king may stop there.
move-no-pass = { $square } is { $role ->
    [throne] the throne
    [centre] the centre
    [corner] a corner
    [guard] next to a corner
   *[restricted] a restricted square
}: only the king may pass across it.
move-repetition = That move would bring the same position about a third time, which the rules forbid: play something else.

# $list: the game ids joined with ", ".
rules-no-such-game = There is no game called "{ $name }". The games are: { $list }.
rules-no-such-option = { $game } has no option "{ $option }"; its options are: { $list }.

# A player asked for more public pictures (boards, GIFs, graphs, tables) in a minute than the limit. $per: the limit.
pictures-too-fast = That is a lot of pictures in a short while: you can ask for { $per } a minute. Wait a minute, then ask again.
pictures-wait = Wait a minute before asking for another picture.
