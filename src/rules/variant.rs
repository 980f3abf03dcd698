//! The games xpgn knows, their names (RULINGS N1) and what is implemented.

use std::fmt;

use crate::rules::core::GameRules;
pub use crate::rules::define::DefinedGame;
use crate::rules::{fide, gast, squirrel};
use crate::written::Grammar;

/// A game: one rule set of the six families (plus Chess960, as archives hold it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Variant {
    /// FIDE chess.
    Chess,
    /// Chess960 / Fischer random chess.
    Chess960,
    /// Gast's chess, 12x12.
    Gast,
    /// Gast's 14x12 follow-up with the pope.
    Gast14x12,
    /// Squirrel chess, 10x10.
    Squirrel,
    /// Chess with a Limited Supply of Squares, the Basic Game.
    SquaresBasic,
    /// Hans38.
    Hans38,
    /// Hans38 with Neutral Squares.
    Hans38Neutral,
    /// The Game of Infinite Reserves.
    InfiniteReserves,
    /// Infinite Reserves with Moving Occupied Squares.
    MovingSquares,
    /// PASGL 312 Chess.
    Pasgl312,
    /// Atomic chess (lichess): captures explode.
    Atomic,
    /// Antichess (lichess; Giveaway): captures are compulsory, losing
    /// everything wins.
    Antichess,
    /// Crazyhouse (lichess): captured pieces are dropped back in.
    Crazyhouse,
    /// King of the Hill (lichess): a king in the centre wins.
    KingOfTheHill,
    /// Three-check (lichess): the third check wins.
    ThreeCheck,
    /// Horde (lichess): 36 white pawns against Black's army.
    Horde,
    /// Racing Kings (lichess): the first king on the eighth rank wins.
    RacingKings,
    /// A game from a definition file (`--variants`), played on the
    /// chess-like core.
    Defined(DefinedGame),
}

/// How far the tool supports a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// Records are verified move by move.
    Implemented,
    /// Records are read, but moves are not verified yet.
    Planned,
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Status::Implemented => "implemented",
            Status::Planned => "planned (records are read, moves not yet verified)",
        })
    }
}

/// The family a game belongs to (one rules module each).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Family {
    /// FIDE chess and Chess960.
    Fide,
    /// Gast 12x12 and 14x12.
    Gast,
    /// Squirrel chess.
    Squirrel,
    /// Limited Supply of Squares.
    Squares,
    /// PASGL 312.
    Pasgl,
    /// The lichess variants on the 8x8 bitboard.
    Lichess,
    /// Games from definition files.
    Defined,
}

impl Variant {
    /// Every game, in the order of RULINGS N1.
    pub const ALL: [Variant; 18] = [
        Variant::Chess,
        Variant::Chess960,
        Variant::Gast,
        Variant::Gast14x12,
        Variant::Squirrel,
        Variant::SquaresBasic,
        Variant::Hans38,
        Variant::Hans38Neutral,
        Variant::InfiniteReserves,
        Variant::MovingSquares,
        Variant::Pasgl312,
        Variant::Atomic,
        Variant::Antichess,
        Variant::Crazyhouse,
        Variant::KingOfTheHill,
        Variant::ThreeCheck,
        Variant::Horde,
        Variant::RacingKings,
    ];

