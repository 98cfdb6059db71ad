//! This module owns the rules' test fixtures: a small valid Spine 4.3 skeleton and
//! atlas (`fixtures/minimal.json`, `fixtures/minimal.atlas` — checked loadable
//! and posable with spine-core 4.3.13 through the project oracle's `--roundtrip`),
//! the rig info that matches it, and helpers that run one rule and assert its
//! verdict. A test mutates a copy of the fixture and asserts the exact detail.

use rigc_sdk::gate::facts::Facts;
use rigc_sdk::gate::{
    DeclaredAnimation, Detached, GateInput, Invariants, Outcome, PageFile, Profile, RigInfo, Rule,
    SecondCompile,
};
use serde_json::Value;
use std::path::{Path, PathBuf};

/// The SDK's SKIP reasons, which the rules' tests assert (a rule that SKIPs
/// through a shared helper does not import them itself).
pub(crate) use rigc_sdk::gate::skip_reasons;

/// The fixture skeleton text.
pub(crate) const SKELETON: &str = include_str!("../fixtures/minimal.json");
/// The fixture atlas text (two pages, one region each).
pub(crate) const ATLAS: &str = include_str!("../fixtures/minimal.atlas");

/// The fixture skeleton as JSON.
pub(crate) fn skeleton() -> Value {
    serde_json::from_str(SKELETON).expect("the fixture is JSON")
}

/// Rig info that the fixture satisfies: the slot table, the axis bone, a
/// `detached` rule.
pub(crate) fn rig() -> RigInfo {
    RigInfo {
        name: "tiny".into(),
        slot_order: vec!["s".into(), "m".into(), "box".into()],
        animations: vec![
            DeclaredAnimation {
                name: "a".into(),
                duration: 1.0,
            },
            DeclaredAnimation {
                name: "knob".into(),
                duration: 1.0,
            },
        ],
        mesh_kinds: vec![("m".into(), "authored".into())],
        invariants: Invariants {
            mesh_slots: Some(1),
            mesh_triangles: Some(1),
            axis_bone: Some("axis".into()),
            detached: vec![Detached {
                bone: "t".into(),
                not_under: "axis".into(),
                why: None,
            }],
            ..Invariants::default()
        },
        ..RigInfo::default()
    }
}

/// The directory the fixture atlas's pages (`r.png`, `q.png`) are in.
pub(crate) fn fixtures_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("fixtures")
}

/// A build's gate input over `skeleton_text` and `atlas`: rig info, and a second
/// compile identical to the first; pages read from [`fixtures_dir`].
pub(crate) fn input_texts(skeleton_text: &str, atlas: &str) -> GateInput {
    GateInput {
        profile: Profile::SpineHtml,
        skeleton_text: skeleton_text.into(),
        atlas_text: Some(atlas.into()),
        rig: Some(rig()),
        second: Some(SecondCompile {
            skeleton_text: skeleton_text.into(),
            atlas_text: atlas.into(),
        }),
        pages: pages_in(atlas, &fixtures_dir()),
    }
}

/// The pages of `atlas` read from `dir`, as a host reads them.
pub(crate) fn pages_in(atlas: &str, dir: &Path) -> Vec<PageFile> {
    rigc_sdk::gate::pages::read(atlas, dir, &Default::default())
}

/// The gate input of the fixture.
pub(crate) fn fixture() -> GateInput {
    input_texts(SKELETON, ATLAS)
}

/// The gate input of the fixture with no rig info.
pub(crate) fn no_rig() -> GateInput {
    let mut input = fixture();
    input.rig = None;
    input
}

/// The gate input of the fixture after `edit`.
pub(crate) fn mutant(edit: impl FnOnce(&mut Value)) -> GateInput {
    let mut v = skeleton();
    edit(&mut v);
    input_texts(
        &serde_json::to_string_pretty(&v).expect("JSON prints"),
        ATLAS,
    )
}

/// Removes the attachment `name` from `slot` in the fixture's default skin,
/// with every deform timeline and setup placement that names it.
pub(crate) fn drop_attachment(v: &mut Value, slot: &str, name: &str) {
    if let Some(o) = v["skins"][0]["attachments"][slot].as_object_mut() {
        o.remove(name);
    }
    if let Some(anims) = v["animations"].as_object_mut() {
        for anim in anims.values_mut() {
            if let Some(o) = anim["attachments"]["default"][slot].as_object_mut() {
                o.remove(name);
            }
        }
    }
    if let Some(slots) = v["slots"].as_array_mut() {
        for s in slots {
            if s["name"] == slot && s["attachment"] == name {
                if let Some(o) = s.as_object_mut() {
                    o.remove("attachment");
                }
            }
        }
    }
}

