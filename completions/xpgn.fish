# Print an optspec for argparse to handle cmd's options that are independent of any subcommand.
function __fish_xpgn_global_optspecs
    string join \n color= q/quiet encoding= variants= h/help V/version
end

function __fish_xpgn_needs_command
    # Figure out if the current invocation already has a command.
    set -l cmd (commandline -opc)
    set -e cmd[1]
    argparse -s (__fish_xpgn_global_optspecs) -- $cmd 2>/dev/null
    or return
    if set -q argv[1]
        # Also print the command, so this can be used to figure out what it is.
        echo $argv[1]
        return 1
    end
    return 0
end

function __fish_xpgn_using_subcommand
    set -l cmd (__fish_xpgn_needs_command)
    test -z "$cmd"
    and return 1
    contains -- $cmd[1] $argv
end

complete -c xpgn -n "__fish_xpgn_needs_command" -l color -d 'When to colour the output' -r -f -a "auto\t'Colour a stream only when it is a terminal and NO_COLOR and TERM allow it'
always\t'Always colour, even into a pipe or file'
never\t'Never colour'"
complete -c xpgn -n "__fish_xpgn_needs_command" -l encoding -d 'How tag values and comments that are not UTF-8 are read' -r -f -a "utf-8\t'UTF-8; invalid bytes become U+FFFD, with a warning'
latin-1\t'Latin-1 (Windows-1252), every byte one character'
auto\t'UTF-8 where it is valid, else Latin-1, per tag value and comment'"
complete -c xpgn -n "__fish_xpgn_needs_command" -l variants -d 'Read game definitions from FILE (Fairy-Stockfish\'s variants.ini syntax, docs/definitions.md); repeatable' -r -F
complete -c xpgn -n "__fish_xpgn_needs_command" -s q -l quiet -d 'Print no summary line and no progress'
complete -c xpgn -n "__fish_xpgn_needs_command" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c xpgn -n "__fish_xpgn_needs_command" -s V -l version -d 'Print version'
complete -c xpgn -n "__fish_xpgn_needs_command" -f -a "check" -d 'Validate records and report every problem'
complete -c xpgn -n "__fish_xpgn_needs_command" -f -a "fen" -d 'Print the position after each game, one FEN per line'
complete -c xpgn -n "__fish_xpgn_needs_command" -f -a "perft" -d 'Count the leaf nodes of the legal move tree (perft)'
complete -c xpgn -n "__fish_xpgn_needs_command" -f -a "moves" -d 'List the legal moves of a position'
complete -c xpgn -n "__fish_xpgn_needs_command" -f -a "convert" -d 'Convert records to PGN export format, JSON or JSON Lines'
complete -c xpgn -n "__fish_xpgn_needs_command" -f -a "stats" -d 'Write one CSV row of statistics per game'
complete -c xpgn -n "__fish_xpgn_needs_command" -f -a "scores" -d 'Print the score timeline of each game: the counts after every half-move'
complete -c xpgn -n "__fish_xpgn_needs_command" -f -a "dedupe" -d 'Find games recorded more than once'
complete -c xpgn -n "__fish_xpgn_needs_command" -f -a "diagram" -d 'Draw a position as an SVG picture'
complete -c xpgn -n "__fish_xpgn_needs_command" -f -a "view" -d 'Write one self-contained HTML page to look through games'
complete -c xpgn -n "__fish_xpgn_needs_command" -f -a "variants" -d 'List the games xpgn knows, their status and their pieces'
complete -c xpgn -n "__fish_xpgn_needs_command" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c xpgn -n "__fish_xpgn_using_subcommand check" -l format -d 'How to report problems' -r -f -a "human\t'Compiler-style diagnostics and a summary line on stderr'
json\t'One JSON object per diagnostic per line on stdout, then a summary object'"
complete -c xpgn -n "__fish_xpgn_using_subcommand check" -s j -l jobs -d 'Check with N threads (default: all cores)' -r
complete -c xpgn -n "__fish_xpgn_using_subcommand check" -l transcript -d 'Read the input as a printed transcript of a game of VARIANT, as rule books print sample games: numbered move lines (`3.  @@e3   @g8-e6`) with prose between them, the prose kept as comments' -r -f -a "Chess\t''
Chess960\t''
Gast\t''
Gast14x12\t''
Squirrel\t''
SquaresBasic\t''
Hans38\t''
Hans38Neutral\t''
InfiniteReserves\t''
MovingSquares\t''
PASGL312\t''
Atomic\t''
Antichess\t''
Crazyhouse\t''
KingoftheHill\t''
Three-check\t''
Horde\t''
RacingKings\t''"
complete -c xpgn -n "__fish_xpgn_using_subcommand check" -l allow -d 'Hide findings with this code (docs/diagnostics.md lists them), or every finding of a severity with `notes` or `warnings`' -r
complete -c xpgn -n "__fish_xpgn_using_subcommand check" -l range -d 'Read only the games that begin in bytes START..END of one plain (uncompressed) file, each to its end (for a cluster job that cuts a file into ranges; docs/parallel.md). Game numbers and lines count from the range\'s first game. Ranges `0:a`, `a:b`, ... read every game once' -r
complete -c xpgn -n "__fish_xpgn_using_subcommand check" -l color -d 'When to colour the output' -r -f -a "auto\t'Colour a stream only when it is a terminal and NO_COLOR and TERM allow it'
always\t'Always colour, even into a pipe or file'
never\t'Never colour'"
complete -c xpgn -n "__fish_xpgn_using_subcommand check" -l encoding -d 'How tag values and comments that are not UTF-8 are read' -r -f -a "utf-8\t'UTF-8; invalid bytes become U+FFFD, with a warning'
latin-1\t'Latin-1 (Windows-1252), every byte one character'
auto\t'UTF-8 where it is valid, else Latin-1, per tag value and comment'"
complete -c xpgn -n "__fish_xpgn_using_subcommand check" -l variants -d 'Read game definitions from FILE (Fairy-Stockfish\'s variants.ini syntax, docs/definitions.md); repeatable' -r -F
complete -c xpgn -n "__fish_xpgn_using_subcommand check" -l deny-warnings -d 'Fail on warnings: any warning not hidden by `--allow` gives exit status 1, as an invalid game does'
complete -c xpgn -n "__fish_xpgn_using_subcommand check" -s q -l quiet -d 'Print no summary line and no progress'
complete -c xpgn -n "__fish_xpgn_using_subcommand check" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c xpgn -n "__fish_xpgn_using_subcommand fen" -l ply -d 'Print the position after ply N (1 = after White\'s first move) instead of the final one' -r
complete -c xpgn -n "__fish_xpgn_using_subcommand fen" -l transcript -d 'Read the input as a printed transcript of a game of VARIANT, as rule books print sample games: numbered move lines (`3.  @@e3   @g8-e6`) with prose between them, the prose kept as comments' -r -f -a "Chess\t''
Chess960\t''
Gast\t''
Gast14x12\t''
Squirrel\t''
SquaresBasic\t''
Hans38\t''
Hans38Neutral\t''
InfiniteReserves\t''
MovingSquares\t''
PASGL312\t''
Atomic\t''
Antichess\t''
Crazyhouse\t''
KingoftheHill\t''
Three-check\t''
Horde\t''
RacingKings\t''"
complete -c xpgn -n "__fish_xpgn_using_subcommand fen" -l format -d 'How to print: FEN lines, or CSV/JSON Lines with the game, ply, move and position' -r -f -a "plain\t'One FEN per line'
csv\t'CSV with a header: game, ply, move, position'
json\t'One JSON object per line: game, ply, move, position'
epd\t'One EPD per line: the FEN without its two clocks, then the `hmvc` and `fmvn` operations. For the games whose FEN ends in the two clocks: chess, Chess960 and the lichess variants'"
complete -c xpgn -n "__fish_xpgn_using_subcommand fen" -l style -d 'Whose position strings: xpgn\'s own (every game), or Fairy-Stockfish\'s for the games it can express (Chess, Chess960, Squirrel with the definition in contrib/fairy-stockfish/variants.ini)' -r -f -a "xpgn\t'xpgn\'s strings (docs/formats.md), standard FEN for chess'
fairy\t'Fairy-Stockfish\'s FEN: Chess and Chess960 as xpgn writes them, Squirrel without its seventh field (promotions made)'"
complete -c xpgn -n "__fish_xpgn_using_subcommand fen" -l games -d 'Only these games, by their number in their input (the `game` column): numbers and ranges, e.g. `5,10-20`' -r
complete -c xpgn -n "__fish_xpgn_using_subcommand fen" -l color -d 'When to colour the output' -r -f -a "auto\t'Colour a stream only when it is a terminal and NO_COLOR and TERM allow it'
always\t'Always colour, even into a pipe or file'
never\t'Never colour'"
complete -c xpgn -n "__fish_xpgn_using_subcommand fen" -l encoding -d 'How tag values and comments that are not UTF-8 are read' -r -f -a "utf-8\t'UTF-8; invalid bytes become U+FFFD, with a warning'
latin-1\t'Latin-1 (Windows-1252), every byte one character'
auto\t'UTF-8 where it is valid, else Latin-1, per tag value and comment'"
complete -c xpgn -n "__fish_xpgn_using_subcommand fen" -l variants -d 'Read game definitions from FILE (Fairy-Stockfish\'s variants.ini syntax, docs/definitions.md); repeatable' -r -F
complete -c xpgn -n "__fish_xpgn_using_subcommand fen" -l all -d 'Print the position after every ply, the start position first'
complete -c xpgn -n "__fish_xpgn_using_subcommand fen" -s q -l quiet -d 'Print no summary line and no progress'
complete -c xpgn -n "__fish_xpgn_using_subcommand fen" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c xpgn -n "__fish_xpgn_using_subcommand perft" -l variant -d 'The game, by name (e.g. `chess`, `gast`); case, spaces, `-` and `_` are ignored' -r -f -a "Chess\t''
Chess960\t''
Gast\t''
Gast14x12\t''
Squirrel\t''
SquaresBasic\t''
Hans38\t''
Hans38Neutral\t''
InfiniteReserves\t''
MovingSquares\t''
PASGL312\t''
Atomic\t''
Antichess\t''
Crazyhouse\t''
KingoftheHill\t''
Three-check\t''
Horde\t''
RacingKings\t''"
complete -c xpgn -n "__fish_xpgn_using_subcommand perft" -l fen -d 'Start from this position instead of the variant\'s start position' -r
complete -c xpgn -n "__fish_xpgn_using_subcommand perft" -l postal -d 'Squares family: play under the Postal rule (`yes`) or Postal Plus (`plus`), as a record\'s `[Postal]` tag does' -r -f -a "yes\t''
plus\t''
no\t''"
complete -c xpgn -n "__fish_xpgn_using_subcommand perft" -l readings -d 'Alternative readings RULINGS keeps as switches, as a record\'s `[Readings]` tag gives them: `G8b` (Gast promotes to Q, R, B, N only), `G10a` (Gast\'s archer to g1 when castling with both), `P4b` (PASGL scores before the Train moves)' -r
complete -c xpgn -n "__fish_xpgn_using_subcommand perft" -l color -d 'When to colour the output' -r -f -a "auto\t'Colour a stream only when it is a terminal and NO_COLOR and TERM allow it'
always\t'Always colour, even into a pipe or file'
never\t'Never colour'"
complete -c xpgn -n "__fish_xpgn_using_subcommand perft" -l encoding -d 'How tag values and comments that are not UTF-8 are read' -r -f -a "utf-8\t'UTF-8; invalid bytes become U+FFFD, with a warning'
latin-1\t'Latin-1 (Windows-1252), every byte one character'
auto\t'UTF-8 where it is valid, else Latin-1, per tag value and comment'"
complete -c xpgn -n "__fish_xpgn_using_subcommand perft" -l variants -d 'Read game definitions from FILE (Fairy-Stockfish\'s variants.ini syntax, docs/definitions.md); repeatable' -r -F
complete -c xpgn -n "__fish_xpgn_using_subcommand perft" -l divide -d 'Print the count below each legal move of the root position first'
complete -c xpgn -n "__fish_xpgn_using_subcommand perft" -s q -l quiet -d 'Print no summary line and no progress'
complete -c xpgn -n "__fish_xpgn_using_subcommand perft" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c xpgn -n "__fish_xpgn_using_subcommand moves" -l variant -d 'The game, by name (e.g. `chess`, `gast`); case, spaces, `-` and `_` are ignored' -r -f -a "Chess\t''
Chess960\t''
Gast\t''
Gast14x12\t''
Squirrel\t''
SquaresBasic\t''
Hans38\t''
Hans38Neutral\t''
InfiniteReserves\t''
MovingSquares\t''
PASGL312\t''
Atomic\t''
Antichess\t''
Crazyhouse\t''
KingoftheHill\t''
Three-check\t''
Horde\t''
RacingKings\t''"
complete -c xpgn -n "__fish_xpgn_using_subcommand moves" -l fen -d 'The position instead of the variant\'s start position' -r
complete -c xpgn -n "__fish_xpgn_using_subcommand moves" -l postal -d 'Squares family: play under the Postal rule (`yes`) or Postal Plus (`plus`), as a record\'s `[Postal]` tag does' -r -f -a "yes\t''
plus\t''
no\t''"
complete -c xpgn -n "__fish_xpgn_using_subcommand moves" -l readings -d 'Alternative readings RULINGS keeps as switches, as a record\'s `[Readings]` tag gives them: `G8b` (Gast promotes to Q, R, B, N only), `G10a` (Gast\'s archer to g1 when castling with both), `P4b` (PASGL scores before the Train moves)' -r
complete -c xpgn -n "__fish_xpgn_using_subcommand moves" -l color -d 'When to colour the output' -r -f -a "auto\t'Colour a stream only when it is a terminal and NO_COLOR and TERM allow it'
always\t'Always colour, even into a pipe or file'
never\t'Never colour'"
complete -c xpgn -n "__fish_xpgn_using_subcommand moves" -l encoding -d 'How tag values and comments that are not UTF-8 are read' -r -f -a "utf-8\t'UTF-8; invalid bytes become U+FFFD, with a warning'
latin-1\t'Latin-1 (Windows-1252), every byte one character'
auto\t'UTF-8 where it is valid, else Latin-1, per tag value and comment'"
complete -c xpgn -n "__fish_xpgn_using_subcommand moves" -l variants -d 'Read game definitions from FILE (Fairy-Stockfish\'s variants.ini syntax, docs/definitions.md); repeatable' -r -F
complete -c xpgn -n "__fish_xpgn_using_subcommand moves" -s q -l quiet -d 'Print no summary line and no progress'
complete -c xpgn -n "__fish_xpgn_using_subcommand moves" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c xpgn -n "__fish_xpgn_using_subcommand convert" -l to -d 'The output format' -r -f -a "pgn\t'PGN in the export format of the 1994 standard'
json\t'One JSON array of game objects'
jsonl\t'One game object per line (JSON Lines)'"
complete -c xpgn -n "__fish_xpgn_using_subcommand convert" -l from -d 'The input format: by name (`auto`: `.json` and `.jsonl` files are JSON written by `xpgn convert`, everything else PGN), or every input as PGN or as JSON/JSON Lines, `-` included (`--from json -` reads JSON Lines on standard input)' -r -f -a "auto\t'By the file\'s name: `.json` and `.jsonl` are JSON, the rest PGN'
pgn\t'PGN, whatever the name'
json\t'JSON or JSON Lines records, whatever the name'"
complete -c xpgn -n "__fish_xpgn_using_subcommand convert" -l moves -d 'The notation of moves in PGN output' -r -f -a "san\t'Short algebraic notation (SAN and the game\'s equivalent)'
lan\t'Long algebraic notation (from and to squares always written)'
uci\t'UCI as Fairy-Stockfish writes it (e2e4, e7e8q, P@e4; castling as the king\'s move, king takes rook in Chess960), and xpgn\'s extension for the squares family and PASGL (docs/formats.md). PGN inputs only'"
complete -c xpgn -n "__fish_xpgn_using_subcommand convert" -l split -d 'Write every N games to a file of their own, named after `-o OUT` with a number before its extension (out-001.pgn, out-002.pgn, ...); the files appear together when the run succeeds, or none of them. Needs -o OUT; --output-invalid stays one file' -r
complete -c xpgn -n "__fish_xpgn_using_subcommand convert" -s j -l jobs -d 'Use N threads (default: all cores)' -r
complete -c xpgn -n "__fish_xpgn_using_subcommand convert" -s o -l output -d 'Write to FILE instead of standard output' -r -F
complete -c xpgn -n "__fish_xpgn_using_subcommand convert" -l tag -d 'Keep only games whose tag NAME has exactly VALUE (NAME=VALUE; repeatable, all must hold)' -r
complete -c xpgn -n "__fish_xpgn_using_subcommand convert" -l tag-regex -d 'Keep only games whose tag NAME matches the regular expression REGEX somewhere (NAME=REGEX; repeatable)' -r
complete -c xpgn -n "__fish_xpgn_using_subcommand convert" -l variant -d 'Keep only games of this variant (any name xpgn accepts for it)' -r -f -a "Chess\t''
Chess960\t''
Gast\t''
Gast14x12\t''
Squirrel\t''
SquaresBasic\t''
Hans38\t''
Hans38Neutral\t''
InfiniteReserves\t''
MovingSquares\t''
PASGL312\t''
Atomic\t''
Antichess\t''
Crazyhouse\t''
KingoftheHill\t''
Three-check\t''
Horde\t''
RacingKings\t''"
complete -c xpgn -n "__fish_xpgn_using_subcommand convert" -l result -d 'Keep only games with this result: 1-0, 0-1, 1/2-1/2 or *' -r
complete -c xpgn -n "__fish_xpgn_using_subcommand convert" -l min-plies -d 'Keep only games whose mainline has at least N plies' -r
complete -c xpgn -n "__fish_xpgn_using_subcommand convert" -l max-plies -d 'Keep only games whose mainline has at most N plies' -r
complete -c xpgn -n "__fish_xpgn_using_subcommand convert" -l validity -d 'Keep only valid or only invalid games' -r -f -a "valid\t'Games without errors'
invalid\t'Games with at least one error'"
complete -c xpgn -n "__fish_xpgn_using_subcommand convert" -l output-invalid -d 'Write invalid games to FILE (in the `--to` format) instead of the output' -r -F
complete -c xpgn -n "__fish_xpgn_using_subcommand convert" -l games -d 'Only these games, by their number in their input (the `game` column): numbers and ranges, e.g. `5,10-20`' -r
complete -c xpgn -n "__fish_xpgn_using_subcommand convert" -l color -d 'When to colour the output' -r -f -a "auto\t'Colour a stream only when it is a terminal and NO_COLOR and TERM allow it'
always\t'Always colour, even into a pipe or file'
never\t'Never colour'"
complete -c xpgn -n "__fish_xpgn_using_subcommand convert" -l encoding -d 'How tag values and comments that are not UTF-8 are read' -r -f -a "utf-8\t'UTF-8; invalid bytes become U+FFFD, with a warning'
latin-1\t'Latin-1 (Windows-1252), every byte one character'
auto\t'UTF-8 where it is valid, else Latin-1, per tag value and comment'"
complete -c xpgn -n "__fish_xpgn_using_subcommand convert" -l variants -d 'Read game definitions from FILE (Fairy-Stockfish\'s variants.ini syntax, docs/definitions.md); repeatable' -r -F
complete -c xpgn -n "__fish_xpgn_using_subcommand convert" -l reduced -d 'PGN in the reduced export format: the seven-tag roster and the mainline\'s moves only, plus the tags that decide the game\'s rules and start (Variant, SetUp, FEN, Postal, Readings), without which the moves would be read as another game\'s. A game with an error in a variation keeps its variations whole, with a warning, so that the export stays as invalid as the game'
complete -c xpgn -n "__fish_xpgn_using_subcommand convert" -l no-comments -d 'PGN without comments'
complete -c xpgn -n "__fish_xpgn_using_subcommand convert" -l no-nags -d 'PGN without NAGs (annotation glyphs and the suffixes `!`, `?`...)'
complete -c xpgn -n "__fish_xpgn_using_subcommand convert" -l no-variations -d 'PGN without variations: the mainline only (and, as with --reduced, every variation of a game with an error in one, with a warning)'
complete -c xpgn -n "__fish_xpgn_using_subcommand convert" -l keep-tag-order -d 'PGN with the tags after the seven-tag roster in the order they were written, instead of sorted by name'
complete -c xpgn -n "__fish_xpgn_using_subcommand convert" -l plycount -d 'PGN with a PlyCount tag holding the mainline\'s plies (in place of the game\'s own PlyCount tag, if it has one)'
complete -c xpgn -n "__fish_xpgn_using_subcommand convert" -l fen-comments -d 'PGN with the position after each move replayed as a comment after it (xpgn\'s FEN-like string, as `xpgn fen` prints it; like pgn-extract\'s --fencomments). PGN inputs only: a JSON record is not replayed'
complete -c xpgn -n "__fish_xpgn_using_subcommand convert" -l fix-result -d 'Write the result the final position implies where the game ended by rule (checkmate, stalemate, fivefold repetition, a variant\'s own end), in the Result tag and after the moves; other games keep theirs. PGN inputs only: a JSON record is not replayed'
complete -c xpgn -n "__fish_xpgn_using_subcommand convert" -l force -d 'Overwrite output files that already exist'
complete -c xpgn -n "__fish_xpgn_using_subcommand convert" -s q -l quiet -d 'Print no summary line and no progress'
complete -c xpgn -n "__fish_xpgn_using_subcommand convert" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c xpgn -n "__fish_xpgn_using_subcommand stats" -l format -d '`csv` (default), or `jsonl`: one typed JSON object per row, then a summary object (schema in docs/formats.md)' -r -f -a "csv\t'CSV with a header row'
jsonl\t'JSON Lines, typed, versioned (`"schema": 1`), with a summary line'"
complete -c xpgn -n "__fish_xpgn_using_subcommand stats" -l range -d 'Read only the games that begin in bytes START..END of one plain (uncompressed) file, each to its end (for a cluster job that cuts a file into ranges; docs/parallel.md). Game numbers and lines count from the range\'s first game. Ranges `0:a`, `a:b`, ... read every game once' -r
complete -c xpgn -n "__fish_xpgn_using_subcommand stats" -l games -d 'Only these games, by their number in their input (the `game` column): numbers and ranges, e.g. `5,10-20`' -r
complete -c xpgn -n "__fish_xpgn_using_subcommand stats" -s j -l jobs -d 'Use N threads (default: all cores)' -r
complete -c xpgn -n "__fish_xpgn_using_subcommand stats" -s o -l output -d 'Write to FILE instead of standard output' -r -F
complete -c xpgn -n "__fish_xpgn_using_subcommand stats" -l color -d 'When to colour the output' -r -f -a "auto\t'Colour a stream only when it is a terminal and NO_COLOR and TERM allow it'
always\t'Always colour, even into a pipe or file'
never\t'Never colour'"
complete -c xpgn -n "__fish_xpgn_using_subcommand stats" -l encoding -d 'How tag values and comments that are not UTF-8 are read' -r -f -a "utf-8\t'UTF-8; invalid bytes become U+FFFD, with a warning'
latin-1\t'Latin-1 (Windows-1252), every byte one character'
auto\t'UTF-8 where it is valid, else Latin-1, per tag value and comment'"
complete -c xpgn -n "__fish_xpgn_using_subcommand stats" -l variants -d 'Read game definitions from FILE (Fairy-Stockfish\'s variants.ini syntax, docs/definitions.md); repeatable' -r -F
complete -c xpgn -n "__fish_xpgn_using_subcommand stats" -l summary -d 'One row per variant (games, results, average length, error counts) instead of one per game'
complete -c xpgn -n "__fish_xpgn_using_subcommand stats" -l force -d 'Overwrite output files that already exist'
complete -c xpgn -n "__fish_xpgn_using_subcommand stats" -s q -l quiet -d 'Print no summary line and no progress'
complete -c xpgn -n "__fish_xpgn_using_subcommand stats" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c xpgn -n "__fish_xpgn_using_subcommand scores" -l format -d 'The output shape' -r -f -a "csv\t'A header, then one row per half-move of every game'
json\t'One JSON object per game per line, holding its timeline'"
complete -c xpgn -n "__fish_xpgn_using_subcommand scores" -l games -d 'Only these games, by their number in their input (the `game` column): numbers and ranges, e.g. `5,10-20`' -r
complete -c xpgn -n "__fish_xpgn_using_subcommand scores" -l color -d 'When to colour the output' -r -f -a "auto\t'Colour a stream only when it is a terminal and NO_COLOR and TERM allow it'
always\t'Always colour, even into a pipe or file'
never\t'Never colour'"
complete -c xpgn -n "__fish_xpgn_using_subcommand scores" -l encoding -d 'How tag values and comments that are not UTF-8 are read' -r -f -a "utf-8\t'UTF-8; invalid bytes become U+FFFD, with a warning'
latin-1\t'Latin-1 (Windows-1252), every byte one character'
auto\t'UTF-8 where it is valid, else Latin-1, per tag value and comment'"
complete -c xpgn -n "__fish_xpgn_using_subcommand scores" -l variants -d 'Read game definitions from FILE (Fairy-Stockfish\'s variants.ini syntax, docs/definitions.md); repeatable' -r -F
complete -c xpgn -n "__fish_xpgn_using_subcommand scores" -s q -l quiet -d 'Print no summary line and no progress'
complete -c xpgn -n "__fish_xpgn_using_subcommand scores" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c xpgn -n "__fish_xpgn_using_subcommand dedupe" -l format -d 'How to report the duplicates on stdout' -r -f -a "human\t'One line per duplicate: where it is and where its first copy is'
csv\t'CSV with a header: file, game, first_file, first_game'
json\t'JSON Lines: one `duplicate` object per duplicate, then a `summary`'"
complete -c xpgn -n "__fish_xpgn_using_subcommand dedupe" -s o -l output -d 'Write the unique games (each game\'s first copy) to FILE, in PGN export format as `convert --to pgn` writes them' -r -F
complete -c xpgn -n "__fish_xpgn_using_subcommand dedupe" -l duplicates -d 'Write the duplicate games (every copy after the first) to FILE, in PGN export format' -r -F
complete -c xpgn -n "__fish_xpgn_using_subcommand dedupe" -l memory -d 'Memory for the table of game keys (32 bytes a game), in MB or with a unit: `256`, `64M`, `1G`, `512K`' -r
complete -c xpgn -n "__fish_xpgn_using_subcommand dedupe" -s j -l jobs -d 'Use N threads (default: all cores)' -r
complete -c xpgn -n "__fish_xpgn_using_subcommand dedupe" -l color -d 'When to colour the output' -r -f -a "auto\t'Colour a stream only when it is a terminal and NO_COLOR and TERM allow it'
always\t'Always colour, even into a pipe or file'
never\t'Never colour'"
complete -c xpgn -n "__fish_xpgn_using_subcommand dedupe" -l encoding -d 'How tag values and comments that are not UTF-8 are read' -r -f -a "utf-8\t'UTF-8; invalid bytes become U+FFFD, with a warning'
latin-1\t'Latin-1 (Windows-1252), every byte one character'
auto\t'UTF-8 where it is valid, else Latin-1, per tag value and comment'"
complete -c xpgn -n "__fish_xpgn_using_subcommand dedupe" -l variants -d 'Read game definitions from FILE (Fairy-Stockfish\'s variants.ini syntax, docs/definitions.md); repeatable' -r -F
complete -c xpgn -n "__fish_xpgn_using_subcommand dedupe" -l force -d 'Overwrite output files that already exist'
complete -c xpgn -n "__fish_xpgn_using_subcommand dedupe" -s q -l quiet -d 'Print no summary line and no progress'
complete -c xpgn -n "__fish_xpgn_using_subcommand dedupe" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c xpgn -n "__fish_xpgn_using_subcommand diagram" -l game -d 'The game of FILE to draw, counted from 1' -r
complete -c xpgn -n "__fish_xpgn_using_subcommand diagram" -l ply -d 'Draw the position after ply K of the game\'s mainline (0 = its start position) instead of its last' -r
complete -c xpgn -n "__fish_xpgn_using_subcommand diagram" -l variant -d 'The game, by name, for `--fen` or its start position' -r -f -a "Chess\t''
Chess960\t''
Gast\t''
Gast14x12\t''
Squirrel\t''
SquaresBasic\t''
Hans38\t''
Hans38Neutral\t''
InfiniteReserves\t''
MovingSquares\t''
PASGL312\t''
Atomic\t''
Antichess\t''
Crazyhouse\t''
KingoftheHill\t''
Three-check\t''
Horde\t''
RacingKings\t''"
complete -c xpgn -n "__fish_xpgn_using_subcommand diagram" -l fen -d 'The position to draw, in the game\'s FEN-like notation' -r
complete -c xpgn -n "__fish_xpgn_using_subcommand diagram" -l mark -d 'Highlight these squares (`--mark e4,d5`)' -r
complete -c xpgn -n "__fish_xpgn_using_subcommand diagram" -l size -d 'The board\'s width in pixels' -r
complete -c xpgn -n "__fish_xpgn_using_subcommand diagram" -s o -l output -d 'Write the SVG to FILE (whole or not at all) instead of standard output' -r -F
complete -c xpgn -n "__fish_xpgn_using_subcommand diagram" -l color -d 'When to colour the output' -r -f -a "auto\t'Colour a stream only when it is a terminal and NO_COLOR and TERM allow it'
always\t'Always colour, even into a pipe or file'
never\t'Never colour'"
complete -c xpgn -n "__fish_xpgn_using_subcommand diagram" -l encoding -d 'How tag values and comments that are not UTF-8 are read' -r -f -a "utf-8\t'UTF-8; invalid bytes become U+FFFD, with a warning'
latin-1\t'Latin-1 (Windows-1252), every byte one character'
auto\t'UTF-8 where it is valid, else Latin-1, per tag value and comment'"
complete -c xpgn -n "__fish_xpgn_using_subcommand diagram" -l variants -d 'Read game definitions from FILE (Fairy-Stockfish\'s variants.ini syntax, docs/definitions.md); repeatable' -r -F
complete -c xpgn -n "__fish_xpgn_using_subcommand diagram" -l flip -d 'Black at the bottom'
complete -c xpgn -n "__fish_xpgn_using_subcommand diagram" -l zone -d 'Shade the squares where the side to move is braked (Squirrel\'s guard zones)'
complete -c xpgn -n "__fish_xpgn_using_subcommand diagram" -l no-arrow -d 'No arrow for the move that led to the position'
complete -c xpgn -n "__fish_xpgn_using_subcommand diagram" -l no-coordinates -d 'No file letters and rank numbers'
complete -c xpgn -n "__fish_xpgn_using_subcommand diagram" -l force -d 'Replace FILE if it exists'
complete -c xpgn -n "__fish_xpgn_using_subcommand diagram" -s q -l quiet -d 'Print no summary line and no progress'
complete -c xpgn -n "__fish_xpgn_using_subcommand diagram" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c xpgn -n "__fish_xpgn_using_subcommand view" -s o -l output -d 'Write the page to FILE (whole or not at all) instead of standard output' -r -F
complete -c xpgn -n "__fish_xpgn_using_subcommand view" -l games -d 'Only these games, by their number in their input: numbers and ranges, e.g. `5,10-20`' -r
complete -c xpgn -n "__fish_xpgn_using_subcommand view" -l title -d 'The page\'s title (default: the first input\'s name)' -r
complete -c xpgn -n "__fish_xpgn_using_subcommand view" -l color -d 'When to colour the output' -r -f -a "auto\t'Colour a stream only when it is a terminal and NO_COLOR and TERM allow it'
always\t'Always colour, even into a pipe or file'
never\t'Never colour'"
complete -c xpgn -n "__fish_xpgn_using_subcommand view" -l encoding -d 'How tag values and comments that are not UTF-8 are read' -r -f -a "utf-8\t'UTF-8; invalid bytes become U+FFFD, with a warning'
latin-1\t'Latin-1 (Windows-1252), every byte one character'
auto\t'UTF-8 where it is valid, else Latin-1, per tag value and comment'"
complete -c xpgn -n "__fish_xpgn_using_subcommand view" -l variants -d 'Read game definitions from FILE (Fairy-Stockfish\'s variants.ini syntax, docs/definitions.md); repeatable' -r -F
complete -c xpgn -n "__fish_xpgn_using_subcommand view" -l force -d 'Replace FILE if it exists'
complete -c xpgn -n "__fish_xpgn_using_subcommand view" -s q -l quiet -d 'Print no summary line and no progress'
complete -c xpgn -n "__fish_xpgn_using_subcommand view" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c xpgn -n "__fish_xpgn_using_subcommand variants" -l show -d 'Print the definition of game NAME in the definition-file syntax (its section and those it inherits from), to copy and change' -r
complete -c xpgn -n "__fish_xpgn_using_subcommand variants" -l color -d 'When to colour the output' -r -f -a "auto\t'Colour a stream only when it is a terminal and NO_COLOR and TERM allow it'
always\t'Always colour, even into a pipe or file'
never\t'Never colour'"
complete -c xpgn -n "__fish_xpgn_using_subcommand variants" -l encoding -d 'How tag values and comments that are not UTF-8 are read' -r -f -a "utf-8\t'UTF-8; invalid bytes become U+FFFD, with a warning'
latin-1\t'Latin-1 (Windows-1252), every byte one character'
auto\t'UTF-8 where it is valid, else Latin-1, per tag value and comment'"
complete -c xpgn -n "__fish_xpgn_using_subcommand variants" -l variants -d 'Read game definitions from FILE (Fairy-Stockfish\'s variants.ini syntax, docs/definitions.md); repeatable' -r -F
complete -c xpgn -n "__fish_xpgn_using_subcommand variants" -s q -l quiet -d 'Print no summary line and no progress'
complete -c xpgn -n "__fish_xpgn_using_subcommand variants" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c xpgn -n "__fish_xpgn_using_subcommand help; and not __fish_seen_subcommand_from check fen perft moves convert stats scores dedupe diagram view variants help" -f -a "check" -d 'Validate records and report every problem'
complete -c xpgn -n "__fish_xpgn_using_subcommand help; and not __fish_seen_subcommand_from check fen perft moves convert stats scores dedupe diagram view variants help" -f -a "fen" -d 'Print the position after each game, one FEN per line'
complete -c xpgn -n "__fish_xpgn_using_subcommand help; and not __fish_seen_subcommand_from check fen perft moves convert stats scores dedupe diagram view variants help" -f -a "perft" -d 'Count the leaf nodes of the legal move tree (perft)'
complete -c xpgn -n "__fish_xpgn_using_subcommand help; and not __fish_seen_subcommand_from check fen perft moves convert stats scores dedupe diagram view variants help" -f -a "moves" -d 'List the legal moves of a position'
complete -c xpgn -n "__fish_xpgn_using_subcommand help; and not __fish_seen_subcommand_from check fen perft moves convert stats scores dedupe diagram view variants help" -f -a "convert" -d 'Convert records to PGN export format, JSON or JSON Lines'
complete -c xpgn -n "__fish_xpgn_using_subcommand help; and not __fish_seen_subcommand_from check fen perft moves convert stats scores dedupe diagram view variants help" -f -a "stats" -d 'Write one CSV row of statistics per game'
complete -c xpgn -n "__fish_xpgn_using_subcommand help; and not __fish_seen_subcommand_from check fen perft moves convert stats scores dedupe diagram view variants help" -f -a "scores" -d 'Print the score timeline of each game: the counts after every half-move'
complete -c xpgn -n "__fish_xpgn_using_subcommand help; and not __fish_seen_subcommand_from check fen perft moves convert stats scores dedupe diagram view variants help" -f -a "dedupe" -d 'Find games recorded more than once'
complete -c xpgn -n "__fish_xpgn_using_subcommand help; and not __fish_seen_subcommand_from check fen perft moves convert stats scores dedupe diagram view variants help" -f -a "diagram" -d 'Draw a position as an SVG picture'
complete -c xpgn -n "__fish_xpgn_using_subcommand help; and not __fish_seen_subcommand_from check fen perft moves convert stats scores dedupe diagram view variants help" -f -a "view" -d 'Write one self-contained HTML page to look through games'
complete -c xpgn -n "__fish_xpgn_using_subcommand help; and not __fish_seen_subcommand_from check fen perft moves convert stats scores dedupe diagram view variants help" -f -a "variants" -d 'List the games xpgn knows, their status and their pieces'
complete -c xpgn -n "__fish_xpgn_using_subcommand help; and not __fish_seen_subcommand_from check fen perft moves convert stats scores dedupe diagram view variants help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
