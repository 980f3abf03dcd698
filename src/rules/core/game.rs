//! A game's fixed definition: board, pieces, start position and special rules.
//!
//! A [`GameRules`] is built once per game (families hold them in statics) and
//! every [`Position`](super::Position) refers to it. Betza strings are
//! compiled here, so the hot path only reads tables.

use super::color::{ByColor, Color};
use super::game_build::{build_rays, reaches_same};
use super::geometry::Geometry;
use super::piece::{MAX_ROLES, Role, RoleSet};
use super::square::{Square, SquareSet};
use super::tables::{OffsetSet, Tables, ep_from_next_cell, role_by_letter, walk_index};
use crate::rules::betza::{self, Vector};

/// One kind of piece in a game.
#[derive(Clone, Debug)]
pub struct PieceType {
    /// Upper-case letter used in FEN and SAN (`N`, `A`, `G`, ...).
    pub letter: u8,
    /// English name.
    pub name: &'static str,
    /// Its moves in Betza's notation, as shown by `xpgn variants`.
    pub betza: &'static str,
    /// Compiled vectors for each side (Black's are mirrored).
    pub vectors: ByColor<Vec<Vector>>,
    /// Whether losing it loses the game (the king).
    pub royal: bool,
    /// Whether it is a pawn: written without letter, promotes, resets the
    /// fifty-move count, may be taken en passant.
    pub pawn: bool,
    /// Material value in centipawns, for timelines and dead-position tests.
    pub value: u32,
    /// Whether two of its vectors can reach one square (Gast's guard: the
    /// alfil leap and the bishop's slide), so generated moves need
    /// deduplicating.
    pub overlapping: bool,
}

/// Files the king and rook land on when castling, FIDE style.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CastlingFiles {
    /// King's file after castling short (towards the higher files).
    pub short_king: u8,
    /// Rook's file after castling short.
    pub short_rook: u8,
    /// King's file after castling long.
    pub long_king: u8,
    /// Rook's file after castling long.
    pub long_rook: u8,
}

/// Gast's staged castling (seed 001, RULINGS 2.3 and G15): the back-rank
/// files of the king, the archers and the rooks at the start. Every landing
/// square follows from the king's file: the archer lands one square from
/// the king's start toward it, the king two (after archer castling) or four
/// squares, the rook three.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GastCastling {
    /// The king's start file.
    pub king: u8,
    /// The archers' start files: `[long side, short side]`.
    pub archers: [u8; 2],
    /// The rooks' start files: `[long side, short side]`.
    pub rooks: [u8; 2],
    /// Where the archer lands when castling with both at once (G10): next
    /// to the king's start square (the ruling: the result of archer then
    /// rook castling), or two squares from its own toward the centre
    /// (option a: on 12x12 the king side's archer then lands on g1; the
    /// queen side's lands on f1 either way).
    pub both_archer_two_toward_centre: bool,
}

/// How castling works in a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CastlingRule {
    /// No castling.
    None,
    /// FIDE castling: king and an unmoved rook on the back rank, landing files fixed.
    Standard(CastlingFiles),
    /// Gast's four forms on each side: with the archer, then with the rook;
    /// directly with the rook; with both at once.
    Gast(GastCastling),
}

/// Squirrel's guard (seed 004, RULINGS S3–S8, S12): the roles it concerns.
/// The zone is the eight squares around each guard and brakes only enemy
/// pieces.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GuardRule {
    /// The guard roles (their squares make the zones).
    pub guards: RoleSet,
    /// Leapers: frozen inside an enemy zone, never capture a guard (S3, S4, S12).
    pub leapers: RoleSet,
    /// Roles the zone does not brake (king and guard, S3); every other role
    /// is a slider or stepper: one step inside a zone, and a slide stops on
    /// the first zone square it enters (S4).
    pub immune: RoleSet,
}

/// A result for the side a rule applies to (Fairy-Stockfish's values:
/// the mated, stalemated or extinct side wins, loses or draws).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EndValue {
    /// That side wins.
    Win,
    /// That side loses.
    Loss,
    /// A draw.
    Draw,
}

