//! FIDE chess and Chess960 on the page. A ply arrives as the move and the
//! bitboards after it ([`FidePly`]), never as a whole board or FEN: the
//! node's board is its parent's codes with the squares the move touched
//! read again, and the same changed squares give both the cells the page
//! redraws and the ranks of the position string it rewrites. The FEN's
//! fields after the placement are kept as values (side, castling text,
//! en passant, the clocks) and written only when they differ from the
//! parent's. Fragments are found in flat tables; a picture is built only
//! to draw what was never drawn.

use super::json::{self, Bytes, Stack};
use super::{BOARD_PIXELS, NONE, Shown, ViewSink, fen, offset};
use crate::export::diagram::Diagram;
use crate::export::records::{Arrow, FidePly};
use crate::rules::Variant;
use crate::rules::core::{Color, Move, Square};
use crate::rules::family::{AnyMove, AnyPosition};
use crate::rules::fide::BitPosition;
use crate::rules::picture::{ChessBoard, Picture, move_arrow};

/// The fragments of FIDE chess and Chess960 boards, by what they draw, in
/// flat tables: a ply looks up the squares that changed and hashes
/// nothing.
#[derive(Debug)]
pub(super) struct ChessIds {
    /// By game (0 chess, 1 Chess960), square, code (16 rows, 13 used) and
    /// check.
    cells: Vec<u32>,
    /// By game and side to move.
    facts: [u32; 4],
    frames: [u32; 2],
}

impl Default for ChessIds {
    fn default() -> ChessIds {
        ChessIds {
            cells: vec![NONE; 2 * 64 * 16 * 2],
            facts: [NONE; 4],
            frames: [NONE; 2],
        }
    }
}

/// The table row of a chess game.
fn chess_slot(variant: Variant) -> usize {
    usize::from(variant == Variant::Chess960)
}

/// A chess square (a1 = 0) as a picture's square.
fn chess_square(s: usize) -> Option<Square> {
    let s = u8::try_from(s).ok()?;
    Square::new(s % 8, s / 8)
}

/// A picture's square as a bit of a chess board (none off the board).
fn square_bit(sq: Square) -> u64 {
    if sq.file() < 8 && sq.rank() < 8 {
        1u64 << (sq.rank() * 8 + sq.file())
    } else {
        0
    }
}

/// The squares a move may change: where its pieces leave and land, and an
/// en-passant victim's.
fn touched(m: &Move) -> u64 {
    match *m {
        Move::Normal { from, to, .. } => square_bit(from) | square_bit(to),
        Move::EnPassant { from, to, victim } => {
            square_bit(from) | square_bit(to) | square_bit(victim)
        }
        Move::Castle {
            king,
            rook,
            king_to,
            rook_to,
            ..
        } => square_bit(king) | square_bit(rook) | square_bit(king_to) | square_bit(rook_to),
    }
}

/// The square (a1 = 0) of the king in check, as [`ChessBoard::of`] has it.
fn check_square(pos: &BitPosition) -> Option<u8> {
    pos.is_check()
        .then(|| pos.king(pos.turn()))
        .flatten()
        .map(|k| k.rank() * 8 + k.file())
}

/// A chess FEN's fields after the placement, as values.
#[derive(Clone, Copy, Debug)]
pub(super) struct Tail {
    turn: Color,
    /// The castling field's text in the sink's `fens`.
    castling: (u32, u32),
    /// The castling rights it was written from
    /// ([`BitPosition::castling_bits`]); `None` when read from a FEN.
    rights: Option<u64>,
    ep: Option<u8>,
    half: u32,
    full: u32,
}

