## The web archive: its pages, and the links to it from Discord.

web-view-game = View game
web-game-link = On the web: { $link }
web-tournament-link = On the web: { $link }
archive-unknown = The archive can be public or private: archive:public or archive:private.
archive-dm = Games in direct messages are never on the web archive.
archive-not-allowed = Only someone with the Manage Server permission can make this server's games public or private.
archive-public = This server's games, tournaments and players are now public on the web archive.
archive-public-link = This server's games, tournaments and players are now public on the web archive: { $link }
archive-private = This server's games, tournaments and players are no longer on the web archive.
web-aborted = The game was ended with no result.
web-rating-graph-title = { $player }: rating in { $game }
web-rating-graph-alt = Rating after each of { $games } rated games: lowest { $low }, highest { $high }, now { $now }.
web-site = tawlbot archive
web-title-game = Game { $id }: { $first } v { $second }
web-title-tournament = Tournament: { $name }
web-title-player = Player: { $name }
web-title-server = Server: { $name }
web-not-found = There is nothing here: no such page, or it is not public.
web-too-many = Too many requests: please wait a moment and try again.
web-failed = Something went wrong on our side: please try again later.
web-first = Start
web-prev = Previous
web-next = Next
web-last = End
# The start of a game on its page; $caption: the picture's caption
# (caption-to-move), $moves: the game's moves counted by turn.
web-ply-start = The starting position ({ $moves ->
    [one] { $moves } move
   *[other] { $moves } moves
} in all) · { $caption }
web-board = The board
web-moves = Moves
web-no-moves = No moves yet.
web-conditional = Conditional moves
# An ended game's conditional line. $from: the moves played when
# it was added; $played of $total pairs were played; $state: played,
# dropped, waiting (still waiting when the game ended).
web-conditional-line = { $player }, after { $from ->
    [one] { $from } move
   *[other] { $from } moves
}: { $pairs } ({ $state ->
    [played] played in full
    [dropped] { $played } of { $total } pairs played, then dropped
   *[waiting] { $played } of { $total } pairs played when the game ended
})
web-players = Players
web-player-side = { $player } ({ SIDE($side) })
web-variant = Game
web-options = Options
web-no-options = none
web-result = Result
web-running = In play
web-clock = Clock
web-bank-left = { $player }: { $span } in the bank
web-deadline = The player to move has until { $date } (UTC).
web-on-vacation = on vacation until { $date } (UTC)
web-rated = Rated
web-yes = yes
web-no = no
web-started = Started
web-ended = Ended
web-tournament-round = { $name }, round { $round }
web-downloads = Downloads
web-download-otn = OTN record
web-download-record = tawlbot record
web-download-gif = Animation (GIF)
web-keys = Keys: ← and → step through the moves, Home and End go to the start and the end.
web-language = Cymraeg
web-standings = Standings
web-crosstable = Crosstable
web-round = Round { $round }
web-bye = { $player } has a bye.
web-entrants = Entrants
web-no-entrants = Nobody has joined yet.
web-not-started = The tournament has not started.
web-ratings = Ratings
web-no-ratings = No rated games yet.
web-games = Games
web-no-games = No games yet.
web-older = Older games
web-newer = Newer games
web-leaderboards = Leaderboards
web-tournaments = Tournaments
web-no-tournaments = No tournaments yet.
web-recent-games = Games
web-col-board = Board
web-col-date = Date
web-col-game = Game
web-col-players = Players
web-col-result = Result
web-col-moves = Moves
web-col-player = Player
web-col-rating = Rating
web-col-games = Games
web-col-server = Server
web-col-name = Name
web-col-state = State
web-rating-history = Rating history
web-versus = { $first } v { $second }
web-embed-open = Open in the archive

# The bot as a player on a game page; $level: 1 to 5.
web-bot-level = { $name } (level { $level })
web-puzzle-show = Show the solution
web-puzzle-solution = Solution

## The front page, link previews, the fuller game and
## tournament pages, the balance page.
web-stats = Balance
web-stats-link = Balance: how often each side wins
web-server = Server
web-server-page = The server's page
# A link preview's title: "alice v bob · Tawlbwrdd".
web-og-game = { $first } v { $second } · { $game }
web-og-ratings = Ratings: { $ratings }
web-winner-is = Winner: { $player }
web-standings-alt = The standings of the tournament { $name }: each player's place, points and tie-breaks.
web-podium = Winner and podium
web-place = { $place ->
    [1] 1st
    [2] 2nd
    [3] 3rd
   *[other] { $place }th
}
web-crosstable-key = 1 a win, ½ a draw, 0 a loss, + and - a forfeit won or lost, * a game being played; each result links to its game.
web-col-points = Points
web-front-about = Every game, tournament and player of the Discord servers that made their tawlbot games public: step through the games, follow the tournaments, look up a player.
web-search-label = Find a player by name
web-search = Search
web-search-results = Players whose name contains “{ $name }”
web-search-none = No public player has a name like that.
web-servers = Servers
web-no-servers = No public servers yet.
web-col-first-wins = Attackers win
web-col-second-wins = Defenders win
web-col-draws = Draws
web-col-length = Average length (moves)
web-stats-about = How often each side wins the finished rated games of the public servers, for each game and set of options: each rate with its 95% interval (Wilson's), the number of games and their average length in moves.
web-stats-sides = Attackers: the side that moves first (assailants in goedhboell, white in latrunculi); defenders: the other side (princes, black).
web-stats-whole = The whole archive
web-stats-none = No finished rated games yet.
web-analysis = Analysis
web-analysis-pending = The engine is analysing this game: the graph of each side's chances will be here in a minute or two.
web-round-of = Round { $round } of { $total }
web-puzzle-of-the-day = Puzzle of the day — { $title }
