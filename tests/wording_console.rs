//! Wording players meet (issue 21, item 9).

#[macro_use]
mod backends;
mod console_support;
use console_support::Session;

#[test]
fn moves_of_something_that_is_no_square_says_so() {
    let s = Session::new();
    let out = s.run(&[
        "alice@g: /challenge opponent:@bob variant:tawlbwrdd side:defenders",
        "bob@g: /accept",
        "bob@g: /moves square:z5",
        "bob@g: /moves square:e2",
    ]);
    assert!(
        out.contains("(to bob) I can't read z5 as a square: name one like "),
        "{out}"
    );
    assert!(!out.contains("as a move"), "{out}");
    assert!(
        out.contains("(to bob) An attacker on e2 can go to"),
        "{out}"
    );
}

on_postgres!(moves_of_something_that_is_no_square_says_so);
