//! This module owns an authored mesh's topology (FORMAT.md §2.7.2, FACE.md
//! §4.3): from a vertex count and flat triangles it derives the outline (the
//! edges used by exactly one triangle) walked as one closed loop, Spine's
//! `hull` (that loop's vertex count, checked against a stated one), and the
//! editor `edges` — or names why the triangles cannot be one.
//!
//! **The walk.** It starts at the lowest-numbered outline vertex and steps to
//! the lower-numbered of its two outline neighbours, then follows the loop
//! round. A mesh listed outline-first (vertex 0, 1, 2, … walked round, then
//! the interior) therefore walks `0 → 1 → … → hull − 1`, whichever way round
//! the list goes, and every other order is refused with the walk to renumber
//! along.
//!
//! **`edges`** are vertex-index pairs, each index ×2 (an offset into the flat
//! `x, y` array): first the outline loop in walk order (`w0 w1, w1 w2, …,
//! w(h−1) w0`), then every interior edge (one shared by two triangles) once,
//! in the order the triangles first name it — triangle by triangle in list
//! order, each triangle's edges `a b`, `b c`, `c a` — with its two ends in the
//! order that first triangle names them.
//!
//! The checks run in one order, so a mesh with several faults is refused for
//! the first: the index list's shape, each triangle's indices, the outline is
//! one loop, a stated `hull` agrees, the triangles tile the outline (Euler:
//! a hole-free triangulation of `V` vertices with an `h`-vertex outline has
//! `2·V − h − 2` triangles), no edge borders three triangles, the triangles
//! are one piece, the outline's vertices come first, and in walk order.
//! Memory is linear in the number of triangles, whatever the vertex count.

use std::collections::{HashMap, HashSet};
use std::fmt;

/// What the triangles derive: the outline walk, `hull` and `edges`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Topology {
    /// The outline's vertices in walk order; for an accepted mesh `0, 1, …, hull − 1`.
    pub outline: Vec<u32>,
    /// Spine's `hull`: the number of outline vertices.
    pub hull: usize,
    /// Spine's `edges`: index pairs ×2, the outline loop first, then the interior edges.
    pub edges: Vec<u64>,
}

/// Why the triangles are not one authored mesh. Its `Display` is the
/// refusal's text; the spec parser names and locates it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TopologyError {
    /// The index list's length is not a multiple of 3.
    NotTriples {
        /// The list's length.
        len: usize,
    },
    /// No triangles at all.
    NoTriangles,
    /// A triangle names a vertex the uvs do not give.
    IndexOutOfRange {
        /// The triangle's position in the list.
        triangle: usize,
        /// The index it names.
        index: u32,
        /// The vertices there are.
        vertex_count: usize,
    },
    /// A triangle names one vertex twice.
    Degenerate {
        /// The triangle's position in the list.
        triangle: usize,
        /// Its three indices.
        vertices: [u32; 3],
    },
    /// Every edge is shared, so there is no outline.
    NoOutline,
    /// An outline vertex with other than two outline edges (a pinch, a hole
    /// touching the outline, a doubled perimeter triangle); the lowest such.
    NotOneLoopAt {
        /// The vertex.
        vertex: u32,
        /// Its outline edges.
        boundary_edges: usize,
    },
    /// The outline is several disjoint loops (a hole).
    SeveralLoops {
        /// How many loops.
        count: usize,
        /// The loop through the lowest outline vertex, walked.
        first: Vec<u32>,
        /// The loop through the lowest vertex the first misses, walked.
        second: Vec<u32>,
    },
    /// A stated `hull` that is not the outline's vertex count.
    HullDisagrees {
        /// The stated `hull`.
        stated: usize,
        /// The outline, walked.
        walk: Vec<u32>,
    },
    /// The triangle count is not the Euler count for the outline (an unused
    /// vertex, a doubled interior triangle).
    DoNotTile {
        /// The vertex count.
        vertices: usize,
        /// The outline's vertex count.
        hull: usize,
        /// `2·vertices − hull − 2`.
        expected: u128,
        /// The triangle count.
        triangles: usize,
    },
    /// An edge bordering three or more triangles; the first the list names.
    EdgeShared {
        /// Its lower end.
        a: u32,
        /// Its higher end.
        b: u32,
        /// How many triangles it borders.
        triangles: usize,
    },
    /// Two triangles joined by no chain of shared edges.
    Disconnected {
        /// The first triangle (always 0).
        first: usize,
        /// The first triangle not joined to it.
        other: usize,
    },
    /// An outline vertex numbered at or past `hull`, and so an interior one before it.
    NotFirst {
        /// The lowest outline vertex at or past `hull`.
        boundary: u32,
        /// The lowest vertex before `hull` off the outline.
        interior: u32,
        /// The outline, walked.
        walk: Vec<u32>,
        /// The vertices off the outline.
        interior_count: usize,
    },
    /// The outline's vertices come first, but not in walk order.
    NotInOrder {
        /// The outline, walked.
        walk: Vec<u32>,
        /// The first position where the walk's vertex is not the list's.
        at: usize,
    },
}

