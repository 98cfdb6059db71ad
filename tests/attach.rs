//! Clipping attachments, linked meshes and sequences (FORMAT.md §2.7.6–§2.7.8)
//! end to end: a small rig of this test's own with one of each is compiled,
//! read back by spine-core (the attachment types, the clipping `end` slot, the
//! linked mesh's source geometry, the sequence frame shown at setup) and by our
//! runtime (`rigc-spine`), agreeing; A11, A44 and A46 measure on the build, a
//! mutant of its text FAILs each. The refusals are `attach_refusals`.

use crate::fixture::part_png;
use crate::util::{oracle, spine_core_loads_and_poses, Project};

/// The rig: a clip over the slots `body`..`twin`, a mesh `body`, a link
/// `twin` to it with art of its own, a region series `flash` (3 frames,
/// 2 digits, setup frame 1) and a mesh series `wave` (2 frames from 0).
pub(crate) const RIG: &str = r#"{
  "spec": "rigc-rig/1",
  "name": "attach",
  "images": "parts",
  "skeleton": { "width": 200, "height": 200 },
  "bones": [
    { "name": "root" },
    { "name": "body", "parent": "root", "x": 100, "y": 50, "rotation": 30 }
  ],
  "slots": [
    { "name": "clip", "bone": "body", "attachment": "clip" },
    { "name": "body", "bone": "body", "attachment": "body" },
    { "name": "twin", "bone": "root", "attachment": "twin" },
    { "name": "flash", "bone": "body", "attachment": "flash" },
    { "name": "wave", "bone": "body", "attachment": "wave" }
  ],
  "skins": {
    "default": {
      "clip": { "clip": { "type": "clipping", "end": "twin", "vertexCount": 4, "vertices": [-10, -10, 10, -10, 10, 10, -10, 10] } },
      "body": { "body": { "type": "mesh", "image": "body.png", "uvs": [0, 1, 1, 1, 1, 0, 0, 0], "triangles": [0, 1, 2, 2, 3, 0], "vertices": [-20, 0, 20, 0, 20, 60, -20, 60] } },
      "twin": { "twin": { "type": "linkedmesh", "source": "body", "slot": "body", "image": "twin.png" } },
      "flash": { "flash": { "sequence": { "count": 3, "digits": 2, "setup": 1 }, "x": 5 } },
      "wave": { "wave": { "type": "mesh", "uvs": [0, 1, 1, 1, 1, 0, 0, 0], "triangles": [0, 1, 2, 2, 3, 0], "vertices": [-15, 0, 15, 0, 15, 10, -15, 10], "sequence": { "count": 2, "start": 0 } } }
    }
  }
}
"#;

/// The motion: one sway of the body bone.
pub(crate) const MOTION: &str = r#"{
  "spec": "rigc-motion/1",
  "archetype": "attach",
  "cut": "attach",
  "easings": {},
  "animations": {
    "sway": {
      "duration": 1,
      "tracks": [
        { "bone": "body", "property": "rotate", "keys": [ { "t": 0, "v": [0] }, { "t": 1, "v": [10] } ] }
      ]
    }
  }
}
"#;

/// The PNGs the rig names, and each one's size.
const PARTS: &[(&str, u32, u32)] = &[
    ("body", 40, 60),
    ("twin", 40, 60),
    ("flash01", 20, 16),
    ("flash02", 20, 16),
    ("flash03", 20, 16),
    ("wave0", 30, 10),
    ("wave1", 30, 10),
];

/// A project of `rig` and `motion` with every part drawn.
pub(crate) fn project(rig: &str, motion: &str) -> Project {
    let p = Project::new();
    p.write("rig.json", rig);
    p.write("motion.json", motion);
    for (name, w, h) in PARTS {
        p.write(&format!("parts/{name}.png"), part_png(*w, *h));
    }
    p
}

fn build(p: &Project, extra: &[&str]) -> crate::util::Run {
    p.rigc(&crate::fixture::args("out", extra))
}

