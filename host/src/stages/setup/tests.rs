//! Tests of the setup stage: the reference rigs and a rig using every construct
//! assemble to the expected model (R1: undeclared stays `None`, declared zeros
//! are `Some(0.0)`), and every refusal is located.

use super::{assemble, Setup};
use crate::diag::Diagnostic;
use crate::spec::cursor::Node;
use crate::spec::rig::tests::{ok, parse_text, position, reference_text, render, BASE, RICH};
use crate::spec::rig::{AttachmentKind, Geometry, RigSpec};
use crate::spec::setup_entry::SetupEntry;
use crate::spec::source::SourceFile;
use crate::stages::measure::ImageInfo;
use rigc_sdk::model::{Attachment, Bounds, Constraint, Vertices, WeightedBinding, SPINE_VERSION};
use rigc_sdk::png_image::PngHeader;
use std::collections::HashMap;
use std::path::PathBuf;

/// A measured PNG that was never on disk.
fn fake(path: &str, width: u32, height: u32) -> ImageInfo {
    ImageInfo {
        path: PathBuf::from(path),
        header: PngHeader {
            width,
            height,
            color_type: 6,
            bit_depth: 8,
            has_trns: false,
        },
        transparent_pixels: 1,
    }
}

/// Every image of `rig` measured as `w`×`h` at `/art/<value>`, except the sizes
/// given in `sizes`.
fn images(rig: &RigSpec, w: u32, h: u32, sizes: &[(&str, u32, u32)]) -> HashMap<String, ImageInfo> {
    rig.image_refs()
        .into_iter()
        .map(|(v, _)| {
            let (w, h) = sizes
                .iter()
                .find(|s| s.0 == v)
                .map(|s| (s.1, s.2))
                .unwrap_or((w, h));
            (v.clone(), fake(&format!("/art/{v}"), w, h))
        })
        .collect()
}

/// Setup entries read from a motion `setup` table written as JSON (a test-only
/// reader: the motion parser is another stage's).
fn entries(file: &std::sync::Arc<SourceFile>) -> Vec<SetupEntry> {
    let json = crate::spec::parse_json(file).expect("motion json");
    let root = Node::root(&json, file);
    let Some(table) = root.get("setup") else {
        return Vec::new();
    };
    table
        .entries()
        .into_iter()
        .map(|(slot, e)| {
            let attachment = e.get("attachment").map(|a| a.as_str().map(str::to_string));
            let color = e.get("color").map(|c| {
                let v: Vec<f64> = c.elements().iter().filter_map(|x| x.as_f64()).collect();
                [v[0], v[1], v[2], v[3]]
            });
            SetupEntry {
                slot,
                loc: e.loc(),
                attachment,
                attachment_loc: e.get("attachment").map(|a| a.loc()),
                color,
                color_loc: e.get("color").map(|c| c.loc()),
            }
        })
        .collect()
}

/// The motion file of a setup table.
fn motion(setup: &str) -> std::sync::Arc<SourceFile> {
    SourceFile::new(
        "motion.json",
        "motion.json",
        format!("{{\n  \"setup\": {setup}\n}}"),
    )
}

fn assembled(rig: &RigSpec, setup: &str, images: &HashMap<String, ImageInfo>) -> Setup {
    let m = motion(setup);
    match assemble(rig, &entries(&m), images) {
        Ok(s) => s,
        Err(d) => panic!("expected a setup, got:\n{}", render(&d)),
    }
}

fn refused(
    rig: &RigSpec,
    setup: &str,
    images: &HashMap<String, ImageInfo>,
) -> (Vec<Diagnostic>, std::sync::Arc<SourceFile>) {
    let m = motion(setup);
    match assemble(rig, &entries(&m), images) {
        Ok(_) => panic!("expected a refusal"),
        Err(d) => (d, m),
    }
}

