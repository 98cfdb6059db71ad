//! The `ribbon` generator through the binary (FORMAT.md §2.7.3, GATE.md A21
//! §4.6 step 2, A28): a strand — a 20×60 strip of 7 rows on the slot bone
//! `tail`, moved by the chain `t1` → `t2` hanging down from its entry edge —
//! builds green under both profiles with A20, A21 and A28 measured; its rows'
//! weights are the chain's, derived here from where the rig puts the bones;
//! spine-core poses its swing and the posed vertices are the closed form's;
//! a mutant of one side of a row FAILs A28, a mutant of the entry row FAILs
//! A21; and one test per refusal class the ribbon adds.
//!
//! [`strand`] writes the project (rig.json, motion.json, parts/tail.png), for
//! any test that needs a build where A28 measures.

use crate::fixture;
use crate::refusals::{pos, refused, Expect};
use crate::util::{self, Project};
use rigc_sdk::png_image::encode_rgba;
use serde_json::Value;

/// The strand's rig: `tail` at (100, 80); `t1` at the strip's entry edge
/// (30 above `tail`), pointing down (rotation −90), 30 long; `t2` at `t1`'s
/// tip, 30 long, so the chain's joints are the strip's top, middle and bottom
/// centre.
pub const RIG: &str = r#"{
  "spec": "rigc-rig/1",
  "name": "strand",
  "images": "parts",
  "skeleton": { "width": 200, "height": 200 },
  "bones": [
    { "name": "root" },
    { "name": "tail", "parent": "root", "x": 100, "y": 80 },
    { "name": "t1", "parent": "tail", "y": 30, "rotation": -90, "length": 30 },
    { "name": "t2", "parent": "t1", "x": 30, "length": 30 },
    { "name": "loose", "parent": "root" }
  ],
  "slots": [
    { "name": "tail", "bone": "tail", "attachment": "tail" }
  ],
  "invariants": { "meshSlots": 1, "meshTriangles": 12 },
  "skins": {
    "default": {
      "tail": { "tail": { "type": "mesh", "image": "tail.png",
        "generator": { "kind": "ribbon", "size": [20, 60], "rows": 7, "chain": ["t1", "t2"] } } }
    }
  }
}
"#;

/// The strand's motion: `swing` turns `t1` by 30° and `t2` by 40° over 1 s.
pub const MOTION: &str = r#"{
  "spec": "rigc-motion/1",
  "archetype": "strand",
  "cut": "strand",
  "easings": {},
  "animations": {
    "swing": {
      "duration": 1,
      "tracks": [
        { "bone": "t1", "property": "rotate", "keys": [ { "t": 0, "v": [0] }, { "t": 1, "v": [30] } ] },
        { "bone": "t2", "property": "rotate", "keys": [ { "t": 0, "v": [0] }, { "t": 1, "v": [40] } ] }
      ]
    }
  }
}
"#;

/// Writes the strand project into `p`, with the ribbon's generator block
/// replaced by `generator` when given (`rig.json`, `motion.json`,
/// `parts/tail.png` 20×60 opaque); returns the rig text.
pub fn strand(p: &Project, generator: Option<&str>) -> String {
    let default = r#"{ "kind": "ribbon", "size": [20, 60], "rows": 7, "chain": ["t1", "t2"] }"#;
    let rig = match generator {
        Some(g) => RIG.replacen(default, g, 1),
        None => RIG.to_string(),
    };
    p.write("rig.json", &rig);
    p.write("motion.json", MOTION);
    p.write(
        "parts/tail.png",
        encode_rgba(20, 60, &[200, 120, 40, 255].repeat(20 * 60)),
    );
    rig
}

/// The weights the model gives row `i` of 7 over a 60 px strip whose chain
/// joints are at y = 0, 30, 60: `t2`'s share is `clamp(y/30, 0, 1)`.
fn t2_share(row: usize) -> f64 {
    (10.0 * row as f64 / 30.0).clamp(0.0, 1.0)
}

type Bindings = Vec<Vec<(usize, f64, f64, f64)>>;

