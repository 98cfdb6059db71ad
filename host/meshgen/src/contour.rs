//! This module owns the `contour` generator (FORMAT.md §2.7.3): the mesh is
//! the art's own alpha silhouette — traced on the pixel-corner lattice,
//! simplified (Douglas–Peucker at `tolerance`), pushed out by `margin`,
//! clamped to the part window, ear-clipped — and refused by name when it
//! cannot keep its coverage guarantee (≥ 99.5 % of the art).
//!
//! The steps are submodules, in pipeline order: `trace` (mask, islands,
//! pinch, the outer loop, the enclosed hole), `simplify`, `outline`
//! (push-out, clamp, prune), `crossing` (strict simplicity), `triangulate`
//! (ear-clipping, winding) and `coverage` (the guarantee measured against
//! the mask at `alpha`, and the overshoot). This file holds the parameters,
//! the order the checks run in and every refusal's text.

mod coverage;
mod crossing;
mod outline;
mod simplify;
pub(crate) mod trace;
mod triangulate;

use crate::{Mesh, Raster, Refusal};

/// The share of the art a contour mesh guarantees to cover (0.995).
pub const MIN_COVERAGE: f64 = coverage::MIN_COVERAGE;

/// How far a mitred corner may travel, as a multiple of `margin` (4).
pub const MITRE_LIMIT: f64 = outline::MITRE_LIMIT;

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

/// A contour mesh and what its build measured. Every pixel count is against
/// the mask at the generator's `alpha` (not the `MESH` line's alpha > 0).
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Contour {
    /// The mesh: every vertex on the outline (`hull` = all of them), walked
    /// clockwise on screen from the top-left corner of the art's first pixel
    /// in row order; triangles counter-clockwise as drawn.
    pub mesh: Mesh,
    /// Pixels at or above `alpha`, on any island.
    pub art_pixels: u64,
    /// Of those, the ones whose centre is inside or on a triangle.
    pub covered_pixels: u64,
    /// `covered_pixels / art_pixels`, 0..1 (the guarantee's measure).
    pub coverage: f64,
    /// 4-connected islands of art.
    pub islands: u64,
    /// Pixels of the largest island, the one the outline encloses.
    pub island_pixels: u64,
    /// Pixels below `alpha` the traced outline encloses (inside the mesh,
    /// drawing little or nothing; holes are not cut out). gallery/flex's
    /// `enclosing 848px of hole` is this figure (alpha-0 pixels alone: 803).
    pub hole_pixels: u64,
    /// Corner-lattice vertices the trace walked, before simplification.
    pub traced_vertices: u32,
    /// The furthest a covered pixel lies outside the filled silhouette (the
    /// island plus its hole), centre to the nearest silhouette pixel's
    /// centre, px. gallery/flex's `reaching 2.00px past it` is this figure
    /// (a vertex's distance to the art measures 1.70 px there).
    pub overshoot: f64,
}

/// The furthest a contour mesh can reach past the filled silhouette, px:
/// the mitred push-out (`margin · MITRE_LIMIT`), plus what simplification
/// can bow an edge outward (`tolerance`), plus the pixel a covered centre
/// may sit from the shape's true edge (1). A ceiling, not a forecast.
pub fn overshoot_bound(params: &Params) -> f64 {
    params.margin * MITRE_LIMIT + params.tolerance + 1.0
}

