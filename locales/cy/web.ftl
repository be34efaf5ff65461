## Archif y we: ei thudalennau, a'r dolenni iddi o Discord.

web-view-game = Gweld y gêm
web-game-link = Ar y we: { $link }
web-tournament-link = Ar y we: { $link }
archive-unknown = Gall yr archif fod yn gyhoeddus neu'n breifat: archive:public neu archive:private.
archive-dm = Dydy gemau mewn negeseuon uniongyrchol byth ar archif y we.
archive-not-allowed = Dim ond rhywun â'r caniatâd Manage Server all wneud gemau'r gweinydd hwn yn gyhoeddus neu'n breifat.
archive-public = Mae gemau, twrnameintiau a chwaraewyr y gweinydd hwn bellach yn gyhoeddus ar archif y we.
archive-public-link = Mae gemau, twrnameintiau a chwaraewyr y gweinydd hwn bellach yn gyhoeddus ar archif y we: { $link }
archive-private = Dydy gemau, twrnameintiau a chwaraewyr y gweinydd hwn ddim ar archif y we mwyach.
web-aborted = Daeth y gêm i ben heb ganlyniad.
web-rating-graph-title = { $player }: graddiad, { $game }
web-rating-graph-alt = Y graddiad ar ôl pob un o'r { $games } gêm wedi'u graddio: isaf { $low }, uchaf { $high }, nawr { $now }.
web-site = archif tawlbot
web-title-game = Gêm { $id }: { $first } yn erbyn { $second }
web-title-tournament = Twrnamaint: { $name }
web-title-player = Chwaraewr: { $name }
web-title-server = Gweinydd: { $name }
web-not-found = Does dim byd yma: does dim tudalen o'r fath, neu dydy hi ddim yn gyhoeddus.
web-too-many = Gormod o geisiadau: arhoswch eiliad a rhowch gynnig arall arni.
web-failed = Aeth rhywbeth o'i le ar ein hochr ni: rhowch gynnig arall arni yn nes ymlaen.
web-first = Dechrau
web-prev = Blaenorol
web-next = Nesaf
web-last = Diwedd
web-ply-start = Y safle cychwynnol ({ $moves } symudiad i gyd) · { $caption }
web-board = Y bwrdd
web-moves = Symudiadau
web-no-moves = Dim symudiadau eto.
web-conditional = Symudiadau amodol
web-conditional-line = { $player }, ar ôl { $from } symudiad: { $pairs } ({ $state ->
    [played] wedi'i chwarae i gyd
    [dropped] { $played } o { $total ->
        [two] { $total } bâr
        [few] { $total } phâr
        [many] { $total } phâr
       *[other] { $total } pâr
    } wedi'u chwarae, yna wedi'i dileu
   *[waiting] { $played } o { $total ->
        [two] { $total } bâr
        [few] { $total } phâr
        [many] { $total } phâr
       *[other] { $total } pâr
    } wedi'u chwarae pan ddaeth y gêm i ben
})
web-players = Chwaraewyr
web-player-side = { $player } ({ SIDE($side) })
web-variant = Gêm
web-options = Opsiynau
web-no-options = dim
web-result = Canlyniad
web-running = Yn cael ei chwarae
web-clock = Cloc
web-bank-left = { $player }: { $span } yn y gronfa amser
web-deadline = Terfyn amser y chwaraewr sydd i symud: { $date } (UTC).
web-on-vacation = ar wyliau tan { $date } (UTC)
web-rated = Wedi'i graddio
web-yes = ie
web-no = na
web-started = Dyddiad dechrau
web-ended = Dyddiad gorffen
web-tournament-round = { $name }, rownd { $round }
web-downloads = Llwytho i lawr
web-download-otn = Cofnod OTN
web-download-record = Cofnod tawlbot
web-download-gif = Animeiddiad (GIF)
web-keys = Bysellau: mae ← a → yn camu drwy'r symudiadau, a Home ac End yn mynd i'r dechrau a'r diwedd.
web-language = English
web-standings = Tabl
web-crosstable = Croestabl
web-round = Rownd { $round }
web-bye = Rownd rydd: { $player }.
web-entrants = Cystadleuwyr
web-no-entrants = Does neb wedi ymuno eto.
web-not-started = Dydy'r twrnamaint ddim wedi dechrau.
web-ratings = Graddiadau
web-no-ratings = Dim gemau wedi'u graddio eto.
web-games = Gemau
web-no-games = Dim gêm eto.
web-older = Gemau hŷn
web-newer = Gemau mwy newydd
web-leaderboards = Tablau graddiadau
web-tournaments = Twrnameintiau
web-no-tournaments = Dim twrnamaint eto.
web-recent-games = Gemau
web-col-board = Bwrdd
web-col-date = Dyddiad
web-col-game = Gêm
web-col-players = Chwaraewyr
web-col-result = Canlyniad
web-col-moves = Symudiadau
web-col-player = Chwaraewr
web-col-rating = Graddiad
web-col-games = Gemau
web-col-server = Gweinydd
web-col-name = Enw
web-col-state = Statws
web-rating-history = Hanes y graddiad
web-versus = { $first } yn erbyn { $second }
web-embed-open = Agor yn yr archif