/// A walk longer than this is printed as its first and last few vertices.
const WALK_SHOWN: usize = 64;

/// `walk` as `a → b → …`: its first `head` vertices, `…`, its last `tail`,
/// or the whole walk when that leaves nothing out.
fn walk_text(walk: &[u32], head: usize, tail: usize) -> String {
    let join = |part: &[u32]| {
        part.iter()
            .map(u32::to_string)
            .collect::<Vec<_>>()
            .join(" → ")
    };
    if head.saturating_add(tail) >= walk.len() {
        return join(walk);
    }
    let mut text = join(&walk[..head]);
    text.push_str(" → …");
    if tail > 0 {
        text.push_str(" → ");
        text.push_str(&join(&walk[walk.len() - tail..]));
    }
    text
}

/// `walk` whole, unless it is past [`WALK_SHOWN`].
fn walk_whole(walk: &[u32]) -> String {
    walk_text(walk, WALK_SHOWN / 2, WALK_SHOWN / 8)
}

fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

impl fmt::Display for TopologyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::NotTriples { len } => write!(
                f,
                "triangles has {} — not a whole number of triangles (a multiple of 3)",
                plural(*len, "index", "indices")
            ),
            Self::NoTriangles => write!(f, "a mesh needs at least one triangle"),
            Self::IndexOutOfRange { triangle, index, vertex_count } => write!(
                f,
                "triangle {triangle} names vertex {index}, past the {} the uvs give",
                plural(*vertex_count, "vertex", "vertices")
            ),
            Self::Degenerate { triangle, vertices: [a, b, c] } => {
                let twice = if a == b || a == c { a } else { b };
                write!(
                    f,
                    "triangle {triangle} ({a}, {b}, {c}) names vertex {twice} twice; a triangle joins three different vertices"
                )
            }
            Self::NoOutline => write!(
                f,
                "the triangles close on themselves: every edge is shared by two triangles, so there is no outline"
            ),
            Self::NotOneLoopAt { vertex, boundary_edges } => write!(
                f,
                "the triangles' outline is not one closed loop: vertex {vertex} has {}",
                plural(*boundary_edges, "boundary edge", "boundary edges")
            ),
            Self::SeveralLoops { count, first, second } => write!(
                f,
                "the triangles' outline is not one closed loop: it is {count} separate loops, {} ({}) and {} ({}); a mesh is one piece with no holes",
                walk_text(first, 3, 0),
                plural(first.len(), "vertex", "vertices"),
                walk_text(second, 3, 0),
                plural(second.len(), "vertex", "vertices"),
            ),
            Self::HullDisagrees { stated, walk } => write!(
                f,
                "hull {stated} disagrees with the triangles, whose outline has {} vertices ({}). Delete \"hull\" and rigc derives it, or state {}",
                walk.len(),
                walk_text(walk, 3, 0),
                walk.len()
            ),
            Self::DoNotTile { vertices, hull, expected, triangles } => write!(
                f,
                "the triangles do not tile the outline: {vertices} vertices with a {hull}-vertex outline tile as {expected} triangles and there are {triangles}"
            ),
            Self::EdgeShared { a, b, triangles } => write!(
                f,
                "edge {a}–{b} is shared by {triangles} triangles; an edge borders at most two"
            ),
            Self::Disconnected { first, other } => write!(
                f,
                "the triangles fall apart: triangle {first} and triangle {other} are joined by no chain of shared edges; a mesh is one piece"
            ),
            Self::NotFirst { boundary, interior, walk, interior_count } => write!(
                f,
                "hull vertices must come first; vertex {boundary} is on the boundary and vertex {interior} is not. The triangles' outline runs {}: list those {} vertices first, in that order, then the {}",
                walk_whole(walk),
                walk.len(),
                plural(*interior_count, "interior vertex", "interior vertices")
            ),
            Self::NotInOrder { walk, at } => {
                let vertex = |i: Option<usize>| i.and_then(|i| walk.get(i)).copied().unwrap_or_default();
                write!(
                    f,
                    "hull vertices must trace the outline in order; the triangles' outline runs {}, so vertex {} has to follow vertex {} in the list, and vertex {at} does. Renumber the vertices along that walk",
                    walk_text(walk, at.saturating_add(2), 2),
                    vertex(Some(*at)),
                    vertex(at.checked_sub(1))
                )
            }
        }
    }
}

