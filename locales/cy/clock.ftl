## Amser: cyfnodau, rheolau amser, nodiadau atgoffa, hysbysiadau.
## Ar ôl rhifolyn daw'r enw unigol; dau/dwy (2) yn achosi treiglad meddal
## (2 ddiwrnod, 2 funud); tri a chwe (3, 6) yn achosi treiglad llaes i c, p, t.

time-days = { $n ->
    [zero] { $n } diwrnod
    [one] { $n } diwrnod
    [two] { $n } ddiwrnod
    [few] { $n } diwrnod
    [many] { $n } diwrnod
   *[other] { $n } diwrnod
}
time-hours = { $n ->
    [zero] { $n } awr
    [one] { $n } awr
    [two] { $n } awr
    [few] { $n } awr
    [many] { $n } awr
   *[other] { $n } awr
}
time-minutes = { $n ->
    [zero] { $n } munud
    [one] { $n } munud
    [two] { $n } funud
    [few] { $n } munud
    [many] { $n } munud
   *[other] { $n } munud
}
time-two-units = { $big } a { $small }
# Cyn rhif sy'n dechrau â llafariad wrth ei ddarllen (un, wyth, un deg...): ac.
time-two-units-vowel = { $big } ac { $small }

time-left = Amser ar ôl: { $span }, tan { $until }.

clocks-bank = Clociau: { $first } ({ SIDE($first-side) }) { $first-left }, { $second } ({ SIDE($second-side) }) { $second-left }; mae cloc { SIDE($running, form: "the") } yn rhedeg.
clocks-move = Cloc: { $left } ar ôl ar gyfer y symudiad hwn ({ $per } y symudiad).
tc-none = dim cloc
tc-per-move = { $span } y symudiad
tc-bank = cronfa amser o { $bank }; { $inc } yn ychwanegol bob symudiad (hyd at { $cap })

time-unreadable-bank = Alla i ddim darllen yr amser "{ $text }": mae cronfa amser yn cael ei hysgrifennu fel bank:7d inc:1d (a cap:14d os mynnwch).
time-unreadable = Alla i ddim darllen yr amser "{ $text }": rhowch amser i bob symudiad fel 1d, 3d, 7d neu 12h, cronfa fel bank:7d inc:1d cap:14d, neu none.
time-zero = Gyda chloc heb ddim amser o gwbl ("{ $text }"), byddai'r gêm wedi'i cholli cyn y symudiad cyntaf: rhowch funud o leiaf, fel 3d, 12h neu bank:7d inc:1d.
time-negative = All amser ddim bod yn llai na dim ("{ $text }"): ysgrifennwch yr amser fel 3d, 12h neu bank:7d inc:1d cap:14d.
time-too-long = Mae "{ $text }" yn rhy hir i gloc: 60 diwrnod (60d) yw'r mwyaf i symudiad, i gronfa, i'r amser ychwanegol ac i'r uchafswm (cap:).
time-cap-below-bank = Yn "{ $text }" mae'r uchafswm (cap:) yn llai na'r gronfa: yr uchafswm yw'r mwyaf y caiff cronfa dyfu iddo, felly rhowch o leiaf { $bank }, neu adewch yr uchafswm allan.

notify-dm-turn = Eich tro chi yng ngêm { $id } ({ $channel }): { $summary }
notify-choose = Dewiswch sut y cewch wybod mai eich tro chi yw hi: mention, dm, both neu digest.
notify-set-mention = Byddaf yn eich crybwyll yn sianel y gêm pan ddaw eich tro.
notify-set-dm = Cewch neges uniongyrchol pan ddaw eich tro (heb eich crybwyll).
notify-set-both = Byddaf yn eich crybwyll ac yn anfon neges uniongyrchol atoch pan ddaw eich tro.
notify-set-digest = Cewch un neges uniongyrchol y dydd yn rhestru'r gemau sy'n aros amdanoch.

reminder-channel = { $player }, i'ch atgoffa: eich tro chi yw hi yng ngêm { $id }, ac mae { $span } ar ôl ar eich cloc.
reminder-dm = I'ch atgoffa: eich tro chi yng ngêm { $id } ({ $channel }), { $span } ar ôl.

digest = Eich crynodeb dyddiol: mae { $n } gêm yn aros i chi symud: { $list }.
digest-item = gêm { $id } yn y sianel { $channel }
digest-item-left = gêm { $id } yn y sianel { $channel }, { $span } ar ôl

clock-paused = Mae saib ar y cloc.
pause-already = Mae saib ar y cloc yn barod: defnyddiwch /resume i'w ailgychwyn.
pause-no-clock = Does dim cloc yn y gêm hon i roi saib arno.
resume-not-paused = Mae'r cloc yn rhedeg: does dim angen ei ailgychwyn.
pause-agreed = Cytunodd y ddau chwaraewr: mae saib ar gloc gêm { $id } am { $span }, tan { $until }, pan fydd yn ailgychwyn ohono'i hun. Mae /resume yn ei ailgychwyn yn gynt.
resume-agreed = Mae cloc gêm { $id } yn rhedeg eto: mae { $span } ar ôl ar gloc { $player }.

game-cancelled-no-move = Mae gêm { $id } wedi'i chanslo: chafodd yr un symudiad ei chwarae cyn y terfyn amser.
pause-ended = Mae'r saib y cytunwyd arno yng ngêm { $id } ar ben: mae'r cloc yn rhedeg eto. Mae { $span } ar ôl ar gloc { $player }.
paused-no-move = Mae saib ar gloc y gêm hon: dim symudiad nes iddo redeg eto (/resume, neu ar ddiwedd y saib y cytunwyd arno).
paused-no-takeback = Mae saib ar gloc y gêm hon: dim tynnu symudiad yn ôl nes iddo redeg eto.

