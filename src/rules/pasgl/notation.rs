//! The move notation of RULINGS N6: writing moves, and resolving parsed
//! tokens against a position, with the `*`/`-` prefixes and `_` marks
//! checked against it.

use arrayvec::ArrayVec;

use super::movegen::{displacement_ok, neighbours};
use super::{Critter, Kind, Move, Position, Walk, geometry, is_terminal};
use crate::rules::core::Square;
use crate::rules::position::{Rejection, RejectionKind};
use crate::written::{Action, Coord, CritterAction, CritterKind, MoveToken};

const RULE_TRAIN: &str =
    "No critter may move onto a square that is occupied by the Train (seed 000)";
const RULE_SHOT: &str = "the Hunter shoots as far as 3 squares Rookwise; tiny critters block the Hunter's range -- he cannot shoot past them; \
    the Hunter cannot shoot through the Train (seed 000, P8)";
const RULE_LUNCHLESS: &str = "a lunchless critter keeps only the power of movement and cannot move onto an occupied square \
     (seed 000, RULINGS 5.4)";
const RULE_STINKY: &str = "If you have any stinky critters ... you must move a stinky critter \
    (seed 000, P11)";
const RULE_PREFIX: &str = "N6: the `*` (stinky) and `-` (lunchless) prefixes are checked against \
    the position";

fn square_of(c: Coord) -> Option<Square> {
    Square::new(c.file, c.rank).filter(|&sq| geometry().contains(sq))
}

fn name(sq: Square) -> String {
    geometry().square_name(sq)
}

fn describe(c: &Critter) -> String {
    format!("{} {}", c.color.name(), c.kind.name())
}

impl Position {
    /// The acting critter of a move.
    fn actor_of(&self, m: &Move) -> Option<Critter> {
        m.actor()
            .and_then(|(sq, i)| self.stack(sq).get(usize::from(i)).copied())
    }

    /// Writes a move in N6 notation; `long` always names the victim.
    pub(super) fn write_move(&self, m: &Move, long: bool) -> String {
        let Some(c) = self.actor_of(m) else {
            return "--".to_string();
        };
        let mut s = String::with_capacity(16);
        if c.stinky {
            s.push('*');
        }
        if c.is_lunchless() {
            s.push('-');
        }
        s.push(char::from(c.kind.letter()));
        let (from, mark, to, victim) = match m {
            Move::Pass => return "--".to_string(),
            Move::Walk(w) => (w.from, '-', w.to, w.victim),
            Move::Switch { from, to, .. } => (*from, '-', *to, None),
            Move::Shoot(r) | Move::Chuck(r) => (r.from, '>', r.at, Some(r.victim)),
        };
        geometry().push_square_name(from, &mut s);
        s.push(mark);
        geometry().push_square_name(to, &mut s);
        if let Some(v) = victim.and_then(|i| self.stack(to).get(usize::from(i))) {
            if long || self.victim_choices(m) > 1 {
                s.push('/');
                s.push(char::from(v.kind.letter()));
            }
        }
        if let Move::Walk(w) = m {
            let displaced = self.stack(w.to).iter().filter(|v| v.kind != Kind::Shrew);
            for (v, t) in displaced.zip(&w.displaced) {
                s.push('/');
                s.push(char::from(v.kind.letter()));
                geometry().push_square_name(*t, &mut s);
            }
        }
        s
    }

    /// How many legal moves differ from `m` only in the victim.
    fn victim_choices(&self, m: &Move) -> usize {
        let mut all = Vec::new();
        self.generate(&mut all, false);
        let key = |x: &Move| match x {
            Move::Walk(w) => Some((w.from, w.critter, w.to, 0)),
            Move::Shoot(r) => Some((r.from, r.critter, r.at, 1)),
            Move::Chuck(r) => Some((r.from, r.critter, r.at, 2)),
            _ => None,
        };
        all.iter().filter(|x| key(x) == key(m)).count()
    }

