//! Variants as data: one [`Ruleset`] type, one preset per variant.
//!
//! A new variant is a new preset here, never a new move generator.

use super::board::{Board, Kind, Piece, Side, Square, CELLS};

/// Which family a game belongs to: decides the names of the sides and pieces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Family {
    /// Attackers (`First`) against defenders with a king (`Second`).
    Tafl,
    /// Ludus latrunculorum: white (`First`) against black (`Second`).
    Latrunculi,
}

/// What a tafl game calls its men and its centre square: the catalogue key
/// and the English name of each side's men, and the key of the centre's role.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Words {
    pub first: (&'static str, &'static str),
    pub second: (&'static str, &'static str),
    pub centre: &'static str,
    /// The sides' English names: attackers and defenders, assailants and
    /// princes (goedhboell), white and black (English text outside the
    /// catalogue: [`Ruleset::side_word`]). [`Ruleset::side_name`] stays the
    /// rules' own key (records, OTN, options).
    pub sides: (&'static str, &'static str),
    /// The sides' stable ids in the catalogue, whose `side-{id}` entries
    /// (`locales/*/common.ftl`) hold every form a sentence needs:
    /// `tafl-first`/`tafl-second`, `goedhboell-first`/`goedhboell-second`,
    /// `latrunculi-first`/`latrunculi-second` ([`Ruleset::side_key`]).
    pub side_keys: (&'static str, &'static str),
}

/// The notation a variant's records and board labels use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Notation {
    /// `e1-e4`.
    Algebraic,
    /// `@14-@44` (column, row), or `@11,6` on boards wider than 9.
    AtHv,
}

/// Where the king wins by stopping.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Escape {
    /// Any square on the edge of the board.
    Edge,
    /// The four corner squares.
    Corners,
    /// No king in this game.
    None,
}

/// How the king is captured.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KingCapture {
    /// Like any other piece (including in a line).
    Custodial,
    /// By attackers on all four sides; the empty throne counts as one; with
    /// `edge_three`, three suffice on the edge of the board.
    Enclosure { edge_three: bool },
}

/// How ordinary pieces are captured.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Capture {
    /// The longest line of enemy pieces one closing captures (1 = plain custodial).
    pub max_line: u8,
    /// A man on a corner is taken when the enemy holds both squares next to it.
    pub corner_capture: bool,
}

/// Per-square properties.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct SquareFlags(pub u8);

impl SquareFlags {
    /// Only the king may stop here.
    pub const RESTRICTED: u8 = 1;
    /// Only the king may pass across this square.
    pub const NO_PASS: u8 = 2;
    /// Hostile to pieces of both sides while empty.
    pub const HOSTILE_EMPTY: u8 = 4;
    /// Hostile to pieces of both sides even while the king stands on it.
    pub const HOSTILE_ALWAYS: u8 = 8;
    /// The throne (centre).
    pub const THRONE: u8 = 16;
    /// A corner square with a special role (restricted or escape).
    pub const CORNER: u8 = 32;
    /// A square next to a corner that only the king may stop on (`corner-guard`).
    pub const GUARD: u8 = 64;

    pub fn has(self, f: u8) -> bool {
        self.0 & f != 0
    }
}

/// Everything that makes one game different from another.
#[derive(Clone, Debug, PartialEq)]
pub struct Ruleset {
    /// The variant id: `tawlbwrdd`, `tawlbwrdd-walker`, `tallfwrdd`, `goedhboell`, `gwyddbwyll`.
    pub variant: &'static str,
    /// Options in canonical form and order (`dice`, `king-steps`, `size=10x8`, ...).
    pub options: Vec<String>,
    /// Display name.
    pub name: &'static str,
    pub family: Family,
    pub notation: Notation,
    /// The words for the men and the centre (tafl).
    pub words: Words,
    pub width: u8,
    pub height: u8,
    pub start: Board,
    /// Who moves first; `None` means a coin toss made from the game's seed.
    pub first: Option<Side>,
    /// Men move one square at a time.
    pub man_steps: bool,
    /// The king moves one square at a time.
    pub king_steps: bool,
    /// The dux may pass over exactly one occupied square.
    pub dux_jump: bool,
    pub throne: Option<Square>,
    pub flags: Vec<SquareFlags>,
    pub escape: Escape,
    pub king_capture: KingCapture,
    pub capture: Capture,
    /// The king captures (closes captures) like his men.
    pub king_armed: bool,
    /// A side left with one piece loses.
    pub one_piece_loses: bool,
    /// Each side has a dux; a side whose dux cannot move loses.
    pub dux: bool,
    /// Throw a die before every move; odd passes the throw.
    pub dice: bool,
    /// Moves in a row without a capture that draw the game.
    pub move_limit: u32,
    /// A move may not make a position occur this many times.
    pub repetition_limit: u8,
}

