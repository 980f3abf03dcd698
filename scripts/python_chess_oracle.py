#!/usr/bin/env python3
"""Reference data: how python-chess reads every game of the PGN corpus.

Walks every ``*.pgn`` file under a corpus root (sorted by path relative to the
root, plain code-point order on the ``/``-joined path), reads it game by game
with ``chess.pgn.read_game`` using python-chess's default ``GameBuilder``
behaviour, and writes one TSV line per game:

    file  game  variant  white  black  plies  fen  error

* ``file``    path relative to the corpus root, ``/``-separated.
* ``game``    1-based index of the game within the file, as python-chess
              counts games (one ``read_game`` call = one game).
* ``variant`` ``uci_variant`` of the board class python-chess picked from the
              ``[Variant]`` header (``chess``, ``atomic``, ``crazyhouse``,
              ``antichess``, ...); ``chess960`` for a standard board with
              ``board.chess960`` set, ``<variant>960`` for a variant board with
              it set.
* ``white``, ``black`` tag values (python-chess's default ``?`` when absent);
              tabs, CR and LF replaced by spaces.
* ``plies``   number of mainline moves python-chess accepted (null moves
              included).
* ``fen``     ``game.end().board().fen()``: python-chess's default FEN of the
              final mainline position (en-passant square only when an e.p.
              capture is legal; X-FEN castling letters on chess960 boards).
* ``error``   first entry of ``game.errors`` as ``ClassName: message`` on one
              line; empty if none.  ``python-chess exception: ...`` when
              ``read_game`` itself raised (the game is then recorded with
              whatever had been parsed so far and reading resumes at the
              current file position, as a caller looping on ``read_game``
              would).

What python-chess does after an illegal/invalid/ambiguous move: the error is
appended to ``game.errors`` and the rest of the *current variation* is skipped
(``skip_variation_depth = 1``).  In the mainline that means every later token
of the game -- including the result token -- is ignored until the blank line
that ends the game; the mainline therefore stops before the bad move.

Files are opened as text with ``encoding="utf-8", errors="replace"`` and
universal newlines (Python's default ``newline=None``); python-chess itself
strips a leading UTF-8 BOM.  Undecodable bytes only ever occur in tag values
and comments in this corpus, so moves are unaffected.

The output is deterministic: no timestamps, no absolute paths.  See
scripts/README.md.
"""

from __future__ import annotations

import argparse
import io
import logging
import os
import sys
from pathlib import Path
from typing import Optional, Tuple, Type

import chess
import chess.pgn

COLUMNS = ["file", "game", "variant", "white", "black", "plies", "fen", "error"]

SCRIPT_DIR = Path(__file__).resolve().parent
REPO_ROOT = SCRIPT_DIR.parent


def one_line(text: str) -> str:
    return text.replace("\t", " ").replace("\r", " ").replace("\n", " ")


def pgn_files(root: Path) -> list[Tuple[str, Path]]:
    found = []
    for dirpath, _dirnames, filenames in os.walk(root):
        for name in filenames:
            if name.endswith(".pgn"):
                path = Path(dirpath) / name
                found.append((path.relative_to(root).as_posix(), path))
    found.sort(key=lambda item: item[0])
    return found


class RecordingBuilder(chess.pgn.GameBuilder):
    """The default GameBuilder, which also remembers the game being built so
    that a crash inside ``read_game`` still leaves the partial game at hand.
    It changes nothing in how games are read."""

    last_game: Optional[chess.pgn.Game] = None

    def begin_game(self) -> None:
        super().begin_game()
        RecordingBuilder.last_game = self.game


def start_board(game: chess.pgn.Game) -> Tuple[Type[chess.Board], Optional[chess.Board]]:
    """The starting board exactly as read_game builds it (including its
    fallbacks: unknown variant -> chess.Board; bad FEN -> no board)."""
    headers = game.headers
    try:
        board_class = headers.variant()
    except ValueError:
        board_class = chess.Board
    fen = headers.get("FEN", board_class.starting_fen)
    try:
        board = board_class(fen, chess960=headers.is_chess960())
    except ValueError:
        return board_class, None
    board.chess960 = board.chess960 or board.has_chess960_castling_rights()
    return board_class, board


