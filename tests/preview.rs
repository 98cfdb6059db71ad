//! `rigc preview` (CLI.md §5, issue #17 items 3 and 3b): the page it writes
//! is opened in headless Chromium (Debian's `chromium`, driven by
//! `tests/browser/shoot.mjs`), where the official Spine Web Player must load
//! each pane's skeleton with no console error, draw pixels that cover the
//! skeleton's posed box (rigc-spine's `Skeleton::bounds` mapped through the
//! pane's camera, within [`BOX_TOLERANCE_PX`]), and draw different pixels a
//! known interval apart while the animation plays — for one candidate and for
//! two side by side. Then every refusal: no player, `--player-url`, the same
//! skeleton twice, an unknown animation, `--slot`, a missing or truncated
//! page, a skeleton the runtime refuses — each named, nothing written.
//!
//! The browser tests skip, loudly, only when Chromium is absent and
//! `RIGC_REQUIRE_BROWSER` is unset; `scripts/test.sh` installs the player
//! and the browser driver and sets it.

use crate::util::{run_in, shared, workspace, Project, Run};
use rigc_sdk::spine::{read_atlas, read_skeleton, Skeleton};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;

/// How far, in canvas pixels, each edge of the drawn pixels' box may be from
/// the posed box mapped through the camera: the player's linear filtering and
/// anti-aliasing smear an edge by at most a pixel, and rounding to whole
/// pixels adds one more.
const BOX_TOLERANCE_PX: f64 = 2.0;

/// How long the two "playing" snapshots are apart.
const INTERVAL_MS: u64 = 400;

/// A time inside every gallery animation the tests pose at.
const POSE_AT: f64 = 0.3;

fn chromium() -> PathBuf {
    std::env::var_os("RIGC_CHROMIUM")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("/usr/bin/chromium"))
}

/// Whether the browser tests run: Chromium present, or required (then its
/// absence fails the test).
pub(crate) fn browser_or_skip(test: &str) -> bool {
    if chromium().is_file() {
        return true;
    }
    if std::env::var_os("RIGC_REQUIRE_BROWSER").is_some() {
        panic!(
            "RIGC_REQUIRE_BROWSER is set and Chromium is not at {}: run scripts/setup-browser.sh",
            chromium().display()
        );
    }
    eprintln!(
        "\n!!!!!! SKIPPED preview::{test}: Chromium is not at {} and RIGC_REQUIRE_BROWSER is unset — \
         the Spine Web Player was NOT checked in a browser (run scripts/setup-browser.sh) !!!!!!\n",
        chromium().display()
    );
    false
}

/// The player's package, installed by scripts/setup-player.sh.
fn player_dir() -> PathBuf {
    let dir = workspace().join(".player");
    assert!(
        dir.join("node_modules/@esotericsoftware/spine-player/dist/iife/spine-player.min.js")
            .is_file(),
        "the Spine Web Player is not installed at {}: run scripts/setup-player.sh (scripts/test.sh does it)",
        dir.display()
    );
    dir
}

/// A reference rig of the gallery built into `<project>/<name>`.
fn build_reference(p: &Project, name: &str) -> PathBuf {
    build_reference_as(p, name, name, &[])
}

/// Builds reference rig `name` into `out` with `extra` flags, from a copy
/// inside the project (a build keeps its cache beside its rig, and
/// `../shared` is never written).
fn build_reference_as(p: &Project, name: &str, out: &str, extra: &[&str]) -> PathBuf {
    let src = format!("src/{name}");
    if !p.exists(&src) {
        p.copy_dir(&shared().join("reference/rigc-gallery").join(name), &src);
    }
    let (rig, motion) = (format!("{src}/rig.json"), format!("{src}/motion.json"));
    let mut args = vec!["build", "--rig", &rig, "--motion", &motion, "--out", out];
    args.extend_from_slice(extra);
    run_in(p.path(), &args).green();
    p.path().join(out)
}

fn preview(p: &Project, args: &[&str]) -> Run {
    let mut all = vec!["preview"];
    all.extend_from_slice(args);
    run_in(p.path(), &all)
}

