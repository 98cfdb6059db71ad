//! The `segments` generator end to end (FORMAT.md §2.7.3 [cli-new], §6.2):
//! a two-bone arm over an 80×16 strip builds green under both profiles with
//! its MESH, influence and lattice lines — every figure derived here from
//! the closed form `w ∝ 1/(d + 1)²` over the bones' setup segments —, its
//! emitted weights are those, spine-core poses the bend and every vertex
//! lands where the weights put it, A20's policy measures it (and FAILs a rig
//! whose named bone binds nothing), A21 SKIPs it; every refusal class the
//! kind adds has its message, place, exit code and nothing written.

use crate::refusals::{json_refusal, pos, refused, Expect};
use crate::util::{self, Project};
use rigc_sdk::png_image::encode_rgba;
use serde_json::Value;

const RIG: &str = r#"{
  "spec": "rigc-rig/1",
  "name": "arm",
  "images": "parts",
  "skeleton": { "width": 200, "height": 100 },
  "invariants": { "meshSlots": 1, "meshTriangles": 64 },
  "bones": [
    { "name": "root" },
    { "name": "arm", "parent": "root" },
    { "name": "upper", "parent": "arm", "x": -40, "length": 40 },
    { "name": "lower", "parent": "upper", "x": 40, "length": 40 }
  ],
  "slots": [
    { "name": "arm", "bone": "arm", "attachment": "arm" }
  ],
  "skins": {
    "default": {
      "arm": { "arm": { "type": "mesh", "image": "arm.png", "generator": GEN } }
    }
  }
}
"#;

const MOTION: &str = r#"{
  "spec": "rigc-motion/1",
  "archetype": "arm",
  "cut": "arm",
  "easings": {},
  "animations": {
    "bend": {
      "duration": 1,
      "tracks": [
        { "bone": "lower", "property": "rotate", "keys": [
          { "t": 0, "v": [0] },
          { "t": 1, "v": [90] } ] }
      ]
    }
  }
}
"#;

const GEN: &str = r#"{ "kind": "segments", "bones": ["upper", "lower"], "cell": 8 }"#;
const W: &str = "skin \"default\" slot \"arm\" attachment \"arm\"";
const G: &str = "/skins/default/arm/arm/generator";

/// The arm project with generator `g` over `png`; returns the rig text.
fn arm(p: &Project, g: &str, png: Vec<u8>) -> String {
    let rig = RIG.replace("GEN", g);
    p.write("rig.json", &rig);
    p.write("motion.json", MOTION);
    p.write("parts/arm.png", png);
    rig
}

/// An opaque `w`×`h` strip.
fn strip(w: u32, h: u32) -> Vec<u8> {
    encode_rgba(w, h, &[200, 100, 50, 255].repeat((w * h) as usize))
}

fn build(p: &Project, profile: &str) -> util::Run {
    p.rigc(&[
        "build",
        "--rig",
        "rig.json",
        "--motion",
        "motion.json",
        "--out",
        "out",
        "--profile",
        profile,
    ])
}

/// The closed form: a vertex at setup world `v` against the upper segment
/// (−40, 0)–(0, 0) and the lower (0, 0)–(40, 0), falloff 2, ε 1; a binding
/// under 0.001 dropped and the rest renormalised. `(w_upper, w_lower)`.
fn expected_weights(v: [f64; 2]) -> (f64, f64) {
    let d = |lo: f64, hi: f64| (v[0] - v[0].clamp(lo, hi)).hypot(v[1]);
    let (du, dl) = (d(-40.0, 0.0), d(0.0, 40.0));
    let (ru, rl) = (1.0 / (du + 1.0).powi(2), 1.0 / (dl + 1.0).powi(2));
    let (wu, wl) = (ru / (ru + rl), rl / (ru + rl));
    // Ties go to the first named (upper).
    let upper_first = du <= dl;
    match (wu < 0.001, wl < 0.001) {
        (true, _) if !upper_first => (0.0, 1.0),
        (_, true) if upper_first => (1.0, 0.0),
        _ => (wu, wl),
    }
}

