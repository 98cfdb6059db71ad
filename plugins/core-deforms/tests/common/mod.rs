//! What the deform kinds' tests share: a geometry from points, a call, and
//! the kind a call names.
#![allow(dead_code)]

use rigc_sdk::abi::{DeformCall, DeformRefusal, Influence, MeshGeometry, MeshVertex};
use rigc_sdk::deform::DeformKind;

/// An unweighted vertex at `(x, y)`.
pub fn vertex(x: f64, y: f64) -> MeshVertex {
    MeshVertex {
        x,
        y,
        ..Default::default()
    }
}

/// A vertex at `(x, y)` on `bone` at weight 1.
pub fn on_bone(x: f64, y: f64, bone: &str) -> MeshVertex {
    MeshVertex {
        bones: vec![Influence {
            bone: bone.into(),
            x,
            y,
            weight: 1.0,
        }],
        ..vertex(x, y)
    }
}

/// The unweighted geometry of `points`.
pub fn points(points: &[(f64, f64)]) -> Vec<MeshVertex> {
    points.iter().map(|&(x, y)| vertex(x, y)).collect()
}

/// A call of `kind` with `params` over `vertices`.
pub fn call(kind: &str, params: serde_json::Value, vertices: Vec<MeshVertex>) -> DeformCall {
    DeformCall {
        kind: kind.into(),
        mesh: MeshGeometry {
            name: "default/face/face".into(),
            vertices,
            triangles: vec![],
            hull: 0,
            size: [0.0, 0.0],
        },
        params,
        time: 0.62,
        config: serde_json::Value::Null,
    }
}

/// The linked kind named `name`.
pub fn kind(name: &str) -> &'static dyn DeformKind {
    rigc_core_deforms::kinds()
        .into_iter()
        .find(|k| k.name() == name)
        .unwrap_or_else(|| panic!("no kind {name}"))
}

/// `call`'s offsets through its kind, quantised as the host writes them.
pub fn offsets(c: &DeformCall) -> Result<Vec<[f64; 2]>, DeformRefusal> {
    let q = rigc_sdk::deform::quantise;
    kind(&c.kind)
        .offsets(c)
        .map(|run| run.into_iter().map(|[x, y]| [q(x), q(y)]).collect())
}

/// `call`'s refusal, failing the test when it evaluates.
pub fn refusal(c: &DeformCall) -> DeformRefusal {
    match offsets(c) {
        Err(r) => r,
        Ok(o) => panic!(
            "{} {} evaluated to {o:?}, expected a refusal",
            c.kind, c.params
        ),
    }
}

/// `v` rounded to 6 decimals, as the test computes it.
pub fn r6(v: f64) -> f64 {
    (v * 1e6).round() / 1e6
}

/// Asserts `got` is `want` to the quantum, each component a whole number of
/// millionths.
pub fn assert_offsets(got: &[[f64; 2]], want: &[[f64; 2]]) {
    assert_eq!(got.len(), want.len(), "{got:?} vs {want:?}");
    for (i, (g, w)) in got.iter().zip(want).enumerate() {
        for c in 0..2 {
            assert!(
                (g[c] - w[c]).abs() <= 5.000001e-7,
                "vertex {i} component {c}: got {}, want {} (all: {got:?})",
                g[c],
                w[c]
            );
            assert_eq!(g[c], r6(g[c]), "vertex {i}: {} is not quantised", g[c]);
        }
    }
}
