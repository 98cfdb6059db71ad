#!/usr/bin/env bash
# The build-system bench of issue #3 ("Speed"), in one go, for N = 100 and 1000
# generated rigs (bench/gen_rigs.py, seed 1, with the studio-example plugin loaded
# the way the gallery loads it):
#
#   - cold `rigc build --all` (fresh cache, no outputs) with --jobs 1 and --jobs 2;
#   - no-op `rigc build --all` (warm cache, outputs already written);
#   - the floor: reading and blake3-ing every input byte once, in process
#     (`cargo bench -p rigc --bench inputs`, host/benches/inputs.rs);
#   - peak RSS of the cold builds (the kernel's ru_maxrss of the rigc process);
#   - watch latency, motion edit -> written output, if `rigc watch` exists;
#
# and prints each figure with its ratio against the issue's goal:
#   no-op / floor <= 2,  cold jobs2 / jobs1 <= 0.55,  peak RSS (1000) <= 150 MB,
#   watch latency median <= 25 ms (after the debounce).
#
# Wall times are whole processes (start to exit), the median of COLD_RUNS cold and
# NOOP_RUNS no-op runs. Usage:
#
#   bench/buildsystem.sh [N ...]        (default: 100 1000)
#
# Environment: COLD_RUNS (3), NOOP_RUNS (11), SEED (1), KEEP=1 keeps the work
# directory, BENCH_DIR puts it somewhere else than a fresh mktemp -d,
# WATCH_CMD overrides the watch command (default: `rigc watch <target>`),
# WATCH_DEBOUNCE_MS is passed as --debounce and subtracted from the watch latency
# (default 30, rigc watch's own default),
# QUIET_WAIT (180): before each cold run and each batch of no-op runs the bench
# waits up to this many seconds for the rest of the machine to go idle (under
# 0.15 of a core for 2 s), and it prints how many cores other processes used
# during each timed run — on a shared 2-core machine one busy neighbour halves
# what --jobs 2 can show.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(100 1000)

echo "bench: building release binaries" >&2
cargo build --release -q -p rigc -p rigc-studio-example
inputs_bin="$(cargo bench -q -p rigc --bench inputs --no-run --message-format=json 2>/dev/null |
  python3 -c 'import json,sys
for l in sys.stdin:
    m=json.loads(l)
    if m.get("reason")=="compiler-artifact" and m["target"]["name"]=="inputs" and m.get("executable"): print(m["executable"])' | tail -1)"
[ -x "$inputs_bin" ] || { echo "bench: could not build the inputs bench" >&2; exit 1; }

work="${BENCH_DIR:-$(mktemp -d)}"
if [ -z "${KEEP:-}" ] && [ -z "${BENCH_DIR:-}" ]; then trap 'rm -rf "$work"' EXIT; fi
echo "bench: work directory $work" >&2

python3 - "$root" "$work" "$inputs_bin" "${sizes[@]}" <<'PY'
import json, os, statistics, subprocess, sys, time
sys.path.insert(0, os.path.join(sys.argv[1], "bench"))
import quiet  # noqa: E402  (bench/quiet.py)
from quiet import HZ, busy_seconds  # noqa: E402

root, work, inputs_bin = sys.argv[1], sys.argv[2], sys.argv[3]
sizes = [int(n) for n in sys.argv[4:]]
rigc = os.path.join(root, "target/release/rigc")
plugin = os.path.join(root, "target/release/librigc_studio_example.so")
cold_runs = int(os.environ.get("COLD_RUNS", "3"))
noop_runs = int(os.environ.get("NOOP_RUNS", "11"))
seed = os.environ.get("SEED", "1")
cores = os.cpu_count()
cache = None




def wait_quiet(what):
    return quiet.wait_quiet(what, 180)


