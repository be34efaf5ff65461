# /puzzle (src/app/use_cases/puzzle.rs, docs/puzzles.md)

puzzle-title = Pos { $number }: { SIDE($side, form: "the") } i chwarae ac ennill mewn { $moves }.
puzzle-otn = Safle (OTN): { $otn }
puzzle-your-move = Eich tro chi yw hi.
puzzle-caption = Pos { $number }
puzzle-right = Cywir: { $move }. Symudiad tawlbot yw { $defence }; eich tro chi yw hi.
puzzle-wrong = Nid { $move } yw'r symudiad sy'n ennill: dydy'r safle ddim wedi newid. Rhowch gynnig arall arni, neu welwch yr ateb gyda /puzzle reveal.
puzzle-solved = Mae { $move } yn ennill: pos wedi'i ddatrys!
puzzle-next-hint = Pos arall: /puzzle next.
puzzle-over = Rydych chi wedi gorffen pos { $number }: mae /puzzle next yn rhoi un arall i chi.
puzzle-solution = Ateb pos { $number }: { $line }.
puzzle-stats = Posau wedi'u datrys: { $solved }. Rhediad: { $streak } (y gorau: { $best }). Graddiad posau: { $rating }.
puzzle-no-such = Does dim pos { $number }: mae'r posau wedi'u rhifo o 1 i { $count }.
puzzle-number-bad = Dydy "{ $given }" ddim yn rhif pos.
puzzle-one-option = Rhowch un opsiwn i /puzzle ar y tro.
puzzle-none-stored = Does dim posau yma eto.
