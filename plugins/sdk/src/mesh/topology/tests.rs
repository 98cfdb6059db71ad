//! The topology's tests: grids built here and numbered two ways (row-major and
//! perimeter-first), the zig-zag strip, a pinch, a hole, an extra triangle, an
//! unused vertex, random meshes, and (`reference`) the reference rigs' meshes.
//! Expected walks, counts and edges are computed from each construction,
//! never from `derive`'s own output.

use super::{derive, Topology, TopologyError};
use proptest::prelude::*;
use std::collections::{HashMap, HashSet};

mod reference;

/// A lattice of `rows × cols` points, `(row, col)`.
type Cell = (usize, usize);

/// The grid's perimeter walked round: top row left to right, right column
/// down, bottom row right to left, left column up.
fn perimeter(rows: usize, cols: usize) -> Vec<Cell> {
    let mut out: Vec<Cell> = (0..cols).map(|c| (0, c)).collect();
    out.extend((1..rows).map(|r| (r, cols - 1)));
    out.extend((0..cols - 1).rev().map(|c| (rows - 1, c)));
    out.extend((1..rows - 1).rev().map(|r| (r, 0)));
    out
}

fn on_perimeter(rows: usize, cols: usize, (r, c): Cell) -> bool {
    r == 0 || c == 0 || r == rows - 1 || c == cols - 1
}

/// Row-major numbering.
fn row_major(_rows: usize, cols: usize) -> HashMap<Cell, u32> {
    let rows = _rows;
    (0..rows)
        .flat_map(|r| (0..cols).map(move |c| (r, c)))
        .map(|p| (p, (p.0 * cols + p.1) as u32))
        .collect()
}

/// Perimeter-first numbering (FACE.md §4.3): the perimeter walked round, then
/// the interior row-major.
fn perimeter_first(rows: usize, cols: usize) -> HashMap<Cell, u32> {
    let mut order = perimeter(rows, cols);
    order.extend((1..rows - 1).flat_map(|r| (1..cols - 1).map(move |c| (r, c))));
    order
        .into_iter()
        .enumerate()
        .map(|(i, p)| (p, i as u32))
        .collect()
}

/// Two triangles per cell, split along the `\` diagonal unless `slash(cell)`.
fn grid_triangles(
    rows: usize,
    cols: usize,
    ids: &HashMap<Cell, u32>,
    slash: impl Fn(Cell) -> bool,
) -> Vec<u32> {
    let mut out = Vec::new();
    for r in 0..rows - 1 {
        for c in 0..cols - 1 {
            let [a, b, d, e] = [(r, c), (r, c + 1), (r + 1, c + 1), (r + 1, c)].map(|p| ids[&p]);
            if slash((r, c)) {
                out.extend([a, b, e, b, d, e]);
            } else {
                out.extend([a, b, d, a, d, e]);
            }
        }
    }
    out
}

/// The walk rule stated in the module doc, applied to a loop known from the
/// construction: start at the lowest id, go first to its lower neighbour.
fn walk_of(cycle: &[u32]) -> Vec<u32> {
    let start = (0..cycle.len())
        .min_by_key(|&i| cycle[i])
        .expect("the construction has one");
    let mut out: Vec<u32> = cycle[start..]
        .iter()
        .chain(&cycle[..start])
        .copied()
        .collect();
    if out[1] > out[out.len() - 1] {
        out[1..].reverse();
    }
    out
}

fn arrows(walk: &[u32]) -> String {
    walk.iter()
        .map(u32::to_string)
        .collect::<Vec<_>>()
        .join(" → ")
}