web-bot-level = { $name } (lefel { $level })
web-puzzle-show = Dangos yr ateb
web-puzzle-solution = Ateb

## Mater 32: y dudalen flaen, rhagolygon dolenni, tudalennau llawnach y
## gêm a'r twrnamaint, y dudalen cydbwysedd.
web-stats = Cydbwysedd
web-stats-link = Cydbwysedd: pa mor aml mae pob ochr yn ennill
web-server = Gweinydd
web-server-page = Tudalen y gweinydd
web-og-game = { $first } yn erbyn { $second } · { $game }
web-og-ratings = Graddiadau: { $ratings }
web-winner-is = Enillydd: { $player }
web-standings-alt = Tabl y twrnamaint { $name }: safle a phwyntiau pob chwaraewr, a'r mesurau sy'n gwahanu chwaraewyr sydd ar yr un pwyntiau.
web-podium = Yr enillydd a'r podiwm
web-place = { $place ->
    [1] 1af
    [2] 2il
    [3] 3ydd
    [4] 4ydd
    [5] 5ed
    [6] 6ed
    [11] 11eg
    [13] 13eg
    [14] 14eg
    [16] 16eg
    [17] 17eg
    [19] 19eg
    [21] 21ain
    [22] 22ain
    [23] 23ain
    [24] 24ain
    [25] 25ain
    [26] 26ain
    [27] 27ain
    [28] 28ain
    [29] 29ain
    [30] 30ain
    [31] 31ain
    [32] 32ain
    [33] 33ain
    [34] 34ain
    [35] 35ain
    [36] 36ain
    [37] 37ain
    [38] 38ain
    [39] 39ain
   *[other] { $place }fed
}
web-crosstable-key = 1 = buddugoliaeth, ½ = gêm gyfartal, 0 = colled, + a - = gêm wedi'i hennill neu ei cholli drwy fforffed, * = gêm sy'n cael ei chwarae; mae pob canlyniad yn ddolen i'w gêm.
web-col-points = Pwyntiau
web-front-about = Pob gêm, twrnamaint a chwaraewr o'r gweinyddion Discord a wnaeth eu gemau tawlbot yn gyhoeddus: camwch drwy'r gemau, dilynwch y twrnameintiau, chwiliwch am chwaraewr.
web-search-label = Chwilio am chwaraewr yn ôl ei enw
web-search = Chwilio
web-search-results = Chwaraewyr y mae eu henw yn cynnwys “{ $name }”
web-search-none = Does dim chwaraewr cyhoeddus ag enw fel hwnnw.
web-servers = Gweinyddion
web-no-servers = Dim gweinydd cyhoeddus eto.
web-col-first-wins = Yr ymosodwyr yn ennill
web-col-second-wins = Yr amddiffynwyr yn ennill
web-col-draws = Gemau cyfartal
web-col-length = Hyd cyfartalog (symudiadau)
web-stats-about = Pa mor aml mae pob ochr yn ennill y gemau wedi'u graddio sydd wedi gorffen ar y gweinyddion cyhoeddus, ar gyfer pob gêm a set o opsiynau: pob cyfradd gyda'i chyfwng 95% (Wilson), nifer y gemau a'u hyd cyfartalog mewn symudiadau.
web-stats-sides = Ymosodwyr: yr ochr sy'n symud gyntaf (Gwyn yn y gêm gwyddbwyll); amddiffynwyr: yr ochr arall (y tywysogion yn y gêm goedhboell, Du yn y gêm gwyddbwyll).
web-stats-whole = Yr archif gyfan
web-stats-none = Does dim gêm wedi'i graddio wedi gorffen eto.
web-analysis = Dadansoddiad
web-analysis-pending = Mae'r injan yn dadansoddi'r gêm hon: bydd graff siawns pob ochr yma ymhen munud neu ddau.
web-round-of = Rownd { $round } o { $total }
web-puzzle-of-the-day = Pos y dydd — { $title }
