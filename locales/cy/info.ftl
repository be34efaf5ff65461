## /games, /game, /mygames, /language.

games-none = Does dim gemau'n cael eu chwarae ar y gweinydd hwn. Dechreuwch un gyda /challenge.
games-line = Gêm { $id } yn y sianel { $channel }: { $variant } — { $first } yn erbyn { $second }, { $moves } symudiad
game-id-missing = Rhowch rif y gêm, fel /game id:12.
game-none = Does dim gêm rhif { $id } yma.
mygames-none = Does gennych chi ddim gemau ar y gweill.
mygames-line = Gêm { $id } yn y sianel { $channel }: { $game } — { $turn }
mygames-line-left = Gêm { $id } yn y sianel { $channel }: { $game } — { $turn }, { $span } ar ôl
mygames-line-vacation = { $line } (mae { $player } ar wyliau tan { $until })
mygames-your-move = eich tro chi
mygames-to-move = { $player } i symud
mygames-over = ar ben
mygames-finished-head = Eich gemau sydd wedi gorffen, tudalen { $page } o { $pages }:
mygames-finished-line = Gêm { $id } yn y sianel { $channel }: { $game } — { $result }
mygames-aborted = daeth i ben heb ganlyniad
mygames-next-page = Rhagor: /mygames finished:true page:{ $page }
mygames-none-finished = Does gennych chi ddim gemau sydd wedi gorffen eto.
mygames-no-such-page = Does dim tudalen { $page }: mae eich gemau sydd wedi gorffen yn llenwi { $pages ->
    [one] un dudalen
    [two] { $pages } dudalen
    [many] chwe thudalen
   *[other] { $pages } tudalen
}.
mygames-bad-page = Rhif o 1 i fyny yw tudalen, nid { $text }.

language-choose = Dewiswch english neu cymraeg.
language-set = O hyn ymlaen, byddaf yn ysgrifennu atoch yn Gymraeg.
language-set-server = Cymraeg yw iaith y gweinydd hwn bellach: mae'r hyn rwy'n ei bostio yn ei sianeli yn Gymraeg; mae'r hyn rwy'n ei ysgrifennu at un chwaraewr yn unig yn dilyn ei ddewis ei hun.
language-server-not-allowed = Dim ond aelodau â'r caniatâd Manage Server all osod iaith y gweinydd.

export-wait = Gallwch allforio gêm unwaith y funud: rhowch gynnig arall arni ymhen { $seconds } eiliad.

# /mygames finished:true, one game: $opponent a name; $verdict a profile-result-* message; $result an outcome-* message.
mygames-finished-against = Gêm { $id } yn y sianel { $channel }: { $game } yn erbyn { $opponent }, { $verdict } — { $result }
