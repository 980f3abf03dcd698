#!/usr/bin/env bash
# Perft side by side with a peer (issue 16): xpgn's chess perft and
# shakmaty's on the same positions, in the same run, CPU time of each.
#
# Run by hand from anywhere in the repo; CI never runs it.
#
#   benches/peers.sh               # build both, then measure
#   benches/peers.sh --skip-build  # use the existing release binaries
#
# shakmaty is GPL: it lives in benches/peers/, a bench-only crate with its
# own workspace and lock file, never a dependency of xpgn. Sjaak II, the
# variant engine issue 16 also names, is not here (see README, speed).
# On a shared machine a run can be off by a third: compare the two columns
# of one run, not runs made at different times.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/.." && pwd)"
skip_build=0
case "${1:-}" in
  --skip-build) skip_build=1 ;;
  "") ;;
  -h|--help) sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
  *) echo "peers.sh: unknown argument: $1" >&2; exit 2 ;;
esac
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
