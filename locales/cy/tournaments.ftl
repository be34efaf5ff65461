## /tournament a chyhoeddiadau'r twrnameintiau.

tournament-none = Does dim twrnamaint rhif { $id }.
tournament-not-a-number = Dydy { $text } ddim yn rhif twrnamaint.
tournament-not-on-server = Does dim twrnamaint rhif { $id } ar y gweinydd hwn.
tournament-which = Pa dwrnamaint? Rhowch ei rif, fel id:1 (gweler /tournament list).
tournament-commands = Gorchmynion twrnamaint: create, join, leave, start, standings, crosstable, info, list, withdraw, result, forbid, cancel.
tournament-name-the-player = Enwch y chwaraewr: /tournament withdraw player:@rhywun.

tournament-describe = { $game }, { $format }, { $matches }, { $time }
tournament-format-swiss = system y Swistir, { $rounds } rownd
tournament-format-round-robin = pawb yn erbyn pawb
tournament-kind-single = gornestau un gêm
tournament-kind-two-game = gornestau dwy gêm (a'r ochrau'n cyfnewid)

tournament-create-not-allowed = Dim ond aelodau â'r caniatâd Manage Server neu â rôl y trefnwyr all greu twrnameintiau.
tournament-name-missing = Rhowch enw i'r twrnamaint: name:Gwanwyn.
tournament-bad-format = Y fformat yw round-robin (pawb yn erbyn pawb) neu swiss (system y Swistir), nid { $text }.
tournament-bad-rounds = Mae gan dwrnamaint system y Swistir rhwng 1 a 20 rownd.
tournament-name-control = Testun plaen yw enw twrnamaint: dim toriadau llinell, tabiau na nodau rheoli eraill.
tournament-bad-match = Mae gornest naill ai'n single neu'n two-game.
tournament-bad-max = max yw'r nifer fwyaf o chwaraewyr, o 2 i { $max }.
tournament-bad-start = start yw faint o amser sydd tan y dechrau, fel 2d, 12h neu 90m (neu ddechreuwch y twrnamaint gyda /tournament start).
tournament-created = Twrnamaint { $id }: **{ $name }** — { $description }. Ymunwch gyda /tournament join.
tournament-max-players = { $n } chwaraewr ar y mwyaf.
tournament-starts-in = Mae'n dechrau ymhen { $span }.
tournament-organiser-starts = Bydd trefnydd yn ei ddechrau gyda /tournament start.

tournament-list-none = Does dim twrnameintiau ar y gweinydd hwn eto.
tournament-list-line = { $id }. **{ $name }** — { $description }, { $state }, { $n } chwaraewr
tournament-list-line-round = { $id }. **{ $name }** — { $description }, { $state }, { $n } chwaraewr, rownd { $round } o { $total }

tournament-too-late = Mae'n rhy hwyr i ymuno â'r twrnamaint **{ $name }** ({ $state }).
tournament-already-in = Rydych chi eisoes wedi ymuno â'r twrnamaint **{ $name }**.
tournament-full = Mae **{ $name }** yn llawn ({ $n } chwaraewr).
tournament-left-cannot-rejoin = Fe adawoch chi'r twrnamaint **{ $name }**, ac allwch chi ddim ymuno eto.
tournament-joins = Mae { $player } yn ymuno â'r twrnamaint **{ $name }** ({ $n } chwaraewr).
tournament-start-not-allowed = Dim ond y trefnydd, aelodau â'r caniatâd Manage Server neu aelodau â rôl y trefnwyr all ddechrau twrnamaint.
tournament-is-state = **{ $name }**: { $state }.
tournament-cannot-start = All **{ $name }** ddim dechrau: { $reason } ({ $n } wedi ymuno).
tournament-begins = Mae **{ $name }** yn dechrau gyda { $n } chwaraewr: { $players }.
tournament-over = Mae **{ $name }** ar ben. Yr enillydd yw { $winner } gyda { $count ->
    [two] { $points } bwynt
    [few] { $points } phwynt
    [many] { $points } phwynt
   *[other] { $points } pwynt
}! Llongyfarchiadau.
tournament-pairing-failed = Methodd y paru: { $reason }
tournament-round-head = **{ $name }**, rownd { $round } o { $total }:
tournament-bye = Rownd rydd: { $player } (1 pwynt)
tournament-board = Bwrdd { $board }: { $first } yn erbyn { $second }
tournament-board-forfeited = Bwrdd { $board }: { $first } yn erbyn { $second } (fforffed)
tournament-running = Mae **{ $name }** ar waith (rownd { $round } o { $total }). { $n ->
    [0] Mae gan bob gornest yn y rownd ei gemau.
   *[other] Rwy'n ailagor { $n } edefyn gornest.
}
tournament-no-match = Does dim gornest rhif { $id }.
tournament-match-decided = Does dim i'w chwarae yn yr ornest hon o'r twrnamaint **{ $name }**: mae ei gemau wedi'u penderfynu.
tournament-match-thread = Rownd { $round }, bwrdd { $board }: { $first } yn erbyn { $second } yn yr edefyn { $thread }.
tournament-game-title = **{ $name }**, rownd { $round }, bwrdd { $board }, gêm { $number } o { $of } (gêm { $id }):
tournament-match-over = Gornest ar ben: { $first } { $first-points }–{ $second-points } { $second }.
tournament-match-over-forfeit = Gornest ar ben: { $first } { $first-points }–{ $second-points } { $second } (drwy fforffed).