/// Asserts exactly one diagnostic, its code, message, pointer, and that its
/// line:column is that of `needle` in the file it points into.
fn one(d: &[Diagnostic], code: &str, message: &str, pointer: &str, needle: &str) {
    assert_eq!(d.len(), 1, "expected one diagnostic, got:\n{}", render(d));
    assert_eq!(d[0].code, code, "{}", render(d));
    assert_eq!(d[0].message, message);
    let loc = d[0].loc.as_ref().expect("located");
    assert_eq!(loc.pointer, pointer);
    assert_eq!(
        loc.line_col(),
        position(&loc.file.text, needle),
        "line:column of {code}"
    );
    assert!(d[0].help.as_deref().is_some_and(|h| !h.is_empty()));
}

#[test]
fn walk_assembles() {
    let rig = ok(&reference_text("rigc-gallery/walk/rig.json"));
    let imgs = images(&rig, 64, 32, &[("plate.png", 576, 736)]);
    let s = assembled(&rig, "{}", &imgs);
    let k = &s.skeleton;
    assert_eq!(k.header.spine, SPINE_VERSION);
    assert_eq!(
        (
            k.header.bounds,
            k.header.fps,
            k.header.images.clone(),
            k.header.audio.clone()
        ),
        (None, None, None, None)
    );
    assert_eq!(k.bones.len(), 21);
    assert_eq!((k.bones[0].x, k.bones[0].parent.clone()), (None, None));
    let torso = k.bones.iter().find(|b| b.name == "torso").expect("torso");
    assert_eq!(
        (torso.x, torso.y, torso.rotation),
        (Some(0.0), Some(0.0), None)
    );
    assert_eq!(k.slots.len(), 15);
    assert!(k
        .slots
        .iter()
        .all(|s| s.attachment.as_deref() == Some(s.name.as_str())));
    assert_eq!(k.skins.len(), 1);
    let order: Vec<&str> = k.skins[0]
        .attachments
        .iter()
        .map(|s| s.slot.as_str())
        .collect();
    let rig_order: Vec<&str> = rig.slots.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(order, rig_order, "skin slots in rig slot order");
    let (ph, Attachment::Region(plate)) = &k.skins[0].attachments[0].entries[0] else {
        panic!("region")
    };
    assert_eq!(ph, "plate");
    assert_eq!(
        (plate.width, plate.height, plate.path.clone()),
        (576.0, 736.0, None)
    );
    assert_eq!(
        (
            plate.x,
            plate.y,
            plate.rotation,
            plate.scale_x,
            plate.color.clone()
        ),
        (Some(288.0), Some(368.0), None, None, None)
    );
    let parts: Vec<&str> = s.parts.iter().map(|p| p.region.as_str()).collect();
    assert_eq!(
        &parts[..6],
        ["plate", "thigh_b", "shin_b", "thigh_f", "shin_f", "arm_b"],
        "first-use order"
    );
    assert_eq!(s.parts[0].image.path, PathBuf::from("/art/plate.png"));
    assert_eq!(k.constraints.len(), 2);
    assert!(k.animations.is_empty() && k.events.is_empty());
    assert_eq!(s.rig_info.name, "walk");
    assert_eq!(
        s.rig_info.stage,
        Some(Bounds {
            x: 0.0,
            y: 0.0,
            width: 576.0,
            height: 736.0
        })
    );
    assert_eq!(s.rig_info.base_plates, ["plate"]);
    assert_eq!(s.rig_info.slot_order, rig_order);
    assert!(s.rig_info.animations.is_empty() && s.rig_info.mesh_kinds.is_empty());
}

#[test]
fn buoy_assembles() {
    let rig = ok(&reference_text("rigc-buoy/buoy.rig.json"));
    let s = assembled(&rig, "{}", &images(&rig, 20, 50, &[]));
    assert_eq!(
        s.rig_info.stage,
        Some(Bounds {
            x: 0.0,
            y: 0.0,
            width: 200.0,
            height: 200.0
        }),
        "x/y default to 0"
    );
    assert!(s.rig_info.base_plates.is_empty());
    let (_, Attachment::Region(mast)) = &s.skeleton.skins[0].attachments[0].entries[0] else {
        panic!("region")
    };
    assert_eq!(
        (mast.width, mast.height, mast.y, mast.x),
        (20.0, 50.0, Some(26.0), None)
    );
    let parts: Vec<&str> = s.parts.iter().map(|p| p.region.as_str()).collect();
    assert_eq!(parts, ["mast", "hull", "lamp"]);
}

