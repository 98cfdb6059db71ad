#!/usr/bin/env bash
# Poses the same generated skeleton (313 bones; IK, transform, path and physics
# constraints; weighted meshes; a Bezier-keyed animation) frame after frame with
# our runtime (cargo bench -p rigc-sdk --bench pose) and with spine-core 4.3.13 in
# Node (bench/pose_spine_core.mjs), in the same run, and prints the per-pose ratio.
# Both do per frame: setupPose, Animation.apply, updateWorldTransform(Physics.update),
# world vertices of every mesh; both print a checksum of the posed vertices.
# Needs: Node and the oracle (scripts/setup-oracle.sh, run here).
# FRAMES (600) and RUNS (15) set the work; the medians of RUNS runs are compared.
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
  cargo bench -q -p rigc-sdk --bench pose -- --frames "$frames" --runs "$runs" "${source[@]}" "${phases[@]}"
}
ours="$(run_ours 2>"$work/ours.err")" || { cat "$work/ours.err" >&2; exit 1; }
host='{"us_per_pose": null}'
if [ "${HOST_TUNED:-1}" != 0 ]; then
  host="$(RUSTFLAGS="-C target-cpu=native" CARGO_TARGET_DIR="$root/target/host-tuned" run_ours 2>"$work/host.err")" ||
    { cat "$work/host.err" >&2; exit 1; }
fi
theirs="$(node bench/pose_spine_core.mjs "$work/skeleton.json" "$frames" "$runs" "${node_phases[@]}" 2>"$work/theirs.err")" ||
  { cat "$work/theirs.err" >&2; exit 1; }
grep -h 'phases' "$work/ours.err" "$work/theirs.err" || true
sed -n 's/phases/phases (host-tuned)/p' "$work/host.err" 2>/dev/null | grep phases || true
echo "$ours" | head -1
echo "$host" | head -1 | grep -v null | sed 's/^rigc-sdk pose:/rigc-sdk pose (host-tuned):/' || true
echo "$theirs" | head -1
python3 - "$(echo "$ours" | tail -1)" "$(echo "$host" | tail -1)" "$(echo "$theirs" | tail -1)" <<'PY'
import json, sys
ours, host, theirs = (json.loads(a)["us_per_pose"] for a in sys.argv[1:4])
print(f"per pose: rigc-sdk {ours:.2f} us, spine-core {theirs:.2f} us: rigc-sdk is {theirs / ours:.2f}x faster")
if host is not None:
    print(f"per pose, host-tuned: rigc-sdk {host:.2f} us, spine-core {theirs:.2f} us: rigc-sdk is {theirs / host:.2f}x faster")
PY