fn skeleton(p: &Project) -> serde_json::Value {
    serde_json::from_str(&p.read("out/skeleton.json")).expect("skeleton.json")
}

fn attachment<'v>(s: &'v serde_json::Value, slot: &str) -> &'v serde_json::Value {
    &s["skins"][0]["attachments"][slot][slot]
}

#[test]
fn compiles_and_spine_core_reads_each_construct_back() {
    let p = project(RIG, MOTION);
    build(&p, &[])
        .green()
        .stdout_has("PASS  A44_LINKED_MESH_STATES_NO_GEOMETRY_OF_ITS_OWN")
        .stdout_has("PASS  A46_SEQUENCE_ATTACHMENTS_SHOW_THE_FRAME_THE_FILE_STATES")
        .stdout_has("PROF  A11_NO_CLIPPING_ATTACHMENTS")
        // A link states no geometry, so it has no MESH line of its own.
        .stdout_lacks("MESH  twin");
    let s = skeleton(&p);
    // FORMAT.md §5.3 key orders, and the sequence's declared fields only.
    let keys = |slot: &str| -> Vec<String> {
        attachment(&s, slot)
            .as_object()
            .map(|o| o.keys().cloned().collect())
            .unwrap_or_default()
    };
    assert_eq!(keys("clip"), ["type", "end", "vertexCount", "vertices"]);
    assert_eq!(keys("twin"), ["type", "source", "slot"]);
    assert_eq!(keys("flash"), ["width", "height", "x", "sequence"]);
    assert_eq!(
        attachment(&s, "flash")["sequence"],
        serde_json::json!({ "count": 3, "digits": 2, "setup": 1 })
    );
    assert_eq!(
        attachment(&s, "wave")["sequence"],
        serde_json::json!({ "count": 2, "start": 0 })
    );
    // A sequenced region without a size takes its setup frame's (flash02.png, 20x16).
    assert_eq!(
        (
            attachment(&s, "flash")["width"].as_f64(),
            attachment(&s, "flash")["height"].as_f64()
        ),
        (Some(20.0), Some(16.0))
    );
    // The atlas: one page per frame, each named as Sequence.getPath names it.
    let atlas = p.read("out/skeleton.atlas");
    for (name, w, h) in PARTS {
        assert!(
            atlas.contains(&format!("../parts/{name}.png\nsize: {w}, {h}\nfilter: Linear, Linear\npma: false\n{name}\nbounds: 0, 0, {w}, {h}\n")),
            "no page for {name}:\n{atlas}"
        );
    }

    let (sk, at) = (
        p.path().join("out/skeleton.json"),
        p.path().join("out/skeleton.atlas"),
    );
    let (sk, at) = (sk.to_str().unwrap_or(""), at.to_str().unwrap_or(""));
    let summary = oracle(&["--roundtrip", sk, at]).expect("spine-core reads it");
    assert_eq!(
        summary["attachments"],
        serde_json::json!({ "region": 1, "mesh": 2, "linkedmesh": 1, "boundingbox": 0, "path": 0, "point": 0, "clipping": 1 })
    );
    let setup = oracle(&[sk, at, "--setup", "0"]).expect("spine-core poses the setup");
    let shown = |slot: &str| -> serde_json::Value {
        setup["frames"][0]["attachments"]
            .as_array()
            .and_then(|a| a.iter().find(|x| x["slot"] == slot).cloned())
            .unwrap_or_else(|| panic!("slot {slot} shows nothing: {setup}"))
    };
    let clip = shown("clip");
    assert_eq!(
        (clip["type"].as_str(), clip["end"].as_str()),
        (Some("clipping"), Some("twin"))
    );
    assert_eq!(
        (clip["convex"].as_bool(), clip["inverse"].as_bool()),
        (Some(false), Some(false))
    );
    // The link draws its source's geometry: same uvs, triangles and hull,
    // and — the source's vertices being unweighted, in the slot bone's space —
    // the same world vertices though its own slot hangs on another bone
    // (root): spine-core places a link's vertices by its own slot's bone.
    let (body, twin) = (shown("body"), shown("twin"));
    assert_eq!(twin["source"], "body");
    assert_eq!(twin["path"], "twin");
    for k in ["uvs", "triangles", "hullLength"] {
        assert_eq!(twin[k], body[k], "{k}");
    }
    // Closed form: body bone at (100, 50) rotated 30°, so source vertex
    // (20, 60) lands at (100 + 20c − 60s, 50 + 20s + 60c) under the body
    // bone, and at (20, 60) under root.
    let (c, sn) = (30f64.to_radians().cos(), 30f64.to_radians().sin());
    let v = |a: &serde_json::Value, i: usize| a["vertices"][i].as_f64().unwrap_or(f64::NAN);
    assert!(
        (v(&body, 4) - (100.0 + 20.0 * c - 60.0 * sn)).abs() < 1e-3,
        "{body}"
    );
    assert!(
        (v(&body, 5) - (50.0 + 20.0 * sn + 60.0 * c)).abs() < 1e-3,
        "{body}"
    );
    assert!(
        (v(&twin, 4) - 20.0).abs() < 1e-4 && (v(&twin, 5) - 60.0).abs() < 1e-4,
        "{twin}"
    );
    // The region series shows its setup frame, index 1 (flash02); the mesh
    // series its frame 0.
    assert_eq!(shown("flash")["sequenceIndex"], 1);
    assert_eq!(shown("flash")["path"], "flash");
    assert_eq!(shown("wave")["sequenceIndex"], 0);

    // Our runtime reads the same: the link's source, the series' regions by
    // name (frame 1 is flash02), the clip's end slot.
    let text = p.read("out/skeleton.json");
    let atlas = rigc_sdk::spine::read_atlas(&atlas).expect("our atlas reader");
    let data = rigc_sdk::spine::read_skeleton(&text, Some(&atlas))
        .unwrap_or_else(|e| panic!("our reader: {}", e.message))
        .data;
    use rigc_sdk::spine::data::AttachmentKind as K;
    let ours = |slot: &str| {
        let i = data
            .slots
            .iter()
            .position(|s| s.name == slot)
            .expect("slot");
        let a = data.skins[0].get_attachment(i, slot).expect("attachment");
        data.attachments[a].clone()
    };
    match &ours("flash").kind {
        K::Region(r) => {
            let names: Vec<&str> = r.sequence.regions.iter().map(|x| x.name.as_str()).collect();
            assert_eq!(names, ["flash01", "flash02", "flash03"]);
            assert_eq!(r.sequence.resolve_index(-1.0), 1.0);
        }
        other => panic!("flash is {other:?}"),
    }
    match &ours("twin").kind {
        K::Mesh(m) => assert!(m.source_mesh.is_some(), "the link has no source"),
        other => panic!("twin is {other:?}"),
    }
    assert_eq!(ours("clip").type_name(), "clipping");
    assert_eq!(ours("twin").type_name(), "linkedmesh");
    // …and poses it as spine-core does (the setup and the sway).
    spine_core_loads_and_poses(&p.path().join("out/skeleton.json"), &|| String::new());
}

