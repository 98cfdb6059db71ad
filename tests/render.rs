//! `rigc render` (CLI.md §4) on the reference rigs, to FIGURES.md: walk at
//! `--fps 20 --max 288` (19 frames, 230×288, seam `0/255, 0 of 66 240 px`),
//! squash at `--fps 25 --max 288` (21 frames, 288×261, seam 0 of 75 168),
//! portrait at `--fps 25 --max 640` (81 + 39 + 56 frames, 478×640); the
//! sidecar's fields, the contact sheet, `--geometry`, `--slot/--hide`
//! changing the pixels (every slot hidden: transparent frames), a set
//! replaced whole; and every refusal, each named with nothing written (and
//! a failed render leaving the previous one untouched).
//!
//! One figure differs from FIGURES.md: portrait's `idle` seam at 640 is
//! `1/255, 3 of 305 920 px` here, FIGURES.md's `0/255`. Its last pose is not
//! its first bit for bit (float sums over 3.2 s of keys), and our
//! rasteriser (bilinear, no anti-aliasing) turns that sub-pixel drift into
//! three pixels one level apart where the original's did not; FIGURES.md
//! itself shows the same seam at other sizes (320 → 5 px at 1/255).

use crate::build::build_reference;
use crate::util::{Project, Run};
use serde_json::Value;

/// A project holding reference rig `name` under `rig/`, built into `out/`.
fn built(name: &str) -> Project {
    let (p, run) = build_reference(
        &format!("rigc-gallery/{name}"),
        "rig.json",
        "motion.json",
        "spine",
    );
    run.green();
    p
}

fn render(p: &Project, extra: &[&str]) -> Run {
    let mut args = vec!["render", "--candidate", "out"];
    args.extend_from_slice(extra);
    p.rigc(&args)
}

/// A PNG's size and RGBA pixels.
fn png(p: &Project, rel: &str) -> (u32, u32, Vec<u8>) {
    let bytes = std::fs::read(p.path().join(rel)).unwrap_or_else(|e| panic!("{rel}: {e}"));
    let d = rigc_sdk::png_image::decode(&bytes).unwrap_or_else(|e| panic!("{rel}: {e:?}"));
    (d.header.width, d.header.height, d.rgba)
}

fn frames_json(p: &Project, root: &str) -> Value {
    serde_json::from_str(&p.read(&format!("{root}/frames.json"))).expect("frames.json is JSON")
}

/// The frame files of a set directory, sorted.
fn frame_files(p: &Project, dir: &str) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(p.path().join(dir))
        .unwrap_or_else(|e| panic!("{dir}: {e}"))
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with('f') && n.ends_with(".png"))
        .collect();
    v.sort();
    v
}

#[test]
fn walk_at_20_fps_is_19_frames_of_230_by_288_and_its_loop_closes() {
    let p = built("walk");
    let r = render(&p, &["--fps", "20", "--max", "288"]);
    r.green()
        .stdout_has("rigc render\n")
        .stdout_has("  ..    skeleton ")
        .stdout_has("  ..    atlas    ")
        .stdout_has("  ..    poser    ")
        .stdout_has("  ..    230x288px at 20 fps, 1 set(s) -> ")
        .stdout_has("  ..    walk             19 frame(s), 0.900s + contact.png -> ")
        .stdout_has("  ..    seam     walk: last frame vs first 0/255, 0 of 66 240 px\n")
        .stdout_has("/render/frames.json\n");
    let files = frame_files(&p, "render/walk@20fps");
    assert_eq!(files.len(), 19, "{files:?}");
    assert_eq!(files.first().map(String::as_str), Some("f0000.png"));
    assert_eq!(files.last().map(String::as_str), Some("f0018.png"));
    for f in &files {
        let (w, h, _) = png(&p, &format!("render/walk@20fps/{f}"));
        assert_eq!((w, h), (230, 288), "{f}");
    }
    let (_, _, sheet) = png(&p, "render/walk@20fps/contact.png");
    assert!(
        sheet.chunks_exact(4).all(|px| px[3] == 255),
        "the sheet is opaque"
    );
    let doc = frames_json(&p, "render");
    assert_eq!(doc["spec"], "rigc-frames/1");
    assert_eq!(doc["background"], "#00000000");
    assert_eq!(doc["viewport"]["pixelWidth"], 230);
    assert_eq!(doc["viewport"]["pixelHeight"], 288);
    let set = &doc["sets"][0];
    assert_eq!(set["dir"], "walk@20fps");
    assert_eq!(set["animation"], "walk");
    assert_eq!(set["fps"], 20.0);
    assert_eq!(
        (set["sampled"].as_u64(), set["written"].as_u64()),
        (Some(19), Some(19))
    );
    assert_eq!(set["stride"], 1);
    assert!((set["duration"].as_f64().expect("duration") - 0.9).abs() < 1e-6);
    assert!(doc["skeleton"]
        .as_str()
        .expect("skeleton")
        .ends_with("out/skeleton.json"));

    // A set is replaced whole: a stray file in it is gone after a render.
    p.write("render/walk@20fps/f0099.png", "stale");
    render(&p, &["--fps", "20", "--max", "288"]).green();
    assert_eq!(frame_files(&p, "render/walk@20fps").len(), 19);

    // --geometry: every frame's drawn slots, world and pixel vertices.
    render(
        &p,
        &["--fps", "20", "--max", "288", "--geometry", "--out", "geo"],
    )
    .green();
    let g: Value =
        serde_json::from_str(&p.read("geo/walk@20fps/geometry.json")).expect("geometry JSON");
    assert_eq!(g["spec"], "rigc-geometry/1");
    let gf = g["frames"].as_array().expect("frames");
    assert_eq!(gf.len(), 19);
    let slot = &gf[0]["slots"][0];
    assert_eq!(slot["kind"], "region");
    assert_eq!(slot["world"].as_array().map(Vec::len), Some(8));
    assert_eq!(slot["pixels"].as_array().map(Vec::len), Some(8));
}

