## Chwarae: agor gêm, llinellau statws, symudiadau, canlyniadau, hanes, allforio.

game-title = Gêm { $id }: { $game } —
game-opening = { $title } { $first } ({ SIDE($first-side) }) yn erbyn { $second } ({ SIDE($second-side) }). { $status }
game-opening-coin = { $title } { $first } ({ SIDE($first-side) }) yn erbyn { $second } ({ SIDE($second-side) }). Taflwyd ceiniog: { SIDE($coin, form: "the") } sy'n dechrau. { $status }

status-to-move = { $player } i symud ({ SIDE($side) }), symudiad { $number }.
status-die = Taflodd { $player } { $value }.
status-die-passed = Taflodd { $player } { $value }, odrif, felly { $next } sy'n cael y tro.

played = Chwaraeodd { $player } **{ $move }**. { $status }
played-summary = Chwaraeodd { $name } { $move }.

outcome-king-escaped = Dihangodd y brenin i { $square }. { $win }
outcome-king-captured = Mae'r brenin wedi'i ddal. { $win }
outcome-one-piece-left = Dim ond un darn sydd gan { SIDE($loser, form: "the-side") } ar ôl. { $win }
outcome-dux-immobile = All dux { SIDE($loser, form: "the") } ddim symud. { $win }
outcome-no-legal-move = Does gan { SIDE($loser, form: "the-side") } ddim symudiad cyfreithlon. { $win }
outcome-repetition = Byddai pob symudiad sydd gan { SIDE($loser, form: "the-side") } ar ôl yn ailadrodd safle am y drydedd waith. { $win }
outcome-move-limit = 100 symudiad heb gipio: mae'r gêm yn gyfartal.
outcome-resignation = Ildiodd { SIDE($loser, form: "the") }. { $win }
outcome-timeout = Daeth amser { SIDE($loser, form: "the") } i ben. { $win }
outcome-draw-agreed = Gêm gyfartal drwy gytundeb.
outcome-drawn = Mae'r gêm yn gyfartal.

no-game-here = Does dim gêm yn y sianel hon. Dechreuwch un gyda /challenge.
game-over-here = Mae'r gêm yn y sianel hon ar ben. Dechreuwch un newydd gyda /challenge.
game-over = Mae'r gêm hon ar ben.
not-playing = Dydych chi ddim yn chwarae yn y gêm hon.
move-not-player = Dydych chi ddim yn chwarae yn y gêm hon: dim ond ei dau chwaraewr all symud.
not-your-turn = { SIDE($side, form: "turn") } yw hi: { $player } i symud.
position-changed = Newidiodd y safle tra oeddech chi'n symud: edrychwch ar y bwrdd eto.
position-changed-meanwhile = Newidiodd y safle yn y cyfamser: edrychwch ar y bwrdd eto.
move-hint = Rwy'n darllen symudiadau fel e1-e4 (neu @14-@44 wrth chwarae goedhboell). Teipiwch /help am bopeth arall.
move-missing = Ysgrifennwch y symudiad, fel /move move:e1-e4.
unknown-command = Does dim gorchymyn /{ $name }. Teipiwch /help i'w gweld i gyd.
button-stale = Dydy'r botwm hwnnw ddim yn gwneud dim mwyach.
option-unknown = Does dim opsiwn { $option } gan y gorchymyn /{ $command }: mae'n cymryd { $known }. Does dim wedi'i wneud.
option-none = Dydy'r gorchymyn /{ $command } ddim yn cymryd opsiynau, felly wnes i ddim defnyddio { $option }. Does dim wedi'i wneud.
option-not-flag = Mae'r gorchymyn /{ $command } yn cymryd { $option }:true neu { $option }:false, nid { $option }:{ $value }. Does dim wedi'i wneud.

board-status = Gêm { $id }. { $status }
moves-square-unreadable = Alla i ddim darllen { $text } fel sgwâr: enwch un fel { $example }.
moves-cannot-move = { $piece } ar { $square }: does unman iddo fynd.
moves-can-go = { $piece } ar { $square }: gall fynd i { $list }.

