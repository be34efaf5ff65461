## /tournament and what tournaments announce.
## $name: the tournament's name; $state: a state-name message.

tournament-none = There is no tournament { $id }.
tournament-not-a-number = { $text } is not a tournament number.
tournament-not-on-server = There is no tournament { $id } on this server.
tournament-which = Which tournament? Give its number, like id:1 (see /tournament list).
tournament-commands = Tournament commands: create, join, leave, start, standings, crosstable, info, list, withdraw, result, forbid, cancel.
tournament-name-the-player = Name the player: /tournament withdraw player:@someone.

# $game: name and options; $format, $matches: the messages below; $time: a tc-* message.
tournament-describe = { $game }, { $format }, { $matches }, { $time }
tournament-format-swiss = Swiss, { $rounds ->
    [one] { $rounds } round
   *[other] { $rounds } rounds
}
tournament-format-round-robin = round robin
tournament-kind-single = one-game matches
tournament-kind-two-game = two-game matches (sides swapped)

tournament-create-not-allowed = Only members with the Manage Server permission or the organiser role can create tournaments.
tournament-name-missing = Give the tournament a name: name:Spring.
tournament-name-control = A tournament name is plain text: no line breaks, tabs or other control characters.
tournament-bad-format = The format is round-robin or swiss, not { $text }.
tournament-bad-rounds = A Swiss tournament has 1 to 20 rounds.
tournament-bad-match = A match is single or two-game.
tournament-bad-max = max is the most players, from 2 to { $max }.
tournament-bad-start = start is a time from now, like 2d, 12h or 90m (or start it with /tournament start).
# Followed by tournament-max-players and tournament-starts-in or
# tournament-organiser-starts, each after a space.
tournament-created = Tournament { $id }: **{ $name }** — { $description }. Join with /tournament join.
tournament-max-players = At most { $n } players.
tournament-starts-in = It starts in { $span }.
tournament-organiser-starts = An organiser starts it with /tournament start.

tournament-list-none = There are no tournaments on this server yet.
tournament-list-line = { $id }. **{ $name }** — { $description }, { $state }, { $n ->
    [one] { $n } player
   *[other] { $n } players
}
tournament-list-line-round = { $id }. **{ $name }** — { $description }, { $state }, { $n ->
    [one] { $n } player
   *[other] { $n } players
}, round { $round } of { $total }

tournament-too-late = **{ $name }** is { $state }: it is too late to join.
tournament-already-in = You are already in **{ $name }**.
tournament-full = **{ $name }** is full ({ $n } players).
tournament-left-cannot-rejoin = You left **{ $name }** and cannot join it again.
tournament-joins = { $player } joins **{ $name }** ({ $n ->
    [one] { $n } player
   *[other] { $n } players
}).
tournament-start-not-allowed = Only the organiser, members with Manage Server or members with the organiser role can start a tournament.
tournament-is-state = **{ $name }** is { $state }.
# $reason: why the pairing rules refuse (from the tournament module).
tournament-cannot-start = **{ $name }** cannot start: { $reason } ({ $n } joined).
tournament-begins = **{ $name }** begins with { $n } players: { $players }.
# $points: already written with fractions ("2½"); $count: the same points as
# a number, for the plural ("1 point"; Welsh "2 bwynt"). The standings table
# (a code block) and tournament-standings-order follow on new lines.
tournament-over = **{ $name }** is over. The winner is { $winner } with { $points } { $count ->
    [one] point
   *[other] points
}! Congratulations.
tournament-pairing-failed = Pairing failed: { $reason }
tournament-round-head = **{ $name }**, round { $round } of { $total }:
tournament-bye = Bye: { $player } (1 point)
tournament-board = Board { $board }: { $first } v { $second }
tournament-board-forfeited = Board { $board }: { $first } v { $second } (forfeited)
tournament-running = **{ $name }** is running (round { $round } of { $total }). { $n ->
    [0] Every match of the round has its games.
    [one] Opening { $n } match thread again.
   *[other] Opening { $n } match threads again.
}
tournament-no-match = There is no match { $id }.
tournament-match-decided = Nothing to play in this match of **{ $name }**: its games are decided.
tournament-match-thread = Round { $round }, board { $board }: { $first } v { $second } in { $thread }.
tournament-game-title = **{ $name }**, round { $round }, board { $board }, game { $number } of { $of } (game { $id }):
tournament-match-over = Match over: { $first } { $first-points }–{ $second-points } { $second }.
tournament-match-over-forfeit = Match over: { $first } { $first-points }–{ $second-points } { $second } (forfeit).

