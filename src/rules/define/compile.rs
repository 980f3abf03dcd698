//! From a section and its parents to a [`GameRules`]: the keys xpgn
//! carries, with Fairy-Stockfish's meanings and defaults, and the `xpgn...`
//! extension keys for what its format has no key for (docs/definitions.md).

use std::collections::HashMap;

use super::ini::{Entry, Section};
use super::{BUILTIN, BUILTIN_FILE, DefineError, ErrorKind};
use crate::rules::betza;
use crate::rules::core::{
    ByColor, CastlingFiles, CastlingRule, EndRules, EndValue, Extinction, Flag, GameRules,
    GastCastling, Geometry, GuardRule, PieceDecl, Square, SquareSet,
};
use crate::written::Grammar;

/// Names compare as RULINGS N1 says: case, spaces, `-` and `_` aside.
pub fn normalize_name(s: &str) -> String {
    s.chars()
        .filter(|c| !matches!(c, ' ' | '-' | '_'))
        .flat_map(char::to_lowercase)
        .collect()
}

/// Fairy-Stockfish's named pieces the core plays: key, Betza, value.
const NAMED_PIECES: &[(&str, &str, u32)] = &[
    ("pawn", "fmWfcF", 100),
    ("knight", "N", 300),
    ("bishop", "B", 300),
    ("rook", "R", 500),
    ("queen", "Q", 900),
    ("fers", "F", 150),
    ("alfil", "A", 100),
    ("fersAlfil", "FA", 250),
    ("silver", "FfW", 250),
    ("aiwok", "RNF", 1000),
    ("bers", "RF", 700),
    ("archbishop", "BN", 800),
    ("chancellor", "RN", 850),
    ("amazon", "QN", 1200),
    ("knibis", "mNcB", 300),
    ("biskni", "mBcN", 300),
    ("kniroo", "mNcR", 400),
    ("rookni", "mRcN", 400),
    ("shogiPawn", "fW", 100),
    ("lance", "fR", 250),
    ("shogiKnight", "fN", 200),
    ("gold", "WfF", 400),
    ("dragonHorse", "BW", 700),
    ("clobber", "cW", 100),
    ("breakthrough", "fmWfF", 100),
    ("soldier", "fsW", 150),
    ("horse", "nN", 300),
    ("elephant", "nA", 150),
    ("wazir", "W", 100),
    ("commoner", "K", 300),
    ("centaur", "KN", 600),
];

/// Fairy-Stockfish pieces whose moves the core cannot make, and why.
const UNCARRIED_PIECES: &[(&str, &str)] = &[
    ("cannon", "hoppers (Betza p) are not carried"),
    ("janggiCannon", "hoppers (Betza p) are not carried"),
    ("banner", "hoppers (Betza p) are not carried"),
    (
        "janggiElephant",
        "its lame path (one orthogonal, two diagonal steps) is not the core's",
    ),
    ("immobile", "a piece without moves is not carried"),
];

/// Keys with no effect on the rules (engine evaluation or GUI display):
/// read and left aside.
const DISPLAY_KEYS: &[&str] = &[
    "variantTemplate",
    "pieceToCharTable",
    "pocketSize",
    "pieceValueMg",
    "pieceValueEg",
];

/// Every rule key of Fairy-Stockfish's variants.ini that xpgn does not
/// carry: a definition using one is refused with its name (never silently
/// ignored), so that the game is not played under other rules.
const FAIRY_KEYS: &[&str] = &[
    "twoBoards",
    "promotionPawnTypes",
    "promotionPawnTypesWhite",
    "promotionPawnTypesBlack",
    "sittuyinPromotion",
    "promotionLimit",
    "promotedPieceType",
    "piecePromotionOnCapture",
    "mandatoryPiecePromotion",
    "pieceDemotion",
    "blastOnCapture",
    "blastImmuneTypes",
    "mutuallyImmuneTypes",
    "petrifyOnCaptureTypes",
    "petrifyBlastPieces",
    "enPassantRegionWhite",
    "enPassantRegionBlack",
    "enPassantTypesWhite",
    "enPassantTypesBlack",
    "castlingDroppedPiece",
    "oppositeCastling",
    "dropChecks",
    "mustCapture",
    "mustDrop",
    "mustDropType",
    "pieceDrops",
    "dropLoop",
    "capturesToHand",
    "firstRankPawnDrops",
    "promotionZonePawnDrops",
    "enclosingDrop",
    "enclosingDropStart",
    "dropRegionWhite",
    "dropRegionBlack",
    "sittuyinRookDrop",
    "dropOppositeColoredBishop",
    "dropPromoted",
    "dropNoDoubled",
    "dropNoDoubledCount",
    "immobilityIllegal",
    "gating",
    "wallingRule",
    "wallingRegionWhite",
    "wallingRegionBlack",
    "wallOrMove",
    "seirawanGating",
    "cambodianMoves",
    "diagonalLines",
    "pass",
    "passWhite",
    "passBlack",
    "passOnStalemate",
    "passOnStalemateWhite",
    "passOnStalemateBlack",
    "makpongRule",
    "flyingGeneral",
    "soldierPromotionRank",
    "flipEnclosedPieces",
    "nMoveRuleTypes",
    "nMoveRuleTypesWhite",
    "nMoveRuleTypesBlack",
    "nFoldValueAbsolute",
    "perpetualCheckIllegal",
    "moveRepetitionIllegal",
    "chasingRule",
    "stalematePieceCount",
    "shogiPawnDropMateIllegal",
    "shatarMateRule",
    "bikjangRule",
    "extinctionClaim",
    "extinctionPseudoRoyal",
    "dupleCheck",
    "extinctionOpponentPieceCount",
    "flagPieceWhite",
    "flagPieceBlack",
    "flagPieceCount",
    "flagPieceBlockedWin",
    "flagMove",
    "flagPieceSafe",
    "checkCounting",
    "connectN",
    "connectPieceTypes",
    "connectVertical",
    "connectHorizontal",
    "connectDiagonal",
    "connectRegion1White",
    "connectRegion2White",
    "connectRegion1Black",
    "connectRegion2Black",
    "connectNxN",
    "collinearN",
    "connectValue",
    "materialCounting",
    "adjudicateFullBoard",
    "countingRule",
    "castlingWins",
    "promotionRank",
    "doubleStepRank",
    "doubleStepRankMin",
    "castlingRookPiece",
];