const RICH_SETUP: &str =
    r#"{ "body": { "attachment": "body" }, "tip": { "color": [1, 0.5, 0, 1] } }"#;

#[test]
fn every_construct_assembles() {
    let rig = ok(RICH);
    let imgs = images(&rig, 30, 20, &[("plate.png", 200, 100)]);
    let s = assembled(&rig, RICH_SETUP, &imgs);
    let k = &s.skeleton;
    assert_eq!(
        (
            k.header.fps,
            k.header.reference_scale,
            k.header.images.as_deref(),
            k.header.audio.clone()
        ),
        (Some(24.0), Some(100.0), Some("./parts/"), Some(None))
    );
    let skins: Vec<&str> = k.skins.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(skins, ["default", "armed"], "default first");
    let armed = &k.skins[1];
    assert_eq!(
        (
            armed.bones.clone(),
            armed.transform.clone(),
            armed.ik.is_empty()
        ),
        (vec!["prop".to_string()], vec!["follow".to_string()], true)
    );
    let (_, Attachment::Region(arm)) = &armed.attachments[0].entries[0] else {
        panic!("region")
    };
    assert_eq!(
        arm.path.as_deref(),
        Some("arm_armed"),
        "path = basename when it differs from the placeholder"
    );
    let (_, Attachment::Region(sword)) = &armed.attachments[0].entries[1] else {
        panic!("region")
    };
    assert_eq!((sword.path.clone(), sword.rotation), (None, Some(90.0)));
    let d = &k.skins[0];
    let order: Vec<&str> = d.attachments.iter().map(|s| s.slot.as_str()).collect();
    assert_eq!(
        order,
        ["back", "body", "arm", "hit", "tip"],
        "rig slot order, not the skin's key order"
    );
    let (_, Attachment::Region(body)) = &d.attachments[1].entries[0] else {
        panic!("region")
    };
    assert_eq!(
        (
            body.width,
            body.height,
            body.path.as_deref(),
            body.scale_x,
            body.scale_y
        ),
        (40.0, 60.0, Some("torso"), Some(2.0), None)
    );
    let (_, Attachment::Region(arm)) = &d.attachments[2].entries[0] else {
        panic!("region")
    };
    assert_eq!(
        (
            arm.width,
            arm.height,
            arm.path.clone(),
            arm.color.as_deref()
        ),
        (30.0, 20.0, None, Some("ffeeddcc"))
    );
    let hit: Vec<&str> = d.attachments[3]
        .entries
        .iter()
        .map(|e| e.0.as_str())
        .collect();
    assert_eq!(hit, ["box", "weighted", "raw"]);
    let Attachment::BoundingBox(b) = &d.attachments[3].entries[0].1 else {
        panic!("bbox")
    };
    assert_eq!(
        (b.vertex_count, b.vertices.clone(), b.color.as_deref()),
        (
            3,
            Vertices::Unweighted(vec![0.0, 0.0, 10.0, 0.0, 0.0, 10.0]),
            Some("abcdef01")
        )
    );
    let Attachment::BoundingBox(w) = &d.attachments[3].entries[1].1 else {
        panic!("bbox")
    };
    let Vertices::Weighted(v) = &w.vertices else {
        panic!("weighted")
    };
    let bones: Vec<Vec<u32>> = v
        .iter()
        .map(|x| x.iter().map(|b| b.bone).collect())
        .collect();
    assert_eq!(
        bones,
        vec![vec![1], vec![2, 5], vec![0]],
        "names resolved to emitted bone indexes"
    );
    assert_eq!(
        v[1][1],
        WeightedBinding {
            bone: 5,
            x: 2.0,
            y: 0.0,
            weight: 0.75
        }
    );
    let Attachment::BoundingBox(r) = &d.attachments[3].entries[2].1 else {
        panic!("bbox")
    };
    assert!(matches!(&r.vertices, Vertices::Weighted(v) if v[2][1].bone == 5));
    let Attachment::Point(p) = &d.attachments[4].entries[0].1 else {
        panic!("point")
    };
    assert_eq!(
        (p.x, p.y, p.rotation, p.color.as_deref()),
        (Some(4.0), Some(0.0), Some(0.0), Some("00ff00ff"))
    );
    let slots: Vec<(&str, Option<&str>, Option<&str>)> = k
        .slots
        .iter()
        .map(|s| (s.name.as_str(), s.attachment.as_deref(), s.color.as_deref()))
        .collect();
    assert_eq!(
        slots,
        [
            ("back", Some("plate"), None),
            ("body", Some("body"), Some("ffffffcc")),
            ("arm", Some("arm"), None),
            ("hit", None, None),
            ("tip", None, Some("ff8000ff")),
            ("empty", None, None)
        ],
        "every slot emitted; setup colour as rrggbbaa"
    );
    assert_eq!(
        (k.slots[1].dark.as_deref(), k.slots[1].blend.as_deref()),
        (Some("101010"), Some("Additive"))
    );
    let parts: Vec<&str> = s.parts.iter().map(|p| p.region.as_str()).collect();
    assert_eq!(parts, ["arm_armed", "sword", "arm", "plate"]);
    let cons: Vec<(&str, &str)> = k
        .constraints
        .iter()
        .map(|c| (c.type_name(), c.name()))
        .collect();
    assert_eq!(
        cons,
        [
            ("ik", "reach"),
            ("transform", "follow"),
            ("transform", "reach")
        ]
    );
    let Constraint::Ik(ik) = &k.constraints[0] else {
        panic!("ik")
    };
    assert_eq!(
        (ik.mix, ik.softness, ik.skin, ik.scale_y.as_deref()),
        (Some(0.5), Some(0.0), None, Some("uniform"))
    );
    let ev: Vec<&str> = k.events.iter().map(|e| e.name.as_str()).collect();
    assert_eq!(ev, ["step", "shout"]);
    assert_eq!(
        (k.events[0].int, k.events[1].int, k.events[1].balance),
        (None, Some(3), Some(-0.5))
    );
    assert_eq!(
        s.rig_info.stage,
        Some(Bounds {
            x: -10.0,
            y: 0.0,
            width: 200.0,
            height: 100.0
        })
    );
    assert_eq!(s.rig_info.base_plates, ["plate"]);
    assert_eq!(s.rig_info.invariants.mesh_triangles, Some(8));
    assert_eq!(
        s.rig_info.slot_order,
        ["back", "body", "arm", "hit", "tip", "empty"]
    );
}

