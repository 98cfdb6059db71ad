#!/usr/bin/env bash
# The remote-cache bench of issue #18: N generated rigs (bench/gen_rigs.py, seed 1,
# the studio-example plugin loaded the way the gallery loads it), one nginx started
# the way the tests start it (tests/nginx.rs: a WebDAV root in the work directory,
# one process, 127.0.0.1 on a free port), and side by side in one run:
#
#   - local cold `rigc build --all` (fresh cache, no outputs, no remote cache);
#   - local no-op `rigc build --all` (warm cache, outputs written);
#   - the filling build: clone A's cold build with --remote-cache (it uploads);
#   - remote-filled cold `rigc build --all` of clone B (a copy of the project with a
#     fresh cache of its own and no outputs), every stage served by the server;
#
# and prints remote-filled / local no-op against the goal (<= 2), with the
# requests and bytes one remote-filled build costs the server (its access log).
# Wall times are whole processes, medians of COLD_RUNS cold and NOOP_RUNS no-op
# runs; one untimed run with --report first checks what each kind of build runs
# (cold: something; no-op and remote-filled: nothing, and remote hits > 0).
# Each timed batch prints the cores other processes used meanwhile (rigc and nginx
# left out) and the cores nginx itself used.
#
#   bench/remote_cache.sh [N]           (default: 100)
#
# Environment: COLD_RUNS (5), NOOP_RUNS (11), SEED (1), JOBS (rigc's default),
# KEEP=1 keeps the work directory, BENCH_DIR puts it somewhere else than a fresh
# mktemp -d, NGINX (the nginx binary; default: PATH, then /usr/sbin/nginx),
# QUIET_WAIT (60): before each timed batch the bench waits up to this many seconds
# for the rest of the machine to go idle (under 0.15 of a core for 2 s).
# Needs: python3, nginx with its WebDAV module (scripts/setup-nginx.sh).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
n="${1:-100}"
nginx="${NGINX:-$(command -v nginx || echo /usr/sbin/nginx)}"
[ -x "$nginx" ] || { echo "bench: nginx is not installed (run scripts/setup-nginx.sh)" >&2; exit 1; }

echo "bench: building release binaries" >&2
cargo build --release -q -p rigc -p rigc-studio-example

work="${BENCH_DIR:-$(mktemp -d)}"
if [ -z "${KEEP:-}" ] && [ -z "${BENCH_DIR:-}" ]; then trap 'rm -rf "$work"' EXIT; fi
echo "bench: work directory $work" >&2

python3 - "$root" "$work" "$nginx" "$n" <<'PY'
import json, os, shutil, socket, statistics, subprocess, sys, time, urllib.error, urllib.request
sys.path.insert(0, os.path.join(sys.argv[1], "bench"))
import quiet  # noqa: E402  (bench/quiet.py)
from quiet import HZ, busy_seconds  # noqa: E402

root, work, nginx, n = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
rigc = os.path.join(root, "target/release/rigc")
plugin = os.path.join(root, "target/release/librigc_studio_example.so")
cold_runs = int(os.environ.get("COLD_RUNS", "5"))
noop_runs = int(os.environ.get("NOOP_RUNS", "11"))
seed = os.environ.get("SEED", "1")
jobs = ["--jobs", os.environ["JOBS"]] if os.environ.get("JOBS") else []
# The variables that would point rigc elsewhere: the bench names its caches itself.
env = {k: v for k, v in os.environ.items() if not k.startswith("RIGC_REMOTE_CACHE") and k != "RIGC_CACHE_DIR"}


def wait_quiet(what):
    return quiet.wait_quiet(what, 60)


server = None  # the nginx process, once started


def server_seconds():
    """CPU seconds the nginx process has used (/proc/<pid>/stat utime + stime)."""
    if server is None:
        return 0.0
    try:
        f = open("/proc/%d/stat" % server.pid).read().rsplit(")", 1)[1].split()
        return (int(f[11]) + int(f[12])) / HZ
    except OSError:
        return 0.0


