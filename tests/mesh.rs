//! Authored meshes end to end (FORMAT.md §2.7.2, §5.3, §6.2; issue #15 item
//! 1): squash builds with FIGURES.md's MESH line, and spine-core loads the skeleton
//! and poses the ball where the rig puts it; a small mesh rig's header box is
//! the mesh's; bad meshes are refused with their place and nothing written;
//! and each gate rule a mesh reaches (A04, A13, A14, A15, A20, A21, A22) has a
//! spec that makes it FAIL and one that passes, through the binary.

use crate::fixture::{self, MOTION, RIG};
use crate::refusals::{pos, refused, with_rig, Expect};
use crate::util::{self, Project};
use serde_json::Value;
use std::path::Path;

/// The tiny rig's `head` slot as a mesh quad over head.png (24×20): the
/// image's corners, in the head bone's space, y up.
const QUAD: &str = r#"{ "type": "mesh", "image": "head.png", "uvs": [0, 0, 1, 0, 1, 1, 0, 1], "triangles": [0, 1, 2, 0, 2, 3], "vertices": [-12, 10, 12, 10, 12, -10, -12, -10] }"#;
const HEAD: &str = r#"{ "image": "head.png" }"#;

/// The tiny rig with its head region replaced by `mesh`, and the further
/// `(from, to)` edits.
fn rig_with(mesh: &str, edits: &[(&str, &str)]) -> String {
    let mut rig = RIG.replacen(HEAD, mesh, 1);
    for (from, to) in edits {
        assert!(rig.contains(from), "{from:?} not in the rig");
        rig = rig.replacen(from, to, 1);
    }
    rig
}

fn project(rig: &str) -> Project {
    with_rig(rig)
}

fn oracle_setup(out: &Path) -> Value {
    let v = util::oracle(&[
        "--roundtrip",
        out.join("skeleton.json").to_str().unwrap(),
        out.join("skeleton.atlas").to_str().unwrap(),
    ])
    .unwrap_or_else(|e| panic!("spine-core refused {}: {e}", out.display()));
    assert_eq!(v["ok"], true, "spine-core refused {}: {v}", out.display());
    util::oracle(&[
        out.join("skeleton.json").to_str().unwrap(),
        out.join("skeleton.atlas").to_str().unwrap(),
        "--setup",
    ])
    .unwrap_or_else(|e| panic!("spine-core could not pose the setup: {e}"))
}

fn posed_mesh(doc: &Value, slot: &str) -> Vec<f64> {
    let frame = &doc["frames"][0];
    let a = frame["attachments"]
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["slot"] == slot)
        .unwrap_or_else(|| panic!("no attachment on {slot}: {frame}"));
    assert_eq!(a["type"], "mesh", "{a}");
    a["vertices"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_f64().unwrap())
        .collect()
}

fn close(a: f64, b: f64, what: &str) {
    assert!(
        (a - b).abs() <= 1e-3,
        "{what}: spine-core {a}, expected {b}"
    );
}

