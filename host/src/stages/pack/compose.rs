//! This module owns the pixels of `--pack`'s pages: each part's decoded RGBA
//! copied texel for texel (no resampling) to its region, its padding filled by
//! edge extrusion (the clamped copy of the part's own edge texels, so bilinear
//! sampling at a region's edge reads what the loose page gives), the rest of
//! the page transparent, encoded as an RGBA8 PNG.

use super::PackSummary;
use rigc_sdk::emit::atlas::AtlasPage;
use rigc_sdk::png_image::{self, PngError};
use std::path::{Path, PathBuf};

/// A part whose pixels could not be decoded for its packed page.
#[derive(Debug, Clone, PartialEq)]
pub struct Undecodable {
    /// The part PNG.
    pub path: PathBuf,
    /// Why.
    pub error: PngError,
}

/// Each packed page's file name and PNG bytes, from `pages` (the atlas as
/// packed), `summary` (which part each region shows) and `bytes_of` (a part
/// PNG's bytes, as the build read them).
pub fn compose<'a>(
    pages: &[AtlasPage],
    summary: &PackSummary,
    bytes_of: impl Fn(&Path) -> Option<&'a [u8]>,
) -> Result<Vec<(String, Vec<u8>)>, Undecodable> {
    let pad = summary.options.padding as usize;
    let mut out = Vec::with_capacity(pages.len());
    for page in pages {
        let sources = summary
            .pages
            .iter()
            .find(|p| p.name == page.name)
            .map(|p| p.sources.as_slice())
            .unwrap_or(&[]);
        let (pw, ph) = (page.width as usize, page.height as usize);
        let mut rgba = vec![0u8; pw * ph * 4];
        for region in &page.regions {
            let Some((_, path)) = sources.iter().find(|(name, _)| *name == region.name) else {
                continue;
            };
            let bytes = bytes_of(path).unwrap_or(&[]);
            let part = png_image::decode(bytes).map_err(|error| Undecodable {
                path: path.clone(),
                error,
            })?;
            let (w, h) = (part.header.width as usize, part.header.height as usize);
            if w == 0 || h == 0 {
                continue;
            }
            let (x0, y0) = (region.x as usize, region.y as usize);
            for dy in 0..h + 2 * pad {
                let py = (y0 + dy).checked_sub(pad);
                let sy = dy.saturating_sub(pad).min(h - 1);
                let Some(py) = py.filter(|&py| py < ph) else {
                    continue;
                };
                for dx in 0..w + 2 * pad {
                    let Some(px) = (x0 + dx).checked_sub(pad).filter(|&px| px < pw) else {
                        continue;
                    };
                    let sx = dx.saturating_sub(pad).min(w - 1);
                    let (s, d) = ((sy * w + sx) * 4, (py * pw + px) * 4);
                    rgba[d..d + 4].copy_from_slice(&part.rgba[s..s + 4]);
                }
            }
        }
        out.push((
            page.name.clone(),
            png_image::encode_rgba(page.width, page.height, &rgba),
        ));
    }
    Ok(out)
}