def run(cmd, cwd):
    """(wall seconds, cores the rest of the machine used meanwhile, stderr, cores
    nginx used meanwhile). "The rest" leaves out rigc and nginx: serving is part
    of what a remote-filled build costs, not a disturbance."""
    b = busy_seconds()
    s0 = server_seconds()
    t = time.perf_counter()
    p = subprocess.Popen(cmd, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    err = p.stderr.read()
    _, status, usage = os.wait4(p.pid, 0)
    wall = time.perf_counter() - t
    rc = os.waitstatus_to_exitcode(status)
    if rc != 0:
        sys.stderr.write(err.decode(errors="replace")[-4000:])
        raise SystemExit("bench: %s failed (exit %d)" % (" ".join(cmd[1:]), rc))
    served = server_seconds() - s0
    others = max(0.0, (busy_seconds() - b) - usage.ru_utime - usage.ru_stime - served) / wall
    return wall, others, err.decode(errors="replace"), served / wall


def med(runs):
    """The median of the runs other processes left alone (under 0.1 core), when
    at least half were; else of all."""
    clean = [w for w, o in runs if o < 0.1]
    return statistics.median(clean if len(clean) * 2 >= len(runs) else [w for w, _ in runs])


# ---------------------------------------------------------------- nginx
ngx = os.path.join(work, "nginx")
for d in ("root", "tmp"):
    os.makedirs(os.path.join(ngx, d), exist_ok=True)
s = socket.socket()
s.bind(("127.0.0.1", 0))
port = s.getsockname()[1]
s.close()
# The tests' configuration (tests/nginx.conf.in); the bench asks only its main location.
conf = open(os.path.join(root, "tests/nginx.conf.in")).read()
conf = conf.replace("@DIR@", ngx).replace("@PORT@", str(port)).replace("@TOKEN@", "bench-token")
open(os.path.join(ngx, "nginx.conf"), "w").write(conf)
server = subprocess.Popen([nginx, "-p", ngx, "-c", os.path.join(ngx, "nginx.conf"), "-e", os.path.join(ngx, "error.log")],
                          stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL)
url = "http://127.0.0.1:%d" % port
access = os.path.join(ngx, "access.log")


def log_lines():
    try:
        return open(access).read().splitlines()
    except OSError:
        return []


try:
    deadline = time.time() + 20
    while True:
        if server.poll() is not None:
            raise SystemExit("bench: nginx exited: " + open(os.path.join(ngx, "error.log")).read())
        try:
            urllib.request.urlopen(url + "/", timeout=1)
            break
        except urllib.error.HTTPError:
            break  # it answers
        except OSError:
            if time.time() > deadline:
                raise SystemExit("bench: nginx did not answer on %s" % url)
            time.sleep(0.05)
    print("bench: %s serving %s/root on %s" % (subprocess.run([nginx, "-v"], capture_output=True, text=True).stderr.strip(), ngx, url),
          file=sys.stderr)

    # ------------------------------------------------------------ the clones
    a = os.path.join(work, "a")
    subprocess.run([sys.executable, os.path.join(root, "bench/gen_rigs.py"), a, str(n), "--seed", seed, "--plugin", plugin],
                   check=True, stdout=sys.stderr)
    b = os.path.join(work, "b")
    shutil.copytree(a, b)
    fresh = iter(range(1, 10000))

    def fresh_start(proj):
        """A cache directory no build has used, and the outputs renamed away (not
        deleted: see bench/buildsystem.sh on ext4 and recently deleted inodes)."""
        k = next(fresh)
        out = os.path.join(proj, "out")
        if os.path.exists(out):
            os.rename(out, os.path.join(proj, "out.old%d" % k))
        return os.path.join(proj, "cache.%d" % k)

    def report(proj, cache, extra):
        path = os.path.join(proj, "report.json")
        run([rigc, "build", "--all", "--cache-dir", cache, "--report", path] + jobs + extra, proj)
        doc = json.load(open(path))
        targets = doc["targets"]
        if sum(t["verdict"] == "green" for t in targets) != len(targets):
            raise SystemExit("bench: a target is not green")
        return doc, sum(st["ran"] for t in targets for st in t["stages"])

    def empty_server():
        """The server's root renamed away and made again: the next build fills it."""
        r = os.path.join(ngx, "root")
        os.rename(r, os.path.join(ngx, "root.old%d" % next(fresh)))
        os.mkdir(r)

    def timed(label, proj, runs, extra, cold, before=None):
        walls, nginx_cores = [], []
        cache = None
        if not cold:
            wait_quiet(label)
        for _ in range(runs):
            if before:
                before()
            if cold:
                cache = fresh_start(proj)
                subprocess.run(["sync"])
                wait_quiet(label)
            w, others, _, served = run([rigc, "build", "--all", "--cache-dir", cache or warm] + jobs + extra, proj)
            walls.append((w, others))
            nginx_cores.append(served)
        figure = med(walls)
        print("  %-28s median %8.1f ms of %d (others meanwhile: %.2f cores at most; nginx %.2f cores at most)"
              % (label, figure * 1e3, runs, max(o for _, o in walls), max(nginx_cores)), file=sys.stderr)
        return figure

    print("bench: %d rigs, local cold builds" % n, file=sys.stderr)
    doc, ran = report(a, fresh_start(a), [])
    if not ran:
        raise SystemExit("bench: the cold build ran nothing")
    cold = timed("local cold", a, cold_runs, [], True)

    print("bench: %d rigs, local no-op builds" % n, file=sys.stderr)
    warm = fresh_start(a)
    run([rigc, "build", "--all", "--cache-dir", warm] + jobs, a)
    doc, ran = report(a, warm, [])
    if ran:
        raise SystemExit("bench: the no-op build ran %d stage(s)" % ran)
    noop = timed("local no-op", a, noop_runs, [], False)

    print("bench: %d rigs, filling the server (clone A, cold, uploading)" % n, file=sys.stderr)
    before = len(log_lines())
    doc, ran = report(a, fresh_start(a), ["--remote-cache", url])
    fill_log = log_lines()[before:]
    uploads = doc["summary"].get("uploads")
    if not uploads:
        raise SystemExit("bench: the filling build uploaded nothing: %s" % json.dumps(doc["summary"]))
    fill = timed("cold, uploading (clone A)", a, cold_runs, ["--remote-cache", url], True, empty_server)

    print("bench: %d rigs, remote-filled cold builds (clone B)" % n, file=sys.stderr)
    before = len(log_lines())
    doc, ran = report(b, fresh_start(b), ["--remote-cache", url])
    served_log = log_lines()[before:]
    summary = doc["summary"]
    if ran or not summary.get("remoteHits"):
        raise SystemExit("bench: the remote-filled build ran %d stage(s), summary %s" % (ran, json.dumps(summary)))
    remote = timed("remote-filled cold (clone B)", b, cold_runs, ["--remote-cache", url], True)
    files = sum(len(fs) for _, _, fs in os.walk(os.path.join(ngx, "root")))
    size = sum(os.path.getsize(os.path.join(d, f)) for d, _, fs in os.walk(os.path.join(ngx, "root")) for f in fs)
finally:
    server.kill()
    server.wait()


def traffic(lines):
    methods = {}
    down = 0
    for line in lines:
        f = line.split()
        methods[(f[0], f[2])] = methods.get((f[0], f[2]), 0) + 1
        down += int(f[4])
    parts = ", ".join("%d %s %s" % (c, m, s) for (m, s), c in sorted(methods.items()))
    return "%d requests (%s), %.1f MB served" % (len(lines), parts, down / 1e6)


print()
print("rigc remote-cache bench: %d rigs, %d cores, %s, nginx on 127.0.0.1; load average now %.2f %.2f %.2f"
      % ((n, os.cpu_count(), time.strftime("%Y-%m-%d %H:%M")) + os.getloadavg()))
print("medians: cold of %d runs, no-op of %d runs; wall clock of whole processes%s"
      % (cold_runs, noop_runs, " (--jobs %s)" % jobs[1] if jobs else ""))
print()
print("  local cold build --all              %9.1f ms" % (cold * 1e3))
print("  local no-op build --all             %9.1f ms" % (noop * 1e3))
print("  cold build --all, uploading         %9.1f ms   (clone A filling the server)" % (fill * 1e3))
print("  remote-filled cold build --all      %9.1f ms   (clone B: no stage ran, %d remote hits)" % (remote * 1e3, summary["remoteHits"]))
ratio = remote / noop
print("  remote-filled / local no-op         %9.2f      goal <= 2     %s" % (ratio, "meets" if ratio <= 2 else "MISSES"))
print("  remote-filled / local cold          %9.2f" % (remote / cold))
print()
print("  server: %d files, %.1f MB after filling" % (files, size / 1e6))
print("  filling build:        %s" % traffic(fill_log))
print("  remote-filled build:  %s" % traffic(served_log))
PY
