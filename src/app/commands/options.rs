//! The one parser: a command's name and options as the front ends give
//! them (`Input::Slash { name, args }`, every value text) become a
//! [`Command`], or the refusal the player reads. The command is found in
//! the table; an option it does not have is refused here, for every
//! command alike; the command's own `parse` (in its file) reads the rest.

use super::{find, Command, CommandSpec};
use crate::app::{Reply, Response};
use crate::i18n::Msg;

/// A command's options as typed, for its `parse` to read by name.
pub struct Options<'a> {
    spec: &'static CommandSpec,
    args: &'a [(String, String)],
}

impl Options<'_> {
    /// The value of option `name`, trimmed; `None` when left out or blank.
    pub fn text(&self, name: &str) -> Option<String> {
        debug_assert!(
            self.spec.options.iter().any(|o| o.name == name),
            "/{} reads an option it does not declare: {name}",
            self.spec.name
        );
        self.args
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.trim())
            .filter(|v| !v.is_empty())
            .map(str::to_string)
    }

    /// Whether option `name` was given as true (`true`, `yes`, `1`, `on`).
    pub fn flag(&self, name: &str) -> bool {
        matches!(
            self.text(name).map(|v| v.to_ascii_lowercase()).as_deref(),
            Some("true" | "yes" | "1" | "on")
        )
    }
}

impl Command {
    /// `name` (`"challenge"`, `"tournament create"`) with `args`, parsed:
    /// the command, or what the player is told instead (an unknown
    /// command, an option the command does not have, a value refused
    /// before anything is read).
    pub(crate) fn parse(name: &str, args: &[(String, String)]) -> Result<Command, Response> {
        let Some(spec) = find(name) else {
            // A command with subcommands, given one it does not have, is
            // answered with its list (its own `parse`, without options).
            let mut words = name.split_whitespace();
            if let (Some(top), Some(_)) = (words.next().and_then(find), words.next()) {
                if !top.subcommands.is_empty() {
                    return (top.parse)(&Options {
                        spec: top,
                        args: &[],
                    });
                }
            }
            let shown: String = name.chars().take(32).collect();
            return Err(tell(Msg::new("unknown-command").str("name", shown)));
        };
        // `/conditional bogus`: a word where a subcommand goes is answered
        // with the command's list of subcommands, as an unknown one is.
        if !spec.subcommands.is_empty() && spec.options.is_empty() && !args.is_empty() {
            return (spec.parse)(&Options { spec, args: &[] });
        }
        refuse_unknown_options(name, spec, args)?;
        refuse_unclear_flags(name, spec, args)?;
        (spec.parse)(&Options { spec, args })
    }
}

/// A command given an option it does not have is refused (never read as a
/// default): the console and the app refuse what Discord would refuse.
fn refuse_unknown_options(
    name: &str,
    spec: &CommandSpec,
    args: &[(String, String)],
) -> Result<(), Response> {
    // A value outside an option's choices is for the use case to refuse
    // in its own words (the console also takes aliases, such as
    // variant:latrunculi).
    let Some((k, v)) = args
        .iter()
        .find(|(k, _)| !spec.options.iter().any(|o| o.name == k))
    else {
        return Ok(());
    };
    let given = if k.is_empty() { v.as_str() } else { k.as_str() };
    let given: String = given
        .split(':')
        .next()
        .unwrap_or("")
        .chars()
        .take(32)
        .collect();
    let msg = if spec.options.is_empty() {
        Msg::new("option-none").str("command", name)
    } else {
        let known: Vec<String> = spec
            .options
            .iter()
            .map(|o| format!("{}:", o.name))
            .collect();
        Msg::new("option-unknown")
            .str("command", name)
            .str("known", known.join(", "))
    };
    Err(tell(msg.str("option", given)))
}

/// A true/false option given a value that is neither (`reveal:maybe`) is
/// refused, never read as false; and `/vacation days:5 end:true` asks two
/// contrary things.
fn refuse_unclear_flags(
    name: &str,
    spec: &CommandSpec,
    args: &[(String, String)],
) -> Result<(), Response> {
    for (k, v) in args {
        let v = v.trim();
        let flag = spec
            .options
            .iter()
            .any(|o| o.name == k && o.kind == super::OptKind::Bool);
        if !flag || v.is_empty() {
            continue;
        }
        let known = matches!(
            v.to_ascii_lowercase().as_str(),
            "true" | "yes" | "1" | "on" | "false" | "no" | "0" | "off"
        );
        if !known {
            let shown: String = v.chars().take(32).collect();
            return Err(tell(
                Msg::new("option-not-flag")
                    .str("command", name)
                    .str("option", k.as_str())
                    .str("value", shown),
            ));
        }
    }
    let given = |k: &str| args.iter().any(|(n, v)| n == k && !v.trim().is_empty());
    let end = args.iter().any(|(n, v)| {
        n == "end"
            && matches!(
                v.trim().to_ascii_lowercase().as_str(),
                "true" | "yes" | "1" | "on"
            )
    });
    if name == "vacation" && end && given("days") {
        return Err(tell(Msg::new("vacation-days-and-end")));
    }
    Ok(())
}

/// A refusal for the asker alone.
pub(super) fn tell(msg: Msg) -> Response {
    Response::one(Reply::tell(msg))
}

#[cfg(test)]
mod tests {
    use super::Command;

    fn refused(name: &str, args: &[(&str, &str)]) -> Option<String> {
        let args: Vec<(String, String)> = args
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        Command::parse(name, &args).err().map(|r| format!("{r:?}"))
    }

    #[test]
    fn a_flag_is_true_false_or_refused() {
        let maybe = refused("puzzle", &[("reveal", "maybe")]).expect("refused");
        assert!(maybe.contains("option-not-flag"), "{maybe}");
        let thread = refused(
            "challenge",
            &[
                ("opponent", "bob"),
                ("variant", "tawlbwrdd"),
                ("thread", "maybe"),
            ],
        )
        .expect("refused");
        assert!(thread.contains("option-not-flag"), "{thread}");
        for v in ["true", "False", "yes", "no", "1", "0", "on", "off"] {
            let r = refused("mygames", &[("finished", v)]);
            assert!(r.is_none(), "{v}: {r:?}");
        }
        let both = refused("vacation", &[("days", "5"), ("end", "true")]).expect("refused");
        assert!(both.contains("vacation-days-and-end"), "{both}");
        assert!(refused("vacation", &[("days", "5"), ("end", "false")]).is_none());
    }

    #[test]
    fn a_word_where_a_subcommand_goes_lists_the_subcommands() {
        let bogus = refused("conditional", &[("", "bogus")]);
        let bare = refused("conditional", &[]);
        assert_eq!(bogus, bare);
        assert!(!format!("{bogus:?}").contains("option-none"), "{bogus:?}");
    }
}
