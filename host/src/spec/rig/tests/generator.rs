//! Mesh generators (FORMAT.md §2.7.3–§2.7.5): the `generator` block read into
//! `rigc_meshgen`'s parameters, and one test per refusal class (code, message,
//! pointer, line:column).

use super::{edit, ok, refused, refuses, render};
use crate::spec::rig::{AttachmentKind, GeneratedSpec, GeneratorKind};
use rigc_meshgen::{depth::Near, grid::Lattice};

const P: &str = "{ \"width\": 10, \"height\": 10 }";
const W: &str = "skin \"default\" slot \"s\" attachment \"p\"";
const G: &str = "/skins/default/s/p/generator";

/// A rig whose one attachment is a mesh with `generator` `g` (and meshSlots).
fn text(g: &str) -> String {
    edit(&[
        (
            P,
            &format!("{{ \"type\": \"mesh\", \"image\": \"p.png\", \"generator\": {g} }}"),
        ),
        (
            "  \"skins\": {",
            "  \"invariants\": { \"meshSlots\": 1 },\n  \"skins\": {",
        ),
    ])
}

fn spec(g: &str) -> GeneratedSpec {
    let r = ok(&text(g));
    let AttachmentKind::Generated(m) = &r.skins[0].slots[0].entries[0].kind else {
        panic!("generated")
    };
    (**m).clone()
}

