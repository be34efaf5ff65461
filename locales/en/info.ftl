## /games, /game, /mygames, /language.

games-none = No games are being played on this server. Start one with /challenge.
games-line = Game { $id } in { $channel }: { $variant } — { $first } v { $second }, { $moves ->
    [one] { $moves } move
   *[other] { $moves } moves
}
game-id-missing = Give the game's number, like /game id:12.
game-none = There is no game { $id } here.
mygames-none = You have no games in progress.
# $turn: mygames-your-move, mygames-to-move or mygames-over.
mygames-line = Game { $id } in { $channel }: { $game } — { $turn }
mygames-line-left = Game { $id } in { $channel }: { $game } — { $turn }, { $span } left
# A game with a player on vacation: $line, the game's line.
mygames-line-vacation = { $line } ({ $player } on vacation until { $until })
mygames-your-move = your move
mygames-to-move = { $player } to move
mygames-over = over
mygames-finished-head = Your finished games, page { $page } of { $pages }:
mygames-finished-line = Game { $id } in { $channel }: { $game } — { $result }
mygames-aborted = ended with no result
mygames-next-page = More: /mygames finished:true page:{ $page }
mygames-none-finished = You have no finished games yet.
mygames-no-such-page = There is no page { $page }: your finished games fill { $pages ->
    [one] one page
   *[other] { $pages } pages
}.
mygames-bad-page = A page is a number from 1, not { $text }.

# /language. $lang: english or cymraeg.
language-choose = Choose english or cymraeg.
language-set = From now on I write to you in English.
language-set-server = English is now this server's language: what I post in its channels is in English; what I write to one player alone follows their own choice.
language-server-not-allowed = Only members with the Manage Server permission can set the server's language.

# /export is limited to once a minute per player; $seconds to wait.
export-wait = You can export a game once a minute: try again in { $seconds } s.

# /mygames finished:true, one game: $opponent a name; $verdict a profile-result-* message; $result an outcome-* message.
mygames-finished-against = Game { $id } in { $channel }: { $game } against { $opponent }, { $verdict } — { $result }