impl Tail {
    /// The tail of `pos` after a move that touched the squares
    /// `touched`; its castling text is `parent`'s when no right is left
    /// or when the rights are the same and the move left both back ranks
    /// alone (the text depends on nothing else), else written into
    /// `texts`.
    fn of(pos: &BitPosition, parent: Option<&Tail>, touched: u64, texts: &mut String) -> Tail {
        const BACK_RANKS: u64 = 0xFF | (0xFF << 56);
        let rights = pos.castling_bits();
        let castling = match parent {
            Some(p) if p.rights == Some(rights) && (rights == 0 || touched & BACK_RANKS == 0) => {
                p.castling
            }
            _ => {
                let start = texts.len();
                pos.write_fen_castling(texts);
                let same = parent.filter(|p| text(texts, p.castling) == texts.get(start..));
                match same {
                    Some(p) => {
                        texts.truncate(start);
                        p.castling
                    }
                    None => (offset(start), offset(texts.len())),
                }
            }
        };
        Tail {
            turn: pos.turn(),
            castling,
            rights: Some(rights),
            ep: pos.fen_ep(),
            half: pos.halfmoves(),
            full: pos.fullmoves(),
        }
    }

    /// The tail of a FEN's fields after the placement (`w KQkq - 0 1`),
    /// `None` when it is not written as this type writes it back (the page
    /// then writes its children's strings whole).
    fn parse(tail: &str, texts: &mut String) -> Option<Tail> {
        let mut fields = tail.split(' ');
        let turn = match fields.next()? {
            "w" => Color::White,
            "b" => Color::Black,
            _ => return None,
        };
        let castling = fields.next()?;
        let ep = match fields.next()?.as_bytes() {
            b"-" => None,
            &[f @ b'a'..=b'h', r @ b'1'..=b'8'] => Some((r - b'1') * 8 + (f - b'a')),
            _ => return None,
        };
        let half = fields.next()?.parse().ok()?;
        let full = fields.next()?.parse().ok()?;
        if fields.next().is_some() {
            return None;
        }
        let start = texts.len();
        texts.push_str(castling);
        let t = Tail {
            turn,
            castling: (offset(start), offset(texts.len())),
            rights: None,
            ep,
            half,
            full,
        };
        // Numbers written back as read (no sign, no leading zero).
        let mut back = Vec::new();
        fen::push_tail(&mut back, &t.text(texts));
        (back == tail.as_bytes()).then_some(t)
    }

    fn text<'a>(&self, texts: &'a str) -> fen::TailText<'a> {
        fen::TailText {
            turn: if self.turn == Color::White {
                b'w'
            } else {
                b'b'
            },
            castling: text(texts, self.castling).unwrap_or_default(),
            ep: self.ep,
            half: self.half,
            full: self.full,
        }
    }

    /// The fields (bit `k` field `k`, as [`fen::write_tail_change`]
    /// reads them) that are not what the page's script assumes from
    /// `parent`'s: the other side to move, the same castling text, no
    /// en-passant square, the halfmove clock one more and the move number
    /// one more after Black's move.
    fn written(&self, parent: &Tail, texts: &str) -> u32 {
        let mut f = 0;
        f |= u32::from(self.turn == parent.turn);
        let castling = self.castling != parent.castling
            && text(texts, self.castling) != text(texts, parent.castling);
        f |= u32::from(castling) << 1;
        f |= u32::from(self.ep.is_some()) << 2;
        f |= u32::from(Some(self.half) != parent.half.checked_add(1)) << 3;
        let full = parent
            .full
            .checked_add(u32::from(parent.turn == Color::Black));
        f |= u32::from(Some(self.full) != full) << 4;
        f
    }
}

fn text(texts: &str, (s, e): (u32, u32)) -> Option<&str> {
    texts.get(s as usize..e as usize)
}

/// A chess node as the page keeps it, for its children to be compared
/// with.
#[derive(Clone, Copy, Debug)]
pub(super) struct ChessNode {
    codes: [u8; 64],
    check: Option<u8>,
    /// `None` when the start's FEN could not be read back.
    tail: Option<Tail>,
}

