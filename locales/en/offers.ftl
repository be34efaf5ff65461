## /draw, /takeback, /pause, /resume: offers and their answers.
## $kind: draw, takeback, pause or resume (also the command's name).

# $span: the length of the pause asked for (a time-* message; pause only).
offer-made = { $player } { $kind ->
    [draw] offers a draw
    [takeback] asks for a takeback
    [pause] offers to pause the clock for { $span }
   *[resume] offers to restart the clock
}. { $opponent }: accept or decline with the buttons, or type /{ $kind } answer:accept or /{ $kind } answer:decline.
offer-declined = { $player } declined { $kind ->
    [draw] a draw
    [takeback] a takeback
    [pause] to pause the clock for { $span }
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
offer-bad-answer = Answer with accept or decline (answer:accept, answer:decline), not { $answer }.
offer-already-mine = You have already { $kind ->
    [draw] offered a draw
    [takeback] asked for a takeback
    [pause] asked to pause the clock
   *[resume] asked to restart the clock
}; waiting for { $opponent }.
takeback-no-move-yet = There is no move to take back yet.
takeback-none-of-yours = You have made no move to take back.
takeback-nothing = There is no move to take back.
offer-waiting = { $kind ->
    [draw] An offer of a draw
    [takeback] A request for a takeback
    [pause] A request to pause the clock
   *[resume] A request to restart the clock
} is already waiting for an answer.
offer-gone = That offer is no longer standing: look at the board again.
# An offer to the bot, which answers at once (its answer follows).
bot-answers = { $player } { $kind ->
    [draw] offers tawlbot a draw.
    [takeback] asks tawlbot for a takeback.
    [pause] asks tawlbot to pause the clock.
   *[resume] asks tawlbot to restart the clock.
}

# Why the bot answered a draw offer so; $why: opening, ahead, level, behind; $from: the move from which it considers draws.
bot-draw-reason = { $why ->
    [opening] It is too early for a draw: the game has only begun (tawlbot considers draws from move { $from }).
    [ahead] tawlbot likes its chances.
    [level] tawlbot sees the game as level.
   *[behind] tawlbot sees the game going against it.
}
