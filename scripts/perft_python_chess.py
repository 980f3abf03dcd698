#!/usr/bin/env python3
"""Perft with python-chess, and the generator of tests/data/perft/*.perft.

Subcommands (run from anywhere; relative paths are relative to the repo root):

  perft FEN DEPTH [--chess960]      print perft(1..DEPTH) for one position
  make-fide                         write tests/data/perft/fide.perft: the
                                    published chessprogramming-wiki counts,
                                    each verified with python-chess up to the
                                    depth whose interior node count stays
                                    under --budget
  make-chess960                     write tests/data/perft/chess960.perft:
                                    counts computed here (depths 1-4, within
                                    --budget), with published counts checked
                                    where known
  make-fide-random                  write tests/data/perft/fide-random.perft:
                                    ~150 positions sampled with a fixed seed
                                    from the corpus mainlines, perft 1-3

perft(board, depth) counts leaf nodes with board.legal_moves and push/pop,
counting the legal moves of the last ply in bulk (same result, fewer pushes).
The file format is shakmaty's: `id NAME`, `epd FEN` (full six-field FEN here),
`perft DEPTH NODES`, `#` comments, blocks separated by blank lines.
"""

from __future__ import annotations

import argparse
import logging
import os
import random
import sys
import time
from pathlib import Path

import chess
import chess.pgn

REPO_ROOT = Path(__file__).resolve().parent.parent
VERSION = f"python-chess {chess.__version__}"


def perft(board: chess.Board, depth: int) -> int:
    if depth == 0:
        return 1
    if depth == 1:
        return board.legal_moves.count()
    nodes = 0
    for move in board.legal_moves:
        board.push(move)
        nodes += perft(board, depth - 1)
        board.pop()
    return nodes


def counts(fen: str, max_depth: int, chess960: bool, budget: int) -> list[int]:
    """perft(1..d) for increasing d while the interior node count
    (perft(d-1)) stays within budget, up to max_depth."""
    board = chess.Board(fen, chess960=chess960)
    out: list[int] = []
    for depth in range(1, max_depth + 1):
        interior = out[-1] if out else 1
        if depth > 1 and interior > budget:
            break
        out.append(perft(board, depth))
    return out


# ---------------------------------------------------------------------------
# FIDE: published counts (chessprogramming wiki, "Perft Results").

FIDE_PUBLISHED = [
    ("startpos", "Perft Results, initial position",
     "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
     [20, 400, 8902, 197281, 4865609, 119060324]),
    ("kiwipete", "Perft Results, Position 2 (Kiwipete, Peter McKenzie)",
     "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
     [48, 2039, 97862, 4085603, 193690690]),
    ("position-3", "Perft Results, Position 3",
     "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
     [14, 191, 2812, 43238, 674624, 11030083]),
    ("position-4", "Perft Results, Position 4",
     "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
     [6, 264, 9467, 422333, 15833292]),
    ("position-4-mirrored", "Perft Results, Position 4 (mirrored)",
     "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1",
     [6, 264, 9467, 422333, 15833292]),
    ("position-5", "Perft Results, Position 5",
     "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
     [44, 1486, 62379, 2103487, 89941194]),
    ("position-6", "Perft Results, Position 6 (Steven Edwards)",
     "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
     [46, 2079, 89890, 3894594, 164075551]),
]


def write_block(out, ident: str, comments: list[str], fen: str, values: list[int]) -> None:
    for line in comments:
        out.write(f"# {line}\n")
    out.write(f"id {ident}\n")
    out.write(f"epd {fen}\n")
    for depth, nodes in enumerate(values, start=1):
        out.write(f"perft {depth} {nodes}\n")
    out.write("\n")


