//! Inputs (files, directories, stdin) and atomic output files.
//!
//! Nothing here knows about clap or terminals (STYLE B1): the CLI turns its
//! arguments into paths and hands them over. Compressed inputs (`.gz`, `.bz2`,
//! `.zst`) are decoded here ([`Input::open_decoded`]), so callers only ever
//! see a `Read`.

pub mod decompress;
pub mod inputs;
pub mod output;
pub mod sorted;
pub mod split;

pub use inputs::{Input, InputError, InputSource, SkippedLink, expand, expand_with};
pub use output::{AtomicFile, AtomicSet, OutputError, Overwrite, remove_partial_outputs};