tournament-withdraw-not-allowed = Dim ond y trefnydd, aelodau â'r caniatâd Manage Server neu aelodau â rôl y trefnwyr all dynnu chwaraewr allan.
tournament-not-in = Dydy { $player } ddim yn y twrnamaint **{ $name }**.
tournament-leaves = Mae { $player } yn gadael y twrnamaint **{ $name }**.
tournament-cannot-withdraw = Methu tynnu allan: { $reason }.
tournament-withdrawn = Tynnwyd { $player } allan o'r twrnamaint **{ $name }**: bydd pob gêm sy'n weddill yn cael ei cholli drwy fforffed.
tournament-withdraws = Mae { $player } yn tynnu allan o'r twrnamaint **{ $name }**: bydd pob gêm sy'n weddill yn cael ei cholli drwy fforffed.
tournament-withdrew-game = Tynnodd { $player } allan o'r twrnamaint. { $outcome }
tournament-cancel-not-allowed = Dim ond y trefnydd, aelodau â'r caniatâd Manage Server neu aelodau â rôl y trefnwyr all ganslo twrnamaint.
tournament-cancelled = Mae **{ $name }** wedi'i ganslo.
tournament-cancelled-games = Mae **{ $name }** wedi'i ganslo ({ $n ->
    [one] { $n } gêm wedi'i chanslo
   *[other] { $n } gêm wedi'u canslo
}).
tournament-cancel-games-left = { $n ->
    [one] Methodd cronfa ddata'r gemau, felly mae { $n } gêm yn dal i redeg: mae /abort yn ei sianel yn dod â hi i ben.
   *[other] Methodd cronfa ddata'r gemau, felly mae { $n } gêm yn dal i redeg: mae /abort yn eu sianeli yn dod â nhw i ben.
}
tournament-auto-cancelled = { $reason } Felly mae'r twrnamaint wedi'i ganslo.

tournament-info = Twrnamaint { $id }: **{ $name }** — { $description }. Statws: { $state }.
tournament-info-organiser = Trefnydd: { $player }.
tournament-info-players = Chwaraewyr ({ $n }): { $players }
tournament-info-no-players = Chwaraewyr (0): neb eto
tournament-info-starts = Yn dechrau ar { $date }.
tournament-info-round = Rownd { $round } o { $total }.
tournament-info-bye = Rownd rydd: { $player }
tournament-info-board = Bwrdd { $board }: { $first } yn erbyn { $second }, { $score }
tournament-info-board-thread = Bwrdd { $board }: { $first } yn erbyn { $second }, { $score } yn yr edefyn { $thread }
tournament-info-playing = wrthi'n chwarae