/// The weighted vertices of the emitted mesh: per vertex, `(bone, x, y, w)`.
fn bindings(mesh: &Value) -> Bindings {
    let v: Vec<f64> = util::numbers(&mesh["vertices"]);
    let mut out = Vec::new();
    let mut i = 0;
    while i < v.len() {
        let n = v[i] as usize;
        out.push(
            (0..n)
                .map(|k| {
                    let b = &v[i + 1 + 4 * k..i + 5 + 4 * k];
                    (b[0] as usize, b[1], b[2], b[3])
                })
                .collect(),
        );
        i += 1 + 4 * n;
    }
    out
}

/// Rotates `v` about `c` by `deg` degrees (y up).
fn turn(v: [f64; 2], c: [f64; 2], deg: f64) -> [f64; 2] {
    let (s, k) = deg.to_radians().sin_cos();
    let (x, y) = (v[0] - c[0], v[1] - c[1]);
    [c[0] + k * x - s * y, c[1] + s * x + k * y]
}

#[test]
fn a_ribbon_builds_measures_a28_and_spine_core_swings_it() {
    let p = Project::new();
    strand(&p, None);
    for profile in ["spine", "spine-html"] {
        let b = p.rigc(&fixture::args("out", &["--profile", profile]));
        b.green()
            .stdout_lacks("FAIL")
            .stdout_has("  ..    ribbon    entry row pinned, rows share their weights so the strip lengthens without widening\n")
            .stdout_has("  MESH  tail         ribbon   14 vertices / 12 triangles  (budget 12)  bones=[tail, t1, t2]  attachments=[tail]  covers 100.00% of the art, reaching 0.00px past it\n");
        if profile == "spine-html" {
            b.stdout_has("  PASS  A20_MESH_WEIGHTS_COHERENT\n")
                .stdout_has("  PASS  A21_MESH_RIM_PINNED\n")
                .stdout_has("  PASS  A28_RIBBON_ROWS_SHARE_WEIGHTS\n");
        }
    }
    let k: Value = serde_json::from_str(&p.read("out/skeleton.json")).unwrap();
    let m = &k["skins"][0]["attachments"]["tail"]["tail"];
    assert_eq!(
        (m["hull"].as_u64(), m["triangles"].as_array().map(Vec::len)),
        (Some(14), Some(36))
    );
    let uvs: Vec<f64> = util::numbers(&m["uvs"]);
    let b = bindings(m);
    assert_eq!(b.len(), 14);
    // Bones: root 0, tail 1, t1 2, t2 3.
    for v in 0..14 {
        let row = if v < 7 { v } else { 13 - v };
        let (px, py) = (if v < 7 { 0.0 } else { 20.0 }, 10.0 * row as f64);
        assert!(
            (uvs[2 * v] - px / 20.0).abs() < 1e-6 && (uvs[2 * v + 1] - py / 60.0).abs() < 1e-6,
            "uv {v}"
        );
        // Slot-bone space: (px − w/2, h/2 − py).
        let (x, y) = (px - 10.0, 30.0 - py);
        if row == 0 {
            assert_eq!(b[v], vec![(1, x, y, 1.0)], "entry vertex {v}");
            continue;
        }
        let w2 = t2_share(row);
        let mut want = Vec::new();
        // t1's space: origin (0, 30) of tail's, x axis down: local = (30 − y, x).
        if w2 < 1.0 {
            want.push((2, 30.0 - y, x, 1.0 - w2));
        }
        // t2's space: origin (0, 0), x axis down: local = (−y, x).
        if w2 > 0.0 {
            want.push((3, -y, x, w2));
        }
        assert_eq!(b[v].len(), want.len(), "vertex {v}: {:?}", b[v]);
        for (g, w) in b[v].iter().zip(&want) {
            assert_eq!(g.0, w.0, "vertex {v}");
            for (a, e) in [(g.1, w.1), (g.2, w.2), (g.3, w.3)] {
                assert!((a - e).abs() < 1e-5, "vertex {v}: {:?} vs {want:?}", b[v]);
            }
        }
    }
    util::spine_core_loads_and_poses(&p.path().join("out/skeleton.json"), &|| p.read("rig.json"));
    // spine-core's world vertices at the end of the swing: t1 turned 30°
    // about its origin (100, 110), t2 40° more about its own; a vertex is the
    // weighted sum of where each bone carries it.
    let (s, a) = (
        p.path().join("out/skeleton.json"),
        p.path().join("out/skeleton.atlas"),
    );
    let doc = util::oracle(&[s.to_str().unwrap(), a.to_str().unwrap(), "swing", "1"]).unwrap();
    let att = doc["frames"][0]["attachments"]
        .as_array()
        .unwrap()
        .iter()
        .find(|x| x["slot"] == "tail")
        .unwrap_or_else(|| panic!("{doc}"))
        .clone();
    let world: Vec<f64> = util::numbers(&att["vertices"]);
    let (p1, p2) = ([100.0, 110.0], [100.0, 80.0]);
    let p2_posed = turn(p2, p1, 30.0);
    for v in 0..14 {
        let row = if v < 7 { v } else { 13 - v };
        let setup = [if v < 7 { 90.0 } else { 110.0 }, 110.0 - 10.0 * row as f64];
        let want = if row == 0 {
            setup
        } else {
            let w2 = t2_share(row);
            let by1 = turn(setup, p1, 30.0);
            let by2 = turn(setup, p2, 70.0);
            let by2 = [by2[0] - p2[0] + p2_posed[0], by2[1] - p2[1] + p2_posed[1]];
            [
                (1.0 - w2) * by1[0] + w2 * by2[0],
                (1.0 - w2) * by1[1] + w2 * by2[1],
            ]
        };
        let got = [world[2 * v], world[2 * v + 1]];
        assert!(
            (got[0] - want[0]).abs() < 1e-3 && (got[1] - want[1]).abs() < 1e-3,
            "vertex {v}: spine-core {got:?}, closed form {want:?}"
        );
    }
}

