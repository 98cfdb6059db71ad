//! The remote cache against a real nginx (`tests/nginx.rs`): copies of the
//! gallery project ("clones", each with its own local cache) sharing only the
//! server. One clone's uploads serve another's whole build; shards built at
//! once fill it for a third; a corrupt blob and a swapped action entry on the
//! server are named and rebuilt; a server that is down, stops mid-build,
//! answers 503 or never answers (a bare listener, the one server here that is
//! not nginx) costs one warning and a local green build; read-only mode
//! uploads nothing; the token travels as a bearer header and is never printed;
//! a server answering garbage is named no more than a flood of one code is,
//! then left alone.
//! What ran and what was served is read from each build's `--report`.

use crate::nginx::{Nginx, TOKEN};
use crate::util::{self, Project, Run};
use serde_json::Value;
use std::collections::BTreeMap;
use std::process::{Child, Command, Stdio};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

/// The warning of a server that cannot be used (down, timing out, 5xx).
const UNAVAILABLE: &str = "cache.remote-unavailable";
/// The refusal of a remote blob or action entry that does not check.
const CORRUPT: &str = "cache.remote-corrupt";

/// A fresh copy of the gallery project: its rigc.toml, its rigs (without their
/// build/), and the studio plugin where rigc.toml names it. Its cache is its own
/// (`cache/` inside it).
fn clone() -> Project {
    let p = Project::new();
    util::gallery_plugins();
    let ws = util::workspace();
    p.write(
        "rigc.toml",
        std::fs::read(ws.join("rigc.toml")).expect("rigc.toml"),
    );
    for rig in util::gallery_rigs() {
        let name = rig.file_name().unwrap().to_str().unwrap().to_string();
        p.copy_dir(&rig, &format!("gallery/{name}"));
        let _ = std::fs::remove_dir_all(p.path().join(format!("gallery/{name}/build")));
    }
    let plugin = "target/release/librigc_studio_example.so";
    p.write(
        plugin,
        std::fs::read(ws.join(plugin)).expect("the studio plugin"),
    );
    p
}

