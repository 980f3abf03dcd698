#!/usr/bin/env python3
"""Perft counts from Fairy-Stockfish (pyffish) for the parts of Gast and
Squirrel chess that its variants.ini can express, printed in the format of
tests/data/perft/*.perft.

pyffish handles boards of at most 12 files x 10 ranks, so:
  * gast-pieces: the Gast pieces (knight NCA, guard BNCA, archer RNCA and the
    standard bishop, rook, queen, king) on a 12x10 board, without pawns or
    castling (Gast's pawns and staged castling have no variants.ini form);
  * squirrel-pieces: Squirrel's camel C and squirrel NAD with the standard
    pieces on 10x10, with Squirrel's castling (king to h or c, rook to g or
    d), without the guard and without pawns (they step back in Squirrel).

Usage: python3 scripts/pyffish_perft.py [MAX_NODES [VARIANT]]  (needs `pip install pyffish`).
The output was recorded as tests/data/perft/pyffish-gast-pieces.perft and
pyffish-squirrel-pieces.perft; CI does not run this script.
"""

import sys

import pyffish as sf

CONFIG = """
[gast-pieces:chess]
maxRank = 10
maxFile = 12
pawn = -
knight = -
customPiece1 = n:NCA
customPiece2 = g:BNCA
customPiece3 = a:RNCA
castling = false
promotionPieceTypes = -
startFen = rngabqkbagnr/12/12/12/12/12/12/12/12/RNGABQKBAGNR w - - 0 1

[squirrel-pieces:chess]
maxRank = 10
maxFile = 10
pawn = -
customPiece1 = c:C
customPiece2 = s:NAD
castlingKingsideFile = h
castlingQueensideFile = c
promotionPieceTypes = -
startFen = crb1qk1brc/1n1s2s1n1/10/10/10/10/10/10/1N1S2S1N1/CRB1QK1BRC w KQkq - 0 1
"""

POSITIONS = {
    "gast-pieces": [
        ("back-ranks", "rngabqkbagnr/12/12/12/12/12/12/12/12/RNGABQKBAGNR w - - 0 1", 3),
        ("open-middle", "r4k5r/2g6a2/12/4n7/6A5/3N8/12/7G4/2B9/R3K2Q3R w - - 0 1", 3),
        ("pins-and-checks", "4k7/12/4r7/12/1b10/12/4A7/12/3N2G5/4K7 w - - 0 1", 4),
        ("black-in-check", "6k5/12/12/6A5/12/3n8/12/12/8g3/2K9 b - - 0 1", 4),
        ("leaper-mates", "k11/12/12/2N9/1Q10/12/12/12/12/11K w - - 0 1", 4),
    ],
    "squirrel-pieces": [
        ("start-without-guards-and-pawns", "crb1qk1brc/1n1s2s1n1/10/10/10/10/10/10/1N1S2S1N1/CRB1QK1BRC w KQkq - 0 1", 3),
        ("castling", "1r3k2r1/10/10/10/10/10/10/10/10/1R3K2R1 w KQkq - 0 1", 3),
        ("castling-attacked", "1r3k4/4c5/10/10/3s6/10/10/10/10/1R3K2R1 w KQ - 0 1", 3),
        ("leapers", "5k4/10/2s7/10/4C5/10/1c8/10/3S6/5K4 w - - 0 1", 4),
    ],
}


def perft(variant, fen, depth):
    moves = sf.legal_moves(variant, fen, [])
    if depth == 1:
        return len(moves)
    total = 0
    for m in moves:
        total += perft(variant, sf.get_fen(variant, fen, [m]), depth - 1)
    return total


def main():
    limit = int(sys.argv[1]) if len(sys.argv) > 1 else 2_000_000
    sf.load_variant_config(CONFIG)
    version = ".".join(str(x) for x in sf.version())
    only = sys.argv[2] if len(sys.argv) > 2 else None
    for variant, positions in POSITIONS.items():
        if only and variant != only:
            continue
        print(f"# === {variant}")
        for name, fen, depth in positions:
            print(f"# source: Fairy-Stockfish {version} (pyffish), scripts/pyffish_perft.py")
            print(f"id {name}")
            print(f"epd {fen}")
            for d in range(1, depth + 1):
                n = perft(variant, fen, d)
                print(f"perft {d} {n}")
                if n > limit:
                    break
            print()


if __name__ == "__main__":
    main()