tournament-withdraw-not-allowed = Only the organiser, members with Manage Server or members with the organiser role can withdraw a player.
tournament-not-in = { $player } is not in **{ $name }**.
tournament-leaves = { $player } leaves **{ $name }**.
tournament-cannot-withdraw = Cannot withdraw: { $reason }.
tournament-withdrawn = { $player } is withdrawn from **{ $name }**: their remaining games are forfeited.
tournament-withdraws = { $player } withdraws from **{ $name }**: their remaining games are forfeited.
# $outcome: an outcome-* message.
tournament-withdrew-game = { $player } withdrew from the tournament. { $outcome }
tournament-cancel-not-allowed = Only the organiser, members with Manage Server or members with the organiser role can cancel a tournament.
tournament-cancelled = **{ $name }** is cancelled.
tournament-cancelled-games = **{ $name }** is cancelled ({ $n ->
    [one] { $n } game stopped
   *[other] { $n } games stopped
}).
# After a cancel: games whose end the database refused.
tournament-cancel-games-left = { $n ->
    [one] The game database failed, so { $n } game is still running: /abort in its channel ends it.
   *[other] The game database failed, so { $n } games are still running: /abort in their channels ends them.
}
# $reason: the refusal that stopped an automatic start.
tournament-auto-cancelled = { $reason } It is cancelled.

tournament-info = Tournament { $id }: **{ $name }** — { $description }. State: { $state }.
tournament-info-organiser = Organiser: { $player }.
tournament-info-players = Players ({ $n }): { $players }
tournament-info-no-players = Players (0): none yet
tournament-info-starts = Starts { $date }.
tournament-info-round = Round { $round } of { $total }.
tournament-info-bye = Bye: { $player }
# $score: "1–1" or tournament-info-playing.
tournament-info-board = Board { $board }: { $first } v { $second }, { $score }
tournament-info-board-thread = Board { $board }: { $first } v { $second }, { $score } in { $thread }
tournament-info-playing = playing

tournament-not-started = **{ $name }** has not started yet.
tournament-standings-head = **{ $name }** standings after round { $round } of { $total }:
tournament-standings-head-final = **{ $name }** standings after round { $round } of { $total } (final):
tournament-standings-order = Order: points, then Sonneborn-Berger (SB), then Buchholz.
tournament-standings-order-split = Order: points, then Sonneborn-Berger (SB), then Buchholz, then split wins (a 1–1 match won in fewer moves).
tournament-standings-head-none = **{ $name }** standings: no round of { $total } is finished yet.
tournament-crosstable-head = **{ $name }**, every player against every other:
tournament-crosstable-key = Each game: 1 a win, ½ a draw, 0 a loss, + or - a forfeit, * being played. Columns are places in the table.
tournament-round-view = **{ $name }**, round { $round } of { $total }:
tournament-no-such-round = { $text } is not a round of this tournament: rounds 1 to { $played } have been paired.
tournament-withdrawn-mark = { $player } (withdrawn)
# Standings table columns (text and picture).
table-rank = #
table-player = Player
table-points = Pts
table-sb = SB
table-buchholz = Buch
table-wdl = W/D/L

# The tournament module's refusals ($reason above), by TournamentError variant.
# $player: the player's name or mention.
tournament-error-too-few-players = a tournament needs at least two players
tournament-error-duplicate-player = { $player } is entered twice
tournament-error-no-rounds = a Swiss tournament needs at least one round
tournament-error-round-in-progress = the current round is not finished
tournament-error-finished = all rounds have been paired
tournament-error-unknown-player = { $player } is not in this tournament
tournament-error-already-withdrawn = { $player } has already withdrawn
tournament-error-no-such-game = no unfinished game between these players
tournament-error-not-in-game = { $player } is not in this game
tournament-error-too-many-rounds = { $rounds } Swiss rounds are more than these players can fill without a rematch (at most { $max })

# Refusals and notices of the tournament use cases.
tournament-unreadable = The records of tournament { $id } cannot be read, so I leave it as it is. The bot's operator can look into it.
tournament-busy = The tournament is changing right now: try again in a moment.
tournament-list-unreadable = { $id }. **{ $name }** — its records cannot be read
tournament-no-pairings = **{ $name }** has no pairings.
# A match thread could not be opened ($first, $second: mentions).
tournament-thread-failed-busy = I could not open a thread for round { $round }, board { $board } ({ $first } v { $second }), and this channel has a game in progress. An organiser can try again with /tournament start.
tournament-thread-failed-here = I could not open a thread for round { $round }, board { $board } ({ $first } v { $second }): the game is played here.

# The thread of a match game was deleted: the game is played again here.
tournament-game-channel-deleted = The thread of game { $id } (round { $round }, board { $board }) was deleted: the game ended with no result and is played again here.

# Leaving asks first (/tournament leave, then the Leave button).
tournament-leave-confirm = Leave **{ $name }**? Press Leave to confirm, or Stay.
tournament-leave-confirm-running = Leave **{ $name }**? It has begun, so leaving is a withdrawal: your remaining games are forfeited. Press Leave to confirm, or Stay.
tournament-stays = You stay in **{ $name }**.

