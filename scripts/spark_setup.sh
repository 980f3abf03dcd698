#!/usr/bin/env bash
# Installs what the Spark test (tests/spark.rs) needs, pinned:
# scripts/spark_setup.sh DIR makes DIR/bin/python with pyspark and pyarrow,
# and installs a Java runtime from the Debian packages when `java` is
# missing (CI runs as root on a fresh machine with only Rust and Python).
# (pyspark asks for pandas beside pyarrow for Arrow batches.) When it cannot install, it fails, and so does the test: it never passes
# without Spark.
set -euo pipefail
dir="$1"
pins=(pyspark==3.5.3 pyarrow==17.0.0 pandas==2.2.3)
mkdir -p "$(dirname "$dir")"
exec 9>"$dir.lock"
flock 9
if ! command -v java >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ]; then
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >/dev/null
    apt-get install -y -qq openjdk-17-jre-headless >/dev/null
  else
    echo "spark_setup: no java, and not root to install openjdk-17-jre-headless" >&2
    exit 1
  fi
fi
if [ -x "$dir/bin/python" ] && "$dir/bin/python" -c 'import pyspark, pyarrow, pandas' 2>/dev/null; then
  exit 0
fi
rm -rf "$dir"
python3 -m venv "$dir"
"$dir/bin/pip" install --quiet --disable-pip-version-check "${pins[@]}"
"$dir/bin/python" -c 'import pyspark, pyarrow, pandas'
