//! The remote cache against a real nginx (`tests/nginx.rs`): copies of the
//! gallery project ("clones", each with its own local cache) sharing only the
//! server. One clone's uploads serve another's whole build; shards built at
//! once fill it for a third; a corrupt blob and a swapped action entry on the
//! server are named and rebuilt; a server that is down, stops mid-build,
//! answers 503 or never answers (a bare listener, the one server here that is
//! not nginx) costs one warning and a local green build; read-only mode
//! uploads nothing; the token travels as a bearer header and is never printed;
//! a server answering garbage is named no more than a flood of one code is,
//! then left alone; a hostile server (`hostile`, hand-written) answering a
//! seeded share of requests with every kind of bad answer never decides a
//! build, and each bad answer is counted.
//! What ran and what was served is read from each build's `--report`.

mod access;
mod faults;
mod hostile;
mod sharing;

use crate::nginx::Nginx;
use crate::util::{self, Project, Run};
use serde_json::Value;
use std::collections::BTreeMap;
use std::process::{Child, Command, Stdio};
use std::sync::OnceLock;

/// The warning of a server that cannot be used (down, timing out, 5xx).
pub(super) const UNAVAILABLE: &str = "cache.remote-unavailable";
/// The refusal of a remote blob or action entry that does not check.
pub(super) const CORRUPT: &str = "cache.remote-corrupt";

/// A fresh copy of the gallery project ("a clone", `util::gallery_project`):
/// its cache is its own.
pub(super) fn clone() -> Project {
    util::gallery_project()
}

/// A clone whose rigc.toml names the remote cache (`[project] remote_cache`).
pub(super) fn clone_configured(url: &str) -> Project {
    let p = clone();
    let toml = p.read("rigc.toml");
    assert!(toml.contains("[project]\n"), "{toml}");
    p.write(
        "rigc.toml",
        toml.replacen(
            "[project]\n",
            &format!("[project]\nremote_cache = \"{url}\"\n"),
            1,
        ),
    );
    p
}

/// `rigc args…` in `p` with exactly the remote-cache environment `env`.
pub(super) fn command(p: &Project, args: &[&str], env: &[(&str, &str)]) -> Command {
    let mut cmd = util::rigc_command();
    cmd.args(args)
        .current_dir(p.path())
        .env_remove("RIGC_CACHE_DIR");
    for (k, v) in env {
        cmd.env(k, v);
    }
    cmd
}

pub(super) fn describe(args: &[&str], env: &[(&str, &str)]) -> String {
    let env: Vec<String> = env.iter().map(|(k, v)| format!("{k}={v}")).collect();
    format!("{} rigc {}", env.join(" "), args.join(" "))
}