/// The keys this compiler reads (besides the piece keys).
const RULE_KEYS: &[&str] = &[
    "maxRank",
    "maxFile",
    "chess960",
    "startFen",
    "pawnTypes",
    "promotionRegionWhite",
    "promotionRegionBlack",
    "promotionPieceTypes",
    "mandatoryPawnPromotion",
    "doubleStep",
    "doubleStepRegionWhite",
    "doubleStepRegionBlack",
    "tripleStepRegionWhite",
    "tripleStepRegionBlack",
    "enPassantRegion",
    "enPassantTypes",
    "castling",
    "castlingKingsideFile",
    "castlingQueensideFile",
    "castlingRank",
    "castlingKingFile",
    "castlingKingPiece",
    "castlingRookKingsideFile",
    "castlingRookQueensideFile",
    "castlingRookPieces",
    "checking",
    "stalemateValue",
    "checkmateValue",
    "nMoveRule",
    "nFoldRule",
    "nFoldValue",
    "extinctionValue",
    "extinctionPieceTypes",
    "extinctionPieceCount",
    "flagPiece",
    "flagRegion",
    "flagRegionWhite",
    "flagRegionBlack",
    "promotionPieceTypesWhite",
    "promotionPieceTypesBlack",
    // xpgn's extensions (docs/definitions.md)
    "xpgnPieceNames",
    "xpgnPieceValues",
    "xpgnPawnReach",
    "xpgnEnPassantSteps",
    "xpgnCastling",
    "xpgnCastlingArcherFiles",
    "xpgnCastlingBothArcherTwoTowardCentre",
    "xpgnGuard",
    "xpgnGuardLeapers",
    "xpgnGuardImmune",
    "xpgnPromotionStages",
    "xpgnLoneMinors",
    "xpgnFideMaterial",
];

const CHESS_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// A key's value and where it was written.
#[derive(Clone, Copy)]
struct Value<'a> {
    entry: &'a Entry,
    file: &'a str,
    /// Written in a parent's section, not the game's own.
    inherited: bool,
}

/// A section with the file it came from.
#[derive(Clone, Copy)]
struct Located<'a> {
    section: &'a Section,
    file: &'a str,
}

/// Compiles every section of one file; `others` are the games registered
/// before (their section chains, by normalized name).
pub(super) fn compile_all(
    file: &str,
    sections: &[Section],
    others: &[(String, Vec<(String, Section)>)],
) -> Result<Vec<Compiled>, DefineError> {
    let builtin = builtin_sections();
    sections
        .iter()
        .map(|s| {
            let chain = chain(file, s, sections, others, &builtin)?;
            compile_chain(&chain, &[])
        })
        .collect()
}

/// Compiles the section `name` of `sections`, with `extra` keys added last
/// (a built-in game's readings).
pub(super) fn compile_one(
    file: &str,
    sections: &[Section],
    name: &str,
    extra: &[(&str, &str)],
    others: &[(String, Vec<(String, Section)>)],
) -> Result<Compiled, DefineError> {
    let key = normalize_name(name);
    let s = sections
        .iter()
        .find(|s| normalize_name(&s.name) == key)
        .ok_or_else(|| {
            DefineError::new(
                file,
                0,
                ErrorKind::UnknownParent {
                    parent: name.to_string(),
                    builtins: builtin_names(),
                },
            )
        })?;
    let builtin = builtin_sections();
    let chain = chain(file, s, sections, others, &builtin)?;
    compile_chain(&chain, extra)
}

/// The sections a game is made of, with their files: parents first.
pub(super) fn chain_of(
    file: &str,
    section: &Section,
    sections: &[Section],
    others: &[(String, Vec<(String, Section)>)],
) -> Result<Vec<(String, Section)>, DefineError> {
    let builtin = builtin_sections();
    Ok(chain(file, section, sections, others, &builtin)?
        .into_iter()
        .map(|l| (l.file.to_string(), l.section.clone()))
        .collect())
}

fn builtin_sections() -> Vec<Section> {
    super::ini::parse(BUILTIN_FILE, BUILTIN).unwrap_or_default()
}

fn builtin_names() -> String {
    builtin_sections()
        .iter()
        .map(|s| s.name.as_str())
        .collect::<Vec<_>>()
        .join(", ")
}