#[test]
fn grid_contour_depth_and_soft_are_read() {
    let g = spec(
        r#"{ "kind": "grid", "us": [0, 0.5, 1], "vs": [0.1, 0.9], "depth": { "image": "d.png", "near": "black", "zScale": 40, "gamma": 2 }, "soft": { "bone": "root", "mask": "m.png" } }"#,
    );
    assert_eq!(g.image.value, "p.png");
    assert_eq!(
        g.generator.kind,
        GeneratorKind::Grid(Lattice::Positions {
            us: vec![0.0, 0.5, 1.0],
            vs: vec![0.1, 0.9]
        })
    );
    let d = g.generator.depth.expect("depth");
    assert_eq!(
        (d.image.value.as_str(), d.params.near, d.params.z_scale),
        ("d.png", Near::Black, 40.0)
    );
    assert_eq!(
        (d.params.gamma, d.params.contrast, d.params.bias),
        (2.0, 1.0, 0.0)
    );
    let s = g.generator.soft.expect("soft");
    assert_eq!(
        (s.bone.value.as_str(), s.mask.value.as_str()),
        ("root", "m.png")
    );
    let c = spec(r#"{ "kind": "contour", "tolerance": 1.5 }"#);
    let GeneratorKind::Contour(p) = c.generator.kind else {
        panic!("contour")
    };
    // FORMAT.md §2.7.3's defaults: margin 1, maxVertices 64, alpha 1.
    assert_eq!(
        (p.tolerance, p.margin, p.max_vertices, p.alpha),
        (1.5, 1.0, 64, 1)
    );
    let g = spec(r#"{ "kind": "grid", "cols": 5, "rows": 7 }"#);
    assert_eq!(
        g.generator.kind,
        GeneratorKind::Grid(Lattice::Counts { cols: 5, rows: 7 })
    );
}

#[test]
fn an_unknown_kind_is_refused_with_the_five_there_are() {
    refuses(
        &text(r#"{ "kind": "mesh" }"#),
        "rig.generator.shape",
        &format!("{W}: generator kind is the string \"mesh\"; it is \"grid\", \"contour\", \"ring\", \"ribbon\" or \"segments\""),
        &format!("{G}/kind"),
        "\"mesh\" }",
    );
}

#[test]
fn lattice_refusals() {
    let code = "rig.generator.lattice";
    refuses(&text(r#"{ "kind": "grid", "us": [0, 1], "vs": [0, 1], "cols": 3 }"#), code,
        &format!("{W}: this grid generator states both positions (\"us\"/\"vs\") and a count (\"cols\"/\"rows\"), two answers to where its columns go. Drop one"),
        &format!("{G}/cols"), "3 }");
    refuses(&text(r#"{ "kind": "grid" }"#), code,
        &format!("{W}: this grid generator states neither positions (\"us\"/\"vs\") nor a count (\"cols\"/\"rows\"). A lattice is not a default"),
        G, "{ \"kind\": \"grid\" }");
    refuses(
        &text(r#"{ "kind": "grid", "us": [0, 1] }"#),
        code,
        &format!("{W}: this grid generator states \"us\" and no \"vs\": a lattice needs both axes"),
        &format!("{G}/us"),
        "[0, 1]",
    );
    refuses(
        &text(r#"{ "kind": "grid", "us": [0.1, 0.6, 0.6], "vs": [0, 1] }"#),
        code,
        &format!("{W}: \"us\" is not ascending: [1]=0.6 and [2]=0.6"),
        &format!("{G}/us/2"),
        "0.6]",
    );
    refuses(
        &text(r#"{ "kind": "grid", "us": [0, 1], "vs": [0, 1.5] }"#),
        code,
        &format!("{W}: \"vs\"[1] is 1.5; positions are fractions of the part window, 0..1"),
        &format!("{G}/vs/1"),
        "1.5",
    );
    refuses(
        &text(r#"{ "kind": "grid", "cols": 1, "rows": 4 }"#),
        code,
        &format!("{W}: \"cols\" is 1; it is a whole number of at least 2"),
        &format!("{G}/cols"),
        "1,",
    );
}

#[test]
fn contour_refusals() {
    let code = "rig.generator.contour";
    refuses(&text(r#"{ "kind": "contour" }"#), code,
        &format!("{W}: a contour generator needs \"tolerance\", the Douglas-Peucker tolerance in part pixels"),
        G, "{ \"kind\": \"contour\" }");
    refuses(&text(r#"{ "kind": "contour", "tolerance": 1, "alpha": 0 }"#), code,
        &format!("{W}: contour alpha is 0; it is the alpha at or above which a pixel is art, a whole number 1..255"),
        &format!("{G}/alpha"), "0 } }");
}

#[test]
fn depth_refusals() {
    let code = "rig.generator.depth";
    let dep = |d: &str| {
        text(&format!(
            r#"{{ "kind": "grid", "cols": 2, "rows": 2, "depth": {d} }}"#
        ))
    };
    refuses(&dep(r#"{ "image": "d.png", "near": "white", "zScale": -3 }"#), code,
        &format!("{W}: depth zScale is -3; it is how many units the map's full range spans, so a positive number. To put the near end at the back, say \"near\": \"black\""),
        &format!("{G}/depth/zScale"), "-3");
    refuses(
        &dep(r#"{ "image": "d.png", "near": "front", "zScale": 3 }"#),
        code,
        &format!("{W}: depth near is the string \"front\"; it is \"white\" or \"black\""),
        &format!("{G}/depth/near"),
        "\"front\"",
    );
    refuses(&dep(r#"{ "image": "d.png", "near": "white", "zScale": 3, "contrast": 0 }"#), code,
        &format!("{W}: depth contrast is 0; that collapses the range onto the midpoint, so the map would describe a flat part; it is a positive number"),
        &format!("{G}/depth/contrast"), "0 } }");
    refuses(
        &dep(r#"{ "near": "white", "zScale": 3 }"#),
        code,
        &format!("{W}: a depth map needs \"image\""),
        &format!("{G}/depth"),
        "{ \"near\"",
    );
}

#[test]
fn soft_refusals() {
    refuses(&text(r#"{ "kind": "grid", "cols": 2, "rows": 2, "soft": { "bone": "whip", "mask": "m.png" } }"#),
        "rig.generator.soft",
        &format!("{W}: soft names bone \"whip\", which this rig does not declare — a bone a physics constraint has to target is part of the skeleton"),
        &format!("{G}/soft/bone"), "\"whip\"");
}

#[test]
fn a_generator_needs_its_image_and_the_mesh_slots_budget() {
    let t = edit(&[(
        P,
        r#"{ "type": "mesh", "generator": { "kind": "grid", "cols": 2, "rows": 2 } }"#,
    )]);
    let d = refused(&t);
    let codes: Vec<&str> = d.iter().map(|d| d.code.as_str()).collect();
    assert_eq!(codes, ["rig.generator.no-image"], "{}", render(&d));
    let t = edit(&[(
        P,
        r#"{ "type": "mesh", "image": "p.png", "generator": { "kind": "grid", "cols": 2, "rows": 2 } }"#,
    )]);
    refuses(&t, "rig.generator.mesh-slots",
        "1 mesh slot(s) emitted but the rig \"t\" allows 0 — a mesh rigc GENERATED counts against `invariants.meshSlots`, and a rig that invokes a generator must declare it",
        G, "{ \"kind\": \"grid\"");
    let t = text(r#"{ "kind": "grid", "cols": 2, "rows": 2 }"#).replace(
        "\"image\": \"p.png\", ",
        "\"image\": \"p.png\", \"hull\": 4, ",
    );
    refuses(&t, "rig.mesh.generator-and-geometry",
        &format!("{W}: \"hull\" describes geometry, and this mesh's generator builds it (its size is its image's, its hull and edges are derived)"),
        "/skins/default/s/p/hull", "4,");
}

#[test]
fn a_ring_is_read_with_its_bias_and_controls() {
    let g = spec(
        r#"{ "kind": "ring", "hull": [[9, 5], [7, 8], [3, 8], [1, 5], [3, 2], [7, 2]], "center": [5, 5], "inner": 0.4, "size": [10, 10], "bias": { "axis_deg": 90, "ramp": [-2, 2] }, "controls": ["root"] }"#,
    );
    let GeneratorKind::Ring(r) = &g.generator.kind else {
        panic!("ring")
    };
    assert_eq!(r.controls, ["root"]);
    assert_eq!(r.params.hull.len(), 6);
    assert_eq!(
        (r.params.center, r.params.inner, r.params.size),
        ([5.0, 5.0], 0.4, [10.0, 10.0])
    );
    let b = r.params.bias.expect("bias");
    assert_eq!((b.axis_deg, b.ramp), (90.0, [-2.0, 2.0]));
    assert_eq!(g.generator.kind.name(), "ring");
    // A ring takes no depth map: its inside is moved by its controls.
    let d = refused(&text(
        r#"{ "kind": "ring", "hull": [[9, 5], [7, 8], [3, 8], [1, 5], [3, 2], [7, 2]], "center": [5, 5], "inner": 0.4, "size": [10, 10], "controls": ["root"], "depth": {} }"#,
    ));
    assert!(render(&d).contains("\"depth\""), "{}", render(&d));
}

#[test]
fn a_ribbon_is_read_and_its_keys_are_its_own() {
    let g = spec(r#"{ "kind": "ribbon", "size": [10, 10], "rows": 4, "chain": ["root", "b"] }"#);
    assert_eq!(
        g.generator.kind,
        GeneratorKind::Ribbon(rigc_meshgen::ribbon::Params {
            size: [10.0, 10.0],
            rows: 4,
            chain: vec!["root".into(), "b".into()],
        })
    );
    // A depth map is not a ribbon's key: its weights are the chain's.
    let d = refused(&text(
        r#"{ "kind": "ribbon", "size": [10, 10], "rows": 4, "chain": ["b"], "depth": {} }"#,
    ));
    assert!(render(&d).contains("\"depth\""), "{}", render(&d));
    // The chain runs the wrong way (root has no parent).
    refuses(
        &text(r#"{ "kind": "ribbon", "size": [10, 10], "rows": 4, "chain": ["b", "root"] }"#),
        "rig.generator.ribbon",
        &format!("{W}: chain bone \"root\" is not a child of \"b\" (it is a root); a ribbon's chain runs root first, each bone the parent of the next, so the rows blended between two of them move with joined bones"),
        &format!("{G}/chain/1"),
        "\"root\"]",
    );
}
