//! `--games 5,10-20`: games chosen by their number in their input (the
//! `game` column of `stats`, `fen` and `scores`), one parser for every
//! command that takes it.

use std::fmt;
use std::str::FromStr;

/// A set of game numbers: ranges, sorted and merged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameSelection {
    /// Inclusive ranges, sorted, none touching another.
    ranges: Vec<(u64, u64)>,
}

/// Why a `--games` value cannot be read.
#[derive(Debug, PartialEq, Eq)]
pub struct BadSelection(String);

impl fmt::Display for BadSelection {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for BadSelection {}

impl FromStr for GameSelection {
    type Err = BadSelection;

    fn from_str(text: &str) -> Result<GameSelection, BadSelection> {
        let number = |s: &str| -> Result<u64, BadSelection> {
            match s.trim().parse::<u64>() {
                Ok(0) => Err(BadSelection("games are numbered from 1".into())),
                Ok(n) => Ok(n),
                Err(_) => Err(BadSelection(format!("'{}' is not a game number", s.trim()))),
            }
        };
        let mut ranges = Vec::new();
        for part in text.split(',') {
            let (lo, hi) = match part.split_once('-') {
                Some((a, b)) => (number(a)?, number(b)?),
                None => {
                    let n = number(part)?;
                    (n, n)
                }
            };
            if lo > hi {
                return Err(BadSelection(format!("the range {lo}-{hi} runs backwards")));
            }
            ranges.push((lo, hi));
        }
        ranges.sort_unstable();
        let mut merged: Vec<(u64, u64)> = Vec::with_capacity(ranges.len());
        for (lo, hi) in ranges {
            match merged.last_mut() {
                Some(last) if lo <= last.1.saturating_add(1) => last.1 = last.1.max(hi),
                _ => merged.push((lo, hi)),
            }
        }
        Ok(GameSelection { ranges: merged })
    }
}

impl GameSelection {
    /// Whether game number `n` is chosen.
    pub fn contains(&self, n: u64) -> bool {
        let i = self.ranges.partition_point(|&(_, hi)| hi < n);
        self.ranges.get(i).is_some_and(|&(lo, _)| lo <= n)
    }
}

/// Whether `selection` (none: every game) chooses game `n`.
pub fn chosen(selection: Option<&GameSelection>, n: u64) -> bool {
    selection.is_none_or(|s| s.contains(n))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_and_ranges_in_any_order_merge() {
        let s: GameSelection = "10-20,5,19-25,7".parse().expect("valid");
        assert_eq!(s.ranges, [(5, 5), (7, 7), (10, 25)]);
        for (n, want) in [
            (4, false),
            (5, true),
            (6, false),
            (7, true),
            (10, true),
            (25, true),
            (26, false),
        ] {
            assert_eq!(s.contains(n), want, "{n}");
        }
    }

    #[test]
    fn bad_values_are_named() {
        for (text, why) in [
            ("0", "numbered from 1"),
            ("a", "'a' is not a game number"),
            ("5-3", "runs backwards"),
            ("", "'' is not a game number"),
            ("1-", "'' is not a game number"),
        ] {
            let e = text.parse::<GameSelection>().expect_err(text);
            assert!(e.to_string().contains(why), "{text}: {e}");
        }
    }
}