def make_fide(args) -> int:
    path = REPO_ROOT / "tests/data/perft/fide.perft"
    path.parent.mkdir(parents=True, exist_ok=True)
    failures = 0
    with open(path, "w", encoding="utf-8", newline="\n") as out:
        out.write("# FIDE perft: published counts (chessprogramming wiki, \"Perft Results\").\n")
        out.write(f"# Verified here with {VERSION} (scripts/perft_python_chess.py make-fide --budget {args.budget}).\n\n")
        for ident, source, fen, published in FIDE_PUBLISHED:
            t0 = time.time()
            mine = counts(fen, len(published), False, args.budget)
            bad = [d for d, (a, b) in enumerate(zip(mine, published), 1) if a != b]
            if bad:
                failures += 1
                print(f"MISMATCH {ident} at depths {bad}: {mine} vs {published}", file=sys.stderr)
            print(f"{ident}: verified depths 1-{len(mine)} in {time.time() - t0:.1f}s", file=sys.stderr)
            write_block(out, ident, [
                f"source: chessprogramming wiki, {source}; depths 1-{len(mine)} verified with {VERSION}"
                + (f", depths {len(mine) + 1}-{len(published)} published only" if len(mine) < len(published) else ""),
            ], fen, published)
    return 1 if failures else 0


# ---------------------------------------------------------------------------
# Chess960: positions and (where known) published counts; counts computed here.

CHESS960 = [
    # (id, source, X-FEN, published counts or [])
    ("frc-pos-1", "Chess960 perft list (chessprogramming wiki, Reinhard Scharnagl), position 1",
     "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
     [21, 528, 12189, 326672, 8146062, 227689589]),
    ("frc-pos-2", "Chess960 perft list (chessprogramming wiki, Reinhard Scharnagl), position 2",
     "2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9",
     [21, 807, 18002, 667366, 16253601, 590751109]),
    ("frc-pos-3", "Chess960 perft list (chessprogramming wiki, Reinhard Scharnagl), position 3",
     "b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQNNRKRB w GE - 1 9",
     [20, 479, 10471, 273318, 6417013, 177654692]),
    ("frc-pos-4", "Chess960 perft list (chessprogramming wiki, Reinhard Scharnagl), position 4",
     "qbbnnrkr/2pp2pp/p7/1p2pp2/8/P3PP2/1PPP1KPP/QBBNNR1R w hf - 0 9",
     [22, 593, 13440, 382958, 9183776, 274103539]),
    ("frc-pos-5", "Chess960 perft list (chessprogramming wiki, Reinhard Scharnagl), position 5",
     "1nbbnrkr/p1p1ppp1/3p4/1p3P1p/3Pq2P/8/PPP1P1P1/QNBBNRKR w HFhf - 0 9",
     [28, 1120, 31058, 1171749, 34030312, 1250970898]),
    ("xfen-00", "talkchess forum thread 55274 (X-FEN castling tests, as in shakmaty's tricky.perft)",
     "r1k1r2q/p1ppp1pp/8/8/8/8/P1PPP1PP/R1K1R2Q w KQkq - 0 1", [23, 522, 12333, 285754]),
    ("xfen-01", "talkchess forum thread 55274 (X-FEN castling tests, as in shakmaty's tricky.perft)",
     "r1k2r1q/p1ppp1pp/8/8/8/8/P1PPP1PP/R1K2R1Q w KQkq - 0 1", [28, 738, 20218, 541480]),
    ("xfen-02", "talkchess forum thread 55274 (X-FEN castling tests, as in shakmaty's tricky.perft)",
     "8/8/8/4B2b/6nN/8/5P2/2R1K2k w Q - 0 1", [34, 318, 9002, 118388]),
    ("xfen-03", "talkchess forum thread 55274 (X-FEN castling tests, as in shakmaty's tricky.perft)",
     "2r5/8/8/8/8/8/6PP/k2KR3 w K - 0 1", [17, 242, 3931, 57700]),
    ("xfen-04", "talkchess forum thread 55274 (X-FEN castling tests, as in shakmaty's tricky.perft)",
     "4r3/3k4/8/8/8/8/6PP/qR1K1R2 w KQ - 0 1", [19, 628, 12858, 405636]),
    ("hside-rook-blocks-aside-castling", "lila issue 4625 (as in shakmaty's tricky.perft)",
     "4rrk1/pbbp2p1/1ppnp3/3n1pqp/3N1PQP/1PPNP3/PBBP2P1/4RRK1 w Ff - 0 1", [42, 1743, 71908]),
    # Start positions: standard array played as Chess960, and extreme arrays.
    ("start-518", "Chess960 start position 518 (= standard array) with Shredder castling",
     "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1", [20, 400, 8902, 197281]),
    ("start-0", "Chess960 start position 0", "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1", []),
    ("start-959", "Chess960 start position 959", "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w CAca - 0 1", []),
    # Castling where king or rook stays on its square, or the rook is next to the king.
    ("king-b1-rook-a1", "hand-made: king b1, rook a1 (queenside castling moves only the rook's partner squares)",
     "1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/RK4R1 w GAgb - 0 1", []),
    ("king-g1-rook-h1", "hand-made: king g1, rook h1 (kingside castling moves only the rook)",
     "rk4r1/pppppppp/8/8/8/8/PPPPPPPP/R5KR w HAga - 0 1", []),
    ("king-f1-castle-attacked", "hand-made: castling path attacked by a bishop",
     "r4kr1/ppp2ppp/8/3b4/8/8/PPP2P1P/R4KR1 w GAga - 0 1", []),
]