/// A variant's entry in the registry ([`VARIANTS`]): everything that makes
/// one variant differ from another, in one place. The slash-command choices,
/// `/rules`, the OTN rules tag and the catalogue keys
/// (`variant-name-{id}`, `variant-summary-{id}`) are derived from the
/// registry; adding a variant is adding an entry (and its two catalogue
/// messages in each language).
pub struct VariantInfo {
    pub id: &'static str,
    /// `variant-name-{id}`: the catalogue's name with its gloss, in lists.
    pub name_key: &'static str,
    /// `variant-summary-{id}`: the catalogue's few sentences of rules.
    pub summary_key: &'static str,
    /// `choice-variant-{id}`: the catalogue's label of the slash-command
    /// choice ([`VariantInfo::choice`] is the English).
    pub choice_key: &'static str,
    pub aliases: &'static [&'static str],
    /// The English name with its gloss, in lists (players read
    /// `variant-name-{id}`).
    pub name: &'static str,
    /// The game's name in records and game messages ([`Ruleset::name`]).
    pub short: &'static str,
    /// The label of the variant in the slash commands' choices.
    pub choice: &'static str,
    /// The options a player may give, in the order they are offered. The
    /// `size=` options exclude one another, and the first is the default.
    pub options: &'static [&'static str],
    /// Options that bring another with them: `(option, implied)`.
    pub implies: &'static [(&'static str, &'static str)],
    /// The English summary (command lines; players read
    /// `variant-summary-{id}`).
    pub summary: &'static str,
    pub notation: Notation,
    /// The catalogue keys (and English) of the men and the centre.
    pub words: Words,
    /// The preset: the ruleset for options in canonical form (the dice are
    /// set from the options afterwards).
    pub build: fn(&Opts) -> Ruleset,
}

/// The canonical options a preset is built from.
pub struct Opts<'a>(pub &'a [String]);

impl Opts<'_> {
    /// Whether the option is given.
    pub fn has(&self, name: &str) -> bool {
        self.0.iter().any(|o| o == name)
    }
    /// The board size of a `size=WxH` option, if one is given.
    pub fn size(&self) -> Option<(u8, u8)> {
        self.0
            .iter()
            .find_map(|o| o.strip_prefix("size="))
            .and_then(|s| s.split_once('x'))
            .and_then(|(w, h)| Some((w.parse().ok()?, h.parse().ok()?)))
    }
}

const TAFL_WORDS: Words = Words {
    first: ("attacker", "an attacker"),
    second: ("defender", "a defender"),
    centre: "throne",
    sides: ("attackers", "defenders"),
    side_keys: ("tafl-first", "tafl-second"),
};

/// A registry entry: the id is written once, and the catalogue keys
/// (`variant-name-{id}`, `variant-summary-{id}`, `choice-variant-{id}`)
/// are made from it when the crate is compiled. `variant!("id" { aliases: .., name: .., ... })`.
macro_rules! variant {
    ($id:literal { $($field:ident: $value:expr),* $(,)? }) => {
        $crate::rules::VariantInfo {
            id: $id,
            name_key: concat!("variant-name-", $id),
            summary_key: concat!("variant-summary-", $id),
            choice_key: concat!("choice-variant-", $id),
            $($field: $value),*
        }
    };
}
#[cfg(test)]
pub(crate) use variant;

