## Words shared by many replies: side and piece names, lists, buttons.

## The sides. A message takes a side as its stable id ($side, $loser,
## $first-side...): tafl-first, tafl-second (attackers, defenders),
## goedhboell-first, goedhboell-second (assailants, princes),
## latrunculi-first, latrunculi-second (white, black). It names the side
## with SIDE($side): the value of the side's entry below, or with
## SIDE($side, form: "the") one of its attributes. Each side's words are
## written here once, and no message selects on a side's name.
## Forms: (value) the name as a label, "(attackers)"; .capital "Attackers";
## .the "the attackers", "white"; .the-capital "The attackers", "White";
## .possessive "the attackers'", "White's"; .possessive-capital
## "Attackers'", "White's"; .turn whose turn it is, "the attackers'",
## "white's"; .number for the verb: one ("White has") or other ("The
## attackers have").
side-tafl-first = attackers
    .capital = Attackers
    .the = the attackers
    .the-capital = The attackers
    .possessive = the attackers'
    .possessive-capital = Attackers'
    .turn = the attackers'
    .number = other
side-tafl-second = defenders
    .capital = Defenders
    .the = the defenders
    .the-capital = The defenders
    .possessive = the defenders'
    .possessive-capital = Defenders'
    .turn = the defenders'
    .number = other
side-goedhboell-first = assailants
    .capital = Assailants
    .the = the assailants
    .the-capital = The assailants
    .possessive = the assailants'
    .possessive-capital = Assailants'
    .turn = the assailants'
    .number = other
side-goedhboell-second = princes
    .capital = Princes
    .the = the princes
    .the-capital = The princes
    .possessive = the princes'
    .possessive-capital = Princes'
    .turn = the princes'
    .number = other
side-latrunculi-first = white
    .capital = White
    .the = white
    .the-capital = White
    .possessive = White's
    .possessive-capital = White's
    .turn = white's
    .number = one
side-latrunculi-second = black
    .capital = Black
    .the = black
    .the-capital = Black
    .possessive = Black's
    .possessive-capital = Black's
    .turn = black's
    .number = one

# A side's name on its own, as in "(attackers)".
side-name = { SIDE($side) }

# The winning line at the end of an outcome ("Attackers win!").
side-wins = { SIDE($side, form: "capital") } { SIDE($side, form: "number") ->
    [one] wins!
   *[other] win!
}

# $piece: king, attacker, defender, assailant, prince, white-dux, black-dux, white-man, black-man.
piece-name = { $piece ->
    [king] the king
    [attacker] an attacker
    [defender] a defender
    [assailant] an assailant
    [prince] a prince
    [white-dux] the white dux
    [black-dux] the black dux
    [white-man] a white man
   *[black-man] a black man
}
piece-name-capital = { $piece ->
    [king] The king
    [attacker] An attacker
    [defender] A defender
    [assailant] An assailant
    [prince] A prince
    [white-dux] The white dux
    [black-dux] The black dux
    [white-man] A white man
   *[black-man] A black man
}

# "e5, d4 and f6": $init is the list but its last item, joined with ", ".
list-and = { $init } and { $last }
# The same before a word read with a vowel (Welsh: "ac e5").
list-and-vowel = { $init } and { $last }

store-failed = Sorry: the game database failed, so nothing was changed. Try again in a moment.

button-accept = Accept
button-decline = Decline
button-leave = Leave
button-stay = Stay

# Tournament and challenge states, as shown to players.
state-name = { $state ->
    [signup] open for sign-up
    [running] running
    [finished] finished
    [open] open
    [accepted] accepted
    [declined] declined
    [withdrawn] withdrawn
    [expired] expired
   *[cancelled] cancelled
}
record-unreadable = A stored record this needs cannot be read, so nothing was changed. The bot's operator can look into it (tawlbot doctor).