def make_chess960(args) -> int:
    path = REPO_ROOT / "tests/data/perft/chess960.perft"
    failures = 0
    with open(path, "w", encoding="utf-8", newline="\n") as out:
        out.write("# Chess960 perft. Castling rights in X-FEN/Shredder letters as python-chess reads them\n")
        out.write(f"# with chess.Board(fen, chess960=True). Every count below was computed with {VERSION}\n")
        out.write(f"# (scripts/perft_python_chess.py make-chess960 --budget {args.budget});\n")
        out.write("# where a published count exists the source line says whether it agrees.\n\n")
        for ident, source, fen, published in CHESS960:
            board = chess.Board(fen, chess960=True)
            if not board.is_valid():
                print(f"INVALID {ident}: {board.status()!r}", file=sys.stderr)
                failures += 1
                continue
            t0 = time.time()
            mine = counts(fen, 4, True, args.budget)
            note = f"depths 1-{len(mine)} computed with {VERSION}"
            if published:
                agree = all(a == b for a, b in zip(mine, published))
                if not agree:
                    failures += 1
                    print(f"MISMATCH {ident}: {mine} vs published {published}", file=sys.stderr)
                    note += f"; DISAGREES with the published {published[:len(mine)]}"
                else:
                    note += f"; agrees with the published counts ({source})"
            else:
                note += f" ({source})"
            print(f"{ident}: {mine} in {time.time() - t0:.1f}s", file=sys.stderr)
            write_block(out, ident, [f"source: {note}"], fen, mine)
    return 1 if failures else 0


# ---------------------------------------------------------------------------
# FIDE positions sampled from the corpus.

def promotion_possible(board: chess.Board) -> bool:
    return any(m.promotion for m in board.legal_moves)


def castling_possible(board: chess.Board) -> bool:
    return any(board.is_castling(m) for m in board.legal_moves)


CATEGORIES = [
    ("check", lambda b: b.is_check()),
    ("en-passant", lambda b: b.has_legal_en_passant()),
    ("promotion", promotion_possible),
    ("castling-legal", castling_possible),
    ("castling-rights", lambda b: b.castling_rights != 0),
    ("endgame", lambda b: chess.popcount(b.occupied) <= 10),
    ("middlegame", lambda b: 11 <= chess.popcount(b.occupied) <= 26),
    ("any", lambda b: True),
]


