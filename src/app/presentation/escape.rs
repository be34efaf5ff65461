//! Names that players choose (their Discord names, tournament names) shown
//! inside the bot's own text: escaped so they cannot format the message or
//! mention anyone.
//!
//! Discord reads Markdown (`*bold*`, `_italic_`, `` `code` ``, `||spoiler||`,
//! `> quote`, `# heading`, `[link](url)`, `~~strike~~`) and mentions
//! (`<@id>`, `<@&role>`, `<#channel>`, `@everyone`, `@here`). A backslash
//! before a Markdown character shows the character itself; a zero-width space
//! after `@` keeps `@everyone` and `@here` from being read as mentions (and the
//! Discord adapter also sends `allowed_mentions` naming only the users the bot
//! means to ping). Pictures and record files use the names as they are.

use crate::i18n::is_rtl;

/// Characters with a meaning in Discord's Markdown or mention syntax.
const SPECIAL: &[char] = &[
    '\\', '*', '_', '~', '`', '|', '>', '<', '#', '[', ']', '(', ')',
];

/// Whether `c` is a bidirectional control character: the embeddings and
/// overrides (U+202A-202E), the isolates (U+2066-2069) and the marks
/// (U+200E, U+200F, U+061C). A name with them could turn the rest of the
/// bot's sentence around ("@bob resigned" read right to left).
pub fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}' | '\u{200E}' | '\u{200F}' | '\u{061C}')
}

/// `name` without its bidirectional control characters: what is stored and
/// drawn (pictures, records, thread names).
pub fn strip_bidi(name: &str) -> String {
    name.chars().filter(|&c| !is_bidi_control(c)).collect()
}

/// Whether `c` is a control character: C0 (NUL to U+001F), DEL and C1
/// (U+0080-009F). A NUL is stored by SQLite and refused by PostgreSQL,
/// and none of them has a place in a name.
pub fn is_control(c: char) -> bool {
    c.is_control()
}

/// A name as it is kept (a player's or a server's, as Discord gives it):
/// without control characters (a line break or tab becomes a space) and
/// without bidirectional controls. Also what a page or message
/// reads from a name stored before names were cleaned.
pub fn clean_name(name: &str) -> String {
    name.chars()
        .filter(|&c| !is_bidi_control(c))
        .filter_map(|c| match c {
            '\t' | '\n' | '\r' => Some(' '),
            c if is_control(c) => None,
            c => Some(c),
        })
        .collect()
}

/// `name` ready to be put into message text: bidirectional controls
/// removed, Markdown and mention characters escaped, line breaks and other
/// control characters turned into spaces. A name written right to left is
/// isolated (U+2068 ... U+2069) so it cannot reorder the words around it:
/// the isolation Fluent would add to every argument, kept to the names
/// that need it (Discord draws the marks around plain names badly).
pub fn name(name: &str) -> String {
    let mut out = String::with_capacity(name.len() + 8);
    let rtl = name.chars().any(|c| is_rtl(c) && !is_bidi_control(c));
    if rtl {
        out.push('\u{2068}');
    }
    for c in name.chars().filter(|&c| !is_bidi_control(c)) {
        match c {
            c if SPECIAL.contains(&c) => {
                out.push('\\');
                out.push(c);
            }
            '@' => out.push_str("@\u{200B}"),
            c if c.is_control() => out.push(' '),
            c => out.push(c),
        }
    }
    // A leading `-`, `1.` or `#` would start a list or heading on its own line.
    if out.starts_with('-') || out.starts_with('+') {
        out.insert(0, '\\');
    }
    if rtl {
        out.push('\u{2069}');
    }
    out
}