/// A clone whose rigc.toml names the remote cache (`[project] remote_cache`).
fn clone_configured(url: &str) -> Project {
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
fn command(p: &Project, args: &[&str], env: &[(&str, &str)]) -> Command {
    let mut cmd = util::rigc_command();
    cmd.args(args)
        .current_dir(p.path())
        .env_remove("RIGC_CACHE_DIR");
    for (k, v) in env {
        cmd.env(k, v);
    }
    cmd
}

fn describe(args: &[&str], env: &[(&str, &str)]) -> String {
    let env: Vec<String> = env.iter().map(|(k, v)| format!("{k}={v}")).collect();
    format!("{} rigc {}", env.join(" "), args.join(" "))
}

/// A finished run as the harness reports it.
fn run(p: &Project, args: &[&str], env: &[(&str, &str)]) -> Run {
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
fn build(p: &Project, extra: &[&str], env: &[(&str, &str)]) -> (Run, Value) {
    let mut args = vec!["build", "--all", "--report", "report.json"];
    args.extend_from_slice(extra);
    let r = run(p, &args, env);
    r.green();
    let report = serde_json::from_str(&p.read("report.json"))
        .unwrap_or_else(|e| panic!("report.json: {e}{}", r.dump()));
    (r, report)
}

/// The same, started in the background (output into `<p>/run.stdout|stderr`).
fn spawn(p: &Project, extra: &[&str], env: &[(&str, &str)]) -> Child {
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
fn finish(p: &Project, mut child: Child, what: &str) -> (Run, Value) {
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
fn stages(report: &Value) -> Vec<(String, String, bool, Option<String>)> {
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
fn ran(report: &Value) -> Vec<String> {
    stages(report)
        .into_iter()
        .filter(|s| s.2)
        .map(|(t, s, _, _)| format!("{t}/{s}"))
        .collect()
}

/// A summary count of the report (`remoteHits`, `uploads`, …).
fn count(report: &Value, field: &str) -> u64 {
    report["summary"][field].as_u64().unwrap_or_else(|| {
        panic!(
            "the report's summary has no count {field:?}: {:#}",
            report["summary"]
        )
    })
}

/// The outputs a build wrote, as blake3 digests by path (gallery/<rig>/build/…).
fn outputs(p: &Project) -> BTreeMap<String, String> {
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
fn local_outputs() -> &'static BTreeMap<String, String> {
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
fn named(r: &Run, code: &str) -> usize {
    r.stdout.matches(code).count() + r.stderr.matches(code).count()
}

/// Asserts the remote cache was used cleanly: no warning, nothing rejected.
fn clean(r: &Run, report: &Value) {
    assert_eq!(named(r, UNAVAILABLE), 0, "{}", r.dump());
    assert_eq!(named(r, CORRUPT), 0, "{}", r.dump());
    assert_eq!(count(report, "remoteErrors"), 0, "{report:#}");
    assert_eq!(count(report, "remoteRejected"), 0, "{report:#}");
}

/// The outputs are removed, so a build cannot replay its trace and must look
/// every stage up.
fn remove_outputs(p: &Project) {
    for rig in ["snail", "angler", "owl"] {
        let _ = std::fs::remove_dir_all(p.path().join(format!("gallery/{rig}/build")));
    }
}

#[test]
fn a_second_clone_is_served_by_the_first_clones_uploads() {
    let Some(server) =
        Nginx::start("remote_cache::a_second_clone_is_served_by_the_first_clones_uploads")
    else {
        return;
    };
    let url = server.url();
    let a = clone();
    let (r, first) = build(&a, &["--remote-cache", &url], &[]);
    clean(&r, &first);
    assert!(!ran(&first).is_empty(), "{first:#}");
    assert!(count(&first, "uploads") > 0, "{first:#}");
    assert_eq!(count(&first, "remoteHits"), 0, "{first:#}");
    assert!(
        !server.files("ac").is_empty() && !server.files("cas").is_empty(),
        "{}",
        server.access_log()
    );
    // Every blob on the server is named by its blake3.
    for f in server.files("cas") {
        let name = f.file_name().unwrap().to_str().unwrap().to_string();
        assert_eq!(name.len(), 64, "{}", f.display());
        assert_eq!(
            blake3::hash(&std::fs::read(&f).unwrap()).to_hex().as_str(),
            name
        );
    }
    assert_eq!(outputs(&a), *local_outputs());

    let b = clone();
    let (r, second) = build(&b, &["--remote-cache", &url], &[]);
    clean(&r, &second);
    assert_eq!(
        ran(&second),
        Vec::<String>::new(),
        "the second clone compiled{}",
        r.dump()
    );
    assert!(count(&second, "remoteHits") > 0, "{second:#}");
    assert_eq!(count(&second, "localHits"), 0, "{second:#}");
    assert_eq!(count(&second, "uploads"), 0, "{second:#}");
    for (t, s, _, from) in stages(&second) {
        assert_eq!(from.as_deref(), Some("remote"), "{t}/{s}{}", r.dump());
    }
    assert_eq!(
        outputs(&b),
        outputs(&a),
        "the remote-filled clone wrote other bytes"
    );
    r.stdout_has(&format!(
        "rigc: cache: 0 local hit(s), {} remote hit(s), 0 upload(s), 0 remote error(s) (remote {url})",
        count(&second, "remoteHits")
    ));
    assert_eq!(second["summary"]["remote"]["url"], url.as_str());
    assert_eq!(second["summary"]["remote"]["readOnly"], false);

    // The remote hits were written into b's local cache: with the server gone
    // and the outputs removed, b builds from its own cache alone.
    drop(server);
    remove_outputs(&b);
    let (r, third) = build(&b, &[], &[]);
    clean(&r, &third);
    assert_eq!(ran(&third), Vec::<String>::new(), "{}", r.dump());
    assert_eq!(count(&third, "remoteHits"), 0, "{third:#}");
    assert!(count(&third, "localHits") > 0, "{third:#}");
    for (t, s, _, from) in stages(&third) {
        assert_eq!(from.as_deref(), Some("local"), "{t}/{s}{}", r.dump());
    }
    assert_eq!(outputs(&b), outputs(&a));
}

#[test]
fn two_shards_built_at_once_fill_the_server_for_a_third_clone() {
    let Some(server) =
        Nginx::start("remote_cache::two_shards_built_at_once_fill_the_server_for_a_third_clone")
    else {
        return;
    };
    let url = server.url();
    let env = [("RIGC_REMOTE_CACHE", url.as_str())];
    let (one, two) = (clone(), clone());
    let x = spawn(&one, &["--shard", "1/2"], &env);
    let y = spawn(&two, &["--shard", "2/2"], &env);
    let (rx, first) = finish(&one, x, "RIGC_REMOTE_CACHE=… rigc build --all --shard 1/2");
    let (ry, second) = finish(&two, y, "RIGC_REMOTE_CACHE=… rigc build --all --shard 2/2");
    clean(&rx, &first);
    clean(&ry, &second);
    assert!(count(&first, "uploads") > 0 && count(&second, "uploads") > 0);
    let mut both = outputs(&one);
    both.extend(outputs(&two));
    assert_eq!(
        both,
        *local_outputs(),
        "the shards wrote other bytes or missed a target"
    );

    // The third clone names the server in its rigc.toml.
    let c = clone_configured(&url);
    let (r, third) = build(&c, &[], &[]);
    clean(&r, &third);
    assert_eq!(ran(&third), Vec::<String>::new(), "{}", r.dump());
    assert!(count(&third, "remoteHits") > 0, "{third:#}");
    assert_eq!(outputs(&c), both);
}

/// A built clone `a` has filled `server`; returns a's outputs.
fn filled(server: &Nginx) -> BTreeMap<String, String> {
    let a = clone();
    let (r, report) = build(&a, &["--remote-cache", &server.url()], &[]);
    clean(&r, &report);
    assert!(count(&report, "uploads") > 0);
    outputs(&a)
}

#[test]
fn a_corrupt_blob_on_the_server_is_named_and_its_stage_rebuilt() {
    let Some(server) =
        Nginx::start("remote_cache::a_corrupt_blob_on_the_server_is_named_and_its_stage_rebuilt")
    else {
        return;
    };
    let good = filled(&server);
    // One blob, a written output's if one is stored as a blob, else the
    // largest: a byte flipped, the size kept. (Every hit fetches its blob, so
    // it is read whichever stage it answers.)
    let written: Vec<String> = good.values().cloned().collect();
    let blobs = server.files("cas");
    let target = blobs
        .iter()
        .find(|f| written.iter().any(|h| f.ends_with(h)))
        .or_else(|| {
            blobs
                .iter()
                .max_by_key(|f| std::fs::metadata(f).map(|m| m.len()).unwrap_or(0))
        })
        .expect("a blob on the server")
        .clone();
    let targets = [target];
    for f in &targets {
        let mut bytes = std::fs::read(f).unwrap();
        let mid = bytes.len() / 2;
        bytes[mid] ^= 0x01;
        std::fs::write(f, bytes).unwrap();
    }
    let b = clone();
    let (r, report) = build(&b, &["--remote-cache", &server.url()], &[]);
    assert!(
        named(&r, CORRUPT) >= 1,
        "the corrupt blob was not named{}",
        r.dump()
    );
    let hash = targets[0].file_name().unwrap().to_str().unwrap();
    r.stderr_has(&format!("cache blob {hash}"))
        .stderr_has("do not hash to its name — ignored; the stage is rebuilt");
    assert_eq!(named(&r, UNAVAILABLE), 0, "{}", r.dump());
    assert!(
        count(&report, "remoteHits") > 0,
        "the other stages were not served{}",
        r.dump()
    );
    assert!(count(&report, "remoteRejected") >= 1, "{report:#}");
    assert!(!ran(&report).is_empty(), "nothing was rebuilt{}", r.dump());
    assert_eq!(outputs(&b), good, "a corrupt blob reached the outputs");
    // The rebuilt stages' uploads mended the server: its blobs hash to their
    // names again, and the next clone is served whole.
    for f in &targets {
        let name = f.file_name().unwrap().to_str().unwrap();
        assert_eq!(
            blake3::hash(&std::fs::read(f).unwrap()).to_hex().as_str(),
            name,
            "{} was not mended",
            f.display()
        );
    }
    let c = clone();
    let (r, report) = build(&c, &["--remote-cache", &server.url()], &[]);
    clean(&r, &report);
    assert_eq!(ran(&report), Vec::<String>::new(), "{}", r.dump());
    assert_eq!(outputs(&c), good);
}

#[test]
fn an_action_entry_replaced_by_another_keys_entry_is_named_and_rebuilt() {
    let Some(server) = Nginx::start(
        "remote_cache::an_action_entry_replaced_by_another_keys_entry_is_named_and_rebuilt",
    ) else {
        return;
    };
    let good = filled(&server);
    let entries = server.files("ac");
    assert!(entries.len() >= 2, "{entries:?}");
    // Two entries exchange their bytes: each is a well-formed entry, of the
    // other's key.
    let (x, y) = (&entries[0], &entries[entries.len() / 2]);
    let (bx, by) = (std::fs::read(x).unwrap(), std::fs::read(y).unwrap());
    assert_ne!(bx, by);
    std::fs::write(x, &by).unwrap();
    std::fs::write(y, &bx).unwrap();
    let b = clone();
    let (r, report) = build(&b, &["--remote-cache", &server.url()], &[]);
    assert_eq!(
        named(&r, CORRUPT),
        2,
        "both swapped entries are named{}",
        r.dump()
    );
    for f in [x, y] {
        let key = f.file_name().unwrap().to_str().unwrap();
        r.stderr_has(&format!("cache entry {key}"));
    }
    assert_eq!(named(&r, UNAVAILABLE), 0, "{}", r.dump());
    assert_eq!(count(&report, "remoteRejected"), 2, "{report:#}");
    assert!(
        count(&report, "remoteHits") > 0,
        "the other stages were not served{}",
        r.dump()
    );
    assert_eq!(
        ran(&report).len(),
        2,
        "exactly their two stages are rebuilt{}",
        r.dump()
    );
    assert!(!ran(&report).is_empty(), "nothing was rebuilt{}", r.dump());
    assert_eq!(outputs(&b), good);
    // The rebuilt stages' uploads put each key's own entry back.
    let c = clone();
    let (r, report) = build(&c, &["--remote-cache", &server.url()], &[]);
    clean(&r, &report);
    assert_eq!(ran(&report), Vec::<String>::new(), "{}", r.dump());
    assert_eq!(outputs(&c), good);
}

#[test]
fn a_server_that_is_down_costs_one_warning_and_the_build_is_local() {
    let Some(mut server) = Nginx::start(
        "remote_cache::a_server_that_is_down_costs_one_warning_and_the_build_is_local",
    ) else {
        return;
    };
    server.stop();
    let p = clone();
    let (r, report) = build(&p, &["--remote-cache", &server.url()], &[]);
    assert_eq!(
        named(&r, UNAVAILABLE),
        1,
        "one warning, whatever the number of stages{}",
        r.dump()
    );
    assert!(!ran(&report).is_empty());
    assert_eq!(count(&report, "remoteHits"), 0);
    assert_eq!(count(&report, "uploads"), 0);
    assert!(count(&report, "remoteErrors") >= 1, "{report:#}");
    assert_eq!(outputs(&p), *local_outputs());
}

#[test]
fn a_server_stopped_mid_build_costs_one_warning_and_the_build_ends_green() {
    let Some(mut server) = Nginx::start(
        "remote_cache::a_server_stopped_mid_build_costs_one_warning_and_the_build_ends_green",
    ) else {
        return;
    };
    let p = clone();
    let child = spawn(&p, &["--jobs", "1", "--remote-cache", &server.url()], &[]);
    // Stop the server once it has answered the build's first request: the
    // build has most of its stages (and all three targets' uploads) ahead.
    let deadline = Instant::now() + Duration::from_secs(120);
    while server.requests_now() < 1 {
        assert!(
            Instant::now() < deadline,
            "the build sent no request{}",
            server.error_log()
        );
        std::thread::sleep(Duration::from_millis(2));
    }
    server.stop();
    let served = server.access_log().lines().count();
    let (r, report) = finish(
        &p,
        child,
        "rigc build --all --jobs 1 --remote-cache … (server stopped mid-build)",
    );
    assert_eq!(
        named(&r, UNAVAILABLE),
        1,
        "one warning after {served} request(s){}",
        r.dump()
    );
    assert!(count(&report, "remoteErrors") >= 1, "{report:#}");
    assert_eq!(outputs(&p), *local_outputs());
    // Started again: what the build uploaded before the stop still serves, and
    // the next clone completes the server without a warning.
    server.restart();
    let q = clone();
    let (r, report) = build(&q, &["--remote-cache", &server.url()], &[]);
    clean(&r, &report);
    assert_eq!(outputs(&q), *local_outputs());
}

#[test]
fn a_503_server_degrades_the_same_way() {
    let Some(server) = Nginx::start("remote_cache::a_503_server_degrades_the_same_way") else {
        return;
    };
    let p = clone();
    let (r, report) = build(
        &p,
        &["--jobs", "1", "--remote-cache", &server.url_503()],
        &[],
    );
    assert_eq!(named(&r, UNAVAILABLE), 1, "{}", r.dump());
    r.stderr_has("was answered 503");
    assert!(count(&report, "remoteErrors") >= 1, "{report:#}");
    assert_eq!(count(&report, "remoteHits"), 0);
    assert_eq!(count(&report, "uploads"), 0);
    // After the first 503 the server is asked nothing more.
    let log = server.access_log();
    let asked = log.lines().filter(|l| l.contains(" /unavailable/")).count();
    assert_eq!(asked, 1, "{log}");
    assert!(log.contains(" 503 "), "{log}");
    assert!(server.files("").is_empty());
    assert_eq!(outputs(&p), *local_outputs());

    // --no-remote-cache: the environment's server is not asked at all.
    let q = clone();
    let url = server.url_503();
    let (r, report) = build(
        &q,
        &["--no-remote-cache"],
        &[("RIGC_REMOTE_CACHE", url.as_str())],
    );
    assert_eq!(named(&r, UNAVAILABLE), 0, "{}", r.dump());
    assert_eq!(
        server.access_log(),
        log,
        "--no-remote-cache asked the server"
    );
    assert!(report["summary"]["remote"].is_null(), "{report:#}");
    assert_eq!(outputs(&q), *local_outputs());
}

#[test]
fn a_server_that_never_answers_times_out_once_and_the_build_is_local() {
    // Not nginx: a listener that takes connections and says nothing (a hung
    // server), held until the build ends.
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
    let url = format!("http://{}", listener.local_addr().unwrap());
    listener.set_nonblocking(true).unwrap();
    let done = std::sync::atomic::AtomicBool::new(false);
    let (r, report) = std::thread::scope(|s| {
        s.spawn(|| {
            let mut held = Vec::new();
            while !done.load(std::sync::atomic::Ordering::Relaxed) {
                match listener.accept() {
                    Ok((conn, _)) => held.push(conn),
                    Err(_) => std::thread::sleep(Duration::from_millis(5)),
                }
            }
        });
        let p = clone();
        let got = build(
            &p,
            &["--remote-cache", &url],
            &[("RIGC_REMOTE_CACHE_TIMEOUT_MS", "300")],
        );
        assert_eq!(outputs(&p), *local_outputs());
        done.store(true, std::sync::atomic::Ordering::Relaxed);
        got
    });
    assert_eq!(named(&r, UNAVAILABLE), 1, "{}", r.dump());
    r.stderr_has("timed out");
    assert!(count(&report, "remoteErrors") >= 1, "{report:#}");
    assert_eq!(count(&report, "remoteHits"), 0);
}

/// A misconfigured server (a proxy's login page, a catch-all `return 200`)
/// answers every request with bytes that are no entry: the rejections are
/// named no more than a flood of one code in a file is
/// (`rigc_diag::limit::SHOWN_PER_CODE`), then one warning turns the server
/// off and the build is local and green. (As first landed, each stage's
/// rejection was its own notice: 68 for the gallery; 8883282 turns the
/// server off after a few.)
#[test]
fn a_server_answering_garbage_is_named_at_most_the_per_code_cap() {
    let Some(server) =
        Nginx::start("remote_cache::a_server_answering_garbage_is_named_at_most_the_per_code_cap")
    else {
        return;
    };
    let p = clone();
    let (r, report) = build(&p, &["--remote-cache", &server.url_garbage()], &[]);
    assert!(named(&r, CORRUPT) >= 1, "{}", r.dump());
    assert!(count(&report, "remoteRejected") >= 1, "{report:#}");
    assert_eq!(count(&report, "remoteHits"), 0, "{report:#}");
    assert_eq!(outputs(&p), *local_outputs());
    let shown = named(&r, CORRUPT);
    assert!(
        shown <= rigc_diag::limit::SHOWN_PER_CODE,
        "{shown} cache.remote-corrupt notices for {} stages: one per stage, uncapped{}",
        stages(&report).len(),
        r.dump()
    );
    assert_eq!(named(&r, UNAVAILABLE), 1, "{}", r.dump());
    r.stderr_has("that are not what their names say");
}

#[test]
fn read_only_mode_reads_hits_and_uploads_nothing() {
    let Some(server) = Nginx::start("remote_cache::read_only_mode_reads_hits_and_uploads_nothing")
    else {
        return;
    };
    let url = server.url();
    // Against an empty server: every lookup misses, nothing is written.
    let a = clone();
    let (r, report) = build(
        &a,
        &["--remote-cache", &url, "--remote-cache-read-only"],
        &[],
    );
    clean(&r, &report);
    assert_eq!(count(&report, "uploads"), 0, "{report:#}");
    assert!(server.files("").is_empty(), "{:?}", server.files(""));
    assert!(
        !server.access_log().contains("PUT "),
        "{}",
        server.access_log()
    );
    assert!(
        server.access_log().contains("GET "),
        "read-only mode did not look anything up"
    );
    // A writer fills it; a read-only clone (through the environment) is served
    // and adds nothing.
    let good = filled(&server);
    let files = server.files("");
    let puts = server.access_log().matches("PUT ").count();
    let c = clone();
    let (r, report) = build(
        &c,
        &[],
        &[
            ("RIGC_REMOTE_CACHE", url.as_str()),
            ("RIGC_REMOTE_CACHE_READ_ONLY", "1"),
        ],
    );
    clean(&r, &report);
    assert_eq!(ran(&report), Vec::<String>::new(), "{}", r.dump());
    assert!(count(&report, "remoteHits") > 0, "{report:#}");
    assert_eq!(count(&report, "uploads"), 0, "{report:#}");
    assert_eq!(server.files(""), files);
    assert_eq!(server.access_log().matches("PUT ").count(), puts);
    assert_eq!(outputs(&c), good);
    r.stdout_has(&format!("(remote {url}, read-only)"));
    assert_eq!(report["summary"]["remote"]["readOnly"], true);
}

/// Asserts nothing `p`'s run printed or reported holds the token.
fn token_unprinted(p: &Project, r: &Run) {
    assert!(
        !r.stdout.contains(TOKEN) && !r.stderr.contains(TOKEN),
        "the token was printed{}",
        r.dump()
    );
    assert!(
        !p.read("report.json").contains(TOKEN),
        "the token is in the report"
    );
}

#[test]
fn the_token_is_sent_as_a_bearer_header_and_never_printed() {
    let Some(server) =
        Nginx::start("remote_cache::the_token_is_sent_as_a_bearer_header_and_never_printed")
    else {
        return;
    };
    let url = server.url_private();
    let a = clone();
    let (r, report) = build(
        &a,
        &["--remote-cache", &url],
        &[("RIGC_REMOTE_CACHE_TOKEN", TOKEN)],
    );
    clean(&r, &report);
    token_unprinted(&a, &r);
    assert!(count(&report, "uploads") > 0, "{report:#}");
    assert!(!server.files("private/cas").is_empty());
    // Every request rigc sent carried the token (the harness's readiness probe,
    // `GET /`, is the one line outside /private/).
    let log = server.access_log();
    let sent: Vec<&str> = log.lines().filter(|l| l.contains(" /private/")).collect();
    assert!(sent.len() > 1, "{log}");
    assert!(
        sent.iter()
            .all(|l| l.ends_with(&format!("auth=Bearer {TOKEN}"))),
        "{log}"
    );

    // A second clone with the token is served; one without it is refused by the
    // server (401) and builds locally, green, with one warning.
    let b = clone();
    let (r, report) = build(
        &b,
        &["--remote-cache", &url],
        &[("RIGC_REMOTE_CACHE_TOKEN", TOKEN)],
    );
    clean(&r, &report);
    token_unprinted(&b, &r);
    assert_eq!(ran(&report), Vec::<String>::new(), "{}", r.dump());
    let c = clone();
    let (r, report) = build(&c, &["--remote-cache", &url], &[]);
    assert!(
        server.access_log().contains(" 401 "),
        "{}",
        server.access_log()
    );
    assert_eq!(count(&report, "remoteHits"), 0, "{report:#}");
    assert_eq!(named(&r, UNAVAILABLE), 1, "{}", r.dump());
    r.stderr_has("was answered 401 (check the token in RIGC_REMOTE_CACHE_TOKEN)");
    token_unprinted(&c, &r);
    assert_eq!(outputs(&c), outputs(&a));
}
