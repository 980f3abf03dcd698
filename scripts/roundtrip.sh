#!/usr/bin/env bash
# Archive round trips (issue 20, "What must show"): for every .pgn file under
# the inputs (default: the corpus ../shared/corpus and fixtures/), per file:
#   1  convert --to pgn of the original = A, of A = B: A == B byte for byte;
#      the same with --reduced (R, then R2).
#   2  convert --to json of the original, then --to pgn of that JSON = C: C == A.
#   3  stats --format jsonl verdict per game (variant, valid, errors) on A, R
#      and C equals the original's.
#   4  pgn-extract reads A, R and C with no more error lines than the original
#      and the same number of games.
#   5  python-chess reads A, R and C (Chess and Chess960 games) and reaches the
#      final position `xpgn fen` gives for the original.
# Prints a table of counts and exits 0 when nothing differs, 1 when something
# does, 2 when it cannot run. Row 0-convert counts the files whose six
# conversions all succeeded (status 0, or 1 for invalid games). Rows named
# 0i-, 4i-, 5i- and n/a only inform (bytes the first export replaced,
# files pgn-extract recounts or cannot read, invalid games); they do not
# change the exit status.
#
#   scripts/roundtrip.sh [--xpgn PATH] [--out DIR] [--jobs N] [--venv DIR] [--no-python] [PATH...]
#
# python-chess comes from the pinned virtual environment scripts/peers.sh
# makes (default target/peers-venv); pgn-extract from apt-get when missing.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(dirname "$here")"
xpgn="$root/target/release/xpgn"
out="$root/target/roundtrip"
venv="$root/target/peers-venv"
jobs="$(nproc 2>/dev/null || echo 1)"
python=1
inputs=()
while [ $# -gt 0 ]; do
  case "$1" in
    --xpgn) xpgn="$2"; shift 2 ;;
    --out) out="$2"; shift 2 ;;
    --jobs) jobs="$2"; shift 2 ;;
    --venv) venv="$2"; shift 2 ;;
    --no-python) python=0; shift ;;
    -h|--help) sed -n '2,23p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
    -*) echo "roundtrip: unknown option $1" >&2; exit 2 ;;
    *) inputs+=("$1"); shift ;;
  esac
