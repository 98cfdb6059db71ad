#!/usr/bin/env bash
# Poses the same generated skeleton (313 bones; IK, transform, path and physics
# constraints; weighted meshes; a Bezier-keyed animation) frame after frame with
# our runtime (cargo bench -p rigc-spine --bench pose) and with spine-core 4.3.13 in
# Node (bench/pose_spine_core.mjs), in the same run, and prints the per-pose ratio.
# Both do per frame: setupPose, Animation.apply, updateWorldTransform(Physics.update),
# world vertices of every mesh; both print a checksum of the posed vertices.
# Needs: Node and the oracle (scripts/setup-oracle.sh, run here).
# FRAMES (600) and RUNS (15) set the work: each side prints the median of RUNS
# runs. ROUNDS (3) rounds run the sides in turn (ours, ours host-tuned,
# spine-core), so that a machine slower for a while slows every side; the
# medians of the rounds are compared.
# SKELETON=path/to/skeleton.json poses that skeleton (its first animation)
# instead of the generated one, e.g. a gallery rig's build output.
# PHASES=1 also prints each side's median time per step (setup, animation,
# world transforms, mesh vertices), each step timed on its own.
# Ours runs twice: the portable build (what `cargo build --release` makes,
# for any x86-64) and a host-tuned one (-C target-cpu=native, in
# target/host-tuned): V8 compiles spine-core for the CPU it runs on, so the
# second is the like-for-like comparison. HOST_TUNED=0 skips it.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
frames="${FRAMES:-600}"
runs="${RUNS:-15}"
cd "$root"
scripts/setup-oracle.sh >/dev/null
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
phases=()
node_phases=()
if [ -n "${PHASES:-}" ]; then
  phases=(--phases)
  node_phases=(phases)
fi
source=(--write "$work/skeleton.json")
if [ -n "${SKELETON:-}" ]; then
  cp "$SKELETON" "$work/skeleton.json"
  source=(--read "$work/skeleton.json")
fi
run_ours() {
  cargo bench -q -p rigc-spine --bench pose -- --frames "$frames" --runs "$runs" "${source[@]}" "${phases[@]}"
}
rounds="${ROUNDS:-3}"
for round in $(seq "$rounds"); do
  run_ours >>"$work/ours.out" 2>"$work/ours.err" || { cat "$work/ours.err" >&2; exit 1; }
  if [ "${HOST_TUNED:-1}" != 0 ]; then
    RUSTFLAGS="-C target-cpu=native" CARGO_TARGET_DIR="$root/target/host-tuned" run_ours \
      >>"$work/host.out" 2>"$work/host.err" || { cat "$work/host.err" >&2; exit 1; }
  fi
  node bench/pose_spine_core.mjs "$work/skeleton.json" "$frames" "$runs" "${node_phases[@]}" \
    >>"$work/theirs.out" 2>"$work/theirs.err" || { cat "$work/theirs.err" >&2; exit 1; }
done
grep -h 'phases' "$work/ours.err" "$work/theirs.err" || true
sed -n 's/phases/phases (host-tuned)/p' "$work/host.err" 2>/dev/null | grep phases || true
grep -h 'pose:' "$work/ours.out" | tail -1
grep -h 'pose:' "$work/host.out" 2>/dev/null | tail -1 | sed 's/^rigc-spine pose:/rigc-spine pose (host-tuned):/' || true
grep -h 'pose:' "$work/theirs.out" | tail -1
python3 - "$work" <<'PY'
import json, os, statistics, sys
def medians(name):
    path = os.path.join(sys.argv[1], name)
    if not os.path.exists(path):
        return None
    v = [json.loads(l)["us_per_pose"] for l in open(path) if l.startswith("{")]
    return statistics.median(v), v
ours, host, theirs = medians("ours.out"), medians("host.out"), medians("theirs.out")
def show(label, us):
    rounds = ", ".join(f"{t / o:.2f}" for o, t in zip(us[1], theirs[1]))
    print(f"per pose{label}: rigc-spine {us[0]:.2f} us, spine-core {theirs[0]:.2f} us (medians of {len(us[1])} rounds): "
          f"rigc-spine is {theirs[0] / us[0]:.2f}x faster (rounds: {rounds})")
show("", ours)
if host:
    show(", host-tuned", host)
PY