/// What the core rule `code` finds on `skeleton` with the strand's rig info
/// (a `ribbon` on slot `tail`, chain t1, t2), through the linked plugin:
/// `Ok(())` when it measures and passes, else its failure details (or
/// `["SKIP: …"]`).
fn gate(skeleton: &str, atlas: &str, code: &str) -> Result<(), Vec<String>> {
    let rig = rigc_sdk::gate::RigInfo {
        name: "strand".into(),
        slot_order: vec!["tail".into()],
        mesh_kinds: vec![("tail".into(), "ribbon".into())],
        mesh_declared_bones: vec![("tail".into(), vec!["t1".into(), "t2".into()])],
        ..Default::default()
    };
    let call = rigc_sdk::abi::GateCall {
        gate: rigc_sdk::gate::GateInput {
            profile: rigc_sdk::gate::Profile::SpineHtml,
            skeleton_text: skeleton.to_string(),
            atlas_text: Some(atlas.to_string()),
            rig: Some(rig),
            second: None,
            pages: Vec::new(),
        },
        config: Value::Null,
    };
    let builtins = rigc::builtins();
    let rules = builtins
        .iter()
        .find(|b| b.name() == "rigc-core-rules")
        .expect("the core rules are built in");
    let reply: rigc_sdk::abi::GateReply = rules.call("gate", &call).unwrap();
    let o = reply
        .outcomes
        .into_iter()
        .find(|o| o.code == code)
        .unwrap_or_else(|| panic!("no {code} outcome"));
    if let Some(why) = o.outcome.skip.filter(|_| o.outcome.failures.is_empty()) {
        return Err(vec![format!("SKIP: {why}")]);
    }
    match o.outcome.failures.is_empty() {
        true => Ok(()),
        false => Err(o.outcome.failures.into_iter().map(|f| f.detail).collect()),
    }
}

