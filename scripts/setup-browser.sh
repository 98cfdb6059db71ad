#!/usr/bin/env bash
# Installs what rigc's browser tests drive: Debian's `chromium` (when it is not
# already at /usr/bin/chromium) and the pinned Node driver playwright-core into
# .browser/ (ignored by git), where tests/browser/shoot.mjs finds it. The driver
# launches the system Chromium; it downloads no browser of its own.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
if ! command -v node >/dev/null; then
  echo "setup-browser: node is not installed (Node 20 or newer is needed)" >&2
  exit 1
fi
if [ ! -x /usr/bin/chromium ]; then
  sudo=""
  if [ "$(id -u)" != "0" ]; then sudo="sudo"; fi
  $sudo apt-get update
  $sudo apt-get install -y chromium
fi
mkdir -p "$root/.browser"
cp "$root/scripts/browser/package.json" "$root/scripts/browser/package-lock.json" "$root/.browser/"
cd "$root/.browser"
want="$(node -p "require('./package.json').dependencies['playwright-core']")"
installed="$(node -p "try { require('./node_modules/playwright-core/package.json').version } catch (e) { '' }")"
if [ "$installed" != "$want" ]; then
  PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error
fi
echo "setup-browser: $(/usr/bin/chromium --version 2>/dev/null | head -1), playwright-core $(node -p "require('./node_modules/playwright-core/package.json').version") in $root/.browser"
