//! This module owns vertex geometry of a polygon attachment (FORMAT.md §2.7.6):
//! `vertexCount`, unweighted `vertices`, `weights` bound by bone name, and the
//! raw weighted run behind `"boneIndexing": "raw"`, with every refusal of a
//! geometry the runtime would read differently from what the author meant.

use rigc_diag::codes;

use super::bones::Bones;
use super::read::{absent_at, as_count, did_you_mean, q, Diags};
use super::types::{Geometry, NamedBinding};
use rigc_diag::codes::Code;
use rigc_diag::cursor::Node;
use rigc_sdk::model::WeightedBinding;

/// The keys of one `weights` binding.
const BINDING_KEYS: &[&str] = &["bone", "x", "y", "weight"];

/// Reads `vertexCount` and the geometry of the attachment `node`; `where_` names
/// the attachment. `None` when anything is refused.
pub(super) fn parse(
    node: &Node,
    where_: &str,
    bones: &Bones,
    d: &mut Diags,
) -> Option<(u32, Geometry)> {
    let before = d.len();
    let count = vertex_count(node, where_, d);
    let raw = bone_indexing(node, where_, d)?;
    let (vertices, weights) = (node.get("vertices"), node.get("weights"));
    let geometry = match (vertices, weights) {
        (Some(_), Some(w)) => {
            d.push(
                w.err(
                    codes::RIG_GEOMETRY_VERTICES_AND_WEIGHTS,
                    format!(
                        "{where_}: geometry comes as \"vertices\" or as \"weights\", never both — \"weights\" is the by-name form of the same data"
                    ),
                )
                .help("keep one of them"),
            );
            return None;
        }
        (None, None) => {
            d.push(
                absent_at(
                    node,
                    codes::RIG_GEOMETRY_MISSING,
                    format!("{where_}: needs geometry — \"vertices\" (x, y per vertex) or \"weights\" (bound by name)"),
                )
                .help("add \"vertices\": [x0, y0, x1, y1, …] in the slot bone's space"),
            );
            return None;
        }
        (None, Some(w)) => {
            if raw {
                let at = node.get("boneIndexing").unwrap_or_else(|| w.clone());
                d.push(
                    at.err(
                        codes::RIG_GEOMETRY_RAW_WITH_WEIGHTS,
                        format!(
                            "{where_}: \"boneIndexing\": \"raw\" describes a \"vertices\" run; \"weights\" always binds by name"
                        ),
                    )
                    .help("remove \"boneIndexing\""),
                );
                return None;
            }
            let count = count?;
            Geometry::ByName(weights_by_name(&w, count, where_, bones, d)?)
        }
        (Some(v), None) => {
            let numbers = numbers(&v, where_, d)?;
            let count = count?;
            let want = count as usize * 2;
            if raw {
                Geometry::Raw(raw_run(
                    &v,
                    &numbers,
                    count,
                    "vertexCount",
                    where_,
                    bones,
                    d,
                )?)
            } else if numbers.len() != want {
                d.push(
                    v.err(
                        codes::RIG_GEOMETRY_VERTICES_LENGTH,
                        format!(
                            "{where_}: vertexCount {count} wants {want} unweighted numbers and \"vertices\" holds {}. The parser reads that as a WEIGHTED run, whose bone indexes point into the emitted bone array — fix vertexCount, or say \"boneIndexing\": \"raw\" on this attachment to keep the index form deliberately.",
                            numbers.len()
                        ),
                    )
                    .help("give one x, y pair per vertex, or bind the vertices by name with \"weights\""),
                );
                return None;
            } else {
                Geometry::Unweighted(numbers)
            }
        }
    };
    let count = count?;
    (d.len() == before).then_some((count, geometry))
}

/// Reads `vertexCount` (required, whole, ≥ 3).
fn vertex_count(node: &Node, where_: &str, d: &mut Diags) -> Option<u32> {
    let Some(v) = node.get("vertexCount") else {
        d.push(
            absent_at(
                node,
                codes::RIG_GEOMETRY_VERTEX_COUNT_MISSING,
                format!(
                    "{where_}: vertexCount is undefined; a polygon needs at least 3 vertices, stated outright — the field has no parser default, and an absent one reads as 0 and takes the polygon with it"
                ),
            )
            .help("add \"vertexCount\": <number of vertices>"),
        );
        return None;
    };
    match v.as_f64().and_then(as_count) {
        Some(n) if n >= 3 => Some(n),
        _ => {
            d.push(
                v.err(
                    codes::RIG_GEOMETRY_VERTEX_COUNT,
                    format!(
                        "{where_}: vertexCount is {}; a polygon needs at least 3 vertices, as a whole number",
                        v.describe()
                    ),
                )
                .help("state the number of vertices, 3 or more"),
            );
            None
        }
    }
}

