#!/usr/bin/env bash
# Times, side by side in one run, `rigc build` of the walk reference rig (a cold,
# gated build: read, measure, compile twice, gate, write) against `node` merely
# loading the emitted skeleton with the official runtime, and prints the ratios.
# Needs: a release build (done here), Node, and the oracle (scripts/setup-oracle.sh).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
shared="${RIGC_SHARED:-$root/../shared}"
runs="${RUNS:-30}"
cd "$root"
cargo build --release -q -p rigc
scripts/setup-oracle.sh >/dev/null
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cp -r "$shared/reference/rigc-gallery/walk" "$work/walk"
cd "$work"
rigc="$root/target/release/rigc"
"$rigc" build --rig walk/rig.json --motion walk/motion.json --out out >/dev/null
python3 - "$rigc" "$root/bench/load.mjs" "$runs" <<'PY'
import subprocess, sys, time, statistics
rigc, load, runs = sys.argv[1], sys.argv[2], int(sys.argv[3])
import os, shutil
def wall(cmd, before=None):
    samples = []
    for _ in range(runs):
        if before:
            before()
        t = time.perf_counter()
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        samples.append(time.perf_counter() - t)
    return statistics.median(samples) * 1e3
def cold():
    # A cold build: no cache (no stage or trace to replay) and no previous output.
    # With no rigc.toml above it, the rig's own directory is the project, so its
    # cache is walk/cache.
    for d in ("walk/cache", "out2"):
        shutil.rmtree(d, ignore_errors=True)
build = wall([rigc, "build", "--rig", "walk/rig.json", "--motion", "walk/motion.json", "--out", "out2"], cold)
noop = wall([rigc, "build", "--rig", "walk/rig.json", "--motion", "walk/motion.json", "--out", "out2"])
node = wall(["node", load, "out/skeleton.json", "out/skeleton.atlas", "1"])
node_empty = wall(["node", "-e", "0"])
inproc = float(subprocess.run(["node", load, "out/skeleton.json", "out/skeleton.atlas", "200"], check=True, capture_output=True, text=True).stdout)
print(f"walk, median of {runs} runs (wall clock, whole processes):")
print(f"  rigc build (cold, gated, written)        {build:9.3f} ms")
print(f"  rigc build again (no-op, from the cache) {noop:9.3f} ms")
print(f"  node + spine-core loading the output     {node:9.3f} ms   (node doing nothing: {node_empty:.3f} ms)")
print(f"  ratio rigc build / node load             {build / node:9.3f}")
print(f"  spine-core readSkeletonData in process   {inproc:9.4f} ms  (median of 200, warm JIT)")
PY
