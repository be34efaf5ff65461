## /rules: y gemau a chrynodeb o'u rheolau.

rules-list = Y gemau:
    { $list }
rules-list-item = • **{ $name }** ({ $id }): { $summary }
rules-variant = **{ $name }**: { $summary }
rules-variant-options = **{ $name }**: { $summary }
    Opsiynau: { $options }.

# Enw pob gêm, gyda'i esboniad.
variant-name-tawlbwrdd = Tawlbwrdd
variant-name-tawlbwrdd-walker = Tawlbwrdd (Walker)
variant-name-tallfwrdd = Tallfwrdd
variant-name-goedhboell = Goedhboell (gwyddbwyll Geltaidd)
variant-name-gwyddbwyll = Gwyddbwyll (ludus latrunculorum)
variant-name-copenhagen = Hnefatafl Copenhagen
variant-name-copenhagen-relaxed = Copenhagen (mur tarianau llac)
variant-name-fetlar = Hnefatafl Fetlar
variant-name-tawlbwrdd-opentafl = Tawlbwrdd (OpenTafl)
variant-name-sea-battle = Brwydr y Môr (Sea Battle)
variant-name-tablut = Tablut
variant-name-foteviken-tablut = Tablut Foteviken
variant-name-brandub = Brandub
variant-name-magpie = Pioden (Magpie)

