//! Whose choices a message follows (items 3, 8 and 17), through
//! the console: a message posted in a channel is in the server's language,
//! one only its reader sees (an ephemeral reply, a direct message) in the
//! reader's; a board is drawn as the player it addresses chose (picture or
//! text, theme, `flip:auto`); text boards say whose turn it is and show the
//! clocks, mark where a piece can go, and number goedhboell's columns as
//! @hv does.

use crate::console_support;
use console_support::Session;

/// The lines of `out` that start with `prefix`.
fn lines_from<'a>(out: &'a str, prefix: &str) -> Vec<&'a str> {
    out.lines().filter(|l| l.starts_with(prefix)).collect()
}

/// The bytes of every picture (`.png`) the console saved, in order, with
/// the line that named it.
fn pictures(out: &str) -> Vec<(String, Vec<u8>)> {
    out.lines()
        .filter_map(|l| {
            let (chan, rest) = l.split_once("> [file: ")?;
            let path = rest.strip_suffix(']')?;
            path.ends_with(".png")
                .then(|| (chan.to_string(), std::fs::read(path).unwrap()))
        })
        .collect()
}

/// Runs `script` (a console restart: file numbers start again, so the
/// pictures are read at once): the output and its pictures.
fn run_pics(s: &Session, script: &[&str]) -> (String, Vec<Vec<u8>>) {
    let out = s.run(script);
    let pics = pictures(&out).into_iter().map(|(_, p)| p).collect();
    (out, pics)
}

#[test]
fn channel_messages_use_the_servers_language_private_ones_the_players() {
    let s = Session::new();
    let out = s.run(&[
        ":admin olga",
        "olga@g: /language choice:cymraeg server:true",
        // Alice reads English, and hears of her turns by direct message.
        "alice@g: /language choice:english",
        "alice@g: /notify how:dm",
        "bob@g: /challenge opponent:@alice variant:tawlbwrdd side:attackers",
        "alice@g: /accept",
        "bob@g: e2-c2",
        // A private reply.
        "alice@g: /settings",
        "alice@g: /board",
    ]);
    // The move is posted in the channel for Alice, to move: Welsh.
    assert!(
        out.lines()
            .any(|l| l.starts_with("g> Chwaraeodd @bob **e2-c2**.")),
        "{out}"
    );
    // Her direct message and her private replies: English.
    let dm = lines_from(&out, "dm:alice> ");
    assert_eq!(dm.len(), 1, "{out}");
    assert!(
        dm[0].starts_with("dm:alice> Your move in game 1 (#g): "),
        "{out}"
    );
    assert!(
        out.lines()
            .any(|l| l.starts_with("g> (to alice) You see boards as a picture")),
        "{out}"
    );
    // /board is public: Welsh, its picture described in Welsh.
    assert!(out.lines().any(|l| l.starts_with("g> Gêm 1. ")), "{out}");
    assert!(
        out.lines()
            .any(|l| l.starts_with("g> [alt: Tawlbwrdd, symudiad 1. Yr amddiffynwyr i symud.")),
        "{out}"
    );

    // The other way round: an English server, a player who reads Welsh.
    let s = Session::new();
    let out = s.run(&[
        ":admin olga",
        "olga@g: /language choice:english server:true",
        "alice@g: /language choice:cymraeg",
        "alice@g: /notify how:dm",
        "bob@g: /challenge opponent:@alice variant:tawlbwrdd side:attackers",
        "alice@g: /accept",
        "bob@g: e2-c2",
        "alice@g: /settings",
    ]);
    assert!(
        out.lines()
            .any(|l| l.starts_with("g> @bob played **e2-c2**. alice to move")),
        "{out}"
    );
    let dm = lines_from(&out, "dm:alice> ");
    assert_eq!(dm.len(), 1, "{out}");
    assert!(
        dm[0].starts_with("dm:alice> Eich tro chi yng ngêm 1"),
        "{out}"
    );
    assert!(
        out.lines()
            .any(|l| l.starts_with("g> (to alice) Rydych chi'n gweld byrddau fel llun")),
        "{out}"
    );
}