/// Every invariant an accepted mesh's topology keeps, checked by counting
/// afresh from the triangles.
fn check_accepted(vertex_count: usize, triangles: &[u32], topo: &Topology) {
    let mut uses: HashMap<(u32, u32), usize> = HashMap::new();
    for t in triangles.chunks_exact(3) {
        for (a, b) in [(t[0], t[1]), (t[1], t[2]), (t[2], t[0])] {
            *uses.entry((a.min(b), a.max(b))).or_default() += 1;
        }
    }
    let h = topo.hull;
    assert_eq!(
        topo.outline,
        (0..h as u32).collect::<Vec<_>>(),
        "the hull vertices come first, in walk order"
    );
    assert_eq!(
        triangles.len() / 3,
        2 * vertex_count - h - 2,
        "the Euler tiling count"
    );
    assert_eq!(
        uses.values().filter(|&&n| n == 1).count(),
        h,
        "one outline edge per hull vertex"
    );
    assert!(uses.values().all(|&n| n <= 2));
    let pairs: Vec<(u32, u32)> = topo
        .edges
        .chunks_exact(2)
        .map(|p| {
            assert!(p[0] % 2 == 0 && p[1] % 2 == 0, "edges are indices ×2");
            ((p[0] / 2) as u32, (p[1] / 2) as u32)
        })
        .collect();
    assert_eq!(topo.edges.len() % 2, 0);
    assert_eq!(pairs.len(), uses.len(), "every triangle edge once");
    let mut seen = HashSet::new();
    for (i, &(a, b)) in pairs.iter().enumerate() {
        let k = (a.min(b), a.max(b));
        assert!(seen.insert(k), "edge {a}–{b} written twice");
        let n = uses.get(&k).copied().unwrap_or(0);
        if i < h {
            assert_eq!(
                (a, b),
                (i as u32, ((i + 1) % h) as u32),
                "the outline loop first"
            );
            assert_eq!(n, 1);
        } else {
            assert_eq!(n, 2, "then interior edges");
        }
    }
}

const ROW_MAJOR_5X5_REFUSAL: &str = "hull vertices must come first; vertex 19 is on the boundary and vertex 6 is not. The triangles' outline runs 0 → 1 → 2 → 3 → 4 → 9 → 14 → 19 → 24 → 23 → 22 → 21 → 20 → 15 → 10 → 5: list those 16 vertices first, in that order, then the 9 interior vertices";

#[test]
fn a_row_major_grid_is_refused_with_the_walk_to_renumber_along() {
    let (rows, cols) = (5, 5);
    let ids = row_major(rows, cols);
    let tris = grid_triangles(rows, cols, &ids, |_| false);
    let cycle: Vec<u32> = perimeter(rows, cols).iter().map(|p| ids[p]).collect();
    let walk = walk_of(&cycle);
    let h = walk.len();
    let boundary = *cycle
        .iter()
        .filter(|&&v| v as usize >= h)
        .min()
        .expect("the construction has one");
    let interior = (0..rows * cols)
        .map(|i| i as u32)
        .find(|v| !cycle.contains(v))
        .expect("the construction has one");
    let err = derive(rows * cols, &tris, None).expect_err("refused");
    assert_eq!(
        err,
        TopologyError::NotFirst {
            boundary,
            interior,
            walk: walk.clone(),
            interior_count: rows * cols - h
        }
    );
    let text = format!(
        "hull vertices must come first; vertex {boundary} is on the boundary and vertex {interior} is not. The triangles' outline runs {}: list those {h} vertices first, in that order, then the {} interior vertices",
        arrows(&walk),
        rows * cols - h
    );
    assert_eq!(err.to_string(), text);
    // And it is FORMAT.md §2.7.2's sentence, word for word.
    assert_eq!(err.to_string(), ROW_MAJOR_5X5_REFUSAL);
}

/// The edges the grid's geometry makes interior: every lattice edge and cell
/// diagonal except the perimeter's own sides, in triangle order.
fn interior_edges_in_triangle_order(
    tris: &[u32],
    rows: usize,
    cols: usize,
    ids: &HashMap<Cell, u32>,
) -> Vec<u64> {
    let cell_of: HashMap<u32, Cell> = ids.iter().map(|(&p, &i)| (i, p)).collect();
    let border_side = |a: Cell, b: Cell| {
        on_perimeter(rows, cols, a)
            && on_perimeter(rows, cols, b)
            && ((a.0 == b.0 && (a.0 == 0 || a.0 == rows - 1))
                || (a.1 == b.1 && (a.1 == 0 || a.1 == cols - 1)))
    };
    let mut out = Vec::new();
    let mut seen = HashSet::new();
    for t in tris.chunks_exact(3) {
        for (a, b) in [(t[0], t[1]), (t[1], t[2]), (t[2], t[0])] {
            if !border_side(cell_of[&a], cell_of[&b]) && seen.insert((a.min(b), a.max(b))) {
                out.extend([2 * a as u64, 2 * b as u64]);
            }
        }
    }
    out
}

