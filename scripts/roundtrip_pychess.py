#!/usr/bin/env python3
"""python-chess's reading of xpgn's exports, for scripts/roundtrip.sh.

    roundtrip_pychess.py IN OUT [IN OUT ...]

Reads every game of each PGN file IN with `chess.pgn.read_game` and writes
OUT with one line per game: the final mainline position
(`game.end().board().fen()`), a tab, and the first of `game.errors` (empty
when none). One process serves every file because importing python-chess
costs more than reading a small file. The comparison itself is done by the
shell script; this file only reads.
"""

import logging
import sys

import chess.pgn

# read_game logs every error it records; the errors go into OUT instead.
logging.getLogger("chess.pgn").setLevel(logging.CRITICAL)


def main():
    args = sys.argv[1:]
    if len(args) % 2:
        sys.exit("usage: roundtrip_pychess.py IN OUT [IN OUT ...]")
    for src, dst in zip(args[::2], args[1::2]):
        # Exports are UTF-8 unless the original was not (issue 20, defect 1):
        # replace, as python_chess_oracle.py does, so one byte cannot stop the run.
        with open(src, encoding="utf-8", errors="replace") as f, open(dst, "w") as out:
            while True:
                try:
                    game = chess.pgn.read_game(f)
                except Exception as e:  # python-chess 1.11.2 can raise on odd input
                    out.write(f"\tpython-chess exception: {type(e).__name__}: {e}\n")
                    continue
                if game is None:
                    break
                err = ""
                if game.errors:
                    e = game.errors[0]
                    err = f"{type(e).__name__}: {e}".replace("\t", " ").replace("\n", " ")
                try:
                    fen = game.end().board().fen()
                except ValueError as e:  # a [Variant] python-chess does not know
                    fen, err = "", err or f"{type(e).__name__}: {e}"
                out.write(f"{fen}\t{err}\n")


if __name__ == "__main__":
    main()
