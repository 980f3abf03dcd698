#!/usr/bin/env python3
"""python-chess's insufficient-material answers for lichess positions.

Reads lines `VARIANT<TAB>FEN` on stdin (VARIANT as python-chess names it:
atomic, antichess, crazyhouse, kingofthehill, 3check, horde, racingkings)
and prints, per line, `W<TAB>B`: whether White, and whether Black, has
insufficient material (1 or 0), or `invalid` when python-chess does not
accept the position. Used by tests/lichess_draws.rs with the pinned
python-chess of scripts/peers.sh.
"""

import sys

import chess
import chess.variant


def main():
    for line in sys.stdin:
        name, fen = line.rstrip("\n").split("\t", 1)
        cls = chess.variant.find_variant(name)
        try:
            board = cls(fen)
        except ValueError:
            print("invalid")
            continue
        if not board.is_valid():
            print("invalid")
            continue
        w = int(board.has_insufficient_material(chess.WHITE))
        b = int(board.has_insufficient_material(chess.BLACK))
        print(f"{w}\t{b}")


if __name__ == "__main__":
    main()
