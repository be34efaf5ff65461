## Playing: openings, status lines, moves, outcomes, history, export.

# $title: game-title or tournament-game-title; $first-side, $second-side:
# side ids; $status: a status-* message (or an outcome).
game-title = Game { $id }: { $game } —
game-opening = { $title } { $first } ({ SIDE($first-side) }) against { $second } ({ SIDE($second-side) }). { $status }
game-opening-coin = { $title } { $first } ({ SIDE($first-side) }) against { $second } ({ SIDE($second-side) }). The coin toss goes to { SIDE($coin) }. { $status }

# $side: a side id; $number: the move number to be played.
status-to-move = { $player } to move ({ SIDE($side) }), move { $number }.
status-die = { $player } threw { $value }.
# $player threw an odd number: the turn passed to $next.
status-die-passed = { $player } threw { $value }, an odd number, so the turn passed to { $next }.

played = { $player } played **{ $move }**. { $status }
# The summary in a turn DM.
played-summary = { $name } played { $move }.

# Outcomes. $winner and $loser are side ids; $win is a side-wins message.
outcome-king-escaped = The king escaped to { $square }. { $win }
outcome-king-captured = The king is captured. { $win }
outcome-one-piece-left = { SIDE($loser, form: "the-capital") } { SIDE($loser, form: "number") ->
    [one] has
   *[other] have
} one piece left. { $win }
outcome-dux-immobile = The { SIDE($loser) } dux cannot move. { $win }
outcome-no-legal-move = { SIDE($loser, form: "the-capital") } { SIDE($loser, form: "number") ->
    [one] has
   *[other] have
} no legal move. { $win }
outcome-repetition = Every move left to { SIDE($loser, form: "the") } would repeat a position a third time. { $win }
outcome-move-limit = 100 moves without a capture: the game is drawn.
outcome-resignation = { SIDE($loser, form: "the-capital") } resigned. { $win }
outcome-timeout = { SIDE($loser, form: "the-capital") } ran out of time. { $win }
outcome-draw-agreed = Drawn by agreement.
outcome-drawn = The game is drawn.

no-game-here = There is no game in this channel. Start one with /challenge.
game-over-here = The game in this channel is over. Start a new one with /challenge.
game-over = This game is over.
not-playing = You are not playing in this game.
move-not-player = You are not playing in this game: only its two players can move.
# $side: the side id to move.
not-your-turn = It is { SIDE($side, form: "turn") } turn: { $player } to move.
position-changed = The position changed while you were moving: look at the board again.
position-changed-meanwhile = The position changed meanwhile: look at the board again.
move-hint = I read moves like e1-e4 (or @14-@44 in goedhboell). Type /help for everything else.
move-missing = Write the move, like /move move:e1-e4.
unknown-command = There is no /{ $name } command. Type /help to see them all.
button-stale = That button no longer does anything.
option-unknown = /{ $command } has no option { $option }: it takes { $known }. Nothing was done.
option-none = /{ $command } takes no options, so { $option } was not used. Nothing was done.
option-not-flag = /{ $command } takes { $option }:true or { $option }:false, not { $option }:{ $value }. Nothing was done.

board-status = Game { $id }. { $status }
# $piece: a piece-name-capital message; $list: squares joined with ", ".
# /moves with something that is no square; $example: a square of this game.
moves-square-unreadable = I can't read { $text } as a square: name one like { $example }.
moves-cannot-move = { $piece } on { $square } cannot move.
moves-can-go = { $piece } on { $square } can go to { $list }.

history-head = Game { $id } — { $game }: { $first } ({ SIDE($first-side) }) v { $second } ({ SIDE($second-side) })
history-no-moves = No moves yet.
# $side: a side id (tafl-first, tafl-second, latrunculi-first...: common.ftl).
# Numbered by turn, as OTN: "1. attackers e2-c2", then "1… defenders g7-g9".
history-line = { $number }. { SIDE($side) } { $move }
history-line-second = { $number }… { SIDE($side) } { $move }
history-truncated = … (use /export for the whole record)

takeback-done = Takeback accepted: { $n ->
    [one] { $n } move
   *[other] { $n } moves
} taken back. { $status }
export-record = The record of game { $id }.

## Games that cannot be read, the paused clock, the bot and /analysis.

