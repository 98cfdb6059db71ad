#!/usr/bin/env bash
# Installs the official Spine Web Player, @esotericsoftware/spine-player 4.3.13 from npm,
# into .player/ (ignored by git), where `rigc preview` looks for its script and CSS.
# The player is a dependency, like a crate: its code is never committed.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
if ! command -v node >/dev/null; then
  echo "setup-player: node is not installed (Node 18 or newer is needed)" >&2
  exit 1
fi
mkdir -p "$root/.player"
cp "$root/scripts/player/package.json" "$root/scripts/player/package-lock.json" "$root/.player/"
cd "$root/.player"
installed="$(node -p "try { require('./node_modules/@esotericsoftware/spine-player/package.json').version } catch (e) { '' }")"
if [ "$installed" != "4.3.13" ]; then
  npm ci --no-audit --no-fund --loglevel=error
fi
echo "setup-player: spine-player $(node -p "require('./node_modules/@esotericsoftware/spine-player/package.json').version") in $root/.player"