/// The parent chain of `s`, root first; a parent is looked for in this
/// file, then among registered games, then among the built-ins.
fn chain<'a>(
    file: &'a str,
    s: &'a Section,
    sections: &'a [Section],
    others: &'a [(String, Vec<(String, Section)>)],
    builtin: &'a [Section],
) -> Result<Vec<Located<'a>>, DefineError> {
    let mut out = vec![Located { section: s, file }];
    let mut cur = Located { section: s, file };
    // Each step moves to another section of this file, or leaves it for
    // good: more steps than sections is a circle.
    for _ in 0..=sections.len() {
        let Some(parent) = cur.section.parent.as_deref() else {
            out.reverse();
            return Ok(out);
        };
        let key = normalize_name(parent);
        if cur.file == file {
            if let Some(p) = sections.iter().find(|x| normalize_name(&x.name) == key) {
                if out.iter().any(|l| std::ptr::eq(l.section, p)) {
                    let mut names: Vec<&str> =
                        out.iter().map(|l| l.section.name.as_str()).collect();
                    names.push(&p.name);
                    return Err(DefineError::new(
                        file,
                        s.line,
                        ErrorKind::ParentCycle {
                            name: s.name.clone(),
                            chain: names.join(" -> "),
                        },
                    ));
                }
                cur = Located { section: p, file };
                out.push(cur);
                continue;
            }
        }
        if let Some((_, list)) = others.iter().find(|(k, _)| *k == key) {
            // A registered game's chain, parents first: add it whole.
            for (f, sec) in list.iter().rev() {
                out.push(Located {
                    section: sec,
                    file: f.as_str(),
                });
            }
            out.reverse();
            return Ok(out);
        }
        if let Some(p) = builtin.iter().find(|x| normalize_name(&x.name) == key) {
            cur = Located {
                section: p,
                file: BUILTIN_FILE,
            };
            out.push(cur);
            continue;
        }
        return Err(DefineError::new(
            cur.file,
            cur.section.line,
            ErrorKind::UnknownParent {
                parent: parent.to_string(),
                builtins: builtin_names(),
            },
        ));
    }
    Err(DefineError::new(
        file,
        s.line,
        ErrorKind::ParentCycle {
            name: s.name.clone(),
            chain: out
                .iter()
                .map(|l| l.section.name.as_str())
                .collect::<Vec<_>>()
                .join(" -> "),
        },
    ))
}

/// The merged keys of a chain: a child's key replaces its parent's.
struct Keys<'a> {
    map: HashMap<&'a str, Value<'a>>,
    /// Piece keys in the order they first appear, parents first.
    pieces: Vec<&'a str>,
    /// Where the game's own section starts (for errors about the whole).
    file: &'a str,
    line: usize,
}

impl<'a> Keys<'a> {
    fn get(&self, key: &str) -> Option<Value<'a>> {
        self.map.get(key).copied()
    }

    /// An error at `v`'s line, or at the game's own header when `v` is
    /// inherited from another file (a built-in parent): the user's file is
    /// where the fix goes.
    fn err(&self, v: Option<Value<'_>>, kind: ErrorKind) -> DefineError {
        match v {
            Some(v) if v.file == self.file => DefineError::new(v.file, v.entry.line, kind),
            _ => DefineError::new(self.file, self.line, kind),
        }
    }

    fn bad(&self, v: Value<'_>, why: impl Into<String>) -> DefineError {
        self.err(
            Some(v),
            ErrorKind::BadValue {
                key: v.entry.key.clone(),
                value: v.entry.value.clone(),
                why: why.into(),
            },
        )
    }

    fn bool(&self, key: &str, default: bool) -> Result<bool, DefineError> {
        match self.get(key) {
            None => Ok(default),
            Some(v) => match v.entry.value.as_str() {
                "true" => Ok(true),
                "false" => Ok(false),
                _ => Err(self.bad(v, "expected true or false")),
            },
        }
    }

    fn int(&self, key: &str, default: u32) -> Result<u32, DefineError> {
        match self.get(key) {
            None => Ok(default),
            Some(v) => v
                .entry
                .value
                .parse()
                .map_err(|_| self.bad(v, "expected a whole number")),
        }
    }
}

fn is_piece_key(key: &str) -> bool {
    key == "king"
        || NAMED_PIECES.iter().any(|(k, _, _)| *k == key)
        || UNCARRIED_PIECES.iter().any(|(k, _)| *k == key)
        || key
            .strip_prefix("customPiece")
            .and_then(|n| n.parse::<u32>().ok())
            .is_some_and(|n| (1..=25).contains(&n))
}

fn merge<'a>(chain: &[Located<'a>], extra: &'a [Entry]) -> Result<Keys<'a>, DefineError> {
    let own = chain.last().copied();
    let mut keys = Keys {
        map: HashMap::new(),
        pieces: Vec::new(),
        file: own.map_or(BUILTIN_FILE, |l| l.file),
        line: own.map_or(0, |l| l.section.line),
    };
    let own_index = chain.len().saturating_sub(1);
    let all = chain
        .iter()
        .enumerate()
        .flat_map(|(i, l)| {
            l.section
                .entries
                .iter()
                .map(move |e| (e, l.file, i != own_index))
        })
        .chain(extra.iter().map(|e| (e, BUILTIN_FILE, false)));
    for (entry, file, inherited) in all {
        let v = Value {
            entry,
            file,
            inherited,
        };
        let key = entry.key.as_str();
        if is_piece_key(key) {
            keys.pieces.retain(|k| *k != key);
            if !entry.value.starts_with('-') {
                keys.pieces.push(key);
            }
        } else if DISPLAY_KEYS.contains(&key) || key.starts_with("mobilityRegion") {
            continue;
        } else if FAIRY_KEYS.contains(&key) {
            return Err(keys.err(
                Some(v),
                ErrorKind::NotCarried {
                    key: key.to_string(),
                    why: "xpgn has no such rule in its chess core (docs/definitions.md lists the keys it carries)".into(),
                },
            ));
        } else if !RULE_KEYS.contains(&key) {
            return Err(keys.err(
                Some(v),
                ErrorKind::UnknownKey {
                    key: key.to_string(),
                },
            ));
        }
        keys.map.insert(key, v);
    }
    Ok(keys)
}