/// Runs one rule.
pub(crate) fn check(rule: &dyn Rule, input: &GateInput) -> Outcome {
    let mut out = Outcome::default();
    rule.check(&Facts::new(input), &mut out);
    out
}

/// Asserts the rule PASSes on `input`.
#[track_caller]
pub(crate) fn assert_pass(rule: &dyn Rule, input: &GateInput) {
    let out = check(rule, input);
    assert!(
        out.failures.is_empty(),
        "{} failed: {:#?}",
        rule.code(),
        out.failures
    );
    assert_eq!(out.skip, None, "{} skipped", rule.code());
}

/// Asserts the rule FAILs on `input` with exactly these details, in order.
#[track_caller]
pub(crate) fn assert_fails(rule: &dyn Rule, input: &GateInput, details: &[&str]) {
    let out = check(rule, input);
    assert_eq!(out.failures, details, "{} details", rule.code());
}

/// Asserts the rule FAILs on `input` with exactly these details, in order,
/// each about the subject given (`None`: about the skeleton as a whole).
#[track_caller]
pub(crate) fn assert_fails_at(
    rule: &dyn Rule,
    input: &GateInput,
    findings: &[(&str, Option<rigc_sdk::gate::Subject>)],
) {
    let out = check(rule, input);
    let got: Vec<(&str, Option<rigc_sdk::gate::Subject>)> = out
        .failures
        .iter()
        .map(|f| (f.detail.as_str(), f.subject.clone()))
        .collect();
    assert_eq!(got, findings, "{} findings", rule.code());
}

/// Asserts the rule SKIPs on `input` with `reason` and fails nothing.
#[track_caller]
pub(crate) fn assert_skips(rule: &dyn Rule, input: &GateInput, reason: &str) {
    let out = check(rule, input);
    assert!(
        out.failures.is_empty(),
        "{} failed: {:#?}",
        rule.code(),
        out.failures
    );
    assert_eq!(
        out.skip.as_deref(),
        Some(reason),
        "{} skip reason",
        rule.code()
    );
}

/// A PNG of `w`×`h` RGBA texels, each `rgba(x, y)`.
pub(crate) fn png_rgba(w: u32, h: u32, rgba: impl Fn(u32, u32) -> [u8; 4]) -> Vec<u8> {
    let px: Vec<u8> = (0..h)
        .flat_map(|y| (0..w).map(move |x| (x, y)))
        .flat_map(|(x, y)| rgba(x, y))
        .collect();
    rigc_sdk::png_image::encode_rgba(w, h, &px)
}

/// A PNG of colour type 0 (grey), 2 (RGB) or 3 (palette), 8 bits, every texel
/// sample 7, with a `tRNS` chunk when `trns` is set (making sample 7
/// transparent, or palette entry 0 half transparent).
pub(crate) fn png_plain(w: u32, h: u32, color_type: u8, trns: bool) -> Vec<u8> {
    let (ct, channels) = match color_type {
        0 => (png::ColorType::Grayscale, 1),
        2 => (png::ColorType::Rgb, 3),
        _ => (png::ColorType::Indexed, 1),
    };
    let mut out = Vec::new();
    {
        let mut enc = png::Encoder::new(&mut out, w, h);
        enc.set_color(ct);
        enc.set_depth(png::BitDepth::Eight);
        if ct == png::ColorType::Indexed {
            enc.set_palette(vec![7, 7, 7]);
        }
        if trns {
            enc.set_trns(match color_type {
                0 => vec![0, 7],
                2 => vec![0, 7, 0, 7, 0, 7],
                _ => vec![128],
            });
        }
        let mut writer = enc.write_header().expect("PNG header");
        let sample = if ct == png::ColorType::Indexed { 0 } else { 7 };
        writer
            .write_image_data(&vec![sample; (w * h) as usize * channels])
            .expect("PNG data");
    }
    out
}

/// A gate input over the fixture skeleton and `atlas`, whose pages resolve in a
/// fresh temporary directory holding `files` (kept alive by the returned guard).
pub(crate) fn with_pages(atlas: &str, files: &[(&str, Vec<u8>)]) -> (tempfile::TempDir, GateInput) {
    let dir = tempfile::tempdir().expect("a temporary directory");
    for (name, bytes) in files {
        std::fs::write(dir.path().join(name), bytes).expect("a page file");
    }
    let mut input = fixture();
    input.atlas_text = Some(atlas.into());
    input.pages = pages_in(atlas, dir.path());
    (dir, input)
}

