#!/usr/bin/env python3
"""Seeded random games of the seven lichess variants, made by python-chess.

    python3 scripts/lichess_random_games.py [--seed 15] [--games 6] [--plies 80]

Writes tests/data/lichess/random.pgn and tests/data/lichess/random.tsv.
For each variant, --games games of uniformly random legal moves (until the
game ends or --plies). Every second game gets one planted illegal move at a
random ply: a move that follows the piece's movement but breaks the
variant's rule where python-chess has one to break (a non-capture when a
capture is compulsory, a king capture in Atomic, a check in Racing Kings,
a move into check), else a drop or a move no piece can make. The game stops
after the planted move. The TSV has one row per game:

    game  variant  plies  planted_ply  fen

`plies` counts the legal moves before the end or the planted move,
`planted_ply` is the 1-based ply of the planted move (empty when none) and
`fen` is python-chess's `board.fen()` after the legal moves.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

import chess
import chess.pgn
import chess.variant

REPO_ROOT = Path(__file__).resolve().parent.parent
VARIANTS = [
    ("Atomic", chess.variant.AtomicBoard),
    ("Antichess", chess.variant.AntichessBoard),
    ("Crazyhouse", chess.variant.CrazyhouseBoard),
    ("King of the Hill", chess.variant.KingOfTheHillBoard),
    ("Three-check", chess.variant.ThreeCheckBoard),
    ("Horde", chess.variant.HordeBoard),
    ("Racing Kings", chess.variant.RacingKingsBoard),
]


def illegal_move(board: chess.Board, rng: random.Random) -> str | None:
    """SAN of a pseudo-legal but illegal move, if the position has one."""
    legal = set(board.legal_moves)
    pseudo = [m for m in chess.Board.generate_pseudo_legal_moves(board)
              if m not in legal and not board.is_castling(m)]
    if isinstance(board, chess.variant.SuicideBoard):
        pseudo = [m for m in chess.Board.generate_pseudo_legal_moves(board)
                  if m not in legal and not board.is_capture(m) and not board.is_castling(m)]
    rng.shuffle(pseudo)
    for m in pseudo:
        piece = board.piece_at(m.from_square)
        if piece is None:
            continue
        letter = "" if piece.piece_type == chess.PAWN else piece.symbol().upper()
        # The origin square written in full: no ambiguity to argue about.
        sep = "x" if board.is_capture(m) else "-"
        promo = "=" + chess.piece_symbol(m.promotion).upper() if m.promotion else ""
        return f"{letter}{chess.square_name(m.from_square)}{sep}{chess.square_name(m.to_square)}{promo}"
    return None


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seed", type=int, default=15)
    ap.add_argument("--games", type=int, default=6)
    ap.add_argument("--plies", type=int, default=80)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    out_dir = REPO_ROOT / "tests/data/lichess"
    out_dir.mkdir(parents=True, exist_ok=True)
    pgn_parts, rows = [], []
    number = 0
    for name, cls in VARIANTS:
        for g in range(args.games):
            number += 1
            board = cls()
            sans: list[str] = []
            plant_at = rng.randrange(4, args.plies) if g % 2 == 1 else None
            planted = None
            while not board.is_game_over() and len(sans) < args.plies:
                if plant_at is not None and len(sans) + 1 >= plant_at:
                    planted = illegal_move(board, rng)
                    if planted is not None:
                        break
                move = rng.choice(list(board.legal_moves))
                sans.append(board.san(move))
                board.push(move)
            words = []
            for i, san in enumerate(sans + ([planted] if planted else [])):
                if i % 2 == 0:
                    words.append(f"{i // 2 + 1}.")
                words.append(san)
            result = "*"
            if planted is None and board.is_game_over():
                result = board.result()
            tags = [
                ("Event", f"random {name} {g + 1}"),
                ("Site", "python-chess random"),
                ("White", f"random-{number}-w"),
                ("Black", f"random-{number}-b"),
                ("Result", result),
                ("Variant", name),
            ]
            head = "\n".join(f'[{k} "{v}"]' for k, v in tags)
            pgn_parts.append(f"{head}\n\n{' '.join(words + [result])}\n")
            ply = str(len(sans) + 1) if planted else ""
            rows.append(f"{number}\t{name}\t{len(sans)}\t{ply}\t{board.fen()}")
    header = f"# python-chess {chess.__version__}, scripts/lichess_random_games.py --seed {args.seed} --games {args.games} --plies {args.plies}"
    (out_dir / "random.pgn").write_text("\n".join(pgn_parts))
    (out_dir / "random.tsv").write_text(
        header + "\ngame\tvariant\tplies\tplanted_ply\tfen\n" + "\n".join(rows) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
