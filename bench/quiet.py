"""The benches' guard against a shared machine (imported by bench/buildsystem.sh and
bench/remote_cache.sh): how much CPU every process has used, and a wait until the
others are quiet, so a build timed beside someone's busy core does not measure them.
"""
import os
import sys
import time

HZ = os.sysconf("SC_CLK_TCK")


def busy_seconds():
    """CPU seconds every process on the machine has used since boot (/proc/stat)."""
    f = [int(x) for x in open("/proc/stat").readline().split()[1:]]
    user, nice, system, idle, iowait, irq, softirq, steal = (f + [0] * 8)[:8]
    return (user + nice + system + irq + softirq + steal) / HZ


def wait_quiet(what, max_s):
    """Waits (up to max_s, or QUIET_WAIT seconds) until other processes use under
    0.15 of a core for 2 s. Returns the cores they used in the last sample."""
    max_s = float(os.environ.get("QUIET_WAIT", max_s))
    t0 = time.time()
    while True:
        b, w = busy_seconds(), time.perf_counter()
        time.sleep(2)
        cores = (busy_seconds() - b) / (time.perf_counter() - w)
        if cores < 0.15 or time.time() - t0 > max_s:
            if cores >= 0.15:
                print("  (%s: others still busy on %.2f cores after %.0f s; timing anyway)"
                      % (what, cores, max_s), file=sys.stderr)
            return cores
