//! This module owns one authored mesh attachment of a skin (FORMAT.md §2.7.2):
//! its keys, `uvs` (the vertex count), `triangles` (each index a whole number
//! below it), the geometry as unweighted `vertices`, named `weights` or the raw
//! weighted run behind `"boneIndexing": "raw"`, `hull` and `edges` (the
//! topology is derived here, by `rigc_sdk::mesh::topology`, so its refusals
//! point at the spec), `width`/`height`, `image`, `path` and `color` — and every
//! refusal of a mesh the runtime would read differently from what the author
//! meant, located at its JSON value. A mesh with a `generator` is read by
//! `generator` (never beside authored geometry).

use rigc_diag::codes;

use super::bones::Bones;
use super::geometry;
use super::read::{absent_at, as_count, color, count, number, string, Diags};
use super::types::{AttachmentKind, Geometry, MeshSpec};
use rigc_diag::cursor::Node;
use rigc_sdk::mesh::topology::{self, TopologyError};

/// The keys of a mesh attachment.
pub(crate) const MESH_KEYS: &[&str] = &[
    "type",
    "path",
    "image",
    "uvs",
    "triangles",
    "vertices",
    "weights",
    "boneIndexing",
    "hull",
    "edges",
    "width",
    "height",
    "color",
    "generator",
    "sequence",
];

/// The keys that make a mesh authored geometry.
const GEOMETRY_KEYS: &[&str] = &["uvs", "triangles", "vertices", "weights"];

/// The keys a generator builds, refused beside one.
const BESIDE_GENERATOR: &[&str] = &["hull", "edges", "boneIndexing", "width", "height"];

/// Reads the mesh attachment `node`; `where_` is `skin "S" slot "X" attachment
/// "P"`. `None` when it is refused.
pub(super) fn parse(
    node: &Node,
    where_: &str,
    bones: &Bones,
    d: &mut Diags,
) -> Option<AttachmentKind> {
    let unknown = node.unknown_keys(MESH_KEYS, &format!("mesh attachment ({where_})"));
    if !unknown.is_empty() {
        d.extend(unknown);
        return None;
    }
    if let Some(g) = node.get("generator") {
        if GEOMETRY_KEYS.iter().any(|k| node.has(k)) {
            d.push(
                g.err(
                    codes::RIG_MESH_GENERATOR_AND_GEOMETRY,
                    format!("{where_}: a mesh is either authored geometry or a generator, never both"),
                )
                .help("remove \"generator\" to keep the authored uvs/triangles/vertices, or remove those to generate the mesh"),
            );
            return None;
        }
        if let Some(k) = BESIDE_GENERATOR.iter().find(|k| node.has(k)) {
            let at = node.get(k).unwrap_or_else(|| g.clone());
            d.push(
                at.err(
                    codes::RIG_MESH_GENERATOR_AND_GEOMETRY,
                    format!("{where_}: \"{k}\" describes geometry, and this mesh's generator builds it (its size is its image's, its hull and edges are derived)"),
                )
                .help(format!("remove \"{k}\", or author the whole mesh instead of generating it")),
            );
            return None;
        }
        // A `sequence` beside a generator was refused before the type was
        // read (`sequence::conflicts`).
        return super::generator::parse(node, &g, where_, bones, d)
            .map(|g| AttachmentKind::Generated(Box::new(g)));
    }
    let before = d.len();
    let (uvs_node, tris_node) = (node.get("uvs"), node.get("triangles"));
    let (vertices, weights) = (node.get("vertices"), node.get("weights"));
    let (Some(uvs_node), Some(tris_node), true) =
        (uvs_node, tris_node, vertices.is_some() || weights.is_some())
    else {
        d.push(
            absent_at(
                node,
                codes::RIG_MESH_INCOMPLETE,
                format!("{where_}: an authored mesh needs uvs, triangles and vertices or weights (or a \"generator\")"),
            )
            .help("give \"uvs\" (u, v per vertex), \"triangles\" (index triples) and \"vertices\" (x, y per vertex) or \"weights\""),
        );
        return None;
    };
    let raw = geometry::bone_indexing(node, where_, d)?;
    let uvs = uvs(&uvs_node, where_, d)?;
    let vertex_count = uvs.len() / 2;
    let triangles = triangles(&tris_node, vertex_count, where_, d)?;
    let hull_node = node.get("hull");
    let stated_hull = count(node, "hull", where_, d);
    if hull_node.is_some() && stated_hull.is_none() {
        return None;
    }
    let topo = match topology::derive(vertex_count, &triangles, stated_hull.map(|h| h as usize)) {
        Ok(t) => t,
        Err(e) => {
            let at = match (&e, &hull_node) {
                (TopologyError::HullDisagrees { .. }, Some(h)) => h.clone(),
                _ => tris_node.clone(),
            };
            d.push(
                at.err(codes::RIG_MESH_TOPOLOGY, format!("{where_}: {e}"))
                    .help("list the outline's vertices first, walked round, then the interior; leave \"hull\" out and rigc derives it"),
            );
            return None;
        }
    };
    let geometry = mesh_geometry(node, vertices, weights, raw, vertex_count, where_, bones, d)?;
    let edges = match node.get("edges") {
        Some(e) => stated_edges(&e, vertex_count, where_, d)?,
        None => derived_edges(&topo.edges, &tris_node, where_, d)?,
    };
    let image = super::read::image(node, where_, d);
    let width = number(node, "width", where_, d);
    let height = number(node, "height", where_, d);
    let sized = node.has("width") && node.has("height");
    // A `sequence` is measured on its setup frame (`spec::rig::sequence`).
    if !sized && !node.has("image") && !node.has("sequence") {
        d.push(
            absent_at(
                node,
                codes::RIG_MESH_SIZE,
                format!("{where_}: a mesh needs width and height — give them, or give an \"image\" and rigc will measure the PNG"),
            )
            .help("add \"image\": \"<part>.png\", or both \"width\" and \"height\""),
        );
    }
    let path = string(node, "path", where_, d);
    let color = color(node, "color", where_, 8, d);
    (d.len() == before).then_some(AttachmentKind::Mesh(MeshSpec {
        image,
        uvs,
        triangles,
        geometry,
        hull: topo.hull as u32,
        edges,
        width,
        height,
        path,
        color,
    }))
}