abort-not-allowed = Dim ond rhywun â'r caniatâd Manage Server all ddod â gêm i ben gyda /abort (aelodau â rôl y trefnwyr: gemau twrnamaint).
abort-no-game = Does dim gêm yn rhedeg yn y sianel hon.
abort-done = Daeth { $player } â gêm { $id } i ben heb ganlyniad.
abort-already-over = Mae'r gêm honno ar ben yn barod.

# A game's channel or thread was deleted: the game is aborted (a DM to each player).
game-channel-deleted = Cafodd sianel gêm { $id } ei dileu, felly daeth y gêm i ben heb ganlyniad.

notify-dm-offer = Mae { $player } yn { $kind ->
    [draw] cynnig gêm gyfartal
    [takeback] gofyn am dynnu symudiad yn ôl
    [pause] gofyn am saib i'r cloc am { $span }
   *[resume] gofyn am ailgychwyn y cloc
} yng ngêm { $id } ({ $channel }): atebwch yno gyda'r botymau, neu /{ $kind } answer:accept neu answer:decline.
notify-dm-ended = Mae gêm { $id } ({ $channel }) ar ben: { $outcome }
notify-summary-start = mae'r gêm wedi dechrau, a chi sy'n symud gyntaf.

## Gwyliau (/vacation, docs/clocks.md). $until, $date: adeg.
vacation-bad-days = Dywedwch sawl diwrnod: /vacation days:N, o 1 i { $max } (neu /vacation end i orffen eich gwyliau).
vacation-none = Dydych chi ddim ar wyliau.
vacation-days-and-end = Gofynnwch am ddyddiau neu am y diwedd, nid y ddau: mae /vacation days:N yn dechrau neu'n ymestyn eich gwyliau, ac mae /vacation end yn eu gorffen. Does dim wedi'i wneud.
vacation-refused = Mae gennych { $left ->
    [zero] { $left } diwrnod
    [one] { $left } diwrnod
    [two] { $left } ddiwrnod
    [few] { $left } diwrnod
    [many] { $left } diwrnod
   *[other] { $left } diwrnod
} o wyliau ar ôl tan { $date }: 30 diwrnod ym mhob cyfnod o 365 diwrnod yw'r uchafswm.
vacation-started = Rydych chi ar wyliau tan { $until }: mae'ch cloc yn stopio mewn { $games ->
    [zero] { $games } gêm
    [one] { $games } gêm
    [two] { $games } gêm
    [few] { $games } gêm
    [many] { $games } gêm
   *[other] { $games } gêm
} (pryd bynnag y bydd hi'n dro i chi). Mae gennych { $left ->
    [zero] { $left } diwrnod
    [one] { $left } diwrnod
    [two] { $left } ddiwrnod
    [few] { $left } diwrnod
    [many] { $left } diwrnod
   *[other] { $left } diwrnod
} o wyliau ar ôl.
vacation-extended = Mae'ch gwyliau'n para'n hirach, tan { $until }: mae'ch cloc yn stopio mewn { $games ->
    [zero] { $games } gêm
    [one] { $games } gêm
    [two] { $games } gêm
    [few] { $games } gêm
    [many] { $games } gêm
   *[other] { $games } gêm
} (pryd bynnag y bydd hi'n dro i chi). Mae gennych { $left ->
    [zero] { $left } diwrnod
    [one] { $left } diwrnod
    [two] { $left } ddiwrnod
    [few] { $left } diwrnod
    [many] { $left } diwrnod
   *[other] { $left } diwrnod
} o wyliau ar ôl.
vacation-not-stopped = { $n ->
    [one] Dydy cloc y gêm hon ddim yn stopio: cafodd ei thwrnamaint ei greu gyda vacation:false.
   *[other] Dydy clociau'r { $n } gêm hyn ddim yn stopio: cafodd eu twrnameintiau eu creu gyda vacation:false.
}
vacation-game-runs = Gêm { $id } yn y sianel { $channel } (y twrnamaint **{ $tournament }**)
vacation-channel = Mae { $player } ar wyliau tan { $until }, felly mae cloc y chwaraewr wedi stopio.
vacation-ended = Mae'ch gwyliau ar ben ac mae'ch clociau'n rhedeg eto: { $used ->
    [zero] { $used } diwrnod wedi'u cyfrif
    [one] { $used } diwrnod wedi'i gyfrif
    [two] { $used } ddiwrnod wedi'u cyfrif
    [few] { $used } diwrnod wedi'u cyfrif
    [many] { $used } diwrnod wedi'u cyfrif
   *[other] { $used } diwrnod wedi'u cyfrif
}, { $back ->
    [zero] { $back } diwrnod wedi'u rhoi'n ôl i chi
    [one] { $back } diwrnod wedi'i roi'n ôl i chi
    [two] { $back } ddiwrnod wedi'u rhoi'n ôl i chi
    [few] { $back } diwrnod wedi'u rhoi'n ôl i chi
    [many] { $back } diwrnod wedi'u rhoi'n ôl i chi
   *[other] { $back } diwrnod wedi'u rhoi'n ôl i chi
}.
status-vacation = Mae { $player } ar wyliau tan { $until }, felly mae cloc y chwaraewr wedi stopio.
status-vacation-running = Mae { $player } ar wyliau tan { $until }, ond mae cloc y gêm hon yn rhedeg.
