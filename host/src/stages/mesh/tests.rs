//! The mesh stage's data: the reference rigs' meshes reproduce the MESH
//! figures of FIGURES.md and FACE.md §4.3 (coverage and reach, read off their
//! PNGs at test time), bones and attachments fold per slot.

use super::fit::Fit;
use super::{facts, lines, FitOf, MeshInput};
use crate::spec::rig::tests::{ok, reference_text};
use crate::stages::measure::measure_bytes;
use crate::stages::setup::assemble;
use rigc_sdk::model::{MeshAttachment, Vertices, WeightedBinding};
use std::collections::HashMap;

/// The facts of every mesh of a reference rig, its PNGs read from disk.
fn reference(rig: &str) -> Vec<super::MeshFacts> {
    let spec = ok(&reference_text(&format!("rigc-gallery/{rig}/rig.json")));
    let dir = format!(
        "{}/../../shared/reference/rigc-gallery/{rig}",
        env!("CARGO_MANIFEST_DIR")
    );
    let images = spec
        .images_dir()
        .map(|(d, _)| d.to_string())
        .unwrap_or_else(|| ".".into());
    let read = |v: &str| std::fs::read(format!("{dir}/{images}/{v}")).expect("png");
    let measured: HashMap<String, _> = spec
        .image_refs()
        .into_iter()
        .map(|(v, _)| {
            let info = measure_bytes(std::path::Path::new(&v), &read(&v)).expect("measured");
            (v, info)
        })
        .collect();
    let setup = assemble(&spec, &[], &measured).expect("assembled");
    let bones: Vec<String> = setup
        .skeleton
        .bones
        .iter()
        .map(|b| b.name.clone())
        .collect();
    setup
        .meshes
        .iter()
        .map(|r| {
            let mesh = setup
                .skeleton
                .skins
                .iter()
                .flat_map(|s| s.attachments.iter().filter(|a| a.slot == r.slot))
                .flat_map(|a| a.entries.iter().filter(|(p, _)| *p == r.attachment))
                .find_map(|(_, a)| match a {
                    rigc_sdk::model::Attachment::Mesh(m) => Some(m.clone()),
                    _ => None,
                })
                .expect("mesh");
            let bytes = r.image.as_deref().map(read);
            let slot_bone = setup
                .skeleton
                .slots
                .iter()
                .find(|s| s.name == r.slot)
                .expect("slot")
                .bone
                .clone();
            let input = MeshInput {
                skin: r.skin.clone(),
                slot: r.slot.clone(),
                attachment: r.attachment.clone(),
                slot_bone,
                bones: bones.clone(),
                mesh,
                image: r.image.clone(),
                generated: None,
            };
            facts(&input, bytes.as_deref())
        })
        .collect()
}

fn fit_of(f: &[super::MeshFacts], slot: &str) -> Fit {
    match &f.iter().find(|m| m.slot == slot).expect("slot").fit {
        FitOf::Measured(fit) => *fit,
        other => panic!("{slot}: {other:?}"),
    }
}

/// Rounded as the line prints it.
fn two(x: f64) -> String {
    format!("{x:.2}")
}

#[test]
fn squash_ball_covers_its_art_and_reaches_15px_past_it() {
    let f = reference("squash");
    let ball = &f[0];
    assert_eq!(
        (ball.slot.as_str(), ball.vertices, ball.triangles, ball.hull),
        ("ball", 9, 8, 8)
    );
    assert_eq!(ball.bones, ["ball"]);
    let fit = fit_of(&f, "ball");
    // FIGURES.md: covers 100.00%, reaching 15.00px — a rim of radius 110 round
    // a disk of art of radius 95 (the rim vertices sit 15 px off it).
    assert_eq!(fit.covered, fit.art);
    assert_eq!(two(fit.reach), "15.00");
    assert_eq!(fit.hole, 0);
}

#[test]
fn portrait_and_nod_reach_the_figures() {
    let p = reference("portrait");
    assert_eq!(two(fit_of(&p, "head").percent()), "100.00");
    assert_eq!(two(fit_of(&p, "head").reach), "95.90");
    assert_eq!(two(fit_of(&p, "hair_bang").percent()), "100.00");
    assert_eq!(two(fit_of(&p, "hair_bang").reach), "55.22");
    let n = reference("nod");
    assert_eq!(two(fit_of(&n, "head").reach), "67.88");
    for ear in ["ear_l", "ear_r"] {
        assert_eq!(two(fit_of(&n, ear).reach), "33.12", "{ear}");
        assert_eq!(two(fit_of(&n, ear).percent()), "100.00", "{ear}");
    }
    assert_eq!(two(fit_of(&n, "head").percent()), "100.00");
}

