#!/usr/bin/env bash
# Scaling benchmark for hostile archives (issue 14): every reading command
# on inputs built to stress one thing each, at sizes n, 2n, 4n and 8n.
#
# Run by hand from anywhere in the repo; CI never runs it.
#
#   benches/scaling.sh                 # default sizes, a few minutes
#   benches/scaling.sh --scale 4       # every construct 4x larger
#   benches/scaling.sh --skip-build    # use the existing target/release/xpgn
#   benches/scaling.sh --timeout 60    # seconds per run (default 20)
#   benches/scaling.sh --only shuffle  # one construct
#
# Constructs (n is the construct's unit count, times --scale):
#   shuffle     one game: a knight shuffle of n plies (Nf3 Nf6 Ng1 Ng8 ...)
#   long-game   one game: n tokens `Qh5` (one legal move, then illegal ones)
#   comment     one game: `1. e4 { ... } e5 *` with an n-byte comment
#   tags        one game: n tag pairs before `1. e4 *`
#   diagnostics one game: `1. e4` and n stray `]`
#   variations  one game: `1. e4` and n nested `(1. d4` ... `)`
#   no-blanks   n games `[Event "x"]` / `1. e4 e5 *` without blank lines
# Commands: check, fen, stats, convert --to pgn, convert --to jsonl, scores,
# each with --jobs 1 and --jobs 2 where the command has --jobs (fen and
# scores read on one thread: one row, jobs "-").
#
# For each run it prints wall and CPU (user + system) seconds and peak RSS
# (GNU time), then for each construct, command and jobs the ratios from n
# to 8n. What the issue asks: time at most 10x (linear is 8x) and peak
# memory at most 2x from n to 8n, under 64 MiB at 8n. A run that passes
# --timeout prints "timeout" and its ratio "-"; rows that fail are flagged
# with "!!". Output goes to /dev/null; exit codes 0, 1 and 2 are expected
# (hostile input is invalid).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/.." && pwd)"
scale=1
skip_build=0
limit=20
only=""

usage() { sed -n '2,30p' "$0" | sed 's/^# \{0,1\}//'; }
while [[ $# -gt 0 ]]; do
  case "$1" in
    --scale) scale="${2:?--scale needs a number}"; shift 2 ;;
    --skip-build) skip_build=1; shift ;;
    --timeout) limit="${2:?--timeout needs seconds}"; shift 2 ;;
    --only) only="${2:?--only needs a construct}"; shift 2 ;;
    -h|--help) usage; exit 0 ;;
    *) echo "scaling.sh: unknown argument: $1" >&2; usage >&2; exit 2 ;;
  esac
done
[[ "$scale" =~ ^[1-9][0-9]*$ ]] || { echo "scaling.sh: --scale takes a whole number >= 1" >&2; exit 2; }

if [[ ! -x /usr/bin/time ]]; then
  echo "scaling.sh: installing GNU time" >&2
  apt-get install -y time >/dev/null 2>&1 || { apt-get update >/dev/null 2>&1 && apt-get install -y time >/dev/null 2>&1; } || {
    echo "scaling.sh: GNU time (/usr/bin/time) is needed" >&2; exit 2; }
fi
if [[ $skip_build -eq 0 ]]; then
  (cd "$repo" && cargo build --release --quiet)
fi
xpgn="$repo/target/release/xpgn"
[[ -x "$xpgn" ]] || { echo "scaling.sh: $xpgn not built" >&2; exit 2; }

work="$(mktemp -d "${TMPDIR:-/tmp}/xpgn-scaling.XXXXXX")"
trap 'rm -rf "$work"' EXIT

# Base unit counts (times --scale); 8n is the largest size built.
# no-blanks starts at 80k games (1.8 MB, the size of the comment's n): with
# 20k (460 KB) a `--jobs 2` run at n is below the memory the parallel path
# holds in flight once it is under way (jobs and results budget,
# docs/parallel.md), so n -> 8n measured that path filling up, not growth.
declare -A base=(
  [shuffle]=50000
  [long-game]=10000
  [comment]=2000000
  [tags]=20000
  [diagnostics]=500000
  [variations]=20000
  [no-blanks]=80000
)
constructs=(shuffle long-game comment tags diagnostics variations no-blanks)