impl ChessNode {
    /// The node of `pos`, read whole.
    fn of(pos: &BitPosition, texts: &mut String) -> ChessNode {
        let mut codes = [0; 64];
        pos.board_codes(&mut codes);
        ChessNode {
            codes,
            check: check_square(pos),
            tail: Some(Tail::of(pos, None, u64::MAX, texts)),
        }
    }

    /// Makes this node, a copy of its parent's, the node after `ply`:
    /// the squares the move touched read again. Returns the squares whose
    /// cells changed (their piece or check) and the FEN's fields after
    /// the placement that the page writes ([`Tail::written`]), `None` when
    /// they are to be written whole.
    fn step(&mut self, ply: &FidePly, texts: &mut String) -> (u64, Option<u32>) {
        let pos = &ply.after;
        let mut moved = 0u64;
        let touched = ply.played.as_ref().map_or(0, touched);
        let mut bits = touched;
        while bits != 0 {
            let s = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let code = pos.code_at(s);
            if let Some(c) = self.codes.get_mut(s)
                && *c != code
            {
                *c = code;
                moved |= 1 << s;
            }
        }
        let check = check_square(pos);
        let mut cells = moved;
        if check != self.check {
            for s in [self.check, check].into_iter().flatten() {
                cells |= 1u64.checked_shl(u32::from(s)).unwrap_or(0);
            }
        }
        self.check = check;
        let parent = self.tail;
        let tail = Tail::of(pos, parent.as_ref(), touched, texts);
        self.tail = Some(tail);
        let fields = parent.map(|p| tail.written(&p, texts));
        (cells, fields)
    }
}

impl ViewSink {
    pub(super) fn chess_frame(&mut self, board: &ChessBoard) -> u32 {
        let slot = chess_slot(board.variant);
        match self.chess.frames.get(slot) {
            Some(&id) if id != NONE => id,
            _ => {
                let id = self.frame_of(&board.picture());
                if let Some(f) = self.chess.frames.get_mut(slot) {
                    *f = id;
                }
                id
            }
        }
    }

    /// The start of a chess game: its board, and its FEN's fields after
    /// the placement written whole.
    pub(super) fn draw_chess_start(&mut self, fen: &str, board: &ChessBoard) -> Shown {
        let tail = fen.find(' ').map_or(fen.len(), |i| i + 1);
        let tail_text = fen.get(tail..).unwrap_or_default();
        let tail = Tail::parse(tail_text, &mut self.fens);
        let node = ChessNode {
            codes: board.codes,
            check: board.check,
            tail,
        };
        let mut out = std::mem::take(&mut self.plies);
        let start = out.len();
        out.extend_from_slice(b"[-1,");
        json::string(&mut out, tail_text);
        self.plies = out;
        let index = self.boards.len();
        self.boards.push(node);
        self.end_chess_node(start, board.variant, index, u64::MAX, None, &|| {
            board.picture()
        })
    }

    /// A chess ply's node against its parent's (`parent`; drawn whole
    /// without one).
    pub(super) fn draw_fide(&mut self, ply: &FidePly, parent: Option<Shown>) -> Shown {
        // The node starts as a copy of its parent's, in place.
        let index = self.boards.len();
        let prev = parent.and_then(|p| self.boards.get(p.cells as usize).copied());
        let (cells, fields) = match prev {
            Some(p) => {
                self.boards.push(p);
                match self.boards.last_mut() {
                    Some(node) => node.step(ply, &mut self.fens),
                    None => (u64::MAX, None),
                }
            }
            None => {
                let node = ChessNode::of(&ply.after, &mut self.fens);
                self.boards.push(node);
                (u64::MAX, None)
            }
        };
        let Some(node) = self.boards.get(index) else {
            return Shown {
                data: (0, 0),
                fen: (0, 0),
                cells: offset(index),
            };
        };
        let mut out = std::mem::take(&mut self.plies);
        let start = out.len();
        out.push(b'[');
        let tail = node.tail.map(|t| t.text(&self.fens));
        match (fields, tail) {
            (Some(f), Some(t)) => fen::write_tail_change(&mut out, f, &t),
            _ => {
                let mut whole = Vec::with_capacity(32);
                match tail {
                    Some(t) => fen::push_tail(&mut whole, &t),
                    None => whole.extend_from_slice(
                        ply.after
                            .fen()
                            .split_once(' ')
                            .map_or("", |x| x.1)
                            .as_bytes(),
                    ),
                }
                out.extend_from_slice(b"-1,");
                json::string(&mut out, &String::from_utf8_lossy(&whole));
            }
        }
        self.plies = out;
        let arrow = ply.played.and_then(|m| move_arrow(&AnyMove::from(m)));
        let picture = || Picture::of(&AnyPosition::Fide(ply.after));
        self.end_chess_node(start, ply.variant, index, cells, arrow, &picture)
    }

