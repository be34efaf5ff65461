## /analysis: beth wnaeth symudiad un o'r newidiadau mwyaf ($kind analysis-swing).
## $n: nifer o symudiadau (y gwrthwynebydd, neu'r symudwr am fuddugoliaeth a gollwyd) neu o ddarnau.
## Ar ôl rhifolyn daw'r enw unigol; dau (2) yn achosi treiglad meddal (2 ddarn).

analysis-allowed-escape = gadawodd i'r brenin ddianc mewn { $n ->
    [zero] { $n } symudiad
    [one] { $n } symudiad
    [two] { $n } symudiad
    [few] { $n } symudiad
    [many] { $n } symudiad
   *[other] { $n } symudiad
}
analysis-allowed-king-capture = gadawodd i'r brenin gael ei ddal mewn { $n ->
    [zero] { $n } symudiad
    [one] { $n } symudiad
    [two] { $n } symudiad
    [few] { $n } symudiad
    [many] { $n } symudiad
   *[other] { $n } symudiad
}
analysis-allowed-last-capture = gadawodd i'r ochr arall gipio'r darn olaf ond un mewn { $n ->
    [zero] { $n } symudiad
    [one] { $n } symudiad
    [two] { $n } symudiad
    [few] { $n } symudiad
    [many] { $n } symudiad
   *[other] { $n } symudiad
}
analysis-allowed-dux-blockade = gadawodd i'r dux gael ei gaethiwo mewn { $n ->
    [zero] { $n } symudiad
    [one] { $n } symudiad
    [two] { $n } symudiad
    [few] { $n } symudiad
    [many] { $n } symudiad
   *[other] { $n } symudiad
}
analysis-allowed-blockade = gadawodd i'r ymosodwyr gau pob llwybr mewn { $n ->
    [zero] { $n } symudiad
    [one] { $n } symudiad
    [two] { $n } symudiad
    [few] { $n } symudiad
    [many] { $n } symudiad
   *[other] { $n } symudiad
}
analysis-allowed-win = gadawodd i'r ochr arall ennill mewn { $n ->
    [zero] { $n } symudiad
    [one] { $n } symudiad
    [two] { $n } symudiad
    [few] { $n } symudiad
    [many] { $n } symudiad
   *[other] { $n } symudiad
}
analysis-missed-win = collodd gyfle i ennill mewn { $n ->
    [zero] { $n } symudiad
    [one] { $n } symudiad
    [two] { $n } symudiad
    [few] { $n } symudiad
    [many] { $n } symudiad
   *[other] { $n } symudiad
}
analysis-lost-men = { $n ->
    [zero] collodd { $n } darn
    [one] collodd un darn
    [two] collodd { $n } ddarn
    [few] collodd { $n } darn
    [many] collodd { $n } darn
   *[other] collodd { $n } darn
}
analysis-blunder = camgymeriad mawr
analysis-mistake = camgymeriad
# Label echelin x graff /analysis (wedi'i dynnu yn y llun).
analysis-graph-axis = symudiad
