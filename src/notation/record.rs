//! Game records: header lines and one move a line.
//!
//! ```text
//! [Variant "tawlbwrdd"]
//! [Options "dice"]
//! [Seed "42"]
//! [Attackers "alice"]
//! [Defenders "bob"]
//! [Result "defenders"]
//! [Reason "king_escaped"]
//!
//! 1. f2-f3
//! 1… f4-f3xe3
//! 2. e1-e2
//! ```
//!
//! Header values are quoted with `\"` and `\\` escaped. One move a line,
//! numbered by turns as `/history` and OTN number them: `12.` before the
//! first side's move, `12…` before the second's (as `/history` writes
//! them; `12...` reads too). A reader takes a move
//! line with any number (records written before counted plies: `15.`) or
//! none; `#` starts a comment line.

/// One header line.
pub type RecordHeader = (String, String);

/// A game record: headers in order, then the moves as written.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Record {
    pub headers: Vec<RecordHeader>,
    pub moves: Vec<String>,
}

impl Record {
    /// The value of a header, by name (case-insensitive).
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}

fn quote(v: &str) -> String {
    let mut s = String::from("\"");
    for c in v.chars() {
        match c {
            '"' => s.push_str("\\\""),
            '\\' => s.push_str("\\\\"),
            '\n' | '\r' => s.push(' '),
            c => s.push(c),
        }
    }
    s.push('"');
    s
}

/// Writes a record as text.
pub fn write_record(r: &Record) -> String {
    let mut out = String::new();
    for (k, v) in &r.headers {
        out.push_str(&format!("[{} {}]\n", k, quote(v)));
    }
    out.push('\n');
    for (i, m) in r.moves.iter().enumerate() {
        let dots = if i % 2 == 0 { "." } else { "…" };
        out.push_str(&format!("{}{dots} {}\n", i / 2 + 1, m));
    }
    out
}

/// Why a tawlbot record cannot be read: a header line (numbered from 1)
/// that is not `[Name "value"]`. The app words it (`record-header-*` in
/// `locales/*/notation.ftl`); `Display` is that English.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RecordError {
    /// The header line does not end with `]`.
    HeaderEnd { line: usize },
    /// No space between the name and the value.
    HeaderShape { line: usize },
    /// The value is not in quotes.
    HeaderQuotes { line: usize },
}

/// Reads a record. Errors name the line.
pub fn parse_record(text: &str) -> Result<Record, RecordError> {
    let mut r = Record::default();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some(inner) = line.strip_prefix('[') {
            let inner = inner
                .strip_suffix(']')
                .ok_or(RecordError::HeaderEnd { line: n + 1 })?;
            let (key, rest) = inner
                .split_once(char::is_whitespace)
                .ok_or(RecordError::HeaderShape { line: n + 1 })?;
            let rest = rest.trim();
            let body = rest
                .strip_prefix('"')
                .and_then(|s| s.strip_suffix('"'))
                .ok_or(RecordError::HeaderQuotes { line: n + 1 })?;
            let mut v = String::new();
            let mut esc = false;
            for c in body.chars() {
                if esc {
                    v.push(c);
                    esc = false;
                } else if c == '\\' {
                    esc = true;
                } else {
                    v.push(c);
                }
            }
            r.headers.push((key.to_string(), v));
            continue;
        }
        // `12.` or `12...` before the move, or no number.
        let digits = line.len() - line.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        let after = &line[digits..];
        let dots = after.len() - after.trim_start_matches(['.', '…']).len();
        let mv = if digits > 0 && dots > 0 && after[dots..].starts_with(char::is_whitespace) {
            after[dots..].trim()
        } else {
            line
        };
        r.moves.push(mv.to_string());
    }
    Ok(r)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn record_round_trips() {
        let r = Record {
            headers: vec![
                ("Variant".into(), "tawlbwrdd".into()),
                ("Attackers".into(), "al \"the\" \\ one".into()),
            ],
            moves: vec!["e1-e4".into(), "f4-f3xe3".into()],
        };
        let text = write_record(&r);
        assert!(text.ends_with("\n1. e1-e4\n1… f4-f3xe3\n"), "{text}");
        assert_eq!(parse_record(&text).unwrap(), r);
        // Records written before (plies numbered) and bare moves still read.
        let old = "[Variant \"tawlbwrdd\"]\n\n1. e1-e4\n2. f4-f3xe3\ne4-e5\n2... e5-e6\n";
        assert_eq!(
            parse_record(old).unwrap().moves,
            ["e1-e4", "f4-f3xe3", "e4-e5", "e5-e6"]
        );
        assert_eq!(r.header("variant"), Some("tawlbwrdd"));
    }

    #[test]
    fn moves_without_numbers_are_read() {
        let r = parse_record("[Variant \"x\"]\ne1-e4\n# note\n2. e4-e5\n").unwrap();
        assert_eq!(r.moves, vec!["e1-e4", "e4-e5"]);
    }

    #[test]
    fn bad_headers_are_errors() {
        assert!(parse_record("[Variant x]").is_err());
        assert!(parse_record("[Variant \"x\"").is_err());
        assert!(parse_record("[Variant]").is_err());
    }
}