tournament-not-started = Dydy **{ $name }** ddim wedi dechrau eto.
tournament-standings-head = Tabl **{ $name }** ar ôl rownd { $round } o { $total }:
tournament-standings-head-final = Tabl **{ $name }** ar ôl rownd { $round } o { $total } (terfynol):
tournament-standings-order = Trefn: pwyntiau, yna Sonneborn-Berger (SB), yna Buchholz.
tournament-standings-order-split = Trefn: pwyntiau, yna Sonneborn-Berger (SB), yna Buchholz, yna'r gornestau 1–1 a enillwyd mewn llai o symudiadau.
tournament-standings-head-none = Tabl **{ $name }**: does dim un o'r { $total } rownd wedi gorffen eto.
tournament-crosstable-head = Croestabl **{ $name }** (pob chwaraewr yn erbyn pob un arall):
tournament-crosstable-key = Pob gêm: 1 = buddugoliaeth, ½ = gêm gyfartal, 0 = colled, + neu - = fforffed, * = wrthi'n cael ei chwarae. Y colofnau yw'r safleoedd yn y tabl.
tournament-round-view = **{ $name }**, rownd { $round } o { $total }:
tournament-no-such-round = Dydy { $text } ddim yn rownd yn y twrnamaint hwn: mae'r rowndiau hyd at rownd { $played } wedi'u paru.
tournament-withdrawn-mark = { $player } (wedi tynnu allan)
table-rank = #
table-player = Chwaraewr
table-points = Pwyntiau
table-sb = SB
table-buchholz = Buch
table-wdl = E/Cyf/C

# Gwrthodiadau'r modiwl twrnamaint ($reason uchod).
tournament-error-too-few-players = mae angen o leiaf ddau chwaraewr ar dwrnamaint
tournament-error-duplicate-player = mae { $player } wedi ymuno ddwywaith
tournament-error-no-rounds = mae angen o leiaf un rownd ar dwrnamaint system y Swistir
tournament-error-round-in-progress = dydy'r rownd bresennol ddim wedi gorffen
tournament-error-finished = mae pob rownd wedi'i pharu
tournament-error-unknown-player = dydy { $player } ddim yn y twrnamaint hwn
tournament-error-already-withdrawn = mae { $player } eisoes wedi tynnu allan
tournament-error-no-such-game = does dim gêm heb ei gorffen rhwng y chwaraewyr hyn
tournament-error-not-in-game = dydy { $player } ddim yn y gêm hon
tournament-error-too-many-rounds = mae { $rounds } rownd system y Swistir yn fwy nag y gall y chwaraewyr hyn eu llenwi heb ailchwarae (uchafswm { $max })

tournament-unreadable = Does dim modd darllen cofnodion twrnamaint { $id }, felly rwy'n ei adael fel y mae. Gall gweithredwr y bot ymchwilio iddo.
tournament-busy = Mae'r twrnamaint yn newid ar hyn o bryd: rhowch gynnig arall arni ymhen munud.
tournament-list-unreadable = { $id }. **{ $name }** — does dim modd darllen ei gofnodion
tournament-no-pairings = Does gan y twrnamaint **{ $name }** ddim parau eto.
tournament-thread-failed-busy = Allwn i ddim agor edefyn ar gyfer rownd { $round }, bwrdd { $board } ({ $first } yn erbyn { $second }), ac mae gêm ar y gweill yn y sianel hon. Gall trefnydd roi cynnig arall arni gyda /tournament start.
tournament-thread-failed-here = Allwn i ddim agor edefyn ar gyfer rownd { $round }, bwrdd { $board } ({ $first } yn erbyn { $second }): mae'r gêm yn cael ei chwarae yma.

# The thread of a match game was deleted: the game is played again here.
tournament-game-channel-deleted = Cafodd edefyn gêm { $id } (rownd { $round }, bwrdd { $board }) ei ddileu: daeth y gêm i ben heb ganlyniad a bydd yn cael ei chwarae eto yma.

# Gadael: gofyn yn gyntaf (/tournament leave, yna'r botwm Gadael).
tournament-leave-confirm = Gadael y twrnamaint **{ $name }**? Pwyswch y botwm Gadael i gadarnhau, neu Aros.
tournament-leave-confirm-running = Gadael y twrnamaint **{ $name }**? Mae wedi dechrau, felly mae gadael yn golygu tynnu allan: bydd pob gêm sy'n weddill yn cael ei cholli drwy fforffed. Pwyswch y botwm Gadael i gadarnhau, neu Aros.
tournament-stays = Rydych chi'n aros yn y twrnamaint **{ $name }**.

