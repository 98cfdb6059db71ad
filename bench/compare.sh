#!/usr/bin/env bash
# Times, side by side in one run, `rigc build` of reference rigs (a cold, gated
# build: read, measure, compile twice, gate, write) against `node` merely loading
# the emitted skeleton with the official runtime, and prints the ratios: walk
# under the default profile, and the face rigs portrait and nod under
# spine-html, so the gate includes A39's per-key and between-key winding scan,
# and look (a 189-vertex depth-mapped grid, 17 deform keys, two sliders,
# physics) under spine-html, with the one change CHANGELOG 2.14.0 made to it
# (its whip bone's length, 66; the reference predates it and A23 refuses it).
# RIGS="walk portrait nod look" picks the rigs. Needs: a release build (done here),
# Node, and the oracle (scripts/setup-oracle.sh).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
shared="${RIGC_SHARED:-$root/../shared}"
runs="${RUNS:-30}"
cd "$root"
cargo build --release -q -p rigc
scripts/setup-oracle.sh >/dev/null
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
rigs="${RIGS:-walk portrait nod look}"
for r in $rigs; do cp -r "$shared/reference/rigc-gallery/$r" "$work/$r"; done
if [ -d "$work/look" ]; then
  python3 - "$work/look/rig.json" <<'PY'
import json, sys
p = sys.argv[1]
rig = json.load(open(p))
for b in rig["bones"]:
    if b["name"] == "ahoge_whip":
        b["length"] = 66
json.dump(rig, open(p, "w"), indent=2)
PY
fi
cd "$work"
rigc="$root/target/release/rigc"
python3 - "$rigc" "$root/bench/load.mjs" "$runs" $rigs <<'PY'
import subprocess, sys, time, statistics
rigc, load, runs, rigs = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4:]
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
node_empty = wall(["node", "-e", "0"])
for rig in rigs:
    profile = "spine" if rig == "walk" else "spine-html"
    args = ["--rig", f"{rig}/rig.json", "--motion", f"{rig}/motion.json", "--profile", profile]
    subprocess.run([rigc, "build", *args, "--out", f"{rig}-out"], check=True, stdout=subprocess.DEVNULL)
    def cold():
        # A cold build: no cache (no stage or trace to replay) and no previous
        # output. With no rigc.toml above it, the rig's own directory is the
        # project, so its cache is <rig>/cache.
        for d in (f"{rig}/cache", f"{rig}-out2"):
            shutil.rmtree(d, ignore_errors=True)
    build = wall([rigc, "build", *args, "--out", f"{rig}-out2"], cold)
    noop = wall([rigc, "build", *args, "--out", f"{rig}-out2"])
    out = f"{rig}-out"
    node = wall(["node", load, f"{out}/skeleton.json", f"{out}/skeleton.atlas", "1"])
    inproc = float(subprocess.run(["node", load, f"{out}/skeleton.json", f"{out}/skeleton.atlas", "200"], check=True, capture_output=True, text=True).stdout)
    print(f"{rig} (profile {profile}), median of {runs} runs (wall clock, whole processes):")
    print(f"  rigc build (cold, gated, written)        {build:9.3f} ms")
    print(f"  rigc build again (no-op, from the cache) {noop:9.3f} ms")
    print(f"  node + spine-core loading the output     {node:9.3f} ms   (node doing nothing: {node_empty:.3f} ms)")
    print(f"  ratio rigc build / node load             {build / node:9.3f}")
    print(f"  spine-core readSkeletonData in process   {inproc:9.4f} ms  (median of 200, warm JIT)")
PY
