#!/usr/bin/env bash
# `xpgn view` beside `xpgn check -j1` on the same files (issue 18: a page of
# 10,000 games generated in under 3x the time of `check`): wall time, CPU
# time (user + system, the whole process), peak RSS and the page's size,
# the two commands run alternately in the same script run, --repeat times.
#
# Files, built in a temp directory and removed afterwards:
#   chess:    the first --games games (default 10,000) of the corpus's
#             otb/ files concatenated in name order (plain tournament
#             games, as pgnmentor and TWIC publish them);
#   variants: --games random legal games of up to 80 plies spread over
#             every game xpgn knows (examples/playouts.rs, seeded, so the
#             same file on every machine).
#
# Run by hand from anywhere in the repo; CI never runs it.
#
#   benches/view.sh                  # both files, 3 runs each
#   benches/view.sh --repeat 5
#   benches/view.sh --games 2000     # smaller files
#   benches/view.sh --only chess     # or: --only variants
#   benches/view.sh --skip-build     # use the existing release binaries
#   benches/view.sh --corpus DIR     # another corpus root (default ../shared/corpus)
#
# Target (issue 18): view CPU <= 3x that of check -j1 on each file.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/.." && pwd)"
corpus="$repo/../shared/corpus"
games=10000
repeat=3
only=""
skip_build=0
while [[ $# -gt 0 ]]; do
  case "$1" in
    --corpus) corpus="${2:?--corpus needs a directory}"; shift 2 ;;
    --games) games="${2:?--games needs a number}"; shift 2 ;;
    --repeat) repeat="${2:?--repeat needs a number}"; shift 2 ;;
    --only) only="${2:?--only needs chess or variants}"; shift 2 ;;
    --skip-build) skip_build=1; shift ;;
    -h|--help) sed -n '2,24p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "view.sh: unknown argument: $1" >&2; exit 2 ;;
  esac
done
[[ -x /usr/bin/time ]] || { echo "view.sh: GNU time (/usr/bin/time) is needed: apt-get install time" >&2; exit 1; }

if [[ $skip_build -eq 0 ]]; then
  (cd "$repo" && cargo build --release --quiet && cargo build --release --quiet --example playouts)
fi
xpgn="$repo/target/release/xpgn"
playouts="$repo/target/release/examples/playouts"
[[ -x "$xpgn" ]] || { echo "view.sh: $xpgn not found" >&2; exit 1; }

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

files=()
if [[ "$only" != variants ]]; then
  [[ -d "$corpus/otb" ]] || { echo "view.sh: corpus directory not found: $corpus/otb" >&2; exit 2; }
  mapfile -t otb < <(find "$corpus/otb" -name '*.pgn' -type f | sort)
  # Cut before the (games + 1)th game: awk stops reading, so cat may be
  # told the pipe closed; that is expected.
  { cat "${otb[@]}" 2>/dev/null || true; } |
    awk -v n="$games" '/^\[Event /{k++} k>n{exit} {print}' > "$tmp/chess.pgn"
  files+=(chess)
fi
if [[ "$only" != chess ]]; then
  [[ -x "$playouts" ]] || { echo "view.sh: $playouts not found (cargo build --release --example playouts)" >&2; exit 1; }
  mapfile -t variants < <("$xpgn" variants | grep -E '^[^ ].*: implemented' | sed 's/:.*//')
  per=$(( (games + ${#variants[@]} - 1) / ${#variants[@]} ))
  : > "$tmp/variants.pgn"
  for v in "${variants[@]}"; do
    "$playouts" "$v" "$per" 80 >> "$tmp/variants.pgn"
  done
  files+=(variants)
fi

# One run: prints "wall cpu rss_mib" for `xpgn ARGS`, stdout discarded.
measure() {
  /usr/bin/time -f "%e %U %S %M" -o "$tmp/time" "$xpgn" "$@" >/dev/null 2>&1 || true
  tail -n 1 "$tmp/time" | awk '{ printf "%.2f %.2f %.1f\n", $1, $2 + $3, $4 / 1024 }'
}

echo "$(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), $(date -u +%Y-%m-%dT%H:%MZ)"
for f in "${files[@]}"; do
  file="$tmp/$f.pgn"
  echo
  echo "$f: $(( $(stat -c %s "$file") / 1000 )) kB, $(grep -c '^\[Event ' "$file") games"
  printf '%-4s %-10s %8s %8s %10s %10s %10s\n' run command wall_s cpu_s rss_MiB page_MB cpu/check
  for i in $(seq 1 "$repeat"); do
    read -r cw cc cr < <(measure check -j1 -q "$file")
    rm -f "$tmp/page.html"
    read -r vw vc vr < <(measure view -q "$file" -o "$tmp/page.html")
    mb=$(awk -v b="$(stat -c %s "$tmp/page.html" 2>/dev/null || echo 0)" 'BEGIN { printf "%.1f", b / 1e6 }')
    ratio=$(awk -v v="$vc" -v c="$cc" 'BEGIN { printf "%.2fx", (c > 0 ? v / c : 0) }')
    printf '%-4s %-10s %8s %8s %10s %10s %10s\n' "$i" check "$cw" "$cc" "$cr" - -
    printf '%-4s %-10s %8s %8s %10s %10s %10s\n' "$i" view "$vw" "$vc" "$vr" "$mb" "$ratio"
  done
done
echo
echo "target: view cpu/check <= 3x"
