#!/usr/bin/env bash
# Throughput benchmark: xpgn check vs pgn-extract on the whole corpus.
#
# Run by hand from anywhere in the repo; CI never runs it.
#
#   benches/bench.sh                  # corpus once (~64 MiB)
#   benches/bench.sh --size 256       # corpus repeated up to >= 256 MB
#   benches/bench.sh --corpus DIR     # another corpus root (default ../shared/corpus)
#   benches/bench.sh --skip-build     # use the existing target/release/xpgn
#   benches/bench.sh --pgn-extract-only  # no build, no xpgn: pgn-extract alone
#   benches/bench.sh --archive [--size 500]  # archive matrix, see below
#   benches/bench.sh --repeat 9       # runs per tool (default 5), medians shown
#
# --archive: builds archives of 50 MB and --size MB (default 200) by
# concatenating the corpus, each plain and .zst, and runs `xpgn check` and
# `xpgn stats` on each with --jobs 1 and with all cores, and pgn-extract on
# the plain ones: wall seconds, MB/s, games/s and peak RSS per run. Peak RSS
# must be about the same for 50 MB and for the large archive (memory is flat).
#
# Steps: install pgn-extract and GNU time if missing (apt-get), build xpgn in
# release mode, concatenate every *.pgn under the corpus (sorted by path) into
# one temp file (repeated to --size MB if given), then run under
# /usr/bin/time -v, one after the other on the same file:
#   target/release/xpgn check --jobs 1 --format json FILE
#     (falls back to no --jobs flag if xpgn does not know it yet; the last
#      stdout line must be {"type":"summary","games":N,"moves":M,...})
#   pgn-extract -s -r FILE
# and print wall seconds, MB/s, games/s, moves/s (xpgn's game and move counts
# are used for both tools' rates), peak RSS, and the speed ratio.
# The pair is run --repeat times (xpgn, pgn-extract, xpgn, ...): on a shared
# machine one run can be off by a third, so each run's ratio is printed and
# the table shows each tool's median time and the median of the ratios.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/.." && pwd)"
corpus="$repo/../shared/corpus"
size_mb=0
skip_build=0
pe_only=0
archive=0
repeat=5

usage() { sed -n '2,25p' "$0" | sed 's/^# \{0,1\}//'; }
while [[ $# -gt 0 ]]; do
  case "$1" in
    --size) size_mb="${2:?--size needs a number of MB}"; shift 2 ;;
    --corpus) corpus="${2:?--corpus needs a directory}"; shift 2 ;;
    --skip-build) skip_build=1; shift ;;
    --pgn-extract-only) pe_only=1; skip_build=1; shift ;;
    --archive) archive=1; shift ;;
    --repeat) repeat="${2:?--repeat needs a number}"; shift 2 ;;
    -h|--help) usage; exit 0 ;;
    *) echo "bench.sh: unknown argument: $1" >&2; usage >&2; exit 2 ;;
  esac
done
[[ "$size_mb" =~ ^[0-9]+$ ]] || { echo "bench.sh: --size takes whole MB" >&2; exit 2; }
[[ "$repeat" =~ ^[1-9][0-9]*$ ]] || { echo "bench.sh: --repeat takes a whole number >= 1" >&2; exit 2; }
[[ -d "$corpus" ]] || { echo "bench.sh: corpus directory not found: $corpus" >&2; exit 2; }