#[test]
fn an_arm_builds_weighted_by_its_segments_and_spine_core_bends_it() {
    let p = Project::new();
    arm(&p, GEN, strip(80, 16));
    // 80×16 at 8px: 10×2 cells, all with art; 11×3 corners, 2 triangles a cell.
    let corners: Vec<[f64; 2]> = (0..3)
        .flat_map(|j| (0..11).map(move |i| [f64::from(i) * 8.0, f64::from(j) * 8.0]))
        .collect();
    let world = |px: [f64; 2]| [px[0] - 40.0, 8.0 - px[1]];
    let bound: Vec<(f64, f64)> = corners
        .iter()
        .map(|&c| expected_weights(world(c)))
        .collect();
    let single = bound.iter().filter(|w| w.0 == 0.0 || w.1 == 0.0).count();
    let total: usize = bound
        .iter()
        .map(|w| usize::from(w.0 > 0.0) + usize::from(w.1 > 0.0))
        .sum();
    let b = build(&p, "spine-html");
    b.green()
        .stdout_has("  ..    segments  a lattice over the part's alpha, every vertex weighted by distance to the bone segments it names\n")
        .stdout_has("  MESH  arm          segments 33 vertices / 40 triangles  (budget 64)  bones=[arm, upper, lower]  attachments=[arm]  covers 100.00% of the art")
        .stdout_has(&format!(
            "\n        influence  max 2 bone(s) per vertex, mean {:.2}, {single} of 33 vertices ({:.2}%) on a single bone\n",
            total as f64 / 33.0,
            100.0 * single as f64 / 33.0
        ))
        .stdout_has("\n        lattice    cell 8px, 10x2 cells, 20 with art, 20 kept\n")
        .stdout_has("  PASS  A20_MESH_WEIGHTS_COHERENT\n")
        .stdout_has("  SKIP  A21_MESH_RIM_PINNED: every weighted mesh here is authored, linked or a segments lattice (\"arm\")");
    assert_eq!(single, 4, "the closed form's own count");
    build(&p, "spine").green();

    // The emitted mesh: uvs → part pixels, each binding the closed form's
    // weight at the vertex's place in its bone's setup space (upper's origin
    // at world (−40, 0), lower's at (0, 0), both unrotated).
    let k: Value = serde_json::from_str(&p.read("out/skeleton.json")).unwrap();
    let m = &k["skins"][0]["attachments"]["arm"]["arm"];
    assert_eq!(m["hull"], 24, "the strip's perimeter: 2·10 + 2·2 corners");
    let uvs: Vec<f64> = util::numbers(&m["uvs"]);
    let run: Vec<f64> = util::numbers(&m["vertices"]);
    let mut setup = Vec::new();
    let mut weights = Vec::new();
    let mut at = 0;
    for uv in uvs.chunks_exact(2) {
        let v = world([uv[0] * 80.0, uv[1] * 16.0]);
        let (wu, wl) = expected_weights(v);
        let n = run[at] as usize;
        let (mut gu, mut gl) = (0.0, 0.0);
        for b in run[at + 1..at + 1 + 4 * n].chunks_exact(4) {
            let (bone, x, y, w) = (b[0] as usize, b[1], b[2], b[3]);
            let origin = if bone == 2 { -40.0 } else { 0.0 };
            assert!(
                (x - (v[0] - origin)).abs() < 1e-6 && (y - v[1]).abs() < 1e-6,
                "{b:?} at {v:?}"
            );
            if bone == 2 {
                gu = w
            } else {
                assert_eq!(bone, 3);
                gl = w
            }
        }
        assert!(
            (gu - wu).abs() < 1e-6 && (gl - wl).abs() < 1e-6,
            "{v:?}: {gu}/{gl}, expected {wu}/{wl}"
        );
        at += 1 + 4 * n;
        setup.push(v);
        weights.push((wu, wl));
    }
    assert_eq!(at, run.len());

    // spine-core at t=1: lower turned 90° about its origin (0, 0), so a
    // vertex v lands at w_u·v + w_l·(−v_y, v_x).
    let (sk, atlas) = (
        p.path().join("out/skeleton.json"),
        p.path().join("out/skeleton.atlas"),
    );
    let doc = util::oracle(&[sk.to_str().unwrap(), atlas.to_str().unwrap(), "bend", "1"])
        .expect("spine-core poses the bend");
    let a = doc["frames"][0]["attachments"]
        .as_array()
        .and_then(|a| a.iter().find(|x| x["slot"] == "arm").cloned())
        .expect("the arm is shown");
    let posed: Vec<f64> = util::numbers(&a["vertices"]);
    for (i, (v, (wu, wl))) in setup.iter().zip(&weights).enumerate() {
        let ex = wu * v[0] - wl * v[1];
        let ey = wu * v[1] + wl * v[0];
        assert!(
            (posed[2 * i] - ex).abs() < 1e-3 && (posed[2 * i + 1] - ey).abs() < 1e-3,
            "vertex {i} at {v:?}: spine-core ({}, {}), expected ({ex}, {ey})",
            posed[2 * i],
            posed[2 * i + 1]
        );
    }
    // The tip's middle vertex rides the lower bone alone: (40, 0) → (0, 40).
    let tip = setup.iter().position(|v| *v == [40.0, 0.0]).unwrap();
    assert!((posed[2 * tip]).abs() < 1e-3 && (posed[2 * tip + 1] - 40.0).abs() < 1e-3);
    util::spine_core_loads_and_poses(&sk, &|| b.dump());

    // A mutant of the emitted skeleton: vertex 0's upper weight halved, so
    // its weights no longer close at 1 — A20 re-gated on disk FAILs it.
    let (wu, wl) = weights[0];
    let text = p.read("out/skeleton.json");
    let from = format!("{}", (wu * 1e6).round() / 1e6);
    assert!(text.contains(&from), "{from} not in the skeleton");
    p.write("out/skeleton.json", text.replacen(&from, "0.5", 1));
    p.rigc(&["validate", "out", "--profile", "spine-html"])
        .code(1)
        .stdout_has(&format!(
            "FAIL  A20_MESH_WEIGHTS_COHERENT: mesh \"arm\" vertex 0 weights sum to {:.4}",
            0.5 + (wl * 1e6).round() / 1e6
        ));
}