impl std::error::Error for TopologyError {}

/// An undirected edge, its ends in ascending order.
fn key(a: u32, b: u32) -> (u32, u32) {
    if a < b {
        (a, b)
    } else {
        (b, a)
    }
}

/// The three edges of triangle `t`, in the order `a b`, `b c`, `c a`.
fn sides(t: &[u32]) -> [(u32, u32); 3] {
    [(t[0], t[1]), (t[1], t[2]), (t[2], t[0])]
}

/// Derives the outline, `hull` and `edges` of the mesh whose uvs give
/// `vertex_count` vertices and whose flat index triples are `triangles`,
/// checking a `stated_hull` — or the first reason it is not one mesh.
pub fn derive(
    vertex_count: usize,
    triangles: &[u32],
    stated_hull: Option<usize>,
) -> Result<Topology, TopologyError> {
    if !triangles.len().is_multiple_of(3) {
        return Err(TopologyError::NotTriples {
            len: triangles.len(),
        });
    }
    if triangles.is_empty() {
        return Err(TopologyError::NoTriangles);
    }
    for (triangle, t) in triangles.chunks_exact(3).enumerate() {
        if let Some(&index) = t
            .iter()
            .find(|&&i| usize::try_from(i).map_or(true, |i| i >= vertex_count))
        {
            return Err(TopologyError::IndexOutOfRange {
                triangle,
                index,
                vertex_count,
            });
        }
        if t[0] == t[1] || t[1] == t[2] || t[0] == t[2] {
            return Err(TopologyError::Degenerate {
                triangle,
                vertices: [t[0], t[1], t[2]],
            });
        }
    }
    let mut uses: HashMap<(u32, u32), usize> = HashMap::new();
    for t in triangles.chunks_exact(3) {
        for (a, b) in sides(t) {
            *uses.entry(key(a, b)).or_default() += 1;
        }
    }
    let walk = outline(&uses)?;
    let hull = walk.len();
    if let Some(stated) = stated_hull.filter(|&s| s != hull) {
        return Err(TopologyError::HullDisagrees { stated, walk });
    }
    let count = triangles.len() / 3;
    // V ≥ hull ≥ 3 (the outline's vertices are distinct vertices): no underflow.
    let expected = (2 * vertex_count as u128).saturating_sub(hull as u128 + 2);
    if count as u128 != expected {
        return Err(TopologyError::DoNotTile {
            vertices: vertex_count,
            hull,
            expected,
            triangles: count,
        });
    }
    if let Some((a, b)) = triangles
        .chunks_exact(3)
        .flat_map(sides)
        .map(|(a, b)| key(a, b))
        .find(|e| uses[e] > 2)
    {
        return Err(TopologyError::EdgeShared {
            a,
            b,
            triangles: uses[&(a, b)],
        });
    }
    if let Some(other) = unjoined(triangles) {
        return Err(TopologyError::Disconnected { first: 0, other });
    }
    order(&walk, vertex_count)?;
    Ok(Topology {
        edges: edges(&walk, triangles, &uses),
        outline: walk,
        hull,
    })
}