# The organiser role (/settings organiser-role:@role); $role is a role mention.
organiser-role-set = Members with the role { $role } may now create and run tournaments on this server, as members with Manage Server can.
organiser-role-not-allowed = Only someone with the Manage Server permission can choose the organiser role.
organiser-role-dm = Direct messages have no roles: choose the organiser role on a server.
organiser-role-unreadable = Name a role of this server, like organiser-role:@Organisers.
# /settings organiser-role-clear:true
organiser-role-cleared = No role gives tournament rights on this server any more: only members with Manage Server (and each tournament's own organiser) create and run tournaments.

# Late entry (late:N, Swiss only).
tournament-describe-late = { $description }, late entry until round { $round } is paired
tournament-describe-no-vacation = { $description }; its clocks run through vacations
tournament-late-swiss-only = Late entry is for Swiss tournaments: a round robin's rounds are fixed by its players at the start, so everyone must join before it.
tournament-bad-late = late: is the round until whose pairing players may still join: a number from 2 to { $rounds } (the tournament's rounds).
tournament-late-closed = **{ $name }** took late entries until round { $round } was paired: it is too late to join.
tournament-joins-late = { $player } joins **{ $name }** late and is paired from round { $round } ({ $n } players).
tournament-cannot-join = You cannot join: { $reason }.

# The last report, when the winner was tied on points; $other: the player placed second, with $points ($count); $winner: the first; $by: sb, buchholz, split or seeding; $first, $second: the two values.
tournament-tie-broken = { $other } also has { $points } { $count ->
    [one] point
   *[other] points
}; { $winner } is ahead { $by ->
    [sb] on Sonneborn-Berger, { $first } to { $second }.
    [buchholz] on Buchholz, { $first } to { $second }.
    [split] on split wins, { $first } to { $second }.
   *[seeding] by the order of entry, every tie-break being level too.
}

# Round reports: when a round's last game ends, one message
# before the next pairings. $score: game points like 2–0; $how: decided
# (by the organiser), forfeit or played; $link: the games' web pages or
# their thread.
tournament-report-head = **{ $name }**: round { $round } of { $total } is over.
tournament-report-board = Board { $board }: { $first } { $score } { $second }{ $how ->
    [decided] , decided by the organiser
    [forfeit] , forfeited
   *[played] {""}
}
tournament-report-board-link = Board { $board }: { $first } { $score } { $second } ({ $link }){ $how ->
    [decided] , decided by the organiser
    [forfeit] , forfeited
   *[played] {""}
}
tournament-report-bye = Bye: { $player }
tournament-report-standings = Standings after round { $round } of { $total }:
tournament-report-final = Final standings:
tournament-error-no-such-match = there is no match between two players at round { $round }, board { $board }

# winner_role:
tournament-winner-role = The winner receives the role { $role }.
# winner_role: is taken only from someone who could give that role by hand.
tournament-winner-role-needs-manage-roles = Only someone who could give { $role } by hand can make it a tournament's prize: that takes the Manage Roles permission, or owning the server.
tournament-winner-role-above-yours = You cannot give { $role } by hand: it is not below your highest role in the server's list of roles, so it cannot be this tournament's prize.
tournament-role-given = { $player } receives the role { $role } for winning **{ $name }**.
tournament-role-creator-may-not = { $organiser } I did not give { $player } the role { $role } for winning **{ $name }**: you made it the prize, and you can no longer give that role by hand (it takes Manage Roles and a highest role above it). Give it by hand if you may, or ask someone who can.
tournament-role-refused = { $organiser } Discord refused to give { $player } the role { $role } for winning **{ $name }**. I need the Manage Roles permission, and my highest role must be above { $role } in the server's list of roles: change that in the server settings, then give the role by hand.

# /tournament result.
tournament-result-not-allowed = Only the organiser, members with Manage Server or members with the organiser role can set a result.
tournament-result-bad-board = round: and board: are numbers from 1: the round and the board of the match, as `/tournament info round:N` shows them.
tournament-result-bad-winner = winner: is a player of the match (a mention) or draw.
tournament-result-refused = This result cannot be set: { $reason }.
tournament-result-set = { $by } set the result of round { $round }, board { $board } of **{ $name }**:
tournament-result-corrected = { $by } corrected the result of round { $round }, board { $board } of **{ $name }** (it was { $before }):
tournament-result-winner = { $player } wins the match.
tournament-result-draw = The match is drawn.
tournament-game-decided = Game { $id } is over: the organiser of **{ $name }** decided the match. It is not rated.

# /tournament forbid.
tournament-forbid-not-allowed = Only the organiser, members with Manage Server or members with the organiser role can keep players apart.
tournament-forbid-two = Name two different players: player:@one other:@another.
tournament-forbid-set = { $player } and { $other } are not paired together in **{ $name }** while any other pairing is possible.
tournament-forbid-already = { $player } and { $other } are already kept apart in **{ $name }**.
tournament-forbid-removed = { $player } and { $other } may be paired together again in **{ $name }**.
tournament-forbid-none = { $player } and { $other } were not kept apart in **{ $name }**.
tournament-forbid-round-robin = In a round robin everyone meets everyone: this matters only to Swiss pairings.