/// Reads `boneIndexing`: `Some(true)` for `"raw"`, `Some(false)` for absent or
/// `"name"`, `None` when refused.
pub(super) fn bone_indexing(node: &Node, where_: &str, d: &mut Diags) -> Option<bool> {
    let Some(v) = node.get("boneIndexing") else {
        return Some(false);
    };
    match v.as_str() {
        Some("raw") => Some(true),
        Some("name") => Some(false),
        _ => {
            d.push(
                v.err(
                    codes::RIG_GEOMETRY_BONE_INDEXING,
                    format!(
                        "{where_}: boneIndexing is {}; known: name, raw",
                        v.describe()
                    ),
                )
                .help("write \"raw\" to keep an index-encoded weighted run, or leave it out"),
            );
            None
        }
    }
}

/// Reads an array of numbers.
pub(super) fn numbers(v: &Node, where_: &str, d: &mut Diags) -> Option<Vec<f64>> {
    if !v.is_array() {
        d.push(
            v.err(
                codes::RIG_GEOMETRY_VERTICES_NOT_AN_ARRAY,
                format!(
                    "{where_}: vertices is {}; it is an array of numbers",
                    v.describe()
                ),
            )
            .help("write \"vertices\": [x0, y0, x1, y1, …]"),
        );
        return None;
    }
    let mut out = Vec::new();
    for (i, e) in v.elements().enumerate() {
        match e.as_f64() {
            Some(n) => out.push(n),
            None => {
                d.push(super::read::not_a_number(
                    &e,
                    &format!("vertices[{i}]"),
                    where_,
                ));
                return None;
            }
        }
    }
    Some(out)
}

/// Decodes a raw weighted run `boneCount, (boneIndex, x, y, weight)×n` per vertex;
/// `count` vertices are wanted, and `count_is` says where that count comes from
/// in messages (`vertexCount`, or a mesh's `the uv pair count`).
pub(super) fn raw_run(
    v: &Node,
    run: &[f64],
    count: u32,
    count_is: &str,
    where_: &str,
    bones: &Bones,
    d: &mut Diags,
) -> Option<Vec<Vec<WeightedBinding>>> {
    let refuse =
        |d: &mut Diags, code: Code, m: String| {
            d.push(v.err(code, format!("{where_}: {m}")).help(
                "give the bindings by name as \"weights\" instead; rigc resolves the indexes",
            ));
        };
    if run.len() == count as usize * 2 {
        refuse(
            d,
            codes::RIG_GEOMETRY_RAW_READS_UNWEIGHTED,
            format!(
                "\"boneIndexing\": \"raw\" says \"vertices\" is a weighted run, but it holds exactly {count_is} × 2 = {} numbers, which the parser reads as unweighted x, y pairs",
                run.len()
            ),
        );
        return None;
    }
    let mut out = Vec::new();
    let mut i = 0;
    while let Some(&count) = run.get(i) {
        let n = match as_count(count).filter(|n| *n >= 1) {
            Some(n) => n as usize,
            None => {
                refuse(
                    d,
                    codes::RIG_GEOMETRY_RAW_BONE_COUNT,
                    format!(
                        "the raw weighted run has a bone count of {} at index {i}",
                        rigc_sdk::num::f64_text(count)
                    ),
                );
                return None;
            }
        };
        let end = i.saturating_add(1).saturating_add(n.saturating_mul(4));
        let Some(chunk) = run.get(i + 1..end) else {
            refuse(
                d,
                codes::RIG_GEOMETRY_RAW_TRUNCATED,
                format!("the raw weighted run is truncated — vertex {} claims {n} bone(s) and the array ends first", out.len()),
            );
            return None;
        };
        let mut vertex = Vec::new();
        for (k, b) in chunk.chunks(4).enumerate() {
            let at = i + 1 + 4 * k;
            let index = b.first().copied().unwrap_or(-1.0);
            match as_count(index).filter(|x| (*x as usize) < bones.list.len()) {
                Some(bone) => vertex.push(WeightedBinding {
                    bone,
                    x: b.get(1).copied().unwrap_or(0.0),
                    y: b.get(2).copied().unwrap_or(0.0),
                    weight: b.get(3).copied().unwrap_or(0.0),
                }),
                None => {
                    refuse(
                        d,
                        codes::RIG_GEOMETRY_RAW_BONE_INDEX,
                        format!(
                            "the raw weighted run binds bone index {} at index {at}, and the rig declares {} bone(s) (indexes 0..{})",
                            rigc_sdk::num::f64_text(index),
                            bones.list.len(),
                            bones.list.len().saturating_sub(1)
                        ),
                    );
                    return None;
                }
            }
        }
        out.push(vertex);
        i = end;
    }
    if out.len() != count as usize {
        refuse(
            d,
            codes::RIG_GEOMETRY_RAW_VERTEX_COUNT,
            format!(
                "the raw weighted run decodes to {} vertices but {count_is} is {count}",
                out.len()
            ),
        );
        return None;
    }
    Some(out)
}