# Rôl y trefnwyr (/settings organiser-role:@rôl); mae $role yn cyfeirio at rôl.
organiser-role-set = Bellach gall aelodau sydd â'r rôl { $role } greu a rhedeg twrnameintiau ar y gweinydd hwn, fel aelodau â'r caniatâd Manage Server.
organiser-role-not-allowed = Dim ond rhywun â'r caniatâd Manage Server all ddewis rôl y trefnwyr.
organiser-role-dm = Does dim rolau mewn negeseuon uniongyrchol: dewiswch rôl y trefnwyr ar weinydd.
organiser-role-unreadable = Enwch un o rolau'r gweinydd hwn, fel organiser-role:@Trefnwyr.
# /settings organiser-role-clear:true
organiser-role-cleared = Does dim rôl y trefnwyr ar y gweinydd hwn bellach: dim ond aelodau â'r caniatâd Manage Server (a threfnydd pob twrnamaint) sy'n creu ac yn rhedeg twrnameintiau.

# Ymuno'n hwyr (late:N, system y Swistir yn unig).
tournament-describe-late = { $description }, gellir ymuno'n hwyr nes paru rownd { $round }
tournament-describe-no-vacation = { $description }; mae ei glociau'n rhedeg drwy wyliau
tournament-late-swiss-only = Dim ond twrnamaint system y Swistir sy'n derbyn chwaraewyr hwyr: mae rowndiau twrnamaint pawb yn erbyn pawb yn cael eu pennu gan y chwaraewyr ar y dechrau, felly rhaid i bawb ymuno cyn hynny.
tournament-bad-late = Mae late: yn nodi'r rownd y gellir ymuno nes ei pharu: rhif o 2 i { $rounds } (rowndiau'r twrnamaint).
tournament-late-closed = Roedd y twrnamaint **{ $name }** yn derbyn chwaraewyr hwyr nes paru rownd { $round }: mae'n rhy hwyr i ymuno.
tournament-joins-late = Mae { $player } yn ymuno â'r twrnamaint **{ $name }** yn hwyr, a bydd yn cael gwrthwynebydd o rownd { $round } ymlaen ({ $n } chwaraewr).
tournament-cannot-join = Allwch chi ddim ymuno: { $reason }.

tournament-tie-broken = Mae { $other } hefyd ar { $count ->
    [two] { $points } bwynt
    [few] { $points } phwynt
    [many] { $points } phwynt
   *[other] { $points } pwynt
}; { $winner } sydd ar y blaen { $by ->
    [sb] o ran Sonneborn-Berger ({ $first } – { $second }).
    [buchholz] o ran Buchholz ({ $first } – { $second }).
    [split] o ran y gornestau 1–1 a enillwyd mewn llai o symudiadau ({ $first } – { $second }).
   *[seeding] yn ôl trefn ymuno, gan fod popeth arall yn gyfartal hefyd.
}

# Adroddiad y rownd.
tournament-report-head = **{ $name }**: mae rownd { $round } o { $total } ar ben.
tournament-report-board = Bwrdd { $board }: { $first } { $score } { $second }{ $how ->
    [decided] , wedi'i benderfynu gan y trefnydd
    [forfeit] , drwy fforffed
   *[played] {""}
}
tournament-report-board-link = Bwrdd { $board }: { $first } { $score } { $second } ({ $link }){ $how ->
    [decided] , wedi'i benderfynu gan y trefnydd
    [forfeit] , drwy fforffed
   *[played] {""}
}
tournament-report-bye = Rownd rydd: { $player }
tournament-report-standings = Y tabl ar ôl rownd { $round } o { $total }:
tournament-report-final = Y tabl terfynol:
tournament-error-no-such-match = does dim gornest rhwng dau chwaraewr yn rownd { $round }, bwrdd { $board }

