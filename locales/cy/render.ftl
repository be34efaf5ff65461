## Capsiynau ar luniau'r bwrdd, GIFs a lluniau'r tabl.

caption-to-move = Symudiad { $number } · { SIDE($side, form: "the") } i symud
caption-to-move-named = Symudiad { $number } · { $player } i symud ({ SIDE($side) })
caption-over = { $moves } symudiad · { $result }
caption-rules-start = { $game } · y dechrau
caption-gif = { $game } · symudiad { $number } · { SIDE($side, form: "the") } i symud
caption-standings = { $name } — tabl: does dim rownd wedi gorffen eto
caption-standings-round = { $name } — tabl ar ôl rownd { $round } o { $total }
caption-crosstable = { $name } — croestabl
caption-won = { SIDE($side, form: "the-capital") } sy'n ennill: { $reason }
caption-drawn = Gêm gyfartal: { $reason }
caption-result-none = diwedd y gêm
caption-reason = { $reason ->
    [king-escaped] dihangodd y brenin
    [king-captured] daliwyd y brenin
    [one-piece-left] un darn ar ôl
    [dux-immobile] y dux yn gaeth
    [no-legal-move] dim symudiad ar ôl
    [repetition] ailadrodd
    [move-limit] 100 symudiad heb gipio
    [resignation] ildio
    [draw-agreed] drwy gytundeb
   *[timeout] amser ar ben
}
caption-ended = { $moves } symudiad · { $reason ->
    [cancelled] wedi'i chanslo, heb ganlyniad
    [decided] wedi'i phenderfynu gan y trefnydd, heb ganlyniad
   *[aborted] wedi dod i ben, heb ganlyniad
}
caption-gif-end = { $game } · { $moves } symudiad · { $result }
