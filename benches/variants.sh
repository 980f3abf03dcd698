#!/usr/bin/env bash
# Variant speed benchmark (issues 15 and 16): `check` moves/s per game
# against chess, and perft nodes/s per game, the lichess variants included.
#
# Run by hand from anywhere in the repo; CI never runs it.
#
#   benches/variants.sh                 # defaults below
#   benches/variants.sh --copies 300    # smaller files (quicker, noisier)
#   benches/variants.sh --skip-build    # use the existing release binaries
#   benches/variants.sh --no-perft      # check only
#   benches/variants.sh --only pasgl312 # one game (name as `xpgn --variant`)
#   benches/variants.sh --repeat 5     # each check run 5 times, CPU summed
#
# Input: for each game, GAMES (default 6) random legal games of up to PLIES
# (default 160) plies from the library's seeded playout generator
# (examples/playouts.rs, seeds 0..GAMES), written with a [Variant] tag, and
# the file repeated --copies times (default 2000, a few MB per game; chess
# ten times more). A file of the lichess variants takes about a tenth of a
# second: --repeat N runs each check N times and sums the CPU times and
# moves, so that the clock's ticks and a busy neighbour weigh less.
# Then `xpgn check -j1 -q --format json FILE` runs under /usr/bin/time; the
# CPU time (user + sys) and the move count of the JSON summary give M
# moves/s, printed with the ratio to chess.
# Perft: `xpgn perft --variant V DEPTH` at a fixed depth per game (about a
# second or two of CPU on a quiet machine), M nodes/s of CPU time.
# On a shared machine a run can be off by a third: compare CPU times of runs
# made close together.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/.." && pwd)"
games=6
plies=160
copies=2000
skip_build=0
perft=1
only=""
repeat=1

usage() { sed -n '2,27p' "$0" | sed 's/^# \{0,1\}//'; }
while [[ $# -gt 0 ]]; do
  case "$1" in
    --copies) copies="${2:?--copies needs a number}"; shift 2 ;;
    --games) games="${2:?--games needs a number}"; shift 2 ;;
    --plies) plies="${2:?--plies needs a number}"; shift 2 ;;
    --skip-build) skip_build=1; shift ;;
    --no-perft) perft=0; shift ;;
    --only) only="${2:?--only needs a game}"; shift 2 ;;
    --repeat) repeat="${2:?--repeat needs a number}"; shift 2 ;;
    -h|--help) usage; exit 0 ;;
    *) echo "variants.sh: unknown argument: $1" >&2; usage >&2; exit 2 ;;
  esac
done
for n in "$copies" "$games" "$plies" "$repeat"; do
  [[ "$n" =~ ^[1-9][0-9]*$ ]] || { echo "variants.sh: $n is not a whole number >= 1" >&2; exit 2; }
done

if [[ ! -x /usr/bin/time ]]; then
  echo "installing: time" >&2
  sudo=""; [[ $(id -u) -eq 0 ]] || sudo="sudo"
  $sudo apt-get install -y time >/dev/null 2>&1 || { $sudo apt-get update >/dev/null; $sudo apt-get install -y time >/dev/null; }
fi
command -v python3 >/dev/null 2>&1 || { echo "variants.sh: python3 not found" >&2; exit 1; }

if [[ $skip_build -eq 0 ]]; then
  (cd "$repo" && cargo build --release --quiet --bin xpgn --example playouts)
fi
xpgn="$repo/target/release/xpgn"
gen="$repo/target/release/examples/playouts"
[[ -x "$xpgn" && -x "$gen" ]] || { echo "variants.sh: build target/release/xpgn and examples/playouts first" >&2; exit 1; }

# game name | perft depth (about a second or two of CPU each) | copies
# factor (chess replays so fast that its file is made 10 times longer, or its
# time would be a few clock ticks)
table=(
  "Chess|6|10"
  "Gast|4|1"
  "Gast 14x12|4|1"
  "Squirrel|4|1"
  "Hans38|4|1"
  "Hans38 Neutral|4|1"
  "Moving Squares|2|1"
  "Infinite Reserves|2|10"
  "PASGL312|5|1"
  "Atomic|4|1"
  "Antichess|4|1"
  "Crazyhouse|4|1"
  "King of the Hill|4|1"
  "Three-check|4|1"
  "Horde|4|1"
  "Racing Kings|4|1"
)

