## Symudiadau na ellir eu chwarae, a gemau neu opsiynau anhysbys.

move-example = { $notation ->
    [hv] @14-@44 (colofn yna rhes) neu a4-d4
   *[algebraic] e1-e4
}
move-empty = Ysgrifennwch symudiad fel dau sgwâr, fel { $example }.
move-too-long = Mae hynny'n llawer rhy hir i fod yn symudiad.
move-hv-needs-comma = Alla i ddim darllen { $text }: mae @hv yn cymryd un digid i'r golofn ac un i'r rhes, ac ar fyrddau lletach na 9, coma rhyngddynt (@11,6).
move-unreadable = Alla i ddim darllen "{ $text }" fel symudiad. Ysgrifennwch y sgwâr y mae darn yn ei adael a'r sgwâr lle mae'n aros, fel { $example }.
move-text-off-board = Dydy { $text } ddim ar y bwrdd: mae { $game } yn { $width }x{ $height } (colofnau a-{ $last-file }, rhesi 1-{ $height }).
move-captures-nothing = Dydy { $move } ddim yn cipio dim, nid { $claimed }. Gadewch y rhan x allan, neu edrychwch ar y bwrdd.
move-captures-other = Mae { $move } yn cipio { $actual }, nid { $claimed }. Gadewch y rhan x allan, neu edrychwch ar y bwrdd.
move-game-over = Mae'r gêm hon ar ben: dim rhagor o symudiadau.
move-off-board = Dydy { $square } ddim ar y bwrdd.
move-same-square = Rhaid i symudiad fynd i rywle: mae { $square } i { $square } yn aros yn ei unfan.
move-no-piece = Does dim darn ar { $square }.
move-not-your-piece = { $piece } sydd ar { $square }, { SIDE($side, form: "and-turn") } yw hi.
move-not-straight = Mae darnau'n symud ar hyd rhes neu golofn, byth ar groeslin: dydy'r symudiad { $from }-{ $to } ddim ar hyd llinell syth.
move-occupied = { $piece } sydd ar { $square } yn barod: dim ond ar sgwâr gwag y caiff darn aros.
move-blocked = { $piece } ar { $square } sydd yn y ffordd: dydy darnau byth yn neidio.
move-blocked-dux-jump = { $piece } ar { $square } sydd yn y ffordd: dim ond y dux gaiff fynd dros ddarn, a thros un yn unig.
move-king-steps = Gyda king-steps mae'r brenin yn symud un sgwâr ar y tro.
move-one-step = Yn y gêm { $game } mae pob darn yn symud un sgwâr ar y tro.
move-restricted = { $role ->
    [throne] { $square } yw'r orsedd
    [centre] { $square } yw'r canol
    [corner] Cornel yw { $square }
    [guard] Mae { $square } wrth ymyl cornel
   *[restricted] Mae { $square } yn sgwâr cyfyngedig
}: dim ond y brenin gaiff aros yno.
move-no-pass = { $role ->
    [throne] { $square } yw'r orsedd
    [centre] { $square } yw'r canol
    [corner] Cornel yw { $square }
    [guard] Mae { $square } wrth ymyl cornel
   *[restricted] Mae { $square } yn sgwâr cyfyngedig
}: dim ond y brenin gaiff fynd ar ei draws.
move-repetition = Byddai'r symudiad hwnnw'n creu'r un safle am y drydedd waith, ac mae'r rheolau'n gwahardd hynny: chwaraewch rywbeth arall.

rules-no-such-game = Does dim gêm o'r enw "{ $name }". Y gemau yw: { $list }.
rules-no-such-option = Does gan y gêm { $game } ddim opsiwn "{ $option }"; ei hopsiynau yw: { $list }.

pictures-too-fast = Dyna lawer o luniau mewn byr amser: { $per } llun y funud yw'r terfyn. Arhoswch funud, yna gofynnwch eto.
pictures-wait = Arhoswch funud cyn gofyn am lun arall.