/// A side loses (or wins) when a kind of its pieces is down to a count
/// (Fairy-Stockfish's extinction rule).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Extinction {
    /// The result for the extinct side.
    pub value: EndValue,
    /// The kinds counted, each on its own; `None`: all pieces together.
    pub roles: Option<RoleSet>,
    /// Extinct at this many or fewer.
    pub count: u32,
}

/// A side wins when one of its flag pieces stands in its flag region
/// (Fairy-Stockfish's capture-the-flag rule).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Flag {
    /// The flag pieces.
    pub roles: RoleSet,
    /// Each side's target region.
    pub region: ByColor<SquareSet>,
}

/// How a game ends: chess's ways by default; a definition may change the
/// value of mate and stalemate and add extinction and flag wins.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EndRules {
    /// For the mated side.
    pub checkmate: EndValue,
    /// For the stalemated side.
    pub stalemate: EndValue,
    /// The extinction rule, if any.
    pub extinction: Option<Extinction>,
    /// The flag rule, if any.
    pub flag: Option<Flag>,
    /// Half-moves without capture or pawn move after which a draw may be
    /// claimed (0: never): 100 in chess (the fifty-move rule).
    pub claim_halfmoves: u32,
}

impl Default for EndRules {
    fn default() -> EndRules {
        EndRules {
            checkmate: EndValue::Loss,
            stalemate: EndValue::Draw,
            extinction: None,
            flag: None,
            claim_halfmoves: 100,
        }
    }
}

impl EndRules {
    /// Whether a game ends only as chess does (mate loses, stalemate
    /// draws, no extinction or flag): the verifier's fast path.
    pub fn is_chess(&self) -> bool {
        self.checkmate == EndValue::Loss
            && self.stalemate == EndValue::Draw
            && self.extinction.is_none()
            && self.flag.is_none()
    }
}