#[test]
fn squash_builds_past_its_mesh_and_spine_core_poses_the_ball() {
    let p = Project::new();
    let src = util::shared().join("reference/rigc-gallery/squash");
    p.copy_dir(&src, "rig");
    let run = p.rigc(&[
        "build",
        "--rig",
        "rig/rig.json",
        "--motion",
        "rig/motion.json",
        "--out",
        "out",
    ]);
    // FIGURES.md, squash.
    run.green().stdout_has(
        "  MESH  ball         authored 9 vertices / 8 triangles  (budget 8)  bones=[ball]  attachments=[ball]  covers 100.00% of the art, reaching 15.00px past it\n",
    );
    let (mesh_at, validate_at) = (
        run.stdout.find("  MESH  ball").unwrap(),
        run.stdout.find("  ..    validate").unwrap(),
    );
    assert!(
        mesh_at < validate_at,
        "the MESH line comes before validate:\n{}",
        run.stdout
    );

    // `rigc explain` prints the same MESH line, from the same stage.
    let explained = p.rigc(&[
        "explain",
        "--rig",
        "rig/rig.json",
        "--motion",
        "rig/motion.json",
        "--out",
        "out",
    ]);
    let mesh_line = |stdout: &str| {
        stdout
            .lines()
            .find(|l| l.starts_with("  MESH  ball"))
            .map(str::to_string)
    };
    assert_eq!(
        mesh_line(&explained.stdout),
        mesh_line(&run.stdout),
        "{}",
        explained.dump()
    );

    // spine-core poses the setup: the ball bone's world position plus each
    // vertex as the rig writes it (the bone is unrotated, unscaled, under an
    // identity root).
    let rig: Value = serde_json::from_str(&p.read("rig/rig.json")).unwrap();
    let ball = rig["bones"]
        .as_array()
        .unwrap()
        .iter()
        .find(|b| b["name"] == "ball")
        .unwrap();
    assert_eq!(ball["parent"], "root");
    let (bx, by) = (ball["x"].as_f64().unwrap(), ball["y"].as_f64().unwrap());
    let local: Vec<f64> = util::numbers(&rig["skins"]["default"]["ball"]["ball"]["vertices"]);
    let doc = oracle_setup(&p.path().join("out"));
    let world = posed_mesh(&doc, "ball");
    assert_eq!(world.len(), 18);
    for i in 0..9 {
        close(world[2 * i], bx + local[2 * i], &format!("vertex {i} x"));
        close(
            world[2 * i + 1],
            by + local[2 * i + 1],
            &format!("vertex {i} y"),
        );
    }
    // FIGURES.md: vertex 6 (the rim's bottom) sits at world y 44.0 in setup.
    close(world[13], 44.0, "vertex 6 y");
    // rigc's own poser (`rigc sample`) agrees with spine-core on every frame
    // of `bounce`, the mesh's world vertices among them.
    assert_eq!(
        crate::sample::every_animation_agrees(&p.path().join("out")),
        1
    );
}

#[test]
fn a_mesh_alone_sets_the_header_box_and_poses_as_written() {
    // One slot, one mesh: the header's box is the mesh's world box, the bone
    // at (50, 40): x 38..62, y 30..50.
    let rig = r#"{
  "spec": "rigc-rig/1",
  "name": "tiny",
  "images": "parts",
  "skeleton": { "width": 200, "height": 100 },
  "bones": [ { "name": "root" }, { "name": "b", "parent": "root", "x": 50, "y": 40 } ],
  "slots": [ { "name": "head", "bone": "b", "attachment": "head" } ],
  "skins": { "default": { "head": { "head": MESH } } }
}
"#
    .replace("MESH", QUAD);
    let motion = MOTION.replace("\"bone\": \"head\"", "\"bone\": \"b\"");
    let p = project(&rig);
    p.write("motion.json", motion);
    let run = fixture::build(&p, "out");
    // head.png is 24×20 with a transparent 1 px border: the quad's corners are
    // √2 px off the art's corner pixels, and every art pixel is inside it.
    run.green().stdout_has(
        "  MESH  head         authored 4 vertices / 2 triangles  (no budget declared)  bones=[b]  attachments=[head]  covers 100.00% of the art, reaching 1.41px past it\n",
    );
    let skel: Value = serde_json::from_str(&p.read("out/skeleton.json")).unwrap();
    let h = &skel["skeleton"];
    assert_eq!(
        (
            h["x"].as_f64(),
            h["y"].as_f64(),
            h["width"].as_f64(),
            h["height"].as_f64()
        ),
        (Some(38.0), Some(30.0), Some(24.0), Some(20.0)),
        "{h}"
    );
    let mesh = &skel["skins"][0]["attachments"]["head"]["head"];
    let keys: Vec<&str> = mesh
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    assert_eq!(
        keys,
        [
            "type",
            "uvs",
            "triangles",
            "vertices",
            "hull",
            "width",
            "height",
            "edges"
        ]
    );
    assert_eq!(
        (
            mesh["hull"].as_u64(),
            mesh["width"].as_u64(),
            mesh["height"].as_u64()
        ),
        (Some(4), Some(24), Some(20))
    );
    let doc = oracle_setup(&p.path().join("out"));
    let world = posed_mesh(&doc, "head");
    for (i, (x, y)) in [(-12.0, 10.0), (12.0, 10.0), (12.0, -10.0), (-12.0, -10.0)]
        .into_iter()
        .enumerate()
    {
        close(world[2 * i], 50.0 + x, &format!("vertex {i} x"));
        close(world[2 * i + 1], 40.0 + y, &format!("vertex {i} y"));
    }
}

