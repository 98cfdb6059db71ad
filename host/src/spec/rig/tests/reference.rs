//! The reference rigs (read from `../shared/reference`, never copied): the ones
//! rigc compiles parse; the ones built on constructs not compiled yet are refused
//! by name, and only by name (no compile error rides along).

use super::{parse_text, reference_text as reference, render};
use crate::spec::rig::{AttachmentKind, RigSpec, Stage};
use rigc_sdk::model::Constraint;

fn parse_ref(path: &str) -> RigSpec {
    match parse_text(&reference(path)) {
        Ok(r) => r,
        Err(d) => panic!("{path} refused:\n{}", render(&d)),
    }
}

#[test]
fn walk_parses() {
    let r = parse_ref("rigc-gallery/walk/rig.json");
    assert_eq!(r.name(), "walk");
    assert_eq!(r.images_dir().map(|(d, _)| d), Some("parts"));
    assert_eq!(
        r.header.stage,
        Stage::Declared {
            x: Some(0.0),
            y: Some(0.0),
            width: 576.0,
            height: 736.0
        }
    );
    assert_eq!(r.bones.len(), 21);
    assert_eq!(r.slots.len(), 15);
    assert_eq!(r.skins.len(), 1);
    assert_eq!(r.constraints.len(), 2);
    let Constraint::Ik(k) = &r.constraints[1].constraint else {
        panic!("ik")
    };
    assert_eq!(
        (
            k.name.as_str(),
            k.bend_positive,
            k.mix,
            k.softness,
            k.compress
        ),
        ("leg_f_ik", Some(false), Some(1.0), Some(0.0), None)
    );
    let ear = r
        .bones
        .iter()
        .find(|b| b.bone.name == "ear_l")
        .map(|b| &b.bone)
        .expect("ear_l");
    assert_eq!(
        (ear.x, ear.y, ear.rotation, ear.length, ear.scale_x),
        (Some(-62.0), Some(188.0), Some(13.0), None, None)
    );
    let torso = r
        .bones
        .iter()
        .find(|b| b.bone.name == "torso")
        .map(|b| &b.bone)
        .expect("torso");
    assert_eq!(
        (torso.x, torso.y),
        (Some(0.0), Some(0.0)),
        "declared zeros are kept"
    );
    let refs: Vec<String> = r.image_refs().into_iter().map(|(v, _)| v).collect();
    assert_eq!(refs.len(), 15);
    // skin slot-key order, not rig slot order: thigh_f comes before arm_b.
    assert_eq!(
        &refs[..6],
        [
            "plate.png",
            "thigh_b.png",
            "shin_b.png",
            "thigh_f.png",
            "shin_f.png",
            "arm_b.png"
        ]
    );
    let AttachmentKind::Region(plate) = &r.skins[0].slots[0].entries[0].kind else {
        panic!("region")
    };
    assert_eq!(
        (plate.x, plate.y, plate.rotation, plate.width),
        (Some(288.0), Some(368.0), None, None)
    );
}

#[test]
fn buoy_parses() {
    let r = parse_ref("rigc-buoy/buoy.rig.json");
    assert_eq!(r.name(), "buoy");
    assert_eq!(
        r.header.stage,
        Stage::Declared {
            x: None,
            y: None,
            width: 200.0,
            height: 200.0
        }
    );
    let refs: Vec<String> = r.image_refs().into_iter().map(|(v, _)| v).collect();
    assert_eq!(refs, ["mast.png", "hull.png", "lamp.png"]);
    assert!(r.constraints.is_empty() && r.events.is_empty());
}

/// The reference rigs' authored meshes parse, with the counts FIGURES.md gives
/// and the hull of a `c × r` grid listed perimeter first, `2(c + r) − 4`.
#[test]
fn authored_meshes_of_the_reference_rigs_parse() {
    // (rig, slot, vertices, triangles, hull)
    let grid = |c: u32, r: u32| 2 * (c + r) - 4;
    for (path, slot, v, t, hull) in [
        ("rigc-gallery/squash/rig.json", "ball", 9, 8, 8),
        ("rigc-gallery/portrait/rig.json", "head", 25, 32, grid(5, 5)),
        (
            "rigc-gallery/portrait/rig.json",
            "hair_bang",
            15,
            16,
            grid(5, 3),
        ),
        ("rigc-gallery/nod/rig.json", "head", 10, 8, grid(2, 5)),
        ("rigc-gallery/nod/rig.json", "ear_l", 22, 20, grid(2, 11)),
    ] {
        let r = parse_ref(path);
        let mesh = r
            .skins
            .iter()
            .flat_map(|s| s.slots.iter())
            .filter(|s| s.slot == slot)
            .flat_map(|s| s.entries.iter())
            .find_map(|e| match &e.kind {
                crate::spec::rig::AttachmentKind::Mesh(m) => Some(m),
                _ => None,
            })
            .unwrap_or_else(|| panic!("{path}: slot {slot} has a mesh"));
        assert_eq!(mesh.uvs.len() / 2, v, "{path} {slot} vertices");
        assert_eq!(mesh.triangles.len() / 3, t, "{path} {slot} triangles");
        assert_eq!(mesh.hull, hull, "{path} {slot} hull");
    }
}

#[test]
fn flex_and_look_parse_with_their_generators() {
    // Every construct the reference rigs use now parses: flex's four contour
    // meshes, look's four grids (depth maps, a soft mask) and its sliders.
    for (path, generated) in [
        ("rigc-gallery/flex/rig.json", 4),
        ("rigc-gallery/look/rig.json", 4),
    ] {
        let r = parse_ref(path);
        let n = r
            .skins
            .iter()
            .flat_map(|s| s.slots.iter())
            .flat_map(|s| s.entries.iter())
            .filter(|e| matches!(e.kind, AttachmentKind::Generated(_)))
            .count();
        assert_eq!(n, generated, "{path}");
    }
}

#[test]
fn ride_parses_with_its_path() {
    let r = parse_ref("rigc-gallery/ride/rig.json");
    assert_eq!((r.bones.len(), r.slots.len()), (17, 18));
    let entries: Vec<_> = r
        .skins
        .iter()
        .flat_map(|s| s.slots.iter())
        .flat_map(|s| s.entries.iter())
        .collect();
    assert_eq!(entries.len(), 19);
    let paths: Vec<_> = entries
        .iter()
        .filter_map(|e| match &e.kind {
            AttachmentKind::Path(p) => Some((e.placeholder.as_str(), p)),
            _ => None,
        })
        .collect();
    assert_eq!(paths.len(), 1);
    let (name, p) = paths[0];
    assert_eq!(
        (name, p.vertex_count, p.closed, p.constant_speed),
        ("track", 12, None, None)
    );
    let [c] = &r.constraints[..] else {
        panic!("one constraint")
    };
    let Constraint::Path(c) = &c.constraint else {
        panic!("a path constraint")
    };
    assert_eq!((c.name.as_str(), c.slot.as_str()), ("ride", "track"));
    assert_eq!(c.bones, ["cart"]);
    assert_eq!(
        [&c.position_mode, &c.spacing_mode, &c.rotate_mode].map(|m| m.as_deref()),
        [Some("percent"), Some("percent"), Some("tangent")]
    );
    assert_eq!(
        [c.mix_rotate, c.mix_x, c.mix_y, c.position, c.spacing],
        [Some(1.0), Some(1.0), Some(1.0), Some(0.0), Some(0.0)]
    );
}