#[test]
fn mutants_of_a_row_fail_a28_and_of_the_entry_row_fail_a21() {
    let p = Project::new();
    strand(&p, None);
    fixture::build(&p, "out").green();
    let (text, atlas) = (p.read("out/skeleton.json"), p.read("out/skeleton.atlas"));
    // The positive controls: both rules measure the build and pass.
    for code in [
        "A28_RIBBON_ROWS_SHARE_WEIGHTS",
        "A21_MESH_RIM_PINNED",
        "A20_MESH_WEIGHTS_COHERENT",
    ] {
        assert_eq!(gate(&text, &atlas, code), Ok(()), "{code}");
    }
    let mut k: Value = serde_json::from_str(&text).unwrap();
    let m = &mut k["skins"][0]["attachments"]["tail"]["tail"]["vertices"];
    let mut v: Vec<f64> = util::numbers(m);
    // Vertex 12 is row 1's right side: [2, t1 x y 0.666667, t2 x y 0.333333].
    // Find it by walking the runs, then shift its weights to 0.5 / 0.5.
    let mut at = 0;
    for _ in 0..12 {
        at += 1 + 4 * v[at] as usize;
    }
    assert_eq!(v[at], 2.0);
    v[at + 4] = 0.5;
    v[at + 8] = 0.5;
    *m = serde_json::json!(v);
    let mutant = serde_json::to_string(&k).unwrap();
    assert_eq!(
        gate(&mutant, &atlas, "A28_RIBBON_ROWS_SHARE_WEIGHTS"),
        Err(vec!["ribbon \"tail\" row 1 has [t1:0.666667, t2:0.333333] on one side and [t1:0.500000, t2:0.500000] on the other; its width would change with the chain".to_string()])
    );
    // The entry row's left vertex moved onto t1.
    let mut k: Value = serde_json::from_str(&text).unwrap();
    let m = &mut k["skins"][0]["attachments"]["tail"]["tail"]["vertices"];
    let mut v: Vec<f64> = util::numbers(m);
    assert_eq!((v[0], v[1]), (1.0, 1.0));
    v[1] = 2.0;
    *m = serde_json::json!(v);
    let mutant = serde_json::to_string(&k).unwrap();
    assert_eq!(
        gate(&mutant, &atlas, "A21_MESH_RIM_PINNED"),
        Err(vec![
            "ribbon \"tail\" entry vertex 0 is pinned to \"t1\", not the anchor bone \"tail\""
                .to_string()
        ])
    );
}

const W: &str = "skin \"default\" slot \"tail\" attachment \"tail\"";
const G: &str = "/skins/default/tail/tail/generator";