/// A game's fixed definition.
#[derive(Clone, Debug)]
pub struct GameRules {
    /// Canonical name (RULINGS N1).
    pub name: &'static str,
    /// The board.
    pub geometry: Geometry,
    /// The piece table; a [`Role`] indexes it.
    pub pieces: Vec<PieceType>,
    /// The start position in this game's FEN-like notation.
    pub start_fen: String,
    /// Where each side's pawns promote.
    pub promotion_zone: ByColor<SquareSet>,
    /// What a pawn may promote to.
    pub promotion_roles: Vec<Role>,
    /// Where a piece may make its initial-only (`i`) moves: its start squares.
    pub initial_zone: ByColor<SquareSet>,
    /// Bit `n` set: a straight pawn move of `n` squares allows en passant.
    pub ep_distances: u16,
    /// Castling.
    pub castling: CastlingRule,
    /// Whether castling rooks may start anywhere on the back rank (Chess960).
    pub chess960: bool,
    /// Squirrel's guard zones; `None` in games without a guard.
    pub guard: Option<GuardRule>,
    /// How far a pawn's straight move may go, by ranks advanced from its own
    /// back rank (index 1 = the pawns' start rank); 0 = the Betza range.
    /// Gast: 4 from the start rank, 3 from the next (G3), then 2.
    pub pawn_reach: Option<[u8; 16]>,
    /// Promotion choices by how many promotions the player has made (the
    /// last entry holds for every later one); empty means
    /// [`promotion_roles`](Self::promotion_roles) always (Squirrel S11).
    pub promotion_stages: Vec<Vec<Role>>,
    /// Whether dead positions are judged by python-chess's FIDE rules; other
    /// games only by [`lone_minors`](Self::lone_minors).
    pub fide_material: bool,
    /// Roles that with their king alone can never mate a bare king (outside
    /// FIDE: only such positions are dead).
    pub lone_minors: RoleSet,
    /// Whether a pawn may step back (Squirrel, S9): its moves are then not
    /// irreversible, and positions repeat across them.
    pub pawns_step_back: bool,
    pub(crate) royal_roles: RoleSet,
    pub(crate) pawn_roles: RoleSet,
    /// Every en-passant capture is a step to a neighbouring cell (each
    /// pawn's capture-only vectors are one king step): a pawn that may take
    /// en passant then stands next to the passed cell.
    pub(crate) ep_from_next_cell: bool,
    /// Attack rays per attacking colour.
    pub(crate) rays: ByColor<Vec<AttackRay>>,
    /// The rays of `rays` that attack from afar (riders and limited
    /// ranges, not lame): the only ones a pin or a discovered check runs
    /// along.
    pub(crate) far_rays: ByColor<Vec<AttackRay>>,
    /// The king-step neighbourhood of every grid cell, within the board:
    /// a guard's zone (Squirrel S3) by table.
    pub(crate) king_area: Vec<SquareSet>,
    /// The directions that an attack from afar is walked back along:
    /// those of [`Tables::walks`], the cells met walking
    /// from each cell (a ray's first piece is then one bit scan instead of
    /// a step per cell).
    pub(crate) walk_dirs: Vec<(i8, i8)>,
    /// Per colour and role, where its captures reach from its cell on an
    /// empty board (see [`OffsetSet`]).
    pub(crate) capture_offsets: ByColor<Vec<OffsetSet>>,
    /// Per colour and role, where its moves of any kind may reach from its
    /// cell on an empty board ([`OffsetSet::moves`]): the mate test passes
    /// over a piece that reaches none of the check's lines.
    pub(crate) move_offsets: ByColor<Vec<OffsetSet>>,
    /// The walks, the leap attacks and the far lines, built on first use
    /// ([`tables`](Self::tables)).
    pub(crate) tables: std::sync::OnceLock<Tables>,
    /// No attack is by a lame leaper (see [`simple_pins`](Self::simple_pins)).
    pub(crate) no_lame_attacks: bool,
    /// The start position, parsed from `start_fen` once on first use:
    /// every game of an archive starts from it.
    pub(crate) start: std::sync::OnceLock<super::Position>,
    /// The king's start file, where a castling right needs it (outside
    /// Chess960).
    pub castling_king_file: u8,
    /// The castling rooks' start files outside Chess960: `[long side,
    /// short side]`.
    pub castling_rook_files: [u8; 2],
    /// The pieces that castle with the king (the rook).
    pub castling_rooks: RoleSet,
    /// The role of each letter `A`..`Z` (the first piece with it), plus
    /// one; 0 for none: [`role_of_letter`](Self::role_of_letter) by table,
    /// as the verifier asks it for every written move.
    pub(crate) role_by_letter: [u8; 26],
    /// How the game ends.
    pub ends: EndRules,
    /// Whether this game, from a definition, has exactly the rules of FIDE
    /// chess or Chess960 ([`plays_as`](Self::plays_as)): it then runs on
    /// the 8x8 bitboards as they do.
    pub fide_equivalent: bool,
    /// Whether each side promotes to its own pieces: White's are
    /// [`promotion_roles`](Self::promotion_roles), Black's these.
    pub black_promotion_roles: Option<Vec<Role>>,
    /// The move grammar of a game from a definition (built-in families
    /// have their own).
    pub grammar: Option<crate::written::Grammar>,
    /// The definition this game was compiled from (its section and those
    /// it inherits from), for `xpgn variants --show`.
    pub source: Option<String>,
}

/// All capture vectors of one side that share a direction, for attack tests.
#[derive(Clone, Debug)]
pub(crate) struct AttackRay {
    pub df: i8,
    pub dr: i8,
    /// Roles that attack along this direction at distance 1 only.
    pub leapers: RoleSet,
    /// Roles that attack along this direction without limit.
    pub riders: RoleSet,
    /// Roles with a limited range: (roles, range).
    pub limited: Vec<(RoleSet, u8)>,
    /// Whether every cell before the first step must be empty (lame leapers).
    pub lame: bool,
    /// How far an attack along this ray can come from: unlimited with a
    /// rider, else the longest limited range, else one step.
    pub reach: u8,
    /// With a reach over one step and not lame: the index in
    /// [`Tables::walks`] of the walk from the attacked cell back toward
    /// the attackers (`-df`, `-dr`); `u8::MAX` otherwise.
    pub walk: u8,
}

/// A piece as a game definition lists it, before compilation.
#[derive(Clone, Copy, Debug)]
pub struct PieceDecl {
    /// Letter.
    pub letter: u8,
    /// Name.
    pub name: &'static str,
    /// Betza string.
    pub betza: &'static str,
    /// Royal (king).
    pub royal: bool,
    /// Pawn.
    pub pawn: bool,
    /// Value in centipawns.
    pub value: u32,
}