/// All variants, in the order they are offered: the registry.
pub const VARIANTS: &[VariantInfo] = &[
    variant!("tawlbwrdd" {
        aliases: &[],
        name: "Tawlbwrdd",
        short: "Tawlbwrdd",
        choice: "Tawlbwrdd (11x11, edge escape)",
        options: &["dice"],
        implies: &[],
        summary: "11x11, 24 attackers against 12 defenders and a king on the throne f6. Every piece slides like a rook; only the king may stop on the throne. Custodial capture; the empty throne is hostile. The king wins on any edge square; attackers win by surrounding him on four sides (the empty throne counts as one). Attackers move first.",
        notation: Notation::Algebraic,
        words: TAFL_WORDS,
        build: |_| tawlbwrdd(),
    }),
    variant!("tawlbwrdd-walker" {
        aliases: &["walker"],
        name: "Tawlbwrdd (Walker)",
        short: "Tawlbwrdd (Walker)",
        choice: "Tawlbwrdd, Walker's reconstruction",
        options: &["dice"],
        implies: &[],
        summary: "11x11, Damian Walker's reconstruction: 24 attackers against 12 defenders and a king. Every piece slides; the throne and corners are for the king alone and hostile to all. Lines of up to three enemies are captured at once; the king is captured like any piece. The king wins on any edge square. Attackers move first.",
        notation: Notation::Algebraic,
        words: TAFL_WORDS,
        build: |_| tawlbwrdd_walker(),
    }),
    variant!("tallfwrdd" {
        aliases: &[],
        name: "Tallfwrdd",
        short: "Tallfwrdd",
        choice: "Tallfwrdd (9x9, one step at a time)",
        options: &["dice"],
        implies: &[],
        summary: "9x9, 16 attackers against 8 defenders and a king on e5. Every piece moves one square at a time. Only the king may enter the throne or the corners; the empty throne is hostile. The king wins in a corner and is captured by four attackers (three on the edge). Attackers move first.",
        notation: Notation::Algebraic,
        words: TAFL_WORDS,
        build: |_| tallfwrdd(),
    }),
    variant!("goedhboell" {
        aliases: &["celtic-chess"],
        name: "Goedhboell (Celtic chess)",
        short: "Goedhboell",
        choice: "Goedhboell / Celtic chess (9x9, @hv)",
        options: &["dice", "king-steps", "corner-guard"],
        implies: &[],
        summary: "9x9 in @hv notation: 16 assailants against 8 princes and a king on @55. Every piece slides; only the king may stop on the centre or a corner. Custodial capture; the king is captured by four assailants in a cross (three on the edge). The king wins in a corner. Assailants move first.",
        notation: Notation::AtHv,
        words: Words {
            first: ("assailant", "an assailant"),
            second: ("prince", "a prince"),
            centre: "centre",
            sides: ("assailants", "princes"),
            side_keys: ("goedhboell-first", "goedhboell-second"),
        },
        build: |o| goedhboell(o.has("king-steps"), o.has("corner-guard")),
    }),
    variant!("gwyddbwyll" {
        aliases: &["latrunculi"],
        name: "Gwyddbwyll (ludus latrunculorum)",
        short: "Gwyddbwyll",
        choice: "Gwyddbwyll / ludus latrunculorum",
        options: &["size=13x8", "size=12x8", "size=10x8", "size=8x8", "dux", "dux-jump"],
        implies: &[("dux-jump", "dux")],
        summary: "13x8 (or 12x8, 10x8, 8x8): white fills rank 1, black the top rank; a coin toss decides who starts. Every piece slides. A man between two enemies is captured, two in a line at once; a man in a corner falls to the two squares beside it. A side left with one piece, or with no move, loses. Option dux: each side's dux can never be captured, and a side whose dux cannot move loses.",
        notation: Notation::Algebraic,
        words: Words {
            first: ("white-man", "a white man"),
            second: ("black-man", "a black man"),
            centre: "throne",
            sides: ("white", "black"),
            side_keys: ("latrunculi-first", "latrunculi-second"),
        },
        build: |o| {
            let (w, h) = o.size().unwrap_or((13, 8));
            gwyddbwyll(w, h, o.has("dux"), o.has("dux-jump"))
        },
    }),
];

/// Finds a variant by id or alias (case-insensitive).
pub fn lookup(name: &str) -> Option<&'static VariantInfo> {
    lookup_in(VARIANTS, name)
}

/// Finds a variant of `registry` by id or alias (case-insensitive).
pub fn lookup_in<'r>(registry: &'r [VariantInfo], name: &str) -> Option<&'r VariantInfo> {
    let n = name.trim().to_ascii_lowercase();
    registry
        .iter()
        .find(|v| v.id == n || v.aliases.contains(&n.as_str()))
}

fn sq(s: &str) -> Square {
    let b = s.as_bytes();
    let file = b[0] - b'a';
    let rank: u8 = s[1..].parse().expect("preset square");
    Square::new(file, rank - 1).expect("preset square")
}