#[test]
fn a_perimeter_first_grid_derives_hull_16_and_its_edges() {
    let (rows, cols) = (5, 5);
    let ids = perimeter_first(rows, cols);
    let tris = grid_triangles(rows, cols, &ids, |_| false);
    let h = perimeter(rows, cols).len();
    assert_eq!(
        (h, tris.len() / 3),
        (2 * (rows - 1) + 2 * (cols - 1), 2 * (rows - 1) * (cols - 1))
    );
    let topo = derive(rows * cols, &tris, None).expect("accepted");
    assert_eq!(topo.hull, h);
    assert_eq!(topo.outline, (0..h as u32).collect::<Vec<_>>());
    let mut edges: Vec<u64> = (0..h)
        .flat_map(|i| [2 * i as u64, 2 * ((i + 1) % h) as u64])
        .collect();
    edges.extend(interior_edges_in_triangle_order(&tris, rows, cols, &ids));
    // Lattice edges plus one diagonal per cell, each index ×2.
    let lattice = rows * (cols - 1) + cols * (rows - 1) + (rows - 1) * (cols - 1);
    assert_eq!(edges.len(), 2 * lattice);
    assert_eq!(topo.edges, edges);
    check_accepted(rows * cols, &tris, &topo);
    assert_eq!(
        derive(rows * cols, &tris, Some(h)),
        Ok(topo),
        "a stated hull that agrees passes"
    );
}

#[test]
fn a_stated_hull_that_disagrees_is_refused_with_the_count() {
    let (rows, cols) = (5, 5);
    let ids = perimeter_first(rows, cols);
    let tris = grid_triangles(rows, cols, &ids, |_| false);
    let v = rows * cols;
    let err = derive(v, &tris, Some(v)).expect_err("refused");
    let h = perimeter(rows, cols).len();
    assert_eq!(
        err,
        TopologyError::HullDisagrees {
            stated: v,
            walk: (0..h as u32).collect()
        }
    );
    assert_eq!(
        err.to_string(),
        format!("hull {v} disagrees with the triangles, whose outline has {h} vertices (0 → 1 → 2 → …). Delete \"hull\" and rigc derives it, or state {h}")
    );
    assert_eq!(
        err.to_string(),
        "hull 25 disagrees with the triangles, whose outline has 16 vertices (0 → 1 → 2 → …). Delete \"hull\" and rigc derives it, or state 16"
    );
}

#[test]
fn a_zig_zag_strip_is_refused_for_its_order() {
    // Two columns numbered across each row: left 0, 2, 4, …, right 1, 3, 5, ….
    let (rows, cols) = (6, 2);
    let ids = row_major(rows, cols);
    let tris = grid_triangles(rows, cols, &ids, |_| false);
    let cycle: Vec<u32> = perimeter(rows, cols).iter().map(|p| ids[p]).collect();
    let walk = walk_of(&cycle);
    let at = walk
        .iter()
        .enumerate()
        .position(|(i, &v)| v as usize != i)
        .expect("the construction has one");
    let err = derive(rows * cols, &tris, None).expect_err("refused");
    assert_eq!(
        err,
        TopologyError::NotInOrder {
            walk: walk.clone(),
            at
        }
    );
    let n = walk.len();
    let text = format!(
        "hull vertices must trace the outline in order; the triangles' outline runs {} → … → {}, so vertex {} has to follow vertex {} in the list, and vertex {at} does. Renumber the vertices along that walk",
        arrows(&walk[..at + 2]),
        arrows(&walk[n - 2..]),
        walk[at],
        walk[at - 1]
    );
    assert_eq!(err.to_string(), text);
    assert_eq!(
        err.to_string(),
        "hull vertices must trace the outline in order; the triangles' outline runs 0 → 1 → 3 → 5 → … → 4 → 2, so vertex 3 has to follow vertex 1 in the list, and vertex 2 does. Renumber the vertices along that walk"
    );
    // Renumbered along the walk, the same strip is accepted: every vertex on the hull.
    let ids = perimeter_first(rows, cols);
    let tris = grid_triangles(rows, cols, &ids, |_| false);
    let topo = derive(rows * cols, &tris, None).expect("accepted");
    assert_eq!(topo.hull, rows * cols);
    check_accepted(rows * cols, &tris, &topo);
}

