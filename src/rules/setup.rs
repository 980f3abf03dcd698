//! A game's start position from its setup tags (`Variant`, `SetUp`, `FEN`,
//! `Postal`, `Readings`): the one place that decides it, for the verifier,
//! every exporter and the command line.
//!
//! Each way a start position can fail to be read is one variant of
//! [`SetupError`], so callers pick their diagnostic from the variant rather
//! than from a message.

use super::Variant;
use super::family::AnyPosition;
use super::squares::Postal;
use super::variant::Status;

/// The setup tags of one game, as written (values untrimmed or trimmed;
/// [`start_position`] trims them).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SetupTags<'a> {
    /// `[Variant]`: FIDE chess without one (or with an empty one).
    pub variant: Option<&'a str>,
    /// `[SetUp]`: `"1"` says the game starts from its `[FEN]`.
    pub setup: Option<&'a str>,
    /// `[FEN]`: the start position.
    pub fen: Option<&'a str>,
    /// `[Postal]` (squares family only, RULINGS N1).
    pub postal: Option<&'a str>,
    /// `[Readings]`: the alternative readings RULINGS keeps as switches.
    pub readings: Option<&'a str>,
    /// A setup tag whose line the reader could not read (longer than its
    /// limit): the start position is then unknown, whatever the others say.
    pub unreadable: Option<&'static str>,
}

impl<'a> SetupTags<'a> {
    /// The setup tags among `tags` (name, value pairs in source order; the
    /// last of a repeated tag wins, as [`crate::record::Game::tag`] reads).
    pub fn from_pairs<I, N, V>(tags: I) -> SetupTags<'a>
    where
        I: IntoIterator<Item = &'a (N, V)>,
        N: AsRef<str> + 'a,
        V: AsRef<str> + 'a,
    {
        let mut out = SetupTags::default();
        for (name, value) in tags {
            let value = Some(value.as_ref());
            match name.as_ref() {
                "Variant" => out.variant = value,
                "SetUp" => out.setup = value,
                "FEN" => out.fen = value,
                "Postal" => out.postal = value,
                "Readings" => out.readings = value,
                _ => {}
            }
        }
        out
    }
}

/// The tag names [`start_position`] reads.
pub const SETUP_TAGS: [&str; 5] = ["Variant", "SetUp", "FEN", "Postal", "Readings"];

/// Why a game's start position cannot be read from its tags.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// `[Variant]` names no game xpgn knows.
    #[error("variant '{name}' is not supported")]
    UnknownVariant {
        /// The name as written (trimmed).
        name: String,
    },
    /// A game xpgn knows but cannot replay yet.
    #[error("{variant}: records are read but moves are not verified yet")]
    NotImplemented {
        /// The game.
        variant: Variant,
    },
    /// A setup tag's line was too long for the reader and was skipped.
    #[error(
        "the {tag} tag could not be read (its line is longer than the reader's limit): the start position is unknown"
    )]
    UnreadableTag {
        /// The tag's name.
        tag: &'static str,
    },
    /// `[SetUp "1"]` without a `[FEN]`.
    #[error("[SetUp \"1\"] says the game starts from its FEN, but it has no FEN tag")]
    SetUpWithoutFen,
    /// `[FEN]` does not give a position of the game.
    #[error("the FEN tag does not give a valid {variant} position: {reason}")]
    InvalidFen {
        /// The game.
        variant: Variant,
        /// What the game's FEN reader found wrong.
        reason: String,
    },
    /// The game has no start array of its own (a FEN is needed).
    #[error("{variant}: {reason}")]
    NoStart {
        /// The game.
        variant: Variant,
        /// Why.
        reason: String,
    },
    /// `[Postal]` is not one of its values.
    #[error("the Postal tag must be \"yes\", \"plus\" or \"no\", not \"{value}\"")]
    InvalidPostal {
        /// The value as written (trimmed).
        value: String,
    },
    /// `[Readings]` names a reading xpgn does not know.
    #[error(
        "the Readings tag: unknown reading '{word}' (known: G8b and G10a for Gast, P4b for PASGL 312)"
    )]
    UnknownReading {
        /// The reading as written.
        word: String,
    },
    /// `[Readings]` names a reading of another game.
    #[error("the Readings tag: the reading '{word}' belongs to {game}, not {variant}")]
    ReadingOfAnotherGame {
        /// The reading as written.
        word: String,
        /// The game it belongs to.
        game: Variant,
        /// The game of the record.
        variant: Variant,
    },
}

impl SetupError {
    /// Whether the game itself is at fault (an error), rather than xpgn not
    /// knowing its rules (an unknown or not yet implemented game: a
    /// warning, and the game is skipped).
    pub fn is_invalid_record(&self) -> bool {
        !matches!(
            self,
            SetupError::UnknownVariant { .. } | SetupError::NotImplemented { .. }
        )
    }
}

/// The game a `[Variant]` value names: FIDE chess for none or an empty one.
///
/// # Errors
/// [`SetupError::UnknownVariant`] for a name xpgn does not know.
pub fn variant_named(name: Option<&str>) -> Result<Variant, SetupError> {
    match name.map(str::trim) {
        Some(name) if !name.is_empty() => {
            Variant::from_name(name).ok_or_else(|| SetupError::UnknownVariant {
                name: name.to_string(),
            })
        }
        _ => Ok(Variant::Chess),
    }
}

