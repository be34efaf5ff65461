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

variant-summary-tawlbwrdd = 11x11, 24 ymosodwr yn erbyn 12 amddiffynnwr a brenin ar yr orsedd, f6. Mae pob darn yn llithro fel castell; dim ond y brenin gaiff aros ar yr orsedd. Cipio rhwng dau; mae'r orsedd wag yn elyniaethus. Mae'r brenin yn ennill ar unrhyw sgwâr ar yr ymyl; mae'r ymosodwyr yn ennill drwy ei amgylchynu ar bedair ochr (mae'r orsedd wag yn cyfrif fel un). Yr ymosodwyr sy'n symud gyntaf.
variant-summary-tawlbwrdd-walker = 11x11, adluniad Damian Walker: 24 ymosodwr yn erbyn 12 amddiffynnwr a brenin. Mae pob darn yn llithro; mae'r orsedd a'r corneli i'r brenin yn unig, ac yn elyniaethus i bawb. Caiff llinell o hyd at dri gelyn ei chipio ar unwaith; caiff y brenin ei ddal fel unrhyw ddarn arall. Mae'r brenin yn ennill ar unrhyw sgwâr ar yr ymyl. Yr ymosodwyr sy'n symud gyntaf.
variant-summary-tallfwrdd = 9x9, 16 ymosodwr yn erbyn 8 amddiffynnwr a brenin ar e5. Mae pob darn yn symud un sgwâr ar y tro. Dim ond y brenin gaiff fynd i'r orsedd neu i'r corneli; mae'r orsedd wag yn elyniaethus. Mae'r brenin yn ennill mewn cornel, a chaiff ei ddal gan bedwar ymosodwr (tri ar yr ymyl). Yr ymosodwyr sy'n symud gyntaf.
variant-summary-goedhboell = 9x9 mewn nodiant @hv: 16 ymosodwr yn erbyn 8 tywysog a brenin ar @55. Mae pob darn yn llithro; dim ond y brenin gaiff aros ar y canol neu mewn cornel. Cipio rhwng dau; caiff y brenin ei ddal gan bedwar ymosodwr mewn croes (tri ar yr ymyl). Mae'r brenin yn ennill mewn cornel. Yr ymosodwyr sy'n symud gyntaf.
variant-summary-gwyddbwyll = 13x8 (neu 12x8, 10x8, 8x8): mae Gwyn yn llenwi rhes 1, a Du y rhes uchaf; taflu ceiniog sy'n penderfynu pwy sy'n dechrau. Mae pob darn yn llithro. Caiff milwr rhwng dau elyn ei gipio, a dau mewn llinell ar unwaith; caiff milwr mewn cornel ei gipio pan fydd y gelyn ar y ddau sgwâr wrth ei ymyl. Mae ochr sydd ag un darn ar ôl, neu heb symudiad, yn colli. Opsiwn dux: all neb byth gipio'r dux, ac mae ochr na all ei dux symud yn colli.
rules-dice = Yr opsiwn dis (options:dice): cyn pob tro mae'r ochr sydd i symud yn taflu dis. Mae eilrif yn rhoi'r symudiad iddi; mae odrif yn pasio'r tro i'r ochr arall, sy'n taflu yn ei thro. Y tafliad cyntaf sy'n penderfynu pwy sy'n dechrau; nodir pob tafliad ar ôl y symudiad.

# The options of /rules, each explained after the game's summary.
rules-king-steps = Yr opsiwn king-steps (options:king-steps): mae'r brenin yn symud un sgwâr ar y tro, ar hyd rhes neu golofn.
rules-corner-guard = Yr opsiwn corner-guard (options:corner-guard): dim ond y brenin all aros ar yr wyth sgwâr wrth ymyl y corneli (wedi'u croeslinellu ar y llun).
rules-size = Yr opsiwn size (options:size=12x8, size=10x8 neu size=8x8): un o'r byrddau eraill a ddefnyddiai'r Rhufeiniaid; 13x8 yw'r un arferol.
rules-dux = Yr opsiwn dux (options:dux): mae pob ochr yn ychwanegu dux ar ei hail res. Mae'n symud, yn cipio ac yn cau cipio fel milwr, ond dydy e byth yn cael ei gipio; mae ochr na all ei dux symud yn colli.
rules-dux-jump = Yr opsiwn dux-jump (options:dux-jump, sy'n dod â dux gydag e): yn ei symudiad gall y dux fynd dros un darn, pwy bynnag biau'r darn, a llithro ymlaen y tu hwnt iddo.
# /rules in a game's channel: which game it explains ($options: the game's option words).
rules-this-game = Y gêm yn y sianel hon: { $game }.
rules-this-game-options = Y gêm yn y sianel hon: { $game }, opsiynau: { $options }.
