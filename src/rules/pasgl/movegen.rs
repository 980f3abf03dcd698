//! Legal move generation: each critter's powers and limits (RULINGS 5.7),
//! terminals (5.3), the Train as an obstacle (5.2), stinky compulsion (P11).

use arrayvec::ArrayVec;

use super::{
    Critter, Kind, MAX_CRITTERS, Move, Position, Ranged, Size, Transit, Walk, geometry,
    is_terminal, train_loop,
};
use crate::rules::core::{Color, Square};

pub(super) const ORTHO: [(i8, i8); 4] = [(0, 1), (0, -1), (1, 0), (-1, 0)];
pub(super) const DIAG: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
const KING: [(i8, i8); 8] = [
    (0, 1),
    (0, -1),
    (1, 0),
    (-1, 0),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
];
pub(super) const KNIGHT: [(i8, i8); 8] = [
    (1, 2),
    (-1, 2),
    (1, -2),
    (-1, -2),
    (2, 1),
    (-2, 1),
    (2, -1),
    (-2, -1),
];

/// A cell next to `sq` (8-neighbourhood, terminals included: RULINGS 5.1).
pub(super) fn neighbours(sq: Square) -> impl Iterator<Item = Square> {
    KING.into_iter()
        .filter_map(move |(df, dr)| geometry().offset(sq, df, dr))
}

/// Whether `sq` is in `color`'s half (White ranks 1-4, Black 5-8).
pub(super) fn in_own_half(color: Color, sq: Square) -> bool {
    match color {
        Color::White => sq.rank() <= 3,
        Color::Black => sq.rank() >= 4,
    }
}

/// What a movement may do on arrival.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Arrival {
    /// Lands and may go on (empty cell, for riders).
    Empty,
    /// Lands and must stop (occupied cell or terminal).
    Stop,
    /// Cannot land.
    Refused,
}

impl Position {
    /// Whether `c` may end a movement on `sq`, and whether it stops there.
    pub(super) fn arrival(&self, c: &Critter, sq: Square) -> Arrival {
        if self.is_train(sq) {
            return Arrival::Refused;
        }
        if c.kind == Kind::Bear && (is_terminal(sq) || !in_own_half(c.color, sq)) {
            return Arrival::Refused;
        }
        // A leaving critter must leave the terminal.
        if c.transit == Transit::Leaving && is_terminal(sq) {
            return Arrival::Refused;
        }
        if !self.stack(sq).is_empty() {
            return if c.may_enter_occupied() {
                Arrival::Stop
            } else {
                Arrival::Refused
            };
        }
        if is_terminal(sq) {
            Arrival::Stop
        } else {
            Arrival::Empty
        }
    }

