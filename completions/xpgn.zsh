#compdef xpgn

autoload -U is-at-least

_xpgn() {
    typeset -A opt_args
    typeset -a _arguments_options
    local ret=1

    if is-at-least 5.2; then
        _arguments_options=(-s -S -C)
    else
        _arguments_options=(-s -C)
    fi

    local context curcontext="$curcontext" state line
    _arguments "${_arguments_options[@]}" : \
'--color=[When to colour the output]:WHEN:((auto\:"Colour a stream only when it is a terminal and NO_COLOR and TERM allow it"
always\:"Always colour, even into a pipe or file"
never\:"Never colour"))' \
'--encoding=[How tag values and comments that are not UTF-8 are read]:ENCODING:((utf-8\:"UTF-8; invalid bytes become U+FFFD, with a warning"
latin-1\:"Latin-1 (Windows-1252), every byte one character"
auto\:"UTF-8 where it is valid, else Latin-1, per tag value and comment"))' \
'*--variants=[Read game definitions from FILE (Fairy-Stockfish'\''s variants.ini syntax, docs/definitions.md); repeatable]:FILE:_files' \
'-q[Print no summary line and no progress]' \
'--quiet[Print no summary line and no progress]' \
'-h[Print help (see more with '\''--help'\'')]' \
'--help[Print help (see more with '\''--help'\'')]' \
'-V[Print version]' \
'--version[Print version]' \
":: :_xpgn_commands" \
"*::: :->xpgn" \
&& ret=0
    case $state in
    (xpgn)
        words=($line[1] "${words[@]}")
        (( CURRENT += 1 ))
        curcontext="${curcontext%:*:*}:xpgn-command-$line[1]:"
        case $line[1] in
            (check)
