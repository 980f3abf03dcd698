//! The verifier: a visitor that replays every move against the rules and emits diagnostics.