/// Reads a File value: a number from 1 or a letter from `a`.
fn file_value(k: &Keys<'_>, key: &str, default: u8) -> Result<u8, DefineError> {
    let Some(v) = k.get(key) else {
        return Ok(default);
    };
    let s = v.entry.value.as_str();
    let n = match s.as_bytes() {
        [c] if c.is_ascii_lowercase() => u32::from(c - b'a'),
        _ => match s.parse::<u32>() {
            Ok(n) if n >= 1 => n - 1,
            _ => return Err(k.bad(v, "expected a file: a letter or a number from 1")),
        },
    };
    u8::try_from(n)
        .ok()
        .filter(|&n| n < 16)
        .ok_or_else(|| k.bad(v, "a file from a to p (1 to 16)"))
}

/// The piece table being built.
struct Piece {
    key: String,
    letter: u8,
    betza: String,
    name: String,
    value: u32,
    royal: bool,
    pawn: bool,
}

fn leak(s: String) -> &'static str {
    Box::leak(s.into_boxed_str())
}

fn compile_chain(chain: &[Located<'_>], extra: &[(&str, &str)]) -> Result<Compiled, DefineError> {
    let extra: Vec<Entry> = extra
        .iter()
        .map(|(k, v)| Entry {
            key: (*k).to_string(),
            value: (*v).to_string(),
            line: 0,
        })
        .collect();
    let k = merge(chain, &extra)?;
    let own = chain
        .last()
        .map(|l| l.section)
        .ok_or_else(|| DefineError::new(BUILTIN_FILE, 0, ErrorKind::EmptyName))?;

    // The board.
    let files = u32::from(file_value(&k, "maxFile", 7)?) + 1;
    let ranks = match k.get("maxRank") {
        None => 8,
        Some(v) => match v.entry.value.parse::<u32>() {
            Ok(n) => n,
            Err(_) => return Err(k.bad(v, "expected a number of ranks")),
        },
    };
    let file_key = k.get("maxFile").map(|v| v.entry.value.clone());
    if !(1..=16).contains(&files) || !(1..=16).contains(&ranks) || file_key.as_deref() == Some("0")
    {
        return Err(k.err(
            k.get("maxRank").or(k.get("maxFile")),
            ErrorKind::BoardSize { files, ranks },
        ));
    }
    let (files, ranks) = (files as u8, ranks as u8);
    let start_fen = k
        .get("startFen")
        .map_or(CHESS_FEN.to_string(), |v| v.entry.value.clone());
    let start_err = |why: String| k.err(k.get("startFen"), ErrorKind::BadStart { why });
    let holes = holes_of(&start_fen, files, ranks).map_err(start_err)?;
    let mut geometry = Geometry::rectangle(files, ranks);
    for h in holes {
        geometry = geometry.without(h);
    }

    // The pieces.
    let mut pieces: Vec<Piece> = Vec::new();
    for &key in &k.pieces {
        let Some(v) = k.get(key) else { continue };
        let value = v.entry.value.as_str();
        if let Some((_, why)) = UNCARRIED_PIECES.iter().find(|(p, _)| *p == key) {
            return Err(k.err(
                Some(v),
                ErrorKind::NotCarried {
                    key: key.to_string(),
                    why: (*why).to_string(),
                },
            ));
        }
        let letter = match value.as_bytes().first() {
            Some(c) if c.is_ascii_alphabetic() => c.to_ascii_uppercase(),
            _ => return Err(k.bad(v, "expected a piece letter (or - to remove the piece)")),
        };
        let custom = key.starts_with("customPiece");
        let (betza, default_value) = if custom || key == "king" {
            match value.get(1..) {
                None | Some("") if key == "king" => ("K".to_string(), 0),
                Some(rest) if rest.starts_with(':') && rest.len() > 1 => (
                    rest[1..].trim().to_string(),
                    if key == "king" { 0 } else { 300 },
                ),
                _ => return Err(k.bad(v, "expected letter:Betza, e.g. a:BN")),
            }
        } else {
            if value.len() > 1 {
                return Err(k.bad(
                    v,
                    "a named piece takes only its letter (use customPieceN = letter:Betza for other moves)",
                ));
            }
            let (_, b, val) = NAMED_PIECES
                .iter()
                .find(|(p, _, _)| *p == key)
                .copied()
                .unwrap_or(("", "", 0));
            (b.to_string(), val)
        };
        if let Some(other) = pieces.iter().find(|p| p.letter == letter) {
            return Err(k.err(
                Some(v),
                ErrorKind::DuplicateLetter {
                    letter: letter.to_ascii_lowercase() as char,
                    key: key.to_string(),
                    other: other.key.clone(),
                },
            ));
        }
        if let Err(e) = betza::parse(&betza) {
            return Err(k.err(
                Some(v),
                ErrorKind::BadBetza {
                    key: key.to_string(),
                    betza,
                    why: e.to_string(),
                },
            ));
        }
        pieces.push(Piece {
            key: key.to_string(),
            letter,
            name: default_name(key),
            betza,
            value: default_value,
            royal: key == "king",
            pawn: key == "pawn",
        });
    }
    if pieces.len() > crate::rules::core::MAX_ROLES {
        return Err(k.err(
            None,
            ErrorKind::TooManyPieces {
                count: pieces.len(),
            },
        ));
    }
    if let Some(pawns) = opt_letters(&k, "pawnTypes", &pieces)? {
        for p in &mut pieces {
            p.pawn = pawns.contains(&p.letter);
        }
    }
    if let Some(v) = k.get("enPassantTypes") {
        let set = piece_letters(&k, v, &pieces)?;
        if pieces.iter().any(|p| p.pawn != set.contains(&p.letter)) {
            return Err(k.err(
                Some(v),
                ErrorKind::NotCarried {
                    key: "enPassantTypes".into(),
                    why: "only the pawns take en passant".into(),
                },
            ));
        }
    }
    if let Some(v) = k.get("xpgnPieceNames") {
        for (l, name) in letter_pairs(&k, v, &pieces)? {
            if let Some(p) = pieces.iter_mut().find(|p| p.letter == l) {
                p.name = name;
            }
        }
    }
    if let Some(v) = k.get("xpgnPieceValues") {
        for (l, n) in letter_pairs(&k, v, &pieces)? {
            let n = n
                .parse()
                .map_err(|_| k.bad(v, "expected letter:centipawns"))?;
            if let Some(p) = pieces.iter_mut().find(|p| p.letter == l) {
                p.value = n;
            }
        }
    }

    // Pawn steps: the double step is an initial (`i`) move from its region.
    let double = k.bool("doubleStep", true)?;
    let region = |key: &str, default: &str| -> Result<SquareSet, DefineError> {
        match k.get(key) {
            None => Ok(bitboard(default, &geometry).unwrap_or(SquareSet::EMPTY)),
            Some(v) => bitboard(&v.entry.value, &geometry).map_err(|why| k.bad(v, why)),
        }
    };
    let initial_zone = if double {
        ByColor {
            white: region("doubleStepRegionWhite", "*2")?,
            black: region("doubleStepRegionBlack", "*7")?,
        }
    } else {
        ByColor::default()
    };
    for key in ["tripleStepRegionWhite", "tripleStepRegionBlack"] {
        if let Some(v) = k.get(key) {
            if !region(key, "-")?.is_empty() {
                return Err(k.err(
                    Some(v),
                    ErrorKind::NotCarried {
                        key: key.into(),
                        why: "triple steps are not carried".into(),
                    },
                ));
            }
        }
    }
    let has_double = double && (!initial_zone.white.is_empty() || !initial_zone.black.is_empty());
    for p in &mut pieces {
        if p.key == "pawn" && has_double {
            p.betza.push_str("ifmnD");
        }
    }
    // An empty en passant region (`enPassantRegion = -`) turns it off.
    let ep_everywhere = match k.get("enPassantRegion") {
        None => true,
        Some(v) => {
            bitboard(&v.entry.value, &geometry).map_err(|why| k.bad(v, why))? == geometry.cells()
        }
    };
    let mut ep_distances: u16 = if has_double && ep_everywhere {
        1 << 2
    } else {
        0
    };
    if let Some(v) = k.get("xpgnEnPassantSteps") {
        ep_distances = 0;
        for t in v.entry.value.split_whitespace() {
            match t.parse::<u16>() {
                Ok(n) if (2..16).contains(&n) => ep_distances |= 1 << n,
                _ => return Err(k.bad(v, "expected step lengths from 2 to 15")),
            }
        }
    }
    let mut pawn_reach = None;
    if let Some(v) = k.get("xpgnPawnReach") {
        let mut reach = [0u8; 16];
        let steps: Vec<u8> = v
            .entry
            .value
            .split_whitespace()
            .map(str::parse)
            .collect::<Result<_, _>>()
            .map_err(|_| k.bad(v, "expected numbers of squares"))?;
        let Some(&last) = steps.last() else {
            return Err(k.bad(v, "expected numbers of squares"));
        };
        for (i, r) in reach.iter_mut().enumerate().skip(1) {
            *r = steps.get(i - 1).copied().unwrap_or(last);
        }
        pawn_reach = Some(reach);
    }

    // Promotion.
    let promotion_zone = ByColor {
        white: region("promotionRegionWhite", "*8")?,
        black: region("promotionRegionBlack", "*1")?,
    };
    // The side-specific key wins over the common one, whichever comes
    // later (as Fairy-Stockfish reads them).
    let both = opt_letters(&k, "promotionPieceTypes", &pieces)?;
    let white_promo = opt_letters(&k, "promotionPieceTypesWhite", &pieces)?.or(both.clone());
    let black_promo = opt_letters(&k, "promotionPieceTypesBlack", &pieces)?.or(both);
    let promotion_letters = white_promo.clone().unwrap_or_default();
    if !k.bool("mandatoryPawnPromotion", true)? {
        return Err(not_carried(
            &k,
            "mandatoryPawnPromotion",
            "promotion is always mandatory",
        ));
    }

    // Castling.
    let castling_on = k.bool("castling", true)?;
    if k.int("castlingRank", 1)? != 1 {
        return Err(not_carried(
            &k,
            "castlingRank",
            "castling is on the back rank",
        ));
    }
    if let Some(v) = k.get("castlingKingPiece") {
        let l = piece_letters(&k, v, &pieces)?;
        if !pieces.iter().any(|p| p.royal && l == [p.letter]) {
            return Err(not_carried(&k, "castlingKingPiece", "the king castles"));
        }
    }
    let rook_letters = opt_letters(&k, "castlingRookPieces", &pieces)?.unwrap_or_else(|| {
        pieces
            .iter()
            .filter(|p| p.key == "rook")
            .map(|p| p.letter)
            .collect()
    });
    let start_king_file = start_king_file(&start_fen, &pieces);
    let king_file = file_value(&k, "castlingKingFile", start_king_file.unwrap_or(4))?;
    // The castling rooks' files default to the outermost castling rooks
    // of White's first rank in the start position, one on each side of the
    // king, as Fairy-Stockfish finds them for `KQkq`.
    let (start_low, start_high) = start_rook_files(&start_fen, &rook_letters, king_file);
    let rook_files = [
        file_value(&k, "castlingRookQueensideFile", start_low.unwrap_or(0))?,
        file_value(
            &k,
            "castlingRookKingsideFile",
            start_high.unwrap_or(files - 1),
        )?,
    ];
    let short_king = file_value(&k, "castlingKingsideFile", 6)?;
    let long_king = file_value(&k, "castlingQueensideFile", 2)?;
    let castling = if !castling_on || rook_letters.is_empty() {
        CastlingRule::None
    } else {
        match k.get("xpgnCastling").map(|v| (v, v.entry.value.as_str())) {
            None | Some((_, "standard")) => CastlingRule::Standard(CastlingFiles {
                short_king,
                short_rook: short_king.saturating_sub(1),
                long_king,
                long_rook: long_king + 1,
            }),
            Some((_, "gast")) => {
                let v = k.get("xpgnCastlingArcherFiles").ok_or_else(|| {
                    not_carried(&k, "xpgnCastling", "gast needs xpgnCastlingArcherFiles")
                })?;
                let fs: Vec<&str> = v.entry.value.split_whitespace().collect();
                let archer = |s: &str| match s.as_bytes() {
                    [c] if c.is_ascii_lowercase() && c - b'a' < files => Ok(c - b'a'),
                    _ => Err(k.bad(v, "expected two file letters")),
                };
                let [a, b] = fs[..] else {
                    return Err(k.bad(v, "expected two file letters"));
                };
                CastlingRule::Gast(GastCastling {
                    king: king_file,
                    archers: [archer(a)?, archer(b)?],
                    rooks: rook_files,
                    both_archer_two_toward_centre: k
                        .bool("xpgnCastlingBothArcherTwoTowardCentre", false)?,
                })
            }
            Some((v, _)) => return Err(k.bad(v, "expected standard or gast")),
        }
    };

    // Ends.
    if !k.bool("checking", true)? {
        return Err(not_carried(&k, "checking", "checks are always allowed"));
    }
    let value = |key: &str, default: EndValue| -> Result<EndValue, DefineError> {
        match k.get(key) {
            None => Ok(default),
            Some(v) => match v.entry.value.as_str() {
                "win" => Ok(EndValue::Win),
                "loss" => Ok(EndValue::Loss),
                "draw" => Ok(EndValue::Draw),
                _ => Err(k.bad(v, "expected win, loss or draw")),
            },
        }
    };
    let checkmate = value("checkmateValue", EndValue::Loss)?;
    let stalemate = value("stalemateValue", EndValue::Draw)?;
    if value("nFoldValue", EndValue::Draw)? != EndValue::Draw {
        return Err(not_carried(&k, "nFoldValue", "repetition is a draw"));
    }
    if k.int("nFoldRule", 3)? != 3 {
        return Err(not_carried(
            &k,
            "nFoldRule",
            "threefold repetition is the only one carried",
        ));
    }
    let n_move = k.int("nMoveRule", 50)?;
    let claim_halfmoves = n_move
        .checked_mul(2)
        .ok_or_else(|| not_carried(&k, "nMoveRule", "a number of moves"))?;
    let extinction = match k.get("extinctionValue") {
        None => None,
        Some(v) if v.entry.value == "none" => None,
        Some(_) => {
            let value = value("extinctionValue", EndValue::Loss)?;
            let roles = match k.get("extinctionPieceTypes") {
                None => {
                    return Err(not_carried(
                        &k,
                        "extinctionValue",
                        "extinctionPieceTypes is needed",
                    ));
                }
                Some(v) if v.entry.value.trim() == "*" => None,
                Some(v) => Some(piece_letters(&k, v, &pieces)?),
            };
            Some((value, roles, k.int("extinctionPieceCount", 0)?))
        }
    };
    let flag_region = ByColor {
        white: match k.get("flagRegionWhite") {
            Some(_) => region("flagRegionWhite", "-")?,
            None => region("flagRegion", "-")?,
        },
        black: match k.get("flagRegionBlack") {
            Some(_) => region("flagRegionBlack", "-")?,
            None => region("flagRegion", "-")?,
        },
    };
    let flag_letters = match k.get("flagPiece") {
        None => pieces.iter().map(|p| p.letter).collect(),
        Some(v) => piece_letters(&k, v, &pieces)?,
    };
    if let Some(v) = k.get("enPassantRegion") {
        let r = region("enPassantRegion", "-")?;
        if !r.is_empty() && r != geometry.cells() {
            return Err(k.err(
                Some(v),
                ErrorKind::NotCarried {
                    key: "enPassantRegion".into(),
                    why: "en passant is allowed on every square or (with -) nowhere".into(),
                },
            ));
        }
    }

    // The table, then the game.
    let decls: Vec<PieceDecl> = pieces
        .iter()
        .map(|p| PieceDecl {
            letter: p.letter,
            name: leak(p.name.clone()),
            betza: leak(p.betza.clone()),
            royal: p.royal,
            pawn: p.pawn,
            value: p.value,
        })
        .collect();
    let name = leak(own.name.clone());
    let mut rules = GameRules::build(
        name,
        geometry,
        &decls,
        &start_fen,
        promotion_zone,
        &promotion_letters,
        initial_zone,
        ep_distances,
        castling,
        k.bool("chess960", false)?,
    );
    rules.castling_king_file = king_file;
    rules.castling_rook_files = rook_files;
    rules.castling_rooks = rules.role_set(&rook_letters);
    if black_promo != white_promo {
        rules.black_promotion_roles = Some(rules.roles_of(&black_promo.unwrap_or_default()));
    }
    rules.ends = EndRules {
        checkmate,
        stalemate,
        extinction: extinction.map(|(value, roles, count)| Extinction {
            value,
            roles: roles.map(|l| rules.role_set(&l)),
            count,
        }),
        flag: (!flag_region.white.is_empty() || !flag_region.black.is_empty()).then(|| Flag {
            roles: rules.role_set(&flag_letters),
            region: flag_region,
        }),
        claim_halfmoves,
    };
    rules.pawn_reach = pawn_reach;
    rules.fide_material = k.bool("xpgnFideMaterial", false)?;
    if let Some(l) = opt_letters(&k, "xpgnLoneMinors", &pieces)? {
        rules.lone_minors = rules.role_set(&l);
    }
    if let Some(v) = k.get("xpgnGuard") {
        let guards = piece_letters(&k, v, &pieces)?;
        let leapers = opt_letters(&k, "xpgnGuardLeapers", &pieces)?.unwrap_or_default();
        let immune = opt_letters(&k, "xpgnGuardImmune", &pieces)?.unwrap_or_default();
        rules.guard = Some(GuardRule {
            guards: rules.role_set(&guards),
            leapers: rules.role_set(&leapers),
            immune: rules.role_set(&immune),
        });
    }
    if let Some(v) = k.get("xpgnPromotionStages") {
        let mut stages = Vec::new();
        for part in v.entry.value.split(',') {
            let set = letters_in(&k, v, part, &pieces)?;
            stages.push(rules.roles_of(&set));
        }
        rules.promotion_stages = stages;
    }
    let grammar_pieces: Vec<u8> = pieces.iter().map(|p| p.letter).collect();
    let file_letters: Vec<u8> = (0..files).map(|f| b'a' + f).collect();
    rules.grammar = Some(
        Grammar::new(&file_letters, ranks, &grammar_pieces)
            .map_err(|e| k.err(None, ErrorKind::BadStart { why: e.to_string() }))?,
    );
    // Chess under another name runs on the bitboards, as Chess does. Not
    // for the built-ins themselves (Chess is compiled from its definition
    // before it exists).
    if k.file != BUILTIN_FILE {
        rules.fide_equivalent = rules.plays_as(crate::rules::fide::chess())
            || rules.plays_as(crate::rules::fide::chess960());
    }
    rules.source = Some(
        chain
            .iter()
            .map(|l| l.section.text.as_str())
            .collect::<Vec<_>>()
            .join("\n"),
    );
    let at = match k.get("startFen") {
        Some(v) if v.file == k.file => (v.file.to_string(), v.entry.line),
        _ => (k.file.to_string(), k.line),
    };
    Ok(Compiled {
        rules,
        start_at: at,
    })
}

/// A compiled game, and where its start position is written: the start
/// position is read as a position of the game once the game is `'static`
/// ([`Compiled::finish`]).
pub(super) struct Compiled {
    pub(super) rules: GameRules,
    start_at: (String, usize),
}

impl Compiled {
    /// Leaks the rules for the rest of the process and reads the start
    /// position with them.
    ///
    /// # Errors
    /// The start position is not a position of the game (a side without
    /// its king, a pawn on its last rank, the side not to move in check).
    pub(super) fn finish(self) -> Result<&'static GameRules, DefineError> {
        let rules: &'static GameRules = Box::leak(Box::new(self.rules));
        match crate::rules::core::Position::from_fen(rules, &rules.start_fen) {
            Ok(_) => Ok(rules),
            Err(e) => Err(DefineError::new(
                &self.start_at.0,
                self.start_at.1,
                ErrorKind::BadStart { why: e.to_string() },
            )),
        }
    }
}