    /// Every cell the critter at `from` can move to (before effects).
    pub(super) fn destinations(&self, from: Square, c: &Critter, out: &mut ArrayVec<Square, 64>) {
        out.clear();
        let g = geometry();
        // Each cell once: a bit per grid cell instead of a search of `out`.
        let mut seen = 0u128;
        let mut push = |sq: Square| {
            let bit = 1u128 << super::cell(sq);
            if seen & bit == 0 {
                seen |= bit;
                let _ = out.try_push(sq);
            }
        };
        match c.kind {
            Kind::Bear | Kind::Chipmunk | Kind::Shrew | Kind::Hunter => {
                let dirs: &[(i8, i8)] = match c.kind {
                    Kind::Bear => &KING,
                    Kind::Hunter => &ORTHO,
                    Kind::Chipmunk => &DIAG,
                    _ => {
                        let f = c.color.forward();
                        &[(1, f), (-1, f)]
                    }
                };
                for &(df, dr) in dirs {
                    if let Some(to) = g.offset(from, df, dr) {
                        if self.arrival(c, to) != Arrival::Refused {
                            push(to);
                        }
                    }
                }
            }
            Kind::Skunk | Kind::Turkey => {
                let limit = if c.kind == Kind::Turkey { 3 } else { 8 };
                for (df, dr) in ORTHO {
                    let mut sq = from;
                    for _ in 0..limit {
                        let Some(to) = g.offset(sq, df, dr) else {
                            break;
                        };
                        match self.arrival(c, to) {
                            Arrival::Empty => push(to),
                            Arrival::Stop => {
                                push(to);
                                break;
                            }
                            Arrival::Refused => break,
                        }
                        sq = to;
                    }
                }
            }
            Kind::Woodchuck => {
                for (df, dr) in ORTHO {
                    if let Some(to) = g.offset(from, df, dr) {
                        if self.stack(to).is_empty() && self.arrival(c, to) != Arrival::Refused {
                            push(to);
                        }
                    }
                    // The D leap is blocked by the Train on the middle cell (P6).
                    let mid = from.offset(df, dr);
                    if mid.is_some_and(|m| self.is_train(m)) {
                        continue;
                    }
                    if let Some(to) = g.offset(from, 2 * df, 2 * dr) {
                        if self.stack(to).is_empty() && self.arrival(c, to) != Arrival::Refused {
                            push(to);
                        }
                    }
                }
            }
            Kind::Deer => {
                for (df, dr) in KNIGHT {
                    let mut sq = from;
                    loop {
                        // Rule Zero: the leg is blocked by the Train one step
                        // along its long axis (P7).
                        let first = if df.abs() == 2 {
                            sq.offset(df.signum(), 0)
                        } else {
                            sq.offset(0, dr.signum())
                        };
                        if first.is_some_and(|m| self.is_train(m)) {
                            break;
                        }
                        let Some(to) = g.offset(sq, df, dr) else {
                            break;
                        };
                        match self.arrival(c, to) {
                            Arrival::Empty => push(to),
                            Arrival::Stop => {
                                push(to);
                                break;
                            }
                            Arrival::Refused => break,
                        }
                        sq = to;
                    }
                }
            }
            Kind::Fox => {
                // bW: one step towards its own first rank.
                if let Some(to) = g.offset(from, 0, -c.color.forward()) {
                    if self.arrival(c, to) != Arrival::Refused {
                        push(to);
                    }
                }
                // zF3: a zig-zag of up to three diagonal steps, alternating
                // between two perpendicular diagonals; cells passed must be
                // empty of critters and Train (P9).
                for (df, dr) in DIAG {
                    for (ef, er) in [(df, -dr), (-df, dr)] {
                        let steps = [(df, dr), (ef, er), (df, dr)];
                        let mut sq = from;
                        for (i, &(sf, sr)) in steps.iter().enumerate() {
                            let Some(to) = g.offset(sq, sf, sr) else {
                                break;
                            };
                            if self.arrival(c, to) != Arrival::Refused {
                                push(to);
                            }
                            if i == 2 || !self.stack(to).is_empty() || self.is_train(to) {
                                break;
                            }
                            // A terminal may be passed (P9), but not landed
                            // on and left: the critter boards.
                            sq = to;
                        }
                    }
                }
            }
        }
    }

    /// Where a boarding critter on the terminal square `from` switches to:
    /// the other square of the terminal, whatever its movement power, and
    /// never onto the Train.
    pub(super) fn terminal_switch(&self, from: Square) -> Option<Square> {
        from.offset(0, if from.rank() == 3 { 1 } else { -1 })
            .filter(|&t| !self.is_train(t))
    }

    /// Pseudo-legal actions of the critter at `from`, index `idx`.
    fn critter_moves(&self, from: Square, idx: usize, out: &mut Vec<Move>, expand: bool) {
        let Some(c) = self.stack(from).get(idx).copied() else {
            return;
        };
        let critter = idx as u8;
        if is_terminal(from) {
            match c.transit {
                Transit::Boarding => {
                    if let Some(to) = self.terminal_switch(from) {
                        out.push(Move::Switch { from, critter, to });
                    }
                    return;
                }
                Transit::Leaving => {}
                Transit::None => return,
            }
        }
        let mut dests = ArrayVec::new();
        self.destinations(from, &c, &mut dests);
        for &to in &dests {
            self.walk_effects(from, critter, &c, to, out, expand);
        }
        // Shots and chucks: never from a terminal, never without lunch.
        if is_terminal(from) || !c.lunch {
            return;
        }
        match c.kind {
            Kind::Hunter => {
                for (df, dr) in ORTHO {
                    if let Some(at) = self.shot_target(from, df, dr) {
                        self.ranged_victims(from, critter, at, &c, out, true);
                    }
                }
            }
            Kind::Woodchuck => {
                for (df, dr) in DIAG {
                    for n in [2, 3] {
                        if let Some(at) = geometry().offset(from, df * n, dr * n) {
                            if !is_terminal(at) {
                                self.ranged_victims(from, critter, at, &c, out, false);
                            }
                        }
                    }
                }
            }
            _ => {}
        }
    }