    /// Whether a `_` mark after the last move is true: the Train ran over
    /// such a critter there in the turn just played.
    ///
    /// # Errors
    ///
    /// A [`RejectionKind::StateMismatch`] when it did not.
    pub fn verify_roadkill(&self, letter: u8, at: Coord) -> Result<(), Rejection> {
        let sq = square_of(at);
        let hit = self
            .last_turn()
            .roadkill
            .iter()
            .any(|(c, s)| Some(*s) == sq && c.kind.letter() == letter);
        if hit {
            return Ok(());
        }
        let where_ = sq.map_or_else(|| "that square".to_string(), name);
        Err(Rejection::new(
            RejectionKind::StateMismatch,
            format!(
                "the Train ran over no {} on {where_} in the last turn",
                Kind::from_letter(letter).map_or("critter", Kind::name),
            ),
        )
        .with_rule("N6: `_` marks a critter run over by the Train; when present it is verified"))
    }

    /// The legal turn a critter action (`Df1-e3`, `Hd2>d5/F`, `*-Te1-e2`)
    /// names, or why there is none: what [`resolve`](crate::rules::position::GamePosition::resolve)
    /// answers for a token of that one action, without the token around it
    /// (the verifier's per-move path reads the action alone).
    ///
    /// # Errors
    /// The same [`Rejection`] as `resolve` gives for that token.
    pub fn resolve_critter_action(
        &self,
        action: &CritterAction,
        scratch: &mut Vec<Move>,
    ) -> Result<Move, Rejection> {
        self.resolve_critter(action, scratch)
    }

    /// The legal move a token names (N6).
    pub(super) fn resolve_token(
        &self,
        token: &MoveToken,
        all: &mut Vec<Move>,
    ) -> Result<Move, Rejection> {
        let (Some(action), true) = (token.first(), token.is_single()) else {
            return Err(Rejection::new(
                RejectionKind::Malformed,
                "a PASGL turn is one action",
            ));
        };
        match action {
            Action::Pass => {
                self.generate(all, false);
                if all.as_slice() == [Move::Pass] {
                    Ok(Move::Pass)
                } else {
                    Err(Rejection::new(
                        RejectionKind::Illegal,
                        format!(
                            "--: {} has legal moves and may not pass",
                            self.side_to_move().name()
                        ),
                    )
                    .with_rule("If you have no legal move, you pass (seed 000)")
                    .with_suggestions(self.suggest(|_| true)))
                }
            }
            Action::Critter(a) => self.resolve_critter(a, all),
            Action::Roadkill { .. } => Err(Rejection::new(
                RejectionKind::Malformed,
                "a `_` mark annotates the move before it and is not a move",
            )),
            _ => Err(Rejection::new(
                RejectionKind::Malformed,
                "not PASGL notation: write critter moves as `Df1-e3`, `Hd2>d5` or `--`",
            )),
        }
    }

    fn suggest(&self, keep: impl Fn(&Move) -> bool) -> Vec<String> {
        let mut all = Vec::new();
        self.generate(&mut all, false);
        all.iter()
            .filter(|m| keep(m))
            .take(5)
            .map(|m| self.write_move(m, false))
            .collect()
    }