# winner_role:
tournament-winner-role = Caiff yr enillydd y rôl { $role }.
tournament-winner-role-needs-manage-roles = Dim ond rhywun a allai roi'r rôl { $role } â llaw all ei gwneud yn wobr twrnamaint: mae hynny'n gofyn am y caniatâd Manage Roles, neu fod yn berchen ar y gweinydd.
tournament-winner-role-above-yours = Allwch chi ddim rhoi'r rôl { $role } â llaw: dydy hi ddim islaw eich rôl uchaf yn rhestr rolau'r gweinydd, felly all hi ddim bod yn wobr y twrnamaint hwn.
tournament-role-given = Mae { $player } yn cael y rôl { $role } am ennill y twrnamaint **{ $name }**.
tournament-role-creator-may-not = { $organiser } Wnes i ddim rhoi'r rôl { $role } i'r chwaraewr { $player } am ennill y twrnamaint **{ $name }**: chi a'i gwnaeth yn wobr, a allwch chi ddim rhoi'r rôl honno â llaw bellach (mae angen y caniatâd Manage Roles a rôl uchaf uwch ei phen). Rhowch hi â llaw os cewch chi, neu ofynnwch i rywun sy'n cael.
tournament-role-refused = { $organiser } Gwrthododd Discord roi'r rôl { $role } i'r chwaraewr { $player } am ennill y twrnamaint **{ $name }**. Mae angen y caniatâd Manage Roles arna i, a rhaid i'm rôl uchaf fod uwchben y rôl { $role } yn rhestr rolau'r gweinydd: newidiwch hynny yng ngosodiadau'r gweinydd, yna rhowch y rôl â llaw.

# /tournament result.
tournament-result-not-allowed = Dim ond y trefnydd, aelodau â'r caniatâd Manage Server neu aelodau â rôl y trefnwyr all osod canlyniad.
tournament-result-bad-board = Rhifau o 1 i fyny yw round: a board:, sef rownd a bwrdd yr ornest, fel y mae `/tournament info round:N` yn eu dangos.
tournament-result-bad-winner = Rhaid i winner: fod yn un o chwaraewyr yr ornest (crybwyll @), neu'r gwerth draw am gêm gyfartal.
tournament-result-refused = Alla i ddim gosod y canlyniad hwn: { $reason }.
tournament-result-set = Mae { $by } wedi gosod canlyniad rownd { $round }, bwrdd { $board } yn y twrnamaint **{ $name }**:
tournament-result-corrected = Mae { $by } wedi cywiro canlyniad rownd { $round }, bwrdd { $board } yn y twrnamaint **{ $name }** (cyn hyn: { $before }):
tournament-result-winner = { $player } sy'n ennill yr ornest.
tournament-result-draw = Mae'r ornest yn gyfartal.
tournament-game-decided = Mae gêm { $id } ar ben: pennodd trefnydd y twrnamaint **{ $name }** ganlyniad yr ornest. Dydy'r gêm ddim wedi'i graddio.

# /tournament forbid.
tournament-forbid-not-allowed = Dim ond y trefnydd, aelodau â'r caniatâd Manage Server neu aelodau â rôl y trefnwyr all gadw chwaraewyr ar wahân.
tournament-forbid-two = Enwch ddau chwaraewr gwahanol: player:@un other:@arall.
tournament-forbid-set = Fydd { $player } a'r chwaraewr { $other } ddim yn cael eu paru yn y twrnamaint **{ $name }** tra bo unrhyw baru arall yn bosibl.
tournament-forbid-already = Mae { $player } a'r chwaraewr { $other } eisoes yn cael eu cadw ar wahân yn y twrnamaint **{ $name }**.
tournament-forbid-removed = Gall { $player } a'r chwaraewr { $other } gael eu paru eto yn y twrnamaint **{ $name }**.
tournament-forbid-none = Doedd { $player } a'r chwaraewr { $other } ddim yn cael eu cadw ar wahân yn y twrnamaint **{ $name }**.
tournament-forbid-round-robin = Mewn twrnamaint pawb yn erbyn pawb mae pawb yn cwrdd â phawb: dim ond paru system y Swistir sy'n dibynnu ar hyn.