/// Opens `page` in Chromium through the harness and returns its report.
fn shoot(page: &Path, shots: &Path) -> Value {
    let at = POSE_AT.to_string();
    shoot_with(page, shots, &["--at", "setup", "--at", &at])
}

/// [`shoot`] with the harness's own pose flags.
fn shoot_with(page: &Path, shots: &Path, pose: &[&str]) -> Value {
    let browser = workspace().join(".browser/node_modules/playwright-core");
    assert!(
        browser.is_dir(),
        "the browser driver is not installed at {}: run scripts/setup-browser.sh (scripts/test.sh does it)",
        browser.display()
    );
    let out = Command::new("node")
        .arg(workspace().join("tests/browser/shoot.mjs"))
        .args(["--page", page.to_str().expect("utf-8")])
        .args(["--out", shots.to_str().expect("utf-8")])
        .args(["--interval-ms", &INTERVAL_MS.to_string()])
        .args(pose)
        .output()
        .expect("node runs (install Node 20+)");
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "shoot.mjs failed:\n{text}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_str(&text)
        .unwrap_or_else(|e| panic!("shoot.mjs printed non-JSON ({e}): {text}"))
}

/// The official renderer's frame of the candidate built in `dir`: the Spine
/// Web Player in Chromium, paused at time `t` of `animation` (`None`: the
/// setup pose), drawing the world box `viewport` (x, y, width, height; y up)
/// onto a transparent canvas of `size` pixels — `rigc render`'s grid when
/// `viewport` is its frames.json box. Returns the PNG bytes (RGBA, straight
/// alpha), for holding rigc's rasteriser to the official one.
pub fn official_frame(
    dir: &Path,
    animation: Option<&str>,
    t: f64,
    viewport: (f64, f64, f64, f64),
    size: (u32, u32),
) -> Vec<u8> {
    let p = Project::new();
    let page = p.path().join("frame.html");
    let player = player_dir();
    let mut args = vec![
        "preview",
        "--candidate",
        dir.to_str().expect("utf-8"),
        "--player",
        player.to_str().expect("utf-8"),
        "--out",
        page.to_str().expect("utf-8"),
    ];
    if let Some(a) = animation {
        args.extend(["--animation", a]);
    }
    run_in(p.path(), &args).green();
    let at = match animation {
        Some(_) => t.to_string(),
        None => "setup".to_string(),
    };
    let vp = format!(
        "{},{},{},{}",
        viewport.0, viewport.1, viewport.2, viewport.3
    );
    let canvas = format!("{}x{}", size.0, size.1);
    let shots = p.path().join("shots");
    let report = shoot_with(
        &page,
        &shots,
        &["--at", &at, "--viewport", &vp, "--canvas", &canvas],
    );
    assert_clean(&report);
    let shot = &report["shots"][0]["posed"][0];
    assert_eq!(
        (shot["width"].as_u64(), shot["height"].as_u64()),
        (Some(u64::from(size.0)), Some(u64::from(size.1))),
        "the canvas is not {canvas}: {shot}"
    );
    std::fs::read(shot["file"].as_str().expect("a file")).expect("the frame")
}

/// The world box of the skeleton built in `dir`, in its setup pose (`at`
/// `None`) or its first animation at `at`, as rigc-spine poses it.
fn posed_box(dir: &Path, at: Option<f64>) -> (f64, f64, f64, f64) {
    let atlas_text = std::fs::read_to_string(dir.join("skeleton.atlas")).expect("atlas");
    let text = std::fs::read_to_string(dir.join("skeleton.json")).expect("skeleton");
    let atlas = read_atlas(&atlas_text).expect("the atlas reads");
    let data = read_skeleton(&text, Some(&atlas))
        .expect("the skeleton reads")
        .data;
    let mut sk = Skeleton::new(&data).expect("poses");
    sk.setup_pose();
    if let Some(t) = at {
        sk.apply_over_setup(0, t, t, true, None).expect("applies");
    }
    sk.update_world_transform().expect("a pose");
    let b = sk.bounds().expect("something is drawn");
    (b.x, b.y, b.x + b.width, b.y + b.height)
}

