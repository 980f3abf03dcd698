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
   export; each game's final position must equal xpgn's.

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
        # placement, side to move and castling rights are compared.
        with open(out, encoding="utf-8", errors="replace") as f:
            pe = re.findall(r'\{ "([^"]+)" \}', f.read())
        from collections import Counter
        key = lambda fen: " ".join(fen.split()[:3])
        have = Counter(key(f) for f in pe)
        missing = 0
        for fen in xpgn_fens:
            k = key(fen)
            if have[k] > 0:
                have[k] -= 1
            else:
                missing += 1
        print(f"pgn-extract: {len(pe)} games read; {len(xpgn_fens) - missing} of xpgn's "
              f"{len(xpgn_fens)} final positions reached, {missing} not")
        failures += missing

    shutil.rmtree(tmp, ignore_errors=True)
    print("all agree" if failures == 0 and fixed_point else "DIFFERENCES")
    sys.exit(0 if failures == 0 and fixed_point else 1)


if __name__ == "__main__":
    main()
