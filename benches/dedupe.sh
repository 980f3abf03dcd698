#!/usr/bin/env bash
# `xpgn dedupe` beside `xpgn check -j1`: wall time, CPU time (user + system,
# the whole process) and peak RSS on an archive of at least --size MB
# (default 500: the corpus concatenated 8 times, ~533 MB, so 7 of every 8
# games are duplicates), built in a temp directory and removed afterwards.
#
# Runs: check -j1; dedupe -j1 and -j2 (report only); dedupe -j2 --memory 1M
# (the key table spilled to disk and merged); dedupe -j2 -o/--duplicates
# (every game written through the spool).
#
# Run by hand from anywhere in the repo; CI never runs it.
#
#   benches/dedupe.sh                 # 500 MB
#   benches/dedupe.sh --size 100      # a smaller archive
#   benches/dedupe.sh --skip-build    # use the existing target/release/xpgn
#   benches/dedupe.sh --corpus DIR    # another corpus root (default ../shared/corpus)
#
# Targets (issue 20): dedupe CPU <= 3x that of check -j1, peak RSS < 64 MiB.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/.." && pwd)"
corpus="$repo/../shared/corpus"
size_mb=500
skip_build=0
while [[ $# -gt 0 ]]; do
  case "$1" in
    --corpus) corpus="${2:?--corpus needs a directory}"; shift 2 ;;
    --size) size_mb="${2:?--size needs a number of MB}"; shift 2 ;;
    --skip-build) skip_build=1; shift ;;
    -h|--help) sed -n '2,19p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "dedupe.sh: unknown argument: $1" >&2; exit 2 ;;
  esac
done
[[ -d "$corpus" ]] || { echo "dedupe.sh: corpus directory not found: $corpus" >&2; exit 2; }
[[ -x /usr/bin/time ]] || { echo "dedupe.sh: GNU time (/usr/bin/time) is needed: apt-get install time" >&2; exit 1; }

if [[ $skip_build -eq 0 ]]; then
  (cd "$repo" && cargo build --release --quiet)
fi
xpgn="$repo/target/release/xpgn"
[[ -x "$xpgn" ]] || { echo "dedupe.sh: $xpgn not found" >&2; exit 1; }

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
mapfile -t files < <(find "$corpus" -name '*.pgn' -type f | sort)
cat "${files[@]}" > "$tmp/once.pgn"
: > "$tmp/big.pgn"
while [[ $(stat -c %s "$tmp/big.pgn") -lt $(( size_mb * 1000000 )) ]]; do
  cat "$tmp/once.pgn" >> "$tmp/big.pgn"
done
rm "$tmp/once.pgn"

# One run: prints "wall cpu rss_mib" for `xpgn ARGS FILE`, stdout discarded.
measure() {
  local file="$1"; shift
  rm -f "$tmp/u.pgn" "$tmp/d.pgn"
  /usr/bin/time -f "%e %U %S %M" -o "$tmp/time" "$xpgn" "$@" "$file" >/dev/null 2>&1 || true
  tail -n 1 "$tmp/time" | awk '{ printf "%.2f %.2f %.1f\n", $1, $2 + $3, $4 / 1024 }'
}

mb=$(( $(stat -c %s "$tmp/big.pgn") / 1000000 ))
echo "archive: $mb MB ($(nproc) cores)"
printf '%-34s %8s %8s %10s %10s\n' run wall_s cpu_s rss_MiB cpu/check
check_cpu=""
while IFS='|' read -r name args; do
  # shellcheck disable=SC2086
  read -r wall cpu rss < <(measure "$tmp/big.pgn" $args)
  [[ -z "$check_cpu" ]] && check_cpu=$cpu
  ratio=$(awk -v c="$cpu" -v k="$check_cpu" 'BEGIN { printf "%.2fx", c / k }')
  printf '%-34s %8s %8s %10s %10s\n' "$name" "$wall" "$cpu" "$rss" "$ratio"
done <<EOF
check -j1|check -j1 -q
dedupe -j1|dedupe -j1 -q
dedupe -j2|dedupe -j2 -q
dedupe -j2 --memory 1M (spilled)|dedupe -j2 -q --memory 1M
dedupe -j2 -o --duplicates|dedupe -j2 -q -o $tmp/u.pgn --duplicates $tmp/d.pgn
EOF
echo "targets: dedupe cpu/check <= 3x, rss < 64 MiB"
