#!/usr/bin/env bash
# The whole test suite from a fresh machine: installs what the tests need (the Rust
# crates through cargo, spine-core from npm into .oracle/, the Spine Web Player into
# .player/, Chromium and its driver into .browser/, nginx for the remote-cache
# tests), then runs every test. The preview tests must then run in the browser and
# the remote-cache tests against nginx: RIGC_REQUIRE_BROWSER and RIGC_REQUIRE_NGINX
# forbid their skips.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
scripts/setup-oracle.sh
scripts/setup-player.sh
scripts/setup-browser.sh
scripts/setup-nginx.sh
export RIGC_REQUIRE_BROWSER=1
export RIGC_REQUIRE_NGINX=1
cargo build --workspace --all-targets --locked
cargo test --workspace --locked