#[test]
fn default_skin_is_always_emitted() {
    let t = BASE.replace("\"default\": {", "\"other\": {");
    let rig = ok(&t);
    let s = assembled(&rig, "{}", &HashMap::new());
    let skins: Vec<(&str, usize)> = s
        .skeleton
        .skins
        .iter()
        .map(|s| (s.name.as_str(), s.attachments.len()))
        .collect();
    assert_eq!(skins, [("default", 0), ("other", 1)]);
}

#[test]
fn no_stage_declared() {
    let rig = ok(&BASE.replace(
        "{ \"width\": 100, \"height\": 80 }",
        "{ \"width\": null, \"height\": null }",
    ));
    let s = assembled(&rig, "{}", &HashMap::new());
    assert_eq!((s.rig_info.stage, s.skeleton.header.bounds), (None, None));
    assert!(s.rig_info.base_plates.is_empty());
}

#[test]
fn no_stage_size() {
    let rig = ok(&BASE.replace("\"skeleton\": { \"width\": 100, \"height\": 80 },\n  ", ""));
    let (d, _) = refused(&rig, "{}", &HashMap::new());
    one(
        &d,
        "setup.no-stage-size",
        "no stage size: give the rig spec a `skeleton.width`/`skeleton.height` — this build reads no cut manifest whose `crop` could state them",
        "",
        "@1:1",
    );
}

