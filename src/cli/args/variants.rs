//! Arguments of `xpgn variants`, with the worked example its help and man
//! page show.

use clap::Args;

/// The worked example of docs/definitions.md, for `xpgn variants --help`
/// and its man page.
pub(super) const VARIANTS_EXAMPLE: &str = "\
Example: a 10x10 game with a custom piece and holes, in lakes.ini:

  [Lakes:chess]
  maxFile = j
  maxRank = 10
  customPiece1 = w:FC
  xpgnPieceNames = w:wizard
  promotionPieceTypes = qwrbn
  startFen = wrnbqkbnrw/pppppppppp/10/10/2**2**2/2**2**2/10/10/PPPPPPPPPP/WRNBQKBNRW w - - 0 1
  doubleStepRegionWhite = *2
  doubleStepRegionBlack = *9
  promotionRegionWhite = *10
  promotionRegionBlack = *1
  castling = false

The wizard leaps as ferz or camel (Betza FC); each '*' is a hole.

  xpgn variants --variants lakes.ini         # validate and list
  xpgn --variants lakes.ini perft --variant lakes 2
  xpgn --variants lakes.ini check games.pgn  # games with [Variant \"Lakes\"]
  xpgn variants --show Gast                  # a built-in definition to copy";

/// Arguments of `xpgn variants`.
#[derive(Debug, Args)]
pub struct VariantsArgs {
    /// Print the definition of game NAME in the definition-file syntax
    /// (its section and those it inherits from), to copy and change.
    ///
    /// The chess-like games have one: Chess, Chess960, Gast, Gast 14x12,
    /// Squirrel and every game of a `--variants` file.
    #[arg(long, value_name = "NAME")]
    pub show: Option<String>,
}