#[test]
fn a_turned_arm_sits_where_the_placement_rule_puts_it() {
    // The slot bone at (100, 50) turned 30° and scaled 1.5: spine-core's
    // setup world vertices are the placement rule (px − w/2, h/2 − py) taken
    // through that transform, whatever the weights — each binding's x, y is
    // the vertex in its bone's setup space, composed through the turn.
    let p = Project::new();
    let rig = arm(&p, GEN, strip(80, 16)).replace(
        "{ \"name\": \"arm\", \"parent\": \"root\" }",
        "{ \"name\": \"arm\", \"parent\": \"root\", \"x\": 100, \"y\": 50, \"rotation\": 30, \"scaleX\": 1.5, \"scaleY\": 1.5 }",
    );
    p.write("rig.json", &rig);
    let b = build(&p, "spine-html");
    b.green().stdout_has("  PASS  A20_MESH_WEIGHTS_COHERENT\n");
    let out = p.path().join("out");
    let doc = util::oracle(&[
        out.join("skeleton.json").to_str().unwrap(),
        out.join("skeleton.atlas").to_str().unwrap(),
        "--setup",
    ])
    .expect("spine-core poses the setup");
    let a = doc["frames"][0]["attachments"]
        .as_array()
        .and_then(|a| a.iter().find(|x| x["slot"] == "arm").cloned())
        .expect("the arm is shown");
    let k: Value = serde_json::from_str(&p.read("out/skeleton.json")).unwrap();
    let uvs: Vec<f64> = util::numbers(&k["skins"][0]["attachments"]["arm"]["arm"]["uvs"]);
    let (c, sn) = (30f64.to_radians().cos(), 30f64.to_radians().sin());
    for (i, uv) in uvs.chunks_exact(2).enumerate() {
        let (x, y) = (uv[0] * 80.0 - 40.0, 8.0 - uv[1] * 16.0);
        let (ex, ey) = (
            100.0 + 1.5 * (x * c - y * sn),
            50.0 + 1.5 * (x * sn + y * c),
        );
        let (gx, gy) = (
            a["vertices"][2 * i].as_f64().unwrap(),
            a["vertices"][2 * i + 1].as_f64().unwrap(),
        );
        assert!(
            (gx - ex).abs() < 1e-3 && (gy - ey).abs() < 1e-3,
            "vertex {i}: spine-core ({gx}, {gy}), the placement rule ({ex}, {ey})"
        );
    }
}