    /// The canonical name (RULINGS N1).
    pub const fn name(self) -> &'static str {
        match self {
            Variant::Chess => "Chess",
            Variant::Chess960 => "Chess960",
            Variant::Gast => "Gast",
            Variant::Gast14x12 => "Gast 14x12",
            Variant::Squirrel => "Squirrel",
            Variant::SquaresBasic => "Squares Basic",
            Variant::Hans38 => "Hans38",
            Variant::Hans38Neutral => "Hans38 Neutral",
            Variant::InfiniteReserves => "Infinite Reserves",
            Variant::MovingSquares => "Moving Squares",
            Variant::Pasgl312 => "PASGL312",
            Variant::Atomic => "Atomic",
            Variant::Antichess => "Antichess",
            Variant::Crazyhouse => "Crazyhouse",
            Variant::KingOfTheHill => "King of the Hill",
            Variant::ThreeCheck => "Three-check",
            Variant::Horde => "Horde",
            Variant::RacingKings => "Racing Kings",
            Variant::Defined(d) => d.0.name,
        }
    }

    /// Other names that archives and other tools use for the same game.
    pub const fn aliases(self) -> &'static [&'static str] {
        match self {
            // python-chess's names for standard chess
            Variant::Chess => &["Standard", "Classical", "Normal", "From Position"],
            // Cute Chess writes "fischerandom"; chess.com "Chess 960"
            Variant::Chess960 => &["Chess 960", "fischerandom", "Fischer Random", "FRC"],
            Variant::Gast => &["Gast 12x12", "Gast I"],
            Variant::Gast14x12 => &["Gast II"],
            Variant::SquaresBasic => &["Limited Supply of Squares"],
            Variant::MovingSquares => &["Moving Occupied Squares"],
            Variant::Pasgl312 => &["PASGL 312", "PASGL 312 Chess"],
            // lichess's `[Variant]` values and python-chess's aliases
            // (case, spaces and dashes do not matter: "3-check" is "3check").
            Variant::Atomic => &["Atom", "Atomic chess"],
            // python-chess's Giveaway differs from Antichess only in the
            // start position's castling rights, which lichess never grants.
            Variant::Antichess => &[
                "Anti chess",
                "Anti",
                "Giveaway",
                "Giveaway chess",
                "Give away",
            ],
            Variant::Crazyhouse => &["Crazy House", "House", "ZH"],
            Variant::KingOfTheHill => &["KOTH", "kingOfTheHill"],
            Variant::ThreeCheck => &["Three check", "Threecheck", "Three check chess", "3check"],
            Variant::Horde => &["Horde chess"],
            Variant::RacingKings => &["Racingkings", "Racing", "Race"],
            _ => &[],
        }
    }

    /// Finds a game by name: case, spaces, `-` and `_` do not matter (N1).
    /// Built-in names come first, then games registered from definition
    /// files ([`crate::rules::define`]).
    pub fn from_name(name: &str) -> Option<Variant> {
        Variant::builtin_from_name(name)
            .or_else(|| crate::rules::define::find(name).map(|r| Variant::Defined(DefinedGame(r))))
    }

    /// Finds a built-in game by name (see [`from_name`](Self::from_name)).
    pub fn builtin_from_name(name: &str) -> Option<Variant> {
        // Compared as it is read, not normalised into a string per name: a
        // `[Variant]` tag is looked up for every game of an archive.
        Variant::ALL
            .into_iter()
            .find(|v| same_name(v.name(), name) || v.aliases().iter().any(|a| same_name(a, name)))
    }

    /// Every game: the built-ins, then those registered from definition
    /// files in their order.
    pub fn every() -> Vec<Variant> {
        let mut out = Variant::ALL.to_vec();
        out.extend(
            crate::rules::define::registered()
                .into_iter()
                .map(|r| Variant::Defined(DefinedGame(r))),
        );
        out
    }

    /// The game's move grammar (STYLE B6: never guessed from the token).
    pub fn grammar(self) -> Grammar {
        match self {
            Variant::Chess | Variant::Chess960 => Grammar::chess(),
            Variant::Gast => Grammar::gast(),
            Variant::Gast14x12 => Grammar::gast14(),
            Variant::Squirrel => Grammar::squirrel(),
            Variant::SquaresBasic
            | Variant::Hans38
            | Variant::Hans38Neutral
            | Variant::InfiniteReserves
            | Variant::MovingSquares => Grammar::squares(),
            Variant::Pasgl312 => Grammar::pasgl(),
            Variant::Crazyhouse => Grammar::crazyhouse(),
            Variant::Atomic
            | Variant::Antichess
            | Variant::KingOfTheHill
            | Variant::ThreeCheck
            | Variant::Horde
            | Variant::RacingKings => Grammar::chess(),
            Variant::Defined(d) => d.0.grammar.clone().unwrap_or_else(Grammar::chess),
        }
    }

    /// Its family.
    pub const fn family(self) -> Family {
        match self {
            Variant::Chess | Variant::Chess960 => Family::Fide,
            Variant::Gast | Variant::Gast14x12 => Family::Gast,
            Variant::Squirrel => Family::Squirrel,
            Variant::SquaresBasic
            | Variant::Hans38
            | Variant::Hans38Neutral
            | Variant::InfiniteReserves
            | Variant::MovingSquares => Family::Squares,
            Variant::Pasgl312 => Family::Pasgl,
            Variant::Atomic
            | Variant::Antichess
            | Variant::Crazyhouse
            | Variant::KingOfTheHill
            | Variant::ThreeCheck
            | Variant::Horde
            | Variant::RacingKings => Family::Lichess,
            Variant::Defined(_) => Family::Defined,
        }
    }

    /// How far it is supported.
    pub fn status(self) -> Status {
        match (self, self.rules()) {
            (Variant::Pasgl312, _) | (_, Some(_)) => Status::Implemented,
            _ if matches!(self.family(), Family::Squares | Family::Lichess) => Status::Implemented,
            (_, None) => Status::Planned,
        }
    }

    /// Whether the docs mark its rules as provisional (a reconstruction or a
    /// tentative description).
    pub const fn is_provisional(self) -> bool {
        matches!(self, Variant::Gast14x12 | Variant::Squirrel)
    }

    /// Each piece of the game: letter, name and moves in Betza's notation
    /// (RULINGS §1–5; special powers the notation cannot say are named in
    /// words after it). Implemented games read it from their rules tables.
    /// Gast and Squirrel list their pieces with the special powers in words
    /// (a unit test checks the table against the rules).
    pub fn pieces(self) -> Vec<(char, &'static str, &'static str)> {
        if let Some(rules) = self
            .rules()
            .filter(|_| matches!(self.family(), Family::Fide | Family::Defined))
        {
            return rules
                .pieces
                .iter()
                .map(|p| (p.letter as char, p.name, p.betza))
                .collect();
        }
        let fide: &[(char, &str, &str)] = &[
            ('K', "king", "K, castling"),
            ('Q', "queen", "Q"),
            ('R', "rook", "R"),
            ('B', "bishop", "B"),
            ('N', "knight", "N"),
            ('P', "pawn", "fmWfcFifmnD, en passant"),
        ];
        let gast: &[(char, &str, &str)] = &[
            ('K', "king", "K, castling in stages with archer and rook"),
            ('Q', "queen", "Q"),
            ('A', "archer", "RNCA"),
            ('G', "guard", "BNCA"),
            ('R', "rook", "R"),
            ('B', "bishop", "B"),
            ('N', "knight", "NCA"),
            (
                'P',
                "pawn",
                "fmR2fcB2; fmR4 on its first move, fmR3 on the second after a first move of one; en passant only after four",
            ),
        ];
        match self {
            Variant::Gast => gast.to_vec(),
            Variant::Gast14x12 => {
                let mut v = gast.to_vec();
                v.push(('O', "pope", "RBN"));
                v
            }
            Variant::Squirrel => vec![
                ('K', "king", "K, castling to the h or c file"),
                ('Q', "queen", "Q"),
                ('R', "rook", "R"),
                ('B', "bishop", "B"),
                ('N', "knight", "N"),
                ('C', "camel", "C"),
                ('S', "squirrel", "NAD"),
                ('G', "guard", "K, brakes enemy pieces in its zone"),
                (
                    'P',
                    "pawn",
                    "fmR2bmWfcF, en passant after every double step; promotions N/G/C, S/R/B, Q, then any",
                ),
            ],
            Variant::Pasgl312 => vec![
                ('B', "bear", "K in its own half, displaces and squashes"),
                ('H', "hunter", "mW, shoots R3"),
                ('D', "deer", "NN, blocked only by the Train"),
                ('F', "fox", "bWzF3, steals and devours"),
                ('W', "woodchuck", "mWmD, chucks wood 2-3 diagonally"),
                ('S', "skunk", "R, sprays when harmed"),
                ('T', "turkey", "R3"),
                ('P', "shrew", "fF, promotes to chipmunk"),
                ('M', "chipmunk", "F"),
            ],
            Variant::SquaresBasic
            | Variant::Hans38
            | Variant::Hans38Neutral
            | Variant::InfiniteReserves
            | Variant::MovingSquares => {
                // Not a piece: how the squares themselves move (seed 003).
                let square = match self {
                    Variant::Hans38 => {
                        "own empty square: KNAD leap to a hole; placed from reserve (3) on any hole; taken by a piece landing on it"
                    }
                    Variant::Hans38Neutral => {
                        "any empty square: KNAD leap to a hole; placed from reserve (3) on any hole"
                    }
                    Variant::InfiniteReserves => {
                        "any empty square: KNAD leap to a hole; one placed every turn; a piece's square returns from turn 4"
                    }
                    Variant::MovingSquares => {
                        "as Infinite Reserves; with a friendly piece (not the king): K step to a hole"
                    }
                    _ => "any empty square: KNAD leap to a hole",
                };
                let mut v = fide.to_vec();
                v.push(('@', "square", square));
                v
            }
            _ => fide.to_vec(),
        }
    }

    /// The chess-like rules, for games the engine implements.
    pub fn rules(self) -> Option<&'static GameRules> {
        match self {
            Variant::Chess => Some(fide::chess()),
            Variant::Chess960 => Some(fide::chess960()),
            Variant::Gast => Some(gast::gast()),
            Variant::Gast14x12 => Some(gast::gast14()),
            Variant::Squirrel => Some(squirrel::squirrel()),
            Variant::Defined(d) => Some(d.0),
            _ => None,
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name's characters as names are compared: no spaces, hyphens or
/// underscores, lower case.
fn normalized(s: &str) -> impl Iterator<Item = char> + '_ {
    s.chars()
        .filter(|c| !matches!(c, ' ' | '-' | '_'))
        .flat_map(char::to_lowercase)
}