fn place(board: &mut Board, piece: Piece, squares: &str) {
    for s in squares.split_whitespace() {
        board.set(sq(s), Some(piece));
    }
}

const ATT: Piece = Piece::new(Side::First, Kind::Man);
const DEF: Piece = Piece::new(Side::Second, Kind::Man);
const KING: Piece = Piece::new(Side::Second, Kind::King);

/// Why a game spec cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SpecError {
    /// No variant has this id or alias; `list` names the ones there are.
    NoSuchGame { name: String, list: String },
    /// The variant has no such option; `list` names the ones it has.
    NoSuchOption {
        game: &'static str,
        option: String,
        list: String,
    },
}

impl std::fmt::Display for SpecError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SpecError::NoSuchGame { name, list } => write!(
                f,
                "There is no game called \"{name}\". The games are: {list}."
            ),
            SpecError::NoSuchOption { game, option, list } => {
                write!(
                    f,
                    "{game} has no option \"{option}\"; its options are: {list}."
                )
            }
        }
    }
}

impl std::error::Error for SpecError {}

impl Ruleset {
    /// The ruleset of a variant (id or alias) with options, e.g.
    /// `from_spec("gwyddbwyll", &["size=8x8".into(), "dux".into()])`.
    /// Errors are sentences for a player.
    pub fn from_spec(variant: &str, options: &[String]) -> Result<Ruleset, String> {
        Ruleset::parse_spec(variant, options).map_err(|e| e.to_string())
    }

    /// [`Ruleset::from_spec`] with a typed refusal, which the app puts into
    /// the reader's words.
    pub fn parse_spec(variant: &str, options: &[String]) -> Result<Ruleset, SpecError> {
        Ruleset::parse_spec_in(VARIANTS, variant, options)
    }

    /// [`Ruleset::parse_spec`] against a registry of variants.
    pub fn parse_spec_in(
        registry: &[VariantInfo],
        variant: &str,
        options: &[String],
    ) -> Result<Ruleset, SpecError> {
        let info = lookup_in(registry, variant).ok_or_else(|| SpecError::NoSuchGame {
            name: variant.trim().to_string(),
            list: registry.iter().map(|v| v.id).collect::<Vec<_>>().join(", "),
        })?;
        let mut opts: Vec<String> = Vec::new();
        for o in options.iter().flat_map(|o| o.split(',')) {
            let o = o.trim().to_ascii_lowercase();
            if o.is_empty() {
                continue;
            }
            if !info.options.contains(&o.as_str()) {
                return Err(SpecError::NoSuchOption {
                    game: info.name,
                    option: o,
                    list: info.options.join(", "),
                });
            }
            if o.starts_with("size=") {
                opts.retain(|x| !x.starts_with("size="));
            }
            if !opts.contains(&o) {
                opts.push(o);
            }
        }
        for (option, implied) in info.implies {
            if opts.iter().any(|o| o == option) && !opts.iter().any(|o| o == implied) {
                opts.push(implied.to_string());
            }
        }
        // The first size offered is the default, and not written.
        if let Some(default) = info.options.iter().find(|o| o.starts_with("size=")) {
            opts.retain(|o| o != default);
        }
        opts.sort();
        let mut rules = (info.build)(&Opts(&opts));
        rules.variant = info.id;
        rules.name = info.short;
        rules.notation = info.notation;
        rules.words = info.words;
        rules.dice = opts.iter().any(|o| o == "dice");
        rules.options = opts;
        Ok(rules)
    }