def describe(game: chess.pgn.Game) -> Tuple[str, str, str, str, str, str]:
    board_class, board = start_board(game)
    variant = board_class.uci_variant
    chess960 = board.chess960 if board is not None else game.headers.is_chess960()
    if chess960:
        variant = "chess960" if variant == "chess" else variant + "960"

    moves = list(game.mainline_moves())
    plies = str(len(moves))
    fen = ""
    try:
        fen = game.end().board().fen()
    except ValueError:
        # Game.board() re-reads the headers and raises where read_game fell
        # back (unsupported variant name) or gave up (invalid FEN).  Replay
        # the mainline on the board read_game actually used.
        if board is not None:
            for move in moves:
                board.push(move)
            fen = board.fen()
    except Exception:  # partial game left behind by a crash in read_game
        fen = ""
    return (
        variant,
        one_line(game.headers.get("White", "")),
        one_line(game.headers.get("Black", "")),
        plies,
        fen,
        one_line(f"{type(game.errors[0]).__name__}: {game.errors[0]}") if game.errors else "",
    )


def split_games(text: str) -> list[str]:
    """Cuts a file at the PGN standard's game boundaries: a tag line that
    follows movetext starts a new game. python-chess itself ends a game only
    at a blank line, so in archives without blank lines between games (the
    chess.com club files) it reads the next game's tags as moves; feeding it
    one game's text at a time keeps its verdict about each game's moves."""
    chunks: list[list[str]] = [[]]
    in_movetext = False
    in_comment = False
    for line in text.splitlines(keepends=True):
        stripped = line.strip()
        if not in_comment and stripped.startswith("[") and in_movetext:
            chunks.append([])
            in_movetext = False
        chunks[-1].append(line)
        if in_comment:
            if "}" in line:
                in_comment = line.rfind("{") > line.rfind("}")
            continue
        if stripped and not stripped.startswith("[") and not stripped.startswith("%"):
            in_movetext = True
        if line.rfind("{") > line.rfind("}"):
            in_comment = True
    return ["".join(c) + "\n\n" for c in chunks if "".join(c).strip()]


def read_file(rel: str, path: Path, out) -> Tuple[int, int, int]:
    games = errors = crashes = 0
    with open(path, encoding="utf-8", errors="replace") as whole:
        text = whole.read()
    for chunk in split_games(text):
        handle = io.StringIO(chunk)
        while True:
            RecordingBuilder.last_game = None
            before = handle.tell()
            try:
                game = chess.pgn.read_game(handle, Visitor=RecordingBuilder)
            except Exception as exc:  # python-chess bug on this input
                crashes += 1
                games += 1
                errors += 1
                partial = RecordingBuilder.last_game
                msg = one_line(f"python-chess exception: {type(exc).__name__}: {exc}")
                if partial is not None:
                    try:
                        variant, white, black, plies, fen, _err = describe(partial)
                    except Exception:
                        variant, white, black, plies, fen = "", "", "", "", ""
                else:
                    variant, white, black, plies, fen = "", "", "", "", ""
                out.write("\t".join([rel, str(games), variant, white, black, plies, fen, msg]) + "\n")
                if handle.tell() == before:
                    break  # no progress: give up on this file rather than loop
                continue
            if game is None:
                break
            games += 1
            row = describe(game)
            if row[5]:
                errors += 1
            out.write("\t".join([rel, str(games), *row]) + "\n")
    return games, errors, crashes


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--corpus", default="../shared/corpus",
                        help="corpus root (default: ../shared/corpus, relative to the repo root)")
    parser.add_argument("--out", default="tests/data/corpus-python-chess.tsv",
                        help="output TSV (default: tests/data/corpus-python-chess.tsv)")
    args = parser.parse_args()

    os.chdir(REPO_ROOT)  # relative defaults are relative to the repo root
    logging.getLogger("chess.pgn").setLevel(logging.CRITICAL)

    root = Path(args.corpus)
    files = pgn_files(root)
    if not files:
        print(f"no .pgn files under {root}", file=sys.stderr)
        return 1

    out_path = Path(args.out)
    out_path.parent.mkdir(parents=True, exist_ok=True)
    tmp_path = out_path.with_suffix(out_path.suffix + ".tmp")
    total_games = total_errors = total_crashes = 0
    with open(tmp_path, "w", encoding="utf-8", newline="\n") as out:
        out.write(f"# python-chess {chess.__version__} (Python {sys.version_info.major}.{sys.version_info.minor}); "
                  f"command: python3 scripts/python_chess_oracle.py --corpus {args.corpus} --out {args.out}\n")
        out.write("\t".join(COLUMNS) + "\n")
        for rel, path in files:
            games, errors, crashes = read_file(rel, path, out)
            total_games += games
            total_errors += errors
            total_crashes += crashes
            print(f"{rel}\t{games} games\t{errors} with errors" + (f"\t{crashes} crashes" if crashes else ""),
                  file=sys.stderr)
    tmp_path.replace(out_path)
    print(f"{len(files)} files, {total_games} games, {total_errors} with errors, {total_crashes} crashes -> {out_path}",
          file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
