#!/usr/bin/env bash
# Times `rigc render` of portrait's three animations (idle, gaze, turn) at
# `--fps 25 --max 640` (81 + 39 + 56 = 176 frames of 478×640 px, each a PNG,
# plus three contact sheets and frames.json): the whole process, median of
# RUNS (5) runs, on one core (`taskset -c 0` when there is one), in frames per
# second; then where the time goes, in process (rigc-render's bench
# `render_share`, best of 3): framing (posing every sample once for the
# extent), posing alone, posing + drawing, posing + drawing + PNG encoding,
# and the posing share of the whole. The project's goal: the whole portrait
# set in under a second. Needs: a release build (done here).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
shared="${RIGC_SHARED:-$root/../shared}"
runs="${RUNS:-5}"
cd "$root"
cargo build --release -q -p rigc
share="$(cargo bench -q -p rigc-render --bench render_share --no-run --message-format=json 2>/dev/null \
  | python3 -c 'import json,sys
for l in sys.stdin:
    m = json.loads(l)
    if m.get("reason") == "compiler-artifact" and m["target"]["name"] == "render_share" and m.get("executable"):
        print(m["executable"])')"
rigc="$root/target/release/rigc"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cp -r "$shared/reference/rigc-gallery/portrait" "$work/portrait"
"$rigc" build --rig "$work/portrait/rig.json" --motion "$work/portrait/motion.json" \
  --out "$work/portrait/out" >/dev/null
pin=()
if command -v taskset >/dev/null; then pin=(taskset -c 0); fi
python3 - "$runs" "$work" "${pin[@]}" "$rigc" <<'PY'
import statistics, subprocess, sys, time
runs, work, cmd = int(sys.argv[1]), sys.argv[2], sys.argv[3:]
times = []
for _ in range(runs):
    t = time.perf_counter()
    subprocess.run(cmd + ["render", "--candidate", f"{work}/portrait/out", "--fps", "25",
                          "--max", "640", "--out", f"{work}/render"],
                   check=True, stdout=subprocess.DEVNULL)
    times.append(time.perf_counter() - t)
m = statistics.median(times)
print(f"rigc render portrait --fps 25 --max 640: 176 frames, median {m:.3f} s of {runs} "
      f"(min {min(times):.3f}, max {max(times):.3f}) = {176 / m:.1f} frames/s; "
      f"goal < 1 s: {'met' if m < 1 else 'not met'} ({m:.2f}x the goal)")
PY
"${pin[@]}" "$share" "$work/portrait/out" 25 640 3