def run(cmd, cwd):
    """Runs cmd; returns (wall seconds, peak RSS in bytes, exit code, (user, system) CPU
    seconds, cores the rest of the machine used meanwhile)."""
    b = busy_seconds()
    t = time.perf_counter()
    p = subprocess.Popen(cmd, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    err = p.stderr.read()
    _, status, usage = os.wait4(p.pid, 0)
    wall = time.perf_counter() - t
    p.returncode = os.waitstatus_to_exitcode(status)
    if p.returncode != 0:
        sys.stderr.write(err.decode(errors="replace")[-4000:])
    others = max(0.0, (busy_seconds() - b) - usage.ru_utime - usage.ru_stime) / wall
    return wall, usage.ru_maxrss * 1024, p.returncode, (usage.ru_utime, usage.ru_stime), others


def loadavg():
    text = "%.2f %.2f %.2f" % os.getloadavg()
    try:  # how much runnable work waited for a core, the last 10 s (PSI)
        some = open("/proc/pressure/cpu").read().split()[1]
        text += ", cpu pressure " + some
    except OSError:
        pass
    return text


def check_report(path, want_ran):
    doc = json.load(open(path))
    targets = doc["targets"]
    green = sum(t["verdict"] == "green" for t in targets)
    ran = sum(s["ran"] for t in targets for s in t["stages"])
    if green != len(targets):
        raise SystemExit("bench: %d of %d targets are not green" % (len(targets) - green, len(targets)))
    if want_ran is False and ran:
        raise SystemExit("bench: the no-op build ran %d stage(s)" % ran)
    if want_ran is True and not ran:
        raise SystemExit("bench: the cold build ran nothing")


def med(xs):
    return statistics.median(xs)


def verdict(ok):
    return "meets" if ok else "MISSES"


results = {}
for n in sizes:
    proj = os.path.join(work, "p%d" % n)
    subprocess.run([sys.executable, os.path.join(root, "bench/gen_rigs.py"), proj, str(n),
                    "--seed", seed, "--plugin", plugin], check=True, stdout=sys.stderr)
    out = os.path.join(proj, "out")
    report = os.path.join(proj, "report.json")
    r = {"n": n}
    fresh = iter(range(1, 1000))

    def cold(jobs):
        # Every cold run gets a cache directory of its own, and the previous
        # outputs are renamed away, not deleted: creating tens of thousands of
        # files right after deleting as many makes ext4's inode allocator skip
        # every recently deleted inode one by one (recently_deleted() in
        # perf), which swung the same cold build between 2 and 17 s. A fresh
        # clone's first build does not pay that, so the bench does not either;
        # everything is deleted when the script ends. (Another process deleting
        # many files on the same file system brings it back: see the system
        # time of the runs.)
        global cache
        k = next(fresh)
        cache = os.path.join(proj, "cache.cold%d" % k)
        if os.path.exists(out):
            os.rename(out, os.path.join(proj, "out.old%d" % k))
        subprocess.run(["sync"])
        wait_quiet("cold --jobs %d" % jobs)
        # No --report on timed runs (writing it is a cost of its own); exit 0
        # means every target is green.
        w, m, rc, cpu, others = run([rigc, "build", "--all", "--jobs", str(jobs), "--cache-dir", cache], proj)
        if rc != 0:
            raise SystemExit("bench: cold build of %d rigs failed (exit %d)" % (n, rc))
        print("  cold --jobs %d: %.3f s (user %.2f s, system %.2f s), peak RSS %.1f MB; "
              "other processes meanwhile: %.2f cores (load %s)"
              % (jobs, w, cpu[0], cpu[1], m / 1e6, others, loadavg()), file=sys.stderr)
        r.setdefault("others", []).append(others)
        return w, m, others

    print("bench: %d rigs, cold builds (--jobs 1 and 2 interleaved)" % n, file=sys.stderr)
    runs = {1: [], 2: []}
    for _ in range(cold_runs):
        for jobs in (1, 2):
            runs[jobs].append(cold(jobs))
    # The figures are the medians of the runs the rest of the machine left alone
    # (other processes under 0.1 of a core), when each --jobs has one; else of all.
    for jobs in (1, 2):
        clean = [w for w, _, o in runs[jobs] if o < 0.1]
        r["cold%d" % jobs] = med(clean or [w for w, _, _ in runs[jobs]])
        r["clean%d" % jobs] = len(clean)
        r["rss%d" % jobs] = max(m for _, m, _ in runs[jobs])
    # The outputs of the last cold build are on disk and the cache is warm: one
    # untimed no-op with --report checks that nothing runs, then the timed ones.
    print("bench: %d rigs, no-op builds" % n, file=sys.stderr)
    _, _, rc, _, _ = run([rigc, "build", "--all", "--cache-dir", cache, "--report", report], proj)
    if rc != 0:
        raise SystemExit("bench: no-op build failed")
    check_report(report, False)
    noop = {}
    for jobs in (1, None):  # --jobs 1, and the default (one per core)
        walls = []
        flag = ["--jobs", str(jobs)] if jobs else []
        wait_quiet("no-op")
        for k in range(noop_runs):
            w, m, rc, _, others = run([rigc, "build", "--all"] + flag + ["--cache-dir", cache], proj)
            if rc != 0:
                raise SystemExit("bench: no-op build failed")
            walls.append((w, others))
            r.setdefault("others", []).append(others)
        clean = [w for w, o in walls if o < 0.1]
        noop[jobs] = med(clean if len(clean) * 2 >= len(walls) else [w for w, _ in walls])
        print("  no-op --jobs %s: median %.1f ms of %d (load %s)" % (jobs or "default", noop[jobs] * 1e3, noop_runs, loadavg()),
              file=sys.stderr)
    r["noop1"], r["noop_default"] = noop[1], noop[None]
    r["cache"] = cache
    line = subprocess.run([inputs_bin, proj, "--runs", "21"], check=True, capture_output=True,
                          text=True).stdout.strip().splitlines()[-1]
    fields = dict(kv.split("=") for kv in line.split()[1:])
    r["files"], r["bytes"] = int(fields["files"]), int(fields["bytes"])
    r["floor"] = float(fields["median_ms"]) / 1e3
    r["plugin_floor"] = float(fields["plugin_median_ms"]) / 1e3
    results[n] = r

# ---------------------------------------------------------------- watch latency
watch = None
probe = subprocess.run([rigc, "watch", "--help"], capture_output=True)
if probe.returncode == 0 and sizes:
    n = sizes[0]
    proj = os.path.join(work, "p%d" % n)
    target = None
    for name in sorted(os.listdir(os.path.join(proj, "rigs"))):
        rig = json.load(open(os.path.join(proj, "rigs", name, "rig.json")))
        if "portrait" in rig.get("note", ""):
            target = name
            break
    if target:
        debounce_ms = os.environ.get("WATCH_DEBOUNCE_MS", "30")
        cmd = os.environ.get("WATCH_CMD", "%s watch %s --debounce %s --cache-dir %s"
                             % (rigc, target, debounce_ms, results[n]["cache"]))
        motion_path = os.path.join(proj, "rigs", target, "motion.json")
        out_path = os.path.join(proj, "out", target, "skeleton.json")
        original = open(motion_path).read()
        proc = subprocess.Popen(cmd, shell=True, cwd=proj, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(1.0)
        lat = []
        try:
            for k in range(10):
                before = open(out_path, "rb").read()
                motion = json.loads(original)
                anim = next(iter(motion["animations"].values()))
                key = anim["tracks"][0]["keys"][0]
                key["v"] = [x + 0.25 * (k + 1) if isinstance(x, (int, float)) else x for x in key["v"]] \
                    if isinstance(key["v"], list) else key["v"]
                text = json.dumps(motion, indent=2) + "\n"
                t = time.perf_counter()
                with open(motion_path, "w") as f:
                    f.write(text)
                deadline = t + 10
                while time.perf_counter() < deadline:
                    try:
                        if open(out_path, "rb").read() != before:
                            break
                    except OSError:
                        pass
                    time.sleep(0.0005)
                else:
                    raise TimeoutError("no output change within 10 s")
                lat.append(time.perf_counter() - t)
                time.sleep(0.3)
        except Exception as e:  # the placeholder must not sink the other figures
            print("bench: watch measurement failed: %s" % e, file=sys.stderr)
        finally:
            proc.terminate()
            proc.wait()
            open(motion_path, "w").write(original)
        if len(lat) == 10:
            debounce = float(debounce_ms) / 1e3
            watch = (target, med(lat) - debounce, debounce)

# ---------------------------------------------------------------- report
print()
print("rigc build-system bench: %d cores, %s; load average now %s" % (cores, time.strftime("%Y-%m-%d %H:%M"), loadavg()))
print("medians: cold of %d runs (--jobs 1 and 2 interleaved), no-op of %d runs; wall clock of whole processes" % (cold_runs, noop_runs))
print()
for n, r in results.items():
    print("%d rigs (%d input files, %.1f MB)" % (n, r["files"], r["bytes"] / 1e6))
    print("  cold build --all --jobs 1        %9.3f s   (median of %s)"
          % (r["cold1"], "%d undisturbed runs" % r["clean1"] if r["clean1"] else "all runs: none was undisturbed"))
    print("  cold build --all --jobs 2        %9.3f s   (median of %s)"
          % (r["cold2"], "%d undisturbed runs" % r["clean2"] if r["clean2"] else "all runs: none was undisturbed"))
    ratio = r["cold2"] / r["cold1"]
    print("  cold jobs2 / jobs1               %9.3f     goal <= 0.55  %s" % (ratio, verdict(ratio <= 0.55)))
    print("  (other processes used %.2f cores on average during the timed runs, %.2f at most)"
          % (sum(r["others"]) / len(r["others"]), max(r["others"])))
    print("  no-op build --all --jobs 1       %9.1f ms" % (r["noop1"] * 1e3))
    print("  no-op build --all (%d jobs)       %9.1f ms" % (cores, r["noop_default"] * 1e3))
    print("  floor: read + blake3 every input %9.1f ms   (plugin library: %.1f ms more)" % (r["floor"] * 1e3, r["plugin_floor"] * 1e3))
    ratio = r["noop_default"] / r["floor"]
    print("  no-op / floor                    %9.2f     goal <= 2     %s" % (ratio, verdict(ratio <= 2)))
    print("  peak RSS, cold --jobs 1 / 2      %6.1f / %.1f MB%s" % (
        r["rss1"] / 1e6, r["rss2"] / 1e6,
        ("     goal <= 150 MB  %s" % verdict(max(r["rss1"], r["rss2"]) <= 150e6)) if n == 1000 else ""))
    print()
if watch:
    print("watch: motion edit -> written skeleton.json on %s (portrait-class), median of 10: %.1f ms "
          "(debounce %.0f ms subtracted)   goal <= 25 ms  %s" % (watch[0], watch[1] * 1e3, watch[2] * 1e3, verdict(watch[1] <= 0.025)))
else:
    print("watch: `rigc watch` is not in this build (or the measurement failed) — latency not measured")
PY
