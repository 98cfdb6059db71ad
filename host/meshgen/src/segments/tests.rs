//! The segments lattice on hand-drawn masks, each expectation counted off
//! the drawing.

use super::*;

/// A `w`×`h` raster whose pixel `(x, y)` has alpha `a(x, y)`.
fn raster(w: u32, h: u32, a: impl Fn(u32, u32) -> u8) -> Vec<u8> {
    let mut px = Vec::new();
    for y in 0..h {
        for x in 0..w {
            px.extend_from_slice(&[1, 2, 3, a(x, y)]);
        }
    }
    px
}

fn run(w: u32, h: u32, cell: u32, a: impl Fn(u32, u32) -> u8) -> Result<Segments, Refusal> {
    let rgba = raster(w, h, a);
    generate(
        &Raster {
            width: w,
            height: h,
            rgba: &rgba,
        },
        &Lattice { cell, alpha: 1 },
    )
}

/// Cells drawn as text rows (`#` art), each cell `cell` px square.
fn drawn(rows: &[&str], cell: u32) -> Result<Segments, Refusal> {
    let (c, r) = (rows[0].len() as u32, rows.len() as u32);
    let grid: Vec<Vec<bool>> = rows
        .iter()
        .map(|s| s.chars().map(|ch| ch == '#').collect())
        .collect();
    run(c * cell, r * cell, cell, |x, y| {
        u8::from(grid[(y / cell) as usize][(x / cell) as usize]) * 255
    })
}

#[test]
fn an_opaque_window_with_cut_cells_is_its_whole_lattice() {
    // 10×6 at 4px: columns at x 0, 4, 8, 10 (the last cut to 2px), rows at
    // y 0, 4, 6 — 3×2 cells, 4×3 corners, 10 on the perimeter.
    let s = run(10, 6, 4, |_, _| 255).unwrap();
    assert_eq!(
        s.cells,
        Cells {
            cell: 4,
            cols: 3,
            rows: 2,
            with_art: 6,
            kept: 6
        }
    );
    let walk: Vec<[f64; 2]> = [
        [0, 0],
        [4, 0],
        [8, 0],
        [10, 0],
        [10, 4],
        [10, 6],
        [8, 6],
        [4, 6],
        [0, 6],
        [0, 4],
        // the interior, row-major
        [4, 4],
        [8, 4],
    ]
    .iter()
    .map(|p| [f64::from(p[0]), f64::from(p[1])])
    .collect();
    assert_eq!(s.mesh.points, walk);
    assert_eq!(s.mesh.hull, 10);
    assert_eq!(s.mesh.triangles.len(), 6 * 6);
    // The first cell, [tl, bl, br] and [tl, br, tr]: 0, 9, 10 and 0, 10, 1.
    assert_eq!(&s.mesh.triangles[..6], &[0, 9, 10, 0, 10, 1]);
    let t = rigc_sdk::mesh::topology::derive(12, &s.mesh.triangles, Some(10)).unwrap();
    assert_eq!(t.hull, 10);
}

#[test]
fn an_l_keeps_its_three_cells_and_every_corner_is_on_the_outline() {
    let s = drawn(&["#.", "##"], 3).unwrap();
    assert_eq!((s.cells.with_art, s.cells.kept), (3, 3));
    // The L's boundary passes all 8 of its corners.
    assert_eq!((s.mesh.points.len(), s.mesh.hull), (8, 8));
    assert_eq!(s.mesh.triangles.len(), 3 * 6);
    assert_eq!(s.mesh.points[0], [0.0, 0.0]);
    assert_eq!(s.mesh.points[1], [3.0, 0.0]);
    assert_eq!(s.mesh.points[2], [3.0, 3.0]);
    rigc_sdk::mesh::topology::derive(8, &s.mesh.triangles, Some(8)).unwrap();
}

#[test]
fn a_hole_is_kept_and_counted_apart_from_the_art() {
    let s = drawn(&["###", "#.#", "###"], 2).unwrap();
    assert_eq!((s.cells.with_art, s.cells.kept), (8, 9));
    // 4×4 corners, 12 on the outline, the hole's 4 corners inside.
    assert_eq!((s.mesh.points.len(), s.mesh.hull), (16, 12));
    assert_eq!(s.mesh.triangles.len(), 9 * 6);
    rigc_sdk::mesh::topology::derive(16, &s.mesh.triangles, Some(12)).unwrap();
}

#[test]
fn empty_cells_round_the_art_are_not_meshed() {
    // Art in the middle cell of 3×3 only: one cell, 4 corners.
    let s = drawn(&["...", ".#.", "..."], 5).unwrap();
    assert_eq!((s.cells.with_art, s.cells.kept), (1, 1));
    assert_eq!(
        s.mesh.points,
        vec![[5.0, 5.0], [10.0, 5.0], [10.0, 10.0], [5.0, 10.0]]
    );
    assert_eq!(s.mesh.triangles, vec![0, 3, 2, 0, 2, 1]);
}

#[test]
fn islands_pinches_no_art_and_the_cap_are_refused_by_name() {
    let e = drawn(&["#..", "...", "..#"], 2).unwrap_err();
    assert_eq!(e.field, Some("cell"));
    assert!(
        e.message
            .starts_with("the cells with art form 2 separate islands (the largest 1 of 2 cells)"),
        "{}",
        e.message
    );
    // One island touching itself at the corner between cells (1,2) and (2,1).
    let e = drawn(&["###", "#.#", "##."], 4).unwrap_err();
    assert!(
        e.message
            .starts_with("the cells with art meet at a single corner, part pixel (8, 8)"),
        "{}",
        e.message
    );
    let e = run(8, 8, 2, |_, _| 0).unwrap_err();
    assert_eq!(
        e.message,
        "no pixel of the 8x8 part reaches alpha 1, so no cell has art to mesh"
    );
    // 1000×300 at 2px: 501·151 = 75651 corners > 65536.
    let e = run(1000, 300, 2, |_, _| 255).unwrap_err();
    assert_eq!(e.field, Some("cell"));
    assert!(e.message.contains("500x150 cells"), "{}", e.message);
    assert!(e.message.contains("75651 lattice corners"), "{}", e.message);
    assert_eq!(run(4, 4, 1, |_, _| 255).unwrap_err().field, Some("cell"));
    assert!(run(0, 4, 2, |_, _| 255).is_err());
    let short = generate(
        &Raster {
            width: 4,
            height: 4,
            rgba: &[0; 7],
        },
        &Lattice { cell: 2, alpha: 1 },
    );
    assert!(short.is_err());
}

#[test]
fn the_alpha_threshold_decides_which_cells_have_art() {
    // Left half alpha 100, right half 255: at alpha 101 only the right
    // column of cells has art.
    let s = run(8, 4, 4, |x, _| if x < 4 { 100 } else { 255 }).unwrap();
    assert_eq!(s.cells.with_art, 2);
    let rgba = raster(8, 4, |x, _| if x < 4 { 100 } else { 255 });
    let s = generate(
        &Raster {
            width: 8,
            height: 4,
            rgba: &rgba,
        },
        &Lattice {
            cell: 4,
            alpha: 101,
        },
    )
    .unwrap();
    assert_eq!(s.cells.with_art, 1);
    assert_eq!(s.mesh.points[0], [4.0, 0.0]);
}