/// Reads `uvs`: an array of numbers of even length.
fn uvs(v: &Node, where_: &str, d: &mut Diags) -> Option<Vec<f64>> {
    let refuse = |d: &mut Diags, at: &Node, m: String| {
        d.push(
            at.err(codes::RIG_MESH_UVS, format!("{where_}: {m}"))
                .help("write \"uvs\": [u0, v0, u1, v1, …], one u, v pair per vertex in the image's 0..1 space"),
        );
    };
    if !v.is_array() {
        refuse(
            d,
            v,
            format!(
                "uvs is {}; it is an array of numbers, u, v per vertex",
                v.describe()
            ),
        );
        return None;
    }
    let mut out = Vec::new();
    for (i, e) in v.elements().enumerate() {
        match e.as_f64() {
            Some(n) => out.push(n),
            None => {
                refuse(
                    d,
                    &e,
                    format!("uvs[{i}] is {}, which is not a finite number", e.describe()),
                );
                return None;
            }
        }
    }
    if out.len() % 2 != 0 {
        refuse(
            d,
            v,
            format!(
                "uvs holds {} numbers; it is u, v per vertex, so its length is even",
                out.len()
            ),
        );
        return None;
    }
    Some(out)
}

/// Reads `triangles`: whole numbers, each below the vertex count.
fn triangles(v: &Node, vertex_count: usize, where_: &str, d: &mut Diags) -> Option<Vec<u32>> {
    if !v.is_array() {
        d.push(
            v.err(
                codes::RIG_MESH_TRIANGLES_NOT_AN_ARRAY,
                format!(
                    "{where_}: triangles is {}; it is an array of vertex-index triples",
                    v.describe()
                ),
            )
            .help("write \"triangles\": [a0, b0, c0, a1, b1, c1, …]"),
        );
        return None;
    }
    let mut out = Vec::new();
    for (i, e) in v.elements().enumerate() {
        match e
            .as_f64()
            .and_then(as_count)
            .filter(|&n| (n as usize) < vertex_count)
        {
            Some(n) => out.push(n),
            None => {
                d.push(
                    e.err(
                        codes::RIG_MESH_TRIANGLE_INDEX,
                        format!(
                            "{where_}: triangles[{i}] is {}; a triangle index is a whole number from 0 to {} (the uvs give {vertex_count} vertices)",
                            e.describe(),
                            vertex_count as i128 - 1
                        ),
                    )
                    .help("name a vertex by its position in the uvs, counting from 0"),
                );
                return None;
            }
        }
    }
    Some(out)
}