def make_fide_random(args) -> int:
    logging.getLogger("chess.pgn").setLevel(logging.CRITICAL)
    rng = random.Random(args.seed)
    tsv = REPO_ROOT / "tests/data/corpus-python-chess.tsv"
    corpus = (REPO_ROOT / args.corpus).resolve() if not os.path.isabs(args.corpus) else Path(args.corpus)

    # Games python-chess reads cleanly as standard chess, from the oracle TSV.
    candidates = []
    final_fen: dict[tuple[str, int], str] = {}
    with open(tsv, encoding="utf-8") as handle:
        for line in handle:
            if line.startswith("#") or line.startswith("file\t"):
                continue
            f = line.rstrip("\n").split("\t")
            if f[2] == "chess" and not f[7] and f[5] and int(f[5]) >= 10:
                candidates.append((f[0], int(f[1])))
                final_fen[(f[0], int(f[1]))] = f[6]
    picked = sorted(rng.sample(candidates, args.games))
    wanted: dict[str, set[int]] = {}
    for rel, game in picked:
        wanted.setdefault(rel, set()).add(game)

    # Collect every mainline position of the picked games.
    pool: list[tuple[str, str, int, str]] = []  # (file, game, ply, fen)
    for rel in sorted(wanted):
        with open(corpus / rel, encoding="utf-8", errors="replace") as handle:
            index = 0
            last = max(wanted[rel])
            while index < last:
                index += 1
                if index in wanted[rel]:
                    game = chess.pgn.read_game(handle)
                    board = game.board()
                    positions = []
                    for ply, move in enumerate(game.mainline_moves(), start=1):
                        board.push(move)
                        positions.append((rel, index, ply, board.fen()))
                    # Skipping games with SkipVisitor could count games differently
                    # from the oracle near a python-chess crash: keep only games whose
                    # final position matches the oracle's row.
                    if board.fen() == final_fen[(rel, index)]:
                        pool.extend(positions)
                    else:
                        print(f"skipping {rel} game {index}: not the oracle's game", file=sys.stderr)
                else:
                    if chess.pgn.read_game(handle, Visitor=chess.pgn.SkipVisitor) is None:
                        break
    print(f"{len(picked)} games, {len(pool)} positions in the pool", file=sys.stderr)

    per_category = args.count // len(CATEGORIES)
    chosen: list[tuple[str, str, int, str, str]] = []
    seen: set[str] = set()
    order = list(range(len(pool)))
    rng.shuffle(order)
    for name, test in CATEGORIES:
        want = per_category if name != "any" else args.count - len(chosen)
        got = 0
        for i in order:
            rel, game, ply, fen = pool[i]
            key = " ".join(fen.split()[:4])
            if key in seen:
                continue
            board = chess.Board(fen)
            if board.is_game_over() and name != "any":
                continue
            if test(board):
                seen.add(key)
                chosen.append((name, rel, game, ply, fen))
                got += 1
                if got == want:
                    break
        print(f"{name}: {got}", file=sys.stderr)

    path = REPO_ROOT / "tests/data/perft/fide-random.perft"
    with open(path, "w", encoding="utf-8", newline="\n") as out:
        out.write(f"# FIDE perft on {len(chosen)} positions sampled from the corpus mainlines\n")
        out.write(f"# (scripts/perft_python_chess.py make-fide-random --seed {args.seed} --games {args.games} "
                  f"--count {args.count}; games that python-chess reads without error as standard chess).\n")
        out.write(f"# All counts computed with {VERSION}. FENs are python-chess's fen() (e.p. square only\n")
        out.write("# when an e.p. capture is legal).\n\n")
        for n, (name, rel, game, ply, fen) in enumerate(chosen, start=1):
            values = counts(fen, 3, False, 10**9)
            write_block(out, f"corpus-{n:03d}-{name}", [
                f"source: {VERSION} perft 1-3; corpus {rel} game {game} after ply {ply} ({name})",
            ], fen, values)
    print(f"wrote {path}", file=sys.stderr)
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("perft")
    p.add_argument("fen")
    p.add_argument("depth", type=int)
    p.add_argument("--chess960", action="store_true")
    p = sub.add_parser("make-fide")
    p.add_argument("--budget", type=int, default=1_000_000,
                   help="verify depth d only if perft(d-1) <= budget (default 1000000)")
    p = sub.add_parser("make-chess960")
    p.add_argument("--budget", type=int, default=1_000_000)
    p = sub.add_parser("make-fide-random")
    p.add_argument("--corpus", default="../shared/corpus")
    p.add_argument("--seed", type=int, default=20240601)
    p.add_argument("--games", type=int, default=400, help="games sampled for the position pool")
    p.add_argument("--count", type=int, default=150, help="positions written")
    args = parser.parse_args()

    if args.cmd == "perft":
        board = chess.Board(args.fen, chess960=args.chess960)
        for depth in range(1, args.depth + 1):
            print(f"perft {depth} {perft(board, depth)}")
        return 0
    return {"make-fide": make_fide, "make-chess960": make_chess960,
            "make-fide-random": make_fide_random}[args.cmd](args)


if __name__ == "__main__":
    sys.exit(main())
