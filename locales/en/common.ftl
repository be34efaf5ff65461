## Words shared by many replies: side and piece names, lists, buttons.
## $side is a side key as the rules name it: attackers, defenders, white, black.

# A side's name on its own, as in "(attackers)".
side-name = { $side ->
    [attackers] attackers
    [defenders] defenders
    [assailants] assailants
    [princes] princes
    [white] white
   *[black] black
}

# The winning line at the end of an outcome ("Attackers win!").
side-wins = { $side ->
    [attackers] Attackers win!
    [defenders] Defenders win!
    [assailants] Assailants win!
    [princes] Princes win!
    [white] White wins!
   *[black] Black wins!
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
