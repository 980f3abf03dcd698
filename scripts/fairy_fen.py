#!/usr/bin/env python3
"""Checks position strings with Fairy-Stockfish (pyffish.validate_fen).

Usage: fairy_fen.py VARIANTS_INI VARIANT [--chess960] < positions
Reads one position per line (empty lines are skipped), loads VARIANTS_INI,
and prints `checked N` when pyffish accepts every one; otherwise prints
`rejected CODE: FEN` for each it rejects and exits 1. Run by tests/fairy.rs
with the pinned pyffish that scripts/peers.sh installs.
"""

import sys

import pyffish as sf


def main():
    ini, variant = sys.argv[1], sys.argv[2]
    chess960 = "--chess960" in sys.argv[3:]
    with open(ini, encoding="utf-8") as f:
        sf.load_variant_config(f.read())
    checked, rejected = 0, 0
    for line in sys.stdin:
        fen = line.strip()
        if not fen:
            continue
        checked += 1
        code = sf.validate_fen(fen, variant, chess960)
        if code != 1:
            rejected += 1
            print(f"rejected {code}: {fen}")
    print(f"checked {checked}")
    sys.exit(1 if rejected else 0)


if __name__ == "__main__":
    main()
