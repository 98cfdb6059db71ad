//! This module owns the `segments` generator's lattice (FORMAT.md §2.7.3,
//! [cli-new]): square cells of `cell` px laid over the part window from its
//! top-left corner (the last column and row cut at the window's edge), a
//! cell **with art** when any of its pixels reaches `alpha`, and the mesh
//! built on the cells it **keeps** — its weights, by distance to the bone
//! segments the generator names, are `weigh`'s, which setup calls with the
//! bones' setup segments (this crate knows no skeleton).
//!
//! Decisions where the format is silent:
//! - **Islands are refused, never dropped.** The art cells must form one
//!   edge-connected (4-connected) island; several are refused by name with
//!   each size, as contour refuses them, so no art is ever left off the mesh
//!   in silence. Raise `alpha` if the strays are feathering, or give each
//!   island its own slot.
//! - **Holes are filled.** Cells the island encloses (no edge-connected path
//!   of empty cells to the window's edge) are kept: one outline cannot
//!   express a hole, and a filled hole draws nothing (its texels are
//!   transparent). `kept` = the island's cells + the enclosed ones, so it can
//!   exceed `with art`.
//! - **A pinch is refused.** Two kept cells that meet only at a corner would
//!   make the outline pass that point twice; refused by name, with the corner
//!   in part pixels.
//! - **The cap.** At most [`MAX_VERTICES`] lattice corners over the window
//!   (`(cols + 1)·(rows + 1)`, counted before anything is allocated).
//!
//! Vertex order: the outline first, walked clockwise on screen from the
//! top-left corner of the first kept cell in row order (every lattice corner
//! it passes, straight runs included), then the interior corners row-major.
//! Each kept cell, row-major, is split into `[tl, bl, br]` and `[tl, br, tr]`
//! as grid's cells are.

pub mod weigh;

use crate::contour::trace;
use crate::{Mesh, Raster, Refusal};

/// The most lattice corners one segments mesh may span (as grid's cap).
pub const MAX_VERTICES: u64 = crate::grid::MAX_VERTICES;

/// The lattice parameters of a `segments` generator (the host applies the
/// default alpha 1).
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Lattice {
    /// The cell's side, part pixels, at least 2.
    pub cell: u32,
    /// The alpha (1..=255) at or above which a pixel is art.
    pub alpha: u8,
}

/// A `segments` generator as the rig states it (FORMAT.md §2.7.3): the
/// bones whose setup segments weigh the vertices, the lattice, the falloff.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Params {
    /// The rig bones named, in the order written (ties go to the first).
    pub bones: Vec<String>,
    /// The lattice.
    pub lattice: Lattice,
    /// How the weights fall off with distance.
    pub falloff: weigh::Falloff,
}

/// What the lattice build measured (FORMAT.md §6.2's `lattice` line).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Cells {
    /// The cell's side, px.
    pub cell: u32,
    /// Columns of cells over the window.
    pub cols: u32,
    /// Rows of cells over the window.
    pub rows: u32,
    /// Cells with a pixel at or above `alpha`.
    pub with_art: u64,
    /// Cells the mesh keeps (the island plus what it encloses).
    pub kept: u64,
}

/// A segments lattice: the mesh (part pixels) and its cell counts.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Segments {
    /// The mesh, outline first.
    pub mesh: Mesh,
    /// The cell counts.
    pub cells: Cells,
}

