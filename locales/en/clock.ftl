## Time: spans, time controls, reminders, notifications.

time-days = { $n ->
    [one] { $n } day
   *[other] { $n } days
}
time-hours = { $n ->
    [one] { $n } hour
   *[other] { $n } hours
}
time-minutes = { $n ->
    [one] { $n } minute
   *[other] { $n } minutes
}
# "2 days 18 hours": two nested time-* messages.
time-two-units = { $big } { $small }
# The same before a number Welsh reads with a vowel (1, 8, 11-19: "ac").
time-two-units-vowel = { $big } { $small }

time-left = Time left: { $span }, until { $until }.
# Both clocks of a time-bank game: each player's name and side, and their
# bank ($running: the side whose clock runs).
clocks-bank = Clocks: { $first } ({ SIDE($first-side) }) { $first-left }, { $second } ({ SIDE($second-side) }) { $second-left }; { SIDE($running, form: "possessive") } clock is running.
# The clock of a game with a fixed time per move.
clocks-move = Clock: { $left } left for this move ({ $per } a move).

tc-none = no clock
tc-per-move = { $span } per move
tc-bank = a bank of { $bank } plus { $inc } a move (at most { $cap })

time-unreadable-bank = I can't read the time "{ $text }": a time bank is written like bank:7d inc:1d (and optionally cap:14d).
time-unreadable = I can't read the time "{ $text }": write a time per move like 1d, 3d, 7d or 12h, a bank like bank:7d inc:1d cap:14d, or none.
time-zero = A clock of no time at all ("{ $text }") would be lost before the first move: give at least a minute, like 3d, 12h or bank:7d inc:1d.
time-negative = A time cannot be negative ("{ $text }"): write it like 3d, 12h or bank:7d inc:1d cap:14d.
time-too-long = "{ $text }" is longer than a clock can run: at most 60 days (60d) for a move, a bank, an increment or a cap.
time-cap-below-bank = In "{ $text }" the cap is below the bank: the cap is the most a bank may grow to, so make it at least { $bank } or leave it out.

# $channel is a channel mention; $summary a played-summary message.
notify-dm-turn = Your move in game { $id } ({ $channel }): { $summary }
notify-choose = Choose how you hear of your turns: mention, dm, both or digest.
notify-set-mention = You will be mentioned in the game's channel when it is your turn.
notify-set-dm = You will get a direct message when it is your turn (and no mention).
notify-set-both = You will be mentioned and get a direct message when it is your turn.
notify-set-digest = You will get one direct message a day listing the games waiting for you.

reminder-channel = { $player }, a reminder: it is your move in game { $id }, and you have { $span } left on your clock.
reminder-dm = Reminder: your move in game { $id } ({ $channel }), { $span } left.

# $list: digest-item / digest-item-left messages joined with "; ".
digest = Your daily digest: { $n ->
    [one] { $n } game is
   *[other] { $n } games are
} waiting for your move: { $list }.
digest-item = game { $id } in { $channel }
digest-item-left = game { $id } in { $channel }, { $span } left

clock-paused = The clock is paused.
pause-already = The clock is already paused: use /resume to start it again.
pause-no-clock = This game has no clock to pause.
resume-not-paused = The clock is running: it is not paused.
# $until: a date, 2026-01-08.
pause-agreed = Both players agreed: the clock of game { $id } is paused for { $span }, until { $until }, when it starts again by itself. /resume starts it sooner.
resume-agreed = The clock of game { $id } runs again: { $player } has { $span } left.

game-cancelled-no-move = Game { $id } is cancelled: no move was made before the deadline.
pause-ended = The agreed pause of game { $id } is over: the clock runs again. { $player } has { $span } left.
paused-no-move = The clock of this game is paused: no move until it runs again (/resume, or at the end of the agreed pause).
paused-no-takeback = The clock of this game is paused: no takeback until it runs again.

abort-not-allowed = Only someone with the Manage Server permission can end a game with /abort (members with the organiser role: tournament games).
abort-no-game = There is no game running in this channel.
abort-done = Game { $id } was ended by { $player } with no result.
abort-already-over = That game is already over.

# A game's channel or thread was deleted: the game is aborted (a DM to each player).
game-channel-deleted = The channel of game { $id } was deleted, so the game was ended with no result.

# /notify how:dm: an offer, a game's end, its first move, by direct message.
# $kind: draw, takeback, pause or resume; $player: who offers (a name).
notify-dm-offer = { $player } { $kind ->
    [draw] offers a draw
    [takeback] asks for a takeback
    [pause] asks to pause the clock for { $span }
   *[resume] asks to start the clock again
} in game { $id } ({ $channel }): answer there with the buttons, or /{ $kind } answer:accept or answer:decline.
# $outcome: how it ended (an outcome-* message).
notify-dm-ended = Game { $id } ({ $channel }) is over: { $outcome }
# The summary of notify-dm-turn for a game's first move.
notify-summary-start = the game has begun, and the first move is yours.

## Vacations (/vacation, docs/clocks.md). $until, $date: a moment.
vacation-bad-days = Say how many days: /vacation days:N, from 1 to { $max } (or /vacation end to end your vacation).
vacation-none = You are not on vacation.
vacation-days-and-end = Ask for days or for the end, not both: /vacation days:N starts or extends your vacation, /vacation end ends it. Nothing was done.
# $left: the vacation days that can still be taken; $date: when the first
# day counted comes back.
vacation-refused = You have { $left ->
    [one] { $left } vacation day
   *[other] { $left } vacation days
} left until { $date }: at most 30 days in any 365.
# $games: the games whose clock stops; $left: the days still allowed.
vacation-started = You are on vacation until { $until }: your clock stops in { $games ->
    [one] { $games } game
   *[other] { $games } games
} (whenever it is your turn). You have { $left ->
    [one] { $left } vacation day
   *[other] { $left } vacation days
} left.
vacation-extended = Your vacation is extended until { $until }: your clock stops in { $games ->
    [one] { $games } game
   *[other] { $games } games
} (whenever it is your turn). You have { $left ->
    [one] { $left } vacation day
   *[other] { $left } vacation days
} left.
# The games a vacation does not stop, each on a line (vacation-game-runs).
vacation-not-stopped = { $n ->
    [one] This game's clock does not stop: its tournament was created with vacation:false.
   *[other] These { $n } games' clocks do not stop: their tournaments were created with vacation:false.
}
vacation-game-runs = Game { $id } in { $channel } (tournament **{ $tournament }**)
# In each game's channel, once, when the vacation starts (or is extended).
vacation-channel = { $player } is on vacation until { $until }: their clock is stopped.
# $used: the days counted; $back: the days given back.
vacation-ended = Your vacation is over and your clocks run again: { $used ->
    [one] { $used } day counted
   *[other] { $used } days counted
}, { $back ->
    [one] { $back } day given back
   *[other] { $back } days given back
}.
status-vacation = { $player } is on vacation until { $until }: their clock is stopped.
status-vacation-running = { $player } is on vacation until { $until }, but the clock of this game runs.