/// `world` (x0, y0, x1, y1, y up) in the canvas pixels of a snapshot's
/// camera (y down from the top-left): the player's ortho camera centred on
/// `camera.x, y`, `zoom` world units a pixel.
fn to_canvas(world: (f64, f64, f64, f64), shot: &Value) -> (f64, f64, f64, f64) {
    let num = |v: &Value| v.as_f64().expect("a number");
    let cam = &shot["camera"];
    let (cx, cy, zoom) = (num(&cam["x"]), num(&cam["y"]), num(&cam["zoom"]));
    let (w, h) = (num(&shot["width"]), num(&shot["height"]));
    let px = |x: f64| (x - cx) / zoom + w / 2.0;
    let py = |y: f64| h / 2.0 - (y - cy) / zoom;
    (px(world.0), py(world.3), px(world.2), py(world.1))
}

/// Checks one loaded pane of a shoot report against the skeleton built in
/// `dir`: the player drew, its drawn box is the posed box, and its pixels
/// change while it plays and between two poses.
fn check_pane(report: &Value, pane: usize, dir: &Path, animation: &str) {
    let state = &report["panes"][pane];
    assert_eq!(state["loaded"], true, "pane {pane} did not load: {state}");
    assert_eq!(state["error"], Value::Null, "pane {pane}: {state}");
    assert_eq!(state["animation"], animation, "pane {pane}: {state}");
    let shots = report["shots"]
        .as_array()
        .expect("shots")
        .iter()
        .find(|s| s["pane"] == pane)
        .unwrap_or_else(|| panic!("no shots of pane {pane}: {report}"));
    let [a, b] = [&shots["playing"][0], &shots["playing"][1]];
    for s in [a, b] {
        assert_eq!(s["animation"], animation, "{s}");
        assert_eq!(s["paused"], false, "{s}");
        assert!(
            s["drawn"]["pixels"].as_u64().unwrap_or(0) > 1000,
            "blank canvas: {s}"
        );
    }
    let played = b["trackTime"].as_f64().expect("t") - a["trackTime"].as_f64().expect("t");
    assert!(
        played >= 0.5 * INTERVAL_MS as f64 / 1000.0,
        "the animation did not advance over {INTERVAL_MS} ms: {played} s"
    );
    let changed = b["diff"]["pixels"].as_i64().unwrap_or(0);
    assert!(
        changed > 100,
        "two snapshots {INTERVAL_MS} ms apart while {animation} plays differ in {changed} pixels: {b}"
    );
    eprintln!(
        "preview: pane {pane} ({animation}): {changed} px differ between snapshots {INTERVAL_MS} ms apart ({played:.3} s of animation), largest channel difference {}",
        b["diff"]["maxChannel"]
    );
    let posed = shots["posed"].as_array().expect("posed");
    assert_eq!(posed.len(), 2, "{shots}");
    for s in posed {
        let at = s["t"].as_f64();
        assert_eq!(s["paused"], true, "{s}");
        let want = to_canvas(posed_box(dir, at), s);
        let got = &s["drawn"]["box"];
        let num = |k: &str| got[k].as_f64().unwrap_or(f64::NAN);
        let got = (num("x0"), num("y0"), num("x1"), num("y1"));
        let worst = [
            (got.0 - want.0).abs(),
            (got.1 - want.1).abs(),
            (got.2 - want.2).abs(),
            (got.3 - want.3).abs(),
        ]
        .into_iter()
        .fold(0.0, f64::max);
        eprintln!(
            "preview: pane {pane} at {}: drawn box {got:?}, posed box {want:.1?} in canvas px, worst edge {worst:.2} px (tolerance {BOX_TOLERANCE_PX})",
            at.map_or("setup".to_string(), |t| format!("t={t}"))
        );
        assert!(
            worst <= BOX_TOLERANCE_PX,
            "pane {pane} at {at:?}: the drawn pixels' box {got:?} is not the posed box {want:?} (worst edge {worst} px > {BOX_TOLERANCE_PX})"
        );
    }
    let moved = posed[1]["diff"]["pixels"].as_i64().unwrap_or(0);
    assert!(
        moved > 100,
        "paused at t={POSE_AT} the pane draws what it draws in the setup pose ({moved} px differ)"
    );
}