    /// The first occupied cell within 3 steps, if the shot reaches it: the
    /// Train and any critter stop the shot (P8).
    pub(super) fn shot_target(&self, from: Square, df: i8, dr: i8) -> Option<Square> {
        let mut sq = from;
        for _ in 0..3 {
            sq = geometry().offset(sq, df, dr)?;
            if self.is_train(sq) {
                return None;
            }
            if !self.stack(sq).is_empty() {
                return (!is_terminal(sq)).then_some(sq);
            }
        }
        None
    }

    /// Whether `v` is a lawful target of `shooter`'s shot (Hunter) or chuck.
    pub(super) fn ranged_victim_ok(shooter: &Critter, v: &Critter, shot: bool) -> bool {
        v.color != shooter.color
            && if shot {
                v.kind.size() != Size::Tiny
            } else {
                // P12: the wood needs a target that has lunch.
                v.lunch
            }
    }

    pub(super) fn ranged_victims(
        &self,
        from: Square,
        critter: u8,
        at: Square,
        c: &Critter,
        out: &mut Vec<Move>,
        shot: bool,
    ) {
        let stack = self.stack(at);
        for (i, v) in stack.iter().enumerate() {
            if !Self::ranged_victim_ok(c, v, shot) || stack[..i].iter().any(|w| w.same_state(v)) {
                continue;
            }
            let r = Ranged {
                from,
                critter,
                at,
                victim: i as u8,
            };
            out.push(if shot { Move::Shoot(r) } else { Move::Chuck(r) });
        }
    }

    /// Whether `v` can be robbed (or devoured) by `thief` entering its square.
    pub(super) fn steal_victim_ok(thief: &Critter, v: &Critter) -> bool {
        if v.color == thief.color || v.kind.size() == Size::Tiny {
            return false;
        }
        if v.lunch {
            return true;
        }
        // Devouring: the Fox eats a medium lunchless enemy, never a Fox.
        thief.kind == Kind::Fox && v.kind.size() == Size::Medium && v.kind != Kind::Fox
    }

    /// The walk to `to` with each possible effect there.
    pub(super) fn walk_effects(
        &self,
        from: Square,
        critter: u8,
        c: &Critter,
        to: Square,
        out: &mut Vec<Move>,
        expand: bool,
    ) {
        let stack = self.stack(to);
        let base = Walk {
            from,
            critter,
            to,
            victim: None,
            displaced: ArrayVec::new(),
        };
        if stack.is_empty() || is_terminal(to) {
            out.push(Move::Walk(base));
            return;
        }
        match c.kind {
            Kind::Deer | Kind::Fox => {
                let mut any = false;
                for (i, v) in stack.iter().enumerate() {
                    if Self::steal_victim_ok(c, v) && !stack[..i].iter().any(|w| w.same_state(v)) {
                        any = true;
                        out.push(Move::Walk(Walk {
                            victim: Some(i as u8),
                            ..base.clone()
                        }));
                    }
                }
                if !any {
                    out.push(Move::Walk(base));
                }
            }
            Kind::Bear if expand => {
                let pushed = stack.iter().filter(|v| v.kind != Kind::Shrew).count();
                let mut options: ArrayVec<ArrayVec<Square, 8>, MAX_CRITTERS> = ArrayVec::new();
                for v in stack.iter().filter(|v| v.kind != Kind::Shrew) {
                    options.push(neighbours(to).filter(|&n| displacement_ok(v, n)).collect());
                }
                let mut choice = base;
                let mut budget = MAX_DISPLACEMENT_CHOICES;
                expand_displacement(&options, pushed, &mut choice, out, &mut budget);
            }
            _ => out.push(Move::Walk(base)),
        }
    }