/// Reads the geometry, one entry per uv pair: unweighted `vertices`, the raw
/// weighted run (only behind `"boneIndexing": "raw"`), or `weights` by name.
#[allow(clippy::too_many_arguments)]
fn mesh_geometry(
    node: &Node,
    vertices: Option<Node>,
    weights: Option<Node>,
    raw: bool,
    vertex_count: usize,
    where_: &str,
    bones: &Bones,
    d: &mut Diags,
) -> Option<Geometry> {
    let Ok(count) = u32::try_from(vertex_count) else {
        d.push(
            absent_at(
                node,
                codes::RIG_MESH_UVS,
                format!(
                    "{where_}: the uvs give {vertex_count} vertices, more than a mesh can index"
                ),
            )
            .help("split the mesh"),
        );
        return None;
    };
    match (vertices, weights) {
        (Some(_), Some(w)) => {
            d.push(
                w.err(
                    codes::RIG_MESH_VERTICES_AND_WEIGHTS,
                    format!("{where_}: a mesh gives geometry as \"vertices\" or as \"weights\", never both — \"weights\" is the by-name form of the same data"),
                )
                .help("keep one of them"),
            );
            None
        }
        (None, Some(w)) => {
            if raw {
                let at = node.get("boneIndexing").unwrap_or_else(|| w.clone());
                d.push(
                    at.err(
                        codes::RIG_GEOMETRY_RAW_WITH_WEIGHTS,
                        format!("{where_}: \"boneIndexing\": \"raw\" describes a \"vertices\" run; \"weights\" always binds by name"),
                    )
                    .help("remove \"boneIndexing\""),
                );
                return None;
            }
            if let Some(n) = w.array_len().filter(|&n| n != vertex_count) {
                d.push(
                    w.err(
                        codes::RIG_MESH_WEIGHTS_COUNT,
                        format!("{where_}: weights cover {n} vertices but there are {vertex_count} uv pairs"),
                    )
                    .help("give one weights entry per uv pair"),
                );
                return None;
            }
            geometry::weights_by_name(&w, count, where_, bones, d).map(Geometry::ByName)
        }
        (Some(v), None) => {
            let numbers = geometry::numbers(&v, where_, d)?;
            if raw {
                geometry::raw_run(&v, &numbers, count, "the uv pair count", where_, bones, d)
                    .map(Geometry::Raw)
            } else if numbers.len() != 2 * vertex_count {
                d.push(
                    v.err(
                        codes::RIG_MESH_WEIGHTED_RUN,
                        format!("{where_}: this mesh's \"vertices\" is a weighted run, whose bone INDEXES point into the emitted bone array — a list the spec never writes, so inserting a bone rebinds every vertex in silence. Give the bindings by name as \"weights\": [[{{ \"bone\": …, \"x\": …, \"y\": …, \"weight\": … }}, …], …], or say \"boneIndexing\": \"raw\" on this attachment to keep the index form deliberately."),
                    )
                    .help(format!("an unweighted mesh gives one x, y pair per uv pair: {} numbers, and \"vertices\" holds {}", 2 * vertex_count, numbers.len())),
                );
                None
            } else {
                Some(Geometry::Unweighted(numbers))
            }
        }
        (None, None) => {
            d.push(
                absent_at(
                    node,
                    codes::RIG_MESH_INCOMPLETE,
                    format!("{where_}: an authored mesh needs uvs, triangles and vertices or weights (or a \"generator\")"),
                )
                .help("give \"vertices\" (x, y per vertex) or \"weights\""),
            );
            None
        }
    }
}

/// Reads stated `edges`, carried verbatim once each is a whole, even offset
/// into the flat `x, y` array of a vertex the uvs give, in pairs.
fn stated_edges(v: &Node, vertex_count: usize, where_: &str, d: &mut Diags) -> Option<Vec<u32>> {
    let refuse = |d: &mut Diags, at: &Node, m: String| {
        d.push(
            at.err(codes::RIG_MESH_EDGES, format!("{where_}: {m}"))
                .help("leave \"edges\" out and rigc derives them (the outline loop, then the interior edges)"),
        );
    };
    if !v.is_array() {
        refuse(
            d,
            v,
            format!(
                "edges is {}; it is an array of vertex-index pairs, each index ×2",
                v.describe()
            ),
        );
        return None;
    }
    let mut out = Vec::new();
    for (i, e) in v.elements().enumerate() {
        match e
            .as_f64()
            .and_then(as_count)
            .filter(|&n| n % 2 == 0 && ((n / 2) as usize) < vertex_count)
        {
            Some(n) => out.push(n),
            None => {
                refuse(
                    d,
                    &e,
                    format!(
                        "edges[{i}] is {}; an edge end is a vertex index ×2 (an even whole number from 0 to {})",
                        e.describe(),
                        2 * vertex_count as i128 - 2
                    ),
                );
                return None;
            }
        }
    }
    if out.len() % 2 != 0 {
        refuse(
            d,
            v,
            format!(
                "edges holds {} numbers; it is pairs of vertex ends, so its length is even",
                out.len()
            ),
        );
        return None;
    }
    Some(out)
}

/// The derived edges as the model's integers.
fn derived_edges(edges: &[u64], tris: &Node, where_: &str, d: &mut Diags) -> Option<Vec<u32>> {
    let out: Option<Vec<u32>> = edges.iter().map(|&e| u32::try_from(e).ok()).collect();
    if out.is_none() {
        d.push(
            tris.err(
                codes::RIG_MESH_EDGES,
                format!("{where_}: the triangles name vertices too many to write as edges (an index ×2 past {})", u32::MAX),
            )
            .help("split the mesh"),
        );
    }
    out
}