fn not_carried(k: &Keys<'_>, key: &str, why: &str) -> DefineError {
    k.err(
        k.get(key),
        ErrorKind::NotCarried {
            key: key.into(),
            why: why.into(),
        },
    )
}

/// `fersAlfil` -> `fers alfil`, `customPiece3` -> `custom piece 3`.
fn default_name(key: &str) -> String {
    let mut out = String::new();
    for c in key.chars() {
        if c.is_ascii_uppercase() {
            out.push(' ');
            out.push(c.to_ascii_lowercase());
        } else if c.is_ascii_digit() && !out.ends_with(|d: char| d.is_ascii_digit()) {
            out.push(' ');
            out.push(c);
        } else {
            out.push(c);
        }
    }
    out
}

/// The letters of a PieceSet key, if it is given.
fn opt_letters(k: &Keys<'_>, key: &str, pieces: &[Piece]) -> Result<Option<Vec<u8>>, DefineError> {
    match k.get(key) {
        None => Ok(None),
        Some(v) => piece_letters(k, v, pieces).map(Some),
    }
}

/// The letters of a PieceSet value (`nbrq`, `-` for none, `*` for all).
fn piece_letters(k: &Keys<'_>, v: Value<'_>, pieces: &[Piece]) -> Result<Vec<u8>, DefineError> {
    letters_in(k, v, &v.entry.value, pieces)
}