#[test]
fn a20_fails_a_named_bone_that_binds_no_vertex() {
    // maxBones 1 and "arm" named last: arm is a point at (0, 0), where lower
    // starts, so lower is never farther and wins every tie — arm binds none.
    let p = Project::new();
    arm(
        &p,
        r#"{ "kind": "segments", "bones": ["upper", "lower", "arm"], "cell": 8, "maxBones": 1 }"#,
        strip(80, 16),
    );
    // A20's policy clauses are spine-html's (GATE.md §4.6).
    build(&p, "spine").green();
    std::fs::remove_dir_all(p.path().join("out")).unwrap();
    let b = build(&p, "spine-html");
    b.code(1).stdout_has(
        "FAIL  A20_MESH_WEIGHTS_COHERENT: mesh \"arm\" declares bone \"arm\" and none of its 33 vertices binds it; the weights reference \"upper\", \"lower\"",
    );
    assert!(!p.exists("out"), "a failed gate wrote");
    // Named first, arm takes the ties and binds.
    arm(
        &p,
        r#"{ "kind": "segments", "bones": ["arm", "upper", "lower"], "cell": 8, "maxBones": 1 }"#,
        strip(80, 16),
    );
    build(&p, "spine-html")
        .green()
        .stdout_has("influence  max 1 bone(s) per vertex, mean 1.00, 33 of 33 vertices (100.00%) on a single bone");
}

/// Where `needle` first is after the rig's `"generator"` key.
fn in_generator(rig: &str, needle: &str, skip: usize) -> (u64, u64) {
    let g = rig.find("\"generator\"").expect("a generator");
    let at = g + rig[g..]
        .find(needle)
        .unwrap_or_else(|| panic!("{needle:?} not in the generator"));
    let before = &rig[..at];
    let line = before.matches('\n').count() as u64 + 1;
    let col = before.rsplit('\n').next().unwrap_or("").chars().count() as u64 + 1 + skip as u64;
    (line, col)
}

/// `refused`, and the diagnostic's code.
fn refused_as(p: &Project, code: &str, e: Expect<'_>) {
    let message = e.message.to_string();
    refused(p, e);
    let args = crate::fixture::build_args("out");
    let d = json_refusal(p, &args, &message);
    assert_eq!(d["code"], code, "{d}");
}

#[test]
fn refused_segments_blocks() {
    let p = Project::new();
    let code = "rig.generator.segments";
    let cases: &[(&str, &str, &str, (&str, usize))] = &[
        (
            r#"{ "kind": "segments", "cell": 8 }"#,
            "a segments generator needs \"bones\", the rig bones whose setup segments weigh its vertices",
            "",
            ("{ \"kind\": \"segments\"", 0),
        ),
        (
            r#"{ "kind": "segments", "bones": [], "cell": 8 }"#,
            "segments bones is an array of 0; it is a non-empty array of bone names",
            "/bones",
            ("[]", 0),
        ),
        (
            r#"{ "kind": "segments", "bones": ["upper", "lowr"], "cell": 8 }"#,
            "mesh bone \"lowr\" is not in the rig's bone list",
            "/bones/1",
            ("\"lowr\"", 0),
        ),
        (
            r#"{ "kind": "segments", "bones": ["upper", "upper"], "cell": 8 }"#,
            "segments bones names \"upper\" twice ([0] and [1]); each bone's segment weighs the vertices once",
            "/bones/1",
            ("\"upper\"]", 0),
        ),
        (
            r#"{ "kind": "segments", "bones": ["upper"] }"#,
            "a segments generator needs \"cell\", the lattice's cell side in part pixels (a whole number, at least 2)",
            "",
            ("{ \"kind\": \"segments\"", 0),
        ),
        (
            r#"{ "kind": "segments", "bones": ["upper"], "cell": 1.5 }"#,
            "segments cell is 1.5; it is the lattice's cell side in part pixels, a whole number of at least 2",
            "/cell",
            ("1.5", 0),
        ),
        (
            r#"{ "kind": "segments", "bones": ["upper"], "cell": 8, "maxBones": 5 }"#,
            "segments maxBones is 5; it is how many of the nearest bone segments each vertex binds, a whole number 1..4",
            "/maxBones",
            ("5 }", 0),
        ),
        (
            r#"{ "kind": "segments", "bones": ["upper"], "cell": 8, "falloff": 0 }"#,
            "segments falloff is 0; it is the exponent p of the weight 1 / (d + 1)^p, a number above 0 and at most 64",
            "/falloff",
            ("0 }", 0),
        ),
        (
            r#"{ "kind": "segments", "bones": ["upper"], "cell": 8, "alpha": 0 }"#,
            "segments alpha is 0; it is the alpha at or above which a pixel is art, a whole number 1..255",
            "/alpha",
            ("0 }", 0),
        ),
    ];
    for (g, m, ptr, (needle, skip)) in cases {
        let rig = arm(&p, g, strip(80, 16));
        refused_as(
            &p,
            code,
            Expect {
                file: "rig.json",
                message: &format!("{W}: {m}"),
                pointer: &format!("{G}{ptr}"),
                at: in_generator(&rig, needle, *skip),
            },
        );
    }
    // An unknown key, with did-you-mean: segments read no depth map.
    let rig = arm(
        &p,
        r#"{ "kind": "segments", "bones": ["upper"], "cell": 8, "maxBone": 2 }"#,
        strip(80, 16),
    );
    refused_as(
        &p,
        "spec.unknown-key",
        Expect {
            file: "rig.json",
            message: &format!("unknown field \"maxBone\" on segments generator ({W}) — did you mean \"maxBones\"?"),
            pointer: &format!("{G}/maxBone"),
            at: pos(&rig, "\"maxBone\"", 0),
        },
    );
}

