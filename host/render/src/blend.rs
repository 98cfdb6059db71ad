//! This module owns how one attachment's pixels join the picture: the slot's
//! tint (light colour, and the dark colour of two-colour tint) applied to the
//! textured pixels, the clipping mask, and the four Spine blend modes with the
//! factors the official WebGL renderer uses for a premultiplied source
//! (`BlendMode`: normal `ONE, 1−srcA`; additive `ONE, ONE`; multiply
//! `DST_COLOR, 1−srcA`; screen `ONE, 1−srcColor`; source alpha `ONE` for
//! normal and additive, `1−srcA` for multiply and screen).
//!
//! Pixels here are premultiplied RGBA8 (tiny-skia's), one attachment at a
//! time: the attachment's triangles are first filled into a scratch layer,
//! then [`composite`] tints, masks and blends the layer's box into the canvas
//! and clears it.

use rigc_spine::data::BlendMode;

/// A slot's colours for one attachment, straight (not premultiplied), 0..1:
/// `light` = skeleton · slot · attachment colour, `dark` = the slot's dark
/// colour when it has two-colour tint.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Tint {
    /// The light colour, with alpha.
    pub light: [f32; 4],
    /// The dark colour (rgb), when the slot tints in two colours.
    pub dark: Option<[f32; 3]>,
}

impl Tint {
    /// No tint: white, opaque, one colour.
    pub const NONE: Tint = Tint {
        light: [1.0; 4],
        dark: None,
    };

    /// The tinted premultiplied pixel of a premultiplied texel
    /// (spine's two-colour shader for a straight texture: `rgb = (1 − tex)·dark
    /// + tex·light`, `a = tex.a·light.a`).
    fn apply(&self, t: [f32; 4]) -> [f32; 4] {
        let [lr, lg, lb, la] = self.light;
        let a = t[3] * la;
        match self.dark {
            None => [t[0] * lr * la, t[1] * lg * la, t[2] * lb * la, a],
            Some([dr, dg, db]) => {
                if t[3] <= 0.0 {
                    return [0.0; 4];
                }
                let s = |c: f32, l: f32, d: f32| {
                    let straight = c / t[3];
                    ((1.0 - straight) * d + straight * l).clamp(0.0, 1.0) * a
                };
                [s(t[0], lr, dr), s(t[1], lg, dg), s(t[2], lb, db), a]
            }
        }
    }
}

/// The pixel box `[x0, y0, x1, y1)` an attachment drew into the layer.
pub type PixelBox = [usize; 4];

/// Tints the layer's pixels inside `area`, weighs them by `mask` (one byte of
/// coverage per pixel, the canvas's size) and blends them into `canvas` with
/// `mode`; clears the layer's `area` after. `width` is both buffers' row
/// length in pixels.
pub fn composite(
    canvas: &mut [u8],
    layer: &mut [u8],
    width: usize,
    area: PixelBox,
    tint: &Tint,
    mask: Option<&[u8]>,
    mode: BlendMode,
) {
    let plain = *tint == Tint::NONE && mask.is_none() && mode == BlendMode::Normal;
    let [x0, y0, x1, y1] = area;
    for y in y0..y1 {
        for x in x0..x1 {
            let p = y * width + x;
            let i = p * 4;
            let Some(src) = layer.get(i..i + 4) else {
                continue;
            };
            if src[3] == 0 && src[0] == 0 && src[1] == 0 && src[2] == 0 {
                continue;
            }
            if plain {
                let inv = 255 - u16::from(src[3]);
                for c in 0..4 {
                    let d = u16::from(canvas[i + c]);
                    canvas[i + c] = (u16::from(src[c]) + (d * inv + 127) / 255).min(255) as u8;
                }
            } else {
                let coverage =
                    mask.map_or(1.0, |m| f32::from(m.get(p).copied().unwrap_or(0)) / 255.0);
                if coverage <= 0.0 {
                    continue;
                }
                let t = [0, 1, 2, 3].map(|c| f32::from(src[c]) / 255.0);
                let s = tint.apply(t).map(|v| v * coverage);
                let d = [0, 1, 2, 3].map(|c| f32::from(canvas[i + c]) / 255.0);
                let out = blend(s, d, mode);
                for c in 0..4 {
                    canvas[i + c] = (out[c].clamp(0.0, 1.0) * 255.0 + 0.5) as u8;
                }
            }
        }
        if let Some(row) = layer.get_mut((y * width + x0) * 4..(y * width + x1) * 4) {
            row.fill(0);
        }
    }
}

