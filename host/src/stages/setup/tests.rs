//! Tests of the setup stage: the reference rigs and a rig using every construct
//! assemble to the expected model (R1: undeclared stays `None`, declared zeros
//! are `Some(0.0)`); `refusals` locates every refusal; `fuzz` holds parse then
//! assemble to answering every mutant of a rig without a panic.

mod fuzz;
mod mesh;
mod physics;
mod refusals;

use super::{assemble, Setup};
use crate::spec::rig::tests::{ok, position, reference_text, render, BASE, RICH};
use crate::spec::rig::RigSpec;
use crate::spec::setup_entry::SetupEntry;
use crate::stages::measure::ImageInfo;
use rigc_diag::cursor::Node;
use rigc_diag::source::SourceFile;
use rigc_diag::Diagnostic;
use rigc_sdk::model::{Attachment, Bounds, Constraint, Vertices, WeightedBinding, SPINE_VERSION};
use rigc_sdk::png_image::PngHeader;
use std::collections::HashMap;
use std::path::PathBuf;

/// A measured PNG that was never on disk.
pub(super) fn fake(path: &str, width: u32, height: u32) -> ImageInfo {
    ImageInfo {
        path: PathBuf::from(path),
        header: PngHeader {
            width,
            height,
            color_type: 6,
            bit_depth: 8,
            has_trns: false,
        },
    }
}

/// Every image of `rig` measured as `w`×`h` at `/art/<value>`, except the sizes
/// given in `sizes`.
pub(super) fn images(
    rig: &RigSpec,
    w: u32,
    h: u32,
    sizes: &[(&str, u32, u32)],
) -> HashMap<String, ImageInfo> {
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
pub(super) fn entries(file: &std::sync::Arc<SourceFile>) -> Vec<SetupEntry> {
    let json = crate::spec::parse_json(file).expect("motion json");
    let root = Node::root(&json, file);
    let Some(table) = root.get("setup") else {
        return Vec::new();
    };
    table
        .entries()
        .map(|(slot, e)| {
            let attachment = e.get("attachment").map(|a| a.as_str().map(str::to_string));
            let color = e.get("color").map(|c| {
                let v: Vec<f64> = c.elements().filter_map(|x| x.as_f64()).collect();
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
pub(super) fn motion(setup: &str) -> std::sync::Arc<SourceFile> {
    SourceFile::new(
        "motion.json",
        "motion.json",
        format!("{{\n  \"setup\": {setup}\n}}"),
    )
}

pub(super) fn assembled(rig: &RigSpec, setup: &str, images: &HashMap<String, ImageInfo>) -> Setup {
    let m = motion(setup);
    match assemble(rig, &entries(&m), images) {
        Ok(s) => s,
        Err(d) => panic!("expected a setup, got:\n{}", render(&d)),
    }
}

pub(super) fn refused(
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
pub(super) fn one(d: &[Diagnostic], code: &str, message: &str, pointer: &str, needle: &str) {
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

pub(super) const RICH_SETUP: &str =
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
        ["back", "body", "arm", "hit", "tip", "rail"],
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
            ("empty", None, None),
            ("rail", Some("loop"), None)
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
            ("transform", "reach"),
            ("slider", "knob"),
            ("slider", "reveal"),
            ("path", "ride")
        ]
    );
    let Constraint::Path(ride) = &k.constraints[5] else {
        panic!("path")
    };
    assert_eq!(
        (
            ride.slot.as_str(),
            [&ride.position_mode, &ride.spacing_mode, &ride.rotate_mode].map(|m| m.as_deref()),
            [ride.rotation, ride.position, ride.spacing],
            [ride.mix_rotate, ride.mix_x, ride.mix_y],
            ride.skin
        ),
        (
            "rail",
            [Some("fixed"), Some("Length"), Some("chainScale")],
            [Some(5.0), Some(10.0), Some(2.0)],
            [Some(0.5), Some(1.0), Some(0.25)],
            None
        ),
        "modes as written, every declared field kept"
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
        ["back", "body", "arm", "hit", "tip", "empty", "rail"]
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

/// The cubic Bézier `p` (4 points) at `t`.
fn bezier(p: [(f64, f64); 4], t: f64) -> (f64, f64) {
    let u = 1.0 - t;
    let w = [u * u * u, 3.0 * u * u * t, 3.0 * u * t * t, t * t * t];
    (0..4).fold((0.0, 0.0), |(x, y), i| {
        (x + w[i] * p[i].0, y + w[i] * p[i].1)
    })
}

/// The length of the polyline through `p` at `n + 1` evenly spaced `t`.
fn chords(p: [(f64, f64); 4], n: usize) -> f64 {
    (0..n)
        .map(|i| {
            let a = bezier(p, i as f64 / n as f64);
            let b = bezier(p, (i + 1) as f64 / n as f64);
            (b.0 - a.0).hypot(b.1 - a.1)
        })
        .sum()
}

/// RICH's two paths: `loop` (closed, unweighted, on `root`) has one length
/// per knot, its curves running from knot 1 through knot 0 and back; `bound`
/// (open, bound to `hip` at y 40 and to `root`) one length for its one curve,
/// its vertices placed where the bones put them. PathConstraint's forward
/// difference steps exactly through the curve at t = 0, ¼, ½, ¾, 1, so each
/// curve measures the 4 chords between those points (to its 0.16666667
/// constant), which is under the curve's arc (10 000 chords).
#[test]
fn path_lengths_are_measured_in_the_setup_pose() {
    use rigc_sdk::model::PathAttachment;
    let rig = ok(RICH);
    let imgs = images(&rig, 30, 20, &[("plate.png", 200, 100)]);
    let s = assembled(&rig, RICH_SETUP, &imgs);
    let rail = s.skeleton.skins[0]
        .attachments
        .iter()
        .find(|a| a.slot == "rail")
        .expect("rail");
    let path = |name: &str| -> &PathAttachment {
        match rail.entries.iter().find(|(p, _)| p == name) {
            Some((_, Attachment::Path(p))) => p,
            _ => panic!("{name} is a path"),
        }
    };
    let near = |measured: f64, curves: &[[(f64, f64); 4]]| {
        let four: f64 = curves.iter().map(|c| chords(*c, 4)).sum();
        let arc: f64 = curves.iter().map(|c| chords(*c, 10_000)).sum();
        assert!(
            (measured - four).abs() < 1e-5 && measured < arc,
            "measured {measured}, 4 chords {four}, arc {arc}"
        );
    };
    let looped = path("loop");
    assert_eq!(
        (looped.closed, looped.constant_speed),
        (Some(true), Some(false))
    );
    assert_eq!(looped.lengths.len(), 2);
    let first = [(0.0, 0.0), (10.0, 0.0), (40.0, -10.0), (40.0, 0.0)];
    let second = [(40.0, 0.0), (40.0, 10.0), (-10.0, 0.0), (0.0, 0.0)];
    near(looped.lengths[0], &[first]);
    near(looped.lengths[1], &[first, second]);
    let bound = path("bound");
    assert_eq!(bound.lengths.len(), 1);
    near(
        bound.lengths[0],
        &[[(5.0, 40.0), (10.0, 45.0), (20.0, 5.0), (30.0, 0.0)]],
    );
}
