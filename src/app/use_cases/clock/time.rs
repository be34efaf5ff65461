//! Time controls and the words for times.

use crate::i18n::Msg;

pub use crate::store::{parse_span, TimeControl};

#[cfg(test)]
const HOUR: i64 = 3600;
const DAY: i64 = 86400;

/// Reading what a player typed, and saying a control in words. The text
/// form itself (and its reader) is the store's: see `store/values.rs`.
impl TimeControl {
    /// Reads `none`, `casual`, or a time per move like `1d`, `3d`, `12h`,
    /// or a bank like `bank:7d inc:1d cap:14d`. The error is a sentence of
    /// the catalogue (`time-unreadable[-bank]`).
    ///
    /// What is accepted is exactly what is stored and read back: a time of
    /// nothing (`0d`, `bank:0`), a negative one, one over 60 days or a cap
    /// below its bank is refused here with a sentence saying which
    /// (`time-zero`, `time-negative`, `time-too-long`, `time-cap-below-bank`).
    pub fn parse(s: &str) -> Result<TimeControl, Msg> {
        TimeControl::read(s).ok_or_else(|| refusal(s))
    }
    /// In words: "3 days per move", "no clock" (`tc-*`).
    pub fn describe(self) -> Msg {
        match self {
            TimeControl::None => Msg::new("tc-none"),
            TimeControl::PerMove(p) => Msg::new("tc-per-move").msg("span", span(p)),
            TimeControl::Bank { bank, inc, cap } => Msg::new("tc-bank")
                .msg("bank", span(bank))
                .msg("inc", span(inc))
                .msg("cap", span(cap)),
        }
    }
}

/// Why `s` is not a time control, as a sentence: the first value that is
/// nothing, negative or too long, a cap below its bank, or else that the
/// text cannot be read at all.
fn refusal(s: &str) -> Msg {
    let text = s.chars().take(40).collect::<String>();
    let t = s.trim().to_ascii_lowercase();
    let bank = t.contains("bank");
    let mut values = Vec::new();
    for part in t.split_whitespace() {
        let (k, v) = part
            .split_once(':')
            .or_else(|| part.split_once('='))
            .unwrap_or(("", part));
        values.push((k, v));
    }
    for &(k, v) in &values {
        let v = v.trim();
        if let Some(rest) = v.strip_prefix('-') {
            if rest.starts_with(|c: char| c.is_ascii_digit()) {
                return Msg::new("time-negative").str("text", text);
            }
        }
        let digits = v.len() - v.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        if digits == 0 {
            continue;
        }
        let (num, unit) = v.split_at(digits);
        let zero = num.bytes().all(|b| b == b'0');
        let known = parse_span(&format!("1{unit}")).is_some();
        if zero && (known || unit.is_empty()) && !(bank && matches!(k, "inc" | "increment")) {
            return Msg::new("time-zero").str("text", text);
        }
        if !zero && known && parse_span(v).is_none() {
            return Msg::new("time-too-long").str("text", text);
        }
    }
    if bank {
        let get = |key: &str| {
            values
                .iter()
                .find(|(k, _)| *k == key)
                .and_then(|(_, v)| parse_span(v))
        };
        if let (Some(b), Some(c)) = (get("bank"), get("cap")) {
            if c < b {
                return Msg::new("time-cap-below-bank")
                    .str("text", text)
                    .msg("bank", span(b));
            }
        }
        Msg::new("time-unreadable-bank").str("text", text)
    } else {
        Msg::new("time-unreadable").str("text", s.chars().take(20).collect::<String>())
    }
}

/// A span in words, to the two largest units: "3 days", "2 days 18 hours",
/// "3 hours 59 minutes", "12 minutes" (`time-*`). Rounded down, never below
/// a minute.
pub fn span(secs: i64) -> Msg {
    crate::i18n::span(secs)
}

/// [`span`] in English, for logs and the console's own diagnostics (never
/// for a player).
pub fn span_en(secs: i64) -> String {
    crate::i18n::without_isolation(&crate::i18n::t(crate::i18n::Lang::En, &span(secs)))
}

/// A moment as the console writes it: `2026-11-29 14:05 UTC`.
pub fn utc(secs: i64) -> String {
    let s = secs.rem_euclid(DAY);
    format!("{} {:02}:{:02} UTC", date(secs), s / 3600, s % 3600 / 60)
}

/// A date (UTC) from unix seconds: `2026-11-29`.
pub fn date(secs: i64) -> String {
    // Days since 1970-01-01 to a civil date (Howard Hinnant's algorithm).
    let z = secs.div_euclid(DAY) + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365;
    let y = yoe + era * 400;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = if m <= 2 { y + 1 } else { y };
    format!("{y:04}-{m:02}-{d:02}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Lang;

    fn en(m: &Msg) -> String {
        crate::i18n::without_isolation(&crate::i18n::t(Lang::En, m))
    }

    #[test]
    fn time_controls_parse_and_print() {
        assert_eq!(TimeControl::parse("3d"), Ok(TimeControl::PerMove(3 * DAY)));
        assert_eq!(TimeControl::parse("12h").unwrap().to_string(), "12h");
        assert_eq!(TimeControl::parse("none"), Ok(TimeControl::None));
        assert!(TimeControl::parse("soon").is_err());
        assert!(TimeControl::parse("0d").is_err());
        assert!(TimeControl::parse("99999999999999d").is_err());
        assert_eq!(en(&TimeControl::default().describe()), "3 days per move");
        assert_eq!(
            en(&TimeControl::parse("bank:7d inc:1d cap:14d")
                .unwrap()
                .describe()),
            "a bank of 7 days plus 1 day a move (at most 14 days)"
        );
        assert_eq!(
            en(&TimeControl::parse("soon").unwrap_err()),
            "I can't read the time \"soon\": write a time per move like 1d, 3d, 7d or 12h, a bank like bank:7d inc:1d cap:14d, or none."
        );
        let cy = crate::i18n::t(Lang::Cy, &TimeControl::default().describe());
        assert!(!cy.contains("per move"), "{cy}");
        let b = TimeControl::parse("bank:7d inc:1d").unwrap();
        assert_eq!(
            b,
            TimeControl::Bank {
                bank: 7 * DAY,
                inc: DAY,
                // Unless asked, a week above the bank.
                cap: 14 * DAY
            }
        );
        assert_eq!(TimeControl::parse(&b.to_string()), Ok(b));
        let c = TimeControl::parse("bank:2d inc:12h cap:3d").unwrap();
        assert_eq!(
            c,
            TimeControl::Bank {
                bank: 2 * DAY,
                inc: 12 * HOUR,
                cap: 3 * DAY
            }
        );
        assert_eq!(TimeControl::parse(&c.to_string()), Ok(c));
        assert!(TimeControl::parse("bank:soon").is_err());
    }

    #[test]
    fn spans() {
        let span = span_en;
        assert_eq!(span(3 * DAY), "3 days");
        assert_eq!(span(DAY), "1 day");
        assert_eq!(span(66 * HOUR), "2 days 18 hours");
        assert_eq!(span(4 * HOUR - 3), "3 hours 59 minutes");
        assert_eq!(span(12 * HOUR), "12 hours");
        assert_eq!(span(5), "1 minute");
        assert_eq!(span(-5), "1 minute");
    }

    #[test]
    fn dates() {
        assert_eq!(date(0), "1970-01-01");
        assert_eq!(date(1_795_910_400), "2026-11-29");
    }
}
