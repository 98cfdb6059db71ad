//! This module owns the `contour` generator (FORMAT.md §2.7.3): the mesh is
//! the art's own alpha silhouette — traced on the pixel-corner lattice,
//! simplified (Douglas–Peucker at `tolerance`), pushed out by `margin`,
//! clamped to the part window, ear-clipped — and refused by name when it
//! cannot keep its coverage guarantee (≥ 99.5 % of the art).

use crate::{Mesh, Raster, Refusal};

/// The contour generator's parameters, as the rig spec states them (the
/// host applies the defaults: margin 1, maxVertices 64, alpha 1).
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Params {
    /// Douglas–Peucker tolerance, part pixels.
    pub tolerance: f64,
    /// How far the outline is pushed out past the silhouette, px.
    pub margin: f64,
    /// The most outline vertices the mesh may have.
    pub max_vertices: u32,
    /// The alpha (1..=255) at or above which a pixel is art.
    pub alpha: u8,
}

/// A contour mesh and what its build measured.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Contour {
    /// The mesh: every vertex on the outline (`hull` = all of them).
    pub mesh: Mesh,
}

/// Builds the contour mesh of `art` under `params`.
pub fn generate(art: &Raster<'_>, params: &Params) -> Result<Contour, Refusal> {
    // Placeholder of the crate skeleton: the contour helper replaces it.
    let _ = (art, params);
    Err(Refusal::new("the contour generator is not built yet"))
}