fn assert_clean(report: &Value) {
    assert_eq!(report["consoleErrors"], serde_json::json!([]), "{report}");
    assert_eq!(report["pageErrors"], serde_json::json!([]), "{report}");
}

#[test]
fn one_candidate_plays_in_chromium() {
    if !browser_or_skip("one_candidate_plays_in_chromium") {
        return;
    }
    let p = Project::new();
    let walk = build_reference(&p, "walk");
    let page = p.path().join("walk.html");
    let player = player_dir();
    let run = preview(
        &p,
        &[
            "--candidate",
            "walk",
            "--player",
            player.to_str().expect("utf-8"),
            "--out",
            "walk.html",
        ],
    );
    run.green()
        .stdout_has("  ..    page     ")
        .stdout_has("  ..    gate     50 assertions: 13 measured (13 passed, 0 failed)")
        .stdout_has("  ..    plays    walk")
        .stdout_has(&format!("rigc: wrote {}  (", page.display()))
        .stdout_has(" KiB — open it in a browser)")
        .stdout_lacks("network");
    let page_line = run
        .stdout
        .lines()
        .find(|l| l.starts_with("  ..    page     "))
        .expect("a page line");
    // `<name padEnd 28> 12.3 KiB`
    assert!(page_line.ends_with(" KiB"), "{page_line}");
    let html = std::fs::read_to_string(&page).expect("the page");
    assert!(
        !html.contains("unpkg") && !html.contains("http://") && !html.contains("https://"),
        "an embedded page links nothing"
    );
    let report = shoot(&page, &p.path().join("shots"));
    eprintln!(
        "preview: {} in Chromium {}",
        page.display(),
        report["browser"]
    );
    assert_clean(&report);
    assert_eq!(
        report["panes"].as_array().map(Vec::len),
        Some(1),
        "{report}"
    );
    check_pane(&report, 0, &walk, "walk");
}

#[test]
fn two_candidates_play_side_by_side() {
    if !browser_or_skip("two_candidates_play_side_by_side") {
        return;
    }
    let p = Project::new();
    let walk = build_reference(&p, "walk");
    let squash = build_reference(&p, "squash");
    let player = player_dir();
    let run = preview(
        &p,
        &[
            "--candidate",
            "walk",
            "--candidate",
            "squash",
            "--player",
            player.to_str().expect("utf-8"),
        ],
    );
    run.green()
        .stdout_has("  ..    plays    walk")
        .stdout_has("  ..    plays    bounce");
    assert_eq!(
        run.stdout.matches("  ..    gate     ").count(),
        2,
        "{}",
        run.dump()
    );
    let page = p.path().join("preview.html");
    let html = std::fs::read_to_string(&page).expect("the default --out");
    assert!(html.contains("data-pane=\"0\"") && html.contains("data-pane=\"1\""));
    let report = shoot(&page, &p.path().join("shots"));
    assert_clean(&report);
    assert_eq!(
        report["panes"].as_array().map(Vec::len),
        Some(2),
        "{report}"
    );
    // walk has one animation, squash's first is bounce: each pane plays its own.
    check_pane(&report, 0, &walk, "walk");
    check_pane(&report, 1, &squash, "bounce");
}

