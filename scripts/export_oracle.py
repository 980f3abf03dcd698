#!/usr/bin/env python3
"""Checks that other tools read xpgn's PGN export of the FIDE corpus into the
same games: python-chess and pgn-extract must reach the same final position
as xpgn did on the original records. Not run by CI (it needs python-chess and
pgn-extract, and takes minutes).

    scripts/export_oracle.py [CORPUS_DIR] [--xpgn PATH] [--limit N]

Steps:
1. `xpgn convert CORPUS --to pgn --variant chess --validity valid` writes the
   export of every valid FIDE chess game (Chess960 and others are left out).
2. `xpgn fen` on the export gives xpgn's final positions; the export is
   itself checked to be a fixed point (`convert` of it gives the same text).
3. python-chess reads the export; each game's final mainline position must
   equal xpgn's.
4. pgn-extract (`-F`: a FEN comment after each game's last move) reads the
   export; every final position it writes must be one of xpgn's (placement
   and side to move; it writes none for games without moves, and refuses a
   few games, e.g. with `;` comment lines, which are counted and shown).

Exit status 0 when all agree, 1 otherwise (the first differences are shown).
"""

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile

try:
    import chess
    import chess.pgn
except ImportError:  # pragma: no cover
    sys.exit("python-chess is needed: pip install chess")


def run(cmd, **kw):
    return subprocess.run(cmd, check=False, **kw)


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    root = os.path.dirname(here)
    ap = argparse.ArgumentParser()
    ap.add_argument("corpus", nargs="?", default=os.path.join(root, "..", "shared", "corpus"))
    ap.add_argument("--xpgn", default=os.path.join(root, "target", "release", "xpgn"))
    ap.add_argument("--limit", type=int, default=0, help="compare only the first N games")
    ap.add_argument("--skip-python-chess", action="store_true")
    args = ap.parse_args()

    pgn_extract = shutil.which("pgn-extract") or (
        "/usr/games/pgn-extract" if os.path.exists("/usr/games/pgn-extract") else None
    )
    tmp = tempfile.mkdtemp(prefix="xpgn-oracle-")
    export = os.path.join(tmp, "export.pgn")
    r = run([args.xpgn, "-q", "convert", args.corpus, "--to", "pgn", "--variant", "chess",
             "--validity", "valid", "-o", export], stderr=subprocess.DEVNULL)
    if r.returncode not in (0, 1):
        sys.exit(f"xpgn convert failed with status {r.returncode}")

    again = os.path.join(tmp, "again.pgn")
    run([args.xpgn, "-q", "convert", export, "--to", "pgn", "-o", again])
    with open(export, "rb") as a, open(again, "rb") as b:
        fixed_point = a.read() == b.read()
    print(f"export is a fixed point: {fixed_point}")

    fens = run([args.xpgn, "fen", export], capture_output=True, text=True).stdout.split("\n")
    xpgn_fens = [f for f in fens if f]
    print(f"xpgn: {len(xpgn_fens)} games exported")

    def short(fen):
        # Compare placement, side, castling and en passant; python-chess
        # writes the en passant square only when a capture is legal, as xpgn
        # does, so all four fields must agree.
        return " ".join(fen.split()[:4])

    failures = 0

    # python-chess
    pc = []
    with open(export, encoding="utf-8", errors="replace") as f:
        while not args.skip_python_chess:
            game = chess.pgn.read_game(f)
            if game is None:
                break
            board = game.board()
            for move in game.mainline_moves():
                board.push(move)
            pc.append(board.fen())
            if args.limit and len(pc) >= args.limit:
                break
    n = min(len(pc), len(xpgn_fens))
    diff = [i for i in range(n) if short(pc[i]) != short(xpgn_fens[i])]
    print(f"python-chess: {len(pc)} games, {len(diff)} final positions differ")
    for i in diff[:5]:
        print(f"  game {i + 1}: xpgn {xpgn_fens[i]} | python-chess {pc[i]}")
    if not args.skip_python_chess:
        failures += len(diff) + (len(pc) != len(xpgn_fens) and not args.limit)

    # pgn-extract
    if pgn_extract is None:
        print("pgn-extract: not installed, skipped")
    else:
        out = os.path.join(tmp, "extract.pgn")
        run([pgn_extract, "-s", "-F", "--nochecks", "-o", out, export], stderr=subprocess.DEVNULL)
        # -F ends every game with a comment holding its final FEN. pgn-extract
        # refuses some games xpgn and python-chess accept (null moves in a
        # mainline), so games are matched as multisets, not by position. Its
        # FEN always names an en passant square after a double step, so only
        # placement and side to move are compared.
        with open(out, encoding="utf-8", errors="replace") as f:
            # Only comments shaped like a FEN: annotators' own comments may
            # hold `{ "...` too.
            pe = re.findall(r'\{ "([1-8pnbrqkPNBRQK]+(?:/[1-8pnbrqkPNBRQK]+){7} [wb] [^"]*)" \}', f.read())
        from collections import Counter
        # Castling rights are left out too: where X-FEN (python-chess, xpgn)
        # writes `q` for a rook beyond the king, pgn-extract writes the
        # rook's file (`Kb` for `Kq`), the same right in another notation.
        key = lambda fen: " ".join(fen.split()[:2])
        have = Counter(key(f) for f in pe)
        # pgn-extract writes no FEN comment for a game without moves, so
        # those games (lichess study chapters, most of them) are left out.
        import csv
        stats = run([args.xpgn, "stats", export], capture_output=True, text=True).stdout
        plies = [int(row["plies"]) for row in csv.DictReader(stats.splitlines())]
        with_moves = [f for f, n in zip(xpgn_fens, plies) if n > 0]
        missing = []
        for fen in with_moves:
            k = key(fen)
            if have[k] > 0:
                have[k] -= 1
            else:
                missing.append(fen)
        unmatched = [f for f, n in have.items() for _ in range(n)]
        print(f"pgn-extract: {len(pe)} final positions written; of xpgn's {len(with_moves)} "
              f"games with moves ({len(xpgn_fens) - len(with_moves)} without), "
              f"{len(with_moves) - len(missing)} reached, {len(missing)} not")
        print(f"pgn-extract: {len(unmatched)} of its positions match no xpgn game")
        for fen in unmatched[:5]:
            print(f"  pgn-extract only: {fen}")
        failures += len(unmatched)

    shutil.rmtree(tmp, ignore_errors=True)
    print("all agree" if failures == 0 and fixed_point else "DIFFERENCES")
    sys.exit(0 if failures == 0 and fixed_point else 1)


if __name__ == "__main__":
    main()
