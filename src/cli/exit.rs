//! Exit statuses and how they combine.

/// The process exit status, ordered from best to worst.
///
/// | status | code | meaning |
/// |---|---|---|
/// | [`Success`](ExitStatus::Success) | 0 | every game is valid (warnings allowed) |
/// | [`Invalid`](ExitStatus::Invalid) | 1 | every input was read, but some game is invalid (or, with `check --deny-warnings`, has a warning) |
/// | [`Error`](ExitStatus::Error) | 2 | bad usage, an unreadable input, unwritable output |
/// | [`Interrupted`](ExitStatus::Interrupted) | 130 | Ctrl-C, after partial outputs were removed |
/// | | 143, 129 | SIGTERM, SIGHUP: likewise (`cli::run`'s signal thread exits with 128 + the signal) |
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub enum ExitStatus {
    /// 0: everything is fine.
    #[default]
    Success,
    /// 1: some game is invalid.
    Invalid,
    /// 2: an operational error.
    Error,
    /// 130: interrupted by Ctrl-C (128 + SIGINT, as shells expect).
    Interrupted,
}

impl ExitStatus {
    /// The numeric exit code.
    pub const fn code(self) -> u8 {
        match self {
            ExitStatus::Success => 0,
            ExitStatus::Invalid => 1,
            ExitStatus::Error => 2,
            ExitStatus::Interrupted => 130,
        }
    }

    /// The worse of two statuses: an error outweighs an invalid game, which
    /// outweighs success; an interruption outweighs everything.
    #[must_use]
    pub fn merge(self, other: ExitStatus) -> ExitStatus {
        self.max(other)
    }

    /// The worst of many statuses; [`Success`](ExitStatus::Success) when there are none.
    pub fn worst(statuses: impl IntoIterator<Item = ExitStatus>) -> ExitStatus {
        statuses
            .into_iter()
            .fold(ExitStatus::Success, ExitStatus::merge)
    }
}

impl From<ExitStatus> for std::process::ExitCode {
    fn from(status: ExitStatus) -> std::process::ExitCode {
        std::process::ExitCode::from(status.code())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_the_documented_ones() {
        assert_eq!(ExitStatus::Success.code(), 0);
        assert_eq!(ExitStatus::Invalid.code(), 1);
        assert_eq!(ExitStatus::Error.code(), 2);
        assert_eq!(ExitStatus::Interrupted.code(), 130);
    }

    #[test]
    fn merge_keeps_the_worst() {
        use ExitStatus::*;
        assert_eq!(Success.merge(Success), Success);
        assert_eq!(Success.merge(Invalid), Invalid);
        assert_eq!(Invalid.merge(Success), Invalid);
        assert_eq!(Invalid.merge(Error), Error);
        assert_eq!(Error.merge(Invalid), Error);
        assert_eq!(Error.merge(Interrupted), Interrupted);
        assert_eq!(Interrupted.merge(Success), Interrupted);
    }

    #[test]
    fn worst_of_none_is_success() {
        use ExitStatus::*;
        assert_eq!(ExitStatus::worst([]), Success);
        assert_eq!(ExitStatus::worst([Success, Invalid, Success]), Invalid);
        assert_eq!(ExitStatus::worst([Error, Invalid]), Error);
    }
}