game-unreadable = The record of game { $id } cannot be read. Someone with the Manage Server permission can end it with /abort.
game-not-a-number = { $text } is not a game number.
status-paused-until = The clock is paused until { $date }.
move-while-paused = The clock of this game is paused: no move until it runs again (/resume, or at the end of the agreed pause).
pause-days-bad = A pause lasts 1 to { $max } days, like /pause days:7.
bot-bad-level = The level is a number from 1 (gentle) to 5 (strongest), not { $text }.
bot-note = I play at level { $level } of 5. Games against me are unrated.
analysis-no-game-here = There is no game in this channel: name one, like /analysis game:12.
analysis-still-playing = Game { $id } is still being played: I analyse games once they are finished.
analysis-running = Your last analysis is still running: ask again once it is posted.
engine-busy = I am busy thinking about other games: try again in a minute.
bot-too-many = You already have { $n } games against me running: finish one before you start another.
# $side: the side whose chances are drawn (tafl-second, latrunculi-first...).
analysis-title = Game { $id }: { $game } — { SIDE($side, form: "possessive-capital") } winning chances
analysis-head = Game { $id } ({ $game }): { SIDE($side, form: "possessive") } winning chances after every move, at { $nodes } nodes a position.
analysis-no-swings = No move changed the game by much.
analysis-swings = The biggest swings:
# $number: the move by turn, as /history ($half: first "9." or second "9…");
# $move: the move with ? or ??; $side: a side id; $kind: what the move did;
# $before, $after: percentages.
analysis-swing = { $number }{ $half ->
    [second] …
   *[first] .
} { $move } ({ SIDE($side) }) { $kind } ({ $before }% → { $after }%)
# A game ended with no result: $reason is cancelled, decided or aborted.
status-ended = Game over: { $reason ->
    [cancelled] it was cancelled, with no result.
    [decided] its tournament's organiser decided the match; this game has no result and is not rated.
   *[aborted] it was ended with no result.
}

# A resignation, naming both players: $player resigned (a name), $winner
# wins (a mention); sides as the rules name them.
outcome-resigned-named = { $player } ({ SIDE($side) }) resigned: { $winner } ({ SIDE($winner-side) }) wins.

# $n: the cap of running games against people (outside tournaments) per player.
human-games-too-many = You already play { $n } games against people: finish one before you start another.
# $player: the challenger (a mention).
human-games-too-many-challenger = { $player } already plays { $n } games against people: this challenge can start once one of them has finished.

# /resign in a game of more than ten moves asks first (to the asker alone).
resign-confirm = Resign game { $id }? Press Resign to confirm, or Keep playing. (The question lapses after a move or five minutes.)
resign-kept = Play on, then.
resign-stale = That question has lapsed: the game has moved on or five minutes have passed. Type /resign again if you still want to.
button-resign = Resign
button-keep-playing = Keep playing

## Conditional moves: /conditional add, list, clear.
# A reply a conditional line played for $player, in the same commit as the
# opponent's move (played-short, just before it).
played-conditional = { $player } played **{ $move }** (a conditional move). { $status }
played-short = { $player } played **{ $move }**.
conditional-commands = Conditional moves: /conditional add line:f8-c8 e2-c2 (their move, then your reply, pair after pair), /conditional list, /conditional clear.
conditional-line-missing = Write the line: their move, then your reply, pair after pair, like /conditional add line:f8-c8 e2-c2.
conditional-bot = Conditional moves are for games between players: tawlbot answers at once, so nobody waits for it.
conditional-dice = Conditional moves are not for games with the dice: the die, not the players, decides whose turn follows a move.
conditional-paused = The clock of this game is paused: no conditional moves until it runs again.
conditional-your-turn = It is your turn: play your move. A conditional line is for while you wait for your opponent's.
# $n: how many moves the line has (odd, or none).
conditional-pairs = A line is pairs: their move, then your reply, each move written without spaces (like f8-c8 e2-c2 g7-g9 k5-k6); this one has { $n ->
    [one] one move
   *[other] { $n } moves
}. Nothing was stored.
conditional-too-long = A line holds at most { $max } pairs of moves. Nothing was stored.
# $n: the move's place in the line; $reason: why it cannot be played (a move-* refusal).
conditional-illegal = Move { $n } of the line ({ $move }) cannot be played in its turn. { $reason } Nothing was stored.
conditional-after-end = The game is over after { $after }: move { $n } of the line ({ $move }) cannot follow. Nothing was stored.
conditional-duplicate = That line is stored already (line { $line }). Nothing was stored.
conditional-conflict = Line { $line } already answers { $move } with { $reply }: a move has one answer. Nothing was stored.
conditional-added = Line { $line } stored (at most { $max }): { $pairs }. It is played for you when { $opponent } plays { $move }; your opponent never sees it.
conditional-full = You have { $max } lines in this game already, the most there can be: /conditional clear to start again. Nothing was stored.
conditional-none = You have no conditional moves in this game.
conditional-list = Your conditional moves in game { $id }, played for you when your opponent plays the first move of a line:
    { $list }
conditional-cleared = { $n ->
    [one] Your conditional line in this game was dropped.
   *[other] Your { $n } conditional lines in this game were dropped.
}
# After a player's first refused typed move: where to try moves privately.
refused-try-move = (/move plays a move too, and only you see its answer.)
# After no-game-here: one of the asker's games is played in a thread ($channel a thread mention).
your-game-in-thread = Your game { $id } is in { $channel }.
