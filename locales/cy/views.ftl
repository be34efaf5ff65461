## Sut mae chwaraewyr yn gweld byrddau: testun amgen ar luniau, y diagram testun, /settings.
## $side: dynodydd ochr (tafl-first, tafl-second, latrunculi-first...: common.ftl).

alt-heading = { $game }, symudiad { $number }.
alt-heading-over = { $game }, y gêm ar ben ar ôl { $moves } symudiad.
alt-turn = { SIDE($side, form: "the-capital") } i symud.
alt-won = Enillodd { SIDE($side, form: "the") }: { $reason }.
alt-drawn = Gêm gyfartal: { $reason }.
alt-reason = { $reason ->
    [king-escaped] dihangodd y brenin
    [king-captured] daliwyd y brenin
    [one-piece-left] dim ond un darn sydd gan un ochr
    [dux-immobile] all dux ddim symud
    [no-legal-move] does gan un ochr ddim symudiad
    [repetition] byddai pob symudiad yn ailadrodd safle am y drydedd waith
    [move-limit] 100 symudiad heb gipio
    [resignation] ildio
    [draw-agreed] cytunwyd ar gêm gyfartal
   *[timeout] daeth yr amser i ben
}
alt-last-move = Y symudiad olaf: { $piece }, { $from } i { $to }.
alt-last-move-capturing = Y symudiad olaf: { $piece }, { $from } i { $to }, gan gipio { $list }.
alt-king-captured-on = y brenin ar { $square }
alt-square-role = { $square } ({ $role })
alt-role = { $role ->
    [throne] yr orsedd
    [centre] y canol
    [corner] cornel
    [guard] wrth ymyl cornel
   *[restricted] sgwâr cyfyngedig
}
alt-king-at = Mae'r brenin ar { $place }.
alt-king-shut = Mae'r brenin ar { $place }, heb lwybr agored i ddianc.
alt-king-open = Mae'r brenin ar { $place }, gyda llwybr agored i ddianc i { $list }.
alt-no-king = Mae'r brenin oddi ar y bwrdd.
alt-run = { $from } i { $to }
alt-comma = { $first }, { $next }
alt-text = { $text }
alt-pieces = { SIDE($side, form: "capital") }, { $count ->
    [0] dim darnau
    [one] 1 darn
    [two] 2 ddarn
   *[other] { $count } darn
}{ $king ->
    [yes] {" "}a'r brenin
   *[no] {""}
}{ $dux ->
    [none] {""}
   *[other] {" "}a'r dux ar { $dux }
}.
alt-pieces-at = { SIDE($side, form: "capital") }, { $count ->
    [0] dim darnau
    [one] 1 darn
    [two] 2 ddarn
   *[other] { $count } darn
}{ $king ->
    [yes] {" "}a'r brenin
   *[no] {""}
}{ $dux ->
    [none] {""}
   *[other] {" "}a'r dux ar { $dux }
}: { $squares }.
alt-counts = { SIDE($side, form: "capital") }: { $count ->
    [0] dim darnau
    [one] 1 darn
    [two] 2 ddarn
   *[other] { $count } darn
}{ $king ->
    [yes] {" "}a'r brenin
   *[no] {""}
}{ $dux ->
    [yes] {" "}a'r dux
   *[no] {""}
}.
alt-gif = Animeiddiad o'r gêm { $game }, { $moves } symudiad, un safle ar ôl y llall. Mae'n gorffen fel hyn:
alt-standings = Tabl { $name }.
alt-standings-row = { $place }. { $player }, { $count ->
    [two] { $points } bwynt
    [few] { $points } phwynt
    [many] { $points } phwynt
   *[other] { $points } pwynt
} ({ $record }).
alt-crosstable = Croestabl { $name }: gemau pob chwaraewr yn erbyn pob chwaraewr arall.
alt-crosstable-row = { $place }. { $player }, { $count ->
    [two] { $points } bwynt
    [few] { $points } phwynt
    [many] { $points } phwynt
   *[other] { $points } pwynt
}: { $games }.
alt-graph = Graff o siawns { SIDE($side, form: "the") } o ennill ar ôl pob symudiad yn y gêm { $game } hon ({ $moves } symudiad), o 0 i 100 y cant.
alt-graph-marks = { $count ->
    [one] Mae'r newid mwyaf wedi'i farcio ar symudiad { $list }.
   *[other] Mae'r newidiadau mwyaf wedi'u marcio ar symudiadau { $list }.
}

board-style-unknown = Mae bwrdd yn cael ei ddangos fel llun, fel testun, neu'r ddau: style:picture, style:text neu style:both.
settings-board-unknown = Gellir dangos byrddau fel llun, fel testun, neu'r ddau: board:picture, board:text neu board:both.
settings-flip-unknown = Mae byrddau'n cael eu dangos o'ch ochr chi gyda flip:auto, neu bob amser yr un ffordd i fyny gyda flip:off.
settings-theme-unknown = Y themâu lluniau yw light (y thema olau), dark (y thema dywyll) a contrast (y thema cyferbyniad uchel).
settings-saved = Wedi'i gadw. Rydych chi'n gweld byrddau { $board ->
    [text] fel testun
    [both] fel llun ac fel testun
   *[picture] fel llun
}, yn { $theme ->
    [dark] y thema dywyll
    [contrast] y thema cyferbyniad uchel
   *[light] y thema olau
}. { $flip ->
    [auto] Mae byrddau sydd wedi'u cyfeirio atoch chi'n cael eu dangos o'ch ochr chi.
   *[off] Mae byrddau'n cael eu dangos yr un ffordd i fyny bob amser.
}
settings-now = Rydych chi'n gweld byrddau { $board ->
    [text] fel testun
    [both] fel llun ac fel testun
   *[picture] fel llun
}, yn { $theme ->
    [dark] y thema dywyll
    [contrast] y thema cyferbyniad uchel
   *[light] y thema olau
}. { $flip ->
    [auto] Mae byrddau sydd wedi'u cyfeirio atoch chi'n cael eu dangos o'ch ochr chi.
   *[off] Mae byrddau'n cael eu dangos yr un ffordd i fyny bob amser.
} Newidiwch hyn gyda /settings board: theme: flip:.

export-otn = Cofnod gêm { $id } yn nodiant OpenTafl (OTN).
export-format-unknown = Y fformatau allforio yw tawlbot (y cofnod ac animeiddiad) ac otn (cofnod gêm OpenTafl).
