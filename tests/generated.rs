//! Generated meshes through the binary (FORMAT.md §2.7.3–§2.7.5, §6.2.1):
//! gallery/look trimmed to what this branch compiles (its sliders and physics
//! table dropped, every mesh, depth map and soft mask kept) builds green under
//! both profiles and prints FIGURES.md's look figures on its MESH lines;
//! spine-core loads and poses it; `explain`'s DEFORM block at the turn's key 6
//! is FIGURES.md's; and one test per refusal class the generators add
//! (message, location, exit code, nothing written), on the tiny rig.

use crate::fixture;
use crate::refusals::{pos, refused, Expect};
use crate::util::{self, Project};
use rigc_sdk::png_image::encode_rgba;
use serde_json::Value;

/// look, copied under `rig/`, without its sliders and physics table.
fn look() -> Project {
    let p = Project::new();
    p.copy_dir(&util::shared().join("reference/rigc-gallery/look"), "rig");
    let mut rig: Value = serde_json::from_str(&p.read("rig/rig.json")).unwrap();
    rig.as_object_mut().unwrap().remove("constraints");
    p.write("rig/rig.json", serde_json::to_string_pretty(&rig).unwrap());
    let mut motion: Value = serde_json::from_str(&p.read("rig/motion.json")).unwrap();
    motion.as_object_mut().unwrap().remove("physics");
    p.write(
        "rig/motion.json",
        serde_json::to_string_pretty(&motion).unwrap(),
    );
    p
}

fn run(p: &Project, command: &str, profile: Option<&str>) -> util::Run {
    let mut args = vec![
        command,
        "--rig",
        "rig/rig.json",
        "--motion",
        "rig/motion.json",
        "--out",
        "out",
    ];
    args.extend(profile.map(|p| ["--profile", p]).into_iter().flatten());
    p.rigc(&args)
}

#[test]
fn trimmed_look_reports_figures_md_look_section() {
    let p = look();
    let b = run(&p, "build", Some("spine-html"));
    b.green();
    // FIGURES.md's look section and FORMAT.md §6.2.1's 1st pct example.
    for line in [
        "  MESH  head         grid     189 vertices / 320 triangles  (budget 320)  bones=[head]  attachments=[head]",
        "\n        depth \"face_depth.png\" bf156ea0cfc970a3 near=white zScale=194 z=[0, 194]\n",
        "\n        80 of 189 vertices sample a texel the part image does not draw",
        "\n        turn ceiling  yaw +19.32° / -19.32°   pitch +22.92° / -26.94°\n",
        "\n          1st pct     yaw +19.32° x1.000 of 80 / -19.32° x1.000 of 80   pitch +22.92° x1.000 of 102 / -26.94° x1.000 of 130\n",
        "\n                      first to fold: yaw + at 19.32°, triangle 174 [119,138,139], the sheet steps 28.50 level(s) across it, which is 0.112 of the range this mesh sampled\n",
        "  MESH  hair_lock_l  grid     39 vertices / 48 triangles",
        "\n        depth \"lock_l_depth.png\" 0c4eaeb36b7c5cac near=white zScale=64 z=[22.086275, 63.874511]\n",
        "\n        32 of 39 vertices sample a texel the part image does not draw",
        "\n        turn ceiling  yaw +17.04° / -45.80°   pitch +none / -none\n",
        "\n        turn ceiling  yaw +45.80° / -17.04°   pitch +none / -none\n",
        "  MESH  ahoge        grid     35 vertices / 48 triangles  (budget 320)  bones=[ahoge, ahoge_whip]",
        "\n        soft \"ahoge_soft.png\" b51d0ed788f2a040 -> ahoge_whip, 10 carried / 10 in the falloff\n",
        "  ..    grid      a lattice over the part window at stated column and row positions, every vertex pinned to the slot bone\n",
    ] {
        b.stdout_has(line);
    }
    b.stdout_has("(26 passed, 0 failed)");
    run(&p, "build", Some("spine")).green();
    // The depth sheets and the soft mask are no atlas page.
    let atlas = p.read("out/skeleton.atlas");
    assert!(
        !atlas.contains("depth") && !atlas.contains("ahoge_soft"),
        "{atlas}"
    );
    util::spine_core_loads_and_poses(&p.path().join("out/skeleton.json"), &|| b.dump());
    let e = run(&p, "explain", None);
    e.code(0);
    let key6 = e
        .stdout
        .split("  DEFORM  turn  default/head/head  key 6  t=1.900000  transform yaw  depth=true degrees=19\n")
        .nth(1)
        .unwrap_or_else(|| panic!("no DEFORM row for head key 6{}", e.dump()));
    assert!(
        key6.contains("moved      187 of 189 vertices, worst 63.1602px at v141\n"),
        "{key6}"
    );
    assert!(key6.contains("area       min x0.016691 "), "{key6}");
}

