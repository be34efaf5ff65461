## /challenge, /accept, /decline.

challenge-self = Allwch chi ddim herio'ch hun: heriwch ffrind, neu adewch y gwrthwynebydd allan i gynnig her agored.
challenge-bot = Diolch, ond dydw i ddim yn chwarae eto: fi sy'n gofalu am y bwrdd a'r rheolau. Heriwch ffrind, neu gynigiwch her agored i bawb.
challenge-bad-side = Yn y gêm { $game }, mae dwy ochr: { SIDE($first-side, form: "the-side") } { SIDE($second-side, form: "and-the-side") }.
challenge-channel-busy = Mae gêm yn y sianel hon yn barod (gêm { $id }). Gorffennwch hi yn gyntaf, neu ychwanegwch thread:true i chwarae mewn edefyn.

challenge-posted = Mae { $challenger } yn herio { $opponent } i chwarae { $game }{ $rated ->
    [yes] {" "}(gêm wedi'i graddio)
    [position] {" "}(gêm o safle penodol, felly heb ei graddio)
   *[no] {""}
}{ $side ->
    [none] {""}
   *[other] , a'r heriwr { SIDE($side, form: "on-side") }
}, { $time }. Her { $id }: pwyswch Derbyn neu deipiwch /accept (daw'r her i ben ymhen diwrnod).
challenge-posted-open = Mae { $challenger } yn cynnig her agored i unrhyw un ei derbyn: { $game }{ $rated ->
    [yes] {" "}(gêm wedi'i graddio)
    [position] {" "}(gêm o safle penodol, felly heb ei graddio)
   *[no] {""}
}{ $side ->
    [none] {""}
   *[other] , a'r heriwr { SIDE($side, form: "on-side") }
}, { $time }. Her { $id }: pwyswch Derbyn neu deipiwch /accept (daw'r her i ben ymhen diwrnod).

challenge-position-rated = Dydy gêm sy'n dechrau o safle penodol byth yn cael ei graddio (mae safleoedd ar gyfer ymarfer ac astudio): gadewch rated:true allan.

challenge-not-a-number = Dydy { $text } ddim yn rhif her.
challenge-none = Does dim her rhif { $id }.
challenge-none-for-you = Does dim her agored i chi yma.
challenge-not-open = Dydy her { $id } ddim ar agor mwyach.
challenge-own = Eich her chi yw honno: arhoswch i rywun ei derbyn.
challenge-for-someone-else = Mae'r her honno ar gyfer rhywun arall.
challenge-channel-busy-accept = Mae gêm wedi dechrau yn y sianel hon ers i her { $id } gael ei phostio, felly all hi ddim dechrau yma. Derbyniwch hi pan fydd y gêm honno drosodd, neu ofynnwch i'r chwaraewr { $challenger } eich herio eto gyda thread:true.
challenge-accepted-elsewhere = Derbyniwyd her { $id }: mae'r gêm yn mynd rhagddi yn y sianel { $channel }.
challenge-withdrawn = Tynnodd { $player } her { $id } yn ôl.
challenge-declined = Gwrthododd { $player } her { $id }.
challenge-decline-not-yours = Dim ond yr heriwr neu'r un a heriwyd all wrthod her.
challenge-expired = Daeth her { $id } i ben (yr heriwr: { $player }).
challenge-too-many = Mae gennych chi { $n } her agored ar y gweinydd hwn yn barod: arhoswch am ateb, neu dynnwch un yn ôl gyda /decline id:N.
challenge-none-here = Does dim her rhif { $id } yma.
challenge-unreadable = Does dim modd darllen her { $id }, felly rwy'n ei gadael fel y mae. Gall gweithredwr y bot ymchwilio iddi (tawlbot doctor).

challenge-duplicate = Rydych chi wedi herio { $opponent } yma yn barod: her { $id }. Arhoswch am eu hateb, neu dynnwch yr her yn ôl gyda /decline id:{ $id } cyn postio un arall.
challenge-duplicate-open = Mae gennych chi her agored i unrhyw un yma yn barod: her { $id }. Arhoswch i rywun ei derbyn, neu dynnwch hi'n ôl gyda /decline id:{ $id } cyn postio un arall.

# /challenges.
challenges-none = Does gennych chi ddim heriau agored.
challenges-head = Eich heriau agored:
challenges-sent = Her { $id }, wedi'i hanfon at y chwaraewr { $player } yn y sianel { $channel }: { $game }, { $time }.
challenges-sent-open = Her { $id }, yn agored i unrhyw un yn y sianel { $channel }: { $game }, { $time }.
challenges-received = Her { $id }, gan y chwaraewr { $player } yn y sianel { $channel }: { $game }, { $time }.
challenges-more = { $n ->
    [one] Dydy un her arall ddim yn cael ei dangos: atebwch hi gyda /accept id:N neu /decline id:N.
   *[other] Dydy { $n } her arall ddim yn cael eu dangos: atebwch nhw gyda /accept id:N neu /decline id:N.
}
button-withdraw-n = Tynnu { $id } yn ôl
button-accept-n = Derbyn { $id }
button-decline-n = Gwrthod { $id }

# After a challenge that is not rated (a game between people is rated only when asked for).
challenge-unrated-note = (Heb ei graddio: ychwanegwch rated:true at /challenge am gêm wedi'i graddio.)