/// Whether `a` and `b` normalise to the same name.
fn same_name(a: &str, b: &str) -> bool {
    normalized(a).eq(normalized(b))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn n1_names_match_without_case_spaces_dashes_underscores() {
        assert_eq!(Variant::from_name("chess"), Some(Variant::Chess));
        assert_eq!(Variant::from_name("GAST 14x12"), Some(Variant::Gast14x12));
        assert_eq!(Variant::from_name("gast_14-x12"), Some(Variant::Gast14x12));
        assert_eq!(
            Variant::from_name("Hans38Neutral"),
            Some(Variant::Hans38Neutral)
        );
        assert_eq!(
            Variant::from_name("infinite-reserves"),
            Some(Variant::InfiniteReserves)
        );
        assert_eq!(
            Variant::from_name("Moving Squares"),
            Some(Variant::MovingSquares)
        );
        assert_eq!(Variant::from_name("pasgl 312"), Some(Variant::Pasgl312));
        assert_eq!(
            Variant::from_name("Squares Basic"),
            Some(Variant::SquaresBasic)
        );
        for v in Variant::ALL {
            assert_eq!(Variant::from_name(v.name()), Some(v), "{v}");
        }
    }

    #[test]
    fn archive_names_for_chess960_and_standard() {
        for n in [
            "Chess960",
            "Chess 960",
            "fischerandom",
            "Fischer Random",
            "chess-960",
        ] {
            assert_eq!(Variant::from_name(n), Some(Variant::Chess960), "{n}");
        }
        for n in ["Standard", "From Position", "Normal"] {
            assert_eq!(Variant::from_name(n), Some(Variant::Chess), "{n}");
        }
    }

    #[test]
    fn described_pieces_match_the_rules_tables() {
        for v in [Variant::Gast, Variant::Gast14x12, Variant::Squirrel] {
            let rules = v.rules().expect("implemented");
            let listed = v.pieces();
            assert_eq!(listed.len(), rules.pieces.len(), "{v}");
            for p in &rules.pieces {
                let (_, name, betza) = listed
                    .iter()
                    .find(|(l, _, _)| *l == p.letter as char)
                    .unwrap_or_else(|| panic!("{v}: {} missing", p.letter as char));
                assert_eq!(*name, p.name, "{v}");
                assert!(betza.starts_with(p.betza), "{v}: {betza} vs {}", p.betza);
            }
        }
    }

    #[test]
    fn gast_and_squirrel_are_implemented_and_the_reconstructions_provisional() {
        for v in [Variant::Gast, Variant::Gast14x12, Variant::Squirrel] {
            assert_eq!(v.status(), Status::Implemented, "{v}");
        }
        assert!(!Variant::Gast.is_provisional());
        assert!(Variant::Gast14x12.is_provisional() && Variant::Squirrel.is_provisional());
    }

    #[test]
    fn lichess_names_and_python_chess_aliases_find_the_seven_games() {
        let cases = [
            ("Atomic", Variant::Atomic),
            ("atomic chess", Variant::Atomic),
            ("Antichess", Variant::Antichess),
            ("Giveaway", Variant::Antichess),
            ("Crazyhouse", Variant::Crazyhouse),
            ("ZH", Variant::Crazyhouse),
            ("King of the Hill", Variant::KingOfTheHill),
            ("KOTH", Variant::KingOfTheHill),
            ("kingOfTheHill", Variant::KingOfTheHill),
            ("Three-check", Variant::ThreeCheck),
            ("3check", Variant::ThreeCheck),
            ("3-check", Variant::ThreeCheck),
            ("Horde", Variant::Horde),
            ("Racing Kings", Variant::RacingKings),
            ("Racingkings", Variant::RacingKings),
        ];
        for (n, v) in cases {
            assert_eq!(Variant::from_name(n), Some(v), "{n}");
            assert_eq!(v.status(), Status::Implemented, "{n}");
            assert_eq!(v.family(), Family::Lichess, "{n}");
        }
        // Suicide counts material at stalemate: not lichess's Antichess.
        assert_eq!(Variant::from_name("Suicide"), None);
    }
}
