//! The `ring` generator through the binary (FORMAT.md §2.7.3, §6.2; GATE.md
//! §4.6): an eye rig whose aperture is a ring builds green under both
//! profiles with its MESH and legend lines and A20/A21 measuring; spine-core
//! loads it, and the posed vertices move as the model says (setup: the part
//! window centred on the slot bone; a control's move carried by each inner
//! vertex in proportion to its authority and its angular share); a mutant of
//! the emitted rim fails A21; and one test per refusal class.

use crate::fixture;
use crate::refusals::{pos, refused, Expect};
use crate::util::{self, Project};
use serde_json::Value;

/// The seam: an octagon round (20, 15) in the 40×30 window.
const HULL: &str = "[[34, 15], [30, 21], [20, 24], [10, 21], [6, 15], [10, 9], [20, 6], [30, 9]]";
const W: &str = "skin \"default\" slot \"eye\" attachment \"eye\"";
const G: &str = "/skins/default/eye/eye/generator";

/// The eye rig: `head` at (100, 50), the slot bone `eye` at (−10, 5) in it,
/// and `extra` bones; its eye a ring with generator `g`.
fn rig(g: &str, extra: &str) -> String {
    format!(
        r#"{{
  "spec": "rigc-rig/1",
  "name": "eye",
  "images": "parts",
  "skeleton": {{ "width": 200, "height": 100 }},
  "bones": [
    {{ "name": "root" }},
    {{ "name": "head", "parent": "root", "x": 100, "y": 50 }},
    {{ "name": "eye", "parent": "head", "x": -10, "y": 5 }}{extra}
  ],
  "slots": [ {{ "name": "eye", "bone": "eye", "attachment": "eye" }} ],
  "invariants": {{ "meshSlots": 1, "meshTriangles": 80 }},
  "skins": {{
    "default": {{
      "eye": {{ "eye": {{ "type": "mesh", "image": "eye.png", "generator": {g} }} }}
    }}
  }}
}}
"#
    )
}

/// A motion moving `bone` by `(dx, dy)` over one second.
fn motion(bone: &str, dx: f64, dy: f64) -> String {
    format!(
        r#"{{
  "spec": "rigc-motion/1",
  "archetype": "eye",
  "cut": "eye",
  "easings": {{}},
  "animations": {{
    "look": {{
      "duration": 1,
      "tracks": [
        {{ "bone": "{bone}", "property": "translatex", "keys": [ {{ "t": 0, "v": [0] }}, {{ "t": 1, "v": [{dx}] }} ] }},
        {{ "bone": "{bone}", "property": "translatey", "keys": [ {{ "t": 0, "v": [0] }}, {{ "t": 1, "v": [{dy}] }} ] }}
      ]
    }}
  }}
}}
"#
    )
}

fn project(rig: &str, motion: &str) -> Project {
    let p = Project::new();
    p.write("rig.json", rig);
    p.write("motion.json", motion);
    p.write("parts/eye.png", fixture::part_png(40, 30));
    p
}

fn ring(controls: &str, bias: &str) -> String {
    format!(
        r#"{{ "kind": "ring", "hull": {HULL}, "center": [20, 15], "inner": 0.5, "size": [40, 30]{bias}, "controls": {controls} }}"#
    )
}

/// The posed world vertices of the eye at `t` (spine-core).
fn world(p: &Project, t: &str) -> Vec<f64> {
    let (s, a) = (
        p.path().join("out/skeleton.json"),
        p.path().join("out/skeleton.atlas"),
    );
    let doc = util::oracle(&[s.to_str().unwrap(), a.to_str().unwrap(), "look", t])
        .unwrap_or_else(|e| panic!("spine-core: {e}"));
    let att = doc["frames"][0]["attachments"]
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["slot"] == "eye")
        .cloned()
        .expect("the eye is drawn");
    att["vertices"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_f64().unwrap())
        .collect()
}

fn uvs(p: &Project) -> Vec<[f64; 2]> {
    let k: Value = serde_json::from_str(&p.read("out/skeleton.json")).unwrap();
    let u = util::numbers(&k["skins"][0]["attachments"]["eye"]["eye"]["uvs"]);
    u.chunks(2).map(|c| [c[0], c[1]]).collect()
}

