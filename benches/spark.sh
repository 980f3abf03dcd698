#!/usr/bin/env bash
# Throughput of the Spark job (contrib/spark) in local mode with two workers
# against `xpgn stats -j2` on the same input, about 500 MB of plain PGN (the
# corpus concatenated 8 times), side by side in one run: wall time, and the
# machine's CPU time over each run (the job's JVM, Python workers and xpgn
# processes all count).
#
# Run by hand from anywhere in the repo; CI never runs it.
#
#   benches/spark.sh                    # 8 copies, 64 MiB ranges
#   benches/spark.sh --times 2 --range-size 16MiB
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
repo="$(cd "$here/.." && pwd)"
corpus="$repo/../shared/corpus"
times=8
range_size=64MiB
while [ $# -gt 0 ]; do
  case "$1" in
    --times) times="$2"; shift 2 ;;
    --range-size) range_size="$2"; shift 2 ;;
    --corpus) corpus="$2"; shift 2 ;;
    *) echo "unknown argument: $1" >&2; exit 2 ;;
  esac
done
(cd "$repo" && cargo build --release --quiet)
xpgn="$repo/target/release/xpgn"
venv="$repo/target/tmp/spark-venv"
bash "$repo/scripts/spark_setup.sh" "$venv"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
file="$tmp/archive.pgn"
for _ in $(seq "$times"); do
  find "$corpus" -name '*.pgn' | sort | xargs cat >> "$file"
done
echo "input: $(($(stat -c %s "$file") / 1000000)) MB ($times x corpus), ranges of $range_size"
printf '%-28s %8s %8s %8s\n' command wall_s cpu_s MB/s_wall
# CPU seconds of the whole machine (user + system, from /proc/stat): the
# job's JVM is not a child that GNU time could see (pyspark leaves it to
# init), so run this on an otherwise idle machine.
machine_cpu() {
  awk -v hz="$(getconf CLK_TCK)" '/^cpu / { print ($2 + $3 + $4 + $7 + $8) / hz }' /proc/stat
}
row() {
  local name="$1"; shift
  local status=0 before after start end
  before="$(machine_cpu)"
  start="$(date +%s.%N)"
  # Status 1 means invalid games, which the corpus has.
  "$@" >/dev/null 2>"$tmp/err" || status=$?
  end="$(date +%s.%N)"
  after="$(machine_cpu)"
  if [ "$status" -gt 1 ]; then tail -5 "$tmp/err" >&2; exit 1; fi
  local wall
  wall="$(echo "$end - $start" | bc -l)"
  printf '%-28s %8.2f %8.2f %8.1f\n' "$name" "$wall" "$(echo "$after - $before" | bc -l)" \
    "$(echo "$(stat -c %s "$file") / 1000000 / $wall" | bc -l)"
}
row "xpgn stats -j2 (jsonl)" "$xpgn" stats --quiet --format jsonl -j2 "$file"
row "spark local[2] job" "$venv/bin/python" "$repo/contrib/spark/xpgn_spark.py" \
  --master 'local[2]' --xpgn "$xpgn" --range-size "$range_size" --output "$tmp/out" "$file"
row "spark local[2] startup only" "$venv/bin/python" -c "
from pyspark.sql import SparkSession
SparkSession.builder.master('local[2]').getOrCreate().stop()"
