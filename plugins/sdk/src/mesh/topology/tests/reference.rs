//! The reference rigs' authored meshes (read from `../shared/reference` at
//! test time, or `$RIGC_SHARED/reference`; never copied): each is accepted,
//! and its derived hull is the set of uv points on the boundary of their
//! convex hull (every reference mesh is convex: grids, strips and a fan),
//! computed here from the file's own uvs.

use super::super::derive;
use serde_json::Value;
use std::collections::HashMap;
use std::path::PathBuf;

fn reference() -> PathBuf {
    std::env::var_os("RIGC_SHARED")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared")))
        .join("reference/rigc-gallery")
}

/// Every attachment under `skins` with `triangles`, as (name, attachment).
fn meshes(rig: &str) -> Vec<(String, Value)> {
    let path = reference().join(rig).join("rig.json");
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let json: Value = serde_json::from_str(&text).expect("a reference rig is JSON");
    let mut out = Vec::new();
    for (skin, slots) in json["skins"].as_object().expect("skins by name") {
        for (slot, atts) in slots.as_object().expect("slots by name") {
            for (name, att) in atts.as_object().expect("attachments by name") {
                if att.get("triangles").is_some() {
                    out.push((format!("{skin}/{slot}/{name}"), att.clone()));
                }
            }
        }
    }
    out
}

fn numbers(v: &Value) -> Vec<f64> {
    v.as_array()
        .expect("a number array")
        .iter()
        .map(|n| n.as_f64().expect("a number"))
        .collect()
}

fn cross(o: [f64; 2], a: [f64; 2], b: [f64; 2]) -> f64 {
    (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])
}

/// How many of `points` lie on the boundary of their convex hull (corners
/// and points along its sides), by Andrew's monotone chain.
fn on_convex_boundary(points: &[[f64; 2]]) -> usize {
    let mut sorted = points.to_vec();
    sorted.sort_by(|a, b| a.partial_cmp(b).expect("finite uvs"));
    let mut chain: Vec<[f64; 2]> = Vec::new();
    for pass in 0..2 {
        let start = chain.len();
        let order: Vec<[f64; 2]> = if pass == 0 {
            sorted.clone()
        } else {
            sorted.iter().rev().copied().collect()
        };
        for p in order {
            while chain.len() >= start + 2
                && cross(chain[chain.len() - 2], chain[chain.len() - 1], p) <= 0.0
            {
                chain.pop();
            }
            chain.push(p);
        }
        chain.pop();
    }
    let eps = 1e-9;
    points
        .iter()
        .filter(|&&p| {
            (0..chain.len()).any(|i| {
                let (a, b) = (chain[i], chain[(i + 1) % chain.len()]);
                cross(a, b, p).abs() < eps
                    && p[0] >= a[0].min(b[0]) - eps
                    && p[0] <= a[0].max(b[0]) + eps
                    && p[1] >= a[1].min(b[1]) - eps
                    && p[1] <= a[1].max(b[1]) + eps
            })
        })
        .count()
}

#[test]
fn the_reference_meshes_are_accepted_with_their_hull_and_edges() {
    // FIGURES.md's counts (vertices, triangles, and hull where it states one).
    let figures: HashMap<&str, (usize, usize, Option<usize>)> = [
        ("squash:default/ball/ball", (9, 8, Some(8))),
        ("portrait:default/head/head", (25, 32, Some(16))),
        ("portrait:default/hair_bang/hair_bang", (15, 16, None)),
        ("nod:default/head/head", (10, 8, None)),
        ("nod:default/ear_l/ear_l", (22, 20, None)),
        ("nod:default/ear_r/ear_r", (22, 20, None)),
    ]
    .into_iter()
    .collect();
    let mut seen = 0;
    for rig in ["squash", "portrait", "nod"] {
        for (name, att) in meshes(rig) {
            let id = format!("{rig}:{name}");
            let uvs = numbers(&att["uvs"]);
            let tris: Vec<u32> = numbers(&att["triangles"])
                .into_iter()
                .map(|i| i as u32)
                .collect();
            let stated = att.get("hull").and_then(Value::as_u64).map(|h| h as usize);
            let v = uvs.len() / 2;
            let topo = derive(v, &tris, stated).unwrap_or_else(|e| panic!("{id}: {e}"));
            let points: Vec<[f64; 2]> = uvs.chunks_exact(2).map(|p| [p[0], p[1]]).collect();
            assert_eq!(
                topo.hull,
                on_convex_boundary(&points),
                "{id}: the hull is the uvs' convex outline"
            );
            let t = tris.len() / 3;
            assert_eq!(
                topo.edges.len(),
                2 * (3 * t + topo.hull) / 2,
                "{id}: every edge once, ×2 per pair"
            );
            let &(fv, ft, fh) = figures
                .get(id.as_str())
                .unwrap_or_else(|| panic!("{id} is not in FIGURES.md"));
            assert_eq!((v, t), (fv, ft), "{id}: FIGURES.md's counts");
            if let Some(fh) = fh {
                assert_eq!(topo.hull, fh, "{id}: FIGURES.md's hull");
            }
            seen += 1;
        }
    }
    assert_eq!(seen, figures.len(), "every reference mesh was read");
}