#[test]
fn a_triangle_index_past_the_uvs_is_refused_at_it() {
    let rig = rig_with(
        &QUAD.replace("[0, 1, 2, 0, 2, 3]", "[0, 1, 2, 0, 2, 4]"),
        &[],
    );
    let p = project(&rig);
    refused(
        &p,
        Expect {
            file: "rig.json",
            message: "skin \"default\" slot \"head\" attachment \"head\": triangles[5] is 4; a triangle index is a whole number from 0 to 3 (the uvs give 4 vertices)",
            pointer: "/skins/default/head/head/triangles/5",
            at: pos(&rig, "4], \"vertices\"", 0),
        },
    );
}

#[test]
fn a_weighted_run_without_raw_is_refused_at_the_vertices() {
    let run = "[1, 1, -12, 10, 1, 1, 1, 12, 10, 1, 1, 1, 12, -10, 1, 1, 1, -12, -10, 1]";
    let rig = rig_with(
        &QUAD.replace("[-12, 10, 12, 10, 12, -10, -12, -10]", run),
        &[],
    );
    let p = project(&rig);
    refused(
        &p,
        Expect {
            file: "rig.json",
            message: "this mesh's \"vertices\" is a weighted run, whose bone INDEXES point into the emitted bone array",
            pointer: "/skins/default/head/head/vertices",
            at: pos(&rig, run, 0),
        },
    );
}

#[test]
fn a_stated_hull_that_disagrees_is_refused_at_the_hull() {
    let rig = rig_with(
        &QUAD.replace("\"type\": \"mesh\",", "\"type\": \"mesh\", \"hull\": 3,"),
        &[],
    );
    let p = project(&rig);
    refused(
        &p,
        Expect {
            file: "rig.json",
            message: "hull 3 disagrees with the triangles, whose outline has 4 vertices",
            pointer: "/skins/default/head/head/hull",
            at: pos(&rig, "3, \"image\"", 0),
        },
    );
}

/// Builds `rig` (with `motion`, else the tiny one) under `profile`.
fn gate(rig: &str, motion: Option<&str>, profile: &str) -> util::Run {
    let p = project(rig);
    if let Some(m) = motion {
        p.write("motion.json", m);
    }
    p.rigc(&fixture::args("out", &["--profile", profile]))
}

fn fails(run: &util::Run, line: &str) {
    run.code(1).stdout_has(&format!("  FAIL  {line}"));
}

fn passes(run: &util::Run, rule: &str) {
    run.green().stdout_has(&format!("  PASS  {rule}\n"));
}

#[test]
fn a04_passes_a_compiled_mesh_and_fails_a_mutant_of_its_triangles() {
    // Every A04 clause is refused earlier by the rig parser (a triangle index
    // past the uvs, a ragged list, a weighted run that does not decode), so
    // the mutant is of the emitted text, validated.
    let p = project(&rig_with(QUAD, &[]));
    let run = fixture::build(&p, "out");
    passes(&run, "A04_MESH_TRIANGLES_AND_ENCODING");
    let mut skel: Value = serde_json::from_str(&p.read("out/skeleton.json")).unwrap();
    skel["skins"][0]["attachments"]["head"]["head"]["triangles"] =
        serde_json::json!([0, 1, 2, 0, 2, 7]);
    p.write(
        "out/skeleton.json",
        serde_json::to_string_pretty(&skel).unwrap(),
    );
    p.rigc(&["validate", "out"]).code(1).stdout_has(
        "  FAIL  A04_MESH_TRIANGLES_AND_ENCODING: mesh \"head\" index 7 is outside 0..3",
    );
}

#[test]
fn a13_holds_the_mesh_budgets() {
    let budgets = |slots: u32, tris: u32| {
        rig_with(
            QUAD,
            &[("\"images\": \"parts\",", &format!("\"images\": \"parts\",\n  \"invariants\": {{ \"meshSlots\": {slots}, \"meshTriangles\": {tris} }},"))],
        )
    };
    let run = gate(&budgets(0, 1), None, "spine-html");
    fails(&run, "A13_MESH_BUDGET: 1 mesh slots, the rig budgets 0");
    fails(
        &run,
        "A13_MESH_BUDGET: mesh \"head\" has 2 triangles, the rig budgets 1",
    );
    let run = gate(&budgets(1, 2), None, "spine-html");
    passes(&run, "A13_MESH_BUDGET");
    run.stdout_has("(budget 2)  bones=[head]");
}