/// A player who chose the contrast theme gets their turn notices in
/// contrast, though the opponent (dark theme) moved: the picture of the
/// move equals Alice's own `/board`, not Bob's. Alice reads boards as text
/// too (`both`): the move addressed to her carries the text board.
#[test]
fn a_picture_uses_the_settings_of_the_player_it_addresses() {
    let s = Session::new();
    s.run(&[
        "alice@g: /settings theme:contrast board:both",
        "bob@g: /settings theme:dark",
        "bob@g: /challenge opponent:@alice variant:tawlbwrdd side:attackers",
        "alice@g: /accept",
    ]);
    let [moved, alice_board, bob_board] =
        ["bob@g: e2-c2", "alice@g: /board", "bob@g: /board"].map(|l| {
            let (out, pics) = run_pics(&s, &[l]);
            assert_eq!(pics.len(), 1, "{out}");
            (out, pics[0].clone())
        });
    assert!(
        moved.1 == alice_board.1,
        "the move is drawn in Alice's theme:\n{}\n{}",
        moved.0,
        alice_board.0
    );
    assert!(moved.1 != bob_board.1, "not in Bob's:\n{}", bob_board.0);
    let (moved, bob_board) = (moved.0, bob_board.0);
    // Alice chose `both`: the move addressed to her has the text board.
    assert!(moved.contains("g> ```"), "{moved}");
    assert!(!bob_board.contains("```"), "{bob_board}");
}

#[test]
fn text_boards_show_whose_turn_and_both_clocks() {
    let s = Session::new();
    let out = s.run(&[
        "alice@g: /challenge opponent:@bob variant:tawlbwrdd side:defenders time:bank:2d inc:1d",
        "bob@g: /accept",
        "bob@g: e2-c2",
        "bob@g: /board style:text",
    ]);
    let block: Vec<&str> = out
        .lines()
        .skip_while(|l| *l != "g> ```")
        .take_while(|l| !l.starts_with("g> X attacker"))
        .collect();
    assert!(
        block.contains(&"g> Move 1 · alice to move (defenders)"),
        "{out}"
    );
    assert!(
        block
            .iter()
            .any(|l| l.starts_with("g> Clocks: bob (attackers) ")
                && l.contains(", alice (defenders) 1 day 23 hours")
                && l.ends_with("the defenders' clock is running.")),
        "{out}"
    );
}

#[test]
fn moves_in_text_marks_the_targets() {
    let s = Session::new();
    let out = s.run(&[
        "alice@g: /settings board:text",
        "alice@g: /challenge opponent:@bob variant:tallfwrdd side:attackers",
        "bob@g: /accept",
        "alice@g: /moves square:e2",
    ]);
    // e2's attacker can go to d2 and f2.
    assert!(out.contains("g>  2 . . . + X + . . .  2"), "{out}");
    assert!(out.contains("g> +: where the piece can go"), "{out}");
    assert!(!out.contains("[file: "), "text only: {out}");
}

#[test]
fn goedhboell_text_board_uses_at_hv_coordinates() {
    let s = Session::new();
    let out = s.run(&[
        "alice@g: /challenge opponent:@bob variant:goedhboell",
        "bob@g: /accept",
        "bob@g: /board style:text",
    ]);
    assert!(out.contains("g>    1 2 3 4 5 6 7 8 9\n"), "{out}");
    assert!(!out.contains(" a b c d e f g h i"), "{out}");
    assert!(
        out.contains(
            "g> @hv: columns 1-9 across, rows 1-9 up; a square is @, its column, then its row"
        ),
        "{out}"
    );
}

/// `/settings flip:auto`: the defenders (the second side) see the board
/// turned half round, in text and in pictures; the attackers as before.
#[test]
fn flip_auto_draws_the_board_from_the_readers_side() {
    let s = Session::new();
    s.run(&[
        "alice@g: /challenge opponent:@bob variant:tallfwrdd side:defenders",
        "bob@g: /accept",
    ]);
    let (before, a) = run_pics(&s, &["alice@g: /board"]);
    let out = s.run(&[
        "alice@g: /settings flip:auto",
        "bob@g: /settings flip:auto",
        "alice@g: /board style:text",
        "bob@g: /board style:text",
    ]);
    assert!(
        out.contains("(to alice) Saved. You see boards as a picture, in the light theme. Boards addressed to you are drawn from your side."),
        "{out}"
    );
    let headers: Vec<&str> = out
        .lines()
        .filter(|l| l.ends_with(" a b c d e f g h i") || l.ends_with(" i h g f e d c b a"))
        .collect();
    // Alice (defenders) sees i to a, rank 1 on top; Bob (attackers) a to i.
    assert_eq!(
        headers,
        [
            "g>    i h g f e d c b a",
            "g>    i h g f e d c b a",
            "g>    a b c d e f g h i",
            "g>    a b c d e f g h i"
        ],
        "{out}"
    );
    let (turned, b) = run_pics(&s, &["alice@g: /board"]);
    assert_eq!((a.len(), b.len()), (1, 1), "{before}\n{turned}");
    assert!(a[0] != b[0], "the picture is turned for Alice");
    let (bob, c) = run_pics(&s, &["bob@g: /board"]);
    assert!(
        c.len() == 1 && a[0] == c[0],
        "Bob sees it as before:\n{bob}"
    );
}

