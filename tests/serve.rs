//! `rigc watch --serve` (issue #18, part 3): the real binary watching a copy of
//! the gallery's project (rigc.toml, the gallery, the studio plugin), serving
//! the snail's page on 127.0.0.1. Over plain HTTP: the page, the first report
//! as a server-sent event, the built files and a page by its hash, and 404
//! for every path that names something else (`..`, a spec beside the build,
//! a stale hash, an unknown target). In headless
//! Chromium (`tests/browser/serve.mjs`): the page plays the first green
//! build; an edit of one crawl key is reloaded in place — the bone takes the
//! edited value at the paused time, the animation and its time are kept, no
//! page reload; a refused edit shows its failures as text over the last green
//! pose; the fix clears them; an edit while playing keeps the time running
//! and reuses every unchanged page texture; a page PNG edited (the output set
//! unchanged) is a new generation that loads that page alone.
//! And the refusals: a port in use (named, before any build), `--port`
//! without `--serve`.

use crate::preview::browser_or_skip;
use crate::util::{self, Project};
use crate::watch::Watch;
use serde_json::Value;
use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::PathBuf;
use std::process::Command;
use std::time::Duration;

/// The crawl key the edits change (body scalex at 0.6 s).
const KEY: &str = r#"{ "t": 0.6, "v": [1.1], "ease": "squish" }"#;

/// The gallery's project (`util::gallery_project`), holding the key the edits change.
fn gallery_project() -> Project {
    let p = util::gallery_project();
    assert!(p.read("gallery/snail/motion.json").contains(KEY));
    p
}

/// The player's package (scripts/setup-player.sh).
fn player() -> PathBuf {
    let dir = util::workspace().join(".player");
    assert!(
        dir.join("node_modules/@esotericsoftware/spine-player")
            .is_dir(),
        "the Spine Web Player is not installed at {}: run scripts/setup-player.sh",
        dir.display()
    );
    dir
}

/// `rigc watch snail --serve --port 0` on `p`, once its first build is green:
/// the watch and the page's address (`127.0.0.1:<port>`).
fn serve(p: &Project) -> (Watch, String) {
    let player = player();
    let mut w = Watch::spawn(
        p,
        &[
            "snail",
            "--serve",
            "--port",
            "0",
            "--player",
            player.to_str().expect("utf-8"),
        ],
    );
    let line = w.line("rigc watch: serving on http://");
    let addr = line
        .split("http://")
        .nth(1)
        .and_then(|s| s.split('/').next())
        .unwrap_or_default()
        .to_string();
    assert!(addr.starts_with("127.0.0.1:"), "{line}");
    assert!(
        line.contains(&format!("snail http://{addr}/snail/")),
        "{line}"
    );
    w.line("rebuilt snail: green");
    (w, addr)
}

/// One HTTP/1.1 GET: the status and the body (for an event stream, what
/// arrived up to its first blank line).
fn get(addr: &str, path: &str) -> (u16, String) {
    let mut s = TcpStream::connect(addr).expect("connect");
    s.set_read_timeout(Some(Duration::from_secs(10)))
        .expect("timeout");
    write!(
        s,
        "GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
    )
    .expect("send");
    let mut got = Vec::new();
    let mut buf = [0u8; 8192];
    loop {
        match s.read(&mut buf) {
            Ok(0) | Err(_) => break,
            Ok(n) => got.extend_from_slice(&buf[..n]),
        }
        let text = String::from_utf8_lossy(&got);
        if text.contains("text/event-stream")
            && text.contains("event: report")
            && text.ends_with("\n\n")
        {
            break;
        }
    }
    let text = String::from_utf8_lossy(&got).into_owned();
    let status = text
        .split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    let body = text
        .split_once("\r\n\r\n")
        .map(|(_, b)| b.to_string())
        .unwrap_or_default();
    (status, body)
}

