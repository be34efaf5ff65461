# Words of the notation: the text board's legend and why a position cannot
# be read or played (src/app/presentation/notation_words.rs).

# The legend under a text board. $family: tafl, latrunculi or dux
# (gwyddbwyll with the dux); $men: the first side's id (tafl-first,
# goedhboell-first, latrunculi-first); $king-only: yes when some squares
# are marked #.
diagram-pieces = { $family ->
    [tafl] { $men ->
        [goedhboell-first] X assailant, O prince
       *[tafl-first] X attacker, O defender
    }, K king
    [dux] O white, X black, W white dux, B black dux
   *[latrunculi] O white, X black
}, '.' empty{ $king-only ->
    [yes] , # only the king stops here
   *[no] {""}
}
diagram-last-move = last move: * from, [ ] to, × captured
diagram-targets = +: where the piece can go
# $width, $height: the board's size (columns and rows are numbered).
diagram-at-hv = @hv: columns 1-{ $width } across, rows 1-{ $height } up; a square is @, its column, then its row (@55: column 5, row 5)

# A position that cannot be read.
position-too-long = That position is far too long.
position-not-otn = An OTN position starts and ends with a slash, rank 1 first: /row/row/.../.
position-rank-count = A { $game } board has { $ranks } ranks, but that position has { $found }.
position-zero-run = Rank { $rank } has a run of 0 empty squares.
# $letters: otn, tafl, latrunculi or dux; $found: the character.
position-unknown-piece = { $letters ->
    [otn] Rank { $rank } has '{ $found }', which is no piece tawlbot knows: OTN writes t (attacker), T (defender), K (king), c/C (dux) and numbers for empty squares.
    [tafl] Rank { $rank } has '{ $found }', which is no piece of { $game }: use '.' or a number for empty squares and a (attacker), d (defender), K (king).
    [dux] Rank { $rank } has '{ $found }', which is no piece of { $game }: use '.' or a number for empty squares and w, b (men), W, B (dux).
   *[latrunculi] Rank { $rank } has '{ $found }', which is no piece of { $game }: use '.' or a number for empty squares and w (white), b (black).
}
position-rank-width = Rank { $rank } has { $found } squares, but a { $game } board is { $width } squares wide.

# A position that reads but cannot be played. $squares: a list of squares.
position-size = A { $game } board is { $width }x{ $height }, but that position is { $found-width }x{ $found-height }.
position-no-king = There is no king: a { $game } position needs exactly one (K).
position-kings = There are { $count } kings ({ $squares }): a { $game } position needs exactly one.
position-attacker-king = The king on { $squares } is written as an attacker (k): the king belongs to the defenders (K).
position-tafl-dux = { $game } has no commanders (c, C), but there is one on { $squares }.
position-latrunculi-king = { $game } has no king, but there is one on { $squares }.
position-dux-without-option = There is a dux on { $squares }, but this game is played without the dux option.
# $side: latrunculi-first or latrunculi-second.
position-duxes = { SIDE($side, form: "capital") } has { $count } duxes ({ $squares }): a side has one at most.
# $piece: a piece-name message; $role: throne, centre, corner, guard or restricted.
position-restricted = There is { $piece } on { $square }, which is { $role ->
    [throne] the throne
    [centre] the centre
    [corner] a corner
    [guard] next to a corner
   *[restricted] a restricted square
}: only the king may stand there.
# /challenge position: that cannot be played; the problems follow.
position-refused = That position cannot be played as { $game }:
position-decided = That position is already won or lost: a { $game } game cannot start from it.

# A tawlbot record (replay --record) that cannot be read. $line: from 1.
record-header-end = Line { $line }: a header line ends with ].
record-header-shape = Line { $line }: a header is [Name "value"].
record-header-quotes = Line { $line }: the header value must be in quotes.
# An OpenTafl record that cannot be read.
otn-move-jump = { $move } is a jump or a berserk move, which no tawlbot game has.
otn-move-unreadable = "{ $move }" is not an OTN move.
# $start: the first 20 characters of what stands where a move should.
otn-record-not-a-move = Line { $line }: "{ $start }..." is not a move.
# An OpenTafl rules string no tawlbot game plays.
otn-rules-not-key-value = The rules entry "{ $entry }" is not key:value.
otn-rules-no-size = The rules string has no board size (dim:N).
otn-rules-no-game = tawlbot has no tafl game on a { $dim }x{ $dim } board: it plays 11x11 (tawlbwrdd) and 9x9 (tallfwrdd, goedhboell).
# $theirs, $ours: the rule as key:value, or otn-rule-absent; $meaning: otn-rule-meaning.
otn-rules-unsupported = tawlbot cannot play these rules: { $theirs } ({ $meaning }) is not in any of its games; the nearest, { $game }, has { $ours }. A record from tawlbot names its game in a variant tag.
otn-rule-absent = no { $key }
# What an OTN rules key decides.
otn-rule-meaning = { $key ->
    [dim] the board size
    [esc] where the king escapes
    [ka] whether the king helps capture
    [ks] how the king is captured
    [spd] how far pieces move
    [cor] the corner squares
    [cen] the centre square
    [corh] whom the corners are hostile to
    [cenh] whom the occupied centre is hostile to
    [cenhe] whom the empty centre is hostile to
    [cors] who may stop on a corner
    [cens] who may stop on the centre
    [corp] who may pass a corner
    [cenp] who may pass the centre
    [sw] shieldwall captures
    [efe] edge-fort escapes
    [ber] berserk moves
    [linc] Linnaean capture
    [kj] king jumps
    [nj] knights and commanders
    [cj] knights and commanders
   *[rule] a rule
}
# An OpenTafl record that is no game to replay.
otn-load-seed = The seed in the variant tag, { $seed }, is not a number.
otn-load-no-rules = This OTN record has no rules tag, and no variant tag naming a tawlbot game.
otn-load-after-resign = { $move } comes after a resignation (---).
# $why: the move's refusal (move-*).
otn-game-move = Move { $number } ({ $move }): { $why }
