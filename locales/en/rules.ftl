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
variant-name-copenhagen = Copenhagen Hnefatafl
variant-name-copenhagen-relaxed = Copenhagen (relaxed shieldwall)
variant-name-fetlar = Fetlar Hnefatafl
variant-name-tawlbwrdd-opentafl = Tawlbwrdd (OpenTafl's)
variant-name-sea-battle = Sea Battle
variant-name-tablut = Tablut
variant-name-foteviken-tablut = Foteviken Tablut
variant-name-brandub = Brandub
variant-name-magpie = Magpie

variant-summary-tawlbwrdd = 11x11, 24 attackers against 12 defenders and a king on the throne f6. Every piece slides like a rook; only the king may stop on the throne. Custodial capture; the empty throne is hostile. The king wins on any edge square; attackers win by surrounding him on four sides (the empty throne counts as one). Attackers move first.
variant-summary-tawlbwrdd-walker = 11x11, Damian Walker's reconstruction: 24 attackers against 12 defenders and a king. Every piece slides; the throne and corners are for the king alone and hostile to all. Lines of up to three enemies are captured at once; the king is captured like any piece. The king wins on any edge square. Attackers move first.
variant-summary-tallfwrdd = 9x9, 16 attackers against 8 defenders and a king on e5. Every piece moves one square at a time. Only the king may enter the throne or the corners; the empty throne is hostile. The king wins in a corner and is captured by four attackers (three on the edge). Attackers move first.
variant-summary-goedhboell = 9x9 in @hv notation: 16 assailants against 8 princes and a king on @55. Every piece slides; only the king may stop on the centre or a corner. Custodial capture; the king is captured by four assailants in a cross (three on the edge). The king wins in a corner. Assailants move first.
variant-summary-gwyddbwyll = 13x8 (or 12x8, 10x8, 8x8): white fills rank 1, black the top rank; a coin toss decides who starts. Every piece slides. A man between two enemies is captured, two in a line at once; a man in a corner falls to the two squares beside it. A side left with one piece, or with no move, loses. Option dux: each side's dux can never be captured, and a side whose dux cannot move loses.
variant-summary-copenhagen = 11x11, Copenhagen Hnefatafl as the World Tafl Federation plays it: 24 attackers against 12 defenders and a king on the throne f6. Every piece slides; only the king may stop on the throne or a corner, and both are hostile. The king wins in a corner or by an edge fort, and is captured on four sides (three and the throne). Shieldwalls capture along the edge; a side that moves into a third repetition loses; the attackers also win by surrounding every defender. Attackers move first.
variant-summary-copenhagen-relaxed = Copenhagen Hnefatafl, but a shieldwall is captured by any move that completes it, not only by the move that closes one of its ends. Attackers move first.
variant-summary-fetlar = 11x11, Fetlar Hnefatafl: Copenhagen's board and pieces without shieldwalls or edge forts. Only the king may stop on the throne or a corner, both hostile; the king wins in a corner and is captured on four sides (three and the throne). A threefold repetition draws; surrounding every defender wins for the attackers. Attackers move first.
variant-summary-tawlbwrdd-opentafl = 11x11, tawlbwrdd as OpenTafl sets it out (Bell's layout), not tawlbot's own: 24 attackers against 12 defenders and a king. No special squares; the king wins on any edge square and is captured between two attackers like any piece. A threefold repetition draws; surrounding every defender wins for the attackers. Attackers move first.
variant-summary-sea-battle = 9x9: 16 attackers against 8 defenders and a king. No special squares; the king takes no part in captures, wins on any edge square and is captured on four sides. A threefold repetition draws; surrounding every defender wins for the attackers. Attackers move first.
variant-summary-tablut = 9x9, Linnaeus's Lapland game: 16 attackers against 8 defenders and a king on the throne e5. Once the king has left the throne nobody may stop on it, though everyone may cross it; it is hostile to all while empty. The king wins on any edge square; on or next to the throne he is captured on four sides, elsewhere between two. A defender beside the king on the throne falls to Linnaean capture. A threefold repetition draws; surrounding every defender wins for the attackers. Attackers move first.
variant-summary-foteviken-tablut = 9x9, Tablut as played at Foteviken: the attackers start in four fortresses of four squares, which they may leave but never re-enter and no one else may enter. Once the king has left the throne nobody may cross it or stop on it. The king wins on any edge square and is captured on four sides; the empty throne and the fortresses count against him. A threefold repetition draws; surrounding every defender wins for the attackers. Attackers move first.
variant-summary-brandub = 7x7, the Irish game: 8 attackers against 4 defenders and a king on the throne d4. Only the king may stop on the throne or a corner; the corners are hostile, the throne is not. The king wins in a corner and is captured between two attackers. A threefold repetition draws. Attackers move first.
variant-summary-magpie = 7x7, Brandub's board and pieces with a king who moves one square at a time and is captured on all his sides (three on the edge). Only the king may stop on the throne or a corner, both hostile. The king wins in a corner. A threefold repetition draws. Attackers move first.
# /rules of a game that has the dice option.
rules-dice = The dice option (options:dice): before each turn the side to move throws a die. An even number gives it the move; an odd number passes the turn to the other side, which throws in its turn. The first throw decides who starts; every throw is named after the move.
