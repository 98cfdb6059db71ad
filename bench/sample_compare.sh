#!/usr/bin/env bash
# Times, side by side in one run, `rigc sample` against the oracle's sampler
# (`node pose.mjs`, spine-core 4.3.13) on the same command, at about 7,000
# frames each, and prints for each job the median wall clock of both (whole
# processes, the document written to a file), the ratio, and the peak RSS of
# both (each process's VmHWM, read from /proc while it runs):
#   - angler `catch` (the richest rig rigc builds: 26 bones, 24 slots, IK and
#     transform constraints), 7,003 frames;
#   - the oracle fixture `features`, `move` with skin `armed` (weighted and
#     linked meshes, IK, transform), 7,010 frames;
#   - the oracle fixture `constraints`, `drive` with physics simulated
#     (physics, path, sliders, clipping), 7,001 frames.
# Needs: Node and the oracle (scripts/setup-oracle.sh, run here); builds rigc
# (release), or times RIGC=path/to/rigc instead (another build, e.g. an older
# commit's). RUNS (3) runs of each side per job, taken in turn.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
shared="${RIGC_SHARED:-$root/../shared}"
runs="${RUNS:-3}"
cd "$root"
if [ -z "${RIGC:-}" ]; then
  cargo build --release -q -p rigc
fi
rigc="${RIGC:-$root/target/release/rigc}"
scripts/setup-oracle.sh >/dev/null
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cp -r gallery/angler "$work/angler"
"$rigc" build --rig "$work/angler/rig.json" --motion "$work/angler/motion.json" \
  --out "$work/angler/out" >/dev/null
fixtures="$shared/oracle/fixtures"
python3 - "$rigc" "$root/.oracle/pose.mjs" "$runs" "$work" "$fixtures" <<'PY'
import os, statistics, subprocess, sys, time
rigc, pose, runs, work, fixtures = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4], sys.argv[5]
angler = os.path.join(work, "angler/out")
# (label, skeleton, atlas, animation, times, extra flags) — one command for both sides.
jobs = [
    ("angler catch", f"{angler}/skeleton.json", f"{angler}/skeleton.atlas", "catch", "0:3.2:0.000457", []),
    ("features move, skin armed", f"{fixtures}/features/skeleton.json", f"{fixtures}/features/skeleton.atlas",
     "move", "0:1.5:0.000214", ["--skin", "armed"]),
    ("constraints drive, physics", f"{fixtures}/constraints/skeleton.json", "-", "drive", "0:1:0.000142857",
     ["--physics", "update"]),
]
def run(cmd, out):
    """Wall seconds and peak RSS (MiB) of one process writing its stdout to `out`.
    The peak is the process's own VmHWM, read from /proc every millisecond while it
    runs (ru_maxrss would count this Python's image, which the child had until exec)."""
    with open(out, "wb") as f:
        t = time.perf_counter()
        p = subprocess.Popen(cmd, stdout=f, stderr=subprocess.DEVNULL)
        peak = 0
        while p.poll() is None:
            try:
                with open(f"/proc/{p.pid}/status") as s:
                    for line in s:
                        if line.startswith("VmHWM:"):
                            peak = max(peak, int(line.split()[1]))
            except (OSError, ValueError):
                pass
            time.sleep(0.001)
        wall = time.perf_counter() - t
    if p.returncode != 0:
        sys.exit(f"failed ({p.returncode}): {' '.join(cmd)}")
    return wall, peak / 1024
print(f"rigc sample vs spine-core 4.3.13 (node pose.mjs) on the same command: median of {runs} runs,")
print("wall clock of the whole process, the document written to a file; peak RSS of each process.")
print(f"{'job':<28} {'frames':>6} {'MB out':>7} {'rigc s':>7} {'node s':>7} {'ratio':>7} {'rigc RSS':>9} {'node RSS':>9}")
ratios = []
for label, skeleton, atlas, animation, times, extra in jobs:
    ours_cmd = [rigc, "sample", "--candidate", skeleton, "--atlas", atlas, "--animation", animation,
                "--times", times, *extra]
    theirs_cmd = ["node", pose, skeleton, atlas, animation, times, *extra]
    ours, theirs = [], []
    for _ in range(runs):
        ours.append(run(ours_cmd, os.path.join(work, "ours.json")))
        theirs.append(run(theirs_cmd, os.path.join(work, "theirs.json")))
    size = os.path.getsize(os.path.join(work, "ours.json")) / 1e6
    with open(os.path.join(work, "ours.json"), "rb") as f:
        frames = sum(1 for line in f if line.startswith(b'      "time": '))
    o, t = statistics.median(w for w, _ in ours), statistics.median(w for w, _ in theirs)
    ratios.append(t / o)
    print(f"{label:<28} {frames:>6} {size:>7.1f} {o:>7.2f} {t:>7.2f} {t / o:>6.1f}x "
          f"{max(m for _, m in ours):>6.1f} MB {max(m for _, m in theirs):>6.0f} MB")
print(f"rigc sample is {min(ratios):.1f}x to {max(ratios):.1f}x faster than the oracle (goal: at least 5x at 7,000 frames)")
PY