#[test]
fn slot_and_hide_change_the_pixels_and_hiding_every_slot_draws_nothing() {
    let p = built("walk");
    let at = |out: &str| png(&p, &format!("{out}/walk/f0000.png"));
    render(&p, &["--out", "all"]).green();
    let skeleton: Value = serde_json::from_str(&p.read("out/skeleton.json")).expect("json");
    let slots: Vec<String> = skeleton["slots"]
        .as_array()
        .expect("slots")
        .iter()
        .map(|s| s["name"].as_str().expect("name").to_string())
        .collect();
    let every = slots.join(",");
    render(&p, &["--hide", &every, "--out", "none"]).green();
    let (_, _, none) = at("none");
    assert!(
        none.chunks_exact(4).all(|px| px[3] == 0),
        "hidden: transparent"
    );
    assert_eq!(
        frames_json(&p, "none")["hidden"].as_array().map(Vec::len),
        Some(slots.len())
    );
    render(&p, &["--hide", "eyes", "--out", "noeyes"]).green();
    render(&p, &["--slot", "torso", "--out", "torso"]).green();
    let (w, h, all) = at("all");
    let (w2, h2, noeyes) = at("noeyes");
    let (_, _, torso) = at("torso");
    assert_eq!((w, h), (w2, h2), "--hide does not move the frame");
    assert_ne!(all, noeyes, "hiding the eyes changes pixels");
    assert_ne!(all, torso);
    assert!(torso.chunks_exact(4).any(|px| px[3] > 0), "the torso draws");
    assert_eq!(
        frames_json(&p, "torso")["slots"],
        serde_json::json!(["torso"])
    );
}

#[test]
fn squash_at_25_fps_is_21_frames_of_288_by_261() {
    let p = built("squash");
    render(&p, &["--fps", "25", "--max", "288"])
        .green()
        .stdout_has("  ..    288x261px at 25 fps, 1 set(s) -> ")
        .stdout_has("  ..    bounce           21 frame(s), 0.800s + contact.png -> ")
        .stdout_has("  ..    seam     bounce: last frame vs first 0/255, 0 of 75 168 px\n");
    assert_eq!(frame_files(&p, "render/bounce@25fps").len(), 21);
    assert_eq!(png(&p, "render/bounce@25fps/f0020.png").0, 288);
}

#[test]
fn portrait_at_25_fps_is_81_39_and_56_frames_of_478_by_640() {
    let p = built("portrait");
    let r = render(&p, &["--fps", "25", "--max", "640"]);
    r.green()
        .stdout_has("  ..    478x640px at 25 fps, 3 set(s) -> ")
        .stdout_has("  ..    idle             81 frame(s), 3.200s + contact.png")
        .stdout_has("  ..    gaze             39 frame(s), 1.500s + contact.png")
        .stdout_has("  ..    turn             56 frame(s), 2.200s + contact.png")
        // gaze's 1.5 s is 37.5 frames at 25 fps: its 39th lands past the end, and says so.
        .stdout_has("  ..    seam     gaze: last frame vs first 0/255, 0 of 305 920 px  (the last frame is at 1.52s, the animation ends at 1.5s: ")
        .stdout_has("  ..    seam     turn: last frame vs first 0/255, 0 of 305 920 px\n");
    for (set, n) in [("idle@25fps", 81), ("gaze@25fps", 39), ("turn@25fps", 56)] {
        assert_eq!(frame_files(&p, &format!("render/{set}")).len(), n, "{set}");
        let (w, h, _) = png(&p, &format!("render/{set}/contact.png"));
        assert!(w > 0 && h > 0);
    }
    // idle: see the module doc — within one level on a handful of pixels.
    let idle = r
        .stdout
        .lines()
        .find(|l| l.starts_with("  ..    seam     idle: "))
        .unwrap_or_else(|| panic!("no idle seam{}", r.dump()));
    let figure = idle.trim_start_matches("  ..    seam     idle: last frame vs first ");
    let max: u32 = figure
        .split('/')
        .next()
        .and_then(|m| m.parse().ok())
        .expect("max");
    let differing: u64 = figure
        .split(", ")
        .nth(1)
        .and_then(|s| s.split(" of ").next())
        .and_then(|n| n.replace(' ', "").parse().ok())
        .expect("differing");
    assert!(max <= 1 && differing <= 8, "{idle}");
}