history-head = Gêm { $id } — { $game }: { $first } ({ SIDE($first-side) }) yn erbyn { $second } ({ SIDE($second-side) })
history-no-moves = Dim symudiadau eto.
history-line = { $number }. { SIDE($side) } { $move }
history-line-second = { $number }… { SIDE($side) } { $move }
history-truncated = … (defnyddiwch /export i gael y cofnod cyfan)

takeback-done = Derbyniwyd y cais: tynnwyd { $n } symudiad yn ôl. { $status }
export-record = Cofnod gêm { $id }.

## Gemau na ellir eu darllen, saib ar y cloc, y bot ac /analysis.

game-unreadable = Does dim modd darllen cofnod gêm { $id }. Gall rhywun â'r caniatâd Manage Server ddod â hi i ben gyda /abort.
game-not-a-number = Dydy { $text } ddim yn rhif gêm.
status-paused-until = Mae saib ar y cloc tan { $date }.
move-while-paused = Mae saib ar gloc y gêm hon: dim symudiad nes iddo redeg eto (/resume, neu ar ddiwedd y saib y cytunwyd arno).
pause-days-bad = Mae saib yn para o 1 i { $max ->
    [two] { $max } ddiwrnod
   *[other] { $max } diwrnod
}, fel /pause days:7.
bot-bad-level = Mae'r lefel yn rhif o 1 (hawsaf) i 5 (cryfaf), nid { $text }.
bot-note = Rwy'n chwarae ar lefel { $level } o 5. Dydy gemau yn fy erbyn i byth yn cael eu graddio.
analysis-no-game-here = Does dim gêm yn y sianel hon: enwch un, fel /analysis game:12.
analysis-still-playing = Mae gêm { $id } yn dal i gael ei chwarae: rwy'n dadansoddi gemau ar ôl iddyn nhw orffen.
analysis-running = Mae eich dadansoddiad diwethaf yn dal i redeg: gofynnwch eto ar ôl iddo gael ei bostio.
engine-busy = Rwy'n brysur yn meddwl am gemau eraill: rhowch gynnig arall arni ymhen munud.
bot-too-many = Mae gennych chi { $n } gêm yn fy erbyn i ar y gweill yn barod: gorffennwch un cyn dechrau un arall.
analysis-title = Gêm { $id }: { $game } — siawns { SIDE($side, form: "the") } o ennill
analysis-head = Gêm { $id } ({ $game }): siawns { SIDE($side, form: "the") } o ennill ar ôl pob symudiad, gyda { $nodes } nod i bob safle.
analysis-no-swings = Wnaeth yr un symudiad ddim newid llawer ar y gêm.
analysis-swings = Y newidiadau mwyaf:
analysis-swing = { $number }{ $half ->
    [second] …
   *[first] .
} { $move } ({ SIDE($side) }) { $kind } ({ $before }% → { $after }%)
status-ended = Mae'r gêm ar ben: { $reason ->
    [cancelled] cafodd ei chanslo, heb ganlyniad.
    [decided] pennodd trefnydd y twrnamaint ganlyniad yr ornest; does gan y gêm hon ddim canlyniad, a dydy hi ddim wedi'i graddio.
   *[aborted] daeth i ben heb ganlyniad.
}

outcome-resigned-named = Ildiodd { $player } ({ SIDE($side) }): { $winner } ({ SIDE($winner-side) }) sy'n ennill.

human-games-too-many = Rydych chi eisoes yn chwarae { $n } gêm yn erbyn pobl: gorffennwch un cyn dechrau un arall.
human-games-too-many-challenger = Mae { $player } eisoes yn chwarae { $n } gêm yn erbyn pobl: caiff yr her hon ddechrau pan fydd un ohonyn nhw wedi gorffen.