    /// Ends a chess node's page data, whose FEN fields are written from
    /// `start` on: the keys of the `cells` that changed (a bit each), whose
    /// fragments are found in the flat tables or drawn from `picture`, and
    /// the arrow's fragment; the facts panel is drawn if it never was.
    fn end_chess_node(
        &mut self,
        start: usize,
        variant: Variant,
        index: usize,
        cells: u64,
        arrow: Arrow,
        picture: &dyn Fn() -> Picture,
    ) -> Shown {
        let slot = chess_slot(variant);
        let (codes, check, turn) = match self.boards.get(index) {
            Some(n) => (&n.codes, n.check, n.tail.map(|t| t.turn)),
            None => (&[0; 64], None, None),
        };
        let mut drawn: Option<Picture> = None;
        self.diffs.clear();
        let mut bits = cells;
        while bits != 0 {
            let s = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let code = codes.get(s).copied().unwrap_or(0);
            let check = check == Some(s as u8);
            let key = ((slot * 64 + s) * 16 + usize::from(code & 15)) * 2 + usize::from(check);
            let mut id = self.chess.cells.get(key).copied().unwrap_or(NONE);
            if id == NONE {
                let Some(sq) = chess_square(s) else { continue };
                let pic = drawn.get_or_insert_with(picture);
                let diagram = Diagram::new(pic).size(BOARD_PIXELS);
                let layout = diagram.layout();
                id = self
                    .fragments
                    .push(|out| diagram.write_cell(out, &layout, sq));
                if let Some(k) = self.chess.cells.get_mut(key) {
                    *k = id;
                }
            }
            // The page's script finds the fragment and the piece letter
            // from the key (the fragments' table of keys is the page's).
            self.diffs.push(offset(key % 2048));
        }
        let arrow = arrow.and_then(|a| super::arrow_code(a, 8, 64));
        // The facts panel is drawn once per game and side to move; the
        // page's script picks it by the position string's side to move.
        let turn = turn.unwrap_or_else(|| picture().turn);
        let key = slot * 2 + turn.index();
        if self.chess.facts.get(key) == Some(&NONE) {
            let pic = drawn.get_or_insert_with(picture);
            let diagram = Diagram::new(pic).size(BOARD_PIXELS);
            let layout = diagram.layout();
            let facts = self.fragments.push(|out| diagram.write_facts(out, &layout));
            if let Some(k) = self.chess.facts.get_mut(key) {
                *k = facts;
            }
        }
        let mut out = std::mem::take(&mut self.plies);
        let mut st = Stack::new();
        write_chess_end(&mut st, &self.diffs, arrow);
        if !st.flush(&mut out) {
            write_chess_end(&mut out, &self.diffs, arrow);
        }
        self.plies = out;
        Shown {
            data: (offset(start), offset(self.plies.len())),
            fen: (0, 0),
            cells: offset(index),
        }
    }

