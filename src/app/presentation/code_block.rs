//! Tables in a Discord code block (the standings, the crosstable): laid out
//! by what Discord shows in its monospace font, not by the string built.
//!
//! A code block shows every character as it is: no Markdown, so a name is
//! put in without the backslashes [`escape::name`](crate::app::presentation::escape::name)
//! adds for prose; no isolation marks or other invisible characters, which
//! a monospace font would still count as a column; a backtick, which could
//! close the block, as an apostrophe. Widths count columns: a combining
//! accent none, a wide (East Asian) character two.

use crate::i18n::ISOLATION_MARKS;

/// `text` as a cell of a code block: bidi controls, isolation marks,
/// zero-width and other control characters removed, backticks made
/// apostrophes.
pub(crate) fn cell(text: &str) -> String {
    text.chars()
        .filter(|&c| {
            !ISOLATION_MARKS.contains(&c)
                && !crate::app::presentation::escape::is_bidi_control(c)
                && !invisible(c)
                && !c.is_control()
        })
        .map(|c| if c == '`' { '\'' } else { c })
        .collect()
}

/// Characters a monospace font draws with no width.
fn invisible(c: char) -> bool {
    matches!(c, '\u{200B}'..='\u{200F}' | '\u{2060}'..='\u{206F}' | '\u{FEFF}' | '\u{00AD}')
}

/// Combining marks: drawn on the character before them.
fn combining(c: char) -> bool {
    matches!(c, '\u{0300}'..='\u{036F}' | '\u{1AB0}'..='\u{1AFF}' | '\u{1DC0}'..='\u{1DFF}' | '\u{20D0}'..='\u{20FF}' | '\u{FE20}'..='\u{FE2F}')
}

/// Characters two columns wide: Hangul, CJK, full-width forms and the
/// common emoji blocks.
fn wide(c: char) -> bool {
    matches!(c, '\u{1100}'..='\u{115F}' | '\u{2E80}'..='\u{303E}' | '\u{3041}'..='\u{A4CF}' | '\u{AC00}'..='\u{D7A3}' | '\u{F900}'..='\u{FAFF}' | '\u{FE30}'..='\u{FE4F}' | '\u{FF00}'..='\u{FF60}' | '\u{FFE0}'..='\u{FFE6}' | '\u{1F300}'..='\u{1F64F}' | '\u{1F900}'..='\u{1F9FF}' | '\u{20000}'..='\u{3FFFD}')
}

/// The columns `text` takes in a monospace font.
pub(crate) fn width(text: &str) -> usize {
    text.chars()
        .map(|c| {
            if invisible(c) || combining(c) || c.is_control() || ISOLATION_MARKS.contains(&c) {
                0
            } else if wide(c) {
                2
            } else {
                1
            }
        })
        .sum()
}

/// `rows` (the first the headers) as a code block: columns two spaces
/// apart, column `left` aligned left (the names), the others right.
pub(crate) fn table(rows: &[Vec<String>], left: usize) -> String {
    let rows: Vec<Vec<String>> = rows
        .iter()
        .map(|r| r.iter().map(|c| cell(c)).collect())
        .collect();
    let mut widths: Vec<usize> = Vec::new();
    for r in &rows {
        for (i, c) in r.iter().enumerate() {
            if widths.len() <= i {
                widths.push(0);
            }
            widths[i] = widths[i].max(width(c));
        }
    }
    let mut out = String::from("```\n");
    for r in &rows {
        let mut line = String::new();
        for (i, c) in r.iter().enumerate() {
            let pad = " ".repeat(widths[i] - width(c));
            if i == left {
                line.push_str(c);
                line.push_str(&pad);
            } else {
                line.push_str(&pad);
                line.push_str(c);
            }
            line.push_str("  ");
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out.push_str("```");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_line_up_as_discord_shows_them() {
        let rows = vec![
            vec!["#".to_string(), "Player".to_string(), "Pts".to_string()],
            vec![
                "1".into(),
                "\u{2068}erin\u{2069} (withdrawn)".into(),
                "1".into(),
            ],
            vec!["2".into(), "Gwenllïan".into(), "½".into()],
            vec!["3".into(), "e\u{0301}lodie".into(), "0".into()],
            vec!["4".into(), "王小明".into(), "0".into()],
            vec!["5".into(), "a`b@\u{200B}c".into(), "0".into()],
        ];
        let t = table(&rows, 1);
        assert!(
            !t.contains(ISOLATION_MARKS) && !t.contains('\u{200B}'),
            "{t}"
        );
        assert!(
            !t[3..t.len() - 3].contains('`'),
            "a backtick closes the block: {t}"
        );
        // Every points column ends at the same column on screen.
        let lines: Vec<&str> = t.lines().filter(|l| !l.starts_with("```")).collect();
        let ends: Vec<usize> = lines.iter().map(|l| width(l)).collect();
        assert!(ends.windows(2).all(|w| w[0] == w[1]), "{t}\n{ends:?}");
        assert!(t.contains("erin (withdrawn)"), "{t}");
    }
}