/// Builds the contour mesh of `art` under `params`.
pub fn generate(art: &Raster<'_>, params: &Params) -> Result<Contour, Refusal> {
    check_params(params)?;
    let (w, h) = (art.width as usize, art.height as usize);
    if w == 0 || h == 0 {
        return Err(Refusal::new(format!(
            "the part is {}x{}, so it has no pixels to trace",
            art.width, art.height
        )));
    }
    let expected = w.checked_mul(h).and_then(|n| n.checked_mul(4));
    if expected != Some(art.rgba.len()) {
        return Err(Refusal::new(format!(
            "the decoded image holds {} bytes, not the 4 per pixel a {}x{} part needs",
            art.rgba.len(),
            art.width,
            art.height
        )));
    }
    let alpha: Vec<u8> = art.rgba.chunks_exact(4).map(|p| p[3]).collect();
    let mask = trace::art_mask(&alpha, params.alpha);
    let traced = trace::trace(&mask, w, h).map_err(|e| match e {
        trace::TraceError::NoArt => Refusal::new(format!(
            "no pixel of the {w}x{h} part reaches alpha {}; there is no silhouette to trace",
            params.alpha
        )),
        trace::TraceError::Pinch(cx, cy) => Refusal::new(format!(
            "the alpha silhouette pinches to a single point at pixel corner ({cx},{cy}), where two parts of \
             the art meet diagonally — one outline cannot pass through one point twice. Raise the alpha \
             threshold so the pinch closes or opens, or author the geometry as weights"
        )),
    })?;
    if traced.art_pixels == (w * h) as u64 {
        return Err(Refusal::new(format!(
            "every pixel of the {w}x{h} part reaches alpha {}, so its silhouette IS the part window and a \
             contour mesh of it is a region attachment with extra vertices — give the art a transparent \
             margin, raise the alpha threshold, or use a region",
            params.alpha
        )));
    }
    let share = traced.island_pixels as f64 / traced.art_pixels as f64;
    if share < MIN_COVERAGE {
        return Err(Refusal::new(format!(
            "the art is {} separate islands and one outline can only enclose the largest ({} of {} px, \
             {:.2}%) — raise the alpha threshold if the strays are feathering, or give each island its own slot",
            traced.islands,
            traced.island_pixels,
            traced.art_pixels,
            share * 100.0
        )));
    }
    let ring: Vec<[f64; 2]> = traced
        .outline
        .iter()
        .map(|p| [p[0] as f64, p[1] as f64])
        .collect();
    let simplified = simplify::closed(&ring, params.tolerance);
    let pushed = outline::push_out(&simplified, params.margin);
    let points = outline::prune(&outline::clamp(&pushed, w as f64, h as f64));
    if points.len() < 3 {
        return Err(Refusal::at(
            "tolerance",
            format!(
                "the {w}x{h} silhouette simplified to {} distinct vertices at tolerance {}; lower the tolerance",
                points.len(),
                params.tolerance
            ),
        ));
    }
    if points.len() > params.max_vertices as usize {
        return Err(Refusal::at(
            "maxVertices",
            format!(
                "the silhouette simplified to {} vertices at tolerance {}, past the {} this mesh allows — raise \
                 the tolerance to spend fewer vertices, or raise maxVertices if the shape needs them",
                points.len(),
                params.tolerance,
                params.max_vertices
            ),
        ));
    }
    if let Some((i, j)) = crossing::first_crossing(&points) {
        return Err(Refusal::at(
            "margin",
            format!(
                "the outline crosses itself: edge {i} meets edge {j} after a margin of {}px was pushed out of a \
                 silhouette narrower than that — lower the margin, or the art has a neck too thin to mesh",
                params.margin
            ),
        ));
    }
    let Some(triangles) = triangulate::ear_clip(&points) else {
        return Err(Refusal::new(format!(
            "ear clipping found no ear on the {}-vertex outline, which a strictly simple polygon always has — \
             the outline is degenerate",
            points.len()
        )));
    };
    let covered = coverage::rasterise(&points, &triangles, w, h);
    let (art_pixels, covered_pixels) = coverage::count(&mask, &covered);
    let share = covered_pixels as f64 / art_pixels as f64;
    if share < MIN_COVERAGE {
        return Err(Refusal::at(
            "margin",
            format!(
                "the mesh covers {:.2}% of the art ({covered_pixels} of {art_pixels} px), under the {:.1}% a \
                 contour mesh guarantees — raise the margin (now {}px) above the tolerance ({}px), which is how \
                 far simplification is allowed to cut inward, or lower the tolerance",
                share * 100.0,
                MIN_COVERAGE * 100.0,
                params.margin,
                params.tolerance
            ),
        ));
    }
    let overshoot = coverage::overshoot(&covered, &traced.filled, w, h);
    let allowed = overshoot_bound(params);
    if overshoot > allowed {
        return Err(Refusal::new(format!(
            "the mesh reaches {overshoot:.2}px past the silhouette, past the {allowed:.2}px that a margin of {} \
             and a tolerance of {} can produce — the outline is not the one this builder promises, which is a \
             defect in the builder rather than in the art",
            params.margin, params.tolerance
        )));
    }
    let hull = points.len() as u32;
    Ok(Contour {
        mesh: Mesh {
            points,
            triangles,
            hull,
        },
        art_pixels,
        covered_pixels,
        coverage: share,
        islands: traced.islands,
        island_pixels: traced.island_pixels,
        hole_pixels: traced.hole_pixels,
        traced_vertices: traced.outline.len() as u32,
        overshoot,
    })
}

/// The parameters' own ranges (the host's parser refuses them first, at
/// their values; this keeps the pure function total).
fn check_params(p: &Params) -> Result<(), Refusal> {
    if !(p.tolerance.is_finite() && p.tolerance > 0.0) {
        return Err(Refusal::at(
            "tolerance",
            format!(
                "the simplification tolerance must be a positive number of pixels, got {}",
                p.tolerance
            ),
        ));
    }
    if !(p.margin.is_finite() && p.margin >= 0.0) {
        return Err(Refusal::at(
            "margin",
            format!("the margin must be 0 or more pixels, got {}", p.margin),
        ));
    }
    if p.max_vertices < 3 {
        return Err(Refusal::at(
            "maxVertices",
            format!(
                "maxVertices must be a whole number of at least 3, got {}",
                p.max_vertices
            ),
        ));
    }
    if p.alpha == 0 {
        return Err(Refusal::at(
            "alpha",
            "the alpha threshold must be a whole number in 1..255, got 0",
        ));
    }
    Ok(())
}