    #[inline(never)]
    fn resolve_critter(&self, a: &CritterAction, all: &mut Vec<Move>) -> Result<Move, Rejection> {
        let illegal = |msg: String| Rejection::new(RejectionKind::Illegal, msg);
        let Some(kind) = Kind::from_letter(a.critter) else {
            return Err(illegal("the Train is never moved by a record".to_string())
                .with_rule("N6: the Train's place follows from the number of Black turns"));
        };
        let (Some(from), Some(to)) = (
            square_of(a.from),
            square_of(match a.kind {
                CritterKind::Move { to } | CritterKind::Shot { to } => to,
            }),
        ) else {
            return Err(Rejection::new(
                RejectionKind::Malformed,
                "no such square on the PASGL board".to_string(),
            ));
        };
        let color = self.side_to_move();
        let stack = self.stack(from);
        let mut candidates: ArrayVec<u8, 32> = stack
            .iter()
            .enumerate()
            .filter(|(_, c)| c.color == color && c.kind == kind)
            .map(|(i, _)| i as u8)
            .collect();
        if candidates.is_empty() {
            let there: Vec<String> = stack.iter().map(describe).collect();
            let what = if there.is_empty() {
                "nothing".to_string()
            } else {
                there.join(", ")
            };
            let rider = self
                .riders()
                .into_iter()
                .flatten()
                .any(|c| c.color == color && c.kind == kind);
            let mut r = Rejection::new(
                RejectionKind::ImpossiblePiece,
                format!(
                    "there is no {} {} on {} ({what} there)",
                    color.name(),
                    kind.name(),
                    name(from)
                ),
            );
            if rider {
                r = r.with_rule("critters riding the Train can make no moves (seed 000)");
            }
            return Err(r);
        }
        let state = |i: &u8| stack[usize::from(*i)];
        if a.stinky && !candidates.iter().any(|i| state(i).stinky) {
            return Err(Rejection::new(
                RejectionKind::StateMismatch,
                format!("the {} on {} is not stinky", kind.name(), name(from)),
            )
            .with_rule(RULE_PREFIX));
        }
        if a.lunchless && !candidates.iter().any(|i| !state(i).lunch) {
            return Err(Rejection::new(
                RejectionKind::StateMismatch,
                format!("the {} on {} has its lunch", kind.name(), name(from)),
            )
            .with_rule(RULE_PREFIX));
        }
        candidates.retain(|i| (!a.stinky || state(i).stinky) && (!a.lunchless || !state(i).lunch));
        let shot = matches!(a.kind, CritterKind::Shot { .. });
        // Only the candidates' legal moves toward the written square, in
        // the scratch list: nothing allocated per move.
        self.generate_to(from, &candidates, to, shot, all);
        if all.is_empty() {
            let c = state(&candidates[0]);
            return Err(self.explain(&c, from, to, shot, &candidates));
        }
        // The victim, named or the only one.
        let victim_of = |m: &Move| -> Option<Critter> {
            let (sq, i) = match m {
                Move::Walk(w) => (w.to, w.victim?),
                Move::Shoot(r) | Move::Chuck(r) => (r.at, r.victim),
                _ => return None,
            };
            self.stack(sq).get(usize::from(i)).copied()
        };
        if let Some(l) = a.victim {
            let named = |m: &Move| victim_of(m).is_some_and(|v| v.kind.letter() == l);
            if !all.iter().any(named) {
                return Err(illegal(format!(
                    "no {} on {} can be the victim",
                    Kind::from_letter(l)
                        .map_or_else(|| char::from(l).to_string(), |k| k.name().to_string()),
                    name(to)
                ))
                .with_suggestions(all.iter().map(|m| self.write_move(m, true)).collect()));
            }
            all.retain(named);
        }
        let chosen = all;
        // One move (the usual case): none of the tie-breaking below applies.
        // Taken from the scratch list, not copied (a walk holds a
        // displacement list).
        if chosen.len() == 1 {
            if let Some(mut m) = chosen.pop() {
                return self.finish_resolved(a, &mut m).map(|()| m);
            }
        }
        // Moves that differ only in which of two identical critters acts or
        // suffers are one move.
        let same = |x: &Move, y: &Move| {
            self.actor_of(x)
                .zip(self.actor_of(y))
                .is_some_and(|(p, q)| p.same_state(&q))
                && match (victim_of(x), victim_of(y)) {
                    (Some(p), Some(q)) => p.same_state(&q),
                    (None, None) => true,
                    _ => false,
                }
        };
        // Different critters of one kind on the square: the prefixes as
        // written, taken as the whole state, tell them apart.
        let exact = |m: &Move| {
            self.actor_of(m)
                .is_some_and(|c| c.stinky == a.stinky && c.is_lunchless() == a.lunchless)
        };
        if chosen.iter().any(exact) {
            chosen.retain(|m| exact(m));
        }
        let first = &chosen[0];
        let actors_differ = chosen.iter().any(|m| {
            self.actor_of(m)
                .zip(self.actor_of(first))
                .is_some_and(|(p, q)| !p.same_state(&q))
        });
        if actors_differ {
            return Err(Rejection::new(
                RejectionKind::Ambiguous,
                format!(
                    "several {}s on {} can do this; tell them apart with the * and - prefixes",
                    kind.name(),
                    name(from)
                ),
            )
            .with_suggestions(chosen.iter().map(|m| self.write_move(m, true)).collect()));
        }
        if chosen.iter().any(|m| !same(m, first)) {
            return Err(Rejection::new(
                RejectionKind::Ambiguous,
                "name the victim after '/'".to_string(),
            )
            .with_suggestions(chosen.iter().map(|m| self.write_move(m, true)).collect()));
        }
        let mut m = first.clone();
        self.finish_resolved(a, &mut m).map(|()| m)
    }