/// The fixture's gate input with skeleton text that is not JSON.
pub(crate) fn not_json() -> GateInput {
    input_texts("{ \"bones\": [", ATLAS)
}

/// Hostile inputs every rule must survive without a panic: non-object roots,
/// arrays where objects go and objects where arrays go, huge numbers, strings
/// that look like numbers, parent cycles, and odd atlas and rig shapes.
pub(crate) fn junk() -> Vec<GateInput> {
    let skeletons = [
        "",
        "null",
        "42",
        "\"4.3\"",
        "[]",
        "[{\"bones\": []}]",
        r#"{"skeleton": [], "bones": {}, "slots": "x", "skins": {"default": {}}, "animations": []}"#,
        r#"{"skeleton": {"spine": 4.3}, "bones": [null, 7, {"name": 7}, {"name": "a", "parent": "a", "transform": 1}],
            "ik": 1, "constraints": [null, {"type": 5}, {"type": "physics", "name": 1}], "events": []}"#,
        r#"{"slots": [{"name": "s", "dark": "000000"}, {"bone": "x"}], "animations": {
            "a": [], "b": null, "c": {"bones": [], "slots": {"s": 3, "t": {"rgba2": null}},
            "ik": [1, [], {}], "transform": {"x": null}, "path": {"c": [[]], "d": {"mix": {}}},
            "physics": {"": null, "p": {"reset": "NaN"}}, "slider": 5,
            "attachments": {"d": {"s": {"a": {"deform": [null, {"offset": 1e308, "vertices": [1e308, "NaN"]},
                {"offset": -1e308, "vertices": "Infinity"}, {"offset": 18446744073709551615, "vertices": []}]}}}},
            "drawOrder": [null, {"offsets": [{"slot": 1}, {"slot": "s", "offset": -1e308},
                {"slot": "s", "offset": 1e308}, {"slot": "s", "offset": 0.5}]}, {"offsets": "ab"}],
            "drawOrderFolder": [null, {"keys": [{"curve": "NaN"}]}, {"keys": 3}],
            "events": [null, {"name": 5, "time": "NaN"}, {"name": "e", "time": -1e308, "volume": "x"}]}}}"#,
        r#"{"bones": [{"name": "x", "parent": "y"}, {"name": "y", "parent": "x"}],
            "skins": [{"name": "d", "attachments": {"s": {"a": {"type": "mesh", "uvs": 3, "vertices": [1e308, 1, 2, 3]}}}},
                      {"name": "e", "attachments": {"s": {"a": {"type": "path", "vertexCount": -9223372036854775808,
                         "vertices": [4294967295, 0]}}}}],
            "animations": {"a": {"bones": {"x": {"translate": [{"y": "1"}, {"y": 1e308, "time": "x"}], "translatey": 1},
                "y": {"rotate": [{"curve": [1e308, -1e308, "a", null]}]}},
                "attachments": {"d": {"s": {"a": {"deform": [{"vertices": [1, 2]}]}}},
                                "e": {"s": {"a": {"deform": [{"offset": 1, "vertices": [1, 2]}]}}}}}}}"#,
    ];
    let atlases: [Option<&str>; 6] = [
        None,
        Some(""),
        Some("\n\n\n"),
        Some(":::\n a \n\n\n:"),
        Some("\u{0}\r\n b: 1\r\n"),
        Some(ATLAS),
    ];
    let cyclic = RigInfo {
        name: "junk".into(),
        slot_order: vec!["s".into(), "s".into(), "".into()],
        invariants: Invariants {
            axis_bone: Some("x".into()),
            detached: vec![
                Detached {
                    bone: "x".into(),
                    not_under: "q".into(),
                    why: None,
                },
                Detached {
                    bone: "".into(),
                    not_under: "".into(),
                    why: Some("".into()),
                },
            ],
            ..Invariants::default()
        },
        ..RigInfo::default()
    };
    let mut inputs = Vec::new();
    for (i, text) in skeletons.iter().enumerate() {
        let atlas = atlases.get(i % atlases.len()).copied().flatten();
        let second = SecondCompile {
            skeleton_text: "{}".into(),
            atlas_text: "x".into(),
        };
        inputs.push(GateInput {
            profile: Profile::SpineHtml,
            skeleton_text: (*text).into(),
            atlas_text: atlas.map(Into::into),
            rig: if i % 2 == 0 {
                Some(cyclic.clone())
            } else {
                None
            },
            second: if i % 3 == 0 { None } else { Some(second) },
            pages: Vec::new(),
        });
    }
    for atlas in atlases {
        let mut input = fixture();
        input.atlas_text = atlas.map(Into::into);
        input.pages = atlas.map_or_else(Vec::new, |a| pages_in(a, &fixtures_dir()));
        inputs.push(input);
    }
    inputs
}