impl PieceDecl {
    /// A piece of a game's table; `K` is the royal piece and `P` the pawn,
    /// as in every game of the core.
    pub const fn new(letter: u8, name: &'static str, betza: &'static str, value: u32) -> PieceDecl {
        PieceDecl {
            letter,
            name,
            betza,
            royal: letter == b'K',
            pawn: letter == b'P',
            value,
        }
    }
}

impl GameRules {
    /// Builds a game from its pieces, compiling every Betza string.
    ///
    /// # Panics
    /// If a built-in Betza string is malformed or there are too many pieces:
    /// both are bugs caught by the unit test that builds every game.
    #[allow(clippy::too_many_arguments)]
    pub fn build(
        name: &'static str,
        geometry: Geometry,
        decls: &[PieceDecl],
        start_fen: &str,
        promotion_zone: ByColor<SquareSet>,
        promotion_letters: &[u8],
        initial_zone: ByColor<SquareSet>,
        ep_distances: u16,
        castling: CastlingRule,
        chess960: bool,
    ) -> GameRules {
        assert!(
            decls.len() <= MAX_ROLES,
            "invariant: at most 16 piece kinds"
        );
        let mut pieces = Vec::with_capacity(decls.len());
        let mut royal_roles = RoleSet::default();
        let mut pawn_roles = RoleSet::default();
        for (i, d) in decls.iter().enumerate() {
            let spec = betza::parse(d.betza).expect("invariant: built-in Betza strings are valid");
            let white = spec.vectors.clone();
            let black = spec.vectors.iter().map(|v| v.mirrored()).collect();
            let role = Role::new(i as u8).expect("invariant: at most 16 piece kinds");
            if d.royal {
                royal_roles.insert(role);
            }
            if d.pawn {
                pawn_roles.insert(role);
            }
            let overlapping = white
                .iter()
                .enumerate()
                .any(|(i, a)| white[i + 1..].iter().any(|b| reaches_same(a, b)));
            pieces.push(PieceType {
                overlapping,
                letter: d.letter,
                name: d.name,
                betza: d.betza,
                vectors: ByColor { white, black },
                royal: d.royal,
                pawn: d.pawn,
                value: d.value,
            });
        }
        let promotion_roles = promotion_letters
            .iter()
            .map(|&l| {
                let i = decls
                    .iter()
                    .position(|d| d.letter == l)
                    .expect("invariant: promotion letters name pieces of the game");
                Role::new(i as u8).expect("invariant: at most 16 piece kinds")
            })
            .collect();
        let mut rays = ByColor::new_with(|c| build_rays(&pieces, c));
        let mut walk_dirs = Vec::new();
        for c in Color::ALL {
            for ray in &mut rays[c] {
                if ray.reach > 1 && !ray.lame {
                    ray.walk = walk_index(&mut walk_dirs, -ray.df, -ray.dr);
                }
            }
        }
        let capture_offsets = ByColor::new_with(|c| {
            pieces
                .iter()
                .map(|p| OffsetSet::captures(&p.vectors[c]))
                .collect()
        });
        let move_offsets = ByColor::new_with(|c| {
            pieces
                .iter()
                .map(|p| OffsetSet::moves(&p.vectors[c]))
                .collect()
        });
        let far_rays: ByColor<Vec<AttackRay>> = ByColor::new_with(|c| {
            rays[c]
                .iter()
                .filter(|r| !r.lame && (!r.riders.is_empty() || !r.limited.is_empty()))
                .cloned()
                .collect()
        });
        let king_area = (0..=255u8)
            .map(|i| {
                let sq = Square::from_index(i);
                crate::rules::core::position::KING_STEPS
                    .iter()
                    .filter_map(|&(df, dr)| geometry.offset(sq, df, dr))
                    .collect()
            })
            .collect();
        let no_lame_attacks = Color::ALL.iter().all(|&c| rays[c].iter().all(|r| !r.lame));
        let pawns_step_back = pieces
            .iter()
            .any(|p| p.pawn && p.vectors.white.iter().any(|v| v.dr < 0));
        let geometry_files = geometry.files();
        let mut castling_rooks = RoleSet::default();
        if let Some(i) = decls.iter().position(|d| d.letter == b'R') {
            castling_rooks.insert(Role::new(i as u8).expect("invariant: at most 16 piece kinds"));
        }
        let ep_from_next_cell = ep_from_next_cell(&pieces);
        let role_by_letter = role_by_letter(&pieces);
        GameRules {
            role_by_letter,
            name,
            geometry,
            pieces,
            start_fen: start_fen.to_string(),
            promotion_zone,
            promotion_roles,
            initial_zone,
            ep_distances,
            castling,
            chess960,
            guard: None,
            pawn_reach: None,
            promotion_stages: Vec::new(),
            fide_material: true,
            lone_minors: RoleSet::default(),
            pawns_step_back,
            royal_roles,
            pawn_roles,
            ep_from_next_cell,
            rays,
            far_rays,
            walk_dirs,
            capture_offsets,
            move_offsets,
            tables: std::sync::OnceLock::new(),
            king_area,
            no_lame_attacks,
            start: std::sync::OnceLock::new(),
            castling_king_file: geometry_files / 2,
            castling_rook_files: [0, geometry_files.saturating_sub(1)],
            castling_rooks,
            ends: EndRules::default(),
            fide_equivalent: false,
            black_promotion_roles: None,
            grammar: None,
            source: None,
        }
    }