#[test]
fn a14_refuses_a_mesh_the_size_of_the_stage() {
    let full = QUAD.replace(
        "\"type\": \"mesh\",",
        "\"type\": \"mesh\", \"width\": 200, \"height\": 100,",
    );
    fails(
        &gate(&rig_with(&full, &[]), None, "spine-html"),
        "A14_NO_FULL_FRAME_MESH: mesh \"head\" spans the whole 200x100 stage",
    );
    passes(
        &gate(&rig_with(QUAD, &[]), None, "spine-html"),
        "A14_NO_FULL_FRAME_MESH",
    );
}

#[test]
fn a15_refuses_an_idle_that_keys_a_mesh_bone() {
    let idle = MOTION.replace("\"nod\":", "\"idle\":");
    fails(
        &gate(&rig_with(QUAD, &[]), Some(&idle), "spine-html"),
        "A15_IDLE_NO_MESH_BONE_KEYS: idle keys bone \"head\", which drives a mesh — meshes never idle-skip",
    );
    // Keying the pivot one link up carries the mesh without recomputing it.
    let pivot = idle.replace("\"bone\": \"head\"", "\"bone\": \"body\"");
    passes(
        &gate(&rig_with(QUAD, &[]), Some(&pivot), "spine-html"),
        "A15_IDLE_NO_MESH_BONE_KEYS",
    );
}

/// The quad bound by name, vertex 1 split between `head` and `body` with
/// weights `w1` and `w2`.
fn weighted(w1: f64, w2: f64) -> String {
    let one =
        |x: i32, y: i32| format!(r#"[{{ "bone": "head", "x": {x}, "y": {y}, "weight": 1 }}]"#);
    format!(
        r#"{{ "type": "mesh", "image": "head.png", "uvs": [0, 0, 1, 0, 1, 1, 0, 1], "triangles": [0, 1, 2, 0, 2, 3], "weights": [{}, [{{ "bone": "head", "x": 12, "y": 10, "weight": {w1} }}, {{ "bone": "body", "x": 12, "y": 50, "weight": {w2} }}], {}, {}] }}"#,
        one(-12, 10),
        one(12, -10),
        one(-12, -10)
    )
}

#[test]
fn a20_holds_a_weighted_mesh_coherent() {
    fails(
        &gate(&rig_with(&weighted(0.25, 0.25), &[]), None, "spine"),
        "A20_MESH_WEIGHTS_COHERENT: mesh \"head\" vertex 1 weights sum to 0.5000",
    );
    fails(
        &gate(&rig_with(&weighted(1.5, -0.5), &[]), None, "spine"),
        "A20_MESH_WEIGHTS_COHERENT: mesh \"head\" vertex 1 has weight -0.5",
    );
    let run = gate(&rig_with(&weighted(0.25, 0.75), &[]), None, "spine");
    passes(&run, "A20_MESH_WEIGHTS_COHERENT");
    // Bound by name, written by index: body is bone 1, head bone 2.
    run.stdout_has("bones=[body, head]  attachments=[head]");
}

#[test]
fn a21_skips_an_authored_weighted_mesh() {
    // An authored mesh's rim is the author's (FORMAT.md §2.7.2: A21 SKIPs on
    // it); only a generated mesh can fail A21 (tests/ribbon.rs holds a
    // ribbon's entry-row mutant).
    let run = gate(&rig_with(&weighted(0.25, 0.75), &[]), None, "spine-html");
    run.green().stdout_has(
        "  SKIP  A21_MESH_RIM_PINNED: every weighted mesh here is authored, linked or a segments lattice (\"head\"), so no generated rim is there to hold",
    );
    gate(&rig_with(QUAD, &[]), None, "spine-html")
        .green()
        .stdout_has("  SKIP  A21_MESH_RIM_PINNED: the skeleton carries no weighted mesh");
}

#[test]
fn a22_refuses_a_uv_off_the_image() {
    let off = QUAD.replace("[0, 0, 1, 0, 1, 1, 0, 1]", "[0, 0, 1.5, 0, 1, 1, 0, 1]");
    fails(
        &gate(&rig_with(&off, &[]), None, "spine"),
        "A22_MESH_UVS_IN_UNIT_RANGE: mesh \"head\" uv[2] is 1.5",
    );
    passes(
        &gate(&rig_with(QUAD, &[]), None, "spine"),
        "A22_MESH_UVS_IN_UNIT_RANGE",
    );
}
