//! xpgn reads, verifies, converts and analyses recorded games of chess and of
//! chess variants.
//!
//! The pipeline: [`notation`] turns bytes into events, [`verify`] replays the
//! moves against [`rules`] and emits [`diag::Diagnostic`]s, [`export`] writes
//! positions and records, and [`cli`] ties it together for the `xpgn` binary.
#![forbid(unsafe_code)]
#![warn(missing_docs, missing_debug_implementations)]
#![cfg_attr(not(test), warn(clippy::unwrap_used))]

pub mod cli;
pub mod diag;
pub mod export;
pub mod io;
pub mod notation;
pub mod record;
pub mod rules;
pub mod verify;