fn letters_in(
    k: &Keys<'_>,
    v: Value<'_>,
    text: &str,
    pieces: &[Piece],
) -> Result<Vec<u8>, DefineError> {
    let text = text.trim();
    if text == "-" {
        return Ok(Vec::new());
    }
    if text == "*" {
        return Ok(pieces.iter().map(|p| p.letter).collect());
    }
    let mut out = Vec::new();
    for c in text.bytes().filter(|c| !c.is_ascii_whitespace()) {
        let up = c.to_ascii_uppercase();
        // A parent's list names pieces the child may have removed
        // (Fairy-Stockfish drops a removed piece from its parent's lists).
        if v.inherited && !pieces.iter().any(|p| p.letter == up) {
            continue;
        }
        if !pieces.iter().any(|p| p.letter == up) {
            return Err(k.err(
                Some(v),
                ErrorKind::UnknownPiece {
                    key: v.entry.key.clone(),
                    letter: c as char,
                },
            ));
        }
        if !out.contains(&up) {
            out.push(up);
        }
    }
    Ok(out)
}

/// `a:archer g:guard` pairs.
fn letter_pairs(
    k: &Keys<'_>,
    v: Value<'_>,
    pieces: &[Piece],
) -> Result<Vec<(u8, String)>, DefineError> {
    let mut out = Vec::new();
    for t in v.entry.value.split_whitespace() {
        let Some((l, rest)) = t.split_once(':') else {
            return Err(k.bad(v, "expected letter:value pairs"));
        };
        let set = letters_in(k, v, l, pieces)?;
        let [l] = set[..] else {
            return Err(k.bad(v, "expected one letter before each ':'"));
        };
        out.push((l, rest.replace('_', " ")));
    }
    Ok(out)
}

