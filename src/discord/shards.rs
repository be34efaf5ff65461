//! Which gateway shards this process runs: Discord's recommended count
//! (serenity's autosharding, the default) or a range given as `SHARDS=0-3/8`.

/// The shards to run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shards {
    /// As many as Discord recommends (`GET /gateway/bot`), all in this process.
    Auto,
    /// Shards `first..=last` of `total`.
    Range { first: u32, last: u32, total: u32 },
}

impl Shards {
    /// Reads `SHARDS`: empty or `auto` for [`Shards::Auto`]; `FIRST-LAST/TOTAL`
    /// (`0-3/8`) or `N/TOTAL` (`5/8`) for a range.
    pub fn parse(s: &str) -> Result<Shards, String> {
        let t = s.trim();
        if t.is_empty() || t.eq_ignore_ascii_case("auto") {
            return Ok(Shards::Auto);
        }
        let form = || {
            format!(
                "SHARDS must be auto or a range of shards like 0-3/8 (shards 0 to 3 of 8) or 5/8, not {:?}.",
                s.chars().take(40).collect::<String>()
            )
        };
        let (range, total) = t.split_once('/').ok_or_else(form)?;
        let number = |x: &str| x.trim().parse::<u32>().map_err(|_| form());
        let total = number(total)?;
        let (first, last) = match range.split_once('-') {
            Some((a, b)) => (number(a)?, number(b)?),
            None => {
                let n = number(range)?;
                (n, n)
            }
        };
        if total == 0 {
            return Err(
                "SHARDS: the total number of shards (after the /) must be at least 1.".into(),
            );
        }
        if first > last {
            return Err(format!(
                "SHARDS: the range {first}-{last} runs backwards; write the lower shard first, as in {last}-{first}/{total}."
            ));
        }
        if last >= total {
            return Err(format!(
                "SHARDS: there is no shard {last} out of {total}: they are numbered 0 to {}.",
                total - 1
            ));
        }
        Ok(Shards::Range { first, last, total })
    }

    /// `SHARDS` from the environment (unset: [`Shards::Auto`]).
    pub fn from_env() -> Result<Shards, String> {
        Shards::parse(&std::env::var("SHARDS").unwrap_or_default())
    }

    /// How `SHARDS` reads (`auto`, `0-3/8`): the label of this process in
    /// the database's `processes` table.
    pub fn label(self) -> String {
        match self {
            Shards::Auto => "auto".to_string(),
            Shards::Range { first, last, total } => format!("{first}-{last}/{total}"),
        }
    }

    /// Whether this process runs shard 0, which is where Discord sends
    /// direct messages: that process answers the DMs sent to the bot. The
    /// clock runs in every process (each due item is claimed by one).
    pub fn has_shard_zero(self) -> bool {
        match self {
            Shards::Auto => true,
            Shards::Range { first, .. } => first == 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_ranges() {
        assert_eq!(Shards::parse(""), Ok(Shards::Auto));
        assert_eq!(Shards::parse(" auto "), Ok(Shards::Auto));
        assert_eq!(
            Shards::parse("0-3/8"),
            Ok(Shards::Range {
                first: 0,
                last: 3,
                total: 8
            })
        );
        assert_eq!(
            Shards::parse(" 4 - 7 / 8 "),
            Ok(Shards::Range {
                first: 4,
                last: 7,
                total: 8
            })
        );
        assert_eq!(
            Shards::parse("5/8"),
            Ok(Shards::Range {
                first: 5,
                last: 5,
                total: 8
            })
        );
        assert_eq!(
            Shards::parse("0-0/1"),
            Ok(Shards::Range {
                first: 0,
                last: 0,
                total: 1
            })
        );
        assert!(Shards::parse("0-3/8").unwrap().has_shard_zero());
        assert!(!Shards::parse("4-7/8").unwrap().has_shard_zero());
        assert!(Shards::Auto.has_shard_zero());
        assert_eq!(Shards::parse("5/8").unwrap().label(), "5-5/8");
        assert_eq!(Shards::Auto.label(), "auto");
    }

    #[test]
    fn refuses_with_a_clear_sentence() {
        for (bad, says) in [
            ("0-3", "like 0-3/8"),
            ("a-b/8", "like 0-3/8"),
            ("0-3/x", "like 0-3/8"),
            ("-1-3/8", "like 0-3/8"),
            ("0-3/0", "at least 1"),
            ("3-0/8", "runs backwards"),
            ("0-8/8", "no shard 8 out of 8: they are numbered 0 to 7"),
            ("9/8", "no shard 9"),
        ] {
            let e = Shards::parse(bad).unwrap_err();
            assert!(e.contains(says), "{bad}: {e}");
            assert!(e.starts_with("SHARDS"), "{e}");
        }
    }
}