/// Fluent isolates every placeable (U+2068 ... U+2069): text copied from
/// the bot's messages carries the marks, and is read without them.
#[test]
fn text_copied_with_isolation_marks_is_read() {
    let s = Session::new();
    let out = s.run(&[
        "alice@g: /challenge opponent:@bob variant:tawlbwrdd side:defenders",
        "bob@g: /accept",
        "bob@g: \u{2068}e2-c2\u{2069}",
        "alice@g: /moves square:\u{2068}f4\u{2069}",
    ]);
    assert!(out.contains("g> @bob played **e2-c2**."), "{out}");
    assert!(
        out.contains("(to alice) A defender on f4 can go to"),
        "{out}"
    );
}

/// On a server that chose no language, a game's channel is in
/// the language most of its players chose (the bot chooses none), the
/// same for every message whoever moved; a tie is English.
#[test]
fn a_channel_speaks_the_language_its_players_chose() {
    let s = Session::new();
    // Gwen chose Welsh and plays the bot: its moves are told in Welsh.
    let out = s.run(&[
        "gwen@b: /language choice:cymraeg",
        "gwen@b: /challenge opponent:@tawlbot variant:tawlbwrdd level:1 side:attackers",
        "gwen@b: e2-c2",
    ]);
    let channel: Vec<&str> = lines_from(&out, "b> ")
        .into_iter()
        .filter(|l| !l.starts_with("b> (to ") && !l.starts_with("b> [file"))
        .collect();
    assert!(
        channel
            .iter()
            .any(|l| l.starts_with("b> Chwaraeodd @gwen **e2-c2**.")),
        "{out}"
    );
    assert!(
        channel
            .iter()
            .any(|l| l.starts_with("b> Chwaraeodd tawlbot **")),
        "{out}"
    );
    assert!(!out.contains(" played **"), "{out}");
    assert!(
        lines_from(&out, "b> [alt: ")
            .iter()
            .all(|l| !l.contains("to play")),
        "the pictures' words in Welsh too: {out}"
    );
    // Huw (Welsh) and Ann (no choice): Welsh, whoever moved.
    let out = s.run(&[
        "huw@h: /language choice:cymraeg",
        "huw@h: /challenge opponent:@ann variant:tawlbwrdd side:attackers",
        "ann@h: /accept",
        "huw@h: e2-c2",
        "ann@h: g7-g9",
    ]);
    assert!(out.contains("h> Chwaraeodd @huw **e2-c2**."), "{out}");
    assert!(out.contains("h> Chwaraeodd @ann **g7-g9**."), "{out}");
    // Ann chooses English: one each, a tie, so English for both moves.
    let out = s.run(&[
        "ann@h: /language choice:english",
        "huw@h: g2-i2",
        "ann@h: f7-g7",
    ]);
    assert!(out.contains("h> @huw played **g2-i2**."), "{out}");
    assert!(out.contains("h> @ann played **f7-g7**."), "{out}");
}

/// A takeback accepted by Bob is drawn for Alice, who is to move
/// after it, in her theme.
#[test]
fn a_takeback_is_drawn_for_the_player_to_move() {
    let s = Session::new();
    s.run(&[
        "alice@g: /settings theme:contrast",
        "bob@g: /settings theme:dark",
        "alice@g: /challenge opponent:@bob variant:tawlbwrdd side:attackers",
        "bob@g: /accept",
        "alice@g: e2-c2",
        "bob@g: g7-g9",
        "alice@g: /takeback",
    ]);
    let (taken, taken_pics) = run_pics(&s, &["bob@g: /takeback answer:accept"]);
    assert!(taken.contains("Takeback accepted"), "{taken}");
    let (board, board_pics) = run_pics(&s, &["alice@g: /board"]);
    assert_eq!(taken_pics.len(), 1, "{taken}");
    assert!(
        taken_pics[0] == board_pics[0],
        "drawn as Alice (to move) sees it:\n{taken}\n{board}"
    );
}

on_postgres!(
    a_channel_speaks_the_language_its_players_chose,
    a_takeback_is_drawn_for_the_player_to_move,
    channel_messages_use_the_servers_language_private_ones_the_players,
    a_picture_uses_the_settings_of_the_player_it_addresses,
);
