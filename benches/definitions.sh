#!/usr/bin/env bash
# Definition-file speed (issue 17): the corpus replayed as built-in FIDE
# chess and as the same game loaded from a definition file, side by side.
#
# Run by hand from anywhere in the repo; CI never runs it.
#
#   benches/definitions.sh                # ../shared/corpus, 3 rounds
#   benches/definitions.sh --rounds 5 [--skip-build] [PATH...]
#
# The definition is `[DefChess:chess]` with no key of its own: the same
# rules as Chess, compiled from a definition. A definition with exactly
# chess's rules runs on the 8x8 bitboards as built-in Chess does; a third
# row, `[CoreChess:chess]` with `xpgnLoneMinors = n` (a key chess never
# reads, since it judges dead positions by FIDE's rules, but one that makes
# the rules differ on paper), shows the chess core that every other
# defined game runs on.
# Each game of the inputs gets `[Variant "DefChess"]` in a temporary copy
# (a Variant tag naming standard chess is dropped; games of other variants
# keep theirs, which comes later and wins). Then
# `xpgn check -j1 -q` on the original and `xpgn --variants def.ini check
# -j1 -q` on the copy run under /usr/bin/time, alternating, ROUNDS times;
# printed: CPU seconds (user + sys) and wall seconds of each, the best
# round's ratio, and the verdict counts (they must be equal).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/.." && pwd)"
rounds=3
skip_build=0
paths=()
while [[ $# -gt 0 ]]; do
  case "$1" in
    --rounds) rounds="${2:?--rounds needs a number}"; shift 2 ;;
    --skip-build) skip_build=1; shift ;;
    -h|--help) sed -n '2,17p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) paths+=("$1"); shift ;;
  esac
done
[[ ${#paths[@]} -gt 0 ]] || paths=("$repo/../shared/corpus")
if [[ ! -x /usr/bin/time ]]; then
  sudo=""; [[ $(id -u) -eq 0 ]] || sudo="sudo"
  $sudo apt-get install -y time >/dev/null 2>&1 || { $sudo apt-get update >/dev/null; $sudo apt-get install -y time >/dev/null; }
fi
if [[ $skip_build -eq 0 ]]; then
  (cd "$repo" && cargo build --release -q)
fi
xpgn="$repo/target/release/xpgn"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
printf '[DefChess:chess]\n\n[CoreChess:chess]\nxpgnLoneMinors = n\n' > "$work/def.ini"
find "${paths[@]}" -name '*.pgn' -type f -print0 | sort -z | xargs -0 cat > "$work/orig.pgn"
# A Variant tag after each Event tag; a Variant tag naming standard chess
# is dropped, any other kept.
awk '
  /^\[Variant "/ { if ($0 !~ /^\[Variant "(Standard|Chess|Normal|From Position|)"\]/) print; next }
  /^\[Event / { print; print "[Variant \"DefChess\"]"; next }
  { print }
' "$work/orig.pgn" > "$work/def.pgn"
sed 's/^\[Variant "DefChess"\]$/[Variant "CoreChess"]/' "$work/def.pgn" > "$work/core.pgn"
size=$(du -m "$work/orig.pgn" | cut -f1)
echo "input: ${size} MB, $(grep -c '^\[Event ' "$work/orig.pgn") games"

measure() { # label args...
  local label="$1"; shift
  /usr/bin/time -f '%U %S %e' -o "$work/t" "$xpgn" "$@" > "$work/out.json" 2>/dev/null || true
  read -r u s e < <(tail -n1 "$work/t")
  cpu=$(python3 -c "print(f'{$u+$s:.2f}')")
  summary=$(tail -n1 "$work/out.json" | python3 -c 'import json,sys; d=json.load(sys.stdin); print(d["games"], d["moves"], d["errors"])')
  echo "$label cpu=${cpu}s wall=${e}s games/moves/errors=$summary"
}
best_builtin=999; best_def=999; best_core=999
for r in $(seq "$rounds"); do
  a=$(measure "round $r built-in Chess:   " check -j1 -q --format json "$work/orig.pgn"); echo "$a"
  b=$(measure "round $r definition file: " --variants "$work/def.ini" check -j1 -q --format json "$work/def.pgn"); echo "$b"
  c=$(measure "round $r on the core:      " --variants "$work/def.ini" check -j1 -q --format json "$work/core.pgn"); echo "$c"
  ca=$(sed 's/.*cpu=\([0-9.]*\)s.*/\1/' <<<"$a"); cb=$(sed 's/.*cpu=\([0-9.]*\)s.*/\1/' <<<"$b")
  cc=$(sed 's/.*cpu=\([0-9.]*\)s.*/\1/' <<<"$c")
  best_builtin=$(python3 -c "print(min($best_builtin,$ca))"); best_def=$(python3 -c "print(min($best_def,$cb))"); best_core=$(python3 -c "print(min($best_core,$cc))")
done
python3 -c "b=$best_builtin; d=$best_def; c=$best_core; print(f'best CPU: built-in {b:.2f}s, definition {d:.2f}s (1/{d/b:.2f} of built-in chess speed; target: no slower than 1/3), on the core {c:.2f}s (1/{c/b:.2f})')"