# --- (a) tools -------------------------------------------------------------
# Debian installs pgn-extract in /usr/games, which is often not on PATH.
find_pe() { command -v pgn-extract 2>/dev/null || { [[ -x /usr/games/pgn-extract ]] && echo /usr/games/pgn-extract; } || true; }
need=()
[[ -n "$(find_pe)" ]] || need+=(pgn-extract)
[[ -x /usr/bin/time ]] || need+=(time)
if [[ ${#need[@]} -gt 0 ]]; then
  echo "installing: ${need[*]}" >&2
  sudo=""; [[ $(id -u) -eq 0 ]] || sudo="sudo"
  if ! $sudo apt-get install -y "${need[@]}" >/dev/null 2>&1; then
    $sudo apt-get update >/dev/null
    $sudo apt-get install -y "${need[@]}" >/dev/null
  fi
fi
pe="$(find_pe)"
[[ -n "$pe" ]] || { echo "bench.sh: pgn-extract not found after installing it" >&2; exit 1; }
command -v cargo >/dev/null 2>&1 || { echo "bench.sh: cargo not found" >&2; exit 1; }
command -v python3 >/dev/null 2>&1 || { echo "bench.sh: python3 not found (used to read time -v output)" >&2; exit 1; }

# --- (b) build -------------------------------------------------------------
if [[ $skip_build -eq 0 ]]; then
  (cd "$repo" && cargo build --release --quiet)
fi
xpgn="$repo/target/release/xpgn"

# --- (c) input -------------------------------------------------------------
tmp="$(mktemp -d "${TMPDIR:-/tmp}/xpgn-bench.XXXXXX")"
trap 'rm -rf "$tmp"' EXIT
trap 'exit 130' INT TERM
input="$tmp/corpus.pgn"
once="$tmp/once.pgn"
# Sorted by path (C locale), a blank line after each file so games from two
# files never run together.
(cd "$corpus" && find . -name '*.pgn' -type f -print0 | LC_ALL=C sort -z) |
  while IFS= read -r -d '' f; do cat "$corpus/$f"; printf '\n\n'; done > "$once"
nfiles=$(cd "$corpus" && find . -name '*.pgn' -type f | wc -l)
[[ $nfiles -gt 0 ]] || { echo "bench.sh: no .pgn files under $corpus" >&2; exit 2; }
if [[ $archive -eq 1 ]]; then
  copies=1  # archives are built below, per size
elif [[ $size_mb -gt 0 ]]; then
  target=$((size_mb * 1000 * 1000))
  : > "$input"
  copies=0
  while [[ $(stat -c %s "$input") -lt $target || $copies -eq 0 ]]; do
    cat "$once" >> "$input"; copies=$((copies + 1))
  done
  rm -f "$once"
else
  mv "$once" "$input"; copies=1
fi
bytes=$(stat -c %s "$input" 2>/dev/null || stat -c %s "$once")
echo "input: $nfiles files from $corpus, x$copies, $bytes bytes" >&2

# --- (d) runs --------------------------------------------------------------
# run NAME OUT ERR CMD...: runs CMD under /usr/bin/time -v; its stdout goes to
# OUT, its stderr and time's report to ERR. Returns CMD's exit status.
run() {
  local name="$1" out="$2" err="$3"; shift 3
  echo "running $name: $*" >&2
  local rc=0
  /usr/bin/time -v -o "$err.time" "$@" > "$out" 2> "$err" || rc=$?
  return $rc
}
# time_field FILE: prints "seconds rss_kib" from a time -v report.
time_field() {
  python3 - "$1" <<'EOF'
import re, sys
text = open(sys.argv[1]).read()
wall = re.search(r"Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (\S+)", text).group(1)
secs = 0.0
for part in wall.split(":"):
    secs = secs * 60 + float(part)
rss = int(re.search(r"Maximum resident set size \(kbytes\): (\d+)", text).group(1))
print(f"{secs:.3f} {rss}")
EOF
}

if [[ $archive -eq 1 ]]; then
  [[ $size_mb -gt 0 ]] || size_mb=200
  command -v zstd >/dev/null 2>&1 || { echo "bench.sh: zstd not found (apt-get install zstd)" >&2; exit 1; }
  xpgn="$repo/target/release/xpgn"
  jobs_all=$(nproc)
  results="$tmp/results.tsv"
  : > "$results"
  for mb in 50 "$size_mb"; do
    file="$tmp/archive-$mb.pgn"
    : > "$file"
    while [[ $(stat -c %s "$file") -lt $((mb * 1000 * 1000)) ]]; do cat "$once" >> "$file"; done
    zstd -q -3 -T0 -f "$file" -o "$file.zst"
    for input_file in "$file" "$file.zst"; do
      for jobs in 1 "$jobs_all"; do
        for cmd in check stats; do
          name="xpgn $cmd -j$jobs $(basename "$input_file")"
          if [[ $cmd == check ]]; then
            args=(check -q --jobs "$jobs" --format json "$input_file")
          else
            args=(stats -q --jobs "$jobs" "$input_file")
          fi
          run "$name" "$tmp/run.out" "$tmp/run.err" "$xpgn" "${args[@]}" || true
          read -r secs rss < <(time_field "$tmp/run.err.time")
          games=$(if [[ $cmd == stats ]]; then echo $(( $(wc -l < "$tmp/run.out") - 1 )); else
            tail -n 1 "$tmp/run.out" | python3 -c 'import json,sys; print(json.load(sys.stdin)["games"])'; fi)
          printf '%s\t%s\t%s\t%s\t%s\n' "$name" "$(stat -c %s "$file")" "$games" "$secs" "$rss" >> "$results"
        done
      done
    done
    run "pgn-extract $(basename "$file")" "$tmp/run.out" "$tmp/run.err" "$pe" -s -r "$file" || true
    read -r secs rss < <(time_field "$tmp/run.err.time")
    printf '%s\t%s\t%s\t%s\t%s\n' "pgn-extract -s -r $(basename "$file")" "$(stat -c %s "$file")" "$games" "$secs" "$rss" >> "$results"
    rm -f "$file" "$file.zst"
  done
  python3 - "$results" <<'EOF'
import sys
print(f"{'run':<42}{'MB':>8}{'games':>9}{'seconds':>9}{'MB/s':>8}{'games/s':>10}{'peak RSS MiB':>14}")
for line in open(sys.argv[1]):
    name, size, games, secs, rss = line.rstrip("\n").split("\t")
    s = max(float(secs), 1e-3)
    mb = int(size) / 1e6
    g = int(games) if games.isdigit() else 0
    print(f"{name:<42}{mb:>8.0f}{g:>9}{s:>9.2f}{mb / s:>8.1f}{g / s:>10.0f}{int(rss) / 1024:>14.1f}")
EOF
  exit 0
fi
if [[ $pe_only -eq 1 ]]; then
  prc=0
  run pgn-extract "$tmp/pe.out" "$tmp/pe.err" "$pe" -s -r "$input" || prc=$?
  [[ $prc -eq 0 ]] || echo "note: pgn-extract exited with $prc" >&2
  read -r psecs prss < <(time_field "$tmp/pe.err.time")
  python3 - "$bytes" "$psecs" "$prss" <<'EOF'
import sys
bytes_, secs, rss = int(sys.argv[1]), max(float(sys.argv[2]), 1e-3), int(sys.argv[3])
print(f"input {bytes_ / 1e6:.1f} MB (pgn-extract only: no game/move counts without xpgn)")
print(f"{'tool':<20}{'seconds':>10}{'MB/s':>10}{'peak RSS MiB':>14}")
print(f"{'pgn-extract -s -r':<20}{secs:>10.2f}{bytes_ / 1e6 / secs:>10.1f}{rss / 1024:>14.1f}")
EOF
  exit 0
fi

if [[ ! -x "$xpgn" ]]; then
  echo "bench.sh: $xpgn was not built (cargo build --release produced no xpgn binary)" >&2
  exit 1
fi
help_rc=0
help_text="$("$xpgn" check --help 2>&1)" || help_rc=$?
if [[ $help_rc -ne 0 || -z "$help_text" ]] || ! grep -q -- '--format' <<<"$help_text"; then
  echo "bench.sh: $xpgn lacks the 'check' command (or its --format option): 'xpgn check --help' exited $help_rc" \
       "and printed ${#help_text} bytes without '--format'; nothing to benchmark yet" >&2
  exit 1
fi
xpgn_args=(check --jobs 1 --format json "$input")
if ! grep -q -- '--jobs' <<<"$help_text"; then
  echo "note: xpgn check has no --jobs flag; running without it" >&2
  xpgn_args=(check --format json "$input")
fi

xsecs_all=(); psecs_all=(); xrss=0; prss=0
for ((k = 1; k <= repeat; k++)); do
  xrc=0
  run "xpgn ($k/$repeat)" "$tmp/xpgn.out" "$tmp/xpgn.err" "$xpgn" "${xpgn_args[@]}" || xrc=$?
  summary="$(grep -v '^[[:space:]]*$' "$tmp/xpgn.out" | tail -n 1 || true)"
  read -r games moves < <(python3 - "$summary" <<'EOF'
import json, sys
try:
    s = json.loads(sys.argv[1])
    assert s.get("type") == "summary"
    print(int(s["games"]), int(s["moves"]))
except Exception:
    print("- -")
EOF
  ) || true
  if [[ "${games:--}" == "-" ]]; then
    echo "bench.sh: xpgn (exit $xrc) did not end its stdout with a JSON summary line {\"type\":\"summary\",\"games\":N,\"moves\":M,...}" >&2
    echo "  last stdout line: ${summary:0:300}" >&2
    echo "  stderr (head):" >&2; head -n 5 "$tmp/xpgn.err" | sed 's/^/    /' >&2
    exit 1
  fi
  # Exit status 1 may just mean "the corpus has errors"; anything above is a failure.
  if [[ $xrc -gt 1 ]]; then
    echo "bench.sh: xpgn exited with $xrc" >&2; head -n 5 "$tmp/xpgn.err" >&2; exit 1
  fi
  read -r secs rss < <(time_field "$tmp/xpgn.err.time")
  xsecs_all+=("$secs"); if (( rss > xrss )); then xrss=$rss; fi

  prc=0
  run "pgn-extract ($k/$repeat)" "$tmp/pe.out" "$tmp/pe.err" "$pe" -s -r "$input" || prc=$?
  [[ $prc -eq 0 ]] || echo "note: pgn-extract exited with $prc" >&2
  read -r secs rss < <(time_field "$tmp/pe.err.time")
  psecs_all+=("$secs"); if (( rss > prss )); then prss=$rss; fi
done

# --- (e) table -------------------------------------------------------------
python3 - "$bytes" "$games" "$moves" "${xsecs_all[*]}" "$xrss" "${psecs_all[*]}" "$prss" "$(printf '%s' "$summary")" <<'EOF'
import statistics, sys
bytes_, games, moves = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
xs = [max(float(t), 1e-3) for t in sys.argv[4].split()]
ps = [max(float(t), 1e-3) for t in sys.argv[6].split()]
rows = [("xpgn check", statistics.median(xs), int(sys.argv[5])),
        ("pgn-extract -s -r", statistics.median(ps), int(sys.argv[7]))]
print(f"input {bytes_ / 1e6:.1f} MB, {games} games, {moves} moves (counts from xpgn's summary)")
print(f"runs: {len(xs)} of each tool, alternating; seconds are medians, peak RSS the largest")
print(f"{'tool':<20}{'seconds':>10}{'MB/s':>10}{'games/s':>12}{'moves/s':>14}{'peak RSS MiB':>14}")
for name, secs, rss in rows:
    print(f"{name:<20}{secs:>10.2f}{bytes_ / 1e6 / secs:>10.1f}{games / secs:>12.0f}{moves / secs:>14.0f}{rss / 1024:>14.1f}")
ratios = [p / x for x, p in zip(xs, ps)]
if len(ratios) > 1:
    print("per-run ratios: " + " ".join(f"{r:.2f}x" for r in ratios))
print(f"speed ratio xpgn/pgn-extract: {statistics.median(ratios):.2f}x (median of runs; >1 means xpgn is faster)")
print(f"xpgn summary: {sys.argv[8]}")
EOF