#[test]
fn refused_lattices_and_bones_past_the_parser() {
    let p = Project::new();
    let gen = r#"{ "kind": "segments", "bones": ["upper", "lower"], "cell": 8 }"#;
    // Two islands: art in the strip's first and last 8 columns only.
    let mut px = Vec::new();
    for _y in 0..16 {
        for x in 0..80 {
            px.extend_from_slice(&[9, 9, 9, if !(8..72).contains(&x) { 255 } else { 0 }]);
        }
    }
    let rig = arm(&p, gen, encode_rgba(80, 16, &px));
    refused_as(&p, "meshgen.refused", Expect {
        file: "rig.json",
        message: &format!("{W}: the cells with art form 2 separate islands (the largest 2 of 4 cells) and one outline can only enclose one"),
        pointer: &format!("{G}/cell"),
        at: in_generator(&rig, "8 }", 0),
    });
    // A pinch inside one island: cells ["###", "#.#", "##."] of a 24×24
    // part meet only diagonally at part pixel (16, 16).
    let drawn = ["###", "#.#", "##."];
    let mut px = Vec::new();
    for y in 0..24 {
        for x in 0..24 {
            let art = drawn[y / 8].as_bytes()[x / 8] == b'#';
            px.extend_from_slice(&[9, 9, 9, if art { 255 } else { 0 }]);
        }
    }
    let rig = arm(&p, gen, encode_rgba(24, 24, &px));
    refused_as(&p, "meshgen.refused", Expect {
        file: "rig.json",
        message: &format!("{W}: the cells with art meet at a single corner, part pixel (16, 16), where two of them touch only diagonally — one outline cannot pass through one point twice"),
        pointer: &format!("{G}/cell"),
        at: in_generator(&rig, "8 }", 0),
    });
    // The cap: 1000×300 at 2px.
    let big = r#"{ "kind": "segments", "bones": ["upper"], "cell": 2 }"#;
    let rig = arm(&p, big, strip(1000, 300));
    refused_as(&p, "meshgen.refused", Expect {
        file: "rig.json",
        message: &format!("{W}: a 2px cell lays 500x150 cells over the 1000x300 part, 75651 lattice corners, past the 65536 one mesh can index — raise the cell"),
        pointer: &format!("{G}/cell"),
        at: in_generator(&rig, "2 }", 0),
    });
    // A named bone under a bone that does not inherit normally.
    let rig = arm(&p, gen, strip(80, 16)).replace(
        "\"x\": 40, \"length\": 40 }",
        "\"x\": 40, \"length\": 40, \"inherit\": \"noScale\" }",
    );
    p.write("rig.json", &rig);
    refused_as(&p, "meshgen.segments-bone", Expect {
        file: "rig.json",
        message: "attachment \"arm\": bone \"lower\" inherits \"noScale\" from its parent (on the way to the root of \"lower\"), and this build places a segments mesh's bones only through bones that inherit normally",
        pointer: &format!("{G}/bones"),
        at: pos(&rig, "[\"upper\", \"lower\"]", 0),
    });
}
