#!/usr/bin/env bash
# The whole test suite from a fresh machine: installs what the tests need (the Rust
# crates through cargo, spine-core from npm into .oracle/, the Spine Web Player into
# .player/, Chromium and its driver into .browser/), then runs every test. The
# preview tests must then run in the browser: RIGC_REQUIRE_BROWSER forbids their skip.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
scripts/setup-oracle.sh
scripts/setup-player.sh
scripts/setup-browser.sh
export RIGC_REQUIRE_BROWSER=1
cargo build --workspace --all-targets --locked
cargo test --workspace --locked