/// BASE with the region replaced by `p` and further `(from, to)` edits.
fn base(p: &str) -> RigSpec {
    ok(&BASE.replace("{ \"width\": 10, \"height\": 10 }", p))
}

#[test]
fn stated_size_wins_over_measured() {
    let rig = base(r#"{ "image": "p.png", "width": 0 }"#);
    let s = assembled(&rig, "{}", &images(&rig, 64, 48, &[]));
    let (_, Attachment::Region(r)) = &s.skeleton.skins[0].attachments[0].entries[0] else {
        panic!("region")
    };
    assert_eq!((r.width, r.height, r.path.clone()), (0.0, 48.0, None));
}

#[test]
fn image_not_measured() {
    let rig = base(r#"{ "image": "p.png" }"#);
    let (d, _) = refused(&rig, "{}", &HashMap::new());
    one(
        &d,
        "setup.image-unmeasured",
        "image \"p.png\" was not measured: the build has no PNG for it",
        "/skins/default/s/p/image",
        "\"p.png\"",
    );
}

fn two_images(a: &str, b: &str) -> RigSpec {
    base(&format!(
        r#"{{ "image": "{a}" }}, "q": {{ "image": "{b}" }}"#
    ))
}

#[test]
fn duplicate_region_name() {
    let rig = two_images("a/x.png", "b/x.png");
    let mut imgs = HashMap::new();
    imgs.insert("a/x.png".to_string(), fake("/art/a/x.png", 5, 5));
    imgs.insert("b/x.png".to_string(), fake("/art/b/x.png", 5, 5));
    let (d, _) = refused(&rig, "{}", &imgs);
    one(
        &d,
        "setup.duplicate-region",
        "duplicate region name \"x\" (/art/b/x.png): /art/a/x.png and /art/b/x.png are two different files with one basename — one part, one page, one name",
        "/skins/default/s/q/image",
        "\"b/x.png\"",
    );
    assert_eq!(d[0].related[0].1.pointer, "/skins/default/s/p/image");
}

#[test]
fn one_file_two_spellings_is_one_part() {
    let rig = two_images("x.png", "./x.png");
    let mut imgs = HashMap::new();
    imgs.insert("x.png".to_string(), fake("/art/x.png", 5, 6));
    imgs.insert("./x.png".to_string(), fake("/art/x.png", 5, 6));
    let s = assembled(&rig, "{}", &imgs);
    assert_eq!(s.parts.len(), 1);
    let paths: Vec<Option<String>> = s.skeleton.skins[0].attachments[0]
        .entries
        .iter()
        .map(|(_, a)| match a {
            Attachment::Region(r) => r.path.clone(),
            _ => None,
        })
        .collect();
    assert_eq!(paths, [Some("x".to_string()), Some("x".to_string())]);
}

#[test]
fn setup_names_an_undeclared_slot() {
    let (d, _) = refused(
        &ok(BASE),
        r#"{ "z": { "attachment": null } }"#,
        &HashMap::new(),
    );
    one(
        &d,
        "setup.slot-undeclared",
        "the motion spec's setup names slot \"z\", which the rig \"t\" does not declare",
        "/setup/z",
        "{ \"attachment\": null }",
    );
}

/// BASE whose slot `s` states `extra` in place of `, "attachment": "p"`.
fn slot(extra: &str) -> RigSpec {
    ok(&BASE.replace(", \"attachment\": \"p\" }", &format!("{extra} }}")))
}

#[test]
fn setup_has_one_author() {
    let (d, _) = refused(
        &ok(BASE),
        r#"{ "s": { "color": [1, 1, 1, 1] } }"#,
        &HashMap::new(),
    );
    one(
        &d,
        "setup.two-authors",
        "slot \"s\" has a setup attachment in the rig spec AND in the motion spec; the setup pose has one author",
        "/setup/s",
        "{ \"color\"",
    );
    assert_eq!(d[0].related[0].1.pointer, "/slots/0/attachment");
}

#[test]
fn no_setup_pose() {
    let (d, _) = refused(&slot(", \"color\": \"ffffffff\""), "{}", &HashMap::new());
    one(
        &d,
        "setup.no-setup-pose",
        "no setup pose for slot \"s\": give the motion spec a `setup` entry or the rig slot an `attachment` — the compiler will not guess one",
        "/slots/0",
        "{ \"name\": \"s\"",
    );
}

#[test]
fn setup_attachment_from_the_motion_spec() {
    let s = assembled(
        &slot(", \"color\": \"FFFFFF00\""),
        r#"{ "s": { "attachment": "p" } }"#,
        &HashMap::new(),
    );
    assert_eq!(
        (
            s.skeleton.slots[0].attachment.as_deref(),
            s.skeleton.slots[0].color.as_deref()
        ),
        (Some("p"), Some("ffffff00"))
    );
    let s = assembled(&slot(""), r#"{ "s": {} }"#, &HashMap::new());
    assert_eq!(
        s.skeleton.slots[0].attachment, None,
        "an absent setup attachment means null"
    );
}

#[test]
fn setup_attachment_unknown() {
    let (d, _) = refused(
        &slot(""),
        r#"{ "s": { "attachment": "pp" } }"#,
        &HashMap::new(),
    );
    one(
        &d,
        "setup.attachment-unknown",
        "setup attachment \"pp\" for slot \"s\" is not one of [p]",
        "/setup/s/attachment",
        "\"pp\"",
    );
    assert!(d[0]
        .help
        .as_deref()
        .unwrap_or("")
        .contains("did you mean \"p\"?"));
    let rig = ok(&BASE.replace("\"attachment\": \"p\" }", "\"attachment\": \"q\" }"));
    let (d, _) = refused(&rig, "{}", &HashMap::new());
    one(
        &d,
        "setup.attachment-unknown",
        "setup attachment \"q\" for slot \"s\" is not one of [p]",
        "/slots/0/attachment",
        "\"q\"",
    );
}

#[test]
fn setup_attachment_on_an_unfilled_slot() {
    let rig = ok(&BASE.replace(
        "\"default\": { \"s\": { \"p\": { \"width\": 10, \"height\": 10 } } }",
        "\"default\": {}",
    ));
    let (d, _) = refused(&rig, "{}", &HashMap::new());
    one(
        &d,
        "setup.attachment-unknown",
        "setup attachment \"p\" for slot \"s\" is not one of [] — no skin gives that slot an attachment, so its setup attachment can only be null",
        "/slots/0/attachment",
        "\"p\" }\n",
    );
}

#[test]
fn setup_colour_has_one_author() {
    let (d, _) = refused(
        &slot(", \"color\": \"ffffffff\""),
        r#"{ "s": { "attachment": "p", "color": [1, 0, 0, 1] } }"#,
        &HashMap::new(),
    );
    one(
        &d,
        "setup.two-colour-authors",
        "slot \"s\" has a setup colour in the rig spec AND in the motion spec",
        "/setup/s/color",
        "[1, 0, 0, 1]",
    );
    assert_eq!(d[0].related[0].1.pointer, "/slots/0/color");
}

#[test]
fn hand_built_specs_are_refused_not_panicked() {
    // A RigSpec built by hand (not by `parse`) may hold what parse refuses.
    let mut rig = ok(BASE);
    if let AttachmentKind::Region(r) = &mut rig.skins[0].slots[0].entries[0].kind {
        r.width = None;
    }
    let (d, _) = refused(&rig, "{}", &HashMap::new());
    assert_eq!(d[0].code, "setup.region-size");
    let mut rig = ok(RICH);
    for e in &mut rig.skins[1].slots[3].entries {
        if let AttachmentKind::BoundingBox(b) = &mut e.kind {
            if let Geometry::ByName(v) = &mut b.geometry {
                v[0][0].bone = "nobody".into();
            }
        }
    }
    let imgs = images(&rig, 1, 1, &[]);
    let m = motion(RICH_SETUP);
    let d = assemble(&rig, &entries(&m), &imgs).expect_err("refused");
    assert_eq!(d[0].code, "setup.bone-unresolved", "{}", render(&d));
    assert!(parse_text("{}").is_err());
}