#[test]
fn a11_fails_the_clip_under_spine_html_and_writes_nothing() {
    let p = project(RIG, MOTION);
    build(&p, &["--profile", "spine-html"])
        .code(1)
        .stdout_has("FAIL  A11_NO_CLIPPING_ATTACHMENTS: 1 clipping attachment(s); the renderer skips them silently");
    assert!(!p.exists("out"), "a red build wrote --out");
    build(&p, &["--profile", "spine"]).green();
    // The built text, validated under each profile.
    p.rigc(&["validate", "out", "--profile", "spine-html"])
        .code(1)
        .stdout_has("FAIL  A11_NO_CLIPPING_ATTACHMENTS");
    p.rigc(&["validate", "out", "--profile", "spine"]).green();
}

#[test]
fn a11_passes_the_same_rig_without_its_clip_under_spine_html() {
    let rig = RIG
        .replacen("    { \"name\": \"clip\", \"bone\": \"body\", \"attachment\": \"clip\" },\n", "", 1)
        .replacen(
            "      \"clip\": { \"clip\": { \"type\": \"clipping\", \"end\": \"twin\", \"vertexCount\": 4, \"vertices\": [-10, -10, 10, -10, 10, 10, -10, 10] } },\n",
            "",
            1,
        );
    assert!(!rig.contains("clipping"), "the clip is gone");
    let p = project(&rig, MOTION);
    build(&p, &["--profile", "spine-html"])
        .green()
        .stdout_has("PASS  A11_NO_CLIPPING_ATTACHMENTS");
}

