//! This module owns what depth sheets and soft masks share (FORMAT.md §2.7.4,
//! §2.7.5): a greyscale sheet's levels (its red channel, refused unless every
//! pixel has `r = g = b`), the sheet digest `build` and `explain` print (the
//! first 16 hex digits of SHA-256 over the width and height as big-endian
//! 32-bit words followed by one level byte per pixel, row-major — it
//! reproduces look's `bf156ea0cfc970a3`, `0c4eaeb36b7c5cac` and
//! `b51d0ed788f2a040`), and the bilinear sample at pixel centres a vertex
//! reads.

use sha2::{Digest, Sha256};

use crate::{Raster, Refusal};

/// A greyscale sheet: one level (0..=255) per pixel, and its alpha.
#[derive(Debug, Clone, PartialEq)]
pub struct Sheet {
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// One level per pixel, row-major.
    pub levels: Vec<u8>,
    /// One alpha per pixel, row-major.
    pub alpha: Vec<u8>,
}

impl Sheet {
    /// Reads `raster` as a greyscale sheet; `what` names it in the refusal
    /// (`the depth map "face_depth.png"`).
    pub fn read(raster: &Raster<'_>, what: &str) -> Result<Sheet, Refusal> {
        let n = raster.width as usize * raster.height as usize;
        if raster.rgba.len() != n * 4 {
            return Err(Refusal::new(format!(
                "{what} holds {} bytes of pixels where a {}x{} RGBA image holds {}",
                raster.rgba.len(),
                raster.width,
                raster.height,
                n * 4
            )));
        }
        let mut levels = Vec::with_capacity(n);
        let mut alpha = Vec::with_capacity(n);
        for (i, px) in raster.rgba.chunks_exact(4).enumerate() {
            if px[0] != px[1] || px[1] != px[2] {
                let w = raster.width.max(1) as usize;
                return Err(Refusal::new(format!(
                    "{what} is not greyscale — pixel ({}, {}) is rgb({}, {}, {})",
                    i % w,
                    i / w,
                    px[0],
                    px[1],
                    px[2]
                )));
            }
            levels.push(px[0]);
            alpha.push(px[3]);
        }
        Ok(Sheet {
            width: raster.width,
            height: raster.height,
            levels,
            alpha,
        })
    }

    /// The sheet digest: 16 hex digits.
    pub fn digest(&self) -> String {
        let mut h = Sha256::new();
        h.update(self.width.to_be_bytes());
        h.update(self.height.to_be_bytes());
        h.update(&self.levels);
        h.finalize()[..8]
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect()
    }

    /// The level (0..=255, fractional) sampled bilinearly at part-pixel
    /// point `(x, y)` among pixel centres, clamped to the edge pixels.
    pub fn level_at(&self, x: f64, y: f64) -> f64 {
        let t = Taps::at(self.width, self.height, x, y);
        let l = |i: usize| f64::from(self.levels.get(i).copied().unwrap_or(0));
        (l(t.index[0]) * (1.0 - t.fx) + l(t.index[1]) * t.fx) * (1.0 - t.fy)
            + (l(t.index[2]) * (1.0 - t.fx) + l(t.index[3]) * t.fx) * t.fy
    }

    /// Whether every texel the sample at `(x, y)` reads has alpha above 0.
    pub fn covers(&self, x: f64, y: f64) -> bool {
        draws(&self.alpha, self.width, self.height, x, y)
    }
}

/// Whether every texel a bilinear sample at `(x, y)` reads has alpha above
/// 0, in an alpha plane of `width`×`height`.
pub fn draws(alpha: &[u8], width: u32, height: u32, x: f64, y: f64) -> bool {
    let t = Taps::at(width, height, x, y);
    t.index
        .iter()
        .all(|&i| alpha.get(i).copied().unwrap_or(0) > 0)
}

/// The four texels a bilinear sample reads and the fractions between them.
struct Taps {
    /// `[top-left, top-right, bottom-left, bottom-right]` pixel indexes.
    index: [usize; 4],
    fx: f64,
    fy: f64,
}

impl Taps {
    fn at(width: u32, height: u32, x: f64, y: f64) -> Taps {
        let (w, h) = (width.max(1) as usize, height.max(1) as usize);
        let clamp = |v: f64, n: usize| {
            let v = v - 0.5;
            if v.is_nan() {
                0.0
            } else {
                v.clamp(0.0, (n - 1) as f64)
            }
        };
        let (sx, sy) = (clamp(x, w), clamp(y, h));
        let (x0, y0) = (sx.floor() as usize, sy.floor() as usize);
        let (x1, y1) = ((x0 + 1).min(w - 1), (y0 + 1).min(h - 1));
        Taps {
            index: [y0 * w + x0, y0 * w + x1, y1 * w + x0, y1 * w + x1],
            fx: sx - x0 as f64,
            fy: sy - y0 as f64,
        }
    }
}

/// Refuses a sheet whose size is not the part's.
pub(crate) fn same_size(
    sheet: &Sheet,
    part: (u32, u32),
    what: &str,
    why: &str,
) -> Result<(), Refusal> {
    if (sheet.width, sheet.height) != part {
        return Err(Refusal::new(format!(
            "{what} is {}x{} and the part is {}x{}{why}",
            sheet.width, sheet.height, part.0, part.1
        )));
    }
    Ok(())
}
