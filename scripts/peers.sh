#!/usr/bin/env bash
# Installs the peer tools that tests compare xpgn with into a Python virtual
# environment, pinned: scripts/peers.sh DIR makes DIR/bin/python with
# pyffish and python-chess. Tests call it themselves (tests/fairy.rs), so a
# fresh machine with Python 3 and the package registry needs nothing else;
# when it cannot install, it fails, and so does the test.
set -euo pipefail
dir="$1"
pins=(pyffish==0.0.90 chess==1.11.2)
mkdir -p "$(dirname "$dir")"
exec 9>"$dir.lock"
flock 9
if [ -x "$dir/bin/python" ] && "$dir/bin/python" -c 'import pyffish, chess' 2>/dev/null; then
  exit 0
fi
rm -rf "$dir"
python3 -m venv "$dir"
"$dir/bin/pip" install --quiet --disable-pip-version-check "${pins[@]}"
