## /draw, /takeback, /pause, /resume: cynigion a'u hatebion.

offer-made = Mae { $player } yn { $kind ->
    [draw] cynnig gêm gyfartal
    [takeback] gofyn am dynnu symudiad yn ôl
    [pause] gofyn am atal y cloc am { $span }
   *[resume] gofyn am ailgychwyn y cloc
}. { $opponent }: derbyniwch neu gwrthodwch (/{ $kind } accept, /{ $kind } decline).
offer-declined = Gwrthododd { $player } { $kind ->
    [draw] y cynnig o gêm gyfartal
    [takeback] y cais i dynnu symudiad yn ôl
    [pause] y cais i atal y cloc am { $span }
   *[resume] y cais i ailgychwyn y cloc
}. Chwaraewch ymlaen: { $status }
offer-none-to-decline = Does dim { $kind ->
    [draw] cynnig o gêm gyfartal
    [takeback] cais i dynnu symudiad yn ôl
    [pause] cais i atal y cloc
   *[resume] cais i ailgychwyn y cloc
} i'w wrthod.
offer-none-to-accept = Does dim { $kind ->
    [draw] cynnig o gêm gyfartal
    [takeback] cais i dynnu symudiad yn ôl
    [pause] cais i atal y cloc
   *[resume] cais i ailgychwyn y cloc
} i'w dderbyn.
offer-bad-answer = Atebwch gydag accept neu decline, nid { $answer }.
offer-standing = Mae { $opponent } eisoes wedi { $kind ->
    [draw] cynnig gêm gyfartal
    [takeback] gofyn am dynnu symudiad yn ôl
    [pause] gofyn am atal y cloc
   *[resume] gofyn am ailgychwyn y cloc
}: derbyniwch neu gwrthodwch.
offer-already-mine = Rydych chi eisoes wedi { $kind ->
    [draw] cynnig gêm gyfartal
    [takeback] gofyn am dynnu symudiad yn ôl
    [pause] gofyn am atal y cloc
   *[resume] gofyn am ailgychwyn y cloc
}; yn aros am { $opponent }.
takeback-no-move-yet = Does dim symudiad i'w dynnu'n ôl eto.
takeback-none-of-yours = Dydych chi ddim wedi gwneud yr un symudiad i'w dynnu'n ôl.
takeback-nothing = Does dim symudiad i'w dynnu'n ôl.
offer-waiting = Mae { $kind ->
    [draw] cynnig o gêm gyfartal
    [takeback] cais i dynnu symudiad yn ôl
    [pause] cais i atal y cloc
   *[resume] cais i ailgychwyn y cloc
} yn aros am ateb yn barod.
offer-gone = Dydy'r cynnig hwnnw ddim yn sefyll mwyach: edrychwch ar y bwrdd eto.
