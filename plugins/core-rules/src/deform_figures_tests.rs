//! Tests of the DEFORM block's figures against closed forms: an affine deform
//! `A = diag(sx, sy)` of a square mesh on a bone that rotates 30° and scales
//! by 2 uniformly (a similarity `B`, so the world map `B·A·B⁻¹` has A's
//! singular values |sx|, |sy| and area ratio sx·sy), and the counts A39 reads
//! off the same skeleton.

use super::*;
use crate::testkit::{check, input_texts, ATLAS};
use crate::A39DeformKeepsTriangleWinding;
use rigc_sdk::gate::facts::Facts;
use rigc_sdk::gate::GateInput;
use serde_json::{json, Value};

/// The square (0,0) (10,0) (10,10) (0,10), triangles [0,1,2] and [0,2,3].
const SQUARE: [f64; 8] = [0.0, 0.0, 10.0, 0.0, 10.0, 10.0, 0.0, 10.0];

/// The offsets of `diag(sx, sy)` about the origin over [`SQUARE`].
fn affine(sx: f64, sy: f64) -> Vec<f64> {
    SQUARE
        .chunks_exact(2)
        .flat_map(|v| [(sx - 1.0) * v[0], (sy - 1.0) * v[1]])
        .collect()
}

/// A skeleton whose animation "turn" keys the square's deform: key 0 at t=0
/// is the setup pose, then one key per `(time, offsets)`; `slot_alpha` keys
/// the slot's alpha at those times.
fn skeleton(keys: &[(f64, Vec<f64>)], slot_alpha: Option<&[(f64, &str)]>) -> GateInput {
    let mut deform = vec![json!({})];
    deform.extend(
        keys.iter()
            .map(|(t, v)| json!({ "time": t, "vertices": v })),
    );
    let mut anim = json!({
        "attachments": { "default": { "m": { "m": { "deform": deform } } } }
    });
    if let Some(a) = slot_alpha {
        let keys: Vec<Value> = a
            .iter()
            .map(|(t, c)| json!({ "time": t, "color": c }))
            .collect();
        anim["slots"] = json!({ "m": { "rgba": keys } });
    }
    let v = json!({
        "skeleton": { "spine": "4.3.13" },
        "bones": [
            { "name": "root" },
            { "name": "b", "parent": "root", "rotation": 30, "scaleX": 2, "scaleY": 2 }
        ],
        "slots": [ { "name": "m", "bone": "b", "attachment": "m" } ],
        "skins": [ { "name": "default", "attachments": { "m": { "m": {
            "type": "mesh", "path": "r",
            "uvs": [0, 0, 1, 0, 1, 1, 0, 1],
            "triangles": [0, 1, 2, 0, 2, 3],
            "vertices": SQUARE,
            "hull": 4
        } } } } ],
        "animations": { "turn": anim }
    });
    input_texts(&v.to_string(), ATLAS)
}

/// Every key of every frame of `input`.
fn figures_of(input: &GateInput) -> Vec<KeyFigures> {
    let facts = Facts::new(input);
    let data = &facts.loaded().expect("the skeleton loads").data;
    deform_frames(data)
        .iter()
        .flat_map(|f| key_figures(data, facts.plans(), f))
        .map(|r| r.expect("poses"))
        .collect()
}

#[track_caller]
fn near(got: Option<Extreme>, value: f64, at: Option<usize>) {
    let got = got.expect("a figure");
    assert!(
        (got.value - value).abs() <= 1e-5 * value.abs().max(1.0),
        "{} vs {value}",
        got.value
    );
    if let Some(at) = at {
        assert_eq!(got.at, at);
    }
}

fn stat(input: &GateInput, key: &str) -> Option<String> {
    check(&A39DeformKeepsTriangleWinding, input)
        .stats
        .iter()
        .find(|(k, _)| k == key)
        .map(|(_, v)| v.clone())
}

#[test]
fn an_affine_key_reads_its_determinant_and_its_scales() {
    let (sx, sy) = (1.5, 0.5);
    let input = skeleton(&[(0.5, affine(sx, sy))], None);
    let f = figures_of(&input);
    assert_eq!(f.len(), 2);
    let (setup, key) = (&f[0], &f[1]);
    // Key 0 is the setup pose: nothing moves, every figure is the identity.
    assert_eq!((setup.key, setup.moved, setup.vertices), (0, 0, 4));
    near(setup.area_min, 1.0, None);
    near(setup.stretch_max, 1.0, None);
    assert_eq!((setup.kept(), setup.reversed, setup.collapsed), (2, 0, 0));
    // Key 1: area ratio = det A for both triangles, σ = |sx|, |sy|.
    assert_eq!(
        (key.key, key.time, key.triangles, key.measured),
        (1, 0.5, 2, 2)
    );
    // (Both triangles read the same figures, up to float32 noise.)
    near(key.area_min, sx * sy, None);
    near(key.area_max, sx * sy, None);
    near(key.stretch_max, sx, None);
    near(key.squash_min, sy, None);
    // v0 sits on the origin; v2's offset (5, −5) is scaled by the bone's 2.
    assert_eq!(key.moved, 3);
    near(key.worst_move, 2.0 * 50f64.sqrt(), Some(2));
    // The band: 1e-6 × the largest cleared area (50 px² × 2²), since the
    // float32 bound 4·C²·2⁻²⁴ at C = 10(1 + √3) is smaller.
    let c = 10.0 * (1.0 + 3f64.sqrt());
    assert!(4.0 * c * c * 2f64.powi(-24) < 2e-4);
    assert!((key.band - 2e-4).abs() < 1e-9, "{}", key.band);
    assert_eq!((key.kept(), key.reversed, key.collapsed), (2, 0, 0));
    assert!(key.shown && key.reachable && !key.blank());
}