/// The tiny rig with its head a grid mesh whose generator is `g` (and
/// meshSlots declared unless `budget` is false).
fn tiny_grid(p: &Project, g: &str, budget: bool) -> String {
    fixture::tiny(p);
    let mut rig = fixture::RIG.replacen(
        "\"head\": { \"head\": { \"image\": \"head.png\" } }",
        &format!("\"head\": {{ \"head\": {{ \"type\": \"mesh\", \"image\": \"head.png\", \"generator\": {g} }} }}"),
        1,
    );
    if budget {
        rig = rig.replacen(
            "  \"skins\": {",
            "  \"invariants\": { \"meshSlots\": 1 },\n  \"skins\": {",
            1,
        );
    }
    p.write("rig.json", &rig);
    rig
}

/// A `w`×`h` PNG of one colour.
fn flat(w: u32, h: u32, rgba: [u8; 4]) -> Vec<u8> {
    encode_rgba(w, h, &rgba.repeat((w * h) as usize))
}

const W: &str = "skin \"default\" slot \"head\" attachment \"head\"";
const G: &str = "/skins/default/head/head/generator";

#[test]
fn a_grid_builds_and_a_depth_key_reads_the_map() {
    let p = Project::new();
    tiny_grid(
        &p,
        r#"{ "kind": "grid", "cols": 3, "rows": 3, "depth": { "image": "d.png", "near": "white", "zScale": 10 } }"#,
        true,
    );
    p.write("parts/d.png", flat(24, 20, [255, 255, 255, 255]));
    let b = fixture::build(&p, "out");
    b.green()
        .stdout_has("  MESH  head         grid     9 vertices / 8 triangles  (no budget declared)  bones=[head]")
        .stdout_has("\n        depth \"d.png\" ")
        .stdout_has(" near=white zScale=10 z=[10, 10]\n")
        .stdout_has("\n                      nothing in this sheet folds: 8 triangle(s) measured, none with a depth gradient across it");
    let k: Value = serde_json::from_str(&p.read("out/skeleton.json")).unwrap();
    let m = &k["skins"][0]["attachments"]["head"]["head"];
    assert_eq!(m["type"], "mesh");
    assert_eq!(m["hull"], 8);
    // uvs = x/w, y/h of the 3×3 lattice, the perimeter first.
    let uvs: Vec<f64> = util::numbers(&m["uvs"]);
    assert_eq!(
        uvs,
        [
            0.0, 0.0, 0.5, 0.0, 1.0, 0.0, 1.0, 0.5, 1.0, 1.0, 0.5, 1.0, 0.0, 1.0, 0.0, 0.5, 0.5,
            0.5
        ]
    );
    // Each vertex pinned to the slot bone (index 2) at weight 1, placed by
    // (px − w/2, h/2 − py): vertex 0 at (−12, 10).
    let v = m["vertices"].as_array().unwrap();
    assert_eq!(v.len(), 9 * 5);
    assert_eq!(
        (
            v[0].as_f64(),
            v[1].as_f64(),
            v[2].as_f64(),
            v[3].as_f64(),
            v[4].as_f64()
        ),
        (Some(1.0), Some(2.0), Some(-12.0), Some(10.0), Some(1.0))
    );
}

#[test]
fn refused_generators() {
    // The depth map is not the part's size.
    let p = Project::new();
    let rig = tiny_grid(
        &p,
        r#"{ "kind": "grid", "cols": 3, "rows": 3, "depth": { "image": "d.png", "near": "white", "zScale": 10 } }"#,
        true,
    );
    p.write("parts/d.png", flat(12, 20, [9, 9, 9, 255]));
    refused(&p, Expect {
        file: "rig.json",
        message: &format!("{W}: the depth map \"d.png\" is 12x20 and the part is 24x20. A depth map is sampled in the part's own pixel grid"),
        pointer: &format!("{G}/depth/image"),
        at: pos(&rig, "\"d.png\"", 0),
    });
    // Not greyscale.
    p.write("parts/d.png", flat(24, 20, [10, 200, 10, 255]));
    refused(
        &p,
        Expect {
            file: "rig.json",
            message: &format!(
                "{W}: the depth map \"d.png\" is not greyscale — pixel (0, 0) is rgb(10, 200, 10)"
            ),
            pointer: &format!("{G}/depth/image"),
            at: pos(&rig, "\"d.png\"", 0),
        },
    );
    // Cut to the art: the part's transparent border leaves vertices uncovered.
    let mut cut = Vec::new();
    for y in 0..20 {
        for x in 0..24 {
            let edge = x == 0 || y == 0 || x == 23 || y == 19;
            cut.extend_from_slice(&[128, 128, 128, if edge { 0 } else { 255 }]);
        }
    }
    p.write("parts/d.png", encode_rgba(24, 20, &cut));
    refused(
        &p,
        Expect {
            file: "rig.json",
            message: &format!(
                "{W}: the depth map \"d.png\" does not cover 8 of the mesh's 9 vertices"
            ),
            pointer: &format!("{G}/depth/image"),
            at: pos(&rig, "\"d.png\"", 0),
        },
    );
    // Missing.
    std::fs::remove_file(p.path().join("parts/d.png")).unwrap();
    refused(
        &p,
        Expect {
            file: "rig.json",
            message: "the depth map \"d.png\" is not on disk at ",
            pointer: &format!("{G}/depth/image"),
            at: pos(&rig, "\"d.png\"", 0),
        },
    );
}