    /// Every action of `color` before compulsion, with or without the Bear's
    /// displacement choices spelled out.
    ///
    /// Of several critters in one state on one square only the first acts
    /// (P21): moving one or another of them is one move, which the notation
    /// cannot tell apart, and naming the first also fixes the order of the
    /// critters left behind, so one record gives one position string.
    pub(super) fn pseudo_moves(&self, color: Color, out: &mut Vec<Move>, expand: bool) {
        for (sq, stack) in self.occupied() {
            for i in 0..stack.len() {
                if acts(stack, i, color) {
                    self.critter_moves(sq, i, out, expand);
                }
            }
        }
    }

    /// The turns [`generate`](Self::generate) lists (without the Bear's
    /// displacement choices) whose actor is one of the critters at `from`
    /// with an index in `which`, in the same order; other moves (a pass
    /// among them) may be listed too. The reference that the resolver's
    /// [`generate_to`](Self::generate_to) is tested against.
    #[cfg(test)]
    pub(super) fn generate_from(&self, from: Square, which: &[u8], out: &mut Vec<Move>) {
        // Under compulsion the legal moves depend on every critter's
        // movements (P11): list them all.
        if self.compelled(self.turn) {
            self.generate(out, false);
            return;
        }
        out.clear();
        let stack = self.stack(from);
        for i in 0..stack.len() {
            if which.contains(&(i as u8)) && acts(stack, i, self.turn) {
                self.critter_moves(from, i, out, false);
            }
        }
    }

    /// The legal turns (with `expand` false, a Bear entering a crowded
    /// square is listed once without its displacement choices). Moves are
    /// listed after the game has ended too, so that a record going on can be
    /// read (the verifier warns); [`GamePosition::legal_moves`] lists none.
    ///
    /// [`GamePosition::legal_moves`]: crate::rules::position::GamePosition::legal_moves
    pub(super) fn generate(&self, out: &mut Vec<Move>, expand: bool) {
        out.clear();
        let color = self.turn;
        self.pseudo_moves(color, out, expand);
        if self.compelled(color) {
            let stinky = |m: &Move| {
                m.is_movement()
                    && m.actor()
                        .and_then(|(sq, i)| self.stack(sq).get(usize::from(i)))
                        .is_some_and(|c| c.stinky)
            };
            if out.iter().any(stinky) {
                out.retain(stinky);
            }
        }
        if out.is_empty() {
            out.push(Move::Pass);
        }
    }

    /// Whether `color` has a stinky critter and none of the three exceptions
    /// holds (RULINGS 5.6, P11).
    pub(super) fn compelled(&self, color: Color) -> bool {
        // Most games have no stinky critter most of the time.
        if !self.stinky_seen {
            return false;
        }
        // Without an early exit (most positions have no stinky critter),
        // so that the scan compiles to straight-line code.
        let has_stinky = self
            .board
            .on_grid()
            .iter()
            .fold(false, |any, c| any | (c.stinky & (c.color == color)));
        // The cheapest exception first; the Fox's needs its moves listed.
        has_stinky
            && !self.on_train_path(color)
            && !self.threatened_by_hunter(color)
            && !self.threatened_by_fox(color)
    }

    /// Exception 1: the enemy Fox could enter the square of one of `color`'s
    /// medium or small critters and rob or devour it.
    pub(super) fn threatened_by_fox(&self, color: Color) -> bool {
        let mut dests = ArrayVec::new();
        for (sq, stack) in self.occupied() {
            for fox in stack.iter().filter(|c| {
                c.color != color && c.kind == Kind::Fox && c.lunch && c.transit != Transit::Boarding
            }) {
                if is_terminal(sq) && fox.transit != Transit::Leaving {
                    continue;
                }
                self.destinations(sq, fox, &mut dests);
                let hit = dests.iter().any(|&to| {
                    !is_terminal(to)
                        && self.stack(to).iter().any(|v| {
                            v.color == color
                                && v.kind.size() != Size::Large
                                && Self::steal_victim_ok(fox, v)
                        })
                });
                if hit {
                    return true;
                }
            }
        }
        false
    }

