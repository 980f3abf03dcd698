#!/usr/bin/env bash
# CPU of the per-game pipelines against `check -j1` (issue 12's targets:
# `convert --to pgn` at most 2.5x, `--to jsonl` at most 3x, `stats` at most
# 1.5x), and the peak RSS of each.
#
# Run by hand from anywhere in the repo; CI never runs it.
#
#   benches/pipeline_cpu.sh                 # corpus concatenated twice
#   benches/pipeline_cpu.sh --times 1       # concatenated once
#   benches/pipeline_cpu.sh --corpus DIR    # another corpus root
#   benches/pipeline_cpu.sh --skip-build    # use target/release/xpgn as it is
#   benches/pipeline_cpu.sh --repeat 5      # runs per command (default 3), median shown
#
# Each command runs with --jobs 1 on the same temp file under
# /usr/bin/time; CPU is user + sys seconds of the whole process, so a
# shared machine's waiting does not count, only its cache pressure.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/.." && pwd)"
corpus="$repo/../shared/corpus"
times=2
skip_build=0
repeat=3
while [ $# -gt 0 ]; do
  case "$1" in
    --corpus) corpus="$2"; shift 2 ;;
    --times) times="$2"; shift 2 ;;
    --skip-build) skip_build=1; shift ;;
    --repeat) repeat="$2"; shift 2 ;;
    *) echo "unknown argument: $1" >&2; exit 2 ;;
  esac
done
[ -x /usr/bin/time ] || { echo "needs GNU time (/usr/bin/time)" >&2; exit 2; }
if [ "$skip_build" = 0 ]; then
  (cd "$repo" && cargo build --release --quiet)
fi
xpgn="$repo/target/release/xpgn"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
file="$tmp/archive.pgn"
for _ in $(seq "$times"); do
  find "$corpus" -name '*.pgn' | sort | xargs cat >> "$file"
done
echo "archive: $(($(stat -c %s "$file") / 1000000)) MB ($times x $corpus)"

# Median CPU seconds and peak RSS of one command over --repeat runs.
measure() {
  local cpus=() rss=0
  for _ in $(seq "$repeat"); do
    /usr/bin/time -f '%U %S %M' -o "$tmp/time" "$xpgn" "$@" "$file" >/dev/null 2>"$tmp/err" || true
    read -r user sys kb <<< "$(tail -n 1 "$tmp/time")"
    cpus+=("$(printf '%.2f' "$(echo "$user + $sys" | bc)")")
    rss="$kb"
  done
  local median
  median="$(printf '%s\n' "${cpus[@]}" | sort -n | sed -n "$(( (repeat + 1) / 2 ))p")"
  echo "$median $rss"
}

read -r base base_rss <<< "$(measure check -j1)"
printf '%-28s %8s %8s %10s\n' command "CPU s" "x check" "peak RSS"
printf '%-28s %8s %8s %8s MiB\n' "check -j1" "$base" "1.00" "$((base_rss / 1024))"
for cmd in "stats -j1" "convert --to pgn -j1" "convert --to jsonl -j1"; do
  # shellcheck disable=SC2086
  read -r cpu rss <<< "$(measure $cmd)"
  ratio="$(printf '%.2f' "$(echo "scale=4; $cpu / $base" | bc)")"
  printf '%-28s %8s %8s %8s MiB\n' "$cmd" "$cpu" "$ratio" "$((rss / 1024))"
done