/// Hostile inputs that **load** (so the rules over the loaded skeleton, the
/// atlas and the page pixels run on them): odd meshes, weights, paths, clips,
/// constraints, sequences and linked meshes, over atlases with rotated,
/// off-page, NaN and huge regions whose pages are real PNGs of every colour
/// type, a file that is not a PNG, a directory, and a missing file. The
/// returned guard keeps the pages' directory alive.
pub(crate) fn junk_loaded() -> (tempfile::TempDir, Vec<GateInput>) {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let files: [(&str, Vec<u8>); 5] = [
        ("r.png", png_plain(3, 2, 2, false)),
        ("q.png", png_plain(2, 2, 3, true)),
        ("s.png", png_rgba(1, 1, |_, _| [0, 0, 0, 255])),
        ("bad.png", b"\x89PNG\r\n\x1a\nnot really".to_vec()),
        ("m.png", png_plain(4, 4, 0, false)),
    ];
    for (name, bytes) in &files {
        std::fs::write(dir.path().join(name), bytes).expect("a page file");
    }
    std::fs::create_dir_all(dir.path().join("sub.png")).expect("a directory");
    let atlas = "r.png\nsize: 3, 2\npma: true\nr\nbounds: -5, 99999999, 4000000000, -3\nrotate: 270\nq\nbounds: 1, 1, 1, 1\noffsets: 9, 9, 0, 0\n\
                 \nq.png\nsize: x, 2\nm\nbounds: 0, 0, 2, 2\nrotate: 90\nbox\nbounds: 0, 0, 2, 2\n\
                 \nbad.png\nsize: 1, 1\nbad\n\nsub.png\nsize: 1, 1\nsub\n\ngone.png\nsize: 1, 1\ngone\n\nm.png\nsize: 4, 4\nseq1\nbounds: 0, 0, 4, 4\nseq2\nbounds: 0, 0, 4, 4\n";
    let skeleton = |edit: &dyn Fn(&mut Value)| {
        let mut v = skeleton();
        edit(&mut v);
        v.to_string()
    };
    let edits: Vec<fn(&mut Value)> = vec![
        (|_| {}),
        (|v| {
            let m = &mut v["skins"][0]["attachments"]["m"]["m"];
            m["uvs"] = serde_json::json!([2, -1, 1e300, 0, 0.5, 0.5]);
            m["triangles"] = serde_json::json!([0, 1, 9, -1, 0.5]);
            m["hull"] = serde_json::json!(-7);
            m["vertices"] =
                serde_json::json!([3, 9, 0, 0, -1, 0, 1, 1, 1e300, 1, 2, 2, 2, 0, 5, 5, 5]);
            m["width"] = serde_json::json!(1e300);
            m["height"] = serde_json::json!(1e300);
        }),
        (|v| {
            let atts = &mut v["skins"][0]["attachments"];
            atts["box"]["p"] = serde_json::json!({ "type": "path", "vertexCount": 7, "lengths": [1e300, -1], "closed": true, "vertices": [1, 2] });
            atts["box"]["c"] = serde_json::json!({ "type": "clipping", "end": 5, "vertexCount": 1, "vertices": [0, 0] });
            atts["s"]["seq"] = serde_json::json!({ "path": "seq", "width": -1, "height": 0, "sequence": { "count": 2 } });
            atts["s"]["lm"] = serde_json::json!({ "type": "linkedmesh", "source": "m", "slot": "m", "uvs": [], "path": "box" });
        }),
        (|v| {
            v["constraints"] = serde_json::json!([
                { "type": "ik", "name": "k", "bones": [], "target": "t", "mix": 0 },
                { "type": "physics", "name": "p", "bone": "t", "rotate": 1, "scaleX": 1, "shearX": 1, "mass": -1, "damping": 9, "strength": -1, "fps": -1, "mix": 0 },
                { "type": "transform", "name": "tc", "bones": ["b"], "source": "t", "properties": { "x": { "to": { "y": {}, "rotate": {} } } }, "mixY": 0, "mixRotate": 0 },
                { "type": "path", "name": "pc", "bones": [], "slot": "s", "target": "s", "mixRotate": 0, "mixX": 0, "mixY": -1 },
                { "type": "slider", "name": "sl", "animation": "knob", "bone": "t", "property": "rotate", "loop": true, "scale": 0, "mix": -1, "skin": true }
            ]);
            v["bones"][2]["skin"] = serde_json::json!(true);
            v["skins"][0]["bones"] = serde_json::json!(["t"]);
            v["animations"]["knob"] = serde_json::json!({
                "ik": { "k": [{ "mix": 0 }] },
                "physics": { "": { "mass": [{ "value": 0 }], "damping": [{ "value": -1 }], "reset": [{}] }, "p": { "mix": [{ "value": -1, "curve": [0, 1e300, 1, -1e300] }, { "time": 1 }] } },
                "slider": { "sl": { "mix": [{ "value": 0 }], "time": [{}] } },
                "path": { "pc": { "mix": [{ "mixRotate": 0, "mixX": 0 }] } },
                "transform": { "tc": [{ "mixRotate": 0, "mixY": 0, "mixX": 9 }] }
            });
            v["animations"]["idle"] = serde_json::json!({ "bones": { "b": { "rotate": [{}] }, "root": { "scale": [{}] } } });
        }),
    ];
    let mut rig = rig();
    rig.mesh_kinds = vec![
        ("m".into(), "ribbon".into()),
        ("box".into(), "segments".into()),
    ];
    rig.mesh_soft_bones = vec![("m".into(), "nobody".into())];
    rig.mesh_declared_bones = vec![("m".into(), vec!["".into(), "t".into()])];
    rig.base_plates = vec!["q".into()];
    rig.invariants.mass_bone = Some("t".into());
    rig.invariants.idle_drives_meshes = Some("".into());
    rig.stroke = Some(rigc_sdk::gate::Stroke {
        contact_depth: Some(f64::NAN),
        cap_containment_ceiling: Some(-1.0),
        inward_unit: [f64::INFINITY, -0.0],
    });
    let mut inputs = Vec::new();
    for (i, edit) in edits.iter().enumerate() {
        for atlas in [atlas, ATLAS] {
            let mut input = input_texts(&skeleton(edit), atlas);
            input.pages = pages_in(atlas, dir.path());
            if i % 2 == 1 {
                input.rig = Some(rig.clone());
            }
            inputs.push(input);
        }
    }
    (dir, inputs)
}