    /// Exception 2: the enemy Hunter could shoot one of `color`'s medium or
    /// large critters.
    pub(super) fn threatened_by_hunter(&self, color: Color) -> bool {
        for (sq, stack) in self.occupied() {
            if is_terminal(sq) {
                continue;
            }
            for hunter in stack
                .iter()
                .filter(|c| c.color != color && c.kind == Kind::Hunter && c.lunch)
            {
                for (df, dr) in ORTHO {
                    let Some(at) = self.shot_target(sq, df, dr) else {
                        continue;
                    };
                    if self
                        .stack(at)
                        .iter()
                        .any(|v| v.color == color && Self::ranged_victim_ok(hunter, v, true))
                    {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// Exception 3: one of `color`'s critters is on the non-terminal square
    /// the Train enters next.
    pub(super) fn on_train_path(&self, color: Color) -> bool {
        let next = train_loop(usize::from(self.train) + 1);
        !is_terminal(next) && self.stack(next).iter().any(|c| c.color == color)
    }
}

/// Whether critter `i` of `stack` acts for `color`: of several critters in
/// one state on one square only the first does (P21).
pub(super) fn acts(stack: &[Critter], i: usize, color: Color) -> bool {
    stack
        .get(i)
        .is_some_and(|c| c.color == color && !stack[..i].iter().any(|w| w.same_state(c)))
}

/// Where a critter displaced by a Bear may go (P13, P20): any existing cell
/// next to the Bear's destination (the caller lists those), a terminal or the
/// Train included; a displaced Bear keeps to its own half and off terminals.
pub(super) fn displacement_ok(v: &Critter, to: Square) -> bool {
    v.kind != Kind::Bear || (!is_terminal(to) && in_own_half(v.color, to))
}

/// Most displacement choices listed for one Bear move. Each choice is a move
/// of its own (P20), so a Bear next to a square holding n critters has up to
/// 8^n moves; unbounded, a crowded square would exhaust memory. Position
/// strings whose Bear moves need more are refused ([`Position::from_fen`]);
/// a position reached by play beyond it lists only the first choices.
pub const MAX_DISPLACEMENT_CHOICES: u64 = 4096;

/// The displacement choices of a Bear entering `to`: the product over the
/// critters it pushes (Shrews are squashed) of their possible cells,
/// saturating.
pub(super) fn displacement_choices(stack: &[Critter], to: Square) -> u64 {
    stack
        .iter()
        .filter(|v| v.kind != Kind::Shrew)
        .map(|v| neighbours(to).filter(|&n| displacement_ok(v, n)).count() as u64)
        .fold(1, u64::saturating_mul)
}

impl Position {
    /// The Bear move (destination and count) with the most displacement
    /// choices, for either side, if any Bear can enter an occupied square.
    pub(super) fn widest_displacement(&self) -> Option<(Square, u64)> {
        let mut widest: Option<(Square, u64)> = None;
        for (from, stack) in self.occupied() {
            for bear in stack.iter().filter(|c| c.kind == Kind::Bear) {
                for to in neighbours(from) {
                    if self.stack(to).is_empty() || self.arrival(bear, to) == Arrival::Refused {
                        continue;
                    }
                    let n = displacement_choices(self.stack(to), to);
                    if widest.is_none_or(|(_, w)| n > w) {
                        widest = Some((to, n));
                    }
                }
            }
        }
        widest
    }
}

/// Every combination of displacement targets, one move each (P20), at most
/// `budget` of them.
fn expand_displacement(
    options: &[ArrayVec<Square, 8>],
    n: usize,
    choice: &mut Walk,
    out: &mut Vec<Move>,
    budget: &mut u64,
) {
    if *budget == 0 {
        return;
    }
    let depth = choice.displaced.len();
    if depth == n {
        out.push(Move::Walk(choice.clone()));
        *budget -= 1;
        return;
    }
    for &sq in &options[depth] {
        choice.displaced.push(sq);
        expand_displacement(options, n, choice, out, budget);
        choice.displaced.pop();
    }
}