/// Builds the lattice of `art` under `params`.
pub fn generate(art: &Raster<'_>, params: &Lattice) -> Result<Segments, Refusal> {
    if params.cell < 2 {
        return Err(Refusal::at(
            "cell",
            format!(
                "the cell is {}px; it is a whole number of pixels, at least 2",
                params.cell
            ),
        ));
    }
    if params.alpha == 0 {
        return Err(Refusal::at(
            "alpha",
            "the alpha threshold must be a whole number in 1..255, got 0",
        ));
    }
    let (w, h) = (art.width, art.height);
    if w == 0 || h == 0 {
        return Err(Refusal::new(format!(
            "the part is {w}x{h}, so it has no pixels to lay a lattice over"
        )));
    }
    let expected = (w as usize)
        .checked_mul(h as usize)
        .and_then(|n| n.checked_mul(4));
    if expected != Some(art.rgba.len()) {
        return Err(Refusal::new(format!(
            "the decoded image holds {} bytes, not the 4 per pixel a {w}x{h} part needs",
            art.rgba.len()
        )));
    }
    let cell = params.cell;
    let (cols, rows) = (w.div_ceil(cell), h.div_ceil(cell));
    let corners = (u64::from(cols) + 1) * (u64::from(rows) + 1);
    if corners > MAX_VERTICES {
        return Err(Refusal::at(
            "cell",
            format!(
                "a {cell}px cell lays {cols}x{rows} cells over the {w}x{h} part, {corners} lattice corners, past the \
                 {MAX_VERTICES} one mesh can index — raise the cell"
            ),
        ));
    }
    let (c, r) = (cols as usize, rows as usize);
    let mut art_cells = vec![false; c * r];
    for (i, px) in art.rgba.chunks_exact(4).enumerate() {
        if px[3] >= params.alpha {
            let (x, y) = (i % w as usize, i / w as usize);
            art_cells[(y / cell as usize) * c + x / cell as usize] = true;
        }
    }
    let with_art = art_cells.iter().filter(|&&a| a).count() as u64;
    let traced = trace::trace(&art_cells, c, r).map_err(|e| match e {
        trace::TraceError::NoArt => Refusal::new(format!(
            "no pixel of the {w}x{h} part reaches alpha {}, so no cell has art to mesh",
            params.alpha
        )),
        trace::TraceError::Pinch(cx, cy) => Refusal::at(
            "cell",
            format!(
                "the cells with art meet at a single corner, part pixel ({}, {}), where two of them touch only \
                 diagonally — one outline cannot pass through one point twice. Change the cell so the art \
                 joins edge to edge there, raise the alpha threshold, or author the geometry as weights",
                (cx as u64 * u64::from(cell)).min(u64::from(w)),
                (cy as u64 * u64::from(cell)).min(u64::from(h))
            ),
        ),
    })?;
    if traced.islands > 1 {
        return Err(Refusal::at(
            "cell",
            format!(
                "the cells with art form {} separate islands (the largest {} of {with_art} cells) and one outline \
                 can only enclose one; none is dropped in silence — raise the cell so they join, raise the alpha \
                 threshold if the strays are feathering, or give each island its own slot",
                traced.islands, traced.island_pixels
            ),
        ));
    }
    let kept = traced.filled;
    let kept_cells = kept.iter().filter(|&&k| k).count() as u64;
    let corner_xy = |i: usize, j: usize| {
        [
            f64::from((i as u32).saturating_mul(cell).min(w)),
            f64::from((j as u32).saturating_mul(cell).min(h)),
        ]
    };
    let stride = c + 1;
    let mut index = vec![u32::MAX; stride * (r + 1)];
    let mut points = Vec::new();
    for p in &traced.outline {
        let (i, j) = (p[0] as usize, p[1] as usize);
        if index[j * stride + i] == u32::MAX {
            index[j * stride + i] = points.len() as u32;
            points.push(corner_xy(i, j));
        }
    }
    let hull = points.len() as u32;
    if hull != traced.outline.len() as u32 {
        return Err(Refusal::new(
            "the lattice's outline passes one corner twice, which the pinch check rules out — a defect in the \
             builder rather than in the art",
        ));
    }
    for j in 0..=r {
        for i in 0..=c {
            let touches = [(0, 0), (1, 0), (0, 1), (1, 1)].iter().any(|&(di, dj)| {
                i >= di && j >= dj && i - di < c && j - dj < r && kept[(j - dj) * c + i - di]
            });
            if touches && index[j * stride + i] == u32::MAX {
                index[j * stride + i] = points.len() as u32;
                points.push(corner_xy(i, j));
            }
        }
    }
    let mut triangles = Vec::with_capacity(kept_cells as usize * 6);
    for j in 0..r {
        for i in 0..c {
            if !kept[j * c + i] {
                continue;
            }
            let at = |i: usize, j: usize| index[j * stride + i];
            let (tl, bl, br, tr) = (at(i, j), at(i, j + 1), at(i + 1, j + 1), at(i + 1, j));
            triangles.extend_from_slice(&[tl, bl, br, tl, br, tr]);
        }
    }
    Ok(Segments {
        mesh: Mesh {
            points,
            triangles,
            hull,
        },
        cells: Cells {
            cell,
            cols,
            rows,
            with_art,
            kept: kept_cells,
        },
    })
}

#[cfg(test)]
mod tests;