/// The user ids the text pings: each `<@id>` or `<@!id>` not escaped with a
/// backslash. Role (`<@&id>`) and channel (`<#id>`) mentions are not users.
pub fn pinged_users(text: &str) -> Vec<u64> {
    let mut out = Vec::new();
    let bytes = text.as_bytes();
    let mut i = 0;
    while let Some(at) = text[i..].find("<@") {
        let start = i + at;
        i = start + 2;
        if start > 0 && bytes[start - 1] == b'\\' {
            continue;
        }
        let mut j = i;
        if bytes.get(j) == Some(&b'!') {
            j += 1;
        }
        let digits_start = j;
        while bytes.get(j).is_some_and(u8::is_ascii_digit) {
            j += 1;
        }
        if j > digits_start && bytes.get(j) == Some(&b'>') {
            if let Ok(id) = text[digits_start..j].parse::<u64>() {
                if !out.contains(&id) {
                    out.push(id);
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mentions_are_broken() {
        assert_eq!(name("@everyone"), "@\u{200B}everyone");
        assert_eq!(name("@here"), "@\u{200B}here");
        assert_eq!(name("<@&123>"), "\\<@\u{200B}&123\\>");
        assert_eq!(name("<@42>"), "\\<@\u{200B}42\\>");
        assert_eq!(name("<#42>"), "\\<\\#42\\>");
        assert!(pinged_users(&name("<@42>")).is_empty());
    }

    #[test]
    fn markdown_is_shown_as_typed() {
        assert_eq!(name("*bold* _it_"), "\\*bold\\* \\_it\\_");
        assert_eq!(
            name("||x|| `c` ~~s~~"),
            "\\|\\|x\\|\\| \\`c\\` \\~\\~s\\~\\~"
        );
        assert_eq!(name("> quote"), "\\> quote");
        assert_eq!(name("# big"), "\\# big");
        assert_eq!(name("[a](http://x)"), "\\[a\\]\\(http://x\\)");
        assert_eq!(name("back\\slash"), "back\\\\slash");
        assert_eq!(name("- item"), "\\- item");
        assert_eq!(name("two\nlines"), "two lines");
        assert_eq!(name("Glenys ap Rhys"), "Glenys ap Rhys");
        assert_eq!(name("Siân-Wyn"), "Siân-Wyn");
    }

    #[test]
    fn bidi_controls_are_removed() {
        // An override that would show "@bob resigned" reversed, and every
        // other embedding, isolate and mark.
        let evil = "\u{202E}bob\u{202C} \u{202A}x\u{202B}y\u{202D}z \u{2066}a\u{2067}b\u{2068}c\u{2069} \u{200E}\u{200F}\u{061C}";
        assert_eq!(strip_bidi(evil), "bob xyz abc ");
        assert_eq!(name(evil), "bob xyz abc ");
        for c in ('\u{202A}'..='\u{202E}').chain('\u{2066}'..='\u{2069}') {
            assert!(is_bidi_control(c), "{c:?}");
            assert!(!name(&format!("a{c}b")).contains(c), "{c:?}");
        }
        // A name written right to left stands in its own isolate; others
        // are left as they are.
        assert_eq!(name("שרה"), "\u{2068}שרה\u{2069}");
        assert_eq!(name("\u{202E}سارة"), "\u{2068}سارة\u{2069}");
        assert_eq!(name("Siân"), "Siân");
    }

    #[test]
    fn names_are_kept_without_control_characters() {
        assert_eq!(clean_name("Ha\0ll\u{202E}"), "Hall");
        assert_eq!(clean_name("a\u{1}b\u{7f}c\u{85}d\u{9f}"), "abcd");
        assert_eq!(clean_name("two\nlines\ttab"), "two lines tab");
        assert_eq!(clean_name("Siân \u{2068}ap\u{2069} Rhys"), "Siân ap Rhys");
        assert!(!clean_name("\u{200E}x\u{061C}").contains(is_bidi_control));
    }

    #[test]
    fn pinged_users_are_the_plain_user_mentions() {
        assert_eq!(pinged_users("<@1> and <@!2>, again <@1>"), [1, 2]);
        assert!(pinged_users("<@&3> <#4> @everyone @here \\<@5> <@x> <@6").is_empty());
        assert_eq!(pinged_users("<@<@7>"), [7]);
        assert_eq!(pinged_users("é<@8>"), [8]);
    }
}