#[test]
fn a_pinch_is_not_one_loop() {
    // Two squares meeting at one corner, the shared vertex numbered 4.
    let shared = 4;
    let a = [0, 1, shared, 2];
    let b = [shared, 3, 5, 6];
    let square = |q: [u32; 4]| [q[0], q[1], q[2], q[0], q[2], q[3]];
    let tris: Vec<u32> = square(a).into_iter().chain(square(b)).collect();
    let err = derive(7, &tris, None).expect_err("refused");
    // Each square's corner brings two outline edges to the shared vertex.
    assert_eq!(
        err,
        TopologyError::NotOneLoopAt {
            vertex: shared,
            boundary_edges: 2 + 2
        }
    );
    assert_eq!(
        err.to_string(),
        "the triangles' outline is not one closed loop: vertex 4 has 4 boundary edges"
    );
}

#[test]
fn a_hole_is_two_loops() {
    let (rows, cols) = (4, 4);
    let ids = perimeter_first(rows, cols);
    let all = grid_triangles(rows, cols, &ids, |_| false);
    // Drop the middle cell's two triangles: cells are laid out row by row.
    let middle = (rows - 1) * (cols - 1) / 2;
    let tris: Vec<u32> = all
        .chunks_exact(6)
        .enumerate()
        .filter(|&(i, _)| i != middle)
        .flat_map(|(_, c)| c.iter().copied())
        .collect();
    let outer = walk_of(
        &perimeter(rows, cols)
            .iter()
            .map(|p| ids[p])
            .collect::<Vec<_>>(),
    );
    let inner = walk_of(&[(1, 1), (1, 2), (2, 2), (2, 1)].map(|p| ids[&p]));
    let err = derive(rows * cols, &tris, None).expect_err("refused");
    assert_eq!(
        err,
        TopologyError::SeveralLoops {
            count: 2,
            first: outer,
            second: inner
        }
    );
    assert_eq!(
        err.to_string(),
        "the triangles' outline is not one closed loop: it is 2 separate loops, 0 → 1 → 2 → … (12 vertices) and 12 → 13 → 15 → … (4 vertices); a mesh is one piece with no holes"
    );
}

#[test]
fn an_extra_triangle_or_an_unused_vertex_does_not_tile() {
    let (rows, cols) = (5, 5);
    let ids = perimeter_first(rows, cols);
    let mut tris = grid_triangles(rows, cols, &ids, |_| false);
    let (v, h, t) = (rows * cols, perimeter(rows, cols).len(), tris.len() / 3);
    let unused = derive(v + 1, &tris, None).expect_err("refused");
    assert_eq!(
        unused,
        TopologyError::DoNotTile {
            vertices: v + 1,
            hull: h,
            expected: (2 * (v + 1) - h - 2) as u128,
            triangles: t
        }
    );
    // Double a triangle whose three vertices are all interior.
    let inner = [(1, 1), (1, 2), (2, 2)].map(|p| ids[&p]);
    tris.extend(inner);
    let err = derive(v, &tris, None).expect_err("refused");
    assert_eq!(
        err,
        TopologyError::DoNotTile {
            vertices: v,
            hull: h,
            expected: t as u128,
            triangles: t + 1
        }
    );
    assert_eq!(
        err.to_string(),
        "the triangles do not tile the outline: 25 vertices with a 16-vertex outline tile as 32 triangles and there are 33"
    );
}

#[test]
fn a_doubled_perimeter_triangle_breaks_the_loop() {
    let (rows, cols) = (5, 5);
    let ids = perimeter_first(rows, cols);
    let mut tris = grid_triangles(rows, cols, &ids, |_| false);
    let corner: Vec<u32> = tris[..3].to_vec();
    tris.extend(&corner);
    // Its perimeter side (0,0)–(0,1) is now used twice, so both its ends keep one outline edge.
    let ends = [(0, 0), (0, 1)].map(|p| ids[&p]);
    let err = derive(rows * cols, &tris, None).expect_err("refused");
    assert_eq!(
        err,
        TopologyError::NotOneLoopAt {
            vertex: ends[0].min(ends[1]),
            boundary_edges: 1
        }
    );
    assert_eq!(
        err.to_string(),
        format!(
            "the triangles' outline is not one closed loop: vertex {} has 1 boundary edge",
            ends[0].min(ends[1])
        )
    );
}