/// Renders that must be refused: (flags, exit code, what stderr says).
#[test]
fn every_refusal_is_named_and_writes_nothing() {
    let p = built("walk");
    let cases: &[(&[&str], i32, &str)] = &[
        (&["--max", "15"], 2, "--max 15 is too small"),
        (&["--fps", "0"], 2, "--fps 0: the rate must be a number > 0"),
        (&["--fps", "-2"], 2, "--fps -2"),
        (
            &["--slot", "torso", "--hide", "eyes"],
            2,
            "--slot and --hide cannot be given together",
        ),
        (
            &["--geometry", "--hide", "eyes"],
            2,
            "--geometry cannot be given with --slot/--hide",
        ),
        (
            &["--animation", "run"],
            2,
            "--animation \"run\": no such animation; known animations: walk",
        ),
        (
            &["--skin", "red"],
            2,
            "--skin \"red\": no such skin; known skins: default",
        ),
        (
            &["--slot", "torso,tail"],
            2,
            "--slot \"tail\": no such slot; known slots: plate, ",
        ),
    ];
    for (flags, code, says) in cases {
        let r = render(&p, flags);
        r.code(*code).stderr_has(says);
        assert!(!p.exists("render"), "{flags:?} wrote{}", r.dump());
    }
    // A skeleton the runtime refuses: a slot on a bone that does not exist.
    let mut bad: Value = serde_json::from_str(&p.read("out/skeleton.json")).expect("json");
    bad["slots"][0]["bone"] = Value::from("no_such_bone");
    p.write("bad/skeleton.json", bad.to_string());
    std::fs::copy(
        p.path().join("out/skeleton.atlas"),
        p.path().join("bad/skeleton.atlas"),
    )
    .expect("copy the atlas");
    let r = p.rigc(&["render", "--candidate", "bad"]);
    r.code(1).stderr_has("rigc render: the runtime refuses ");
    assert!(!p.exists("render"), "{}", r.dump());

    // An atlas page missing, then truncated: exit 1, named; a render already
    // on disk stays as it was.
    render(&p, &["--out", "kept"]).green();
    let before = std::fs::read(p.path().join("kept/walk/f0005.png")).expect("a frame");
    let before_json = p.read("kept/frames.json");
    let atlas = p.read("out/skeleton.atlas");
    let page = atlas.lines().next().expect("a page line").to_string();
    p.write("pages/skeleton.json", p.read("out/skeleton.json"));
    p.write(
        "pages/skeleton.atlas",
        atlas.replacen(&page, "missing.png", 1),
    );
    let r = p.rigc(&["render", "--candidate", "pages", "--out", "kept"]);
    r.code(1)
        .stderr_has("rigc render: atlas page \"missing.png\"");
    let real = std::fs::read(p.path().join("out").join(&page)).expect("the page PNG");
    p.write("pages/cut.png", &real[..real.len() / 2]);
    p.write("pages/skeleton.atlas", atlas.replacen(&page, "cut.png", 1));
    let r = p.rigc(&["render", "--candidate", "pages", "--out", "kept"]);
    r.code(1).stderr_has("rigc render: atlas page \"cut.png\"");
    assert_eq!(
        std::fs::read(p.path().join("kept/walk/f0005.png")).expect("kept"),
        before
    );
    assert_eq!(p.read("kept/frames.json"), before_json);
    let strays: Vec<String> = std::fs::read_dir(p.path().join("kept"))
        .expect("kept")
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with('.'))
        .collect();
    assert!(strays.is_empty(), "staging left behind: {strays:?}");
}

#[test]
fn a_skeleton_with_no_animation_renders_its_setup_pose() {
    let p = built("walk");
    let mut s: Value = serde_json::from_str(&p.read("out/skeleton.json")).expect("json");
    s.as_object_mut().expect("object").remove("animations");
    p.write("still/skeleton.json", s.to_string());
    std::fs::copy(
        p.path().join("out/skeleton.atlas"),
        p.path().join("still/skeleton.atlas"),
    )
    .expect("copy the atlas");
    p.rigc(&["render", "--candidate", "still"])
        .green()
        .stdout_has("1 set(s)")
        .stdout_lacks("seam");
    assert_eq!(frame_files(&p, "render/@setup"), ["f0000.png"]);
    assert!(!p.exists("render/@setup/contact.png"));
    assert_eq!(
        frames_json(&p, "render")["sets"][0]["animation"],
        Value::Null
    );
}
