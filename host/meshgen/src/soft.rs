//! This module owns soft regions (FORMAT.md §2.7.5): a greyscale mask in the
//! part's pixel grid whose level IS the weight a vertex gives the soft bone
//! (black 0 = still, white 1 = fully carried), sampled bilinearly at each
//! vertex like a depth map; alpha is not read. The remainder stays on the
//! slot bone, so weights close at 1.

use crate::sheet::{self, Sheet};
use crate::{Mesh, Raster, Refusal};

/// What a soft mask gave a mesh.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Soft {
    /// The mask's digest (16 hex digits, as a depth sheet's).
    pub digest: String,
    /// Each vertex's weight on the soft bone, 0..=1.
    pub weights: Vec<f64>,
    /// Vertices fully carried (weight 1).
    pub carried: u32,
    /// Vertices in the falloff (strictly between 0 and 1).
    pub falloff: u32,
}

/// Samples the soft mask `mask` (named `name`) at every vertex of `mesh`,
/// whose part window is `part` (width, height).
pub fn sample(
    mesh: &Mesh,
    part: (u32, u32),
    mask: &Raster<'_>,
    name: &str,
) -> Result<Soft, Refusal> {
    let what = format!("the soft mask \"{name}\"");
    let at = |r: Refusal| Refusal::at("soft", r.message);
    let sheet = Sheet::read(mask, &what).map_err(at)?;
    sheet::same_size(
        &sheet,
        part,
        &what,
        ". A soft mask is sampled in the part's own pixel grid",
    )
    .map_err(at)?;
    let weights: Vec<f64> = mesh
        .points
        .iter()
        .map(|p| sheet.level_at(p[0], p[1]) / 255.0)
        .collect();
    let carried = weights.iter().filter(|&&w| w >= 1.0).count() as u32;
    let falloff = weights.iter().filter(|&&w| w > 0.0 && w < 1.0).count() as u32;
    if carried + falloff == 0 {
        return Err(Refusal::at(
            "soft",
            format!(
                "{what} carries no vertex of this mesh — every one of its {} vertices samples black",
                weights.len()
            ),
        ));
    }
    Ok(Soft {
        digest: sheet.digest(),
        weights,
        carried,
        falloff,
    })
}