/// A `size`² PNG whose pixels `art(x, y)` say are drawn (alpha 255).
fn png(size: u32, art: impl Fn(u32, u32) -> bool) -> Vec<u8> {
    let mut rgba = Vec::new();
    for y in 0..size {
        for x in 0..size {
            rgba.extend_from_slice(&[0, 0, 0, if art(x, y) { 255 } else { 0 }]);
        }
    }
    rigc_sdk::png_image::encode_rgba(size, size, &rgba)
}

fn quad_input(uvs: Vec<f64>, vertices: Vertices) -> MeshInput {
    MeshInput {
        skin: "default".into(),
        slot: "s".into(),
        attachment: "p".into(),
        slot_bone: "b".into(),
        bones: vec!["root".into(), "b".into(), "c".into()],
        mesh: MeshAttachment {
            uvs,
            triangles: vec![0, 1, 2, 0, 2, 3],
            vertices,
            hull: 4,
            ..MeshAttachment::default()
        },
        image: Some("q.png".into()),
        generated: None,
    }
}

#[test]
fn coverage_reach_and_hole_in_closed_form() {
    // A 10×10 image whose art is the ring 2 ≤ x, y < 8 minus the 2×2 centre:
    // 36 − 4 = 32 pixels, a 4-pixel hole.
    let bytes = png(10, |x, y| {
        (2..8).contains(&x) && (2..8).contains(&y) && !((4..6).contains(&x) && (4..6).contains(&y))
    });
    // The quad (1, 1)–(9, 9) covers all of it; its corners are √2 from the art.
    let uvs = vec![0.1, 0.1, 0.9, 0.1, 0.9, 0.9, 0.1, 0.9];
    let f = facts(
        &quad_input(uvs, Vertices::Unweighted(vec![0.0; 8])),
        Some(&bytes),
    );
    let FitOf::Measured(fit) = f.fit else {
        panic!("{:?}", f.fit)
    };
    assert_eq!((fit.art, fit.covered, fit.hole), (32, 32, 4));
    assert!((fit.reach - 2f64.sqrt()).abs() < 1e-12, "{}", fit.reach);
    // The quad (2, 2)–(5, 5) covers the 3×3 pixels 2..=4 less the hole's pixel
    // (4, 4): 8 of 32. That pixel joins the hole's uncovered three, so the
    // outline encloses no hole; its corner (5, 5) sits in the hole, 1 px from
    // the art pixel (6, 4).
    let uvs = vec![0.2, 0.2, 0.5, 0.2, 0.5, 0.5, 0.2, 0.5];
    let f = facts(
        &quad_input(uvs, Vertices::Unweighted(vec![0.0; 8])),
        Some(&bytes),
    );
    let FitOf::Measured(fit) = f.fit else {
        panic!("{:?}", f.fit)
    };
    assert_eq!((fit.covered, fit.hole), (8, 0));
    assert_eq!(fit.reach, 1.0);
}

#[test]
fn an_image_with_no_art_is_not_measured_and_weighted_bones_are_named() {
    let bytes = png(4, |_, _| false);
    let w = |bone| {
        vec![WeightedBinding {
            bone,
            x: 0.0,
            y: 0.0,
            weight: 1.0,
        }]
    };
    let input = quad_input(
        vec![0.0, 0.0, 1.0, 0.0, 1.0, 1.0, 0.0, 1.0],
        Vertices::Weighted(vec![w(2), w(0), w(2), w(0)]),
    );
    let f = facts(&input, Some(&bytes));
    assert_eq!(
        f.fit,
        FitOf::NotMeasured(
            "the image has no pixel with alpha above 0, so there is no art to cover".into()
        )
    );
    assert_eq!(f.bones, ["root", "c"], "bound bones in bone order");
    let mut second = f.clone();
    second.attachment = "q".into();
    second.bones = vec!["b".into(), "root".into()];
    let l = lines(&[f, second], &["t".into(), "s".into()], Some(8));
    assert_eq!(l.len(), 1);
    assert_eq!(
        (l[0].bones.clone(), l[0].attachments.clone()),
        (
            vec!["root".to_string(), "c".into(), "b".into()],
            vec!["p".to_string(), "q".into()]
        )
    );
    assert_eq!(l[0].budget, Some(8));
}