    /// A game played with the [`FIDE_ARMY`] on 8x8 and FIDE's promotion,
    /// double step, en passant and castling: FIDE chess, Chess960
    /// (`chess960`: castling rooks anywhere on the back rank) and the piece
    /// table of the squares family.
    pub fn fide_army(name: &'static str, start_fen: &str, chess960: bool) -> GameRules {
        let rank = |r: u8| -> SquareSet { (0..8).filter_map(|f| Square::new(f, r)).collect() };
        GameRules::build(
            name,
            Geometry::rectangle(8, 8),
            FIDE_ARMY,
            start_fen,
            ByColor {
                white: rank(7),
                black: rank(0),
            },
            b"QRBN",
            ByColor {
                white: rank(1),
                black: rank(6),
            },
            1 << 2,
            CastlingRule::Standard(CastlingFiles {
                short_king: 6,
                short_rook: 5,
                long_king: 2,
                long_rook: 3,
            }),
            chess960,
        )
    }

    /// The game's walk and leap tables, built on first use.
    #[inline]
    pub(crate) fn tables(&self) -> &Tables {
        self.tables.get_or_init(|| {
            Tables::build(
                &self.geometry,
                &self.walk_dirs,
                &self.rays,
                &self.far_rays,
                &self.pieces,
            )
        })
    }

    /// Whether the only way a move can expose its own king is by leaving a
    /// line between it and an enemy rider, and a piece move gives check only
    /// from the moved piece or a line it opened, with nothing more to
    /// settle: no lame leapers and no guard. Under guards the same sources
    /// are looked for, and an attack found is settled under the zones (see
    /// [`unpinnable`](Self::unpinnable) and `Position::play_unchecked`).
    #[inline]
    pub(crate) fn simple_pins(&self) -> bool {
        self.no_lame_attacks && self.guard.is_none()
    }

    /// Whether a move of a piece of `role` can expose its own king only by
    /// leaving a line between the king and an enemy piece that attacks from
    /// afar (with [`no_lame_attacks`](Self::no_lame_attacks)). Not the king,
    /// and not a guard: its move changes the zones that brake the enemy's
    /// attacks (S6). Any other move leaves its side's zones as they were
    /// (a promotion to a guard only adds zone, and zones only take attacks
    /// away), so under guards too only an opened line can expose the king.
    #[inline]
    pub(crate) fn unpinnable(&self, role: Role) -> bool {
        !self.is_royal(role) && !self.is_guard(role)
    }

    /// Whether `role` is a guard (Squirrel): its zone brakes enemy pieces.
    #[inline]
    pub(crate) fn is_guard(&self, role: Role) -> bool {
        self.guard.is_some_and(|g| g.guards.contains(role))
    }

