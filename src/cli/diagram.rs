//! `xpgn diagram`: an SVG picture of one position, from a record (game N,
//! ply K) or from `--variant` and `--fen`.

use std::io::{self, Write};

use super::args::DiagramArgs;
use super::term::Stream;
use super::{CommonConfig, Error, ExitStatus};
use crate::export::diagram::Diagram;
use crate::io::{AtomicFile, InputError, Overwrite, expand};
use crate::notation::Reader;
use crate::rules::core::Square;
use crate::rules::family::{AnyPosition, GamePosition};
use crate::rules::picture::{Picture, move_arrow};
use crate::verify::{GameReport, Observer, Ply, Verifier};

/// A move's arrow: from, to.
type Arrow = Option<(Square, Square)>;

/// Keeps the wanted position of the wanted game while the verifier replays.
#[derive(Debug)]
struct Snapshot {
    game: u64,
    ply: Option<u32>,
    /// Games ended so far in this input.
    ended: u64,
    /// The position kept so far in the wanted game, its ply and arrow.
    kept: Option<(AnyPosition, u32, Arrow)>,
    /// What the wanted game gave, once it ended.
    found: Option<Result<(AnyPosition, Arrow), String>>,
}

impl Snapshot {
    fn wanted(&self) -> bool {
        self.ended + 1 == self.game
    }
}

impl Observer for Snapshot {
    fn start_position(&mut self, start: &AnyPosition) {
        if self.wanted() {
            self.kept = Some((start.clone(), 0, None));
        }
    }

    fn ply(&mut self, ply: &Ply<'_>) {
        if !ply.mainline || !self.wanted() || self.ply.is_some_and(|k| ply.number > k) {
            return;
        }
        let arrow = ply.played.and_then(move_arrow);
        self.kept = Some((ply.after.clone(), ply.number, arrow));
    }

    fn end_game(&mut self, report: &GameReport, _last: Option<&AnyPosition>) {
        if self.wanted() {
            self.found = Some(match (&report.skipped, self.kept.take(), self.ply) {
                (Some(why), _, _) => Err(format!("game {} is not verified: {why}", self.game)),
                (None, None, _) => Err(format!(
                    "game {} has no start position to draw (see `xpgn check`)",
                    self.game
                )),
                (None, Some((_, reached, _)), Some(k)) if reached < k => Err(format!(
                    "game {} has no ply {k}: its mainline {} after ply {reached}",
                    self.game,
                    if report.mainline_error_ply.is_some() {
                        "breaks"
                    } else {
                        "ends"
                    }
                )),
                (None, Some((pos, _, arrow)), _) => Ok((pos, arrow)),
            });
        }
        self.ended += 1;
    }

    fn wants_plies(&self) -> bool {
        true
    }
}

/// Runs `xpgn diagram`.
///
/// # Errors
///
/// A position that cannot be set up or found, a bad `--mark`, or an output
/// that cannot be written.
pub fn run(args: &DiagramArgs, common: &CommonConfig) -> Result<ExitStatus, Error> {
    let _ = common;
    let (pos, arrow) = match &args.input {
        Some(path) => position_in_record(path, args)?,
        None => (
            super::position_from_args(args.variant.as_deref(), args.fen.as_deref())?,
            None,
        ),
    };
    let picture = Picture::of(&pos);
    let mut diagram = Diagram::new(&picture)
        .size(args.size)
        .flip(args.flip)
        .zone(args.zone)
        .coordinates(!args.no_coordinates);
    for name in &args.mark {
        let sq = picture.parse_square(name).ok_or_else(|| Error::BadValue {
            flag: "--mark",
            value: name.clone(),
            why: format!("not a square of the {} board", pos.variant().name()),
        })?;
        diagram = diagram.mark(sq);
    }
    if let (Some((from, to)), false) = (arrow, args.no_arrow) {
        diagram = diagram.arrow(from, to);
    }
    let svg = diagram.to_svg();
    match &args.output {
        None => {
            let mut out = io::stdout().lock();
            out.write_all(svg.as_bytes())
                .and_then(|()| out.flush())
                .map_err(Error::write(Stream::Stdout))?;
        }
        Some(path) => {
            let how = if args.force {
                Overwrite::Force
            } else {
                Overwrite::Refuse
            };
            let mut file = AtomicFile::create(path, how)?;
            file.write_all(svg.as_bytes())
                .map_err(|source| crate::io::OutputError::Write {
                    path: path.clone(),
                    source,
                })?;
            file.commit()?;
        }
    }
    Ok(ExitStatus::Success)
}

/// The position after `--ply` of `--game` in the record at `path`, and the
/// arrow of the move that led there.
fn position_in_record(
    path: &std::path::Path,
    args: &DiagramArgs,
) -> Result<(AnyPosition, Arrow), Error> {
    let mut inputs = expand(std::slice::from_ref(&path.to_path_buf())).into_iter();
    let input = match (inputs.next(), inputs.next()) {
        (Some(input), None) => input?,
        (None, _) => {
            return Err(Error::BadValue {
                flag: "FILE",
                value: path.display().to_string(),
                why: "no record found there".to_owned(),
            });
        }
        (Some(_), Some(_)) => {
            return Err(Error::BadValue {
                flag: "FILE",
                value: path.display().to_string(),
                why: "a directory of several files: name one file".to_owned(),
            });
        }
    };
    let source = input.open()?;
    let snapshot = Snapshot {
        game: args.game.get(),
        ply: args.ply,
        ended: 0,
        kept: None,
        found: None,
    };
    let mut verifier = Verifier::with_observer(input.name().clone(), snapshot);
    let mut reader = Reader::new(source);
    loop {
        let more = reader.read_game(&mut verifier).map_err(|source| {
            Error::Input(InputError::Read {
                name: input.name().clone(),
                source,
            })
        })?;
        // Diagnostics are `check`'s job; the game is drawn as far as it goes.
        verifier.drain().for_each(drop);
        if let Some(found) = verifier.observer_mut().found.take() {
            return found.map_err(|why| Error::BadValue {
                flag: "--game",
                value: args.game.to_string(),
                why,
            });
        }
        if !more {
            break;
        }
    }
    let ended = verifier.observer_mut().ended;
    Err(Error::BadValue {
        flag: "--game",
        value: args.game.to_string(),
        why: format!("{} holds {ended} games", input.name()),
    })
}
