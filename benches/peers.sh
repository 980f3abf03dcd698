#!/usr/bin/env bash
# Perft side by side with a peer (issue 16): xpgn's chess perft and
# shakmaty's on the same positions, in the same run, CPU time of each.
#
# Run by hand from anywhere in the repo; CI never runs it.
#
#   benches/peers.sh               # build both, then measure
#   benches/peers.sh --skip-build  # use the existing release binaries
#   benches/peers.sh --sjaak BIN   # also Sjaak II (a sjaakii binary built
#                                  # from its source) on the variant pieces
#
# shakmaty is GPL: it lives in benches/peers/, a bench-only crate with its
# own workspace and lock file, never a dependency of xpgn. Sjaak II (GPL
# too) is not built here: pass its binary with --sjaak; its variants are in
# benches/peers/sjaak-variants.txt. xpgn counts the Gast pieces on its
# 12x12 board (the CLI has no 12x10 Gast), so that row compares nodes/s on
# a larger board.
# On a shared machine a run can be off by a third: compare the two columns
# of one run, not runs made at different times.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/.." && pwd)"
skip_build=0
sjaak=""
while [[ $# -gt 0 ]]; do
  case "$1" in
    --skip-build) skip_build=1; shift ;;
    --sjaak) sjaak="${2:?--sjaak needs a binary}"; shift 2 ;;
    -h|--help) sed -n '2,21p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "peers.sh: unknown argument: $1" >&2; exit 2 ;;
  esac
done
if [[ $skip_build -eq 0 ]]; then
  (cd "$repo" && cargo build --release --quiet --bin xpgn)
  (cd "$here/peers" && cargo build --release --quiet)
fi
xpgn="$repo/target/release/xpgn"
peer="$here/peers/target/release/xpgn-peers"
[[ -x "$xpgn" && -x "$peer" ]] || { echo "peers.sh: build both binaries first" >&2; exit 1; }
[[ -x /usr/bin/time ]] || { echo "peers.sh: /usr/bin/time not found (apt-get install time)" >&2; exit 1; }

tmp="$(mktemp -d "${TMPDIR:-/tmp}/xpgn-peers.XXXXXX")"
trap 'rm -rf "$tmp"' EXIT

# name | FEN | depth (about a second of CPU each)
table=(
  "start|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1|6"
  "kiwipete|r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1|5"
  "endgame|8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1|7"
)
cpu() { tail -n 1 "$1" | awk '{ printf "%.3f", $1 + $2 }'; }
printf '%-10s%6s%13s%10s%12s%13s%10s%12s%8s\n' position depth "xpgn nodes" "CPU s" "M nodes/s" "peer nodes" "CPU s" "M nodes/s" ratio
for row in "${table[@]}"; do
  IFS='|' read -r name fen depth <<<"$row"
  /usr/bin/time -f '%U %S' -o "$tmp/t" "$xpgn" perft --fen "$fen" "$depth" > "$tmp/out"
  xn="$(tail -n 1 "$tmp/out" | grep -oE '[0-9]+' | tail -n 1)"; xs="$(cpu "$tmp/t")"
  /usr/bin/time -f '%U %S' -o "$tmp/t" "$peer" "$fen" "$depth" > "$tmp/out"
  pn="$(awk '{ print $1 }' "$tmp/out")"; ps="$(cpu "$tmp/t")"
  [[ "$xn" == "$pn" ]] || echo "peers.sh: $name: node counts differ ($xn vs $pn)" >&2
  awk -v n="$name" -v d="$depth" -v xn="$xn" -v xs="$xs" -v pn="$pn" -v ps="$ps" 'BEGIN {
    xr = xn / (xs > 0.001 ? xs : 0.001) / 1e6; pr = pn / (ps > 0.001 ? ps : 0.001) / 1e6
    printf "%-10s%6d%13d%10.2f%12.1f%13d%10.2f%12.1f%8.2f\n", n, d, xn, xs, xr, pn, ps, pr, xr / pr }'
done
echo "ratio: xpgn's nodes/s over the peer's (issue 16 asks at least 0.8)"

[[ -n "$sjaak" ]] || exit 0
[[ -x "$sjaak" ]] || { echo "peers.sh: $sjaak is not an executable" >&2; exit 1; }
# name | xpgn variant | xpgn FEN | Sjaak variant | depth
vtable=(
  "squirrel-pieces|Squirrel|crb1qk1brc/1n1s2s1n1/10/10/10/10/10/10/1N1S2S1N1/CRB1QK1BRC w - - 0 1|squirrelpieces|5"
  "gast-pieces|Gast|rngabqkbagnr/12/12/12/12/12/12/12/12/12/12/RNGABQKBAGNR w - - 0 1|gastpieces|4"
)
echo
printf '%-16s%6s%13s%10s%12s%13s%10s%12s%8s\n' position depth "xpgn nodes" "CPU s" "M nodes/s" "Sjaak nodes" "CPU s" "M nodes/s" ratio
cp "$here/peers/sjaak-variants.txt" "$tmp/v.txt"
for row in "${vtable[@]}"; do
  IFS='|' read -r name variant fen sv depth <<<"$row"
  /usr/bin/time -f '%U %S' -o "$tmp/t" "$xpgn" perft --variant "$variant" --fen "$fen" "$depth" > "$tmp/out"
  xn="$(tail -n 1 "$tmp/out" | grep -oE '[0-9]+' | tail -n 1)"; xs="$(cpu "$tmp/t")"
  printf 'load %s\nvariant %s\nperft %s\nquit\n' "$tmp/v.txt" "$sv" "$depth" > "$tmp/cmd"
  /usr/bin/time -f '%U %S' -o "$tmp/t" "$sjaak" < "$tmp/cmd" > "$tmp/out" 2>&1
  pn="$(grep -E "^ *$depth +[0-9]+ " "$tmp/out" | tail -n 1 | awk '{ print $2 }')"; ps="$(cpu "$tmp/t")"
  awk -v n="$name" -v d="$depth" -v xn="$xn" -v xs="$xs" -v pn="$pn" -v ps="$ps" 'BEGIN {
    xr = xn / (xs > 0.001 ? xs : 0.001) / 1e6; pr = pn / (ps > 0.001 ? ps : 0.001) / 1e6
    printf "%-16s%6d%13d%10.2f%12.1f%13d%10.2f%12.1f%8.2f\n", n, d, xn, xs, xr, pn, ps, pr, xr / pr }'
done
echo "issue 16 asks Squirrel at least 1x Sjaak II's nodes/s, Gast at least 2x"
