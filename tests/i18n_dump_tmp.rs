use tawlbot::i18n::{Lang, Localiser, Msg, FILES};
#[test]
fn dump() {
    let l = Localiser::global();
    let mut out = String::new();
    for (_, en, _) in FILES {
        let res = fluent_syntax::parser::parse(*en).unwrap();
        for e in &res.body {
            if let fluent_syntax::ast::Entry::Message(m) = e {
                let id: &'static str = Box::leak(m.id.name.to_string().into_boxed_str());
                let mut msg = Msg::new(id);
                for v in [
                    "side",
                    "loser",
                    "first",
                    "second",
                    "first-side",
                    "second-side",
                    "coin",
                ] {
                    msg = msg.str(v, "white");
                }
                for v in ["kind"] {
                    msg = msg.str(v, "takeback");
                }
                for v in [
                    "n", "moves", "games", "rounds", "number", "id", "round", "total", "board",
                    "value", "of",
                ] {
                    msg = msg.num(v, 2);
                }
                for v in ["piece"] {
                    msg = msg.str(v, "defender");
                }
                for v in ["role"] {
                    msg = msg.str(v, "guard");
                }
                for v in ["rated"] {
                    msg = msg.str(v, "yes");
                }
                for v in ["state"] {
                    msg = msg.str(v, "running");
                }
                for v in ["notation"] {
                    msg = msg.str(v, "hv");
                }
                for v in [
                    "player",
                    "opponent",
                    "challenger",
                    "name",
                    "square",
                    "move",
                    "game",
                    "text",
                    "channel",
                    "list",
                    "span",
                    "status",
                    "win",
                    "title",
                    "time",
                    "description",
                    "format",
                    "reason",
                    "players",
                    "winner",
                    "points",
                    "table",
                    "thread",
                    "score",
                    "date",
                    "summary",
                    "bank",
                    "inc",
                    "cap",
                    "big",
                    "small",
                    "init",
                    "last",
                    "example",
                    "claimed",
                    "actual",
                    "from",
                    "to",
                    "width",
                    "height",
                    "last-file",
                    "option",
                    "answer",
                    "variant",
                    "turn",
                    "outcome",
                    "rank",
                    "rating",
                    "rd",
                    "won",
                    "lost",
                    "drawn",
                    "won-first",
                    "won-second",
                    "first-points",
                    "second-points",
                    "summary",
                    "options",
                    "description",
                ] {
                    msg = msg.str(v, "«X»");
                }
                out.push_str(&format!(
                    "{id}\n  en: {}\n  cy: {}\n",
                    l.text(Lang::En, &msg),
                    l.text(Lang::Cy, &msg)
                ));
            }
        }
    }
    std::fs::write("/tmp/i18n-dump.txt", out).unwrap();
}