/// The project's spine-core oracle (`scripts/setup-oracle.sh` installs it in
/// `<workspace>/.oracle/`), when it and `node` are there.
fn oracle_script() -> Option<PathBuf> {
    let script = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../.oracle/pose.mjs")
        .canonicalize()
        .ok()?;
    let node = std::process::Command::new("node")
        .arg("--version")
        .output()
        .ok()?;
    node.status.success().then_some(script)
}

/// Asserts spine-core 4.3.13 loads `input`'s skeleton against its atlas
/// (`node .oracle/pose.mjs --roundtrip`), so that a hand-built mutant is a real
/// Spine file. Without the oracle (not installed, no `node`) this says so on
/// stderr and checks nothing.
#[track_caller]
pub(crate) fn assert_spine_loads(input: &GateInput) {
    let Some(script) = oracle_script() else {
        eprintln!("spine-core oracle not installed (scripts/setup-oracle.sh): load not checked");
        return;
    };
    let dir = tempfile::tempdir().expect("a temporary directory");
    let json = dir.path().join("skeleton.json");
    std::fs::write(&json, &input.skeleton_text).expect("skeleton written");
    let atlas = match &input.atlas_text {
        Some(text) => {
            let path = dir.path().join("skeleton.atlas");
            std::fs::write(&path, text).expect("atlas written");
            path.to_string_lossy().into_owned()
        }
        None => "-".into(),
    };
    let out = std::process::Command::new("node")
        .arg(&script)
        .args(["--roundtrip", &json.to_string_lossy(), &atlas, "--compact"])
        .output()
        .expect("node runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success() && stdout.contains("\"ok\":true"),
        "spine-core refuses the mutant: {stdout}{}\n{}",
        String::from_utf8_lossy(&out.stderr),
        input.skeleton_text
    );
}
