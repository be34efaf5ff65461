//! What the front ends say themselves (not the answer of a use case): an
//! acknowledgement, a failure, the progress of an analysis. Each comes from
//! the catalogue, in the reader's language, through [`App::notice`]. And the
//! console's own clock, kept in the store through the app.

use crate::app::presentation::rendered::Reply;
use crate::app::{App, Ctx, Msg, ServerId, Target, UserId};
use crate::i18n::{t, Lang};

/// A sentence a front end says on its own.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Notice {
    /// The app call failed (a panic, a task that did not finish).
    Failed,
    /// An interaction whose replies all went elsewhere was answered.
    Done,
    /// An interaction was answered while a thread is being opened.
    OpeningThread,
    /// Discord refused to open a thread (missing permissions).
    ThreadRefused,
    /// `/analysis` under way: the percentage done.
    Analysing(u32),
    /// `/analysis` stopped because the bot is shutting down.
    AnalysisStopped,
    /// Too many events are waiting already: try again shortly.
    Busy,
}

impl Notice {
    fn msg(self) -> Msg {
        match self {
            Notice::Failed => Msg::new("front-failed"),
            Notice::Done => Msg::new("front-done"),
            Notice::OpeningThread => Msg::new("front-opening-thread"),
            Notice::ThreadRefused => Msg::new("front-thread-refused"),
            Notice::Analysing(p) => Msg::new("front-analysing").num("percent", p),
            Notice::AnalysisStopped => Msg::new("front-analysis-stopped"),
            Notice::Busy => Msg::new("front-busy"),
        }
    }
}

/// The setting (user, key) under which the console keeps its clock.
const CONSOLE_CLOCK: (&str, &str) = ("~console", "clock");

/// `notice` as text in `lang`.
pub fn notice_text(lang: Lang, notice: Notice) -> String {
    t(lang, &notice.msg())
}

/// `notice` as a reply in `lang`, ready to send: for the asker alone
/// (`private`) or public.
pub fn notice_reply_in(lang: Lang, notice: Notice, private: bool) -> Reply {
    Reply {
        target: Target::Here,
        text: notice_text(lang, notice),
        files: Vec::new(),
        buttons: Vec::new(),
        ephemeral: private,
    }
}

impl App {
    /// The language `user` reads on `server` (their choice, the server's,
    /// or English), for words a front end makes itself.
    pub fn reader_lang(&self, user: &UserId, server: &ServerId) -> Lang {
        self.lang_of(user, server)
    }

    /// `notice` as text, in the language of `user` on `server`.
    pub fn notice(&self, user: &UserId, server: &ServerId, notice: Notice) -> String {
        notice_text(self.lang_of(user, server), notice)
    }

    /// `notice` as a reply to `ctx`'s user alone, in their language.
    pub fn notice_reply(&self, ctx: &Ctx, notice: Notice) -> Reply {
        notice_reply_in(self.lang(ctx), notice, true)
    }

    /// `notice` as a public reply (to be sent to a channel), in the language
    /// of `ctx`'s user.
    pub fn notice_public(&self, ctx: &Ctx, notice: Notice) -> Reply {
        notice_reply_in(self.lang(ctx), notice, false)
    }

    /// The console's clock as it was left (unix seconds), if it was saved.
    pub fn console_clock(&self) -> Option<i64> {
        self.store
            .player_setting(&CONSOLE_CLOCK.0.into(), CONSOLE_CLOCK.1)
            .ok()
            .flatten()
            .and_then(|v| v.parse().ok())
    }

    /// Saves the console's clock (`now`, unix seconds).
    pub fn save_console_clock(&self, now: i64) -> Result<(), crate::store::StoreError> {
        self.store
            .set_player_setting(&CONSOLE_CLOCK.0.into(), CONSOLE_CLOCK.1, &now.to_string())
            .map(|_| ())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::User;

    #[test]
    fn notices_come_in_both_languages() {
        let app = App::new(crate::store::SqliteStore::open_in_memory().unwrap());
        for n in [
            Notice::Failed,
            Notice::Done,
            Notice::OpeningThread,
            Notice::ThreadRefused,
            Notice::Analysing(40),
            Notice::AnalysisStopped,
        ] {
            let en = t(Lang::En, &n.msg());
            let cy = t(Lang::Cy, &n.msg());
            assert!(!en.starts_with("front-"), "{en}");
            assert_ne!(en, cy);
        }
        assert_eq!(
            crate::i18n::without_isolation(&app.notice(
                &"u".into(),
                &"s".into(),
                Notice::Analysing(40)
            )),
            "analysing… 40%"
        );
        app.store
            .set_player_setting(&"u".into(), crate::store::LANGUAGE_SETTING, "cy")
            .unwrap();
        assert_eq!(
            crate::i18n::without_isolation(&app.notice(
                &"u".into(),
                &"s".into(),
                Notice::Analysing(40)
            )),
            "dadansoddi… 40%"
        );
        let ctx = Ctx {
            server: "s".into(),
            channel: "c".into(),
            user: User {
                id: "u".into(),
                name: "u".into(),
            },
            now: 0,
            source: "x".into(),
            manage_server: false,
            rights: Default::default(),
            roles: Vec::new(),
            mentioned: Vec::new(),
        };
        let r = app.notice_reply(&ctx, Notice::Done);
        assert!(r.ephemeral);
        assert_eq!(r.text, t(Lang::Cy, &Notice::Done.msg()));
    }

    #[test]
    fn the_console_clock_is_kept() {
        let app = App::new(crate::store::SqliteStore::open_in_memory().unwrap());
        assert_eq!(app.console_clock(), None);
        app.save_console_clock(1_767_225_600).unwrap();
        assert_eq!(app.console_clock(), Some(1_767_225_600));
    }
}
