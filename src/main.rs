//! The `xpgn` binary.

fn main() -> std::process::ExitCode {
    std::process::ExitCode::SUCCESS
}