#[test]
fn the_page_its_report_and_its_files_are_served_and_nothing_else() {
    let p = gallery_project();
    let (mut w, addr) = serve(&p);
    let (status, page) = get(&addr, "/snail/");
    assert_eq!(status, 200, "{page}");
    assert!(page.contains("window.rigcServe") && page.contains("spine.SpinePlayer"));
    let (status, index) = get(&addr, "/");
    assert!(
        status == 200 && index.contains("href=\"/snail/\""),
        "{index}"
    );
    let (status, events) = get(&addr, "/snail/events");
    assert_eq!(status, 200);
    assert!(
        events.contains("event: report") && events.contains(r#""green":1"#),
        "{events}"
    );
    let (status, skeleton) = get(&addr, "/snail/g/1/skeleton.json");
    assert_eq!(status, 200);
    assert_eq!(skeleton, p.read("gallery/snail/build/skeleton.json"));
    let (status, atlas) = get(&addr, "/snail/g/1/skeleton.atlas");
    assert!(status == 200 && atlas.contains(".png"), "{atlas}");
    // A page, by its index in the atlas and the hash the report gives it.
    let data = events
        .lines()
        .find_map(|l| l.strip_prefix("data: "))
        .unwrap_or_else(|| panic!("no data line: {events}"));
    let report: Value = serde_json::from_str(data).expect("a JSON report");
    let hash = report
        .pointer("/pages/0/hash")
        .and_then(Value::as_str)
        .unwrap_or_else(|| panic!("no page hash: {report}"));
    let (status, png) = get(&addr, &format!("/snail/page/0/{hash}"));
    assert!(status == 200 && png.contains("PNG"), "{status}");
    // Every other path is not found: escapes, hidden files, unknown targets.
    for bad in [
        "/snail/g/1/..%2F..%2Frigc.toml",
        "/snail/g/1/%2E%2E",
        "/snail/g/1/../../../rigc.toml",
        "/snail/page/0/0000",
        "/snail/page/999/0000",
        "/snail/page/-1/0000",
        "/snail/g/1/rig.json",
        "/owl/",
        "/owl/g/1/skeleton.json",
        "/snail/nothing",
    ] {
        let (status, body) = get(&addr, bad);
        assert_eq!(status, 404, "{bad}: {body}");
    }
    // A positive control for the escapes: the file is there, outside.
    assert!(p.exists("rigc.toml") && p.exists("gallery/snail/rig.json"));
    assert_eq!(w.interrupt(), 0);
}

#[test]
fn a_port_in_use_is_refused_by_name_before_any_build() {
    let p = gallery_project();
    let taken = TcpListener::bind("127.0.0.1:0").expect("a port");
    let port = taken.local_addr().expect("addr").port().to_string();
    let player = player();
    let run = p.rigc(&[
        "watch",
        "snail",
        "--serve",
        "--port",
        &port,
        "--player",
        player.to_str().expect("utf-8"),
    ]);
    run.code(1)
        .stderr_has(&format!(
            "rigc watch: cannot serve on 127.0.0.1:{port}: the port is in use; choose another with --port"
        ))
        .stdout_lacks("rebuilt");
    assert!(!p.exists("gallery/snail/build"), "nothing was built");
    drop(taken);
}

#[test]
fn port_without_serve_is_a_usage_error() {
    let p = gallery_project();
    p.rigc(&["watch", "snail", "--port", "9"])
        .code(2)
        .stderr_has("--serve");
}

fn f(v: &Value, path: &str) -> f64 {
    v.pointer(path)
        .and_then(Value::as_f64)
        .unwrap_or_else(|| panic!("no number at {path} in {v}"))
}

fn s<'a>(v: &'a Value, path: &str) -> &'a str {
    v.pointer(path)
        .and_then(Value::as_str)
        .unwrap_or_else(|| panic!("no string at {path} in {v}"))
}

