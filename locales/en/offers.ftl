## /draw, /takeback, /pause, /resume: offers and their answers.
## $kind: draw, takeback, pause or resume (also the command's name).

offer-made = { $player } { $kind ->
    [draw] offers a draw
    [takeback] asks to take back a move
    [pause] asks to pause the clock
   *[resume] asks to restart the clock
}. { $opponent }: accept or decline (/{ $kind } accept, /{ $kind } decline).
offer-declined = { $player } declined { $kind ->
    [draw] the draw
    [takeback] the takeback
    [pause] to pause the clock
   *[resume] to restart the clock
}. Play on: { $status }
offer-none-to-decline = There is no { $kind ->
    [draw] offer of a draw
    [takeback] request for a takeback
    [pause] request to pause the clock
   *[resume] request to restart the clock
} to decline.
offer-none-to-accept = There is no { $kind ->
    [draw] offer of a draw
    [takeback] request for a takeback
    [pause] request to pause the clock
   *[resume] request to restart the clock
} to accept.
offer-bad-answer = Answer with accept or decline, not { $answer }.
offer-standing = { $opponent } has already { $kind ->
    [draw] offered a draw
    [takeback] asked for a takeback
    [pause] asked to pause the clock
   *[resume] asked to restart the clock
}: accept or decline it.
offer-already-mine = You have already { $kind ->
    [draw] offered a draw
    [takeback] asked for a takeback
    [pause] asked to pause the clock
   *[resume] asked to restart the clock
}; waiting for { $opponent }.
takeback-no-move-yet = There is no move to take back yet.
takeback-none-of-yours = You have made no move to take back.
takeback-nothing = There is no move to take back.
