## /draw, /takeback, /pause, /resume: cynigion a'u hatebion.

offer-made = Mae { $player } yn { $kind ->
    [draw] cynnig gêm gyfartal
    [takeback] gofyn am dynnu symudiad yn ôl
    [pause] gofyn am saib i'r cloc am { $span }
   *[resume] gofyn am ailgychwyn y cloc
}. { $opponent }: derbyniwch neu wrthodwch gyda'r botymau, neu deipiwch /{ $kind } answer:accept neu /{ $kind } answer:decline.
offer-declined = Gwrthododd { $player } { $kind ->
    [draw] y cynnig gêm gyfartal
    [takeback] y cais i dynnu symudiad yn ôl
    [pause] y cais am saib i'r cloc am { $span }
   *[resume] y cais i ailgychwyn y cloc
}. Mae'r gêm yn parhau: { $status }
offer-none-to-decline = Does dim { $kind ->
    [draw] cynnig gêm gyfartal
    [takeback] cais i dynnu symudiad yn ôl
    [pause] cais am saib i'r cloc
   *[resume] cais i ailgychwyn y cloc
} i'w wrthod.
offer-none-to-accept = Does dim { $kind ->
    [draw] cynnig gêm gyfartal
    [takeback] cais i dynnu symudiad yn ôl
    [pause] cais am saib i'r cloc
   *[resume] cais i ailgychwyn y cloc
} i'w dderbyn.
offer-bad-answer = Atebwch gydag accept neu decline (answer:accept, answer:decline), nid { $answer }.
offer-already-mine = Rydych chi eisoes wedi { $kind ->
    [draw] cynnig gêm gyfartal
    [takeback] gofyn am dynnu symudiad yn ôl
    [pause] gofyn am saib i'r cloc
   *[resume] gofyn am ailgychwyn y cloc
}; yn aros am ateb eich gwrthwynebydd, { $opponent }.
takeback-no-move-yet = Does dim symudiad i'w dynnu'n ôl eto.
takeback-none-of-yours = Dydych chi ddim wedi gwneud yr un symudiad i'w dynnu'n ôl.
takeback-nothing = Does dim symudiad i'w dynnu'n ôl.
offer-waiting = Mae { $kind ->
    [draw] cynnig gêm gyfartal
    [takeback] cais i dynnu symudiad yn ôl
    [pause] cais am saib i'r cloc
   *[resume] cais i ailgychwyn y cloc
} yn aros am ateb yn barod.
offer-gone = Dydy'r cynnig hwnnw ddim yn ddilys mwyach: edrychwch ar y bwrdd eto.
bot-answers = Mae { $player } yn { $kind ->
    [draw] cynnig gêm gyfartal i'r bot.
    [takeback] gofyn i'r bot am dynnu symudiad yn ôl.
    [pause] gofyn i'r bot am saib i'r cloc.
   *[resume] gofyn i'r bot am ailgychwyn y cloc.
}

bot-draw-reason = { $why ->
    [opening] Mae'n rhy gynnar am gêm gyfartal: dim ond newydd ddechrau mae'r gêm (mae tawlbot yn ystyried gêm gyfartal o symudiad { $from } ymlaen).
    [ahead] Mae tawlbot yn credu y gall ennill.
    [level] Mae tawlbot yn gweld y gêm yn gyfartal.
   *[behind] Mae tawlbot yn gweld y gêm yn mynd yn ei erbyn.
}