    /// The variant's entry in the registry.
    pub fn info(&self) -> Option<&'static VariantInfo> {
        lookup(self.variant)
    }

    #[inline]
    pub fn flags(&self, sq: Square) -> SquareFlags {
        self.flags[sq.idx()]
    }

    /// The name of a side in this game: attackers/defenders or white/black.
    pub fn side_name(&self, side: Side) -> &'static str {
        match (self.family, side) {
            (Family::Tafl, Side::First) => "attackers",
            (Family::Tafl, Side::Second) => "defenders",
            (Family::Latrunculi, Side::First) => "white",
            (Family::Latrunculi, Side::Second) => "black",
        }
    }

    /// A side's English name (attackers, defenders, assailants, princes,
    /// white, black), for English text outside the catalogue (a record's
    /// description, the balance table). Messages take [`Ruleset::side_key`].
    pub fn side_word(&self, side: Side) -> &'static str {
        match side {
            Side::First => self.words.sides.0,
            Side::Second => self.words.sides.1,
        }
    }

    /// A side's stable id in the catalogue (`tafl-first`, `goedhboell-second`,
    /// `latrunculi-first`...): what a message's side argument takes, named
    /// there with `SIDE($side, form: ...)`.
    pub fn side_key(&self, side: Side) -> &'static str {
        match side {
            Side::First => self.words.side_keys.0,
            Side::Second => self.words.side_keys.1,
        }
    }

    /// Reads a side's name (attackers, defenders, white, black, and a few
    /// friendly synonyms) in this game.
    pub fn side_named(&self, s: &str) -> Option<Side> {
        let s = s.trim().to_ascii_lowercase();
        let tafl = match s.as_str() {
            "attackers" | "attacker" | "attack" | "assailants" | "a" => Some(Side::First),
            "defenders" | "defender" | "defend" | "king" | "princes" | "d" => Some(Side::Second),
            _ => None,
        };
        let latr = match s.as_str() {
            "white" | "w" => Some(Side::First),
            "black" | "b" => Some(Side::Second),
            _ => None,
        };
        match self.family {
            Family::Tafl => tafl,
            Family::Latrunculi => latr,
        }
    }

    /// A piece's key in the catalogue's `piece-name` message: king,
    /// attacker, defender, assailant, prince, white-dux, black-dux,
    /// white-man, black-man.
    pub fn piece_key(&self, p: Piece) -> &'static str {
        match (p.side, p.kind) {
            (_, Kind::King) => "king",
            (Side::First, Kind::Dux) => "white-dux",
            (Side::Second, Kind::Dux) => "black-dux",
            (Side::First, Kind::Man) => self.words.first.0,
            (Side::Second, Kind::Man) => self.words.second.0,
        }
    }

    /// A piece's name in this game, for sentences.
    pub fn piece_name(&self, p: Piece) -> &'static str {
        match (p.side, p.kind) {
            (_, Kind::King) => "the king",
            (Side::First, Kind::Dux) => "the white dux",
            (Side::Second, Kind::Dux) => "the black dux",
            (Side::First, Kind::Man) => self.words.first.1,
            (Side::Second, Kind::Man) => self.words.second.1,
        }
    }

    /// The id with options, as written in records: `gwyddbwyll size=8x8 dux`.
    pub fn spec(&self) -> String {
        std::iter::once(self.variant.to_string())
            .chain(self.options.iter().cloned())
            .collect::<Vec<_>>()
            .join(" ")
    }
}

/// A tafl ruleset of `size` squares a side with every rule at its most
/// common; the registry's entry names it and sets its notation and words.
pub fn tafl_base(size: u8) -> Ruleset {
    Ruleset {
        variant: "",
        options: Vec::new(),
        name: "",
        family: Family::Tafl,
        notation: Notation::Algebraic,
        words: TAFL_WORDS,
        width: size,
        height: size,
        start: Board::empty(size, size),
        first: Some(Side::First),
        man_steps: false,
        king_steps: false,
        dux_jump: false,
        throne: Square::new(size / 2, size / 2),
        flags: vec![SquareFlags::default(); CELLS],
        escape: Escape::Edge,
        king_capture: KingCapture::Enclosure { edge_three: false },
        capture: Capture {
            max_line: 1,
            corner_capture: false,
        },
        king_armed: true,
        one_piece_loses: false,
        dux: false,
        dice: false,
        move_limit: 100,
        repetition_limit: 3,
    }
}

impl Ruleset {
    fn mark(&mut self, sq: Square, f: u8) {
        self.flags[sq.idx()].0 |= f;
    }
    fn corners(&self) -> [Square; 4] {
        let (w, h) = (self.width - 1, self.height - 1);
        [(0, 0), (w, 0), (0, h), (w, h)].map(|(f, r)| Square::new(f, r).expect("corner"))
    }
}

fn tawlbwrdd() -> Ruleset {
    let mut r = tafl_base(11);
    let t = r.throne.expect("throne");
    r.mark(
        t,
        SquareFlags::THRONE | SquareFlags::RESTRICTED | SquareFlags::HOSTILE_EMPTY,
    );
    place(
        &mut r.start,
        ATT,
        "e1 f1 g1 e2 f2 g2 e10 f10 g10 e11 f11 g11 a5 b5 a6 b6 a7 b7 j5 k5 j6 k6 j7 k7",
    );
    place(&mut r.start, DEF, "f4 e5 f5 g5 d6 e6 g6 h6 e7 f7 g7 f8");
    r.start.set(t, Some(KING));
    r
}