#[test]
fn refused_soft_regions_budgets_and_kinds() {
    let p = Project::new();
    let soft =
        r#"{ "kind": "grid", "cols": 3, "rows": 3, "soft": { "bone": "BONE", "mask": "m.png" } }"#;
    let rig = tiny_grid(&p, &soft.replace("BONE", "root"), true);
    p.write("parts/m.png", flat(24, 20, [0, 0, 0, 255]));
    refused(&p, Expect {
        file: "rig.json",
        message: &format!("{W}: the soft mask \"m.png\" carries no vertex of this mesh — every one of its 9 vertices samples black"),
        pointer: &format!("{G}/soft/mask"),
        at: pos(&rig, "\"m.png\"", 0),
    });
    let rig = tiny_grid(&p, &soft.replace("BONE", "head"), true);
    p.write("parts/m.png", flat(24, 20, [255, 255, 255, 255]));
    refused(&p, Expect {
        file: "rig.json",
        message: "attachment \"head\": soft names bone \"head\", the slot's own bone, so it moves nothing — a soft region needs a bone that can move independently",
        pointer: &format!("{G}/soft/bone"),
        at: pos(&rig, "\"soft\": { \"bone\": \"head\"", 18),
    });
    let rig = tiny_grid(&p, &soft.replace("BONE", "body"), true);
    refused(&p, Expect {
        file: "rig.json",
        message: "attachment \"head\": soft names bone \"body\", which does not hang under the slot's bone \"head\"",
        pointer: &format!("{G}/soft/bone"),
        at: pos(&rig, "\"soft\": { \"bone\": \"body\"", 18),
    });
    let rig = tiny_grid(&p, r#"{ "kind": "grid", "cols": 3, "rows": 3 }"#, false);
    refused(&p, Expect {
        file: "rig.json",
        message: "1 mesh slot(s) emitted but the rig \"tiny\" allows 0 — a mesh rigc GENERATED counts against `invariants.meshSlots`",
        pointer: G,
        at: pos(&rig, "{ \"kind\": \"grid\"", 0),
    });
    let rig = tiny_grid(
        &p,
        r#"{ "kind": "grid", "us": [0, 0.5, 0.5], "vs": [0, 1] }"#,
        true,
    );
    refused(
        &p,
        Expect {
            file: "rig.json",
            message: &format!("{W}: \"us\" is not ascending: [1]=0.5 and [2]=0.5"),
            pointer: &format!("{G}/us/2"),
            at: pos(&rig, "0.5]", 0),
        },
    );
    // A contour's own refusal is placed at the generator: a part with no
    // transparent pixel has no silhouette to trace (FORMAT.md §2.7.3).
    let rig = tiny_grid(&p, r#"{ "kind": "contour", "tolerance": 1 }"#, true);
    p.write("parts/head.png", flat(24, 20, [200, 10, 10, 255]));
    refused(
        &p,
        Expect {
            file: "rig.json",
            message: &format!("{W}: every pixel of the 24x20 part reaches alpha 1, so its silhouette IS the part window and a contour mesh of it is a region attachment with extra vertices"),
            pointer: G,
            at: pos(&rig, "{ \"kind\": \"contour\"", 0),
        },
    );
}

/// TC01 (FORMAT.md §2.7.4) against A39 itself: look's head reports yaw +
/// 19.32° on triangle 174. Its last deform key turned 0.01° below that gates
/// green; past it A39 refuses, naming triangle 174 first. A39 counts a
/// triangle whose area is within its collapse band (the DEFORM block's `band`,
/// ~0.15px² here) as collapsed rather than reversed, so it fires a little past
/// the area's zero: at 19.32° + 0.03° it has.
#[test]
fn tc01_the_reported_ceiling_is_where_a39_fires() {
    let at = |degrees: f64| {
        let p = look();
        let mut motion: Value = serde_json::from_str(&p.read("rig/motion.json")).unwrap();
        let head = motion["animations"]["turn"]["deform"]
            .as_array_mut()
            .unwrap()
            .iter_mut()
            .find(|t| t["slot"] == "head")
            .unwrap();
        let last = head["keys"].as_array_mut().unwrap().last_mut().unwrap();
        last["transform"]["degrees"] = degrees.into();
        p.write("rig/motion.json", motion.to_string());
        let b = run(&p, "build", Some("spine-html"));
        (p, b)
    };
    let reported = 19.32;
    let (_, below) = at(reported - 0.01);
    below
        .green()
        .stdout_has("  PASS  A39_DEFORM_KEEPS_TRIANGLE_WINDING\n");
    let (p, above) = at(reported + 0.03);
    above
        .code(1)
        .stdout_has("FAIL  A39_DEFORM_KEEPS_TRIANGLE_WINDING: animation \"turn\" deform head/head key 6 (t=")
        .stdout_has(" triangle(s) reverse winding — triangle 174 [119,138,139] ");
    assert!(!p.exists("out"), "a refused build wrote");
}
