//! This module owns the geometry a model is evaluated over (FORMAT.md
//! §3.14.1): one coordinate space — an unweighted attachment, or every vertex
//! on exactly one bone and the same bone — and finite setup positions. It
//! answers each vertex's `[x, y]` in that space, or why there is none.

use crate::params::{n, refuse};
use rigc_sdk::abi::{DeformRefusal, MeshGeometry};

/// Each vertex's setup `[x, y]` in the attachment's one space.
pub(crate) fn positions(kind: &str, mesh: &MeshGeometry) -> Result<Vec<[f64; 2]>, DeformRefusal> {
    let weighted = mesh.vertices.iter().position(|v| !v.bones.is_empty());
    if let Some(first) = weighted {
        let bone = mesh
            .vertices
            .get(first)
            .and_then(|v| v.bones.first())
            .map(|b| b.bone.as_str());
        for (i, v) in mesh.vertices.iter().enumerate() {
            let single = match v.bones.as_slice() {
                [one] => Some(one.bone.as_str()) == bone,
                _ => false,
            };
            if !single {
                let why = match v.bones.as_slice() {
                    [] => format!("vertex {i} has no bone influence and vertex {first} has one"),
                    [one] => format!(
                        "vertex {i} sits on bone {:?} and vertex {first} on bone {:?}",
                        one.bone,
                        bone.unwrap_or_default()
                    ),
                    many => format!("vertex {i} has {} bone influences on it", many.len()),
                };
                return Err(refuse(
                    "no-single-space",
                    format!(
                        "transform {kind} on {}: this attachment has no single space to evaluate it in — {why}",
                        mesh.name
                    ),
                    Some("a transform model needs an unweighted attachment, or every vertex on one bone at weight 1; write the key as a \"vertices\" run instead".into()),
                ));
            }
        }
    }
    mesh.vertices
        .iter()
        .enumerate()
        .map(|(i, v)| {
            if v.x.is_finite() && v.y.is_finite() {
                Ok([v.x, v.y])
            } else {
                Err(refuse(
                    "non-finite-vertex",
                    format!(
                        "transform {kind} on {}: vertex {i} sits at ({}, {}), and a setup position is finite",
                        mesh.name,
                        n(v.x),
                        n(v.y)
                    ),
                    None,
                ))
            }
        })
        .collect()
}
