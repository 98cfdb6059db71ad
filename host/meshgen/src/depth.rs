//! This module owns depth maps (FORMAT.md §2.7.4): a greyscale sheet in the
//! part's own pixel grid giving every vertex of a generated mesh its own `z`.
//! The sampling order is fixed: the bilinear sample of the raw level at pixel
//! centres → `near` (nearness = level or 1 − level) → the tone curve, clamped
//! to 0..1 → × `zScale`. The tone curve is `((n^gamma − ½)·contrast + ½ +
//! bias)`, the identity at its defaults (1 / 1 / 0). It also counts the
//! vertices whose sample reads a texel the part image does not draw.

use crate::sheet::{self, Sheet};
use crate::{Mesh, Raster, Refusal};

/// Which end of the sheet is nearest the viewer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Near {
    /// White (255) is nearest.
    White,
    /// Black (0) is nearest.
    Black,
}

impl Near {
    /// The spec's spelling.
    pub fn name(self) -> &'static str {
        match self {
            Near::White => "white",
            Near::Black => "black",
        }
    }
}

/// A depth map's parameters, as the rig spec states them (the host applies
/// the tone curve's defaults).
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Params {
    /// Which end is nearest.
    pub near: Near,
    /// World units the full 0..1 range spans (positive).
    pub z_scale: f64,
    /// Tone-curve exponent (positive).
    pub gamma: f64,
    /// Tone-curve contrast about ½ (positive).
    pub contrast: f64,
    /// Tone-curve offset.
    pub bias: f64,
}

/// What a depth map gave a mesh.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Sampled {
    /// The sheet digest (16 hex digits).
    pub digest: String,
    /// Each vertex's `z`, in world units.
    pub z: Vec<f64>,
    /// Each vertex's raw sampled level, 0..=255.
    pub levels: Vec<f64>,
    /// The smallest and largest `z`.
    pub z_range: [f64; 2],
    /// How many vertices sample a texel the part image does not draw.
    pub undrawn: u32,
}

/// The generator whose mesh a map is sampled on (its coverage refusal says
/// why that kind of mesh reaches past a sheet cut to the art).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum On {
    /// A `grid` mesh.
    Grid,
    /// A `contour` mesh.
    Contour,
}

/// The tone curve at nearness `n`, clamped to 0..1.
pub fn tone(p: &Params, n: f64) -> f64 {
    let t = (n.powf(p.gamma) - 0.5) * p.contrast + 0.5 + p.bias;
    if t.is_nan() {
        0.0
    } else {
        t.clamp(0.0, 1.0)
    }
}

/// Samples the depth sheet `map` (named `name`) at every vertex of `mesh`,
/// whose part image is `part`.
pub fn sample(
    mesh: &Mesh,
    part: &Raster<'_>,
    map: &Raster<'_>,
    name: &str,
    params: &Params,
    on: On,
) -> Result<Sampled, Refusal> {
    let what = format!("the depth map \"{name}\"");
    let at = |r: Refusal| Refusal::at("depth", r.message);
    let sheet = Sheet::read(map, &what).map_err(at)?;
    sheet::same_size(
        &sheet,
        (part.width, part.height),
        &what,
        ". A depth map is sampled in the part's own pixel grid",
    )
    .map_err(at)?;
    let uncovered = mesh
        .points
        .iter()
        .filter(|p| !sheet.covers(p[0], p[1]))
        .count();
    if uncovered > 0 {
        let why = match on {
            On::Grid => "A grid spans the whole part window, corners included, so a sheet cut to the art leaves its outer vertices with no depth. Dilate the sheet to the window, or state \"us\"/\"vs\" that keep the lattice inside the art.",
            On::Contour => "A contour mesh puts every vertex ON the silhouette and pushes it out by the margin, so a sheet cut to the art alpha reaches none of them. Dilate the sheet past the mesh margin, or lower the margin.",
        };
        return Err(Refusal::at("depth", format!(
            "{what} does not cover {uncovered} of the mesh's {} vertices — a vertex whose sample reads a transparent texel has no depth. {why}",
            mesh.points.len()
        )));
    }
    let part_alpha: Vec<u8> = part.rgba.chunks_exact(4).map(|p| p[3]).collect();
    let mut levels = Vec::with_capacity(mesh.points.len());
    let mut z = Vec::with_capacity(mesh.points.len());
    let mut undrawn = 0u32;
    for p in &mesh.points {
        let level = sheet.level_at(p[0], p[1]);
        let nearness = match params.near {
            Near::White => level / 255.0,
            Near::Black => 1.0 - level / 255.0,
        };
        levels.push(level);
        z.push(tone(params, nearness) * params.z_scale);
        if !sheet::draws(&part_alpha, part.width, part.height, p[0], p[1]) {
            undrawn += 1;
        }
    }
    let lo = z.iter().copied().fold(f64::INFINITY, f64::min);
    let hi = z.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    Ok(Sampled {
        digest: sheet.digest(),
        z,
        levels,
        z_range: if lo <= hi { [lo, hi] } else { [0.0, 0.0] },
        undrawn,
    })
}
