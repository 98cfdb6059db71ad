//! This module owns the `segments` generator block (FORMAT.md §2.7.3,
//! [cli-new]; the format names the kind and this build designs its block):
//!
//! ```json
//! "generator": { "kind": "segments", "bones": ["upper", "lower"], "cell": 8,
//!                "alpha": 1, "maxBones": 4, "falloff": 2 }
//! ```
//!
//! | key | meaning | default |
//! | --- | --- | --- |
//! | `bones` | **required**, a non-empty array of distinct rig bones; each bone's segment runs from its setup world origin to its tip, `length` along its world x axis (a zero-length bone is a point) | — |
//! | `cell` | **required**, the lattice's cell side in part pixels, a whole number ≥ 2 (the lattice is capped at 65536 corners, refused past it by the generator) | — |
//! | `alpha` | a pixel at or above it is art, whole 1..255 | 1 |
//! | `maxBones` | the nearest segments a vertex binds, whole 1..4 | 4 |
//! | `falloff` | the exponent `p` of `w ∝ 1 / (d + 1)^p`, 0 < p ≤ 64 | 2 |
//!
//! A `maxBones` above the number of bones named binds every one of them.
//! `depth` and `soft` are not read on this kind (a segments mesh is weighted
//! by its bones already): they are refused as unknown keys. Every refusal is
//! `rig.generator.segments`, at the value it concerns.

use rigc_diag::codes;
use rigc_diag::cursor::{nearest, Node};

use super::super::bones::Bones;
use super::super::read::{absent_at, q, Diags};
use super::{field_number, refuse};
use rigc_meshgen::segments::{self, weigh};

/// The keys of a `segments` block.
pub(super) const KEYS: &[&str] = &["kind", "bones", "cell", "alpha", "maxBones", "falloff"];

/// The steepest falloff accepted.
const MAX_FALLOFF: f64 = 64.0;

/// `bones` and `cell` (required), `alpha`, `maxBones`, `falloff`.
pub(super) fn params(
    g: &Node,
    where_: &str,
    rig_bones: &Bones,
    d: &mut Diags,
) -> Option<segments::Params> {
    let code = codes::RIG_GENERATOR_SEGMENTS;
    let w = "segments";
    let bones = bone_list(g, where_, rig_bones, d);
    let cell = field_number(g, "cell", code, where_, w, d, |n| {
        (n.fract() != 0.0 || !(2.0..=f64::from(u32::MAX)).contains(&n)).then(|| {
            "it is the lattice's cell side in part pixels, a whole number of at least 2".to_string()
        })
    });
    let alpha = field_number(g, "alpha", code, where_, w, d, |n| {
        (n.fract() != 0.0 || !(1.0..=255.0).contains(&n)).then(|| {
            "it is the alpha at or above which a pixel is art, a whole number 1..255".to_string()
        })
    });
    let max_bones = field_number(g, "maxBones", code, where_, w, d, |n| {
        (n.fract() != 0.0 || !(1.0..=f64::from(weigh::MAX_BONES)).contains(&n)).then(|| {
            format!(
                "it is how many of the nearest bone segments each vertex binds, a whole number 1..{}",
                weigh::MAX_BONES
            )
        })
    });
    let falloff = field_number(g, "falloff", code, where_, w, d, |n| {
        (n <= 0.0 || n > MAX_FALLOFF).then(|| {
            format!("it is the exponent p of the weight 1 / (d + 1)^p, a number above 0 and at most {MAX_FALLOFF}")
        })
    });
    let (bones, cell, alpha, max_bones, falloff) = (bones?, cell?, alpha?, max_bones?, falloff?);
    let Some(cell) = cell else {
        d.push(
            absent_at(g, code, format!("{where_}: a segments generator needs \"cell\", the lattice's cell side in part pixels (a whole number, at least 2)"))
                .help("add \"cell\": 8"),
        );
        return None;
    };
    Some(segments::Params {
        bones,
        lattice: segments::Lattice {
            cell: cell as u32,
            alpha: alpha.map_or(1, |n| n as u8),
        },
        falloff: weigh::Falloff {
            max_bones: max_bones.map_or(weigh::MAX_BONES, |n| n as u32),
            exponent: falloff.unwrap_or(2.0),
        },
    })
}

/// `bones`: a non-empty array of distinct declared bone names.
fn bone_list(g: &Node, where_: &str, rig_bones: &Bones, d: &mut Diags) -> Option<Vec<String>> {
    let code = codes::RIG_GENERATOR_SEGMENTS;
    let help = "write \"bones\": [\"<bone>\", …], the rig bones whose segments weigh the vertices";
    let Some(v) = g.get("bones") else {
        d.push(
            absent_at(g, code, format!("{where_}: a segments generator needs \"bones\", the rig bones whose setup segments weigh its vertices"))
                .help(help),
        );
        return None;
    };
    if !v.is_array() || v.elements().next().is_none() {
        let m = format!(
            "{where_}: segments bones is {}; it is a non-empty array of bone names",
            v.describe()
        );
        refuse(d, &v, code, m, help);
        return None;
    }
    let names = rig_bones.names();
    let mut out: Vec<String> = Vec::new();
    let before = d.len();
    for (i, e) in v.elements().enumerate() {
        let Some(name) = e.as_str() else {
            let m = format!(
                "{where_}: segments bones[{i}] is {}; it is a bone name",
                e.describe()
            );
            refuse(d, &e, code, m, help);
            continue;
        };
        if !rig_bones.has(name) {
            let near = nearest(name, &names)
                .map(|n| format!("did you mean {}? ", q(n)))
                .unwrap_or_default();
            let m = format!(
                "{where_}: mesh bone {} is not in the rig's bone list",
                q(name)
            );
            refuse(
                d,
                &e,
                code,
                m,
                &format!("{near}name a bone declared under \"bones\""),
            );
            continue;
        }
        if let Some(first) = out.iter().position(|b| b == name) {
            let m = format!(
                "{where_}: segments bones names {} twice ([{first}] and [{i}]); each bone's segment weighs the vertices once",
                q(name)
            );
            refuse(d, &e, code, m, "remove the repeat");
            continue;
        }
        out.push(name.to_string());
    }
    (d.len() == before).then_some(out)
}
