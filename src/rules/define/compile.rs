//! From a section and its parents to a [`GameRules`]: the keys xpgn
//! carries, with Fairy-Stockfish's meanings and defaults, and the `xpgn...`
//! extension keys for what its format has no key for (docs/definitions.md).

use super::chain::{Located, builtin_names, builtin_sections, chain};
use super::ini::{Entry, Section};
use super::keys::{
    CHESS_FEN, NAMED_PIECES, Piece, UNCARRIED_PIECES, bitboard, file_value, letter_pairs,
    letters_in, merge, not_carried, opt_letters, piece_letters,
};
use super::{BUILTIN_FILE, DefineError, ErrorKind};
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

/// A game's sections, parents first, with their files.
pub(super) type Chain = Vec<(String, Section)>;

/// Compiles every section of one file, each with its chain of sections;
/// `others` are the games registered before (their chains, by normalized
/// name).
pub(super) fn compile_all(
    file: &str,
    sections: &[Section],
    others: &[(String, Chain)],
) -> Result<Vec<(Compiled, Chain)>, DefineError> {
    sections
        .iter()
        .map(|s| {
            let chain = chain(file, s, sections, others, builtin_sections())?;
            let owned = chain
                .iter()
                .map(|l| (l.file.to_string(), l.section.clone()))
                .collect();
            Ok((compile_chain(&chain, &[])?, owned))
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
    others: &[(String, Chain)],
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
    let chain = chain(file, s, sections, others, builtin_sections())?;
    compile_chain(&chain, extra)
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
        rules.fide_equivalent = super::fide_rules().iter().any(|f| rules.plays_as(f));
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

/// A placement row's non-empty cells: the file and the byte (a letter or
/// `*`), and the number of files it describes. Digits count empty squares
/// (several digits one number).
fn row_cells(row: &str) -> (Vec<(u32, u8)>, u32) {
    let mut out = Vec::new();
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
        out.push((file, b[j]));
        file = file.saturating_add(1);
        j += 1;
    }
    (out, file)
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
        let (cells, width) = row_cells(row);
        for (file, c) in cells {
            if c == b'*' {
                if let Some(sq) = u8::try_from(file).ok().and_then(|f| Square::new(f, rank)) {
                    holes.push(sq);
                }
            } else if !c.is_ascii_alphabetic() {
                return Err(format!("'{}' in the placement", c as char));
            }
        }
        if width != u32::from(files) {
            return Err(format!(
                "rank {} describes {width} files, the board has {files}",
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
    let row = fen
        .split_ascii_whitespace()
        .next()
        .and_then(|p| p.rsplit('/').next())
        .unwrap_or("");
    row_cells(row)
        .0
        .into_iter()
        .filter(|&(_, c)| c.is_ascii_uppercase())
        .filter_map(|(f, c)| u8::try_from(f).ok().map(|f| (f, c)))
        .collect()
}

/// The file of White's king on the first rank of the start FEN.
fn start_king_file(fen: &str, pieces: &[Piece]) -> Option<u8> {
    let king = pieces.iter().find(|p| p.royal)?.letter;
    first_rank(fen)
        .into_iter()
        .find(|&(_, c)| c == king)
        .map(|(f, _)| f)
}