#[test]
fn a_mirror_reverses_every_triangle_and_a39_refuses_the_same_key() {
    let input = skeleton(&[(0.5, affine(-1.0, 1.0))], None);
    let key = &figures_of(&input)[1];
    near(key.area_min, -1.0, None);
    near(key.area_max, -1.0, None);
    near(key.stretch_max, 1.0, None);
    near(key.squash_min, 1.0, None);
    assert_eq!((key.reversed, key.kept()), (2, 0));
    let out = check(&A39DeformKeepsTriangleWinding, &input);
    assert_eq!(out.failures.len(), 1, "{:?}", out.failures);
    assert!(out.failures[0]
        .detail
        .contains("key 1 (t=0.5s): 2 of 2 triangle(s) reverse winding"));
}

#[test]
fn a_flattened_key_collapses_and_the_counts_are_a39s() {
    let input = skeleton(&[(0.5, affine(1.0, 0.0)), (1.0, affine(2.0, 2.0))], None);
    let f = figures_of(&input);
    let flat = &f[1];
    assert_eq!((flat.collapsed, flat.reversed, flat.kept()), (2, 0, 0));
    near(flat.area_max, 0.0, None);
    near(flat.squash_min, 0.0, None);
    near(flat.stretch_max, 1.0, None);
    let grown = &f[2];
    near(grown.area_min, 4.0, None);
    near(grown.stretch_max, 2.0, None);
    near(grown.squash_min, 2.0, None);
    // A39's stats are the sums over the same keys.
    let shown: Vec<&KeyFigures> = f.iter().filter(|k| k.shown && k.reachable).collect();
    let sum = |g: fn(&KeyFigures) -> usize| shown.iter().map(|k| g(k)).sum::<usize>().to_string();
    assert_eq!(
        stat(&input, "deformKeysMeasured"),
        Some(shown.len().to_string())
    );
    assert_eq!(
        stat(&input, "deformTrianglesMeasured"),
        Some(sum(|k| k.measured))
    );
    assert_eq!(
        stat(&input, "deformTrianglesCollapsed"),
        Some(sum(|k| k.collapsed))
    );
    assert_eq!(sum(|k| k.collapsed), "2");
}

#[test]
fn an_alpha_0_key_is_blank_and_a39_counts_it_not_drawn() {
    let input = skeleton(&[(0.5, affine(-1.0, 1.0))], Some(&[(0.0, "ffffff00")]));
    let key = &figures_of(&input)[1];
    assert!(key.shown && key.blank());
    assert_eq!((key.slot_alpha, key.alpha, key.reversed), (0.0, 0.0, 2));
    assert_eq!(stat(&input, "deformKeysNotDrawn").as_deref(), Some("2"));
    assert!(check(&A39DeformKeepsTriangleWinding, &input)
        .failures
        .is_empty());
}

#[test]
fn the_extremes_name_their_triangle() {
    // Only v3 moves, to (0, 20) in the bone's space: triangle 1 [0,2,3]
    // doubles (x2), triangle 0 [0,1,2] is untouched (x1).
    let mut off = vec![0.0; 8];
    off[7] = 10.0;
    let key = &figures_of(&skeleton(&[(0.5, off)], None))[1];
    near(key.area_max, 2.0, Some(1));
    near(key.area_min, 1.0, Some(0));
    near(key.worst_move, 20.0, Some(3));
    assert_eq!(key.moved, 1);
    // Triangle 1's map fixes (10,10)−(0,0) and sends (0,10) to (0,20):
    // [[1, −1], [0, 2]], σ² = (6 ± √20)/2 in the bone's space.
    near(
        key.stretch_max,
        ((6.0 + 20f64.sqrt()) / 2.0).sqrt(),
        Some(1),
    );
    near(key.squash_min, ((6.0 - 20f64.sqrt()) / 2.0).sqrt(), Some(1));
}

#[test]
fn singular_values_of_a_shear_multiply_to_its_determinant() {
    // [[1, k], [0, 1]]: σ₁,₂ = (√(k² + 4) ± k)/2, σ₁·σ₂ = 1.
    let k = 0.75;
    let plain = [0.0, 0.0, 1.0, 0.0, 0.0, 1.0];
    let sheared = [0.0, 0.0, 1.0, 0.0, k, 1.0];
    let (s1, s2) = singular_values(&plain, &sheared, [0, 1, 2]);
    let r = (k * k + 4.0f64).sqrt();
    assert!((s1 - (r + k) / 2.0).abs() < 1e-12 && (s2 - (r - k) / 2.0).abs() < 1e-12);
    assert!(singular_values(&[0.0; 6], &sheared, [0, 1, 2]).0.is_nan());
}
