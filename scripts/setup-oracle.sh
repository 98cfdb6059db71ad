#!/usr/bin/env bash
# Installs the official Spine runtime, @esotericsoftware/spine-core 4.3.13 from npm,
# and the headless pose driver from ../shared/oracle into .oracle/ (ignored by git),
# where the conformance tests look for it.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
shared="${RIGC_SHARED:-$root/../shared}"
if ! command -v node >/dev/null; then
  echo "setup-oracle: node is not installed (Node 18 or newer is needed)" >&2
  exit 1
fi
mkdir -p "$root/.oracle"
cp "$root/tests/oracle/package.json" "$root/tests/oracle/package-lock.json" "$root/.oracle/"
cp "$shared/oracle/pose.mjs" "$shared/oracle/compare.mjs" "$root/.oracle/"
cd "$root/.oracle"
installed="$(node -p "try { require('./node_modules/@esotericsoftware/spine-core/package.json').version } catch (e) { '' }")"
if [ "$installed" != "4.3.13" ]; then
  npm ci --no-audit --no-fund --loglevel=error
fi
echo "setup-oracle: spine-core $(node -p "require('./node_modules/@esotericsoftware/spine-core/package.json').version") in $root/.oracle"