/// Reads `weights`: one entry per vertex, each a non-empty list of
/// `{ bone, x, y, weight }`.
pub(super) fn weights_by_name(
    w: &Node,
    count: u32,
    where_: &str,
    bones: &Bones,
    d: &mut Diags,
) -> Option<Vec<Vec<NamedBinding>>> {
    if !w.is_array() {
        d.push(
            w.err(
                codes::RIG_GEOMETRY_WEIGHTS_NOT_AN_ARRAY,
                format!(
                    "{where_}: weights is {}; it is one entry per vertex, each a list of {{ \"bone\", \"x\", \"y\", \"weight\" }}",
                    w.describe()
                ),
            )
            .help("write \"weights\": [[{ \"bone\": \"<bone>\", \"x\": 0, \"y\": 0, \"weight\": 1 }], …]"),
        );
        return None;
    }
    let entries = w.elements();
    if entries.len() != count as usize {
        d.push(
            w.err(
                codes::RIG_GEOMETRY_WEIGHTS_COUNT,
                format!(
                    "{where_}: weights cover {} vertices but vertexCount is {count}",
                    entries.len()
                ),
            )
            .help("give one weights entry per vertex, or fix vertexCount"),
        );
        return None;
    }
    let before = d.len();
    let mut out = Vec::new();
    for (i, e) in entries.into_iter().enumerate() {
        if e.array_len().unwrap_or(0) == 0 {
            d.push(
                e.err(
                    codes::RIG_GEOMETRY_VERTEX_UNBOUND,
                    format!("{where_}: vertex {i} has no bone bindings; a weighted vertex names at least one bone"),
                )
                .help("bind the vertex to at least one bone: [{ \"bone\": …, \"x\": …, \"y\": …, \"weight\": 1 }]"),
            );
            continue;
        }
        let mut vertex = Vec::new();
        for (j, b) in e.elements().enumerate() {
            if let Some(nb) = binding(&b, i, j, where_, bones, d) {
                vertex.push(nb);
            }
        }
        out.push(vertex);
    }
    (d.len() == before).then_some(out)
}

/// Reads one `{ bone, x, y, weight }` binding of vertex `i`.
fn binding(
    b: &Node,
    i: usize,
    j: usize,
    where_: &str,
    bones: &Bones,
    d: &mut Diags,
) -> Option<NamedBinding> {
    let what = format!("{where_} weights[{i}][{j}]");
    if !b.is_object() {
        d.push(
            b.err(
                codes::RIG_GEOMETRY_BINDING_NOT_AN_OBJECT,
                format!(
                    "{what} is {}; a binding is {{ \"bone\", \"x\", \"y\", \"weight\" }}",
                    b.describe()
                ),
            )
            .help(
                "write the binding as { \"bone\": \"<bone>\", \"x\": 0, \"y\": 0, \"weight\": 1 }",
            ),
        );
        return None;
    }
    let unknown = b.unknown_keys(BINDING_KEYS, &what);
    if !unknown.is_empty() {
        d.extend(unknown);
        return None;
    }
    let missing: Vec<&str> = BINDING_KEYS.iter().copied().filter(|k| !b.has(k)).collect();
    if !missing.is_empty() {
        d.push(
            absent_at(
                b,
                codes::RIG_GEOMETRY_BINDING_INCOMPLETE,
                format!(
                    "{what} has no {}; a binding states \"bone\", \"x\", \"y\" and \"weight\" (nothing is defaulted)",
                    missing.iter().map(|m| q(m)).collect::<Vec<_>>().join(", ")
                ),
            )
            .help("state every one of bone, x, y and weight"),
        );
        return None;
    }
    let before = d.len();
    let bone = super::read::string(b, "bone", &what, d);
    let x = super::read::number(b, "x", &what, d);
    let y = super::read::number(b, "y", &what, d);
    let weight = super::read::number(b, "weight", &what, d);
    if let (Some(name), Some(node)) = (&bone, b.get("bone")) {
        if !bones.has(name) {
            if bones.complete {
                d.push(
                    node.err(
                        codes::RIG_GEOMETRY_BONE_UNDECLARED,
                        format!("{where_}: vertex {i} binds bone {}, which the rig does not declare as a bone", q(name)),
                    )
                    .help(format!("name a declared bone{}", did_you_mean(name, &bones.names()))),
                );
            }
            return None;
        }
    }
    if d.len() != before {
        return None;
    }
    Some(NamedBinding {
        bone: bone?,
        x: x?,
        y: y?,
        weight: weight?,
    })
}
