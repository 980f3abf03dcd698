#!/usr/bin/env python3
"""Writes tests/data/perft/lichess.perft from python-chess's variant perft suites.

    python3 scripts/lichess_perft.py SRC_DIR [--budget 200000]

SRC_DIR holds python-chess's examples/perft/{atomic,giveaway,crazyhouse,
3check,horde,racingkings}.perft (copied from the python-chess repository).
Each position is read with the variant's python-chess board class
(`set_epd`), written back as python-chess's full FEN (`board.fen()`, so the
Rust test can check that xpgn prints the same string), and every count whose
node total is within --budget is recomputed here with python-chess and must
equal the suite's; larger counts are copied from the suite as published.
Positions named as Chess960 ones are left out (lichess has no Chess960
start for these games). King of the Hill has no suite: its start position is chess's, and the
counts are computed here (python-chess agrees with chess up to depth 4,
before any king can reach the hill).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import chess
import chess.variant

REPO_ROOT = Path(__file__).resolve().parent.parent
SUITES = [
    ("atomic.perft", "Atomic", chess.variant.AtomicBoard),
    ("giveaway.perft", "Antichess", chess.variant.GiveawayBoard),
    ("crazyhouse.perft", "Crazyhouse", chess.variant.CrazyhouseBoard),
    ("3check.perft", "Three-check", chess.variant.ThreeCheckBoard),
    ("horde.perft", "Horde", chess.variant.HordeBoard),
    ("racingkings.perft", "Racing Kings", chess.variant.RacingKingsBoard),
]


def perft(board: chess.Board, depth: int) -> int:
    if depth == 1:
        return board.legal_moves.count()
    total = 0
    for m in list(board.legal_moves):
        board.push(m)
        total += perft(board, depth - 1)
        board.pop()
    return total


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("src", type=Path)
    ap.add_argument("--budget", type=int, default=200_000)
    ap.add_argument("--out", type=Path, default=REPO_ROOT / "tests/data/perft/lichess.perft")
    args = ap.parse_args()
    out = [
        "# The lichess variants: python-chess's perft suites (examples/perft/*.perft),",
        f"# positions as python-chess {chess.__version__} prints them; counts up to",
        f"# {args.budget} nodes recomputed with python-chess (scripts/lichess_perft.py),",
        "# larger ones as the suites publish them.",
        "",
    ]
    for name, variant, cls in SUITES:
        out.append(f"variant {variant}")
        out.append("")
        board = None
        skip = False
        for line in (args.src / name).read_text().splitlines():
            line = line.strip()
            if line.startswith("id "):
                # Chess960 starts of the variants: lichess plays none.
                skip = "960" in line
                if not skip:
                    out.append(line)
            elif skip:
                continue
            elif line.startswith("epd "):
                board = cls()
                board.set_epd(line[4:])
                out.append(f"epd {board.fen()}")
            elif line.startswith("perft "):
                _, d, n = line.split()
                depth, nodes = int(d), int(n)
                if nodes <= args.budget:
                    got = perft(board, depth)
                    if got != nodes:
                        print(f"{name}: {board.fen()} depth {depth}: python-chess {got}, suite {nodes}",
                              file=sys.stderr)
                        return 1
                out.append(f"perft {depth} {nodes}")
            elif not line:
                if out[-1] != "":
                    out.append("")
    out.append("variant King of the Hill")
    out.append("")
    out.append("id koth-start")
    board = chess.variant.KingOfTheHillBoard()
    out.append(f"epd {board.fen()}")
    for depth in range(1, 5):
        out.append(f"perft {depth} {perft(board, depth)}")
    args.out.write_text("\n".join(out) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