    /// Writes the page's tables of chess fragments: `cells`, flat pairs
    /// (key, fragment) for every cell drawn, the key `((game * 64 + square)
    /// * 16 + code) * 2 + check` (game 0 chess, 1 Chess960; a square a1 =
    /// 0; code 0 empty, 1 to 12 `PNBRQKpnbrqk`), and `facts`, the facts
    /// panel's fragment by game and side to move (`null` never drawn).
    pub(super) fn write_chess_tables(&self, out: &mut Vec<u8>) {
        out.extend_from_slice(b"{\"cells\":[");
        let mut first = true;
        for (key, &id) in self.chess.cells.iter().enumerate() {
            if id == NONE {
                continue;
            }
            if !first {
                out.push(b',');
            }
            first = false;
            json::number(out, key as u64);
            out.push(b',');
            json::number(out, u64::from(id));
        }
        out.extend_from_slice(b"],\"facts\":[");
        for (i, &id) in self.chess.facts.iter().enumerate() {
            if i > 0 {
                out.push(b',');
            }
            json::option(out, (id != NONE).then_some(u64::from(id)));
        }
        out.extend_from_slice(b"]}");
    }
}

/// Ends a chess node's page data: `],[key, ...],arrow` (see
/// [`ViewSink::write_chess_tables`] for the keys; the facts panel is the
/// script's, by the side to move).
fn write_chess_end(out: &mut impl Bytes, keys: &[u32], arrow: Option<u32>) {
    out.extend(b"],[");
    for (j, &k) in keys.iter().enumerate() {
        if j > 0 {
            out.push(b',');
        }
        out.decimal(k);
    }
    out.extend(b"],");
    match arrow {
        Some(a) => out.decimal(a),
        None => out.extend(b"null"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verify::{Observer, Ply, Verifier};

    /// The page's node for the ply from `before` to `after`, from
    /// `parent` (the page's node of `before`): the FEN the script rebuilds
    /// from it is `after`'s (the general path), its board and check are
    /// those read whole from `after`, and its listed cells are those that
    /// differ.
    fn check_ply(parent: &ChessNode, ply: &FidePly, before: &str, texts: &mut String) -> ChessNode {
        let after = ply.after.fen();
        let mut node = *parent;
        let (cells, fields) = node.step(ply, texts);
        let whole = ChessNode::of(&ply.after, &mut String::new());
        assert_eq!(node.codes, whole.codes, "{after}");
        assert_eq!(node.check, whole.check, "{after}");
        let cb = ChessBoard::of(&AnyPosition::Fide(ply.after)).expect("chess");
        assert_eq!(node.check, cb.check);
        // Every square whose cell differs is listed.
        for s in 0..64 {
            let differs = parent.codes[s] != node.codes[s]
                || (parent.check == Some(s as u8)) != (node.check == Some(s as u8));
            assert_eq!(cells >> s & 1 == 1, differs, "{after} square {s}");
        }
        let tail = node.tail.expect("tail").text(texts);
        let mut page = Vec::new();
        fen::write_tail_change(&mut page, fields.expect("fields"), &tail);
        let parent_tail: Vec<&str> = before.split(' ').skip(1).collect();
        assert_eq!(
            page_fen(&node.codes, &parent_tail, &page),
            after,
            "{before}"
        );
        node
    }

    /// The FEN the page's script writes for a chess node: the placement
    /// from its codes, the other fields from the parent's (`parent`) and
    /// the node's change (`change`, without its brackets).
    fn page_fen(codes: &[u8; 64], parent: &[&str], change: &[u8]) -> String {
        let v: serde_json::Value =
            serde_json::from_slice(&[b"[", change, b"]"].concat()).expect("JSON");
        let num = |s: &str| s.parse::<u64>().expect("a clock");
        let mut tail = [
            if parent[0] == "w" { "b" } else { "w" }.to_owned(),
            parent[1].to_owned(),
            "-".to_owned(),
            (num(parent[3]) + 1).to_string(),
            (num(parent[4]) + u64::from(parent[0] == "b")).to_string(),
        ];
        for pair in v.as_array().expect("array").chunks(2) {
            let k = pair[0].as_u64().expect("field") as usize;
            tail[k] = match &pair[1] {
                serde_json::Value::String(s) => s.clone(),
                n => n.to_string(),
            };
        }
        let mut place = String::new();
        for r in (0..8).rev() {
            let mut empty = 0;
            for f in 0..8 {
                match codes[r * 8 + f] {
                    0 => empty += 1,
                    c => {
                        if empty > 0 {
                            place += &empty.to_string();
                            empty = 0;
                        }
                        place.push(b" PNBRQKpnbrqk"[usize::from(c)] as char);
                    }
                }
            }
            if empty > 0 {
                place += &empty.to_string();
            }
            if r > 0 {
                place.push('/');
            }
        }
        format!("{place} {}", tail.join(" "))
    }

    /// The start's node as the page reads it from the FEN (half of the
    /// time) or from the bitboards.
    fn start_node(pos: &BitPosition, from_fen: bool, texts: &mut String) -> ChessNode {
        if !from_fen {
            return ChessNode::of(pos, texts);
        }
        let fen = pos.fen();
        let (_, tail) = fen.split_once(' ').expect("fields");
        let mut codes = [0; 64];
        pos.board_codes(&mut codes);
        let node = ChessNode {
            codes,
            check: check_square(pos),
            tail: Tail::parse(tail, texts),
        };
        assert!(node.tail.is_some(), "{fen}");
        node
    }

    /// Along random games of chess and Chess960, node after node as the
    /// page goes, and at every ply of the chess fixtures (castlings,
    /// promotions, en passant, checks, variations).
    #[test]
    fn the_page_change_is_the_general_one() {
        use crate::rules::playout::{PlayoutOptions, playout};
        let mut seen = 0;
        for variant in [Variant::Chess, Variant::Chess960] {
            for seed in 0..16 {
                let game =
                    playout(variant, &PlayoutOptions::default(), seed, 200).expect("playout");
                let AnyPosition::Fide(start) = &game.start else {
                    panic!("not on the bitboards");
                };
                let mut texts = String::new();
                let mut node = start_node(start, seed % 2 == 0, &mut texts);
                let positions = game.positions();
                for (m, pair) in game.moves.iter().zip(positions.windows(2)) {
                    let (AnyPosition::Fide(b), AnyPosition::Fide(a), AnyMove::Core(m)) =
                        (&pair[0], &pair[1], m)
                    else {
                        panic!("not on the bitboards");
                    };
                    let ply = FidePly {
                        variant,
                        played: Some(*m),
                        after: *a,
                    };
                    node = check_ply(&node, &ply, &b.fen(), &mut texts);
                    seen += 1;
                }
            }
        }
        struct Plies(usize);
        impl Observer for Plies {
            fn ply(&mut self, ply: &Ply<'_>) {
                let AnyPosition::Fide(b) = ply.before else {
                    panic!("not on the bitboards");
                };
                let fide = FidePly::of(ply).expect("chess");
                let mut texts = String::new();
                let parent = start_node(b, self.0 % 2 == 0, &mut texts);
                check_ply(&parent, &fide, &b.fen(), &mut texts);
                self.0 += 1;
            }
            fn wants_plies(&self) -> bool {
                true
            }
        }
        for name in ["opera-game.pgn", "special-moves.pgn"] {
            let path = format!("{}/fixtures/chess/{name}", env!("CARGO_MANIFEST_DIR"));
            let bytes = std::fs::read(path).expect("fixture");
            let mut v = Verifier::with_observer("f", Plies(0));
            crate::notation::Reader::new(&bytes[..])
                .read_all(&mut v)
                .expect("reads memory");
            seen += v.into_observer().0;
        }
        assert!(seen > 2000, "{seen} plies");
    }
}