/// A finished run as the harness reports it.
pub(super) fn run(p: &Project, args: &[&str], env: &[(&str, &str)]) -> Run {
    let out = command(p, args, env).output().expect("rigc runs");
    Run {
        cmd: describe(args, env),
        cwd: p.path().to_path_buf(),
        code: out.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

/// `build --all --report report.json extra…`, green, and its report.
pub(super) fn build(p: &Project, extra: &[&str], env: &[(&str, &str)]) -> (Run, Value) {
    let mut args = vec!["build", "--all", "--report", "report.json"];
    args.extend_from_slice(extra);
    let r = run(p, &args, env);
    r.green();
    let report = serde_json::from_str(&p.read("report.json"))
        .unwrap_or_else(|e| panic!("report.json: {e}{}", r.dump()));
    (r, report)
}

/// The same, started in the background (output into `<p>/run.stdout|stderr`).
pub(super) fn spawn(p: &Project, extra: &[&str], env: &[(&str, &str)]) -> Child {
    let mut args = vec!["build", "--all", "--report", "report.json"];
    args.extend_from_slice(extra);
    let file = |name: &str| std::fs::File::create(p.path().join(name)).expect("output file");
    command(p, &args, env)
        .stdout(Stdio::from(file("run.stdout")))
        .stderr(Stdio::from(file("run.stderr")))
        .spawn()
        .expect("rigc runs")
}

/// A spawned build waited for: green, and its report.
pub(super) fn finish(p: &Project, mut child: Child, what: &str) -> (Run, Value) {
    let status = child.wait().expect("rigc exits");
    let read = |name: &str| std::fs::read_to_string(p.path().join(name)).unwrap_or_default();
    let r = Run {
        cmd: what.to_string(),
        cwd: p.path().to_path_buf(),
        code: status.code().unwrap_or(-1),
        stdout: read("run.stdout"),
        stderr: read("run.stderr"),
    };
    r.green();
    let report = serde_json::from_str(&p.read("report.json"))
        .unwrap_or_else(|e| panic!("report.json: {e}{}", r.dump()));
    (r, report)
}

/// Every stage entry of every target: (target, stage, ran, from).
pub(super) fn stages(report: &Value) -> Vec<(String, String, bool, Option<String>)> {
    let mut out = Vec::new();
    for t in report["targets"].as_array().expect("targets") {
        for s in t["stages"].as_array().expect("stages") {
            out.push((
                t["name"].as_str().unwrap_or("?").to_string(),
                s["stage"].as_str().unwrap_or("?").to_string(),
                s["ran"] == true,
                s["from"].as_str().map(String::from),
            ));
        }
    }
    out
}

/// The stages that ran, as `target/stage`.
pub(super) fn ran(report: &Value) -> Vec<String> {
    stages(report)
        .into_iter()
        .filter(|s| s.2)
        .map(|(t, s, _, _)| format!("{t}/{s}"))
        .collect()
}

/// A summary count of the report (`remoteHits`, `uploads`, …).
pub(super) fn count(report: &Value, field: &str) -> u64 {
    report["summary"][field].as_u64().unwrap_or_else(|| {
        panic!(
            "the report's summary has no count {field:?}: {:#}",
            report["summary"]
        )
    })
}

/// The outputs a build wrote, as blake3 digests by path (gallery/<rig>/build/…).
pub(super) fn outputs(p: &Project) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    for f in util::walk(&p.path().join("gallery")) {
        let rel = f
            .strip_prefix(p.path())
            .unwrap()
            .to_string_lossy()
            .into_owned();
        if f.is_file() && rel.split('/').nth(2) == Some("build") {
            out.insert(
                rel,
                blake3::hash(&std::fs::read(&f).unwrap())
                    .to_hex()
                    .to_string(),
            );
        }
    }
    out
}

/// What a local build of the gallery (no remote cache) writes, built once.
pub(super) fn local_outputs() -> &'static BTreeMap<String, String> {
    static LOCAL: OnceLock<BTreeMap<String, String>> = OnceLock::new();
    LOCAL.get_or_init(|| {
        let p = clone();
        let (_, report) = build(&p, &[], &[]);
        assert!(!ran(&report).is_empty());
        let out = outputs(&p);
        assert!(out.keys().any(|k| k.ends_with("skeleton.json")), "{out:?}");
        out
    })
}

/// How many times `code` is named in the run's output.
pub(super) fn named(r: &Run, code: &str) -> usize {
    r.stdout.matches(code).count() + r.stderr.matches(code).count()
}

/// Asserts the remote cache was used cleanly: no warning, nothing rejected.
pub(super) fn clean(r: &Run, report: &Value) {
    assert_eq!(named(r, UNAVAILABLE), 0, "{}", r.dump());
    assert_eq!(named(r, CORRUPT), 0, "{}", r.dump());
    assert_eq!(count(report, "remoteErrors"), 0, "{report:#}");
    assert_eq!(count(report, "remoteRejected"), 0, "{report:#}");
}

/// The outputs are removed, so a build cannot replay its trace and must look
/// every stage up.
pub(super) fn remove_outputs(p: &Project) {
    for rig in ["snail", "angler", "owl"] {
        let _ = std::fs::remove_dir_all(p.path().join(format!("gallery/{rig}/build")));
    }
}

/// A built clone `a` has filled `server`; returns a's outputs.
pub(super) fn filled(server: &Nginx) -> BTreeMap<String, String> {
    let a = clone();
    let (r, report) = build(&a, &["--remote-cache", &server.url()], &[]);
    clean(&r, &report);
    assert!(count(&report, "uploads") > 0);
    outputs(&a)
}

/// `build --all` with `extra` and `env`, served whole from the caches: clean,
/// nothing ran.
pub(super) fn served_whole(p: &Project, extra: &[&str], env: &[(&str, &str)]) -> (Run, Value) {
    let (r, report) = build(p, extra, env);
    clean(&r, &report);
    assert_eq!(ran(&report), Vec::<String>::new(), "{}", r.dump());
    (r, report)
}
