## Yr hyn y mae'r pennau blaen yn ei ddweud eu hunain (app/presentation/frontend.rs: Notice).

front-failed = Aeth rhywbeth o'i le ar fy ochr i; rhowch gynnig arall arni.
front-done = Wedi'i wneud.
front-opening-thread = Yn agor edefyn…
front-thread-refused = Allwn i ddim agor edefyn yma: mae angen y caniatâd Create Public Threads a'r caniatâd Send Messages in Threads arna i.
front-analysing = Yn dadansoddi… { $percent }%
front-analysis-stopped = Mae'r dadansoddiad wedi'i stopio: rwy'n ailgychwyn. Gofynnwch eto ymhen munud.

front-busy = Mae gen i fwy i'w wneud nag y galla i ymdopi ag e ar hyn o bryd: rhowch gynnig arall arni ymhen munud.