#[test]
fn a_clipping_polygon_takes_deform_keys() {
    // FORMAT.md §3.14: mesh, boundingbox and clipping carry a vertex array.
    let motion = MOTION.replace(
        "      ]\n    }\n  }",
        "      ],\n      \"deform\": [ { \"slot\": \"clip\", \"attachment\": \"clip\", \"keys\": [ { \"t\": 0 }, { \"t\": 1, \"offset\": 2, \"vertices\": [3, 4] } ] } ]\n    }\n  }",
    );
    let p = project(RIG, &motion);
    build(&p, &[])
        .green()
        .stdout_has("PASS  A35_DEFORM_KEYS_FIT_THE_ATTACHMENT");
    let s = skeleton(&p);
    assert_eq!(
        s["animations"]["sway"]["attachments"]["default"]["clip"]["clip"]["deform"],
        serde_json::json!([{ "time": 0 }, { "time": 1, "offset": 2, "vertices": [3, 4] }])
    );
    // spine-core moves the clip's vertex 1 by (3, 4) in the slot bone's
    // space at t=1: (10, -10) → (13, -6), under the body bone at (100, 50)
    // rotated 30° + the sway's 10°.
    let (sk, at) = (
        p.path().join("out/skeleton.json"),
        p.path().join("out/skeleton.atlas"),
    );
    let doc = oracle(&[
        sk.to_str().unwrap_or(""),
        at.to_str().unwrap_or(""),
        "sway",
        "1",
    ])
    .expect("spine-core poses it");
    let clip = doc["frames"][0]["attachments"]
        .as_array()
        .and_then(|a| a.iter().find(|x| x["slot"] == "clip").cloned())
        .expect("the clip is shown");
    let (c, sn) = (40f64.to_radians().cos(), 40f64.to_radians().sin());
    let (x, y) = (13.0, -6.0);
    let v = |i: usize| clip["vertices"][i].as_f64().unwrap_or(f64::NAN);
    assert!((v(2) - (100.0 + x * c - y * sn)).abs() < 1e-3, "{clip}");
    assert!((v(3) - (50.0 + x * sn + y * c)).abs() < 1e-3, "{clip}");
    spine_core_loads_and_poses(&sk, &|| String::new());
}

fn mutate(p: &Project, from: &str, to: &str) {
    let text = p.read("out/skeleton.json");
    assert!(text.contains(from), "{from:?} not in the skeleton:\n{text}");
    p.write("out/skeleton.json", text.replacen(from, to, 1));
}

#[test]
fn a44_and_a46_measure_the_build_and_fail_its_mutants() {
    let p = project(RIG, MOTION);
    build(&p, &[]).green();
    p.rigc(&["validate", "out"])
        .green()
        .stdout_has("PASS  A44_LINKED_MESH_STATES_NO_GEOMETRY_OF_ITS_OWN")
        .stdout_has("PASS  A46_SEQUENCE_ATTACHMENTS_SHOW_THE_FRAME_THE_FILE_STATES");
    // The link states geometry of its own.
    mutate(
        &p,
        "\"type\": \"linkedmesh\",",
        "\"type\": \"linkedmesh\", \"hull\": 4,",
    );
    p.rigc(&["validate", "out"]).code(1).stdout_has(
        "FAIL  A44_LINKED_MESH_STATES_NO_GEOMETRY_OF_ITS_OWN: skin \"default\" slot \"twin\" placeholder \"twin\": linked mesh \"twin\" states \"hull\", which the runtime never reads",
    );
    build(&p, &[]).green();
    // The series' setup frame past its end (the runtime clamps it).
    mutate(&p, "\"setup\": 1", "\"setup\": 3");
    p.rigc(&["validate", "out"])
        .code(1)
        .stdout_has("FAIL  A46_SEQUENCE_ATTACHMENTS_SHOW_THE_FRAME_THE_FILE_STATES");
}

