## /rules: the games and their summaries.

rules-list = The games:
    { $list }
# One line of rules-list (lines joined with a newline).
rules-list-item = • **{ $name }** ({ $id }): { $summary }
rules-variant = **{ $name }**: { $summary }
rules-variant-options = **{ $name }**: { $summary }
    Options: { $options }.

# The name of each game with its gloss (one per entry of the registry).
variant-name-tawlbwrdd = Tawlbwrdd
variant-name-tawlbwrdd-walker = Tawlbwrdd (Walker)
variant-name-tallfwrdd = Tallfwrdd
variant-name-goedhboell = Goedhboell (Celtic chess)
variant-name-gwyddbwyll = Gwyddbwyll (ludus latrunculorum)

variant-summary-tawlbwrdd = 11x11, 24 attackers against 12 defenders and a king on the throne f6. Every piece slides like a rook; only the king may stop on the throne. Custodial capture; the empty throne is hostile. The king wins on any edge square; attackers win by surrounding him on four sides (the empty throne counts as one). Attackers move first.
variant-summary-tawlbwrdd-walker = 11x11, Damian Walker's reconstruction: 24 attackers against 12 defenders and a king. Every piece slides; the throne and corners are for the king alone and hostile to all. Lines of up to three enemies are captured at once; the king is captured like any piece. The king wins on any edge square. Attackers move first.
variant-summary-tallfwrdd = 9x9, 16 attackers against 8 defenders and a king on e5. Every piece moves one square at a time. Only the king may enter the throne or the corners; the empty throne is hostile. The king wins in a corner and is captured by four attackers (three on the edge). Attackers move first.
variant-summary-goedhboell = 9x9 in @hv notation: 16 assailants against 8 princes and a king on @55. Every piece slides; only the king may stop on the centre or a corner. Custodial capture; the king is captured by four assailants in a cross (three on the edge). The king wins in a corner. Assailants move first.
variant-summary-gwyddbwyll = 13x8 (or 12x8, 10x8, 8x8): white fills rank 1, black the top rank; a coin toss decides who starts. Every piece slides. A man between two enemies is captured, two in a line at once; a man in a corner falls to the two squares beside it. A side left with one piece, or with no move, loses. Option dux: each side's dux can never be captured, and a side whose dux cannot move loses.
# /rules of a game that has the dice option.
rules-dice = The dice option (options:dice): before each turn the side to move throws a die. An even number gives it the move; an odd number passes the turn to the other side, which throws in its turn. The first throw decides who starts; every throw is named after the move.

# The options of /rules, each explained after the game's summary.
rules-king-steps = The king-steps option (options:king-steps): the king moves one square at a time, along a rank or a file.
rules-corner-guard = The corner-guard option (options:corner-guard): only the king may stop on the eight squares next to the corners (hatched on the picture).
rules-size = The size option (options:size=12x8, size=10x8 or size=8x8): one of the other boards the Romans used; 13x8 is the usual one.
rules-dux = The dux option (options:dux): each side adds a dux on its second rank. It moves, captures and closes captures like a man, but is never captured; a side whose dux cannot move loses.
rules-dux-jump = The dux-jump option (options:dux-jump, which brings dux with it): in its move the dux may pass over one piece, whoever's it is, and slide on beyond it.
# /rules in a game's channel: which game it explains ($options: the game's option words).
rules-this-game = The game in this channel: { $game }.
rules-this-game-options = The game in this channel: { $game }, options: { $options }.
