## Geiriau a rennir: enwau'r ochrau a'r darnau, rhestrau, botymau.
## Gweler docs/cymraeg.md am yr eirfa.

## Yr ochrau. Mae neges yn cymryd ochr fel ei dynodydd sefydlog ($side,
## $loser, $first-side...): tafl-first, tafl-second (ymosodwyr,
## amddiffynwyr), goedhboell-first, goedhboell-second (ymosodwyr,
## tywysogion), latrunculi-first, latrunculi-second (Gwyn, Du). Mae'n enwi'r
## ochr gyda SIDE($side): gwerth cofnod yr ochr isod, neu gyda SIDE($side,
## form: "the") un o'i briodoleddau. Mae geiriau pob ochr yma unwaith.
## Ffurfiau: (gwerth) yr enw fel label, "(gwyn)"; .capital "Ymosodwyr",
## "Gwyn"; .the "yr ymosodwyr", "Gwyn" (fel enw, byth wedi'i dreiglo);
## .the-capital "Yr ymosodwyr"; .the-side ar ôl arddodiad neu air sy'n
## treiglo, "gan yr ymosodwyr", "gan yr ochr wen"; .and-the-side "a'r
## ymosodwyr", "a'r ochr wen"; .on-side "ar ochr yr ymosodwyr", "ar yr ochr
## wen"; .turn "Tro'r ymosodwyr", "Tro Gwyn"; .and-turn "a thro'r
## ymosodwyr", "a thro Gwyn".
side-tafl-first = ymosodwyr
    .capital = Ymosodwyr
    .the = yr ymosodwyr
    .the-capital = Yr ymosodwyr
    .the-side = yr ymosodwyr
    .and-the-side = a'r ymosodwyr
    .on-side = ar ochr yr ymosodwyr
    .turn = Tro'r ymosodwyr
    .and-turn = a thro'r ymosodwyr
side-tafl-second = amddiffynwyr
    .capital = Amddiffynwyr
    .the = yr amddiffynwyr
    .the-capital = Yr amddiffynwyr
    .the-side = yr amddiffynwyr
    .and-the-side = a'r amddiffynwyr
    .on-side = ar ochr yr amddiffynwyr
    .turn = Tro'r amddiffynwyr
    .and-turn = a thro'r amddiffynwyr
side-goedhboell-first = ymosodwyr
    .capital = Ymosodwyr
    .the = yr ymosodwyr
    .the-capital = Yr ymosodwyr
    .the-side = yr ymosodwyr
    .and-the-side = a'r ymosodwyr
    .on-side = ar ochr yr ymosodwyr
    .turn = Tro'r ymosodwyr
    .and-turn = a thro'r ymosodwyr
side-goedhboell-second = tywysogion
    .capital = Tywysogion
    .the = y tywysogion
    .the-capital = Y tywysogion
    .the-side = y tywysogion
    .and-the-side = a'r tywysogion
    .on-side = ar ochr y tywysogion
    .turn = Tro'r tywysogion
    .and-turn = a thro'r tywysogion
side-latrunculi-first = gwyn
    .capital = Gwyn
    .the = Gwyn
    .the-capital = Gwyn
    .the-side = yr ochr wen
    .and-the-side = a'r ochr wen
    .on-side = ar yr ochr wen
    .turn = Tro Gwyn
    .and-turn = a thro Gwyn
side-latrunculi-second = du
    .capital = Du
    .the = Du
    .the-capital = Du
    .the-side = yr ochr ddu
    .and-the-side = a'r ochr ddu
    .on-side = ar yr ochr ddu
    .turn = Tro Du
    .and-turn = a thro Du

side-name = { SIDE($side) }

side-wins = { SIDE($side, form: "the-capital") } sy'n ennill!

piece-name = { $piece ->
    [king] y brenin
    [attacker] ymosodwr
    [defender] amddiffynnwr
    [assailant] ymosodwr
    [prince] tywysog
    [white-dux] dux gwyn
    [black-dux] dux du
    [white-man] milwr gwyn
   *[black-man] milwr du
}
piece-name-capital = { $piece ->
    [king] Y brenin
    [attacker] Ymosodwr
    [defender] Amddiffynnwr
    [assailant] Ymosodwr
    [prince] Tywysog
    [white-dux] Dux gwyn
    [black-dux] Dux du
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
    [accepted] wedi'i derbyn
    [declined] wedi'i gwrthod
    [withdrawn] wedi'i thynnu'n ôl
    [expired] wedi dod i ben
   *[cancelled] wedi'i ganslo
}
record-unreadable = Does dim modd darllen cofnod sydd ei angen ar gyfer hyn, felly does dim wedi newid. Gall gweithredwr y bot ymchwilio iddo (tawlbot doctor).
