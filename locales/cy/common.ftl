## Geiriau a rennir: enwau'r ochrau a'r darnau, rhestrau, botymau.
## Gweler docs/cymraeg.md am yr eirfa.

side-name = { $side ->
    [attackers] ymosodwyr
    [defenders] amddiffynwyr
    [assailants] ymosodwyr
    [princes] tywysogion
    [white] gwyn
   *[black] du
}

side-wins = { $side ->
    [attackers] Yr ymosodwyr sy'n ennill!
    [defenders] Yr amddiffynwyr sy'n ennill!
    [assailants] Yr ymosodwyr sy'n ennill!
    [princes] Y tywysogion sy'n ennill!
    [white] Gwyn sy'n ennill!
   *[black] Du sy'n ennill!
}

piece-name = { $piece ->
    [king] y brenin
    [attacker] ymosodwr
    [defender] amddiffynnwr
    [assailant] ymosodwr
    [prince] tywysog
    [white-dux] dux Gwyn
    [black-dux] dux Du
    [white-man] milwr gwyn
   *[black-man] milwr du
}
piece-name-capital = { $piece ->
    [king] Y brenin
    [attacker] Ymosodwr
    [defender] Amddiffynnwr
    [assailant] Ymosodwr
    [prince] Tywysog
    [white-dux] Dux Gwyn
    [black-dux] Dux Du
    [white-man] Milwr gwyn
   *[black-man] Milwr du
}

list-and = { $init } a { $last }
list-and-vowel = { $init } ac { $last }

store-failed = Mae'n ddrwg gen i: methodd cronfa ddata'r gemau, felly does dim wedi newid. Rhowch gynnig arall arni ymhen munud.

button-accept = Derbyn
button-decline = Gwrthod
button-leave = Gadael
button-stay = Aros

state-name = { $state ->
    [signup] yn derbyn chwaraewyr
    [running] ar waith
    [finished] wedi gorffen
    [open] ar agor
    [accepted] derbyniwyd
    [declined] gwrthodwyd
    [withdrawn] tynnwyd yn ôl
    [expired] daeth i ben
   *[cancelled] canslwyd
}
record-unreadable = Does dim modd darllen cofnod sydd ei angen ar gyfer hyn, felly does dim wedi newid. Gall gweithredwr y bot edrych arno (tawlbot doctor).
