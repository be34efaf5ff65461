## Capsiynau ar luniau'r bwrdd, GIFs a lluniau'r tabl.

caption-to-move = Symudiad { $number } · { $side ->
    [attackers] yr ymosodwyr
    [defenders] yr amddiffynwyr
    [white] Gwyn
   *[black] Du
} i symud
caption-to-move-named = Symudiad { $number } · { $player } i symud ({ $side ->
    [attackers] ymosodwyr
    [defenders] amddiffynwyr
    [white] gwyn
   *[black] du
})
caption-over = { $moves } symudiad · diwedd y gêm
caption-rules-start = { $game } · y dechrau
caption-gif = { $game } · { $moves } symudiad
caption-standings = { $name } — tabl
caption-standings-round = { $name } — tabl ar ôl rownd { $round } o { $total }
caption-crosstable = { $name } — croestabl
