#!/usr/bin/env python3
"""Compares `xpgn dedupe` with `pgn-extract -D` on the corpus (docs/dedupe.md).

Usage: scripts/dedupe_vs_pgn_extract.py [CORPUS_DIR] [--xpgn PATH] [--pgn-extract PATH]

Prints three things:
1. the whole corpus, every file in sorted order as one run: games read,
   unique and duplicate games, by each tool;
2. the files where the two tools read a different number of games or find
   a different number of duplicates within the file;
3. the same game set for both: xpgn's PGN export of the corpus with an
   `[XId "N"]` tag added to each game, so that each tool's duplicates can be
   named; the games only one tool calls duplicates are listed, each with
   the game pgn-extract took as its first copy (found by bisection), and the
   games pgn-extract does not write at all.

Needs pgn-extract (Debian package `pgn-extract`) and a built xpgn
(`cargo build --release`). Runs in a temporary directory; takes a minute.
"""

import argparse
import csv
import json
import re
import subprocess
import sys
import tempfile
from pathlib import Path

EVENT = re.compile(rb"^\[Event ", re.M)
XID = re.compile(rb'^\[XId "(\d+)"\]', re.M)


def run(cmd, **kw):
    return subprocess.run(cmd, check=False, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, **kw)


def xpgn_counts(xpgn, files):
    out = run([xpgn, "dedupe", "--format", "json", *map(str, files)]).stdout
    summary = json.loads(out.splitlines()[-1])
    return summary["games"], summary["duplicates"]


def pgn_extract_counts(pgnx, files, tmp):
    unique, dups = tmp / "px-u.pgn", tmp / "px-d.pgn"
    for p in (unique, dups):
        p.unlink(missing_ok=True)
    run([pgnx, "-s", "-o", str(unique), "--duplicates", str(dups), *map(str, files)])
    count = lambda p: len(EVENT.findall(p.read_bytes())) if p.exists() else 0
    return count(unique) + count(dups), count(dups)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("corpus", nargs="?", default="../shared/corpus")
    ap.add_argument("--xpgn", default="target/release/xpgn")
    ap.add_argument("--pgn-extract", default="/usr/games/pgn-extract")
    args = ap.parse_args()
    corpus = Path(args.corpus)
    files = sorted(corpus.rglob("*.pgn"))
    if not files:
        sys.exit(f"no .pgn files under {corpus}")
    xpgn, pgnx = str(Path(args.xpgn).resolve()), args.pgn_extract
    tmp = Path(tempfile.mkdtemp(prefix="dedupe-vs-"))

    xg, xd = xpgn_counts(xpgn, files)
    pg, pd = pgn_extract_counts(pgnx, files, tmp)
    print(f"whole corpus, {len(files)} files in one run:")
    print(f"  xpgn dedupe     {xg:7} games  {xg - xd:7} unique  {xd:6} duplicates")
    print(f"  pgn-extract -D  {pg:7} games  {pg - pd:7} unique  {pd:6} duplicates")

    print("\nfiles read differently (games, duplicates within the file):")
    for f in files:
        x = xpgn_counts(xpgn, [f])
        p = pgn_extract_counts(pgnx, [f], tmp)
        if x != p:
            rel = f.relative_to(corpus)
            print(f"  {rel}: xpgn {x[0]} games, {x[1]} dup; pgn-extract {p[0]} games, {p[1]} dup")

    # The same games for both: xpgn's export, each game tagged with its number.
    export = tmp / "x-all.pgn"
    run([xpgn, "convert", "-q", "--to", "pgn", "-o", str(export), *map(str, files)])
    tagged, n, prev_blank = [], 0, True
    for line in export.read_bytes().split(b"\n"):
        tagged.append(line)
        if line.startswith(b"[Event ") and prev_blank:
            n += 1
            tagged.append(b'[XId "%d"]' % n)
        prev_blank = line == b""
    ids = tmp / "x-ids.pgn"
    ids.write_bytes(b"\n".join(tagged))
    games = {}
    for g in re.split(rb"\n(?=\[Event )", ids.read_bytes()):
        m = XID.search(g)
        if m:
            games[int(m.group(1))] = g
    report = run([xpgn, "dedupe", "--format", "csv", str(ids)]).stdout.decode()
    xdup = {int(r["game"]): int(r["first_game"]) for r in csv.DictReader(report.splitlines())}
    pu, pdp = tmp / "pi-u.pgn", tmp / "pi-d.pgn"
    pdp.unlink(missing_ok=True)
    run([pgnx, "-s", "-o", str(pu), "--duplicates", str(pdp), str(ids)])
    punique = {int(i) for i in XID.findall(pu.read_bytes())}
    pdup = {int(i) for i in XID.findall(pdp.read_bytes())} if pdp.exists() else set()
    dropped = sorted(set(games) - punique - pdup)
    print(f"\nthe same {n} games (xpgn's export, numbered):")
    print(f"  xpgn dedupe     {len(xdup):6} duplicates")
    print(f"  pgn-extract -D  {len(pdup):6} duplicates, {len(dropped)} games not written at all")

    def first_copy(i):
        """The first game pgn-extract matches game i with (bisection)."""
        probe, out = tmp / "probe.pgn", tmp / "probe-out.pgn"

        def dropped_with(k):
            probe.write_bytes(b"\n\n".join([games[j] for j in range(1, k + 1)] + [games[i], b""]))
            run([pgnx, "-s", "-D", "-o", str(out), str(probe)])
            return b'[XId "%d"]' % i not in out.read_bytes()

        if not dropped_with(i - 1):
            return None
        lo, hi = 1, i - 1
        while lo < hi:
            mid = (lo + hi) // 2
            if dropped_with(mid):
                hi = mid
            else:
                lo = mid + 1
        return lo

    def describe(i):
        tags = dict(re.findall(rb'^\[(\w+) "(.*)"\]', games[i], re.M))
        pick = lambda k: tags.get(k.encode(), b"").decode(errors="replace")
        return f"{pick('White')} - {pick('Black')} [Variant {pick('Variant')!r}] [FEN {pick('FEN')!r}]"

    print("  duplicates for pgn-extract only (game: its first copy for pgn-extract):")
    for i in sorted(pdup - set(xdup)):
        print(f"    {i}: {first_copy(i)}  {describe(i)}")
    print("  duplicates for xpgn only (game: its first copy for xpgn):")
    for i in sorted(set(xdup) - pdup):
        print(f"    {i}: {xdup[i]}  {describe(i)}")
    print(f"  not written by pgn-extract: {dropped}")


if __name__ == "__main__":
    main()