/// One premultiplied source pixel over one premultiplied destination pixel.
fn blend(s: [f32; 4], d: [f32; 4], mode: BlendMode) -> [f32; 4] {
    let sa = s[3];
    match mode {
        BlendMode::Normal => [0, 1, 2, 3].map(|c| s[c] + d[c] * (1.0 - sa)),
        BlendMode::Additive => [0, 1, 2, 3].map(|c| s[c] + d[c]),
        BlendMode::Multiply => {
            let rgb = |c: usize| s[c] * d[c] + d[c] * (1.0 - sa);
            [rgb(0), rgb(1), rgb(2), sa * (1.0 - sa) + d[3] * (1.0 - sa)]
        }
        BlendMode::Screen => {
            let rgb = |c: usize| s[c] + d[c] * (1.0 - s[c]);
            [rgb(0), rgb(1), rgb(2), sa * (1.0 - sa) + d[3] * (1.0 - sa)]
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn one(canvas: [u8; 4], src: [u8; 4], tint: Tint, mode: BlendMode) -> [u8; 4] {
        let mut c = canvas.to_vec();
        let mut l = src.to_vec();
        composite(&mut c, &mut l, 1, [0, 0, 1, 1], &tint, None, mode);
        assert_eq!(l, vec![0; 4], "the layer is cleared");
        [c[0], c[1], c[2], c[3]]
    }

    #[test]
    fn the_four_modes_and_the_two_tints() {
        let grey = [128, 128, 128, 255];
        // Normal: an opaque source replaces; half alpha mixes.
        assert_eq!(
            one(grey, [255, 0, 0, 255], Tint::NONE, BlendMode::Normal),
            [255, 0, 0, 255]
        );
        assert_eq!(
            one(
                [0, 0, 0, 0],
                [100, 0, 0, 128],
                Tint::NONE,
                BlendMode::Normal
            ),
            [100, 0, 0, 128]
        );
        // Additive adds and clamps.
        assert_eq!(
            one(grey, [200, 10, 0, 255], Tint::NONE, BlendMode::Additive),
            [255, 138, 128, 255]
        );
        // Multiply by white leaves the canvas; by black, black.
        assert_eq!(
            one(grey, [255, 255, 255, 255], Tint::NONE, BlendMode::Multiply)[..3],
            [128, 128, 128]
        );
        assert_eq!(
            one(grey, [0, 0, 0, 255], Tint::NONE, BlendMode::Multiply)[..3],
            [0, 0, 0]
        );
        // Screen with black leaves the canvas; with white, white.
        assert_eq!(
            one(grey, [0, 0, 0, 255], Tint::NONE, BlendMode::Screen)[..3],
            [128, 128, 128]
        );
        assert_eq!(
            one(grey, [255, 255, 255, 255], Tint::NONE, BlendMode::Screen)[..3],
            [255, 255, 255]
        );
        // A light tint multiplies; its alpha fades.
        let red = Tint {
            light: [1.0, 0.0, 0.0, 0.5],
            dark: None,
        };
        assert_eq!(
            one([0; 4], [255, 255, 255, 255], red, BlendMode::Normal),
            [128, 0, 0, 128]
        );
        // A dark colour fills where the texture is black.
        let dark = Tint {
            light: [1.0; 4],
            dark: Some([0.0, 0.0, 1.0]),
        };
        assert_eq!(
            one([0; 4], [0, 0, 0, 255], dark, BlendMode::Normal),
            [0, 0, 255, 255]
        );
        assert_eq!(
            one([0; 4], [255, 255, 255, 255], dark, BlendMode::Normal),
            [255, 255, 255, 255]
        );
    }
}
