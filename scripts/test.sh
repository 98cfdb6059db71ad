#!/usr/bin/env bash
# The whole test suite from a fresh machine: installs what the tests need (the Rust
# crates through cargo, spine-core from npm into .oracle/), then runs every test.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
scripts/setup-oracle.sh
cargo build --workspace --all-targets --locked
cargo test --workspace --locked
