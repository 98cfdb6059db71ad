//! Authored meshes in the setup skeleton (FORMAT.md §2.7.2, §5.5): squash's
//! ball as the model carries it, weights resolved and rounded, size and
//! `path` as regions have them, the mesh slots named `authored`.

use super::{assembled, images, one};
use crate::spec::rig::tests::{ok, reference_text, BASE};
use crate::spec::rig::AttachmentKind;
use crate::stages::setup::assemble;
use rigc_sdk::model::{Attachment, MeshAttachment, Vertices, WeightedBinding};

const QUAD: &str = "\"uvs\": [0, 0, 1, 0, 1, 1, 0, 1], \"triangles\": [0, 1, 2, 0, 2, 3]";

fn first_mesh(s: &crate::stages::setup::Setup, slot: &str) -> MeshAttachment {
    s.skeleton
        .skins
        .iter()
        .flat_map(|k| k.attachments.iter())
        .filter(|a| a.slot == slot)
        .flat_map(|a| a.entries.iter())
        .find_map(|(_, a)| match a {
            Attachment::Mesh(m) => Some(m.clone()),
            _ => None,
        })
        .expect("a mesh")
}

#[test]
fn squash_ball() {
    let rig = ok(&reference_text("rigc-gallery/squash/rig.json"));
    let s = assembled(&rig, "{}", &images(&rig, 64, 32, &[("ball.png", 240, 240)]));
    let m = first_mesh(&s, "ball");
    // FIGURES.md: 9 vertices, 8 triangles, hull 8 on a 240×240 part.
    assert_eq!((m.uvs.len() / 2, m.triangles.len() / 3, m.hull), (9, 8, 8));
    assert_eq!((m.width, m.height, m.path.as_deref()), (240.0, 240.0, None));
    // The fan's edges: the rim loop 0 → 1 → … → 7 → 0, then each spoke once,
    // in the order the triangles [8, k, k+1] first name it — 8–0 and 1–8 from
    // the first, then k+1–8 — each end ×2 (FORMAT.md §2.7.2).
    let mut edges: Vec<u32> = (0..8).flat_map(|k| [2 * k, 2 * ((k + 1) % 8)]).collect();
    edges.extend([16, 0]);
    edges.extend((1..8).flat_map(|k| [2 * k, 16]));
    assert_eq!(m.edges, edges);
    let Vertices::Unweighted(xy) = &m.vertices else {
        panic!("unweighted")
    };
    assert_eq!(
        (xy[12], xy[13]),
        (0.0, -110.0),
        "vertex 6 is the rim's bottom, R_rim 110"
    );
    assert_eq!(
        s.rig_info.mesh_kinds,
        [("ball".to_string(), "authored".to_string())]
    );
}

#[test]
fn weights_resolve_to_emitted_indexes_rounded_to_six_decimals() {
    let w = r#"[{ "bone": "b", "x": 1.23456789, "y": -0.0000004, "weight": 0.3333333333 }, { "bone": "root", "x": 0, "y": 0.0000005, "weight": 0.6666666667 }]"#;
    let rig = ok(&BASE.replace(
        "{ \"width\": 10, \"height\": 10 }",
        &format!("{{ \"type\": \"mesh\", {QUAD}, \"weights\": [{w}, {w}, {w}, {w}], \"width\": 10, \"height\": 10 }}"),
    ));
    let m = first_mesh(&assembled(&rig, "{}", &images(&rig, 1, 1, &[])), "s");
    let Vertices::Weighted(v) = &m.vertices else {
        panic!("weighted")
    };
    // r6: Math.round(n·1e6)/1e6, half up, -0 written 0 (FORMAT.md §5.2).
    assert_eq!(
        v[3],
        [
            WeightedBinding {
                bone: 1,
                x: 1.234568,
                y: 0.0,
                weight: 0.333333
            },
            WeightedBinding {
                bone: 0,
                x: 0.0,
                y: 0.000001,
                weight: 0.666667
            },
        ]
    );
    assert!(v[3][0].y.is_sign_positive(), "-0 is written 0");
}

#[test]
fn size_measured_or_stated_and_the_path_rule() {
    let mesh = |extra: &str| {
        let rig = ok(&BASE.replace(
            "{ \"width\": 10, \"height\": 10 }",
            &format!("{{ \"type\": \"mesh\", {QUAD}, \"vertices\": [0, 0, 1, 0, 1, 1, 0, 1], \"image\": \"art/leaf_a.png\"{extra} }}"),
        ));
        first_mesh(&assembled(&rig, "{}", &images(&rig, 64, 48, &[])), "s")
    };
    let m = mesh("");
    assert_eq!(
        (m.width, m.height, m.path.as_deref()),
        (64.0, 48.0, Some("leaf_a"))
    );
    let m = mesh(", \"width\": 32, \"path\": \"leaf\"");
    assert_eq!(
        (m.width, m.height, m.path.as_deref()),
        (32.0, 48.0, Some("leaf"))
    );
    assert_eq!(m.edges, [0, 2, 2, 4, 4, 6, 6, 0, 4, 0]);
}

#[test]
fn a_mesh_with_no_size_to_draw_on() {
    // The parser refuses this first; the setup stage refuses it too when handed
    // a mesh with neither a size nor an image.
    let mut rig = ok(&BASE.replace(
        "{ \"width\": 10, \"height\": 10 }",
        &format!("{{ \"type\": \"mesh\", {QUAD}, \"vertices\": [0, 0, 1, 0, 1, 1, 0, 1], \"width\": 10, \"height\": 10 }}"),
    ));
    let AttachmentKind::Mesh(m) = &mut rig.skins[0].slots[0].entries[0].kind else {
        panic!("mesh")
    };
    m.height = None;
    let d = assemble(&rig, &[], &images(&rig, 1, 1, &[])).expect_err("refused");
    one(
        &d,
        "setup.mesh-size",
        "attachment \"p\": a mesh needs width and height — give them, or give an \"image\" and rigc will measure the PNG",
        "/skins/default/s/p",
        "{ \"type\": \"mesh\"",
    );
}
