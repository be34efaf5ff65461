# Geiriau'r nodiant: allwedd y bwrdd testun, a pham na ellir darllen neu
# chwarae safle (src/app/presentation/notation_words.rs).

diagram-pieces = { $family ->
    [tafl] { $men ->
        [goedhboell-first] X ymosodwr, O tywysog
       *[tafl-first] X ymosodwr, O amddiffynnwr
    }, K brenin
    [dux] O gwyn, X du, W dux gwyn, B dux du
   *[latrunculi] O gwyn, X du
}, '.' gwag{ $king-only ->
    [yes] , # dim ond y brenin gaiff aros yma
   *[no] {""}
}
diagram-last-move = y symudiad olaf: * o, [ ] i, × wedi'i gipio
diagram-targets = +: lle gall y darn fynd
diagram-at-hv = @hv: colofnau 1-{ $width } ar draws, rhesi 1-{ $height } i fyny; sgwâr yw @, rhif ei golofn, yna rhif ei res (@55: colofn 5, rhes 5)

position-too-long = Mae'r safle hwnnw'n llawer rhy hir.
position-not-otn = Mae safle OTN yn dechrau ac yn gorffen â slaes, rhes 1 yn gyntaf: /rhes/rhes/.../.
position-rank-count = Mae gan fwrdd { $game } { $ranks ->
    [two] { $ranks } res
   *[other] { $ranks } rhes
}, ond mae gan y safle hwnnw { $found }.
position-zero-run = Mae gan res { $rank } rediad o 0 sgwâr gwag.
position-unknown-piece = { $letters ->
    [otn] Mae '{ $found }' yn rhes { $rank }, a dydy e ddim yn ddarn y mae tawlbot yn ei adnabod: mae OTN yn ysgrifennu t (ymosodwr), T (amddiffynnwr), K (brenin), c/C (dux) a rhifau am sgwariau gwag.
    [tafl] Mae '{ $found }' yn rhes { $rank }, a dydy e ddim yn un o ddarnau { $game }: defnyddiwch '.' neu rif am sgwariau gwag, ac a (ymosodwr), d (amddiffynnwr), K (brenin).
    [dux] Mae '{ $found }' yn rhes { $rank }, a dydy e ddim yn un o ddarnau { $game }: defnyddiwch '.' neu rif am sgwariau gwag, ac w, b (milwyr), W, B (dux).
   *[latrunculi] Mae '{ $found }' yn rhes { $rank }, a dydy e ddim yn un o ddarnau { $game }: defnyddiwch '.' neu rif am sgwariau gwag, ac w (gwyn), b (du).
}
position-rank-width = Mae { $found } sgwâr yn rhes { $rank }, ond mae bwrdd { $game } yn { $width } sgwâr o led.

position-size = Mae bwrdd { $game } yn { $width }x{ $height }, ond mae'r safle hwnnw'n { $found-width }x{ $found-height }.
position-no-king = Does dim brenin: mae angen union un (K) ar safle { $game }.
position-kings = Mae { $count ->
    [two] { $count } frenin
   *[other] { $count } brenin
} ({ $squares }): mae angen union un ar safle { $game }.
position-attacker-king = Mae'r brenin ar { $squares } wedi'i ysgrifennu fel ymosodwr (k): i'r amddiffynwyr y mae'r brenin yn perthyn (K).
position-tafl-dux = Does dim cadlywyddion (c, C) yn y gêm { $game }, ond mae un ar { $squares }.
position-latrunculi-king = Does dim brenin yn y gêm { $game }, ond mae un ar { $squares }.
position-dux-without-option = Mae dux ar { $squares }, ond mae'r gêm hon yn cael ei chwarae heb yr opsiwn dux.
position-duxes = Mae gan { SIDE($side, form: "the-side") } { $count ->
    [two] { $count } ddux
   *[other] { $count } dux
} ({ $squares }): un ar y mwyaf sydd gan bob ochr.
position-restricted = Mae { $piece } ar { $square }, sef { $role ->
    [throne] yr orsedd
    [centre] y canol
    [corner] cornel
    [guard] sgwâr wrth ymyl cornel
   *[restricted] sgwâr cyfyngedig
}: dim ond y brenin gaiff sefyll yno.
position-refused = Does dim modd chwarae'r safle hwnnw fel { $game }:
position-decided = Mae'r safle hwnnw wedi'i ennill neu ei golli'n barod: all gêm { $game } ddim dechrau ohono.

record-header-end = Llinell { $line }: mae llinell pennawd yn gorffen â ].
record-header-shape = Llinell { $line }: mae pennawd ar y ffurf [Enw "gwerth"].
record-header-quotes = Llinell { $line }: rhaid i werth y pennawd fod rhwng dyfynodau.
otn-move-jump = Mae { $move } yn naid neu'n symudiad berserk, a does dim un o gemau tawlbot yn caniatáu hynny.
otn-move-unreadable = Dydy "{ $move }" ddim yn symudiad OTN.
otn-record-not-a-move = Llinell { $line }: dydy "{ $start }..." ddim yn symudiad.
otn-rules-not-key-value = Dydy'r eitem "{ $entry }" yn y llinyn rheolau ddim ar y ffurf allwedd:gwerth.
otn-rules-no-size = Does dim maint bwrdd (dim:N) yn y llinyn rheolau.
otn-rules-no-game = Dydy tawlbot ddim yn chwarae gêm tafl ar fwrdd { $dim }x{ $dim }: mae'n chwarae 11x11 (tawlbwrdd) a 9x9 (tallfwrdd, goedhboell).
otn-rules-unsupported = All tawlbot ddim chwarae'r rheolau hyn: dydy { $theirs } ({ $meaning }) ddim yn yr un o'i gemau; mae gan yr agosaf, { $game }, { $ours }. Mae cofnodion tawlbot yn enwi eu gêm mewn tag amrywiad.
otn-rule-absent = dim { $key }
otn-rule-meaning = { $key ->
    [dim] maint y bwrdd
    [esc] lle mae'r brenin yn dianc
    [ka] ydy'r brenin yn helpu i gipio
    [ks] sut mae dal y brenin
    [spd] pa mor bell mae darnau'n symud
    [cor] sgwariau'r corneli
    [cen] y sgwâr canol
    [corh] i bwy mae'r corneli'n elyniaethus
    [cenh] i bwy mae'r canol yn elyniaethus pan fydd darn arno
    [cenhe] i bwy mae'r canol gwag yn elyniaethus
    [cors] pwy gaiff aros ar gornel
    [cens] pwy gaiff aros ar y canol
    [corp] pwy gaiff fynd heibio i gornel
    [cenp] pwy gaiff fynd heibio i'r canol
    [sw] cipio mur tarianau
    [efe] dianc o gaer ar yr ymyl
    [ber] symudiadau berserk
    [linc] cipio Linnaeus
    [kj] neidiau'r brenin
    [nj] marchogion a chadlywyddion
    [cj] marchogion a chadlywyddion
   *[rule] rheol
}
otn-load-seed = Dydy'r hedyn yn y tag amrywiad, { $seed }, ddim yn rhif.
otn-load-no-rules = Does gan y cofnod OTN hwn ddim tag rheolau, na thag amrywiad yn enwi gêm tawlbot.
otn-load-after-resign = Mae { $move } yn dod ar ôl ildio (---).
otn-game-move = Symudiad { $number } ({ $move }): { $why }
