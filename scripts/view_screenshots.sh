#!/usr/bin/env bash
# Remakes docs/pictures/view/*.png, the start position of every game as
# `xpgn view` shows it in headless Chromium, with the browser test's own
# driver (tests/browser/view.cjs), which also checks every ply on the way.
# Needs what scripts/browser_setup.sh installs.
set -euo pipefail
cd "$(dirname "$0")/.."
tools=target/browser-tools
bash scripts/browser_setup.sh "$tools"
cargo build --release -q
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fixture=fixtures/view/every-variant.pgn
target/release/xpgn view -q -o "$work/page.html" "$fixture"
target/release/xpgn fen --all --format json "$fixture" > "$work/rows.jsonl"
node -e '
const rows = require("fs").readFileSync(process.argv[1], "utf8").trim().split("\n").map(JSON.parse);
const games = [];
for (const r of rows) (games[r.game - 1] = games[r.game - 1] || []).push(r.position);
require("fs").writeFileSync(process.argv[2], JSON.stringify(games));
' "$work/rows.jsonl" "$work/expected.json"
mkdir -p "$work/shots" docs/pictures/view
NODE_PATH="$tools/node_modules" node tests/browser/view.cjs "$work/page.html" "$work/expected.json" "$work/shots" > "$work/report.json"
rm -f docs/pictures/view/*.png
# Game 1 is the annotated chess game; the others are one per variant.
cp "$work/shots/page.png" docs/pictures/view-page.png
for f in "$work"/shots/[0-9]*.png; do
  name=$(basename "$f" .png)
  [ "${name%%-*}" = 00 ] && continue
  cp "$f" "docs/pictures/view/${name#*-}.png"
done
ls docs/pictures/view