/// A Bitboard value: `*N` (a rank), `a*` (a file), `e4` (a square), `-`.
/// Squares off the board are left out, as Fairy-Stockfish's default `*8`
/// on a smaller board names no square.
fn bitboard(text: &str, geometry: &Geometry) -> Result<SquareSet, String> {
    let mut set = SquareSet::EMPTY;
    let bad = || format!("'{text}' is not a list of squares (*N, a*, e4 or -)");
    for t in text.split_whitespace() {
        if t == "-" {
            continue;
        }
        let b = t.as_bytes();
        if let Some(r) = t.strip_prefix('*') {
            let r: u8 = r.parse().map_err(|_| bad())?;
            if !(1..=16).contains(&r) {
                return Err(bad());
            }
            for f in 0..16 {
                if let Some(sq) = Square::new(f, r - 1) {
                    set.insert(sq);
                }
            }
        } else if b.len() == 2 && b[1] == b'*' && b[0].is_ascii_lowercase() && b[0] - b'a' < 16 {
            for r in 0..16 {
                if let Some(sq) = Square::new(b[0] - b'a', r) {
                    set.insert(sq);
                }
            }
        } else if b.len() >= 2 && b[0].is_ascii_lowercase() && b[0] - b'a' < 16 {
            let r: u8 = t[1..].parse().map_err(|_| bad())?;
            if !(1..=16).contains(&r) {
                return Err(bad());
            }
            let sq = Square::new(b[0] - b'a', r - 1).ok_or_else(bad)?;
            set.insert(sq);
        } else {
            return Err(bad());
        }
    }
    Ok(set.intersection(geometry.cells()))
}