#[test]
fn the_official_frame_is_the_pose_on_a_given_grid() {
    if !browser_or_skip("the_official_frame_is_the_pose_on_a_given_grid") {
        return;
    }
    let p = Project::new();
    let walk = build_reference(&p, "walk");
    // walk's setup box (its plate) at half scale.
    let (x0, y0, x1, y1) = posed_box(&walk, None);
    let size = (
        ((x1 - x0) / 2.0).round() as u32,
        ((y1 - y0) / 2.0).round() as u32,
    );
    let viewport = (x0, y0, x1 - x0, y1 - y0);
    let decode = |bytes: &[u8]| {
        let mut r = png::Decoder::new(std::io::Cursor::new(bytes.to_vec()))
            .read_info()
            .expect("a PNG");
        let mut buf = vec![0; r.output_buffer_size()];
        let info = r.next_frame(&mut buf).expect("a frame");
        buf.truncate(info.buffer_size());
        (info.width, info.height, buf)
    };
    let (w, h, setup) = decode(&official_frame(&walk, None, 0.0, viewport, size));
    assert_eq!((w, h), size);
    // The plate is opaque and is the box: every pixel is drawn.
    let bare = setup.chunks(4).filter(|px| px[3] == 0).count();
    assert_eq!(bare, 0, "{bare} pixels of the setup frame are not drawn");
    let (_, _, mid) = decode(&official_frame(
        &walk,
        Some("walk"),
        POSE_AT,
        viewport,
        size,
    ));
    let differ = setup
        .chunks(4)
        .zip(mid.chunks(4))
        .filter(|(a, b)| a != b)
        .count();
    eprintln!(
        "preview: official frames of walk at {w}x{h}: {differ} of {} px differ between the setup pose and t={POSE_AT}",
        w * h
    );
    assert!(differ > 100, "{differ}");
}

#[test]
fn a_page_named_outside_ascii_loads() {
    if !browser_or_skip("a_page_named_outside_ascii_loads") {
        return;
    }
    let p = Project::new();
    let dir = build_reference_as(&p, "walk", "walk", &["--copy-images"]);
    // The atlas text travels as UTF-8: a page named "héad.png" is found.
    std::fs::rename(dir.join("head.png"), dir.join("héad.png")).expect("rename");
    let atlas = std::fs::read_to_string(dir.join("skeleton.atlas")).expect("atlas");
    assert!(atlas.lines().any(|l| l == "head.png"), "{atlas}");
    let atlas: Vec<&str> = atlas
        .lines()
        .map(|l| if l == "head.png" { "héad.png" } else { l })
        .collect();
    std::fs::write(dir.join("skeleton.atlas"), atlas.join("\n") + "\n").expect("write");
    let player = player_dir();
    preview(
        &p,
        &[
            "--candidate",
            "walk",
            "--player",
            player.to_str().expect("utf-8"),
        ],
    )
    .green()
    .stdout_has("  ..    page     héad.png");
    let report = shoot(&p.path().join("preview.html"), &p.path().join("shots"));
    assert_clean(&report);
    check_pane(&report, 0, &dir, "walk");
}

#[test]
fn without_the_player_it_refuses_with_the_install_command() {
    let p = Project::new();
    build_reference(&p, "walk");
    let run = preview(&p, &["--candidate", "walk"]);
    run.code(1)
        .stderr_has("rigc preview: the Spine Web Player")
        .stderr_has("scripts/setup-player.sh")
        .stderr_has("--player-url")
        .stderr_has("nothing written");
    assert!(!p.path().join("preview.html").exists(), "{}", run.dump());
    let run = preview(&p, &["--candidate", "walk", "--player", "nowhere"]);
    run.code(1)
        .stderr_has("--player ")
        .stderr_has("scripts/setup-player.sh");
    assert!(!p.path().join("preview.html").exists(), "{}", run.dump());
}

#[test]
fn a_player_url_is_linked_and_said_to_need_the_network() {
    let p = Project::new();
    build_reference(&p, "walk");
    let url = "https://cdn.example.test/@esotericsoftware/spine-player@4.3.13/dist";
    let run = preview(&p, &["--candidate", "walk", "--player-url", url]);
    run.green()
        .stdout_has(&format!(
            "  ..    player   @esotericsoftware/spine-player 4.3.13 linked from {url}"
        ))
        .stdout_has("  ..    network  the page needs the network");
    let html = p.read("preview.html");
    assert!(
        html.contains(&format!(
            "<script src=\"{url}/iife/spine-player.min.js\"></script>"
        )),
        "{html:.600}"
    );
    assert!(html.contains(&format!(
        "<link rel=\"stylesheet\" href=\"{url}/spine-player.css\">"
    )));
    // The player's own code is not in the page: only the data and the boot script.
    assert!(!html.contains("SpinePlayer=") && !html.contains("Esoteric Software LLC"));
}