#[test]
fn refused_ribbons() {
    let p = Project::new();
    // No rows, no chain.
    let rig = strand(&p, Some(r#"{ "kind": "ribbon", "size": [20, 60] }"#));
    refused(
        &p,
        Expect {
            file: "rig.json",
            message: &format!("{W}: a ribbon mesh needs \"rows\" and a \"chain\""),
            pointer: G,
            at: pos(&rig, "{ \"kind\": \"ribbon\"", 0),
        },
    );
    // No size.
    let rig = strand(
        &p,
        Some(r#"{ "kind": "ribbon", "rows": 7, "chain": ["t1", "t2"] }"#),
    );
    refused(
        &p,
        Expect {
            file: "rig.json",
            message: &format!(
                "{W}: a ribbon mesh needs \"size\", its part window [w, h] in pixels"
            ),
            pointer: G,
            at: pos(&rig, "{ \"kind\": \"ribbon\"", 0),
        },
    );
    // A chain that is no list of names.
    for (chain, message, pointer, at) in [
        (
            "[]",
            "\"chain\" is an empty array; it is a non-empty array of bone names, root first",
            "/chain",
            "[]",
        ),
        (
            "\"t1\"",
            "\"chain\" is the string \"t1\"; it is a non-empty array of bone names, root first",
            "/chain",
            "\"t1\" }",
        ),
        (
            "[\"t1\", 2]",
            "\"chain\"[1] is 2; it is a bone name",
            "/chain/1",
            "2]",
        ),
    ] {
        let g = format!(r#"{{ "kind": "ribbon", "size": [20, 60], "rows": 7, "chain": {chain} }}"#);
        let rig = strand(&p, Some(&g));
        refused(
            &p,
            Expect {
                file: "rig.json",
                message: &format!("{W}: {message}"),
                pointer: &format!("{G}{pointer}"),
                at: pos(&rig, at, 0),
            },
        );
    }
    // A chain bone the rig does not declare.
    let rig = strand(
        &p,
        Some(r#"{ "kind": "ribbon", "size": [20, 60], "rows": 7, "chain": ["t1", "t9"] }"#),
    );
    refused(
        &p,
        Expect {
            file: "rig.json",
            message: &format!("{W}: mesh bone \"t9\" is not in the rig's bone list"),
            pointer: &format!("{G}/chain/1"),
            at: pos(&rig, "\"t9\"", 0),
        },
    );
    // Rows not a whole number of at least 2, or past the cap.
    for (rows, shown) in [
        ("1", "1"),
        ("2.5", "2.5"),
        ("513", "513"),
        ("\"7\"", "the string \"7\""),
    ] {
        let g = format!(
            r#"{{ "kind": "ribbon", "size": [20, 60], "rows": {rows}, "chain": ["t1", "t2"] }}"#
        );
        let rig = strand(&p, Some(&g));
        refused(
            &p,
            Expect {
                file: "rig.json",
                message: &format!("{W}: \"rows\" is {shown}"),
                pointer: &format!("{G}/rows"),
                at: pos(&rig, &format!("\"rows\": {rows}"), 8),
            },
        );
    }
    // Size not two positive numbers.
    for size in ["[20]", "[20, 0]", "[-20, 60]", "\"20x60\""] {
        let g =
            format!(r#"{{ "kind": "ribbon", "size": {size}, "rows": 7, "chain": ["t1", "t2"] }}"#);
        let rig = strand(&p, Some(&g));
        refused(
            &p,
            Expect {
                file: "rig.json",
                message: &format!("{W}: \"size\" is "),
                pointer: &format!("{G}/size"),
                at: pos(&rig, &format!("\"size\": {size}"), 8),
            },
        );
    }
    // The image is not the window the ribbon states.
    let rig = strand(
        &p,
        Some(r#"{ "kind": "ribbon", "size": [20, 50], "rows": 7, "chain": ["t1", "t2"] }"#),
    );
    refused(
        &p,
        Expect {
            file: "rig.json",
            message: &format!(
                "{W}: \"tail.png\" is 20x60 but the ribbon's \"size\" window is 20x50"
            ),
            pointer: &format!("{G}/size"),
            at: pos(&rig, "[20, 50]", 0),
        },
    );
    // Not a parent chain.
    let rig = strand(
        &p,
        Some(r#"{ "kind": "ribbon", "size": [20, 60], "rows": 7, "chain": ["t2", "t1"] }"#),
    );
    refused(&p, Expect {
        file: "rig.json",
        message: &format!("{W}: chain bone \"t1\" is not a child of \"t2\" (its parent is \"tail\"); a ribbon's chain runs root first"),
        pointer: &format!("{G}/chain/1"),
        at: pos(&rig, "[\"t2\", \"t1\"]", 7),
    });
    // A bone named twice.
    let rig = strand(
        &p,
        Some(r#"{ "kind": "ribbon", "size": [20, 60], "rows": 7, "chain": ["t1", "t1"] }"#),
    );
    refused(&p, Expect {
        file: "rig.json",
        message: &format!("{W}: \"chain\"[1] names bone \"t1\" again (it is \"chain\"[0]); a chain names each bone once"),
        pointer: &format!("{G}/chain/1"),
        at: pos(&rig, "[\"t1\", \"t1\"]", 7),
    });
    // A chain bone no row reaches: two rows, so only the far one, wholly t2.
    let rig = strand(
        &p,
        Some(r#"{ "kind": "ribbon", "size": [20, 60], "rows": 2, "chain": ["t1", "t2"] }"#),
    );
    refused(&p, Expect {
        file: "rig.json",
        message: "attachment \"tail\": chain bone \"t1\" binds no row of the strip: the 1 row(s) past the entry row take their weights from the chain bones they lie between, and none lies near \"t1\"",
        pointer: &format!("{G}/chain"),
        at: pos(&rig, "[\"t1\", \"t2\"]", 0),
    });
    // A chain that does not hang under the slot's bone.
    let rig = strand(
        &p,
        Some(r#"{ "kind": "ribbon", "size": [20, 60], "rows": 7, "chain": ["loose"] }"#),
    );
    refused(&p, Expect {
        file: "rig.json",
        message: "attachment \"tail\": chain bone \"loose\" does not hang under the slot's bone \"tail\"",
        pointer: &format!("{G}/chain"),
        at: pos(&rig, "[\"loose\"]", 0),
    });
}
