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
    /// Like any other piece (including in a line): OTN `ks:w`.
    Custodial,
    /// By attackers on all four sides; a square hostile to the king (the
    /// empty throne, where the square says so) counts as one; with
    /// `edge_three`, three suffice on the edge of the board (OTN `ks:s`,
    /// `ks:m`).
    Enclosure { edge_three: bool },
    /// Enclosed on four sides while on or next to the throne, taken like any
    /// piece elsewhere: OTN `ks:c`.
    StrongAtThrone,
}

/// What a threefold repetition does (OTN `tfr`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Repetition {
    /// A move may not bring a position about for the limit-th time; a side
    /// whose every move would is lost. OTN `tfr:w` as OpenTafl plays it
    /// (whoever moves into the third repetition loses).
    Forbidden,
    /// The move that brings a position about for the limit-th time draws
    /// the game (`tfr:d`).
    Draw,
    /// The move that brings a position about for the limit-th time wins
    /// (`tfr:l` as OpenTafl plays it).
    MoverWins,
    /// Repetitions change nothing (`tfr:i`).
    Ignored,
}

/// Shieldwall captures along the edge (OTN `sw`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shieldwall {
    None,
    /// The row must be closed by pieces at both ends.
    Weak,
    /// A corner square may close one end of the row.
    Strong,
}

/// How ordinary pieces are captured.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Capture {
    /// The longest line of enemy pieces one closing captures (1 = plain custodial).
    pub max_line: u8,
    /// A man on a corner is taken when the enemy holds both squares next to it.
    pub corner_capture: bool,
}

/// Per-square properties: what kind of square it is, and for each piece
/// type (attacker man, defender man, king: [`piece_type`]) whether it may
/// stop on it, pass across it, enter it from a square of another kind, and
/// whether the square is hostile to it while empty and while occupied.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct SquareFlags(pub u32);

/// A piece's type for the per-type square rules and speeds: 0 an
/// attacker's man (OTN `t`), 1 a defender's man (`T`), 2 the king (`K`).
/// A dux moves and is judged as a man of its side.
#[inline]
pub fn piece_type(p: Piece) -> usize {
    match p.kind {
        Kind::King => 2,
        _ => p.side.index(),
    }
}

impl SquareFlags {
    /// No man (of either side) may stop here; see [`SquareFlags::no_stop`].
    pub const RESTRICTED: u32 = 0b11;
    /// No man may pass across this square.
    pub const NO_PASS: u32 = 0b11 << 3;
    /// Hostile to the men of both sides while empty.
    pub const HOSTILE_EMPTY: u32 = 0b11 << 6;
    /// Hostile to the men of both sides while occupied (by the king).
    pub const HOSTILE_ALWAYS: u32 = 0b11 << 9;
    /// Counts against the king while empty (an enclosure, a custodial capture).
    pub const KING_HOSTILE_EMPTY: u32 = 1 << 8;
    /// Counts against the king while occupied.
    pub const KING_HOSTILE_ALWAYS: u32 = 1 << 11;
    /// The throne (centre).
    pub const THRONE: u32 = 1 << 16;
    /// A corner square with a special role (restricted or escape).
    pub const CORNER: u32 = 1 << 17;
    /// A square next to a corner that only the king may stop on (`corner-guard`).
    pub const GUARD: u32 = 1 << 18;
    /// An attackers' fortress (OTN `afor`).
    pub const ATTACKER_FORT: u32 = 1 << 19;
    /// A defenders' fortress (OTN `dfor`).
    pub const DEFENDER_FORT: u32 = 1 << 20;
    /// The bits that say a square's kind (for the re-entry rule).
    pub const KINDS: u32 =
        Self::THRONE | Self::CORNER | Self::GUARD | Self::ATTACKER_FORT | Self::DEFENDER_FORT;

