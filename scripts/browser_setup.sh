#!/usr/bin/env bash
# Installs what the browser test (tests/view_browser.rs) needs, pinned:
# scripts/browser_setup.sh DIR puts playwright-core in DIR/node_modules, and
# installs Debian's Chromium (and Node.js, if missing) when /usr/bin/chromium
# is missing (CI runs as root on a fresh machine). When it cannot install, it
# fails, and so does the test: it never passes without a browser.
set -euo pipefail
dir="$1"
pin=playwright-core@1.64.1
mkdir -p "$(dirname "$dir")"
exec 9>"$dir.lock"
flock 9
need=()
[ -x /usr/bin/chromium ] || need+=(chromium)
command -v node >/dev/null 2>&1 || need+=(nodejs npm)
if [ ${#need[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ]; then
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >/dev/null
    apt-get install -y -qq "${need[@]}" >/dev/null
  else
    echo "browser_setup: missing ${need[*]}, and not root to install them" >&2
    exit 1
  fi
fi
if [ -f "$dir/node_modules/playwright-core/package.json" ]; then
  exit 0
fi
rm -rf "$dir"
mkdir -p "$dir"
cd "$dir"
npm init -y >/dev/null
npm install --silent --no-audit --no-fund "$pin" >/dev/null
node -e 'require("playwright-core")'