    /// The Bear's displacement list of the move resolved, checked.
    fn finish_resolved(&self, a: &CritterAction, m: &mut Move) -> Result<(), Rejection> {
        if let Move::Walk(w) = m {
            let Some(actor) = self.stack(w.from).get(usize::from(w.critter)).copied() else {
                return Ok(());
            };
            self.fill_displacement(a, &actor, w)
        } else if !a.displaced.is_empty() {
            Err(Rejection::new(
                RejectionKind::Illegal,
                "only a Bear displaces critters".to_string(),
            ))
        } else {
            Ok(())
        }
    }

    /// Checks and fills in a Bear's displacement list (N6, P20).
    fn fill_displacement(
        &self,
        a: &CritterAction,
        actor: &Critter,
        w: &mut Walk,
    ) -> Result<(), Rejection> {
        let dest = self.stack(w.to);
        let mut pushed: ArrayVec<&Critter, 32> = ArrayVec::new();
        // Every critter but the Bear displaces nothing: its list is empty
        // without collecting one (asked for every walk resolved).
        if actor.kind == Kind::Bear && !is_terminal(w.to) && !dest.is_empty() {
            pushed.extend(dest.iter().filter(|v| v.kind != Kind::Shrew));
        }
        if pushed.is_empty() {
            if !a.displaced.is_empty() {
                return Err(Rejection::new(
                    RejectionKind::Illegal,
                    "nothing there is displaced".to_string(),
                ));
            }
            return Ok(());
        }
        // Only for the messages.
        let wanted = || {
            pushed
                .iter()
                .map(|v| format!("{}", char::from(v.kind.letter())))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let bad = |why: String| {
            Rejection::new(RejectionKind::Illegal, why).with_rule(
                "N6: a Bear entering an occupied square lists where each displaced critter \
                 goes, each a square next to its destination (P13, P20)",
            )
        };
        if a.displaced.len() != pushed.len() || a.victim.is_some() {
            return Err(bad(format!(
                "say where each displaced critter goes ({}), as /Tc5",
                wanted()
            )));
        }
        let mut targets: ArrayVec<Option<Square>, 32> = pushed.iter().map(|_| None).collect();
        for &(letter, at) in &a.displaced {
            let Some(slot) = pushed
                .iter()
                .zip(targets.iter())
                .position(|(v, t)| t.is_none() && v.kind.letter() == letter)
            else {
                return Err(bad(format!(
                    "no {} to displace on {} (there: {})",
                    char::from(letter),
                    name(w.to),
                    wanted()
                )));
            };
            let Some(sq) = square_of(at).filter(|&sq| neighbours(w.to).any(|n| n == sq)) else {
                return Err(bad(format!(
                    "a displaced critter goes to a square next to {}",
                    name(w.to)
                )));
            };
            if !displacement_ok(pushed[slot], sq) {
                return Err(bad("a displaced Bear stays in its own half".into()));
            }
            targets[slot] = Some(sq);
        }
        w.displaced = targets.into_iter().flatten().collect();
        Ok(())
    }

    /// Why the critter cannot do what the token says.
    fn explain(
        &self,
        c: &Critter,
        from: Square,
        to: Square,
        shot: bool,
        candidates: &[u8],
    ) -> Rejection {
        let suggestions = self.suggest(|m| {
            m.actor()
                .is_some_and(|(sq, i)| sq == from && candidates.contains(&i))
        });
        let r = |msg: String, rule: &str| {
            Rejection::new(RejectionKind::Illegal, msg)
                .with_rule(rule)
                .with_suggestions(suggestions.clone())
        };
        // Legal but for the stinky compulsion?
        let mut pseudo = Vec::new();
        self.pseudo_moves(c.color, &mut pseudo, false);
        let fits = |m: &Move| match m {
            Move::Walk(w) => !shot && w.from == from && w.to == to,
            Move::Switch { from: f, to: t, .. } => !shot && *f == from && *t == to,
            Move::Shoot(x) | Move::Chuck(x) => shot && x.from == from && x.at == to,
            Move::Pass => false,
        };
        if pseudo.iter().any(fits) {
            return r("a stinky critter must move this turn".into(), RULE_STINKY);
        }
        if shot {
            if c.kind != Kind::Hunter && c.kind != Kind::Woodchuck {
                return r(
                    format!("the {} neither shoots nor chucks", c.kind.name()),
                    "only the Hunter shoots and the Woodchuck chucks (N6 `>`)",
                );
            }
            if !c.lunch {
                return r(
                    format!(
                        "a lunchless {} cannot {}",
                        c.kind.name(),
                        if c.kind == Kind::Hunter {
                            "shoot"
                        } else {
                            "chuck"
                        }
                    ),
                    RULE_LUNCHLESS,
                );
            }
            if is_terminal(from) {
                return r(
                    "critters on a terminal can do no harm".into(),
                    "critters on a terminal square ... can do no harm (seed 000)",
                );
            }
            if c.kind == Kind::Hunter {
                let (df, dr) = (
                    i16::from(to.file()) - i16::from(from.file()),
                    i16::from(to.rank()) - i16::from(from.rank()),
                );
                if (df != 0 && dr != 0) || df.abs().max(dr.abs()) > 3 {
                    return r(
                        "the Hunter shoots as far as 3 squares rookwise".into(),
                        "The Hunter ... shoots as far as 3 squares Rookwise (seed 000)",
                    );
                }
                let (sf, sr) = (df.signum() as i8, dr.signum() as i8);
                let mut sq = from;
                while let Some(next) = sq.offset(sf, sr) {
                    sq = next;
                    if sq == to {
                        break;
                    }
                    if self.is_train(sq) {
                        return r(
                            format!("the Train on {} blocks the shot", name(sq)),
                            RULE_SHOT,
                        );
                    }
                    if let Some(v) = self.stack(sq).first() {
                        return r(
                            format!("the shot is blocked by the {} on {}", describe(v), name(sq)),
                            RULE_SHOT,
                        );
                    }
                }
                return r(
                    format!("there is nothing on {} the Hunter may shoot", name(to)),
                    "the Hunter cannot shoot tiny critters, friends, or critters on terminals (seed 000, P8)",
                );
            }
            return r(
                format!("no enemy critter with lunch to hit on {}", name(to)),
                "wood is chucked 2 or 3 squares diagonally at a critter carrying lunch (seed 000, P12)",
            );
        }
        if self.is_train(to) {
            return r(format!("the Train stands on {}", name(to)), RULE_TRAIN);
        }
        if !self.stack(to).is_empty() && c.is_lunchless() {
            return r(
                format!(
                    "a lunchless {} cannot enter an occupied square",
                    c.kind.name()
                ),
                RULE_LUNCHLESS,
            );
        }
        if !self.stack(to).is_empty() && matches!(c.kind, Kind::Hunter | Kind::Woodchuck) {
            return r(
                format!("the {} never enters an occupied square", c.kind.name()),
                "The Hunter cannot move onto an occupied square; the Woodchuck can never enter an occupied square (seed 000)",
            );
        }
        if c.kind == Kind::Bear && (is_terminal(to) || !super::movegen::in_own_half(c.color, to)) {
            return r(
                "the Bear must stay in its own half and never boards the Train".into(),
                "each Bear must stay in its own half of the board (seed 000)",
            );
        }
        if is_terminal(from) {
            return r(
                "a boarding critter may only switch terminal squares; a leaving one must leave"
                    .into(),
                "RULINGS 5.3",
            );
        }
        r(
            format!(
                "the {} cannot go from {} to {}",
                c.kind.name(),
                name(from),
                name(to)
            ),
            match c.kind {
                Kind::Bear => "moves like the King (seed 000)",
                Kind::Hunter => "moves one square Rookwise (seed 000)",
                Kind::Deer => "moves like a Knightrider, blocked only by the Train (seed 000, P7)",
                Kind::Fox => "moves as bWzF3, the path empty (seed 000, P9)",
                Kind::Woodchuck => "moves as WD (seed 000)",
                Kind::Skunk => "moves like a Rook (seed 000)",
                Kind::Turkey => "moves as R3 (seed 000)",
                Kind::Chipmunk => "moves one square diagonally (seed 000)",
                Kind::Shrew => "moves diagonally forwards one square (seed 000)",
            },
        )
    }
}
