#!/usr/bin/env bash
# Whole-archive runs on one and two threads: wall time, CPU time (user +
# system, the whole process) and peak RSS of
#   check -j1, check -j2, stats -j1/-j2, convert --to pgn -j1/-j2,
#   convert --to jsonl -j1/-j2
# on the corpus concatenated twice (~133 MB) and on an archive of at least
# --size MB (default 500: the corpus concatenated 8 times, ~533 MB), both
# built in a temp directory and removed afterwards.
#
# Run by hand from anywhere in the repo; CI never runs it.
#
#   benches/pipeline.sh                 # both archives
#   benches/pipeline.sh --small-only    # the corpus twice only
#   benches/pipeline.sh --skip-build    # use the existing target/release/xpgn
#   benches/pipeline.sh --corpus DIR    # another corpus root (default ../shared/corpus)
#
# Targets (issue 12): check -j2 wall <= 0.55x of -j1 on an otherwise idle
# 2-core machine and total CPU <= 1.1x of -j1; peak RSS <= 32 MiB for every
# command at -j2, on both archives. On a shared machine wall times are noisy:
# read the CPU column too.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/.." && pwd)"
corpus="$repo/../shared/corpus"
size_mb=500
skip_build=0
small_only=0
while [[ $# -gt 0 ]]; do
  case "$1" in
    --corpus) corpus="${2:?--corpus needs a directory}"; shift 2 ;;
    --size) size_mb="${2:?--size needs a number of MB}"; shift 2 ;;
    --skip-build) skip_build=1; shift ;;
    --small-only) small_only=1; shift ;;
    -h|--help) sed -n '2,21p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "pipeline.sh: unknown argument: $1" >&2; exit 2 ;;
  esac
done
[[ -d "$corpus" ]] || { echo "pipeline.sh: corpus directory not found: $corpus" >&2; exit 2; }
[[ -x /usr/bin/time ]] || { echo "pipeline.sh: GNU time (/usr/bin/time) is needed: apt-get install time" >&2; exit 1; }

if [[ $skip_build -eq 0 ]]; then
  (cd "$repo" && cargo build --release --quiet)
fi
xpgn="$repo/target/release/xpgn"
[[ -x "$xpgn" ]] || { echo "pipeline.sh: $xpgn not found" >&2; exit 1; }

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
mapfile -t files < <(find "$corpus" -name '*.pgn' -type f | sort)
cat "${files[@]}" "${files[@]}" > "$tmp/twice.pgn"

# One run: prints "wall cpu rss_mib" for `xpgn ARGS FILE`, output discarded.
measure() {
  local file="$1"; shift
  /usr/bin/time -f "%e %U %S %M" -o "$tmp/time" "$xpgn" "$@" "$file" >/dev/null 2>&1 || true
  tail -n 1 "$tmp/time" | awk '{ printf "%.2f %.2f %.1f\n", $1, $2 + $3, $4 / 1024 }'
}

table() {
  local file="$1" label="$2"
  local mb
  mb=$(( $(stat -c %s "$file") / 1000000 ))
  echo
  echo "$label ($mb MB)"
  printf '%-26s %8s %8s %10s\n' run wall_s cpu_s rss_MiB
  local j1_wall="" j1_cpu=""
  while IFS='|' read -r name args; do
    # shellcheck disable=SC2086
    read -r wall cpu rss < <(measure "$file" $args)
    printf '%-26s %8s %8s %10s\n' "$name" "$wall" "$cpu" "$rss"
    case "$name" in
      "check -j1") j1_wall=$wall; j1_cpu=$cpu ;;
      "check -j2") awk -v w="$wall" -v c="$cpu" -v w1="$j1_wall" -v c1="$j1_cpu" \
        'BEGIN { printf "  check -j2 / -j1: wall %.2fx (target <= 0.55), cpu %.2fx (target <= 1.1)\n", w / w1, c / c1 }' ;;
    esac
  done <<'EOF'
check -j1|check -j1 --format json
check -j2|check -j2 --format json
stats -j1|stats -j1
stats -j2|stats -j2
convert --to pgn -j1|convert --to pgn -j1
convert --to pgn -j2|convert --to pgn -j2
convert --to jsonl -j1|convert --to jsonl -j1
convert --to jsonl -j2|convert --to jsonl -j2
EOF
}

table "$tmp/twice.pgn" "corpus twice"
if [[ $small_only -eq 0 ]]; then
  : > "$tmp/big.pgn"
  while (( $(stat -c %s "$tmp/big.pgn") < size_mb * 1000000 )); do
    cat "${files[@]}" >> "$tmp/big.pgn"
  done
  rm -f "$tmp/twice.pgn"
  table "$tmp/big.pgn" "archive"
fi
