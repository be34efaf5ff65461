## /help and the slash commands' descriptions (command names stay English).
# The English `cmd-*` texts are also what Discord shows: each at most 100 characters
# (registered from src/app/commands, one file per command).

help-intro = **tawlbot** keeps the board for the old Welsh and Celtic tafl games and gwyddbwyll.
    Challenge a friend with /challenge, then type moves in the channel as two squares: e1-e4 (or @14-@44 in goedhboell).
# One line per command, after help-intro.
help-line = /{ $name } — { $description }

cmd-challenge = Challenge someone (or anyone) to a game
cmd-challenge-opponent = Who you challenge; leave out for an open challenge
cmd-challenge-variant = Which game (default tawlbwrdd)
cmd-challenge-options = Variant options, e.g. dice, king-steps, size=8x8 dux
cmd-challenge-side = The side you take (default random)
cmd-challenge-time = Time per move (1d, 3d, 7d, 12h), a bank (bank:7d inc:1d cap:14d) or none
cmd-challenge-thread = Play in a new thread
cmd-challenge-rated = Count the game for ratings (default no)
cmd-accept = Accept a challenge in this channel
cmd-accept-id = The challenge number (default: the one for you)
cmd-decline = Decline (or withdraw) a challenge in this channel
cmd-decline-id = The challenge number
cmd-move = Play a move, e.g. e1-e4 or @14-@44
cmd-move-move = The move: from-square to-square
cmd-board = Show the board of this channel's game
cmd-moves = Show where a piece can go
cmd-moves-square = The piece's square, e.g. f4 or @54
cmd-history = The moves of this channel's game so far
cmd-resign = Resign this channel's game
cmd-draw = Offer a draw, or answer your opponent's offer
cmd-draw-answer = accept or decline your opponent's offer (leave out to make one)
cmd-takeback = Ask to take back your last move, or answer such a request
cmd-rules = A short summary of a game's rules
cmd-rules-variant = Which game
cmd-games = Games being played on this server
cmd-game = Show any game by its number
cmd-game-id = The game number
cmd-mygames = Your games, everywhere
cmd-export = The record of this channel's game, or any game of the server, as a file
cmd-notify = How you hear that it is your turn
cmd-notify-how = mention, dm, both or digest
cmd-vacation = Stop your clock in all your games while you are away (30 days in any 365)
cmd-vacation-days = Start a vacation now, or extend yours, by 1 to 30 days
cmd-vacation-end = End your vacation now: the days not begun go back
cmd-pause = Ask to stop the clock (both players must agree)
cmd-pause-days = How long, 1 to 30 days (default 7)
cmd-resume = Ask to start the clock again
cmd-tournament = Tournaments: create, join, start, standings...
cmd-leaderboard = Ratings on this server
cmd-leaderboard-variant = Which game (default tawlbwrdd)
cmd-profile = A player's rating and games
cmd-profile-player = Who (default you)
cmd-help = How to play with tawlbot
cmd-analysis = Analyse a finished game: a graph of the chances and the biggest swings
cmd-settings = How you see boards: picture, text or both, the theme, and from which side
cmd-abort = End this channel's game with no result (Manage Server)
cmd-language = The language I write to you in: english or cymraeg
cmd-language-choice = english or cymraeg
cmd-language-server = Set the server's default instead (Manage Server)

cmd-tournament-create = Create a tournament (Manage Server or the organiser role)
cmd-tournament-create-name = The tournament's name
cmd-tournament-create-variant = Which game
cmd-tournament-create-options = Variant options
cmd-tournament-create-format = round-robin or swiss
cmd-tournament-create-rounds = Rounds (swiss)
cmd-tournament-create-match = single or two-game (default two-game)
cmd-tournament-create-max = Most players
cmd-tournament-create-start = When it starts, e.g. 2d (or start it with /tournament start)
cmd-tournament-join = Join the tournament of this channel
cmd-tournament-leave = Leave a tournament before it starts
cmd-tournament-start = Start a tournament now (organisers)
cmd-tournament-standings = The table
cmd-tournament-info = About a tournament; round:N shows that round's pairings and results
cmd-tournament-list = Tournaments on this server
cmd-tournament-withdraw = Withdraw a player (organisers): remaining games are forfeited
cmd-tournament-withdraw-player = Who
cmd-tournament-cancel = Cancel a tournament (organisers)
cmd-tournament-id = Tournament number