tmp="$(mktemp -d "${TMPDIR:-/tmp}/xpgn-variants.XXXXXX")"
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM

norm() { tr -d ' _-' <<<"$1" | tr '[:upper:]' '[:lower:]'; }
# cpu FILE: user + sys seconds from a `time -f '%U %S'` report (last line).
cpu() { tail -n 1 "$1" | awk '{ printf "%.3f", $1 + $2 }'; }

results="$tmp/results.tsv"
: > "$results"
for row in "${table[@]}"; do
  IFS='|' read -r name depth factor <<<"$row"
  if [[ -n "$only" && "$(norm "$name")" != "$(norm "$only")" && "$name" != Chess ]]; then continue; fi
  once="$tmp/once.pgn"; file="$tmp/games.pgn"
  "$gen" "$name" "$games" "$plies" > "$once"
  : > "$file"
  for ((k = 0; k < copies * factor; k++)); do cat "$once"; done >> "$file"
  echo "check $name: $(stat -c %s "$file") bytes" >&2
  moves=0; csecs=0
  for ((r = 0; r < repeat; r++)); do
    rc=0
    /usr/bin/time -f '%U %S' -o "$tmp/t" "$xpgn" check -q -j1 --format json "$file" > "$tmp/out" 2> "$tmp/err" || rc=$?
    [[ $rc -le 1 ]] || { echo "variants.sh: check $name exited $rc" >&2; head -n 5 "$tmp/err" >&2; exit 1; }
    summary="$(grep '"type":"summary"' "$tmp/out" | tail -n 1)"
    m="$(python3 -c 'import json,sys; s=json.loads(sys.argv[1]); assert s["errors"]==0, s; print(s["moves"])' "$summary")"
    moves=$((moves + m))
    csecs="$(awk -v a="$csecs" -v b="$(cpu "$tmp/t")" 'BEGIN { printf "%.3f", a + b }')"
  done
  nodes=-; psecs=-
  if [[ $perft -eq 1 ]]; then
    echo "perft $name $depth" >&2
    /usr/bin/time -f '%U %S' -o "$tmp/t" "$xpgn" perft --variant "$name" "$depth" > "$tmp/out"
    nodes="$(tail -n 1 "$tmp/out" | grep -oE '[0-9]+' | tail -n 1)"
    psecs="$(cpu "$tmp/t")"
  fi
  printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$name" "$moves" "$csecs" "$depth" "$nodes" "$psecs" >> "$results"
  rm -f "$file" "$once"
done

python3 - "$results" "$games" "$plies" "$copies" "$repeat" <<'EOF'
import sys
rows = [l.rstrip("\n").split("\t") for l in open(sys.argv[1])]
print(f"check -j1: {sys.argv[2]} random games of up to {sys.argv[3]} plies per game, x{sys.argv[4]}, each check run {sys.argv[5]} times; CPU seconds (user+sys), summed")
print(f"{'game':<18}{'moves':>11}{'CPU s':>8}{'M moves/s':>11}{'vs chess':>10}{'perft':>7}{'nodes':>12}{'CPU s':>8}{'M nodes/s':>11}")
chess = None
for name, moves, cs, depth, nodes, ps in rows:
    rate = int(moves) / max(float(cs), 1e-3) / 1e6
    if name == "Chess":
        chess = rate
    ratio = f"1/{chess / rate:.1f}" if chess and rate < chess else (f"{rate / chess:.2f}" if chess else "-")
    if nodes != "-":
        nps = f"{int(nodes) / max(float(ps), 1e-3) / 1e6:.2f}"
    else:
        nps = "-"
    print(f"{name:<18}{moves:>11}{float(cs):>8.2f}{rate:>11.2f}{ratio:>10}{depth:>7}{nodes:>12}{ps:>8}{nps:>11}")
EOF