done
[ ${#inputs[@]} -gt 0 ] || inputs=("$root/../shared/corpus" "$root/fixtures")
[ -x "$xpgn" ] || { echo "roundtrip: no xpgn at $xpgn (cargo build --release)" >&2; exit 2; }
command -v jq >/dev/null || { echo "roundtrip: jq is needed" >&2; exit 2; }

pgn_extract="$(command -v pgn-extract || true)"
[ -n "$pgn_extract" ] || [ ! -x /usr/games/pgn-extract ] || pgn_extract=/usr/games/pgn-extract
if [ -z "$pgn_extract" ]; then
  if [ "$(id -u)" = 0 ]; then
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >/dev/null
    apt-get install -y -qq pgn-extract >/dev/null
    pgn_extract=/usr/games/pgn-extract
  else
    echo "roundtrip: pgn-extract is missing (apt-get install pgn-extract)" >&2; exit 2
  fi
fi
if [ "$python" = 1 ]; then
  bash "$here/peers.sh" "$venv" >/dev/null
  py="$venv/bin/python"
fi

rm -rf "$out"
mkdir -p "$out/res"
# List of "ABSOLUTE_PATH<TAB>LABEL"; the label (input's base name, then the
# path under it) names the file in the table and its outputs under $out.
list="$out/files.tsv"
: > "$list"
for in in "${inputs[@]}"; do
  [ -e "$in" ] || { echo "roundtrip: $in does not exist" >&2; exit 2; }
  abs="$(cd "$(dirname "$in")" && pwd)/$(basename "$in")"
  if [ -d "$abs" ]; then
    base="$(basename "$abs")"
    (cd "$abs" && find . -type f -name '*.pgn' | LC_ALL=C sort) |
      while IFS= read -r p; do printf '%s\t%s\n' "$abs/${p#./}" "$base/${p#./}"; done >> "$list"
  else
    printf '%s\t%s\n' "$abs" "$(basename "$abs")" >> "$list"
  fi
done
[ -s "$list" ] || { echo "roundtrip: no .pgn files in ${inputs[*]}" >&2; exit 2; }

# One result line: check, label, games, same, differ, first difference.
res() { printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$@"; }

# The first difference of two files, as "line N: <a> | <b>", cut short.
first_diff() {
  local n
  n="$(cmp "$1" "$2" 2>/dev/null | sed -n 's/.* line \([0-9]*\).*/\1/p')"
  if [ -z "$n" ]; then
    # cmp says "EOF on X" when one file is a prefix of the other.
    echo "one is a prefix of the other ($(wc -c < "$1") vs $(wc -c < "$2") bytes)"
  else
    printf 'line %s: %.60s | %.60s' "$n" "$(sed -n "${n}p" "$1")" "$(sed -n "${n}p" "$2")"
  fi
}

# Per-game verdict rows: game, variant, valid, errors.
verdicts() {
  "$xpgn" -q stats --format jsonl "$1" 2>/dev/null |
    jq -c 'select(.type=="game") | [.game, .variant, .valid, .errors]'
}

# pgn-extract: "errors games" (stderr lines of a silent check run; the count
# M of its closing "N games matched out of M.").
pe_counts() {
  local e g
  e="$("$pgn_extract" -s -r "$1" 2>&1 | wc -l)"
  g="$("$pgn_extract" -r "$1" 2>&1 | sed -n 's/.* games matched out of \([0-9]*\)\./\1/p' | tail -1)"
  echo "$e ${g:-0}"
}

one_file() {
  local f="$1" label="$2" w="$out/work" r="$out/res/${2//\//__}.tsv"
  local A="$w/A/$label" B="$w/B/$label" R="$w/R/$label" R2="$w/R2/$label"
  local J="$w/J/$label.json" C="$w/C/$label" d="$w/meta/$label"
  mkdir -p "$(dirname "$A")" "$(dirname "$B")" "$(dirname "$R")" "$(dirname "$R2")" \
    "$(dirname "$J")" "$(dirname "$C")" "$d"
  : > "$r"
  local st
  conv() { # OUT ARGS...: convert, status 0 or 1 (invalid games) is success
    local o="$1"; shift
    st=0; "$xpgn" -q convert "$@" -o "$o" 2>>"$d/convert.err" || st=$?
    [ "$st" -le 1 ] || { echo "convert $* failed with status $st" >> "$d/convert.err"; : > "$o"; }
  }
  conv "$A" "$f" --to pgn
  conv "$B" "$A" --to pgn
  conv "$R" "$f" --to pgn --reduced
  conv "$R2" "$R" --to pgn --reduced
  conv "$J" "$f" --to json
  conv "$C" "$J" --to pgn
  # An export that failed is empty, and two empty files are identical:
  # count the failures so that checks 1 and 2 cannot pass on nothing.
  if grep -q 'failed with status' "$d/convert.err"; then
    res "0-convert" "$label" 0 0 1 "$(grep -m1 'failed with status' "$d/convert.err")" >> "$r"
  else
    res "0-convert" "$label" 0 1 0 "" >> "$r"
  fi

  verdicts "$f" > "$d/orig.v"
  local games
  games="$(wc -l < "$d/orig.v")"

  # Checks 1 and 2 compare exports with exports, so they cannot see what the
  # first export lost: text that is not UTF-8 is written as U+FFFD (issue 20,
  # defect 1). Row 0i-replaced-bytes counts the files where A holds more
  # U+FFFD than the original.
  local u0 u1
  u0="$(LC_ALL=C grep -a -o $'\xef\xbf\xbd' "$f" 2>/dev/null | wc -l)"
  u1="$(LC_ALL=C grep -a -o $'\xef\xbf\xbd' "$A" 2>/dev/null | wc -l)"
  if [ "$u1" -gt "$u0" ]; then
    res "0i-replaced-bytes" "$label" "$games" 0 1 "$((u1 - u0)) more U+FFFD in A than in the original"
  else
    res "0i-replaced-bytes" "$label" "$games" 1 0 ""
  fi >> "$r"
  local x y name
  for x in "A B 1-pgn-pgn" "R R2 1-reduced" "A C 2-json"; do
    set -- $x
    local p="${!1}" q="${!2}"
    if cmp -s "$p" "$q"; then res "$3" "$label" "$games" 1 0 ""
    else res "$3" "$label" "$games" 0 1 "$(first_diff "$p" "$q")"; fi >> "$r"
  done

  for x in A R C; do
    verdicts "${!x}" > "$d/$x.v"
    local same diff first=""
    same="$(comm -12 <(sort "$d/orig.v") <(sort "$d/$x.v") | wc -l)"
    diff=$(( games - same ))
    # A game the export lost or gained counts too.
    if [ "$(wc -l < "$d/$x.v")" != "$games" ]; then
      [ "$diff" -gt 0 ] || diff=1
      first="$(wc -l < "$d/$x.v") games instead of $games"
    elif [ "$diff" -gt 0 ]; then
      first="$(paste "$d/orig.v" "$d/$x.v" | awk -F'\t' '$1 != $2 { print $1 " became " $2; exit }')"
    fi
    res "3-verdict-$x" "$label" "$games" "$same" "$diff" "$first" >> "$r"
  done

  # pgn-extract knows chess only: on other variants its error recovery (and
  # so its count of games) follows where lines break, which the export
  # chooses. Those files are counted (row 4-pgn-extract-n/a), not compared.
  # Where pgn-extract reports errors on the original it can count other
  # games than xpgn (a tag like [White ""X""] splits a game in two); an
  # export it reads with fewer errors and xpgn's count of games passes,
  # and is counted in the row 4i-recount-X.
  local pe0 pe
  if grep -qv '^\[[0-9]*,"Chess\(960\)\{0,1\}",' "$d/orig.v"; then
    res "4-pgn-extract-n/a" "$label" "$games" 0 0 "" >> "$r"
  else
    pe0="$(pe_counts "$f")"
    for x in A R C; do
      pe="$(pe_counts "${!x}")"
      set -- $pe0 $pe
      if [ "$3" -le "$1" ] && [ "$4" = "$2" ]; then
        res "4-pgn-extract-$x" "$label" "$games" 1 0 ""
      elif [ "$1" -gt 0 ] && [ "$3" -lt "$1" ] && [ "$4" = "$games" ]; then
        res "4-pgn-extract-$x" "$label" "$games" 1 0 ""
        res "4i-recount-$x" "$label" "$games" 1 0 \
          "original $1 error lines, $2 games; export $3 error lines, $4 games"
      else
        res "4-pgn-extract-$x" "$label" "$games" 0 1 \
          "original $1 error lines, $2 games; export $3 error lines, $4 games"
      fi >> "$r"
    done
  fi

  # xpgn's final positions of the original and the games python-chess checks.
  "$xpgn" -q fen "$f" > "$d/orig.fen" 2>/dev/null || true
  jq -r '"\(.[1])\t\(.[2])"' "$d/orig.v" > "$d/orig.variant"
}
export -f one_file res first_diff verdicts pe_counts
export xpgn out pgn_extract

# Big files first, so that the two workers end together.
while IFS=$'\t' read -r f label; do
  printf '%s\t%s\t%s\n' "$(stat -c %s "$f")" "$f" "$label"
done < "$list" | sort -rn | cut -f2- |
  tr '\n' '\0' | xargs -0 -P "$jobs" -I{} bash -c 'IFS=$'"'"'\t'"'"' read -r f l <<< "$1"; one_file "$f" "$l"' _ {}

if [ "$python" = 1 ]; then
  # One python-chess process per export kind, run side by side. C is read
  # only where it is not byte-identical to A (then the answer is A's).
  for x in A R C; do
    args=()
    while IFS=$'\t' read -r f label; do
      src="$out/work/$x/$label"
      if [ "$x" = C ] && cmp -s "$src" "$out/work/A/$label"; then continue; fi
      args+=("$src" "$out/work/meta/$label/$x.py")
    done < "$list"
    [ ${#args[@]} -eq 0 ] || "$py" "$here/roundtrip_pychess.py" "${args[@]}" &
  done
  wait
  while IFS=$'\t' read -r f label; do
    d="$out/work/meta/$label"
    r="$out/res/${label//\//__}.tsv"
    for x in A R C; do
      p="$d/$x.py"
      [ -e "$p" ] || p="$d/A.py"
      # Columns: variant, valid, xpgn's FEN of the original, python-chess's
      # FEN and error. Games invalid in the original are counted apart
      # (5i-invalid-X): there xpgn stops at the first error, while
      # python-chess skips the rest of a bad variation, takes `--` in
      # leftover text for a null move, or raises.
      paste "$d/orig.variant" "$d/orig.fen" "$p" | awk -F'\t' -v x="$x" \
        -v label="$label" -v n="$(wc -l < "$d/orig.variant")" -v m="$(wc -l < "$p")" '
        ($1 == "Chess" || $1 == "Chess960") && $3 != "" {
          k = ($2 == "true") ? 1 : 2
          games[k]++
          if ($3 == $4) same[k]++
          else if (first[k] == "") first[k] = "game " NR ": xpgn " $3 " | python-chess " $4 " " $5
        }
        END {
          if (n != m) first[1] = m " games read instead of " n "; " first[1]
          printf "5-python-chess-%s\t%s\t%d\t%d\t%d\t%s\n", x, label, games[1], same[1], games[1] - same[1] + (n != m ? 1 : 0), first[1]
          printf "5i-invalid-%s\t%s\t%d\t%d\t%d\t%s\n", x, label, games[2], same[2], games[2] - same[2], first[2]
        }'
    done >> "$r"
  done < "$list"
fi

# The table: per check, files, games, same and differing (files for the
# byte comparisons 1 and 2 and for pgn-extract's per-file counts, games
# for 3 and 5), and the first difference with its file. For 5 the games
# column counts the chess games compared, not all games.
cat "$out"/res/*.tsv | LC_ALL=C sort -t$'\t' -k1,1 -k2,2 > "$out/results.tsv"
awk -F'\t' '
  { c = $1; if (!(c in files)) keys[++n] = c; files[c]++; games[c] += $3; same[c] += $4; differ[c] += $5
    if ($5 > 0) dfiles[c]++
    if ($5 > 0 && !(c in first)) first[c] = $2 ": " $6
    unit[c] = (c ~ /^(3|5)/) ? "games" : "files" }
  END {
    printf "%-20s %6s %7s %6s %8s %7s  %s\n", "check", "files", "games", "unit", "same", "differ", "first difference"
    for (i = 1; i <= n; i++) { c = keys[i]
      printf "%-20s %6d %7d %6s %8d %7d  %s\n", c, files[c], games[c], unit[c], same[c], differ[c], first[c]
      # Rows 0i-, 4i-, 5i- and n/a inform; they do not fail the run.
      if (c !~ /^[045]i-|n\/a/) bad += differ[c] }
    exit (bad > 0)
  }' "$out/results.tsv" | tee "$out/table.txt"
status=${PIPESTATUS[0]}
echo "details: $out/results.tsv (one row per check and file), outputs under $out/work"
exit "$status"