/// The seam's angles round (20, 15) put a window corner between points 0/1,
/// 2/3, 5/6 and 7/0 (corners at ±36.87°, ±143.13°): 12 rim vertices, then 8
/// seam, 8 inner and the centre; 5·8 + 4 triangles.
const V: usize = 29;
const RIM: usize = 12;

#[test]
fn a_ring_builds_and_its_inside_follows_the_control_by_its_authority() {
    // One control, rotated and scaled so its bindings are not the slot
    // bone's; a bias down the screen (90°) from −10 px to +10 px.
    let extra = r#",
    { "name": "pupil", "parent": "head", "x": -10, "y": 5, "rotation": 30, "scaleX": 1.5 }"#;
    let bias = r#", "bias": { "axis_deg": 90, "ramp": [-10, 10] }"#;
    let p = project(
        &rig(&ring(r#"["pupil"]"#, bias), extra),
        &motion("pupil", 4.0, 0.0),
    );
    for profile in ["spine", "spine-html"] {
        let b = p.rigc(&fixture::args("out", &["--profile", profile]));
        b.green()
            .stdout_has("  ..    ring      rim ring pinned on the window edge, seam ring pinned on the mask contour, aperture moves\n")
            .stdout_has(&format!("  MESH  eye          ring     {V} vertices / 44 triangles  (budget 80)  bones=[eye, pupil]  attachments=[eye]"))
            .stdout_has("  PASS  A20_MESH_WEIGHTS_COHERENT\n");
        if profile == "spine-html" {
            b.stdout_has("  PASS  A21_MESH_RIM_PINNED\n");
        }
    }
    let b = p.rigc(&fixture::args("out", &[]));
    util::spine_core_loads_and_poses(&p.path().join("out/skeleton.json"), &|| b.dump());
    let uv = uvs(&p);
    assert_eq!(uv.len(), V);
    let (at0, at1) = (world(&p, "0"), world(&p, "1"));
    // Setup: every vertex at the part window centred on `eye` (world
    // (90, 55)): (90 + px − 20, 55 + 15 − py), px = 40u, py = 30v.
    for (i, [u, v]) in uv.iter().enumerate() {
        let (x, y) = (90.0 + 40.0 * u - 20.0, 55.0 + 15.0 - 30.0 * v);
        assert!(
            (at0[2 * i] - x).abs() < 1e-3 && (at0[2 * i + 1] - y).abs() < 1e-3,
            "vertex {i}: ({}, {}) vs ({x}, {y})",
            at0[2 * i],
            at0[2 * i + 1]
        );
    }
    // The rim and seam stay; inner vertex k moves by a·(4, 0), a the bias
    // ramp at its y-down offset from the centre: ((py − 15) + 10) / 20.
    for i in 0..RIM + 8 {
        assert!(
            (at1[2 * i] - at0[2 * i]).abs() < 1e-4,
            "rim/seam vertex {i} moved"
        );
        assert!((at1[2 * i + 1] - at0[2 * i + 1]).abs() < 1e-4);
    }
    for i in RIM + 8..V {
        let py = 30.0 * uv[i][1];
        let a = ((py - 15.0 + 10.0) / 20.0_f64).clamp(0.0, 1.0);
        let dx = at1[2 * i] - at0[2 * i];
        assert!(
            (dx - 4.0 * a).abs() < 1e-3,
            "inner vertex {i}: moved {dx}, expected {}",
            4.0 * a
        );
        assert!((at1[2 * i + 1] - at0[2 * i + 1]).abs() < 1e-3);
    }
    // The rim is on the window edge (u or v at 0 or 1): A21 holds it pinned.
    for (i, [u, v]) in uv.iter().take(RIM).enumerate() {
        assert!(
            *u == 0.0 || *u == 1.0 || *v == 0.0 || *v == 1.0,
            "rim vertex {i} at {u}, {v}"
        );
    }
}

#[test]
fn two_controls_split_the_ring_by_angle() {
    // lid_up above the centre (screen angle −90°), lid_dn below (+90°); only
    // lid_up moves, 3 down. An inner vertex at screen angle φ gives lid_up
    // the share 1 − |φ + 90°| / 180° (the arc through 0° and the one through
    // 180° both run from −90° to +90°); the centre shares evenly.
    let extra = r#",
    { "name": "lid_up", "parent": "head", "x": -10, "y": 15 },
    { "name": "lid_dn", "parent": "head", "x": -10, "y": -5 }"#;
    let p = project(
        &rig(&ring(r#"["lid_up", "lid_dn"]"#, ""), extra),
        &motion("lid_up", 0.0, -3.0),
    );
    let b = p.rigc(&fixture::args("out", &["--profile", "spine-html"]));
    b.green()
        .stdout_has("bones=[eye, lid_up, lid_dn]")
        .stdout_has("  PASS  A20_MESH_WEIGHTS_COHERENT\n")
        .stdout_has("  PASS  A21_MESH_RIM_PINNED\n");
    util::spine_core_loads_and_poses(&p.path().join("out/skeleton.json"), &|| b.dump());
    let uv = uvs(&p);
    let (at0, at1) = (world(&p, "0"), world(&p, "1"));
    for i in RIM + 8..V - 1 {
        let (px, py) = (40.0 * uv[i][0], 30.0 * uv[i][1]);
        let phi = (py - 15.0).atan2(px - 20.0).to_degrees();
        let up = 1.0 - (phi + 90.0).abs().min(360.0 - (phi + 90.0).abs()) / 180.0;
        let dy = at1[2 * i + 1] - at0[2 * i + 1];
        assert!(
            (dy + 3.0 * up).abs() < 1e-3,
            "inner vertex {i} at {phi}°: moved {dy}, expected {}",
            -3.0 * up
        );
    }
    let c = V - 1;
    assert!((at1[2 * c + 1] - at0[2 * c + 1] + 1.5).abs() < 1e-3);
}

#[test]
fn a21_fails_a_ring_whose_rim_is_not_pinned() {
    // The compiled ring's rim vertex 0, split across two bindings of the
    // slot bone (Σw still 1, so A20 holds): the gate, given the rig info the
    // build made, names it.
    let extra = r#",
    { "name": "pupil", "parent": "head", "x": -10, "y": 5 }"#;
    let p = project(
        &rig(&ring(r#"["pupil"]"#, ""), extra),
        &motion("pupil", 4.0, 0.0),
    );
    let registry = rigc::Registry::new(rigc::builtins()).expect("built-in plugins");
    let spec = |f: &str| rigc::read_spec(&p.path().join(f), p.path()).expect("reads");
    let sources = rigc::Sources::new(
        spec("rig.json"),
        spec("motion.json"),
        rigc::Project::of_spec_alone(&p.path().join("rig.json")),
        None,
        p.path().join("out"),
        false,
    );
    let first = rigc::compile_uncached(&sources, &registry).expect("compiles");
    let gate = |skeleton_text: String| {
        let input = rigc_sdk::gate::GateInput {
            profile: rigc_sdk::gate::Profile::SpineHtml,
            pages: Vec::new(),
            skeleton_text,
            atlas_text: Some(first.atlas_text.clone()),
            rig: Some(first.rig_info.clone()),
            second: None,
        };
        format!("{:?}", rigc::run_plugins(&input, registry.rule_plugins()))
    };
    let mut k: Value = serde_json::from_str(&first.skeleton_text).unwrap();
    let v = k["skins"][0]["attachments"]["eye"]["eye"]["vertices"]
        .as_array_mut()
        .unwrap();
    // [1, bone, x, y, 1] → [2, bone, x, y, 0.5, bone, x, y, 0.5].
    assert_eq!(v[0], 1);
    let (b, x, y) = (v[1].clone(), v[2].clone(), v[3].clone());
    v.splice(
        0..5,
        [
            2.into(),
            b.clone(),
            x.clone(),
            y.clone(),
            0.5.into(),
            b,
            x,
            y,
            0.5.into(),
        ],
    );
    let report = gate(serde_json::to_string(&k).unwrap());
    assert!(
        report.contains("mesh \\\"eye\\\" rim vertex 0 is not pinned (0.5+0.5)"),
        "{report}"
    );
    let clean = gate(first.skeleton_text.clone());
    assert!(!clean.contains("is not pinned"), "{clean}");
}

#[test]
fn refused_rings() {
    let extra = r#",
    { "name": "pupil", "parent": "head", "x": -10, "y": 5 },
    { "name": "twin", "parent": "head", "x": -5, "y": 5 }"#;
    let case = |g: &str, message: &str, pointer: &str, needle: &str, skip: usize| {
        let text = rig(g, extra);
        let p = project(&text, &motion("pupil", 1.0, 0.0));
        refused(
            &p,
            Expect {
                file: "rig.json",
                message,
                pointer,
                at: pos(&text, needle, skip),
            },
        );
    };
    // An undeclared bone.
    case(
        &ring(r#"["pupl"]"#, ""),
        &format!("{W}: mesh bone \"pupl\" is not in the rig's bone list"),
        &format!("{G}/controls/0"),
        "\"pupl\"",
        0,
    );
    // No control.
    case(
        &ring("[]", ""),
        &format!("{W}: a mesh with no control bone deforms nothing"),
        &format!("{G}/controls"),
        "[] }",
        0,
    );
    // Too few points.
    let five = r#"{ "kind": "ring", "hull": [[34, 15], [20, 24], [6, 15], [20, 6], [30, 9]], "center": [20, 15], "inner": 0.5, "size": [40, 30], "controls": ["pupil"] }"#;
    case(
        five,
        &format!("{W}: hull holds 5 point(s); a ring's seam contour needs at least 6"),
        &format!("{G}/hull"),
        "[[34, 15]",
        0,
    );
    // inner outside (0, 1).
    let g = ring(r#"["pupil"]"#, "").replace("\"inner\": 0.5", "\"inner\": 1");
    case(&g, &format!("{W}: inner is 1; it places the inner ring between the centre (0) and the seam (1), so it is strictly between 0 and 1"), &format!("{G}/inner"), "1, \"size\"", 0);
    // The centre outside the hull.
    let g = ring(r#"["pupil"]"#, "").replace("\"center\": [20, 15]", "\"center\": [38, 3]");
    case(&g, &format!("{W}: center [38, 3] is outside the hull; the aperture centre is inside the seam contour"), &format!("{G}/center"), "[38, 3]", 0);
    // A self-crossing hull (points 1 and 2 swapped).
    let g = ring(r#"["pupil"]"#, "").replace("[30, 21], [20, 24]", "[20, 24], [30, 21]");
    case(&g, &format!("{W}: the hull crosses itself: its edge from point 0 and its edge from point 2 intersect"), &format!("{G}/hull/2"), "[30, 21], [10", 0);
    // Ramp not ascending.
    let g = ring(
        r#"["pupil"]"#,
        r#", "bias": { "axis_deg": 90, "ramp": [4, -4] }"#,
    );
    case(&g, &format!("{W}: bias ramp is [4, -4]; it is the signed distance over which control authority goes 0 to 1, so two finite numbers, ascending"), &format!("{G}/bias/ramp"), "[4, -4]", 0);
    // Not a number.
    let g = ring(r#"["pupil"]"#, "").replace("\"inner\": 0.5", "\"inner\": \"half\"");
    case(&g, &format!("{W}: ring inner is the string \"half\", which is not a finite number; it is the inner ring's place between the centre (0) and the seam (1)"), &format!("{G}/inner"), "\"half\"", 0);
    // The part image is not the window `size` states.
    let g = ring(r#"["pupil"]"#, "").replace("[40, 30]", "[48, 30]");
    case(
        &g,
        &format!("{W}: \"eye.png\" is 40x30 but the ring's window (its \"size\") is 48x30"),
        &format!("{G}/size"),
        "[48, 30]",
        0,
    );
    // Two controls, one on the aperture centre (the slot bone's origin).
    case(&ring(r#"["twin", "pupil"]"#, ""), &format!("{W}: control bone \"pupil\" sits on the aperture centre of slot \"eye\", so it has no radial direction"), &format!("{G}/controls/1"), "\"pupil\"]", 0);
    // The slot's own bone as a control.
    case(&ring(r#"["eye"]"#, ""), &format!("{W}: control bone \"eye\" is the slot \"eye\"'s own bone, so it moves the whole ring and deforms nothing"), &format!("{G}/controls/0"), "\"eye\"] }", 0);
    // A bias that reaches no vertex.
    let g = ring(
        r#"["pupil"]"#,
        r#", "bias": { "axis_deg": 0, "ramp": [20, 30] }"#,
    );
    case(
        &g,
        &format!("{W}: the bias ramp gives no vertex of slot \"eye\" any control authority"),
        &format!("{G}/bias"),
        "{ \"axis_deg\": 0",
        0,
    );
}

#[test]
fn refused_ring_shapes_and_controls() {
    let extra = r#",
    { "name": "pupil", "parent": "head", "x": -10, "y": 5 },
    { "name": "twin", "parent": "head", "x": -5, "y": 5 },
    { "name": "far", "parent": "head", "x": 0, "y": 5 },
    { "name": "up", "parent": "head", "x": -10, "y": 15 },
    { "name": "dn", "parent": "head", "x": -10, "y": -5 },
    { "name": "flat", "parent": "head", "x": -10, "y": 15, "scaleX": 0 }"#;
    let case = |g: &str, message: &str, pointer: &str, needle: &str| {
        let text = rig(g, extra);
        let p = project(&text, &motion("pupil", 1.0, 0.0));
        refused(
            &p,
            Expect {
                file: "rig.json",
                message,
                pointer,
                at: pos(&text, needle, 0),
            },
        );
    };
    let one = ring(r#"["pupil"]"#, "");
    // A seam point on the window's edge.
    case(&one.replace("[10, 21]", "[0, 21]"), &format!("{W}: hull[3] [0, 21] is not inside the 40x30 window; the rim ring lies on the window's edge, so the seam lies strictly within it"), &format!("{G}/hull/3"), "[0, 21]");
    // A repeated point.
    case(
        &one.replace("[10, 21]", "[20, 24]"),
        &format!("{W}: hull[3] repeats hull[2]; each seam point is a vertex of its own"),
        &format!("{G}/hull/3"),
        "[20, 24], [6",
    );
    // A simple seam with a notch the centre cannot see past.
    let notch = r#"{ "kind": "ring", "hull": [[5, 5], [35, 5], [35, 25], [25, 25], [25, 10], [22, 10], [22, 25], [5, 25]], "center": [15, 15], "inner": 0.5, "size": [40, 30], "controls": ["pupil"] }"#;
    case(notch, &format!("{W}: hull[4] turns back round the centre: the seam is not seen whole from [15, 15], so a ray from the centre would cross it twice and the rings would fold"), &format!("{G}/hull/4"), "[25, 10]");
    // A point that is not [x, y].
    case(
        &one.replace("[30, 21]", "\"x\""),
        &format!("{W}: ring hull[1] is the string \"x\"; it is [x, y], two finite numbers"),
        &format!("{G}/hull/1"),
        "\"x\", [20",
    );
    // No hull.
    let bare = r#"{ "kind": "ring", "center": [20, 15], "inner": 0.5, "size": [40, 30], "controls": ["pupil"] }"#;
    case(bare, &format!("{W}: a ring generator needs \"hull\", the seam contour, at least 6 [x, y] points in part pixels"), G, "{ \"kind\": \"ring\"");
    // No controls key.
    let g = one.replace(", \"controls\": [\"pupil\"]", "");
    case(
        &g,
        &format!("{W}: a mesh with no control bone deforms nothing"),
        G,
        "{ \"kind\": \"ring\"",
    );
    // A control named twice.
    case(&ring(r#"["pupil", "pupil"]"#, ""), &format!("{W}: ring controls names bone \"pupil\" twice; each control takes its own share of the ring"), &format!("{G}/controls/1"), "\"pupil\"] }");
    // Two controls on one ray from the centre (both to its right).
    case(&ring(r#"["twin", "far"]"#, ""), &format!("{W}: control bones \"twin\" and \"far\" sit on one ray from the aperture centre of slot \"eye\", so the ring cannot be split between them by angle"), &format!("{G}/controls/1"), "\"far\"]");
    // A bias that gives authority only to the inner vertex straight right of
    // the centre, which sits on twin's ray: up and dn bind nothing.
    let g = ring(
        r#"["twin", "up", "dn"]"#,
        r#", "bias": { "axis_deg": 0, "ramp": [6.5, 7] }"#,
    );
    case(
        &g,
        &format!("{W}: control bone \"up\" binds no vertex of slot \"eye\""),
        &format!("{G}/controls/1"),
        "\"up\", \"dn\"]",
    );
    // A control whose setup transform has no inverse.
    case(
        &ring(r#"["flat"]"#, ""),
        &format!("{W}: bone \"flat\" has a setup transform with no inverse (a zero scale), so no ring vertex can be bound to it"),
        &format!("{G}/controls/0"),
        "\"flat\"] }",
    );
}
