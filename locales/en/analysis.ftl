## /analysis: what a swing's move did ($kind of analysis-swing).
## $n: a number of moves (the opponent's, or the mover's for a missed win) or of men.

analysis-allowed-escape = allowed an escape of the king in { $n ->
    [one] { $n } move
   *[other] { $n } moves
}
analysis-allowed-king-capture = allowed a capture of the king in { $n ->
    [one] { $n } move
   *[other] { $n } moves
}
analysis-allowed-last-capture = allowed the last capture in { $n ->
    [one] { $n } move
   *[other] { $n } moves
}
analysis-allowed-dux-blockade = allowed a blockade of the dux in { $n ->
    [one] { $n } move
   *[other] { $n } moves
}
analysis-allowed-blockade = allowed a blockade in { $n ->
    [one] { $n } move
   *[other] { $n } moves
}
analysis-allowed-win = allowed a win in { $n ->
    [one] { $n } move
   *[other] { $n } moves
}
analysis-missed-win = missed a win in { $n ->
    [one] { $n } move
   *[other] { $n } moves
}
analysis-lost-men = { $n ->
    [one] lost a man
   *[other] lost { $n } men
}
analysis-blunder = a blunder
analysis-mistake = a mistake
# The label of the x axis of the /analysis graph (drawn in the picture).
analysis-graph-axis = move