cmd-challenge-position = Start from this position (OTN), unrated
cmd-challenge-level = When you challenge tawlbot: its level, 1 to 5 (default 3)
cmd-board-style = picture, text (a diagram in a code block) or both
cmd-analysis-game = The game number (default: the last game here)
cmd-mygames-finished = Your finished games instead, with their results
cmd-mygames-page = Which page of finished games (10 a page)
cmd-export-format = tawlbot (the record and an animation, default) or otn
cmd-export-game = The game number (default: this channel's game)
cmd-settings-board = picture, text or both
cmd-settings-theme = light, dark or contrast
cmd-settings-flip = auto: boards addressed to you are drawn from your side; off: never turned
cmd-settings-archive = This server's games on the web archive: public or private (Manage Server)
cmd-settings-organiser-role = Members with this role may create and run tournaments (Manage Server)
cmd-settings-organiser-role-clear = True: no role gives tournament rights any more (Manage Server)
cmd-abort-game = Any game of the server by its number (default: this channel's)
cmd-tournament-create-late = Swiss: players may still join until round N has been paired
cmd-tournament-create-vacation = false: the games' clocks run through the players' vacations
cmd-tournament-crosstable = Every player against every other, with each result
cmd-tournament-info-round = A round's pairings and results (default: the current round)

cmd-conditional = Conditional moves: replies played for you while you wait
cmd-conditional-add = Add a line: their move, your reply, and so on (e.g. f8-c8 e2-c2 g7-g9 k5-k6)
cmd-conditional-add-line = Their move, then your reply, pair after pair, e.g. f8-c8 e2-c2
cmd-conditional-list = Your conditional lines in this game (only you see them)
cmd-conditional-clear = Drop your conditional lines in this game

# /help's line for a command when it is not the registered description.
help-settings = How you see boards: as a picture, as text, or both, and the picture theme
help-language = The language I write to you in (english or cymraeg)

## Choice labels of slash command options.
choice-variant-tawlbwrdd = Tawlbwrdd (11x11, edge escape)
choice-variant-tawlbwrdd-walker = Tawlbwrdd, Walker's reconstruction
choice-variant-tallfwrdd = Tallfwrdd (9x9, one step at a time)
choice-variant-goedhboell = Goedhboell / Celtic chess (9x9, @hv)
choice-variant-gwyddbwyll = Gwyddbwyll / ludus latrunculorum
choice-side-attackers = attackers
choice-side-defenders = defenders
choice-side-white = white
choice-side-black = black
choice-side-random = random
choice-time-1d = 1 day per move
choice-time-3d = 3 days per move (default)
choice-time-7d = 7 days per move
choice-time-12h = 12 hours per move
choice-time-none = no clock (casual)
choice-format-round-robin = round robin
choice-format-swiss = swiss
choice-match-two-game = two games, sides swapped
choice-match-single = single game
choice-notify-mention = mention in the channel
choice-notify-dm = direct message
choice-notify-both = both
choice-notify-digest = a daily digest by direct message
choice-answer-accept = accept
choice-answer-decline = decline
choice-language-english = English
choice-language-cymraeg = Cymraeg
cmd-tournament-create-winner_role = A role given to the winner at the end (the bot needs Manage Roles)
cmd-tournament-result = Set or correct a match's result (organisers)
cmd-tournament-result-round = The match's round
cmd-tournament-result-board = The match's board
cmd-tournament-result-winner = The winner of the match (a mention), or draw
cmd-tournament-forbid = Keep two players apart in Swiss pairings (organisers)
cmd-tournament-forbid-player = One player
cmd-tournament-forbid-other = The other player
cmd-tournament-forbid-remove = true: they may be paired together again
cmd-challenges = Your open challenges, sent and received, everywhere
cmd-puzzle = The puzzle of the day, your moves in it, and more puzzles
cmd-puzzle-move = Your move in the puzzle (e.g. e10-c10)
cmd-puzzle-reveal = Show the solution
cmd-puzzle-next = Another puzzle at your level
cmd-puzzle-number = A puzzle by its number
cmd-puzzle-stats = Your puzzles solved, streak and puzzle rating

# /help command:NAME ($name: the command asked about; $description: an option's description).
cmd-help-command = A command to explain with its options, like challenge
help-option = { $name }: — { $description }
help-option-required = { $name }: (needed) — { $description }
help-no-options = It takes no options.
help-no-command = There is no command /{ $name }: /help lists them all.
