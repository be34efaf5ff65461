## /challenge, /accept, /decline.

challenge-self = You cannot challenge yourself: challenge a friend, or leave the opponent out for an open challenge.
challenge-bot = Thank you, but I don't play yet: I keep the board and the rules. Challenge a friend, or post an open challenge for anyone.
# $first-side, $second-side: side ids (tafl-first, tafl-second, latrunculi-first...: common.ftl).
challenge-bad-side = In { $game } the sides are { SIDE($first-side) } and { SIDE($second-side) }.
challenge-channel-busy = This channel already has a game (game { $id }). Finish it first, or add thread:true to play in a thread.

# $game: the game's name with its options, e.g. "goedhboell (dice)";
# $rated: yes, no, or position (unrated, from a position); $side: the challenger's side id, or none;
# $time: a tc-* message.
challenge-posted = { $challenger } challenges { $opponent } to a { $rated ->
    [yes] rated game
    [position] game (unrated: it starts from a position of its own)
   *[no] game
} of { $game }{ $side ->
    [none] {""}
   *[other] , playing { SIDE($side, form: "the") }
}, { $time }. Challenge { $id }: press Accept or type /accept (it expires in a day).
challenge-posted-open = { $challenger } posts an open challenge: anyone may take it to a { $rated ->
    [yes] rated game
    [position] game (unrated: it starts from a position of its own)
   *[no] game
} of { $game }{ $side ->
    [none] {""}
   *[other] , playing { SIDE($side, form: "the") }
}, { $time }. Challenge { $id }: press Accept or type /accept (it expires in a day).

challenge-position-rated = A game from a position of its own is never rated (positions are for practice and study): leave out rated:true.

challenge-not-a-number = { $text } is not a challenge number.
challenge-none = There is no challenge { $id }.
challenge-none-for-you = There is no open challenge here for you.
challenge-not-open = Challenge { $id } is no longer open.
challenge-own = That is your own challenge: wait for someone to accept it.
challenge-for-someone-else = That challenge is for someone else.
# To the player accepting a challenge whose channel has a game since; $challenger: a mention.
challenge-channel-busy-accept = A game has started in this channel since challenge { $id } was posted, so it cannot start here. Accept it once that game is over, or ask { $challenger } to challenge you again with thread:true.
challenge-accepted-elsewhere = Challenge { $id } accepted: the game is on in { $channel }.
challenge-withdrawn = { $player } withdrew challenge { $id }.
challenge-declined = { $player } declined challenge { $id }.
challenge-decline-not-yours = Only the challenger or the one challenged can decline a challenge.
challenge-expired = Challenge { $id } from { $player } expired.
challenge-too-many = You already have { $n } open challenges on this server: wait for an answer, or withdraw one with /decline id:N.
challenge-none-here = There is no challenge { $id } here.
challenge-unreadable = Challenge { $id } cannot be read, so I leave it as it is. The bot's operator can look into it (tawlbot doctor).

# A second open challenge to the same opponent in one channel; $id: the first.
challenge-duplicate = You already challenged { $opponent } here: challenge { $id }. Wait for their answer, or withdraw it with /decline id:{ $id } before you post another.
# The same for a challenge to anyone.
challenge-duplicate-open = You already have an open challenge to anyone here: challenge { $id }. Wait for someone to accept it, or withdraw it with /decline id:{ $id } before you post another.

# /challenges: the asker's open challenges, everywhere. $game:
# the game's name; $time: a time-control description; $channel: where.
challenges-none = You have no open challenges.
challenges-head = Your open challenges:
challenges-sent = Challenge { $id }, sent to { $player } in { $channel }: { $game }, { $time }.
challenges-sent-open = Challenge { $id }, open to anyone in { $channel }: { $game }, { $time }.
challenges-received = Challenge { $id }, from { $player } in { $channel }: { $game }, { $time }.
challenges-more = { $n ->
    [one] One more challenge is not shown: answer it with /accept id:N or /decline id:N.
   *[other] { $n } more challenges are not shown: answer them with /accept id:N or /decline id:N.
}
button-withdraw-n = Withdraw { $id }
button-accept-n = Accept { $id }
button-decline-n = Decline { $id }

# After a challenge that is not rated (a game between people is rated only when asked for).
challenge-unrated-note = (Unrated: add rated:true to /challenge for a rated game.)
