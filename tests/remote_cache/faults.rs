//! A server that does not serve what it should: a corrupt blob or a swapped
//! action entry (named, rebuilt, the server mended), a server down, stopped
//! mid-build, answering 503, never answering, or answering garbage — one
//! warning each and a local green build.

use super::*;
use std::time::{Duration, Instant};

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
    let corrupt = blobs
        .iter()
        .find(|f| written.iter().any(|h| f.ends_with(h)))
        .or_else(|| {
            blobs
                .iter()
                .max_by_key(|f| std::fs::metadata(f).map(|m| m.len()).unwrap_or(0))
        })
        .expect("a blob on the server")
        .clone();
    let mut bytes = std::fs::read(&corrupt).unwrap();
    let mid = bytes.len() / 2;
    bytes[mid] ^= 0x01;
    std::fs::write(&corrupt, bytes).unwrap();
    let b = clone();
    let (r, report) = build(&b, &["--remote-cache", &server.url()], &[]);
    assert!(
        named(&r, CORRUPT) >= 1,
        "the corrupt blob was not named{}",
        r.dump()
    );
    let hash = corrupt.file_name().unwrap().to_str().unwrap();
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
    // The rebuilt stage's upload mended the server: the blob hashes to its
    // name again, and the next clone is served whole.
    assert_eq!(
        blake3::hash(&std::fs::read(&corrupt).unwrap())
            .to_hex()
            .as_str(),
        hash,
        "{} was not mended",
        corrupt.display()
    );
    let c = clone();
    served_whole(&c, &["--remote-cache", &server.url()], &[]);
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
    served_whole(&c, &["--remote-cache", &server.url()], &[]);
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
