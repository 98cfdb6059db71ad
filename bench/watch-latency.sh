#!/usr/bin/env bash
# Measures `rigc watch` from an edit to the written output on the gallery's snail
# rig: a copy of the project (rigc.toml, the gallery, the studio plugin) in a temp
# directory, `rigc watch snail` running on it, then EDITS edits of one key value of
# the crawl animation, each waited for. Prints the medians of what rigc reports
# (from the first event, with and without the batching window) and of what this
# script sees from outside (from just before its write until the new
# skeleton.json is on disk, polled every 0.5 ms).
# Needs: a release build (done here) and python3.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
edits="${EDITS:-15}"
debounce="${DEBOUNCE:-30}"
cd "$root"
cargo build --release -q -p rigc -p rigc-studio-example
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/gallery" "$work/target/release"
cp rigc.toml "$work/"
for rig in gallery/*/; do  # every rig rigc.toml names
  [ -f "$rig/rig.json" ] && cp -r "$rig" "$work/gallery/"
done
rm -rf "$work"/gallery/*/build
cp target/release/librigc_studio_example.so "$work/target/release/"
python3 - "$root/target/release/rigc" "$work" "$edits" "$debounce" <<'PY'
import os, re, statistics, subprocess, sys, threading, time
rigc, work, edits, debounce = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
motion = os.path.join(work, "gallery/snail/motion.json")
out = os.path.join(work, "gallery/snail/build/skeleton.json")
child = subprocess.Popen([rigc, "watch", "snail", "--debounce", debounce], cwd=work,
                         stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
lines, cond = [], threading.Condition()
def pump():
    for line in child.stdout:
        with cond:
            lines.append(line.rstrip("\n"))
            cond.notify_all()
threading.Thread(target=pump, daemon=True).start()
def next_rebuilt(start):
    with cond:
        ok = cond.wait_for(lambda: any("rebuilt snail" in l for l in lines[start:]), timeout=30)
        if not ok:
            sys.exit("no rebuild within 30 s:\n" + "\n".join(lines))
        return next(l for l in lines[start:] if "rebuilt snail" in l), len(lines)
try:
    first, seen = next_rebuilt(0)
    print(lines[0]); print(first)
    text = open(motion).read()
    key = '{ "t": 0.6, "v": [1.1], "ease": "squish" }'
    assert key in text, "the crawl key this script edits is not in motion.json"
    reported, building, outside = [], [], []
    for i in range(edits):
        time.sleep(0.3)  # let the previous batch settle; not part of any figure
        before = open(out, "rb").read()
        edited = text.replace(key, key.replace("1.1", f"{1.1 + (i + 1) / 1000:.3f}"), 1)
        t0 = time.perf_counter()
        with open(motion, "w") as f:
            f.write(edited)
        while True:
            try:
                if open(out, "rb").read() != before:
                    break
            except OSError:
                pass
            time.sleep(0.0005)
        outside.append((time.perf_counter() - t0) * 1e3)
        line, seen = next_rebuilt(seen)
        m = re.search(r"— ([\d.]+) ms from the event to the written output \(([\d.]+) ms batching, ([\d.]+) ms building\)", line)
        if not m:
            sys.exit("unexpected line: " + line)
        reported.append(float(m.group(1))); building.append(float(m.group(3)))
    print(line)
    med = statistics.median
    print(f"{edits} edits of gallery/snail/motion.json, debounce {debounce} ms (medians):")
    print(f"  rigc, event -> written output, window included:  {med(reported):7.1f} ms")
    print(f"  rigc, batch dispatched -> written output:         {med(building):7.1f} ms  (window excluded)")
    print(f"  outside, write -> new skeleton.json on disk:      {med(outside):7.1f} ms")
finally:
    child.send_signal(2)
    child.wait(timeout=30)
PY