variant-summary-tawlbwrdd = 11x11, 24 ymosodwr yn erbyn 12 amddiffynnwr a brenin ar yr orsedd, f6. Mae pob darn yn llithro fel castell; dim ond y brenin gaiff aros ar yr orsedd. Cipio rhwng dau; mae'r orsedd wag yn elyniaethus. Mae'r brenin yn ennill ar unrhyw sgwâr ar yr ymyl; mae'r ymosodwyr yn ennill drwy ei amgylchynu ar bedair ochr (mae'r orsedd wag yn cyfrif fel un). Yr ymosodwyr sy'n symud gyntaf.
variant-summary-tawlbwrdd-walker = 11x11, adluniad Damian Walker: 24 ymosodwr yn erbyn 12 amddiffynnwr a brenin. Mae pob darn yn llithro; mae'r orsedd a'r corneli i'r brenin yn unig, ac yn elyniaethus i bawb. Caiff llinell o hyd at dri gelyn ei chipio ar unwaith; caiff y brenin ei ddal fel unrhyw ddarn arall. Mae'r brenin yn ennill ar unrhyw sgwâr ar yr ymyl. Yr ymosodwyr sy'n symud gyntaf.
variant-summary-tallfwrdd = 9x9, 16 ymosodwr yn erbyn 8 amddiffynnwr a brenin ar e5. Mae pob darn yn symud un sgwâr ar y tro. Dim ond y brenin gaiff fynd i'r orsedd neu i'r corneli; mae'r orsedd wag yn elyniaethus. Mae'r brenin yn ennill mewn cornel, a chaiff ei ddal gan bedwar ymosodwr (tri ar yr ymyl). Yr ymosodwyr sy'n symud gyntaf.
variant-summary-goedhboell = 9x9 mewn nodiant @hv: 16 ymosodwr yn erbyn 8 tywysog a brenin ar @55. Mae pob darn yn llithro; dim ond y brenin gaiff aros ar y canol neu mewn cornel. Cipio rhwng dau; caiff y brenin ei ddal gan bedwar ymosodwr mewn croes (tri ar yr ymyl). Mae'r brenin yn ennill mewn cornel. Yr ymosodwyr sy'n symud gyntaf.
variant-summary-gwyddbwyll = 13x8 (neu 12x8, 10x8, 8x8): mae Gwyn yn llenwi rhes 1, a Du y rhes uchaf; taflu ceiniog sy'n penderfynu pwy sy'n dechrau. Mae pob darn yn llithro. Caiff milwr rhwng dau elyn ei gipio, a dau mewn llinell ar unwaith; caiff milwr mewn cornel ei gipio pan fydd y gelyn ar y ddau sgwâr wrth ei ymyl. Mae ochr sydd ag un darn ar ôl, neu heb symudiad, yn colli. Opsiwn dux: all neb byth gipio'r dux, ac mae ochr na all ei dux symud yn colli.
variant-summary-copenhagen = 11x11, Hnefatafl Copenhagen fel y mae Ffederasiwn Tafl y Byd yn ei chwarae: 24 ymosodwr yn erbyn 12 amddiffynnwr a brenin ar yr orsedd, f6. Mae pob darn yn llithro; dim ond y brenin gaiff aros ar yr orsedd neu mewn cornel, ac mae'r ddau'n elyniaethus. Mae'r brenin yn ennill mewn cornel neu drwy gaer ar yr ymyl, a chaiff ei ddal ar bedair ochr (tair a'r orsedd). Mae muriau tarianau'n cipio ar hyd yr ymyl; mae ochr sy'n symud i'r un safle am y drydedd waith yn colli; mae'r ymosodwyr hefyd yn ennill drwy amgylchynu pob amddiffynnwr. Yr ymosodwyr sy'n symud gyntaf.
variant-summary-copenhagen-relaxed = Hnefatafl Copenhagen, ond caiff mur tarianau ei gipio gan unrhyw symudiad sy'n ei gwblhau, nid dim ond gan y symudiad sy'n cau un o'i ddau ben. Yr ymosodwyr sy'n symud gyntaf.
variant-summary-fetlar = 11x11, Hnefatafl Fetlar: bwrdd a darnau Copenhagen heb furiau tarianau na chaerau ar yr ymyl. Dim ond y brenin gaiff aros ar yr orsedd neu mewn cornel, ac mae'r ddau'n elyniaethus; mae'r brenin yn ennill mewn cornel, a chaiff ei ddal ar bedair ochr (tair a'r orsedd). Mae'r un safle deirgwaith yn gêm gyfartal; mae amgylchynu pob amddiffynnwr yn ennill i'r ymosodwyr. Yr ymosodwyr sy'n symud gyntaf.
variant-summary-tawlbwrdd-opentafl = 11x11, tawlbwrdd fel y mae OpenTafl yn ei osod (trefniant Bell), nid un tawlbot ei hun: 24 ymosodwr yn erbyn 12 amddiffynnwr a brenin. Does dim sgwariau arbennig; mae'r brenin yn ennill ar unrhyw sgwâr ar yr ymyl, a chaiff ei ddal rhwng dau ymosodwr fel unrhyw ddarn. Mae'r un safle deirgwaith yn gêm gyfartal; mae amgylchynu pob amddiffynnwr yn ennill i'r ymosodwyr. Yr ymosodwyr sy'n symud gyntaf.
variant-summary-sea-battle = 9x9: 16 ymosodwr yn erbyn 8 amddiffynnwr a brenin. Does dim sgwariau arbennig; dydy'r brenin ddim yn helpu i gipio, mae'n ennill ar unrhyw sgwâr ar yr ymyl, a chaiff ei ddal ar bedair ochr. Mae'r un safle deirgwaith yn gêm gyfartal; mae amgylchynu pob amddiffynnwr yn ennill i'r ymosodwyr. Yr ymosodwyr sy'n symud gyntaf.
variant-summary-tablut = 9x9, gêm y Lapdir a gofnododd Linnaeus: 16 ymosodwr yn erbyn 8 amddiffynnwr a brenin ar yr orsedd, e5. Unwaith i'r brenin adael yr orsedd, chaiff neb aros arni, er y caiff pawb fynd ar ei thraws; mae'n elyniaethus i bawb pan fydd yn wag. Mae'r brenin yn ennill ar unrhyw sgwâr ar yr ymyl; ar yr orsedd neu wrth ei hymyl caiff ei ddal ar bedair ochr, ac mewn mannau eraill rhwng dau. Caiff amddiffynnwr wrth ymyl y brenin ar yr orsedd ei gipio drwy gipio Linnaeus. Mae'r un safle deirgwaith yn gêm gyfartal; mae amgylchynu pob amddiffynnwr yn ennill i'r ymosodwyr. Yr ymosodwyr sy'n symud gyntaf.
variant-summary-foteviken-tablut = 9x9, Tablut fel y caiff ei chwarae yn Foteviken: mae'r ymosodwyr yn dechrau mewn pedair caer o bedwar sgwâr; cân nhw eu gadael ond byth ddychwelyd iddyn nhw, a chaiff neb arall fynd iddyn nhw. Unwaith i'r brenin adael yr orsedd, chaiff neb fynd ar ei thraws nac aros arni. Mae'r brenin yn ennill ar unrhyw sgwâr ar yr ymyl, a chaiff ei ddal ar bedair ochr; mae'r orsedd wag a'r caerau'n cyfrif yn ei erbyn. Mae'r un safle deirgwaith yn gêm gyfartal; mae amgylchynu pob amddiffynnwr yn ennill i'r ymosodwyr. Yr ymosodwyr sy'n symud gyntaf.
variant-summary-brandub = 7x7, y gêm Wyddelig: 8 ymosodwr yn erbyn 4 amddiffynnwr a brenin ar yr orsedd, d4. Dim ond y brenin gaiff aros ar yr orsedd neu mewn cornel; mae'r corneli'n elyniaethus, ond nid yr orsedd. Mae'r brenin yn ennill mewn cornel, a chaiff ei ddal rhwng dau ymosodwr. Mae'r un safle deirgwaith yn gêm gyfartal. Yr ymosodwyr sy'n symud gyntaf.
variant-summary-magpie = 7x7, bwrdd a darnau Brandub gyda brenin sy'n symud un sgwâr ar y tro, ac a gaiff ei ddal ar bob ochr iddo (tair ar yr ymyl). Dim ond y brenin gaiff aros ar yr orsedd neu mewn cornel, ac mae'r ddau'n elyniaethus. Mae'r brenin yn ennill mewn cornel. Mae'r un safle deirgwaith yn gêm gyfartal. Yr ymosodwyr sy'n symud gyntaf.
rules-dice = Yr opsiwn dis (options:dice): cyn pob tro mae'r ochr sydd i symud yn taflu dis. Mae eilrif yn rhoi'r symudiad iddi; mae odrif yn pasio'r tro i'r ochr arall, sy'n taflu yn ei thro. Y tafliad cyntaf sy'n penderfynu pwy sy'n dechrau; nodir pob tafliad ar ôl y symudiad.