#[test]
fn edits_reload_in_place_and_a_red_build_shows_its_failures_over_the_last_green_pose() {
    if !browser_or_skip("serve::edits_reload_in_place") {
        return;
    }
    let p = gallery_project();
    let (mut w, addr) = serve(&p);
    let motion = p.path().join("gallery/snail/motion.json");
    let atlas = p.read("gallery/snail/build/skeleton.atlas");
    let first_page = atlas.lines().next().expect("the atlas's first page");
    let page = p.path().join("gallery/snail/build").join(first_page);
    assert!(page.is_file(), "{}", page.display());
    let edited = KEY.replace("1.1", "1.4");
    let out = Command::new("node")
        .arg(util::workspace().join("tests/browser/serve.mjs"))
        .args(["--url", &format!("http://{addr}/snail/")])
        .args(["--motion", motion.to_str().expect("utf-8")])
        .args(["--from", KEY, "--to", &edited])
        .args(["--to2", &KEY.replace("1.1", "1.2")])
        .args(["--broken", &KEY.replace("squish", "<b>no_such</b>")])
        .args(["--bone", "body", "--animation", "crawl", "--at", "0.6"])
        .args(["--image", page.to_str().expect("utf-8")])
        .output()
        .expect("node runs (install Node 20+)");
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    if !out.status.success() {
        w.fail(&format!(
            "serve.mjs failed:\n{text}\n{}",
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    let r: Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text}"));
    let steps = &r["steps"];
    assert_eq!(r["consoleErrors"], serde_json::json!([]), "{text}");
    assert_eq!(r["pageErrors"], serde_json::json!([]), "{text}");
    let close = |a: f64, b: f64| (a - b).abs() < 1e-5;

    // The first green build, paused at 0.6 s of crawl: scalex is the key's 1.1.
    let loaded = &steps["loaded"];
    assert_eq!(s(loaded, "/track/animation"), "crawl");
    assert!(close(f(loaded, "/bone/scaleX"), 1.1), "{loaded}");

    // The edit: a new generation, swapped into the same page (one more reload,
    // in place), the paused pose now the edited 1.4 at the very same time.
    let e = &steps["edited"];
    assert_ne!(e["generation"], loaded["generation"], "{e}");
    assert_eq!(f(e, "/reloads"), f(loaded, "/reloads") + 1.0, "{e}");
    assert_eq!(e["lastReload"]["inPlace"], true, "{e}");
    assert!(close(f(e, "/bone/scaleX"), 1.4), "{e}");
    assert_eq!(s(e, "/track/animation"), "crawl", "the animation is kept");
    assert_eq!(f(e, "/track/trackTime"), 0.6, "the time is kept: {e}");
    assert_eq!(s(e, "/lastReload/kept/animation"), "crawl");
    assert_eq!(e["paused"], true);
    assert_eq!(e["overlay"]["shown"], false);

    // A refused edit: its refusal over the last green pose, as text.
    let red = &steps["red"];
    let overlay = s(red, "/overlay/text");
    assert_eq!(red["overlay"]["shown"], true, "{red}");
    assert!(
        overlay.contains("rebuilt snail: red")
            && overlay.contains("unknown easing \"<b>no_such</b>\"")
            && overlay.contains("motion.json:"),
        "{overlay}"
    );
    assert_eq!(f(red, "/overlayElements"), 0.0, "markup stays text");
    assert_eq!(red["generation"], e["generation"], "the last green stays");
    assert!(close(f(red, "/bone/scaleX"), 1.4), "{red}");
    assert_eq!(s(red, "/track/animation"), "crawl");

    // The fix clears them; its output is the one on screen.
    let fixed = &steps["fixed"];
    assert_eq!(fixed["overlay"]["shown"], false, "{fixed}");
    assert_eq!(s(fixed, "/overlay/text"), "");
    assert!(close(f(fixed, "/bone/scaleX"), 1.4), "{fixed}");

    // While playing: the reload keeps the running time (it does not restart).
    let before = &steps["beforePlayingEdit"];
    let playing = &steps["playing"];
    assert_ne!(playing["generation"], fixed["generation"], "{playing}");
    assert_eq!(s(playing, "/lastReload/kept/animation"), "crawl");
    let (kb, ka) = (
        f(playing, "/lastReload/kept/before"),
        f(playing, "/lastReload/kept/after"),
    );
    assert_eq!(kb, ka, "{playing}");
    assert!(kb >= f(before, "/track/trackTime"), "{before} {playing}");
    assert!(f(playing, "/track/trackTime") >= ka, "{playing}");
    assert_eq!(playing["paused"], false);
    // The first reload loaded every page (the player's own asset manager held
    // generation 1); this one had them all already.
    let total = f(playing, "/lastReload/pages/total");
    assert!(total > 1.0, "{playing}");
    assert_eq!(f(e, "/lastReload/pages/reused"), 0.0, "{e}");
    assert_eq!(f(playing, "/lastReload/pages/reused"), total, "{playing}");

    // A page PNG's bytes change (the output set does not): a new generation,
    // that page loaded anew, the others kept, the animation and time kept.
    let image = &steps["image"];
    assert_ne!(image["generation"], playing["generation"], "{image}");
    assert_eq!(f(image, "/lastReload/pages/reused"), total - 1.0, "{image}");
    assert_eq!(s(image, "/lastReload/kept/animation"), "crawl");
    assert_eq!(
        f(image, "/lastReload/kept/before"),
        f(image, "/lastReload/kept/after")
    );
    assert_eq!(w.interrupt(), 0);
}