    /// Pieces of type `ty` may not stop here.
    pub const fn no_stop(ty: usize) -> u32 {
        1 << ty
    }
    /// Pieces of type `ty` may not pass across (nor stop on) this square.
    pub const fn no_pass(ty: usize) -> u32 {
        1 << (3 + ty)
    }
    /// Hostile to pieces of type `ty` while empty.
    pub const fn hostile_empty(ty: usize) -> u32 {
        1 << (6 + ty)
    }
    /// Hostile to pieces of type `ty` while occupied.
    pub const fn hostile_occupied(ty: usize) -> u32 {
        1 << (9 + ty)
    }
    /// Pieces of type `ty` may enter this square only from a square of the
    /// same kind (OTN `cenre`, `corre`, `aforre`, `dforre`).
    pub const fn no_enter(ty: usize) -> u32 {
        1 << (12 + ty)
    }

    pub fn has(self, f: u32) -> bool {
        self.0 & f != 0
    }
    /// The square's kind bits (0 for a plain square).
    pub fn kind(self) -> u32 {
        self.0 & Self::KINDS
    }
    /// Whether pieces of type `ty` may stop here.
    #[inline]
    pub fn stops(self, ty: usize) -> bool {
        self.0 & (Self::no_stop(ty) | Self::no_pass(ty)) == 0
    }
    /// Whether pieces of type `ty` may pass across this square.
    #[inline]
    pub fn passes(self, ty: usize) -> bool {
        self.0 & Self::no_pass(ty) == 0
    }
    /// Whether the square is hostile to pieces of type `ty`.
    #[inline]
    pub fn hostile_to(self, ty: usize, occupied: bool) -> bool {
        let bit = if occupied {
            Self::hostile_occupied(ty)
        } else {
            Self::hostile_empty(ty)
        };
        self.0 & bit != 0
    }
    /// Whether any piece type is forbidden to stop or pass here, or the
    /// square is hostile to someone: a square worth drawing.
    pub fn special(self) -> bool {
        self.0 != 0
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
    /// How many squares a move may cover, per piece type ([`piece_type`]:
    /// attacker's man, defender's man, king); 0 is no limit. OTN `spd`.
    pub speed: [u8; 3],
    /// The dux may pass over exactly one occupied square.
    pub dux_jump: bool,
    pub throne: Option<Square>,
    pub flags: Vec<SquareFlags>,
    pub escape: Escape,
    pub king_capture: KingCapture,
    pub capture: Capture,
    /// The king's move captures (OTN `ka:y` or `ka:h`).
    pub king_hammer: bool,
    /// The king closes captures for his side like his men (`ka:y`, `ka:a`).
    pub king_anvil: bool,
    /// A side left with one piece loses.
    pub one_piece_loses: bool,
    /// Each side has a dux; a side whose dux cannot move loses.
    pub dux: bool,
    /// Throw a die before every move; odd passes the throw.
    pub dice: bool,
    /// Moves in a row without a capture that draw the game.
    pub move_limit: u32,
    /// How often a position may occur before [`Ruleset::repetition`] acts.
    pub repetition_limit: u8,
    /// What the limit-th occurrence of a position does.
    pub repetition: Repetition,
    /// The attackers win when no defender can reach the edge (OTN `surf`).
    pub surround_loses: bool,
    /// Shieldwall captures (OTN `sw`).
    pub shieldwall: Shieldwall,
    /// A shieldwall is taken only by a move that closes one of its ends
    /// (`swf:y`); otherwise by any move that completes it.
    pub shieldwall_flank: bool,
    /// The defenders win by an edge fort (OTN `efe`).
    pub edge_fort: bool,
    /// Linnaean capture (OTN `linc`): a defender beside the king on the
    /// throne, the king's other three sides held by attackers, is taken
    /// against the throne.
    pub linnaean: bool,
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
    variant!("copenhagen" {
        aliases: &["copenhagen-hnefatafl"],
        name: "Copenhagen Hnefatafl",
        short: "Copenhagen",
        choice: "Copenhagen (11x11, corner escape)",
        options: &[],
        implies: &[],
        summary: "11x11, Copenhagen Hnefatafl as the World Tafl Federation plays it: 24 attackers against 12 defenders and a king on the throne f6. Every piece slides; only the king may stop on the throne or a corner, and both are hostile. The king wins in a corner or by an edge fort, and is captured on four sides (three and the throne). Shieldwalls capture along the edge; a side that moves into a third repetition loses; the attackers also win by surrounding every defender. Attackers move first.",
        notation: Notation::Algebraic,
        words: TAFL_WORDS,
        build: |_| world(COPENHAGEN),
    }),
    variant!("copenhagen-relaxed" {
        aliases: &["copenhagen-relaxed-shieldwall"],
        name: "Copenhagen (relaxed shieldwall)",
        short: "Copenhagen (relaxed shieldwall)",
        choice: "Copenhagen, relaxed shieldwall",
        options: &[],
        implies: &[],
        summary: "Copenhagen Hnefatafl, but a shieldwall is captured by any move that completes it, not only by the move that closes one of its ends. Attackers move first.",
        notation: Notation::Algebraic,
        words: TAFL_WORDS,
        build: |_| world(COPENHAGEN_RELAXED),
    }),
    variant!("fetlar" {
        aliases: &[],
        name: "Fetlar Hnefatafl",
        short: "Fetlar",
        choice: "Fetlar (11x11, corner escape)",
        options: &[],
        implies: &[],
        summary: "11x11, Fetlar Hnefatafl: Copenhagen's board and pieces without shieldwalls or edge forts. Only the king may stop on the throne or a corner, both hostile; the king wins in a corner and is captured on four sides (three and the throne). A threefold repetition draws; surrounding every defender wins for the attackers. Attackers move first.",
        notation: Notation::Algebraic,
        words: TAFL_WORDS,
        build: |_| world(FETLAR),
    }),
    variant!("tawlbwrdd-opentafl" {
        aliases: &["opentafl-tawlbwrdd"],
        name: "Tawlbwrdd (OpenTafl's)",
        short: "Tawlbwrdd (OpenTafl)",
        choice: "Tawlbwrdd, OpenTafl's version",
        options: &[],
        implies: &[],
        summary: "11x11, tawlbwrdd as OpenTafl sets it out (Bell's layout), not tawlbot's own: 24 attackers against 12 defenders and a king. No special squares; the king wins on any edge square and is captured between two attackers like any piece. A threefold repetition draws; surrounding every defender wins for the attackers. Attackers move first.",
        notation: Notation::Algebraic,
        words: TAFL_WORDS,
        build: |_| world(TAWLBWRDD_OPENTAFL),
    }),
    variant!("sea-battle" {
        aliases: &["seabattle"],
        name: "Sea Battle",
        short: "Sea Battle",
        choice: "Sea Battle (9x9, edge escape)",
        options: &[],
        implies: &[],
        summary: "9x9: 16 attackers against 8 defenders and a king. No special squares; the king takes no part in captures, wins on any edge square and is captured on four sides. A threefold repetition draws; surrounding every defender wins for the attackers. Attackers move first.",
        notation: Notation::Algebraic,
        words: TAFL_WORDS,
        build: |_| world(SEA_BATTLE),
    }),
    variant!("tablut" {
        aliases: &[],
        name: "Tablut",
        short: "Tablut",
        choice: "Tablut (9x9, edge escape)",
        options: &[],
        implies: &[],
        summary: "9x9, Linnaeus's Lapland game: 16 attackers against 8 defenders and a king on the throne e5. Once the king has left the throne nobody may stop on it, though everyone may cross it; it is hostile to all while empty. The king wins on any edge square; on or next to the throne he is captured on four sides, elsewhere between two. A defender beside the king on the throne falls to Linnaean capture. A threefold repetition draws; surrounding every defender wins for the attackers. Attackers move first.",
        notation: Notation::Algebraic,
        words: TAFL_WORDS,
        build: |_| world(TABLUT),
    }),
    variant!("foteviken-tablut" {
        aliases: &["foteviken"],
        name: "Foteviken Tablut",
        short: "Foteviken Tablut",
        choice: "Foteviken Tablut (9x9, fortresses)",
        options: &[],
        implies: &[],
        summary: "9x9, Tablut as played at Foteviken: the attackers start in four fortresses of four squares, which they may leave but never re-enter and no one else may enter. Once the king has left the throne nobody may cross it or stop on it. The king wins on any edge square and is captured on four sides; the empty throne and the fortresses count against him. A threefold repetition draws; surrounding every defender wins for the attackers. Attackers move first.",
        notation: Notation::Algebraic,
        words: TAFL_WORDS,
        build: |_| world(FOTEVIKEN_TABLUT),
    }),
    variant!("brandub" {
        aliases: &[],
        name: "Brandub",
        short: "Brandub",
        choice: "Brandub (7x7, corner escape)",
        options: &[],
        implies: &[],
        summary: "7x7, the Irish game: 8 attackers against 4 defenders and a king on the throne d4. Only the king may stop on the throne or a corner; the corners are hostile, the throne is not. The king wins in a corner and is captured between two attackers. A threefold repetition draws. Attackers move first.",
        notation: Notation::Algebraic,
        words: TAFL_WORDS,
        build: |_| world(BRANDUB),
    }),
    variant!("magpie" {
        aliases: &[],
        name: "Magpie",
        short: "Magpie",
        choice: "Magpie (7x7, the king steps)",
        options: &[],
        implies: &[],
        summary: "7x7, Brandub's board and pieces with a king who moves one square at a time and is captured on all his sides (three on the edge). Only the king may stop on the throne or a corner, both hostile. The king wins in a corner. A threefold repetition draws. Attackers move first.",
        notation: Notation::Algebraic,
        words: TAFL_WORDS,
        build: |_| world(MAGPIE),
    }),
];

/// The tafl world's games: OpenTafl's built-in rules strings
/// (`Variants.hardcodedRules`, each as its `RulesSerializer` writes it),
/// read as rules data by [`crate::rules::read_rules_string`].
pub const COPENHAGEN: &str = "dim:11 name:Copenhagen atkf:y tfr:w sw:s efe:y start:/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/";
pub const COPENHAGEN_RELAXED: &str = "dim:11 name:Copenhagen_(relaxed_shieldwall) atkf:y tfr:w sw:s swf:n efe:y start:/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/";
pub const FETLAR: &str = "dim:11 name:Fetlar atkf:y nj:n cj:n start:/3ttttt3/5t5/11/t4T4t/t3TTT3t/tt1TTKTT1tt/t3TTT3t/t4T4t/11/5t5/3ttttt3/";
pub const TAWLBWRDD_OPENTAFL: &str = "dim:11 name:Tawlbwrdd esc:e atkf:y ks:w nj:n cj:n cor: cen: start:/4ttt4/4t1t4/5t5/5T5/tt2TTT2tt/t1tTTKTTt1t/tt2TTT2tt/5T5/5t5/4t1t4/4ttt4/";
pub const SEA_BATTLE: &str = "dim:9 name:Sea_Battle esc:e atkf:y ka:n nj:n cj:n cor: cen: start:/3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/";
pub const TABLUT: &str = "dim:9 name:Tablut esc:e atkf:y ks:c nj:n cor: cenp:tcnkTCNK cens: cenh: cenhe:tcnkTCNK linc:y start:/3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/";
pub const FOTEVIKEN_TABLUT: &str = "dim:9 name:Foteviken_Tablut esc:e atkf:y nj:n cor: afor:a4,a5,a6,b5,d1,e1,f1,e2,i4,i5,i6,h5,d9,e9,f9,e8, cenp:tcnkTCNK aforp:tcnkTCNK cens: cenh: cenhe:K aforh:K cenre: aforre: start:/3ttt3/4t4/4T4/t3T3t/ttTTKTTtt/t3T3t/4T4/4t4/3ttt3/";
pub const BRANDUB: &str =
    "dim:7 name:Brandub surf:n atkf:y ks:w cenh: cenhe: start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/";
pub const MAGPIE: &str = "dim:7 name:Magpie surf:n atkf:y ks:m spd:-1,-1,-1,-1,-1,-1,-1,-1,-1,1,-1,-1, start:/3t3/3t3/3T3/ttTKTtt/3T3/3t3/3t3/";

/// The presets of the tafl world's games: each id with the OpenTafl rules
/// string it is read from.
pub const WORLD_GAMES: &[(&str, &str)] = &[
    ("copenhagen", COPENHAGEN),
    ("copenhagen-relaxed", COPENHAGEN_RELAXED),
    ("fetlar", FETLAR),
    ("tawlbwrdd-opentafl", TAWLBWRDD_OPENTAFL),
    ("sea-battle", SEA_BATTLE),
    ("tablut", TABLUT),
    ("foteviken-tablut", FOTEVIKEN_TABLUT),
    ("brandub", BRANDUB),
    ("magpie", MAGPIE),
];

/// A preset of the tafl world's games, from its OTN rules string.
fn world(rules: &str) -> Ruleset {
    crate::rules::read_rules_string(rules)
        .expect("a preset's rules string reads")
        .rules
}

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