/// The vertices spine-core shows for `slot` in `sway` at `t`.
fn posed(p: &Project, slot: &str, t: &str) -> Vec<f64> {
    let (sk, at) = (
        p.path().join("out/skeleton.json"),
        p.path().join("out/skeleton.atlas"),
    );
    let doc = oracle(&[
        sk.to_str().unwrap_or(""),
        at.to_str().unwrap_or(""),
        "sway",
        t,
    ])
    .expect("spine-core poses it");
    doc["frames"][0]["attachments"]
        .as_array()
        .and_then(|a| a.iter().find(|x| x["slot"] == slot).cloned())
        .and_then(|a| a["vertices"].as_array().cloned())
        .unwrap_or_default()
        .iter()
        .map(|v| v.as_f64().unwrap_or(f64::NAN))
        .collect()
}

#[test]
fn a_link_plays_its_sources_deform_keys_unless_it_says_timelines_false() {
    // The source's vertex 2 (20, 60) is keyed by (3, 4) at t=1.
    let motion = MOTION.replace(
        "      ]\n    }\n  }",
        "      ],\n      \"deform\": [ { \"slot\": \"body\", \"attachment\": \"body\", \"keys\": [ { \"t\": 0 }, { \"t\": 1, \"fromVertex\": 2, \"vertices\": [3, 4] } ] } ]\n    }\n  }",
    );
    let p = project(RIG, &motion);
    build(&p, &[]).green();
    // The link (its slot on root, unrotated at the origin) shows the keyed
    // source vertex: (20 + 3, 60 + 4).
    let twin = posed(&p, "twin", "1");
    assert!(
        (twin[4] - 23.0).abs() < 1e-4 && (twin[5] - 64.0).abs() < 1e-4,
        "{twin:?}"
    );
    spine_core_loads_and_poses(&p.path().join("out/skeleton.json"), &|| String::new());
    // With "timelines": false it plays only its own keys: the vertex stays.
    let rig = RIG.replacen(
        "\"source\": \"body\",",
        "\"source\": \"body\", \"timelines\": false,",
        1,
    );
    let p = project(&rig, &motion);
    build(&p, &[]).green();
    assert_eq!(attachment(&skeleton(&p), "twin")["timelines"], false);
    let twin = posed(&p, "twin", "1");
    assert!(
        (twin[4] - 20.0).abs() < 1e-4 && (twin[5] - 60.0).abs() < 1e-4,
        "{twin:?}"
    );
}

