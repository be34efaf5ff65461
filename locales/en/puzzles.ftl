# /puzzle (src/app/use_cases/puzzle.rs, docs/puzzles.md)

puzzle-title = Puzzle { $number }: { SIDE($side) } to play and win in { $moves }.
puzzle-otn = Position (OTN): { $otn }
puzzle-your-move = Your move.
puzzle-caption = Puzzle { $number }
puzzle-right = { $move } is right. tawlbot defends { $defence }; your move.
puzzle-wrong = { $move } is not the move that wins: the position stays. Try again, or see the answer with /puzzle reveal.
puzzle-solved = { $move } wins: puzzle solved!
puzzle-next-hint = Another puzzle: /puzzle next.
puzzle-over = You have finished puzzle { $number }: /puzzle next gives you another.
puzzle-solution = The solution of puzzle { $number }: { $line }.
puzzle-stats = Puzzles solved: { $solved }. Streak: { $streak } (best { $best }). Puzzle rating: { $rating }.
puzzle-no-such = There is no puzzle { $number }: the puzzles are numbered from 1 to { $count }.
puzzle-number-bad = "{ $given }" is not a puzzle number.
puzzle-one-option = Give /puzzle one option at a time.
puzzle-none-stored = There are no puzzles here yet.