fn tawlbwrdd_walker() -> Ruleset {
    let mut r = tafl_base(11);
    let t = r.throne.expect("throne");
    let all = SquareFlags::RESTRICTED
        | SquareFlags::NO_PASS
        | SquareFlags::HOSTILE_EMPTY
        | SquareFlags::HOSTILE_ALWAYS;
    r.mark(t, SquareFlags::THRONE | all);
    for c in r.corners() {
        r.mark(c, SquareFlags::CORNER | all);
    }
    r.king_capture = KingCapture::Custodial;
    r.capture.max_line = 3;
    place(
        &mut r.start,
        ATT,
        "d1 e1 f1 g1 h1 f2 d11 e11 f11 g11 h11 f10 a4 a5 a6 a7 a8 b6 k4 k5 k6 k7 k8 j6",
    );
    place(&mut r.start, DEF, "d6 e6 g6 h6 f4 f5 f7 f8 e5 g5 e7 g7");
    r.start.set(t, Some(KING));
    r
}

/// The 9x9 layout of seed 002, shared by tallfwrdd and goedhboell.
fn nine_by_nine(r: &mut Ruleset) {
    place(
        &mut r.start,
        ATT,
        "d1 e1 f1 e2 a4 a5 a6 b5 i4 i5 i6 h5 d9 e9 f9 e8",
    );
    place(&mut r.start, DEF, "e3 e4 c5 d5 f5 g5 e6 e7");
    r.start.set(sq("e5"), Some(KING));
}

fn tallfwrdd() -> Ruleset {
    let mut r = tafl_base(9);
    let t = r.throne.expect("throne");
    r.mark(
        t,
        SquareFlags::THRONE
            | SquareFlags::RESTRICTED
            | SquareFlags::NO_PASS
            | SquareFlags::HOSTILE_EMPTY,
    );
    for c in r.corners() {
        r.mark(
            c,
            SquareFlags::CORNER | SquareFlags::RESTRICTED | SquareFlags::NO_PASS,
        );
    }
    r.man_steps = true;
    r.king_steps = true;
    r.escape = Escape::Corners;
    r.king_capture = KingCapture::Enclosure { edge_three: true };
    nine_by_nine(&mut r);
    r
}

fn goedhboell(king_steps: bool, corner_guard: bool) -> Ruleset {
    let mut r = tafl_base(9);
    let t = r.throne.expect("throne");
    r.mark(t, SquareFlags::THRONE | SquareFlags::RESTRICTED);
    for c in r.corners() {
        r.mark(c, SquareFlags::CORNER | SquareFlags::RESTRICTED);
        if corner_guard {
            for d in 0..4 {
                if let Some(n) = c.step(d, r.width, r.height) {
                    r.mark(n, SquareFlags::GUARD | SquareFlags::RESTRICTED);
                }
            }
        }
    }
    r.king_steps = king_steps;
    r.escape = Escape::Corners;
    r.king_capture = KingCapture::Enclosure { edge_three: true };
    nine_by_nine(&mut r);
    r
}

fn gwyddbwyll(w: u8, h: u8, dux: bool, dux_jump: bool) -> Ruleset {
    let mut r = tafl_base(w);
    r.height = h;
    r.start = Board::empty(w, h);
    r.family = Family::Latrunculi;
    r.throne = None;
    r.first = None;
    r.escape = Escape::None;
    r.king_armed = false;
    r.capture = Capture {
        max_line: 2,
        corner_capture: true,
    };
    r.one_piece_loses = true;
    r.dux = dux;
    r.dux_jump = dux_jump;
    for f in 0..w {
        r.start.set(
            Square::new(f, 0).expect("sq"),
            Some(Piece::new(Side::First, Kind::Man)),
        );
        r.start.set(
            Square::new(f, h - 1).expect("sq"),
            Some(Piece::new(Side::Second, Kind::Man)),
        );
    }
    if dux {
        let file = w.div_ceil(2) - 1;
        r.start.set(
            Square::new(file, 1).expect("sq"),
            Some(Piece::new(Side::First, Kind::Dux)),
        );
        r.start.set(
            Square::new(file, h - 2).expect("sq"),
            Some(Piece::new(Side::Second, Kind::Dux)),
        );
    }
    r
}