# build_input CONSTRUCT N FILE: writes the construct with N units.
build_input() {
  python3 - "$1" "$2" "$3" <<'PY'
import sys
kind, n, path = sys.argv[1], int(sys.argv[2]), sys.argv[3]
with open(path, "w") as f:
    if kind == "shuffle":
        moves = ["Nf3", "Nf6", "Ng1", "Ng8"]
        f.write('[Event "x"]\n\n')
        f.write(" ".join(f"{i // 2 + 1}. {moves[i % 4]}" if i % 2 == 0 else moves[i % 4]
                         for i in range(n)))
        f.write(" *\n")
    elif kind == "long-game":
        f.write('[Event "x"]\n\n' + "Qh5 " * n + "*\n")
    elif kind == "comment":
        f.write('[Event "x"]\n\n1. e4 { ' + ("lorem ipsum " * (n // 12 + 1))[:n] + " } e5 *\n")
    elif kind == "tags":
        f.write("".join(f'[Tag{i} "value {i}"]\n' for i in range(n)) + "\n1. e4 *\n")
    elif kind == "diagnostics":
        f.write('[Event "x"]\n\n1. e4 ' + "]" * n + " *\n")
    elif kind == "variations":
        f.write('[Event "x"]\n\n1. e4 ' + "(1. d4 " * n + ")" * n + " *\n")
    elif kind == "no-blanks":
        f.write('[Event "x"]\n1. e4 e5 *\n' * n)
PY
}

# run FILE JOBS COMMAND...: prints "wall cpu rss_kib" or "timeout".
run() {
  local file="$1" jobs="$2"; shift 2
  local args=("$@")
  [[ "$jobs" != "-" ]] && args+=(--jobs "$jobs")
  args+=("$file")
  local t="$work/time"
  if timeout -s KILL "$limit" /usr/bin/time -f '%e %U %S %M' -o "$t" \
       "$xpgn" "${args[@]}" >/dev/null 2>&1 </dev/null; then :; fi
  if [[ -s "$t" ]] && tail -1 "$t" | grep -Eq '^[0-9.]+ [0-9.]+ [0-9.]+ [0-9]+$'; then
    tail -1 "$t" | awk '{ printf "%s %.2f %s\n", $1, $2 + $3, $4 }'
  else
    echo timeout
  fi
  rm -f "$t"
}

commands=("check" "fen" "stats" "convert --to pgn" "convert --to jsonl" "scores")
has_jobs() { [[ "$1" == check || "$1" == stats || "$1" == convert* ]]; }

printf 'xpgn %s, scale %s, timeout %ss, %s cores\n\n' \
  "$(git -C "$repo" rev-parse --short HEAD 2>/dev/null || echo '?')" "$scale" "$limit" "$(nproc)"
printf '| construct | command | jobs | n | size | wall s | cpu s | peak RSS MiB |\n|---|---|---|---|---|---|---|---|\n'
summary="$work/summary"
: >"$summary"
for c in "${constructs[@]}"; do
  [[ -n "$only" && "$only" != "$c" ]] && continue
  for k in 1 2 4 8; do
    n=$(( base[$c] * scale * k ))
    build_input "$c" "$n" "$work/$c-$k.pgn"
  done
  for cmd in "${commands[@]}"; do
    if has_jobs "$cmd"; then jobs_list=(1 2); else jobs_list=(-); fi
    for jobs in "${jobs_list[@]}"; do
      row=()
      for k in 1 2 4 8; do
        f="$work/$c-$k.pgn"
        n=$(( base[$c] * scale * k ))
        size=$(stat -c %s "$f")
        # shellcheck disable=SC2086
        r=$(run "$f" "$jobs" $cmd)
        if [[ "$r" == timeout ]]; then
          printf '| %s | %s | %s | %s | %s | timeout | - | - |\n' "$c" "$cmd" "$jobs" "$n" "$size"
        else
          read -r wall cpu rss <<<"$r"
          printf '| %s | %s | %s | %s | %s | %s | %s | %.1f |\n' "$c" "$cmd" "$jobs" "$n" "$size" \
            "$wall" "$cpu" "$(awk -v r="$rss" 'BEGIN { print r / 1024 }')"
        fi
        row+=("$r")
      done
      printf '%s|%s|%s|%s|%s\n' "$c" "$cmd" "$jobs" "${row[0]}" "${row[3]}" >>"$summary"
    done
  done
done

# Ratios n -> 8n. Times under 0.05 s are below the clock's resolution:
# their ratio is taken from 0.05 s.
printf '\n| construct | command | jobs | time n -> 8n | CPU n -> 8n | RSS n -> 8n | RSS at 8n MiB | |\n|---|---|---|---|---|---|---|---|\n'
while IFS='|' read -r c cmd jobs first last; do
  if [[ "$first" == timeout || "$last" == timeout ]]; then
    printf '| %s | %s | %s | - | - | - | - | !! timeout |\n' "$c" "$cmd" "$jobs"
    continue
  fi
  read -r w1 c1 r1 <<<"$first"
  read -r w8 c8 r8 <<<"$last"
  awk -v c="$c" -v cmd="$cmd" -v jobs="$jobs" -v w1="$w1" -v w8="$w8" -v c1="$c1" -v c8="$c8" \
      -v r1="$r1" -v r8="$r8" 'BEGIN {
    fl = 0.05
    tw = (w8 < fl ? fl : w8) / (w1 < fl ? fl : w1)
    tc = (c8 < fl ? fl : c8) / (c1 < fl ? fl : c1)
    tr = r8 / r1
    bad = (tw > 10 || tr > 2 || r8 / 1024 > 64) ? "!!" : ""
    printf "| %s | %s | %s | %.1fx | %.1fx | %.2fx | %.1f | %s |\n", c, cmd, jobs, tw, tc, tr, r8 / 1024, bad
  }'
done <"$summary"