/// The outline (edges used once) walked as one closed loop.
fn outline(uses: &HashMap<(u32, u32), usize>) -> Result<Vec<u32>, TopologyError> {
    let mut next: HashMap<u32, Vec<u32>> = HashMap::new();
    for (&(a, b), _) in uses.iter().filter(|(_, &n)| n == 1) {
        next.entry(a).or_default().push(b);
        next.entry(b).or_default().push(a);
    }
    if next.is_empty() {
        return Err(TopologyError::NoOutline);
    }
    let mut vertices: Vec<u32> = next.keys().copied().collect();
    vertices.sort_unstable();
    if let Some(&vertex) = vertices.iter().find(|v| next[v].len() != 2) {
        return Err(TopologyError::NotOneLoopAt {
            vertex,
            boundary_edges: next[&vertex].len(),
        });
    }
    let mut seen: HashSet<u32> = HashSet::new();
    let mut loops: Vec<Vec<u32>> = Vec::new();
    for &start in &vertices {
        if seen.contains(&start) {
            continue;
        }
        let ends = &next[&start];
        let mut walk = vec![start];
        let (mut prev, mut at) = (start, ends[0].min(ends[1]));
        seen.insert(start);
        while at != start {
            walk.push(at);
            seen.insert(at);
            let ends = &next[&at];
            let step = if ends[0] == prev { ends[1] } else { ends[0] };
            (prev, at) = (at, step);
        }
        loops.push(walk);
    }
    if loops.len() > 1 {
        let count = loops.len();
        let mut loops = loops.into_iter();
        let (first, second) = (
            loops.next().unwrap_or_default(),
            loops.next().unwrap_or_default(),
        );
        return Err(TopologyError::SeveralLoops {
            count,
            first,
            second,
        });
    }
    Ok(loops.pop().unwrap_or_default())
}

/// The first triangle no chain of shared edges joins to triangle 0, if any.
fn unjoined(triangles: &[u32]) -> Option<usize> {
    let count = triangles.len() / 3;
    let mut parent: Vec<usize> = (0..count).collect();
    fn root(parent: &mut [usize], mut i: usize) -> usize {
        while parent[i] != i {
            parent[i] = parent[parent[i]];
            i = parent[i];
        }
        i
    }
    let mut owner: HashMap<(u32, u32), usize> = HashMap::new();
    for (i, t) in triangles.chunks_exact(3).enumerate() {
        for (a, b) in sides(t) {
            let j = *owner.entry(key(a, b)).or_insert(i);
            let (ri, rj) = (root(&mut parent, i), root(&mut parent, j));
            parent[ri] = rj;
        }
    }
    let first = root(&mut parent, 0);
    (1..count).find(|&i| root(&mut parent, i) != first)
}

/// Whether the outline's vertices are `0 .. hull`, in walk order.
fn order(walk: &[u32], vertex_count: usize) -> Result<(), TopologyError> {
    let hull = walk.len();
    let on: HashSet<u32> = walk.iter().copied().collect();
    if let Some(&boundary) = walk.iter().filter(|&&v| v as usize >= hull).min() {
        // |outline| = hull, so an outline vertex at or past hull leaves one before it off.
        let interior = (0..hull as u32)
            .find(|v| !on.contains(v))
            .unwrap_or_default();
        return Err(TopologyError::NotFirst {
            boundary,
            interior,
            walk: walk.to_vec(),
            interior_count: vertex_count - hull,
        });
    }
    match walk.iter().enumerate().position(|(i, &v)| v as usize != i) {
        Some(at) => Err(TopologyError::NotInOrder {
            walk: walk.to_vec(),
            at,
        }),
        None => Ok(()),
    }
}

/// The `edges` array: the outline loop, then each interior edge once.
fn edges(walk: &[u32], triangles: &[u32], uses: &HashMap<(u32, u32), usize>) -> Vec<u64> {
    let mut out = Vec::with_capacity(2 * uses.len());
    for (i, &a) in walk.iter().enumerate() {
        let b = walk[(i + 1) % walk.len()];
        out.extend([2 * u64::from(a), 2 * u64::from(b)]);
    }
    let mut written: HashSet<(u32, u32)> = HashSet::new();
    for (a, b) in triangles.chunks_exact(3).flat_map(sides) {
        if uses[&key(a, b)] == 2 && written.insert(key(a, b)) {
            out.extend([2 * u64::from(a), 2 * u64::from(b)]);
        }
    }
    out
}

#[cfg(test)]
mod tests;