#[test]
fn a_link_with_timelines_false_plays_its_own_deform_keys_and_its_source_does_not() {
    // The link's own vertex 2 (its source's (20, 60)) is keyed by (3, 4) at t=1.
    let motion = MOTION.replace(
        "      ]\n    }\n  }",
        "      ],\n      \"deform\": [ { \"slot\": \"twin\", \"attachment\": \"twin\", \"keys\": [ { \"t\": 0 }, { \"t\": 1, \"fromVertex\": 2, \"vertices\": [3, 4] } ] } ]\n    }\n  }",
    );
    assert_ne!(motion, MOTION);
    let rig = RIG.replacen(
        "\"source\": \"body\",",
        "\"source\": \"body\", \"timelines\": false,",
        1,
    );
    let p = project(&rig, &motion);
    build(&p, &[])
        .green()
        .stdout_has("PASS  A35_DEFORM_KEYS_FIT_THE_ATTACHMENT");
    let s = skeleton(&p);
    let keys = &s["animations"]["sway"]["attachments"]["default"]["twin"]["twin"]["deform"];
    assert_eq!(keys[1]["offset"], 4, "{keys}");
    // The link (its slot on root, unrotated at the origin) shows its keyed
    // vertex: (20 + 3, 60 + 4); at t=0 it is the source's own (20, 60).
    let twin = posed(&p, "twin", "1");
    assert!(
        (twin[4] - 23.0).abs() < 1e-4 && (twin[5] - 64.0).abs() < 1e-4,
        "{twin:?}"
    );
    let twin = posed(&p, "twin", "0");
    assert!(
        (twin[4] - 20.0).abs() < 1e-4 && (twin[5] - 60.0).abs() < 1e-4,
        "{twin:?}"
    );
    // The source is not keyed: it poses as in the same rig without the deform.
    let plain = project(&rig, MOTION);
    build(&plain, &[]).green();
    let (body, unkeyed) = (posed(&p, "body", "1"), posed(&plain, "body", "1"));
    assert_eq!(body.len(), 8, "{body:?}");
    for (a, b) in body.iter().zip(&unkeyed) {
        assert!((a - b).abs() < 1e-4, "{body:?} vs {unkeyed:?}");
    }
    spine_core_loads_and_poses(&p.path().join("out/skeleton.json"), &|| String::new());
}

#[test]
fn every_field_of_a_clip_and_a_link_is_written_in_order_and_read_back() {
    let rig = RIG
        .replacen("\"end\": \"twin\",", "\"end\": \"twin\", \"convex\": true, \"inverse\": true, \"color\": \"CE3A3AFF\",", 1)
        .replacen(
            "\"source\": \"body\", \"slot\": \"body\", \"image\": \"twin.png\" }",
            "\"source\": \"body\", \"skin\": \"default\", \"slot\": \"body\", \"timelines\": true, \"image\": \"twin.png\", \"path\": \"twin\", \"width\": 40, \"height\": 60, \"color\": \"ff000080\" }",
            1,
        );
    let p = project(&rig, MOTION);
    build(&p, &[]).green();
    let s = skeleton(&p);
    let keys = |slot: &str| -> Vec<String> {
        attachment(&s, slot)
            .as_object()
            .map(|o| o.keys().cloned().collect())
            .unwrap_or_default()
    };
    assert_eq!(
        keys("clip"),
        [
            "type",
            "end",
            "convex",
            "inverse",
            "vertexCount",
            "vertices",
            "color"
        ]
    );
    assert_eq!(
        keys("twin"),
        [
            "type",
            "source",
            "skin",
            "slot",
            "timelines",
            "path",
            "width",
            "height",
            "color"
        ]
    );
    assert_eq!(attachment(&s, "clip")["color"], "ce3a3aff");
    let (sk, at) = (
        p.path().join("out/skeleton.json"),
        p.path().join("out/skeleton.atlas"),
    );
    let setup = oracle(&[
        sk.to_str().unwrap_or(""),
        at.to_str().unwrap_or(""),
        "--setup",
        "0",
    ])
    .expect("spine-core poses the setup");
    let shown = |slot: &str| {
        setup["frames"][0]["attachments"]
            .as_array()
            .and_then(|a| a.iter().find(|x| x["slot"] == slot).cloned())
            .unwrap_or_default()
    };
    assert_eq!(
        (
            shown("clip")["convex"].as_bool(),
            shown("clip")["inverse"].as_bool()
        ),
        (Some(true), Some(true))
    );
    // The link's colour is its own: ff000080 is (1, 0, 0, 128/255).
    let color: Vec<f64> = shown("twin")["color"]
        .as_array()
        .cloned()
        .unwrap_or_default()
        .iter()
        .map(|v| v.as_f64().unwrap_or(f64::NAN))
        .collect();
    assert_eq!(color.len(), 4, "{}", shown("twin"));
    assert!(
        (color[0] - 1.0).abs() < 1e-6
            && color[1] == 0.0
            && color[2] == 0.0
            && (color[3] - 128.0 / 255.0).abs() < 1e-6,
        "{color:?}"
    );
    spine_core_loads_and_poses(&sk, &|| String::new());
}