resign-confirm = Ildio gêm { $id }? Pwyswch Ildio i gadarnhau, neu Dal ati. (Daw'r cwestiwn i ben ar ôl symudiad neu bum munud.)
resign-kept = Daliwch ati, felly.
resign-stale = Mae'r cwestiwn wedi dod i ben: mae'r gêm wedi symud ymlaen neu mae pum munud wedi mynd heibio. Teipiwch /resign eto os ydych chi'n dal i fod eisiau ildio.
button-resign = Ildio
button-keep-playing = Dal ati

## Symudiadau amodol: /conditional add, list, clear.
played-conditional = Chwaraeodd { $player } **{ $move }** (symudiad amodol). { $status }
played-short = Chwaraeodd { $player } **{ $move }**.
conditional-commands = Symudiadau amodol: /conditional add line:f8-c8 e2-c2 (eu symudiad nhw, yna'ch ateb chi, fesul pâr), /conditional list, /conditional clear.
conditional-line-missing = Ysgrifennwch y llinell: eu symudiad nhw, yna'ch ateb chi, fesul pâr, fel /conditional add line:f8-c8 e2-c2.
conditional-bot = Mae symudiadau amodol ar gyfer gemau rhwng chwaraewyr: mae tawlbot yn ateb ar unwaith, felly does neb yn aros amdano.
conditional-dice = Does dim symudiadau amodol mewn gemau gyda'r dis: y dis, nid y chwaraewyr, sy'n penderfynu tro pwy sy'n dilyn symudiad.
conditional-paused = Mae saib ar gloc y gêm hon: dim symudiadau amodol nes iddo redeg eto.
conditional-your-turn = Eich tro chi yw hi: chwaraewch eich symudiad. Mae llinell amodol ar gyfer yr amser pan fyddwch chi'n aros am symudiad eich gwrthwynebydd.
conditional-pairs = Parau yw llinell: eu symudiad nhw, yna'ch ateb chi, pob symudiad heb fylchau (fel f8-c8 e2-c2 g7-g9 k5-k6); mae { $n } symudiad yn yr un hon. Does dim wedi'i gadw.
conditional-too-long = Mae llinell yn dal hyd at { $max ->
    [two] { $max } bâr
    [few] { $max } phâr
    [many] { $max } phâr
   *[other] { $max } pâr
} o symudiadau. Does dim wedi'i gadw.
conditional-illegal = All symudiad { $n } y llinell ({ $move }) ddim cael ei chwarae yn ei dro. { $reason } Does dim wedi'i gadw.
conditional-after-end = Mae'r gêm ar ben ar ôl { $after }: all symudiad { $n } y llinell ({ $move }) ddim dilyn. Does dim wedi'i gadw.
conditional-duplicate = Mae'r llinell hon wedi'i chadw'n barod (llinell { $line }). Does dim wedi'i gadw.
conditional-conflict = Mae llinell { $line } eisoes yn ateb { $move } â'r symudiad { $reply }: un ateb sydd i bob symudiad. Does dim wedi'i gadw.
conditional-added = Llinell { $line } wedi'i chadw (hyd at { $max }): { $pairs }. Caiff ei chwarae drosoch chi pan fydd { $opponent } yn chwarae { $move }; fydd eich gwrthwynebydd byth yn ei gweld.
conditional-full = Mae gennych chi { $max ->
    [two] { $max } linell
   *[other] { $max } llinell
} yn y gêm hon yn barod, yr uchafswm: /conditional clear i ddechrau eto. Does dim wedi'i gadw.
conditional-none = Does gennych chi ddim symudiadau amodol yn y gêm hon.
conditional-list = Eich symudiadau amodol yng ngêm { $id }, sy'n cael eu chwarae drosoch chi pan fydd eich gwrthwynebydd yn chwarae symudiad cyntaf llinell:
    { $list }
conditional-cleared = { $n ->
    [one] Mae'ch llinell amodol yn y gêm hon wedi'i dileu.
    [two] Mae'ch 2 linell amodol yn y gêm hon wedi'u dileu.
   *[other] Mae'ch { $n } llinell amodol yn y gêm hon wedi'u dileu.
}
# After a player's first refused typed move: where to try moves privately.
refused-try-move = (Mae /move yn chwarae symudiad hefyd, a dim ond chi sy'n gweld ei ateb.)
# After no-game-here: one of the asker's games is played in a thread ($channel a thread mention).
your-game-in-thread = Mae'ch gêm { $id } yn yr edefyn { $channel }.