#[test]
fn a_closed_tetrahedron_on_an_interior_edge_is_an_edge_of_four_triangles() {
    // Euler holds (2 vertices, 4 triangles more) but edge u–v borders four triangles.
    let (rows, cols) = (5, 5);
    let ids = perimeter_first(rows, cols);
    let mut tris = grid_triangles(rows, cols, &ids, |_| false);
    let (u, v) = (ids[&(1, 1)], ids[&(1, 2)]);
    let (p, q) = (25, 26);
    tris.extend([u, v, p, u, v, q, u, p, q, v, p, q]);
    let err = derive(27, &tris, None).expect_err("refused");
    assert_eq!(
        err,
        TopologyError::EdgeShared {
            a: u.min(v),
            b: u.max(v),
            triangles: 4
        }
    );
    assert_eq!(
        err.to_string(),
        format!(
            "edge {}–{} is shared by 4 triangles; an edge borders at most two",
            u.min(v),
            u.max(v)
        )
    );
}

#[test]
fn a_disk_beside_a_torus_is_two_pieces() {
    // One triangle (a disk: V 3, hull 3, 1 triangle) and a 3×3 wrapped torus
    // (V 9, 18 triangles, Euler characteristic 0): Euler's count still holds.
    let mut tris = vec![0, 1, 2];
    let id = |r: usize, c: usize| (3 + (r % 3) * 3 + c % 3) as u32;
    for r in 0..3 {
        for c in 0..3 {
            tris.extend([
                id(r, c),
                id(r, c + 1),
                id(r + 1, c + 1),
                id(r, c),
                id(r + 1, c + 1),
                id(r + 1, c),
            ]);
        }
    }
    assert_eq!(tris.len() / 3, 2 * 12 - 3 - 2);
    assert_eq!(
        derive(12, &tris, None),
        Err(TopologyError::Disconnected { first: 0, other: 1 })
    );
}

#[test]
fn a_disconnected_refusal_reads() {
    let err = TopologyError::Disconnected { first: 0, other: 1 };
    assert_eq!(
        err.to_string(),
        "the triangles fall apart: triangle 0 and triangle 1 are joined by no chain of shared edges; a mesh is one piece"
    );
}

#[test]
fn the_index_list_is_checked_first() {
    assert_eq!(
        derive(3, &[0, 1, 2, 0], None),
        Err(TopologyError::NotTriples { len: 4 })
    );
    assert_eq!(derive(3, &[], None), Err(TopologyError::NoTriangles));
    let err = derive(3, &[0, 1, 2, 2, 1, 3], None).expect_err("refused");
    assert_eq!(
        err,
        TopologyError::IndexOutOfRange {
            triangle: 1,
            index: 3,
            vertex_count: 3
        }
    );
    assert_eq!(
        err.to_string(),
        "triangle 1 names vertex 3, past the 3 vertices the uvs give"
    );
    let err = derive(4, &[0, 1, 2, 2, 3, 2], None).expect_err("refused");
    assert_eq!(
        err,
        TopologyError::Degenerate {
            triangle: 1,
            vertices: [2, 3, 2]
        }
    );
    assert_eq!(
        err.to_string(),
        "triangle 1 (2, 3, 2) names vertex 2 twice; a triangle joins three different vertices"
    );
    // A closed surface (a tetrahedron) has no outline at all.
    assert_eq!(
        derive(4, &[0, 1, 2, 0, 1, 3, 0, 2, 3, 1, 2, 3], None),
        Err(TopologyError::NoOutline)
    );
}

#[test]
fn a_large_grid_is_derived_and_its_refusal_stays_short() {
    // 150 × 150 = 22 500 vertices, 44 402 triangles. (How fast is a benchmark's
    // question, never a timed assertion: the suite runs on shared machines.)
    let (rows, cols) = (150, 150);
    let ids = perimeter_first(rows, cols);
    let tris = grid_triangles(rows, cols, &ids, |(r, c)| (r + c) % 2 == 0);
    let topo = derive(rows * cols, &tris, None).expect("accepted");
    assert_eq!(topo.hull, perimeter(rows, cols).len());
    check_accepted(rows * cols, &tris, &topo);
    // The row-major numbering's refusal prints a bounded walk.
    let tris = grid_triangles(rows, cols, &row_major(rows, cols), |_| false);
    let text = derive(rows * cols, &tris, None)
        .expect_err("refused")
        .to_string();
    assert!(text.len() < 1000, "{} bytes", text.len());
}