    /// Every man (of both sides) moves one square at a time.
    pub fn man_steps(&self) -> bool {
        self.speed[0] == 1 && self.speed[1] == 1
    }
    /// The king moves one square at a time.
    pub fn king_steps(&self) -> bool {
        self.speed[2] == 1
    }
    /// The king takes part in captures both as hammer and as anvil.
    pub fn king_armed(&self) -> bool {
        self.king_hammer && self.king_anvil
    }
    /// How far the piece may move in one go (0: no limit).
    #[inline]
    pub fn speed_of(&self, p: Piece) -> u8 {
        self.speed[piece_type(p)]
    }
    /// The throne's square and its neighbours: where a `ks:c` king is strong.
    pub fn near_throne(&self, sq: Square) -> bool {
        self.flags(sq).has(SquareFlags::THRONE)
            || (0..4).any(|d| {
                sq.step(d, self.width, self.height)
                    .is_some_and(|t| self.flags(t).has(SquareFlags::THRONE))
            })
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
        speed: [0; 3],
        dux_jump: false,
        throne: Square::new(size / 2, size / 2),
        flags: vec![SquareFlags::default(); CELLS],
        escape: Escape::Edge,
        king_capture: KingCapture::Enclosure { edge_three: false },
        capture: Capture {
            max_line: 1,
            corner_capture: false,
        },
        king_hammer: true,
        king_anvil: true,
        one_piece_loses: false,
        dux: false,
        dice: false,
        move_limit: 100,
        repetition_limit: 3,
        repetition: Repetition::Forbidden,
        surround_loses: false,
        shieldwall: Shieldwall::None,
        shieldwall_flank: true,
        edge_fort: false,
        linnaean: false,
    }
}