/// The holes (`*`) of a start FEN's placement, checking its shape.
fn holes_of(fen: &str, files: u8, ranks: u8) -> Result<Vec<Square>, String> {
    let placement = fen.split_ascii_whitespace().next().unwrap_or("");
    let rows: Vec<&str> = placement.split('/').collect();
    if rows.len() != usize::from(ranks) {
        return Err(format!(
            "{} ranks in the placement, the board has {ranks}",
            rows.len()
        ));
    }
    let mut holes = Vec::new();
    for (i, row) in rows.iter().enumerate() {
        let rank = ranks - 1 - i as u8;
        let mut file: u32 = 0;
        let b = row.as_bytes();
        let mut j = 0;
        while j < b.len() {
            if b[j].is_ascii_digit() {
                let mut n: u32 = 0;
                while j < b.len() && b[j].is_ascii_digit() {
                    n = n.saturating_mul(10).saturating_add(u32::from(b[j] - b'0'));
                    j += 1;
                }
                file = file.saturating_add(n);
                continue;
            }
            if b[j] == b'*' {
                if let Some(sq) = u8::try_from(file).ok().and_then(|f| Square::new(f, rank)) {
                    holes.push(sq);
                }
            } else if !b[j].is_ascii_alphabetic() {
                return Err(format!("'{}' in the placement", b[j] as char));
            }
            file += 1;
            j += 1;
        }
        if file != u32::from(files) {
            return Err(format!(
                "rank {} describes {file} files, the board has {files}",
                rank + 1
            ));
        }
    }
    Ok(holes)
}

/// The outermost pieces with one of `letters` on White's first rank of
/// the start FEN left and right of `king_file`.
fn start_rook_files(fen: &str, letters: &[u8], king_file: u8) -> (Option<u8>, Option<u8>) {
    let mut low = None;
    let mut high = None;
    for (file, c) in first_rank(fen) {
        if letters.contains(&c) {
            if file < king_file && low.is_none() {
                low = Some(file);
            } else if file > king_file {
                high = Some(file);
            }
        }
    }
    (low, high)
}

/// The files and letters of White's first rank in a FEN (holes and empty
/// squares left out).
fn first_rank(fen: &str) -> Vec<(u8, u8)> {
    let mut out = Vec::new();
    let Some(row) = fen
        .split_ascii_whitespace()
        .next()
        .and_then(|p| p.rsplit('/').next())
    else {
        return out;
    };
    let mut file: u32 = 0;
    let b = row.as_bytes();
    let mut j = 0;
    while j < b.len() {
        if b[j].is_ascii_digit() {
            let mut n = 0u32;
            while j < b.len() && b[j].is_ascii_digit() {
                n = n.saturating_mul(10).saturating_add(u32::from(b[j] - b'0'));
                j += 1;
            }
            file = file.saturating_add(n);
            continue;
        }
        if b[j].is_ascii_uppercase() {
            if let Ok(f) = u8::try_from(file) {
                out.push((f, b[j]));
            }
        }
        file += 1;
        j += 1;
    }
    out
}

/// The file of White's king on the first rank of the start FEN.
fn start_king_file(fen: &str, pieces: &[Piece]) -> Option<u8> {
    let king = pieces.iter().find(|p| p.royal)?.letter;
    first_rank(fen)
        .into_iter()
        .find(|&(_, c)| c == king)
        .map(|(f, _)| f)
}