/// A grid of random size and diagonals, its triangles shuffled and rotated,
/// numbered perimeter-first (either way round, from any start) or at random.
fn arb_grid() -> impl Strategy<Value = (usize, usize, Vec<bool>, u64, u8)> {
    (2usize..7, 2usize..7).prop_flat_map(|(rows, cols)| {
        let cells = (rows - 1) * (cols - 1);
        (
            Just(rows),
            Just(cols),
            proptest::collection::vec(any::<bool>(), cells),
            any::<u64>(),
            0u8..3,
        )
    })
}

/// A small deterministic generator (splitmix64) for the shuffles.
fn next(seed: &mut u64) -> u64 {
    *seed = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *seed;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

fn shuffle<T>(items: &mut [T], seed: &mut u64) {
    for i in (1..items.len()).rev() {
        items.swap(i, (next(seed) % (i as u64 + 1)) as usize);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    /// Random indices: never a panic, every refusal prints, and whatever is
    /// accepted keeps the invariants.
    #[test]
    fn random_indices_never_panic(
        vertex_count in 0usize..10,
        tris in proptest::collection::vec(0u32..12, 0..40),
        stated in proptest::option::of(0usize..12),
    ) {
        match derive(vertex_count, &tris, stated) {
            Ok(topo) => check_accepted(vertex_count, &tris, &topo),
            Err(e) => prop_assert!(!e.to_string().is_empty()),
        }
    }

    /// Real grids: perimeter-first numbering is accepted with the grid's hull;
    /// a random numbering is accepted only when it happens to be
    /// perimeter-first, and otherwise refused for its order with the
    /// grid's perimeter as the walk.
    #[test]
    fn real_grids_derive_their_perimeter((rows, cols, slash, seed, numbering) in arb_grid()) {
        let mut seed = seed;
        let per = perimeter(rows, cols);
        let h = per.len();
        let ids: HashMap<Cell, u32> = match numbering {
            0 | 1 => {
                // Perimeter-first, from a random start, either way round.
                let mut order = per.clone();
                let start = (next(&mut seed) % h as u64) as usize;
                order.rotate_left(start);
                if numbering == 1 {
                    order.reverse();
                }
                let mut interior: Vec<Cell> = (1..rows - 1).flat_map(|r| (1..cols - 1).map(move |c| (r, c))).collect();
                shuffle(&mut interior, &mut seed);
                order.extend(interior);
                order.into_iter().enumerate().map(|(i, p)| (p, i as u32)).collect()
            }
            _ => {
                let mut order: Vec<Cell> = (0..rows).flat_map(|r| (0..cols).map(move |c| (r, c))).collect();
                shuffle(&mut order, &mut seed);
                order.into_iter().enumerate().map(|(i, p)| (p, i as u32)).collect()
            }
        };
        let cols1 = cols - 1;
        let tris = grid_triangles(rows, cols, &ids, |(r, c)| slash[r * cols1 + c]);
        let mut triples: Vec<[u32; 3]> = tris.chunks_exact(3).map(|t| {
            let k = (next(&mut seed) % 3) as usize;
            [t[k], t[(k + 1) % 3], t[(k + 2) % 3]]
        }).collect();
        shuffle(&mut triples, &mut seed);
        let tris: Vec<u32> = triples.concat();
        let v = rows * cols;
        let cycle = walk_of(&per.iter().map(|p| ids[p]).collect::<Vec<_>>());
        match derive(v, &tris, None) {
            Ok(topo) => {
                prop_assert_eq!(topo.hull, h);
                prop_assert_eq!(&topo.outline, &cycle);
                check_accepted(v, &tris, &topo);
            }
            Err(TopologyError::NotFirst { walk, interior_count, .. }) => {
                prop_assert!(numbering == 2);
                prop_assert_eq!(walk, cycle);
                prop_assert_eq!(interior_count, v - h);
            }
            Err(TopologyError::NotInOrder { walk, at }) => {
                prop_assert!(numbering == 2);
                prop_assert_eq!(&walk, &cycle);
                prop_assert!(walk[at] as usize != at);
            }
            Err(e) => prop_assert!(false, "a grid refused: {e}"),
        }
        prop_assert_eq!(derive(v, &tris, Some(h + 1)).is_err(), true);
    }
}