    /// The role with this letter (either case), if the game has it.
    pub fn role_of_letter(&self, letter: u8) -> Option<Role> {
        let up = letter.to_ascii_uppercase();
        if !up.is_ascii_uppercase() {
            // Not a letter: no piece has it (the table covers A..Z only).
            return self
                .pieces
                .iter()
                .position(|p| p.letter == up)
                .and_then(|i| Role::new(i as u8));
        }
        let i = self.role_by_letter[usize::from(up - b'A')];
        i.checked_sub(1).and_then(Role::new)
    }

    /// The piece type of a role.
    ///
    /// # Panics
    /// If `role` is not from this game (a programming error).
    #[inline]
    pub fn piece(&self, role: Role) -> &PieceType {
        &self.pieces[role.index()]
    }

    /// Whether `role` is royal.
    #[inline]
    pub fn is_royal(&self, role: Role) -> bool {
        self.royal_roles.contains(role)
    }

    /// Whether `role` is a pawn.
    #[inline]
    pub fn is_pawn(&self, role: Role) -> bool {
        self.pawn_roles.contains(role)
    }

    /// The letter of `role` for `color` (upper case for White).
    pub fn letter(&self, role: Role, color: Color) -> char {
        let l = self.piece(role).letter;
        match color {
            Color::White => l as char,
            Color::Black => l.to_ascii_lowercase() as char,
        }
    }

    /// Roles by their letters (upper case), for a family's tables.
    ///
    /// # Panics
    /// If a letter is not a piece of the game (a bug in a built-in variant).
    pub fn roles_of(&self, letters: &[u8]) -> Vec<Role> {
        letters
            .iter()
            .map(|&l| {
                self.role_of_letter(l)
                    .expect("invariant: built-in letters name pieces of the game")
            })
            .collect()
    }

    /// The set of roles with these letters (see [`roles_of`](Self::roles_of)).
    pub fn role_set(&self, letters: &[u8]) -> RoleSet {
        let mut set = RoleSet::default();
        for r in self.roles_of(letters) {
            set.insert(r);
        }
        set
    }

    /// Whether `self` has the same rules as `other`: board, pieces (letter,
    /// moves, royalty, pawns, in the same order), promotion, pawn steps,
    /// en passant, castling, special rules and ends. Names, piece names and
    /// values may differ.
    pub fn plays_as(&self, other: &GameRules) -> bool {
        let pieces = |r: &GameRules| -> Vec<(u8, &str, bool, bool)> {
            r.pieces
                .iter()
                .map(|p| (p.letter, p.betza, p.royal, p.pawn))
                .collect()
        };
        self.geometry == other.geometry
            && pieces(self) == pieces(other)
            && self.promotion_zone == other.promotion_zone
            && self.promotion_roles == other.promotion_roles
            && self.black_promotion_roles == other.black_promotion_roles
            && self.initial_zone == other.initial_zone
            && self.ep_distances == other.ep_distances
            && self.castling == other.castling
            && self.chess960 == other.chess960
            && self.castling_king_file == other.castling_king_file
            && self.castling_rook_files == other.castling_rook_files
            && self.castling_rooks == other.castling_rooks
            && self.guard == other.guard
            && self.pawn_reach == other.pawn_reach
            && self.promotion_stages == other.promotion_stages
            && self.fide_material == other.fide_material
            && self.lone_minors == other.lone_minors
            && self.ends == other.ends
    }

    /// The back rank of `color` (0-based).
    pub fn back_rank(&self, color: Color) -> u8 {
        match color {
            Color::White => 0,
            Color::Black => self.geometry.ranks() - 1,
        }
    }
}

/// The FIDE army, in this order (pawn 0 ... king 5): pawn `fmWfcFifmnD`
/// (RULINGS C2), knight N, bishop B, rook R, queen Q, king K. FIDE chess,
/// Chess960 and the squares family all play with it.
pub const FIDE_ARMY: &[PieceDecl] = &[
    PieceDecl::new(b'P', "pawn", "fmWfcFifmnD", 100),
    PieceDecl::new(b'N', "knight", "N", 300),
    PieceDecl::new(b'B', "bishop", "B", 300),
    PieceDecl::new(b'R', "rook", "R", 500),
    PieceDecl::new(b'Q', "queen", "Q", 900),
    PieceDecl::new(b'K', "king", "K", 0),
];