/// The start position of a game of `variant` under the other setup tags
/// (the variant already looked up, for callers that cache it).
///
/// # Errors
/// See [`SetupError`].
pub fn start_of(variant: Variant, tags: &SetupTags<'_>) -> Result<AnyPosition, SetupError> {
    if let Some(tag) = tags.unreadable {
        return Err(SetupError::UnreadableTag { tag });
    }
    if variant.status() == Status::Planned {
        return Err(SetupError::NotImplemented { variant });
    }
    let fen = tags.fen.map(str::trim);
    if fen.is_none() && tags.setup.is_some_and(|s| s.trim() == "1") {
        return Err(SetupError::SetUpWithoutFen);
    }
    let mut p = AnyPosition::setup(variant, fen)?;
    let postal = tags.postal.map_or("", str::trim);
    if !postal.is_empty() {
        match (p.as_squares(), Postal::from_tag(postal)) {
            (Some(_), Some(option)) => p = p.with_postal(option),
            (Some(_), None) => {
                return Err(SetupError::InvalidPostal {
                    value: postal.to_string(),
                });
            }
            // The Postal rule belongs to the squares family (N1).
            (None, _) => {}
        }
    }
    let readings = tags.readings.map_or("", str::trim);
    if !readings.is_empty() {
        p = p.with_readings(readings)?;
    }
    Ok(p)
}

/// A game's start position from its setup tags.
///
/// # Errors
/// See [`SetupError`].
///
/// # Examples
///
/// ```
/// use xpgn::rules::family::GamePosition;
/// use xpgn::rules::setup::{SetupError, SetupTags, start_position};
///
/// let tags = SetupTags { setup: Some("1"), ..SetupTags::default() };
/// assert_eq!(start_position(&tags).err(), Some(SetupError::SetUpWithoutFen));
///
/// let tags = SetupTags {
///     fen: Some("8/8/8/8/8/8/8/K1k5 w - - 0 1"),
///     ..SetupTags::default()
/// };
/// assert_eq!(start_position(&tags)?.fen(), "8/8/8/8/8/8/8/K1k5 w - - 0 1");
/// # Ok::<(), SetupError>(())
/// ```
pub fn start_position(tags: &SetupTags<'_>) -> Result<AnyPosition, SetupError> {
    if let Some(tag) = tags.unreadable {
        return Err(SetupError::UnreadableTag { tag });
    }
    start_of(variant_named(tags.variant)?, tags)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::family::GamePosition;

    fn tags(pairs: &[(&str, &str)]) -> Result<AnyPosition, SetupError> {
        let pairs: Vec<(String, String)> = pairs
            .iter()
            .map(|(n, v)| (n.to_string(), v.to_string()))
            .collect();
        start_position(&SetupTags::from_pairs(&pairs))
    }

    #[test]
    fn no_tags_is_the_chess_start() {
        let p = tags(&[]).expect("start");
        assert_eq!(
            p.fen(),
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
        );
    }

    #[test]
    fn setup_one_without_fen_is_an_error_not_the_standard_start() {
        assert_eq!(
            tags(&[("SetUp", "1")]).err(),
            Some(SetupError::SetUpWithoutFen)
        );
        assert!(tags(&[("SetUp", "0")]).is_ok());
    }

    #[test]
    fn an_unreadable_fen_tag_is_an_error_whatever_the_others_say() {
        let t = SetupTags {
            unreadable: Some("FEN"),
            ..SetupTags::default()
        };
        assert_eq!(
            start_position(&t).err(),
            Some(SetupError::UnreadableTag { tag: "FEN" })
        );
    }

    #[test]
    fn each_failure_is_its_own_variant() {
        assert!(matches!(
            tags(&[("Variant", "Nonesuch")]),
            Err(SetupError::UnknownVariant { .. })
        ));
        assert!(matches!(
            tags(&[("FEN", "not a fen")]),
            Err(SetupError::InvalidFen {
                variant: Variant::Chess,
                ..
            })
        ));
        assert!(matches!(
            tags(&[("Variant", "Hans38"), ("Postal", "maybe")]),
            Err(SetupError::InvalidPostal { .. })
        ));
        assert!(matches!(
            tags(&[("Readings", "G11c")]),
            Err(SetupError::UnknownReading { .. })
        ));
        assert!(matches!(
            tags(&[("Readings", "G8b")]),
            Err(SetupError::ReadingOfAnotherGame {
                game: Variant::Gast,
                ..
            })
        ));
    }

    #[test]
    fn postal_applies_to_the_squares_family_only() {
        let hans = tags(&[("Variant", "Hans38"), ("Postal", "yes")]).expect("postal");
        let plain = tags(&[("Variant", "Hans38")]).expect("plain");
        let postal = |p: &AnyPosition| p.as_squares().map(|s| s.config().postal);
        assert_eq!(postal(&hans), Some(Postal::Yes));
        assert_eq!(postal(&plain), Some(Postal::Off));
        assert!(tags(&[("Postal", "yes")]).is_ok(), "ignored for chess");
    }

    #[test]
    fn the_last_of_a_repeated_tag_wins() {
        let p = tags(&[("FEN", "bad"), ("FEN", "8/8/8/8/8/8/8/K1k5 w - - 0 1")]).expect("last");
        assert_eq!(p.fen(), "8/8/8/8/8/8/8/K1k5 w - - 0 1");
    }
}
