//! The keys a definition may use: Fairy-Stockfish's with their meanings,
//! xpgn's extensions, the ones refused; and how a section merged with its
//! parents is read (typed values, each error at its file and line).

use std::collections::HashMap;

use super::chain::Located;
use super::ini::Entry;
use super::{BUILTIN_FILE, DefineError, ErrorKind};
use crate::rules::core::{Geometry, Square, SquareSet};

/// Fairy-Stockfish's named pieces the core plays: key, Betza, value.
pub(super) const NAMED_PIECES: &[(&str, &str, u32)] = &[
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
pub(super) const UNCARRIED_PIECES: &[(&str, &str)] = &[
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
pub(super) const DISPLAY_KEYS: &[&str] = &[
    "variantTemplate",
    "pieceToCharTable",
    "pocketSize",
    "pieceValueMg",
    "pieceValueEg",
];

/// Every rule key of Fairy-Stockfish's variants.ini that xpgn does not
/// carry: a definition using one is refused with its name (never silently
/// ignored), so that the game is not played under other rules.
pub(super) const FAIRY_KEYS: &[&str] = &[
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
pub(super) const RULE_KEYS: &[&str] = &[
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

pub(super) const CHESS_FEN: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// A key's value and where it was written.
#[derive(Clone, Copy)]
pub(super) struct Value<'a> {
    pub(super) entry: &'a Entry,
    pub(super) file: &'a str,
    /// Written in a parent's section, not the game's own.
    pub(super) inherited: bool,
}

/// The merged keys of a chain: a child's key replaces its parent's.
pub(super) struct Keys<'a> {
    pub(super) map: HashMap<&'a str, Value<'a>>,
    /// Piece keys in the order they first appear, parents first.
    pub(super) pieces: Vec<&'a str>,
    /// Where the game's own section starts (for errors about the whole).
    pub(super) file: &'a str,
    pub(super) line: usize,
}

impl<'a> Keys<'a> {
    pub(super) fn get(&self, key: &str) -> Option<Value<'a>> {
        self.map.get(key).copied()
    }

    /// An error at `v`'s line, or at the game's own header when `v` is
    /// inherited from another file (a built-in parent): the user's file is
    /// where the fix goes.
    pub(super) fn err(&self, v: Option<Value<'_>>, kind: ErrorKind) -> DefineError {
        match v {
            Some(v) if v.file == self.file => DefineError::new(v.file, v.entry.line, kind),
            _ => DefineError::new(self.file, self.line, kind),
        }
    }

    pub(super) fn bad(&self, v: Value<'_>, why: impl Into<String>) -> DefineError {
        self.err(
            Some(v),
            ErrorKind::BadValue {
                key: v.entry.key.clone(),
                value: v.entry.value.clone(),
                why: why.into(),
            },
        )
    }

    pub(super) fn bool(&self, key: &str, default: bool) -> Result<bool, DefineError> {
        match self.get(key) {
            None => Ok(default),
            Some(v) => match v.entry.value.as_str() {
                "true" => Ok(true),
                "false" => Ok(false),
                _ => Err(self.bad(v, "expected true or false")),
            },
        }
    }

    pub(super) fn int(&self, key: &str, default: u32) -> Result<u32, DefineError> {
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

pub(super) fn is_piece_key(key: &str) -> bool {
    key == "king"
        || NAMED_PIECES.iter().any(|(k, _, _)| *k == key)
        || UNCARRIED_PIECES.iter().any(|(k, _)| *k == key)
        || key
            .strip_prefix("customPiece")
            .and_then(|n| n.parse::<u32>().ok())
            .is_some_and(|n| (1..=25).contains(&n))
}

pub(super) fn merge<'a>(
    chain: &[Located<'a>],
    extra: &'a [Entry],
) -> Result<Keys<'a>, DefineError> {
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
pub(super) fn file_value(k: &Keys<'_>, key: &str, default: u8) -> Result<u8, DefineError> {
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

pub(super) fn not_carried(k: &Keys<'_>, key: &str, why: &str) -> DefineError {
    k.err(
        k.get(key),
        ErrorKind::NotCarried {
            key: key.into(),
            why: why.into(),
        },
    )
}

/// The letters of a PieceSet key, if it is given.
pub(super) fn opt_letters(
    k: &Keys<'_>,
    key: &str,
    pieces: &[Piece],
) -> Result<Option<Vec<u8>>, DefineError> {
    match k.get(key) {
        None => Ok(None),
        Some(v) => piece_letters(k, v, pieces).map(Some),
    }
}

/// The letters of a PieceSet value (`nbrq`, `-` for none, `*` for all).
pub(super) fn piece_letters(
    k: &Keys<'_>,
    v: Value<'_>,
    pieces: &[Piece],
) -> Result<Vec<u8>, DefineError> {
    letters_in(k, v, &v.entry.value, pieces)
}

pub(super) fn letters_in(
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
pub(super) fn letter_pairs(
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
pub(super) fn bitboard(text: &str, geometry: &Geometry) -> Result<SquareSet, String> {
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

/// The piece table being built.
pub(super) struct Piece {
    pub(super) key: String,
    pub(super) letter: u8,
    pub(super) betza: String,
    pub(super) name: String,
    pub(super) value: u32,
    pub(super) royal: bool,
    pub(super) pawn: bool,
}