impl Ruleset {
    pub(crate) fn mark(&mut self, sq: Square, f: u32) {
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
        SquareFlags::THRONE
            | SquareFlags::RESTRICTED
            | SquareFlags::HOSTILE_EMPTY
            | SquareFlags::KING_HOSTILE_EMPTY,
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
        | SquareFlags::HOSTILE_ALWAYS
        | SquareFlags::KING_HOSTILE_EMPTY
        | SquareFlags::KING_HOSTILE_ALWAYS;
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
            | SquareFlags::HOSTILE_EMPTY
            | SquareFlags::KING_HOSTILE_EMPTY,
    );
    for c in r.corners() {
        r.mark(
            c,
            SquareFlags::CORNER | SquareFlags::RESTRICTED | SquareFlags::NO_PASS,
        );
    }
    r.speed = [1; 3];
    r.escape = Escape::Corners;
    r.king_capture = KingCapture::Enclosure { edge_three: true };
    nine_by_nine(&mut r);
    r
}

fn goedhboell(king_steps: bool, corner_guard: bool) -> Ruleset {
    let mut r = tafl_base(9);
    let t = r.throne.expect("throne");
    r.mark(
        t,
        SquareFlags::THRONE | SquareFlags::RESTRICTED | SquareFlags::KING_HOSTILE_EMPTY,
    );
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
    if king_steps {
        r.speed[2] = 1;
    }
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
    r.king_hammer = false;
    r.king_anvil = false;
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