_arguments "${_arguments_options[@]}" : \
'--format=[How to report problems]:FORMAT:((human\:"Compiler-style diagnostics and a summary line on stderr"
json\:"One JSON object per diagnostic per line on stdout, then a summary object"))' \
'-j+[Check with N threads (default\: all cores)]:N:_default' \
'--jobs=[Check with N threads (default\: all cores)]:N:_default' \
'--transcript=[Read the input as a printed transcript of a game of VARIANT, as rule books print sample games\: numbered move lines (\`3.  @@e3   @g8-e6\`) with prose between them, the prose kept as comments]:VARIANT:(Chess Chess960 Gast Gast14x12 Squirrel SquaresBasic Hans38 Hans38Neutral InfiniteReserves MovingSquares PASGL312 Atomic Antichess Crazyhouse KingoftheHill Three-check Horde RacingKings)' \
'*--allow=[Hide findings with this code (docs/diagnostics.md lists them), or every finding of a severity with \`notes\` or \`warnings\`]:CODE:_default' \
'--range=[Read only the games that begin in bytes START..END of one plain (uncompressed) file, each to its end (for a cluster job that cuts a file into ranges; docs/parallel.md). Game numbers and lines count from the range'\''s first game. Ranges \`0\:a\`, \`a\:b\`, ... read every game once]:START:END:_default' \
'--color=[When to colour the output]:WHEN:((auto\:"Colour a stream only when it is a terminal and NO_COLOR and TERM allow it"
always\:"Always colour, even into a pipe or file"
never\:"Never colour"))' \
'--encoding=[How tag values and comments that are not UTF-8 are read]:ENCODING:((utf-8\:"UTF-8; invalid bytes become U+FFFD, with a warning"
latin-1\:"Latin-1 (Windows-1252), every byte one character"
auto\:"UTF-8 where it is valid, else Latin-1, per tag value and comment"))' \
'*--variants=[Read game definitions from FILE (Fairy-Stockfish'\''s variants.ini syntax, docs/definitions.md); repeatable]:FILE:_files' \
'--deny-warnings[Fail on warnings\: any warning not hidden by \`--allow\` gives exit status 1, as an invalid game does]' \
'-q[Print no summary line and no progress]' \
'--quiet[Print no summary line and no progress]' \
'-h[Print help (see more with '\''--help'\'')]' \
'--help[Print help (see more with '\''--help'\'')]' \
'*::inputs -- Files, directories (searched recursively) or `-` for standard input:_files' \
&& ret=0
;;
(fen)
_arguments "${_arguments_options[@]}" : \
'(--all)--ply=[Print the position after ply N (1 = after White'\''s first move) instead of the final one]:N:_default' \
'--transcript=[Read the input as a printed transcript of a game of VARIANT, as rule books print sample games\: numbered move lines (\`3.  @@e3   @g8-e6\`) with prose between them, the prose kept as comments]:VARIANT:(Chess Chess960 Gast Gast14x12 Squirrel SquaresBasic Hans38 Hans38Neutral InfiniteReserves MovingSquares PASGL312 Atomic Antichess Crazyhouse KingoftheHill Three-check Horde RacingKings)' \
'--format=[How to print\: FEN lines, or CSV/JSON Lines with the game, ply, move and position]:FORMAT:((plain\:"One FEN per line"
csv\:"CSV with a header\: game, ply, move, position"
json\:"One JSON object per line\: game, ply, move, position"
epd\:"One EPD per line\: the FEN without its two clocks, then the \`hmvc\` and \`fmvn\` operations. For the games whose FEN ends in the two clocks\: chess, Chess960 and the lichess variants"))' \
'--style=[Whose position strings\: xpgn'\''s own (every game), or Fairy-Stockfish'\''s for the games it can express (Chess, Chess960, Squirrel with the definition in contrib/fairy-stockfish/variants.ini)]:STYLE:((xpgn\:"xpgn'\''s strings (docs/formats.md), standard FEN for chess"
fairy\:"Fairy-Stockfish'\''s FEN\: Chess and Chess960 as xpgn writes them, Squirrel without its seventh field (promotions made)"))' \
'--games=[Only these games, by their number in their input (the \`game\` column)\: numbers and ranges, e.g. \`5,10-20\`]:LIST:_default' \
'--color=[When to colour the output]:WHEN:((auto\:"Colour a stream only when it is a terminal and NO_COLOR and TERM allow it"
always\:"Always colour, even into a pipe or file"
never\:"Never colour"))' \
'--encoding=[How tag values and comments that are not UTF-8 are read]:ENCODING:((utf-8\:"UTF-8; invalid bytes become U+FFFD, with a warning"
latin-1\:"Latin-1 (Windows-1252), every byte one character"
auto\:"UTF-8 where it is valid, else Latin-1, per tag value and comment"))' \
'*--variants=[Read game definitions from FILE (Fairy-Stockfish'\''s variants.ini syntax, docs/definitions.md); repeatable]:FILE:_files' \
'--all[Print the position after every ply, the start position first]' \
'-q[Print no summary line and no progress]' \
'--quiet[Print no summary line and no progress]' \
'-h[Print help (see more with '\''--help'\'')]' \
'--help[Print help (see more with '\''--help'\'')]' \
'*::inputs -- Files, directories (searched recursively) or `-` for standard input, read in order:_files' \
&& ret=0
;;
(perft)
_arguments "${_arguments_options[@]}" : \
'--variant=[The game, by name (e.g. \`chess\`, \`gast\`); case, spaces, \`-\` and \`_\` are ignored]:VARIANT:(Chess Chess960 Gast Gast14x12 Squirrel SquaresBasic Hans38 Hans38Neutral InfiniteReserves MovingSquares PASGL312 Atomic Antichess Crazyhouse KingoftheHill Three-check Horde RacingKings)' \
'--fen=[Start from this position instead of the variant'\''s start position]:FEN:_default' \
'--postal=[Squares family\: play under the Postal rule (\`yes\`) or Postal Plus (\`plus\`), as a record'\''s \`\[Postal\]\` tag does]:POSTAL:(yes plus no)' \
'--readings=[Alternative readings RULINGS keeps as switches, as a record'\''s \`\[Readings\]\` tag gives them\: \`G8b\` (Gast promotes to Q, R, B, N only), \`G10a\` (Gast'\''s archer to g1 when castling with both), \`P4b\` (PASGL scores before the Train moves)]:READINGS:_default' \
'--color=[When to colour the output]:WHEN:((auto\:"Colour a stream only when it is a terminal and NO_COLOR and TERM allow it"
always\:"Always colour, even into a pipe or file"
never\:"Never colour"))' \
'--encoding=[How tag values and comments that are not UTF-8 are read]:ENCODING:((utf-8\:"UTF-8; invalid bytes become U+FFFD, with a warning"
latin-1\:"Latin-1 (Windows-1252), every byte one character"
auto\:"UTF-8 where it is valid, else Latin-1, per tag value and comment"))' \
'*--variants=[Read game definitions from FILE (Fairy-Stockfish'\''s variants.ini syntax, docs/definitions.md); repeatable]:FILE:_files' \
'--divide[Print the count below each legal move of the root position first]' \
'-q[Print no summary line and no progress]' \
'--quiet[Print no summary line and no progress]' \
'-h[Print help (see more with '\''--help'\'')]' \
'--help[Print help (see more with '\''--help'\'')]' \
':depth -- How many plies deep to count, at most 32:_default' \
&& ret=0
;;
(moves)
_arguments "${_arguments_options[@]}" : \
'--variant=[The game, by name (e.g. \`chess\`, \`gast\`); case, spaces, \`-\` and \`_\` are ignored]:VARIANT:(Chess Chess960 Gast Gast14x12 Squirrel SquaresBasic Hans38 Hans38Neutral InfiniteReserves MovingSquares PASGL312 Atomic Antichess Crazyhouse KingoftheHill Three-check Horde RacingKings)' \
'--fen=[The position instead of the variant'\''s start position]:FEN:_default' \
'--postal=[Squares family\: play under the Postal rule (\`yes\`) or Postal Plus (\`plus\`), as a record'\''s \`\[Postal\]\` tag does]:POSTAL:(yes plus no)' \
'--readings=[Alternative readings RULINGS keeps as switches, as a record'\''s \`\[Readings\]\` tag gives them\: \`G8b\` (Gast promotes to Q, R, B, N only), \`G10a\` (Gast'\''s archer to g1 when castling with both), \`P4b\` (PASGL scores before the Train moves)]:READINGS:_default' \
'--color=[When to colour the output]:WHEN:((auto\:"Colour a stream only when it is a terminal and NO_COLOR and TERM allow it"
always\:"Always colour, even into a pipe or file"
never\:"Never colour"))' \
'--encoding=[How tag values and comments that are not UTF-8 are read]:ENCODING:((utf-8\:"UTF-8; invalid bytes become U+FFFD, with a warning"
latin-1\:"Latin-1 (Windows-1252), every byte one character"
auto\:"UTF-8 where it is valid, else Latin-1, per tag value and comment"))' \
'*--variants=[Read game definitions from FILE (Fairy-Stockfish'\''s variants.ini syntax, docs/definitions.md); repeatable]:FILE:_files' \
'-q[Print no summary line and no progress]' \
'--quiet[Print no summary line and no progress]' \
'-h[Print help (see more with '\''--help'\'')]' \
'--help[Print help (see more with '\''--help'\'')]' \
&& ret=0
;;
(convert)
_arguments "${_arguments_options[@]}" : \
'--to=[The output format]:FORMAT:((pgn\:"PGN in the export format of the 1994 standard"
json\:"One JSON array of game objects"
jsonl\:"One game object per line (JSON Lines)"))' \
'--from=[The input format\: by name (\`auto\`\: \`.json\` and \`.jsonl\` files are JSON written by \`xpgn convert\`, everything else PGN), or every input as PGN or as JSON/JSON Lines, \`-\` included (\`--from json -\` reads JSON Lines on standard input)]:FORMAT:((auto\:"By the file'\''s name\: \`.json\` and \`.jsonl\` are JSON, the rest PGN"
pgn\:"PGN, whatever the name"
json\:"JSON or JSON Lines records, whatever the name"))' \
'--moves=[The notation of moves in PGN output]:NOTATION:((san\:"Short algebraic notation (SAN and the game'\''s equivalent)"
lan\:"Long algebraic notation (from and to squares always written)"
uci\:"UCI as Fairy-Stockfish writes it (e2e4, e7e8q, P@e4; castling as the king'\''s move, king takes rook in Chess960), and xpgn'\''s extension for the squares family and PASGL (docs/formats.md). PGN inputs only"))' \
'--split=[Write every N games to a file of their own, named after \`-o OUT\` with a number before its extension (out-001.pgn, out-002.pgn, ...); the files appear together when the run succeeds, or none of them. Needs -o OUT; --output-invalid stays one file]:N:_default' \
'-j+[Use N threads (default\: all cores)]:N:_default' \
'--jobs=[Use N threads (default\: all cores)]:N:_default' \
'-o+[Write to FILE instead of standard output]:FILE:_files' \
'--output=[Write to FILE instead of standard output]:FILE:_files' \
'*--tag=[Keep only games whose tag NAME has exactly VALUE (NAME=VALUE; repeatable, all must hold)]:NAME=VALUE:_default' \
'*--tag-regex=[Keep only games whose tag NAME matches the regular expression REGEX somewhere (NAME=REGEX; repeatable)]:NAME=REGEX:_default' \
'--variant=[Keep only games of this variant (any name xpgn accepts for it)]:VARIANT:(Chess Chess960 Gast Gast14x12 Squirrel SquaresBasic Hans38 Hans38Neutral InfiniteReserves MovingSquares PASGL312 Atomic Antichess Crazyhouse KingoftheHill Three-check Horde RacingKings)' \
'--result=[Keep only games with this result\: 1-0, 0-1, 1/2-1/2 or *]:RESULT:_default' \
'--min-plies=[Keep only games whose mainline has at least N plies]:N:_default' \
'--max-plies=[Keep only games whose mainline has at most N plies]:N:_default' \
'--validity=[Keep only valid or only invalid games]:WHICH:((valid\:"Games without errors"
invalid\:"Games with at least one error"))' \
'--output-invalid=[Write invalid games to FILE (in the \`--to\` format) instead of the output]:FILE:_files' \
'--games=[Only these games, by their number in their input (the \`game\` column)\: numbers and ranges, e.g. \`5,10-20\`]:LIST:_default' \
'--color=[When to colour the output]:WHEN:((auto\:"Colour a stream only when it is a terminal and NO_COLOR and TERM allow it"
always\:"Always colour, even into a pipe or file"
never\:"Never colour"))' \
'--encoding=[How tag values and comments that are not UTF-8 are read]:ENCODING:((utf-8\:"UTF-8; invalid bytes become U+FFFD, with a warning"
latin-1\:"Latin-1 (Windows-1252), every byte one character"
auto\:"UTF-8 where it is valid, else Latin-1, per tag value and comment"))' \
'*--variants=[Read game definitions from FILE (Fairy-Stockfish'\''s variants.ini syntax, docs/definitions.md); repeatable]:FILE:_files' \
'--reduced[PGN in the reduced export format\: the seven-tag roster and the mainline'\''s moves only, plus the tags that decide the game'\''s rules and start (Variant, SetUp, FEN, Postal, Readings), without which the moves would be read as another game'\''s. A game with an error in a variation keeps its variations whole, with a warning, so that the export stays as invalid as the game]' \
'--no-comments[PGN without comments]' \
'--no-nags[PGN without NAGs (annotation glyphs and the suffixes \`!\`, \`?\`...)]' \
'--no-variations[PGN without variations\: the mainline only (and, as with --reduced, every variation of a game with an error in one, with a warning)]' \
'--keep-tag-order[PGN with the tags after the seven-tag roster in the order they were written, instead of sorted by name]' \
'--plycount[PGN with a PlyCount tag holding the mainline'\''s plies (in place of the game'\''s own PlyCount tag, if it has one)]' \
'--fen-comments[PGN with the position after each move replayed as a comment after it (xpgn'\''s FEN-like string, as \`xpgn fen\` prints it; like pgn-extract'\''s --fencomments). PGN inputs only\: a JSON record is not replayed]' \
'--fix-result[Write the result the final position implies where the game ended by rule (checkmate, stalemate, fivefold repetition, a variant'\''s own end), in the Result tag and after the moves; other games keep theirs. PGN inputs only\: a JSON record is not replayed]' \
'--force[Overwrite output files that already exist]' \
'-q[Print no summary line and no progress]' \
'--quiet[Print no summary line and no progress]' \
'-h[Print help (see more with '\''--help'\'')]' \
'--help[Print help (see more with '\''--help'\'')]' \
'*::inputs -- Files, directories (searched recursively) or `-` for standard input:_files' \
&& ret=0
;;
(stats)
_arguments "${_arguments_options[@]}" : \
'--format=[\`csv\` (default), or \`jsonl\`\: one typed JSON object per row, then a summary object (schema in docs/formats.md)]:FORMAT:((csv\:"CSV with a header row"
jsonl\:"JSON Lines, typed, versioned (\`"schema"\: 1\`), with a summary line"))' \
'--range=[Read only the games that begin in bytes START..END of one plain (uncompressed) file, each to its end (for a cluster job that cuts a file into ranges; docs/parallel.md). Game numbers and lines count from the range'\''s first game. Ranges \`0\:a\`, \`a\:b\`, ... read every game once]:START:END:_default' \
'--games=[Only these games, by their number in their input (the \`game\` column)\: numbers and ranges, e.g. \`5,10-20\`]:LIST:_default' \
'-j+[Use N threads (default\: all cores)]:N:_default' \
'--jobs=[Use N threads (default\: all cores)]:N:_default' \
'-o+[Write to FILE instead of standard output]:FILE:_files' \
'--output=[Write to FILE instead of standard output]:FILE:_files' \
'--color=[When to colour the output]:WHEN:((auto\:"Colour a stream only when it is a terminal and NO_COLOR and TERM allow it"
always\:"Always colour, even into a pipe or file"
never\:"Never colour"))' \
'--encoding=[How tag values and comments that are not UTF-8 are read]:ENCODING:((utf-8\:"UTF-8; invalid bytes become U+FFFD, with a warning"
latin-1\:"Latin-1 (Windows-1252), every byte one character"
auto\:"UTF-8 where it is valid, else Latin-1, per tag value and comment"))' \
'*--variants=[Read game definitions from FILE (Fairy-Stockfish'\''s variants.ini syntax, docs/definitions.md); repeatable]:FILE:_files' \
'--summary[One row per variant (games, results, average length, error counts) instead of one per game]' \
'--force[Overwrite output files that already exist]' \
'-q[Print no summary line and no progress]' \
'--quiet[Print no summary line and no progress]' \
'-h[Print help (see more with '\''--help'\'')]' \
'--help[Print help (see more with '\''--help'\'')]' \
'*::inputs -- Files, directories (searched recursively) or `-` for standard input:_files' \
&& ret=0
;;
(scores)
_arguments "${_arguments_options[@]}" : \
'--format=[The output shape]:FORMAT:((csv\:"A header, then one row per half-move of every game"
json\:"One JSON object per game per line, holding its timeline"))' \
'--games=[Only these games, by their number in their input (the \`game\` column)\: numbers and ranges, e.g. \`5,10-20\`]:LIST:_default' \
'--color=[When to colour the output]:WHEN:((auto\:"Colour a stream only when it is a terminal and NO_COLOR and TERM allow it"
always\:"Always colour, even into a pipe or file"
never\:"Never colour"))' \
'--encoding=[How tag values and comments that are not UTF-8 are read]:ENCODING:((utf-8\:"UTF-8; invalid bytes become U+FFFD, with a warning"
latin-1\:"Latin-1 (Windows-1252), every byte one character"
auto\:"UTF-8 where it is valid, else Latin-1, per tag value and comment"))' \
'*--variants=[Read game definitions from FILE (Fairy-Stockfish'\''s variants.ini syntax, docs/definitions.md); repeatable]:FILE:_files' \
'-q[Print no summary line and no progress]' \
'--quiet[Print no summary line and no progress]' \
'-h[Print help (see more with '\''--help'\'')]' \
'--help[Print help (see more with '\''--help'\'')]' \
'*::inputs -- Files, directories (searched recursively) or `-` for standard input, read in order:_files' \
&& ret=0
;;
(dedupe)
_arguments "${_arguments_options[@]}" : \
'--format=[How to report the duplicates on stdout]:FORMAT:((human\:"One line per duplicate\: where it is and where its first copy is"
csv\:"CSV with a header\: file, game, first_file, first_game"
json\:"JSON Lines\: one \`duplicate\` object per duplicate, then a \`summary\`"))' \
'-o+[Write the unique games (each game'\''s first copy) to FILE, in PGN export format as \`convert --to pgn\` writes them]:FILE:_files' \
'--output=[Write the unique games (each game'\''s first copy) to FILE, in PGN export format as \`convert --to pgn\` writes them]:FILE:_files' \
'--duplicates=[Write the duplicate games (every copy after the first) to FILE, in PGN export format]:FILE:_files' \
'--memory=[Memory for the table of game keys (32 bytes a game), in MB or with a unit\: \`256\`, \`64M\`, \`1G\`, \`512K\`]:MB:_default' \
'-j+[Use N threads (default\: all cores)]:N:_default' \
'--jobs=[Use N threads (default\: all cores)]:N:_default' \
'--color=[When to colour the output]:WHEN:((auto\:"Colour a stream only when it is a terminal and NO_COLOR and TERM allow it"
always\:"Always colour, even into a pipe or file"
never\:"Never colour"))' \
'--encoding=[How tag values and comments that are not UTF-8 are read]:ENCODING:((utf-8\:"UTF-8; invalid bytes become U+FFFD, with a warning"
latin-1\:"Latin-1 (Windows-1252), every byte one character"
auto\:"UTF-8 where it is valid, else Latin-1, per tag value and comment"))' \
'*--variants=[Read game definitions from FILE (Fairy-Stockfish'\''s variants.ini syntax, docs/definitions.md); repeatable]:FILE:_files' \
'--force[Overwrite output files that already exist]' \
'-q[Print no summary line and no progress]' \
'--quiet[Print no summary line and no progress]' \
'-h[Print help (see more with '\''--help'\'')]' \
'--help[Print help (see more with '\''--help'\'')]' \
'*::inputs -- Files, directories (searched recursively) or `-` for standard input:_files' \
&& ret=0
;;
(diagram)
_arguments "${_arguments_options[@]}" : \
'--game=[The game of FILE to draw, counted from 1]:N:_default' \
'--ply=[Draw the position after ply K of the game'\''s mainline (0 = its start position) instead of its last]:K:_default' \
'--variant=[The game, by name, for \`--fen\` or its start position]:VARIANT:(Chess Chess960 Gast Gast14x12 Squirrel SquaresBasic Hans38 Hans38Neutral InfiniteReserves MovingSquares PASGL312 Atomic Antichess Crazyhouse KingoftheHill Three-check Horde RacingKings)' \
'--fen=[The position to draw, in the game'\''s FEN-like notation]:FEN:_default' \
'*--mark=[Highlight these squares (\`--mark e4,d5\`)]:SQUARE:_default' \
'--size=[The board'\''s width in pixels]:PIXELS:_default' \
'-o+[Write the SVG to FILE (whole or not at all) instead of standard output]:FILE:_files' \
'--output=[Write the SVG to FILE (whole or not at all) instead of standard output]:FILE:_files' \
'--color=[When to colour the output]:WHEN:((auto\:"Colour a stream only when it is a terminal and NO_COLOR and TERM allow it"
always\:"Always colour, even into a pipe or file"
never\:"Never colour"))' \
'--encoding=[How tag values and comments that are not UTF-8 are read]:ENCODING:((utf-8\:"UTF-8; invalid bytes become U+FFFD, with a warning"
latin-1\:"Latin-1 (Windows-1252), every byte one character"
auto\:"UTF-8 where it is valid, else Latin-1, per tag value and comment"))' \
'*--variants=[Read game definitions from FILE (Fairy-Stockfish'\''s variants.ini syntax, docs/definitions.md); repeatable]:FILE:_files' \
'--flip[Black at the bottom]' \
'--zone[Shade the squares where the side to move is braked (Squirrel'\''s guard zones)]' \
'--no-arrow[No arrow for the move that led to the position]' \
'--no-coordinates[No file letters and rank numbers]' \
'--force[Replace FILE if it exists]' \
'-q[Print no summary line and no progress]' \
'--quiet[Print no summary line and no progress]' \
'-h[Print help (see more with '\''--help'\'')]' \
'--help[Print help (see more with '\''--help'\'')]' \
'::input -- A record to draw a position of, or `-` for standard input; without it, the position of `--variant` and `--fen`:_files' \
&& ret=0
;;
(view)
_arguments "${_arguments_options[@]}" : \
'-o+[Write the page to FILE (whole or not at all) instead of standard output]:FILE:_files' \
'--output=[Write the page to FILE (whole or not at all) instead of standard output]:FILE:_files' \
'--games=[Only these games, by their number in their input\: numbers and ranges, e.g. \`5,10-20\`]:LIST:_default' \
'--title=[The page'\''s title (default\: the first input'\''s name)]:TEXT:_default' \
'--color=[When to colour the output]:WHEN:((auto\:"Colour a stream only when it is a terminal and NO_COLOR and TERM allow it"
always\:"Always colour, even into a pipe or file"
never\:"Never colour"))' \
'--encoding=[How tag values and comments that are not UTF-8 are read]:ENCODING:((utf-8\:"UTF-8; invalid bytes become U+FFFD, with a warning"
latin-1\:"Latin-1 (Windows-1252), every byte one character"
auto\:"UTF-8 where it is valid, else Latin-1, per tag value and comment"))' \
'*--variants=[Read game definitions from FILE (Fairy-Stockfish'\''s variants.ini syntax, docs/definitions.md); repeatable]:FILE:_files' \
'--force[Replace FILE if it exists]' \
'-q[Print no summary line and no progress]' \
'--quiet[Print no summary line and no progress]' \
'-h[Print help (see more with '\''--help'\'')]' \
'--help[Print help (see more with '\''--help'\'')]' \
'*::inputs -- Files, directories (searched recursively) or `-` for standard input:_files' \
&& ret=0
;;
(variants)
_arguments "${_arguments_options[@]}" : \
'--show=[Print the definition of game NAME in the definition-file syntax (its section and those it inherits from), to copy and change]:NAME:_default' \
'--color=[When to colour the output]:WHEN:((auto\:"Colour a stream only when it is a terminal and NO_COLOR and TERM allow it"
always\:"Always colour, even into a pipe or file"
never\:"Never colour"))' \
'--encoding=[How tag values and comments that are not UTF-8 are read]:ENCODING:((utf-8\:"UTF-8; invalid bytes become U+FFFD, with a warning"
latin-1\:"Latin-1 (Windows-1252), every byte one character"
auto\:"UTF-8 where it is valid, else Latin-1, per tag value and comment"))' \
'*--variants=[Read game definitions from FILE (Fairy-Stockfish'\''s variants.ini syntax, docs/definitions.md); repeatable]:FILE:_files' \
'-q[Print no summary line and no progress]' \
'--quiet[Print no summary line and no progress]' \
'-h[Print help (see more with '\''--help'\'')]' \
'--help[Print help (see more with '\''--help'\'')]' \
&& ret=0
;;
(help)
_arguments "${_arguments_options[@]}" : \
":: :_xpgn__subcmd__help_commands" \
"*::: :->help" \
&& ret=0

    case $state in
    (help)
        words=($line[1] "${words[@]}")
        (( CURRENT += 1 ))
        curcontext="${curcontext%:*:*}:xpgn-help-command-$line[1]:"
        case $line[1] in
            (check)
_arguments "${_arguments_options[@]}" : \
&& ret=0
;;
(fen)
_arguments "${_arguments_options[@]}" : \
&& ret=0
;;
(perft)
_arguments "${_arguments_options[@]}" : \
&& ret=0
;;
(moves)
_arguments "${_arguments_options[@]}" : \
&& ret=0
;;
(convert)
_arguments "${_arguments_options[@]}" : \
&& ret=0
;;
(stats)
_arguments "${_arguments_options[@]}" : \
&& ret=0
;;
(scores)
_arguments "${_arguments_options[@]}" : \
&& ret=0
;;
(dedupe)
_arguments "${_arguments_options[@]}" : \
&& ret=0
;;
(diagram)
_arguments "${_arguments_options[@]}" : \
&& ret=0
;;
(view)
_arguments "${_arguments_options[@]}" : \
&& ret=0
;;
(variants)
_arguments "${_arguments_options[@]}" : \
&& ret=0
;;
(help)
_arguments "${_arguments_options[@]}" : \
&& ret=0
;;
        esac
    ;;
esac
;;
        esac
    ;;
esac
}

(( $+functions[_xpgn_commands] )) ||
_xpgn_commands() {
    local commands; commands=(
'check:Validate records and report every problem' \
'fen:Print the position after each game, one FEN per line' \
'perft:Count the leaf nodes of the legal move tree (perft)' \
'moves:List the legal moves of a position' \
'convert:Convert records to PGN export format, JSON or JSON Lines' \
'stats:Write one CSV row of statistics per game' \
'scores:Print the score timeline of each game\: the counts after every half-move' \
'dedupe:Find games recorded more than once' \
'diagram:Draw a position as an SVG picture' \
'view:Write one self-contained HTML page to look through games' \
'variants:List the games xpgn knows, their status and their pieces' \
'help:Print this message or the help of the given subcommand(s)' \
    )
    _describe -t commands 'xpgn commands' commands "$@"
}
(( $+functions[_xpgn__subcmd__check_commands] )) ||
_xpgn__subcmd__check_commands() {
    local commands; commands=()
    _describe -t commands 'xpgn check commands' commands "$@"
}
(( $+functions[_xpgn__subcmd__convert_commands] )) ||
_xpgn__subcmd__convert_commands() {
    local commands; commands=()
    _describe -t commands 'xpgn convert commands' commands "$@"
}
(( $+functions[_xpgn__subcmd__dedupe_commands] )) ||
_xpgn__subcmd__dedupe_commands() {
    local commands; commands=()
    _describe -t commands 'xpgn dedupe commands' commands "$@"
}
(( $+functions[_xpgn__subcmd__diagram_commands] )) ||
_xpgn__subcmd__diagram_commands() {
    local commands; commands=()
    _describe -t commands 'xpgn diagram commands' commands "$@"
}
(( $+functions[_xpgn__subcmd__fen_commands] )) ||
_xpgn__subcmd__fen_commands() {
    local commands; commands=()
    _describe -t commands 'xpgn fen commands' commands "$@"
}
(( $+functions[_xpgn__subcmd__help_commands] )) ||
_xpgn__subcmd__help_commands() {
    local commands; commands=(
'check:Validate records and report every problem' \
'fen:Print the position after each game, one FEN per line' \
'perft:Count the leaf nodes of the legal move tree (perft)' \
'moves:List the legal moves of a position' \
'convert:Convert records to PGN export format, JSON or JSON Lines' \
'stats:Write one CSV row of statistics per game' \
'scores:Print the score timeline of each game\: the counts after every half-move' \
'dedupe:Find games recorded more than once' \
'diagram:Draw a position as an SVG picture' \
'view:Write one self-contained HTML page to look through games' \
'variants:List the games xpgn knows, their status and their pieces' \
'help:Print this message or the help of the given subcommand(s)' \
    )
    _describe -t commands 'xpgn help commands' commands "$@"
}
(( $+functions[_xpgn__subcmd__help__subcmd__check_commands] )) ||
_xpgn__subcmd__help__subcmd__check_commands() {
    local commands; commands=()
    _describe -t commands 'xpgn help check commands' commands "$@"
}
(( $+functions[_xpgn__subcmd__help__subcmd__convert_commands] )) ||
_xpgn__subcmd__help__subcmd__convert_commands() {
    local commands; commands=()
    _describe -t commands 'xpgn help convert commands' commands "$@"
}
(( $+functions[_xpgn__subcmd__help__subcmd__dedupe_commands] )) ||
_xpgn__subcmd__help__subcmd__dedupe_commands() {
    local commands; commands=()
    _describe -t commands 'xpgn help dedupe commands' commands "$@"
}
(( $+functions[_xpgn__subcmd__help__subcmd__diagram_commands] )) ||
_xpgn__subcmd__help__subcmd__diagram_commands() {
    local commands; commands=()
    _describe -t commands 'xpgn help diagram commands' commands "$@"
}
(( $+functions[_xpgn__subcmd__help__subcmd__fen_commands] )) ||
_xpgn__subcmd__help__subcmd__fen_commands() {
    local commands; commands=()
    _describe -t commands 'xpgn help fen commands' commands "$@"
}
(( $+functions[_xpgn__subcmd__help__subcmd__help_commands] )) ||
_xpgn__subcmd__help__subcmd__help_commands() {
    local commands; commands=()
    _describe -t commands 'xpgn help help commands' commands "$@"
}
(( $+functions[_xpgn__subcmd__help__subcmd__moves_commands] )) ||
_xpgn__subcmd__help__subcmd__moves_commands() {
    local commands; commands=()
    _describe -t commands 'xpgn help moves commands' commands "$@"
}
(( $+functions[_xpgn__subcmd__help__subcmd__perft_commands] )) ||
_xpgn__subcmd__help__subcmd__perft_commands() {
    local commands; commands=()
    _describe -t commands 'xpgn help perft commands' commands "$@"
}
(( $+functions[_xpgn__subcmd__help__subcmd__scores_commands] )) ||
_xpgn__subcmd__help__subcmd__scores_commands() {
    local commands; commands=()
    _describe -t commands 'xpgn help scores commands' commands "$@"
}
(( $+functions[_xpgn__subcmd__help__subcmd__stats_commands] )) ||
_xpgn__subcmd__help__subcmd__stats_commands() {
    local commands; commands=()
    _describe -t commands 'xpgn help stats commands' commands "$@"
}
(( $+functions[_xpgn__subcmd__help__subcmd__variants_commands] )) ||
_xpgn__subcmd__help__subcmd__variants_commands() {
    local commands; commands=()
    _describe -t commands 'xpgn help variants commands' commands "$@"
}
(( $+functions[_xpgn__subcmd__help__subcmd__view_commands] )) ||
_xpgn__subcmd__help__subcmd__view_commands() {
    local commands; commands=()
    _describe -t commands 'xpgn help view commands' commands "$@"
}
(( $+functions[_xpgn__subcmd__moves_commands] )) ||
_xpgn__subcmd__moves_commands() {
    local commands; commands=()
    _describe -t commands 'xpgn moves commands' commands "$@"
}
(( $+functions[_xpgn__subcmd__perft_commands] )) ||
_xpgn__subcmd__perft_commands() {
    local commands; commands=()
    _describe -t commands 'xpgn perft commands' commands "$@"
}
(( $+functions[_xpgn__subcmd__scores_commands] )) ||
_xpgn__subcmd__scores_commands() {
    local commands; commands=()
    _describe -t commands 'xpgn scores commands' commands "$@"
}
(( $+functions[_xpgn__subcmd__stats_commands] )) ||
_xpgn__subcmd__stats_commands() {
    local commands; commands=()
    _describe -t commands 'xpgn stats commands' commands "$@"
}
(( $+functions[_xpgn__subcmd__variants_commands] )) ||
_xpgn__subcmd__variants_commands() {
    local commands; commands=()
    _describe -t commands 'xpgn variants commands' commands "$@"
}
(( $+functions[_xpgn__subcmd__view_commands] )) ||
_xpgn__subcmd__view_commands() {
    local commands; commands=()
    _describe -t commands 'xpgn view commands' commands "$@"
}

if [ "$funcstack[1]" = "_xpgn" ]; then
    _xpgn "$@"
else
    compdef _xpgn xpgn
fi
