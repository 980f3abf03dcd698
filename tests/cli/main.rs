//! Integration tests of the `xpgn` binary: one test binary, one module per
//! area (STYLE B7).

mod util;

mod check;
mod convert;
mod convert_opts;
mod dedupe;
mod define;
mod diagram;
mod encoding;
mod engine;
mod gast;
mod generate;
mod help;
mod hostile;
mod pipeline;
mod ranges;
mod scores;
mod squares;
mod squirrel;
mod unreadable;
mod verdicts;
mod view;