/// A flag set that would be fine but for what the test breaks (the player
/// linked, so no install is needed to reach the refusal).
const LINKED: [&str; 2] = ["--player-url", "https://cdn.example.test/dist"];

#[test]
fn the_same_skeleton_twice_is_refused() {
    let p = Project::new();
    build_reference(&p, "walk");
    let mut args = vec!["--candidate", "walk", "--candidate", "walk/skeleton.json"];
    args.extend(LINKED);
    preview(&p, &args)
        .code(2)
        .stderr_has("are the same skeleton (the same file");
    p.copy_dir(&p.path().join("walk"), "again");
    // A copy's atlas names its pages relative to where it was: the same bytes
    // are refused before the pages are read.
    let mut args = vec!["--candidate", "walk", "--candidate", "again"];
    args.extend(LINKED);
    preview(&p, &args)
        .code(2)
        .stderr_has("are the same skeleton (files with the same bytes");
    assert!(!p.path().join("preview.html").exists());
}

#[test]
fn an_unknown_animation_is_refused_with_the_names() {
    let p = Project::new();
    build_reference(&p, "walk");
    let mut args = vec!["--candidate", "walk", "--animation", "run"];
    args.extend(LINKED);
    preview(&p, &args)
        .code(2)
        .stderr_has("--animation \"run\" is not in walk; known animations: walk");
    assert!(!p.path().join("preview.html").exists());
}

#[test]
fn slot_and_hide_are_refused_by_name() {
    let p = Project::new();
    build_reference(&p, "walk");
    for flag in ["--slot", "--hide"] {
        let mut args = vec!["--candidate", "walk", flag, "head"];
        args.extend(LINKED);
        preview(&p, &args)
            .code(2)
            .stderr_has(&format!("rigc: {flag} is a render flag"));
    }
    assert!(!p.path().join("preview.html").exists());
}

#[test]
fn a_missing_or_truncated_page_is_refused() {
    let p = Project::new();
    let walk = build_reference(&p, "walk");
    // Moved two levels down, the atlas's relative page paths point nowhere.
    p.copy_dir(&walk, "deep/er/walk");
    let mut args = vec!["--candidate", "deep/er/walk"];
    args.extend(LINKED);
    preview(&p, &args)
        .code(1)
        .stderr_has("rigc preview: atlas page \"")
        .stderr_has("is not readable at")
        .stderr_has("nothing written");
    assert!(!p.path().join("preview.html").exists());
    // A copy of the pages beside the atlas, one cut short.
    let dir = build_reference_as(&p, "walk", "cut", &["--copy-images"]);
    let head = dir.join("head.png");
    let bytes = std::fs::read(&head).expect("a copied page");
    std::fs::write(&head, &bytes[..bytes.len() / 2]).expect("cut");
    let mut args = vec!["--candidate", "cut"];
    args.extend(LINKED);
    preview(&p, &args)
        .code(1)
        .stderr_has("rigc preview: atlas page \"head.png\"")
        .stderr_has("truncated");
    assert!(!p.path().join("preview.html").exists());
}

#[test]
fn a_skeleton_the_runtime_refuses_is_named() {
    let p = Project::new();
    p.write(
        "bad/skeleton.json",
        r#"{"skeleton":{"spine":"4.3.13"},"bones":[{"name":"root"}],"slots":[{"name":"s","bone":"nobody"}]}"#,
    );
    p.write("bad/skeleton.atlas", "");
    let mut args = vec!["--candidate", "bad"];
    args.extend(LINKED);
    preview(&p, &args)
        .code(1)
        .stderr_has("rigc preview: the runtime refuses")
        .stderr_has("Couldn't find bone nobody for slot s")
        .stderr_has("nothing written");
    assert!(!p.path().join("preview.html").exists());
}
