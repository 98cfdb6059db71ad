#!/usr/bin/env bash
# Instructions per pose of the posing benchmark (plugins/sdk/benches/pose.rs),
# counted by callgrind: (Ir at 300 frames - Ir at 100 frames) / 400 (two runs of each:
# the warm-up and one timed), so that
# reading the skeleton, building it and the warm-up cancel out. Unlike the
# timings of bench/pose_compare.sh this does not move when the machine is
# busy, so it is the figure to compare two versions of the poser by.
# PER_FUNCTION=1 also prints each function's own instructions per pose.
# Needs valgrind (apt-get install valgrind).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
bench="$(cargo bench -q -p rigc-spine --bench pose --no-run --message-format=json 2>/dev/null |
  python3 -c 'import json,sys
for l in sys.stdin:
    m = json.loads(l)
    if m.get("reason") == "compiler-artifact" and m["target"]["name"] == "pose" and m.get("executable"):
        print(m["executable"])')"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
for frames in 100 300; do
  valgrind --tool=callgrind --callgrind-out-file="$work/cg.$frames" "$bench" --frames "$frames" --runs 1 >/dev/null 2>&1
  callgrind_annotate --auto=no "$work/cg.$frames" 2>/dev/null >"$work/ann.$frames"
done
python3 - "$work/ann.100" "$work/ann.300" "${PER_FUNCTION:-}" <<'PY'
import re, sys
def load(path):
    costs = {}
    for line in open(path):
        m = re.match(r"\s*([\d,]+)\s+(?:\([^)]*\)\s+)?(.*)", line)
        if m and m.group(2).strip():
            key = m.group(2).strip()
            costs[key] = costs.get(key, 0) + int(m.group(1).replace(",", ""))
    return costs
a, b = load(sys.argv[1]), load(sys.argv[2])
total = next(k for k in b if k.startswith("PROGRAM TOTALS"))
print(f"instructions per pose: {(b[total] - a[total]) / 400:.0f}")
if sys.argv[3]:
    rows = sorted(((b[k] - a.get(k, 0)) / 400, k) for k in b if k != total)
    for v, k in reversed(rows):
        if v >= 200:
            print(f"{v:9.0f}  {k[:140]}")
PY
