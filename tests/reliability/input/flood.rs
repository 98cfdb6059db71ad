//! Item 6: a one-line array of N zeros in a motion track — each element a
//! refused key — used to print 873 MB at N = 30,000 and to be killed at 24 GB
//! at N = 1,000,000. Now the first 50 of a code in a file are printed, then
//! `… and N more of the same code`; a long line is shown as a window; and
//! memory is the file's JSON tree (48 bytes a value) plus what does not grow
//! with N. The peak RSS is read from the child's `/proc/<pid>/status`.

use crate::fixture;
use crate::util::{self, Project};
use std::path::Path;
use std::process::Stdio;
use std::time::{Duration, Instant};

/// The peak RSS allowed at N = 1,000,000 zeros (a 3 MB file): its tree is
/// 48 MB (48 bytes a value, `rigc_diag::json`'s size test), its text 3 MB, the
/// process itself about 15 MB; twice that leaves the allocator its slack.
const PEAK_BOUND_KB: u64 = 128 * 1024;

/// Where the run is stopped instead of being let grow (the code before the fix
/// reached 24 GB at this N).
const KILL_AT_KB: u64 = 1024 * 1024;

/// What a polled run of `rigc` did: its exit, its peak RSS (VmHWM, KiB), its
/// stderr, and whether it was stopped for passing [`KILL_AT_KB`].
struct Polled {
    code: Option<i32>,
    peak_kb: u64,
    stderr: String,
    killed: bool,
}

fn status_kb(status: &str, field: &str) -> Option<u64> {
    status
        .lines()
        .find_map(|l| l.strip_prefix(field))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
}

/// Runs `rigc args` in `dir`, polling its memory every 2 ms.
fn polled(dir: &Path, args: &[&str]) -> Polled {
    let err = dir.join("stderr.txt");
    let mut child = util::rigc_command()
        .args(args)
        .current_dir(dir)
        .stdout(Stdio::null())
        .stderr(std::fs::File::create(&err).expect("stderr file"))
        .spawn()
        .expect("rigc runs");
    let proc_status = format!("/proc/{}/status", child.id());
    let (mut peak_kb, mut killed) = (0, false);
    let started = Instant::now();
    let code = loop {
        if let Some(status) = child.try_wait().expect("wait") {
            break status.code();
        }
        if let Ok(s) = std::fs::read_to_string(&proc_status) {
            peak_kb = peak_kb.max(status_kb(&s, "VmHWM:").unwrap_or(0));
            if status_kb(&s, "VmRSS:").unwrap_or(0) > KILL_AT_KB
                || started.elapsed() > Duration::from_secs(120)
            {
                killed = true;
                let _ = child.kill();
            }
        }
        std::thread::sleep(Duration::from_millis(2));
    };
    Polled {
        code,
        peak_kb,
        stderr: std::fs::read_to_string(&err).unwrap_or_default(),
        killed,
    }
}

/// walk with its first track's keys replaced by `n` zeros, on one line.
fn flooded(n: usize) -> (Project, String) {
    let p = Project::new();
    p.copy_dir(&util::shared().join("reference/rigc-gallery/walk"), ".");
    let mut m: serde_json::Value = serde_json::from_str(&p.read("motion.json")).expect("JSON");
    m["animations"]["walk"]["tracks"][0]["keys"] = serde_json::Value::Array(vec![0.into(); n]);
    let text = serde_json::to_string(&m).expect("JSON");
    p.write("motion.json", &text);
    (p, text)
}

#[test]
fn a_million_refused_keys_print_fifty_in_flat_memory() {
    let n = 1_000_000;
    let (p, text) = flooded(n);
    let started = Instant::now();
    let run = polled(p.path(), &fixture::args("out", &[]));
    let secs = started.elapsed().as_secs_f64();
    eprintln!(
        "flood N={n} ({} bytes): peak RSS {} KiB (bound {PEAK_BOUND_KB}), {} bytes of stderr, {secs:.1} s",
        text.len(),
        run.peak_kb,
        run.stderr.len()
    );
    assert!(!run.killed, "stopped at {} KiB RSS", run.peak_kb);
    assert_eq!(run.code, Some(1));
    assert!(run.peak_kb > 0, "no RSS was read");
    assert!(
        run.peak_kb < PEAK_BOUND_KB,
        "peak RSS {} KiB, bound {PEAK_BOUND_KB}",
        run.peak_kb
    );
    assert!(
        run.stderr.len() < 64 * 1024,
        "{} bytes of stderr",
        run.stderr.len()
    );
    let code = "= code: motion.key.shape";
    assert_eq!(
        run.stderr.matches(code).count(),
        50,
        "{}",
        &run.stderr[..2000]
    );
    assert!(
        run.stderr.trim_end().ends_with(&format!(
            "… and {} more of the same code (motion.key.shape) in motion.json",
            n - 50
        )),
        "{}",
        &run.stderr[run.stderr.len().saturating_sub(2000)..]
    );
    // The first refusal is at the first zero; its line is shown as a window.
    let first = text.find("\"keys\":[0").expect("the keys") + "\"keys\":[".len();
    let (line, col) = super::line_col(&text, first);
    assert!(
        run.stderr.contains(&format!(
            "--> motion.json:{line}:{col} at /animations/walk/tracks/0/keys/0"
        )),
        "{}",
        &run.stderr[..2000]
    );
    for l in run.stderr.lines().filter(|l| l.starts_with(" 1 | ")) {
        assert!(
            l.chars().count() <= 6 + 162,
            "a source line of {} chars",
            l.chars().count()
        );
    }
    assert!(!p.exists("out"));
}

/// The same cap under `--message-format json`: 50 diagnostics, then one object
/// counting the rest; `--all-diagnostics` prints every one kept (10000).
#[test]
fn the_cap_holds_in_json_unless_all_diagnostics() {
    let n = 100_000;
    let (p, _) = flooded(n);
    for (all, shown) in [(false, 50), (true, 10_000)] {
        let mut args = fixture::args("out", &[]);
        args.extend(["--message-format", "json"]);
        if all {
            args.push("--all-diagnostics");
        }
        let run = polled(p.path(), &args);
        assert_eq!(run.code, Some(1));
        let lines: Vec<serde_json::Value> = run
            .stderr
            .lines()
            .filter(|l| l.starts_with('{'))
            .map(|l| serde_json::from_str(l).expect("a JSON line"))
            .collect();
        let diagnostics = lines.iter().filter(|l| l["type"] == "diagnostic").count();
        let omitted: Vec<&serde_json::Value> =
            lines.iter().filter(|l| l["type"] == "omitted").collect();
        assert_eq!(diagnostics, shown, "all={all}");
        assert_eq!(omitted.len(), 1, "all={all}");
        assert_eq!(omitted[0]["count"], n - shown, "all={all}");
        assert_eq!(omitted[0]["code"], "motion.key.shape");
        assert_eq!(omitted[0]["file"], "motion.json");
    }
}
