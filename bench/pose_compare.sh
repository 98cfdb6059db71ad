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
ours="$(cargo bench -q -p rigc-sdk --bench pose -- --frames "$frames" --runs "$runs" "${source[@]}" "${phases[@]}" 2>"$work/ours.err")" ||
  { cat "$work/ours.err" >&2; exit 1; }
theirs="$(node bench/pose_spine_core.mjs "$work/skeleton.json" "$frames" "$runs" "${node_phases[@]}" 2>"$work/theirs.err")" ||
  { cat "$work/theirs.err" >&2; exit 1; }
grep -h 'phases' "$work/ours.err" "$work/theirs.err" || true
echo "$ours" | head -1
echo "$theirs" | head -1
python3 - "$(echo "$ours" | tail -1)" "$(echo "$theirs" | tail -1)" <<'PY'
import json, sys
ours, theirs = (json.loads(a)["us_per_pose"] for a in sys.argv[1:3])
print(f"per pose: rigc-sdk {ours:.2f} us, spine-core {theirs:.2f} us: rigc-sdk is {theirs / ours:.2f}x faster")
PY
