//! This module owns the contact sheet (`contact.png`, CLI.md §4): every frame
//! of a set as a tile of a grid, scaled down to [`TILE_SCALE`] (FACE.md §9.1:
//! the scale at which the *motion* reads, spacing compared across frames),
//! each tile labelled under it (`f0000`) in the 8×8 bitmap font of
//! `font8x8`, on an opaque background so that the sheet reads the same in
//! any viewer.
//!
//! The grid is as near square as the frame count allows: `ceil(√n)` columns,
//! filled row by row in frame order. A frame is scaled by averaging the
//! source pixels under each tile pixel (premultiplied, so transparent edges
//! do not darken), then laid over the tile's backdrop.

use crate::image::Image;

/// How much smaller a tile is than its frame.
pub const TILE_SCALE: f64 = 0.45;
/// The sheet's background (opaque).
pub const BACKGROUND: [u8; 4] = [0x2b, 0x2b, 0x2b, 0xff];
/// The backdrop under a tile's drawing (opaque): the frame's own box.
pub const BACKDROP: [u8; 4] = [0x4a, 0x4a, 0x4a, 0xff];
/// The label's ink.
pub const INK: [u8; 4] = [0xe8, 0xe8, 0xe8, 0xff];
/// Pixels between tiles and around the sheet.
pub const GAP: u32 = 6;
/// Height of the label strip under a tile: a glyph and a pixel above and below.
pub const LABEL_HEIGHT: u32 = GLYPH + 4;
/// A glyph's side, pixels.
const GLYPH: u32 = 8;
/// The largest sheet this draws (pixels); past it the tiles shrink further.
const MAX_SHEET_PIXELS: u64 = 1 << 26;

/// The sheet of `frames`, tile `i` labelled `labels[i]` (no label when
/// missing). Frames of different sizes share the largest one's cell.
pub fn contact_sheet(frames: &[Image], labels: &[String]) -> Image {
    let n = frames.len() as u32;
    let (fw, fh) = frames
        .iter()
        .fold((1u32, 1u32), |(w, h), f| (w.max(f.width), h.max(f.height)));
    let cols = columns(n);
    let rows = n.div_ceil(cols).max(1);
    let label_w = labels
        .iter()
        .map(|l| l.chars().count() as u32 * GLYPH)
        .max()
        .unwrap_or(0);
    let mut scale = TILE_SCALE;
    let (mut tw, mut th, mut sheet_w, mut sheet_h);
    loop {
        tw = ((f64::from(fw) * scale).round() as u32).max(1);
        th = ((f64::from(fh) * scale).round() as u32).max(1);
        let cell_w = tw.max(label_w);
        sheet_w = GAP + cols * (cell_w + GAP);
        sheet_h = GAP + rows * (th + LABEL_HEIGHT + GAP);
        if u64::from(sheet_w) * u64::from(sheet_h) <= MAX_SHEET_PIXELS || scale < 0.01 {
            break;
        }
        scale /= 2.0;
    }
    let cell_w = tw.max(label_w);
    let mut sheet = filled(sheet_w, sheet_h, BACKGROUND);
    for (i, frame) in frames.iter().enumerate() {
        let i = i as u32;
        let (col, row) = (i % cols, i / cols);
        let x0 = GAP + col * (cell_w + GAP);
        let y0 = GAP + row * (th + LABEL_HEIGHT + GAP);
        let (w, h) = (
            ((f64::from(frame.width) * scale).round() as u32).clamp(1, tw),
            ((f64::from(frame.height) * scale).round() as u32).clamp(1, th),
        );
        let tx = x0 + (cell_w - w) / 2;
        tile(&mut sheet, frame, tx, y0, w, h);
        if let Some(label) = labels.get(i as usize) {
            let lw = label.chars().count() as u32 * GLYPH;
            text(&mut sheet, label, x0 + (cell_w - lw) / 2, y0 + th + 2, INK);
        }
    }
    sheet
}

/// `ceil(√n)` columns (at least one).
fn columns(n: u32) -> u32 {
    let mut c = (f64::from(n).sqrt().ceil() as u32).max(1);
    while c > 1 && (c - 1) * (c - 1) >= n {
        c -= 1;
    }
    while c * c < n {
        c += 1;
    }
    c
}

fn filled(w: u32, h: u32, c: [u8; 4]) -> Image {
    let mut img = Image::new(w, h);
    for px in img.rgba.chunks_exact_mut(4) {
        px.copy_from_slice(&c);
    }
    img
}

fn put(img: &mut Image, x: u32, y: u32, c: [u8; 4]) {
    if x < img.width && y < img.height {
        let i = (y as usize * img.width as usize + x as usize) * 4;
        img.rgba[i..i + 4].copy_from_slice(&c);
    }
}

/// `frame` scaled to `w`×`h` by area averaging, laid over [`BACKDROP`] at
/// (`x0`, `y0`).
fn tile(sheet: &mut Image, frame: &Image, x0: u32, y0: u32, w: u32, h: u32) {
    let (sx, sy) = (
        f64::from(frame.width) / f64::from(w),
        f64::from(frame.height) / f64::from(h),
    );
    for ty in 0..h {
        let ya = (f64::from(ty) * sy).floor() as u32;
        let yb = ((f64::from(ty + 1) * sy).ceil() as u32).clamp(ya + 1, frame.height.max(1));
        for tx in 0..w {
            let xa = (f64::from(tx) * sx).floor() as u32;
            let xb = ((f64::from(tx + 1) * sx).ceil() as u32).clamp(xa + 1, frame.width.max(1));
            // Premultiplied sums over the footprint, in integers (r·a ≤ 255²).
            let (mut r, mut g, mut b, mut a, mut count) = (0u64, 0u64, 0u64, 0u64, 0u64);
            let stride = frame.width as usize * 4;
            for y in ya..yb.min(frame.height) {
                let row = y as usize * stride;
                let span = frame
                    .rgba
                    .get(row + xa as usize * 4..row + xb.min(frame.width) as usize * 4)
                    .unwrap_or(&[]);
                for px in span.chunks_exact(4) {
                    let al = u64::from(px[3]);
                    r += u64::from(px[0]) * al;
                    g += u64::from(px[1]) * al;
                    b += u64::from(px[2]) * al;
                    a += al;
                    count += 1;
                }
            }
            let count = count.max(1) as f64;
            let (r, g, b, a) = (
                r as f64 / 255.0 / count,
                g as f64 / 255.0 / count,
                b as f64 / 255.0 / count,
                a as f64 / 255.0 / count,
            );
            let over = |src: f64, dst: u8| -> u8 {
                (src + f64::from(dst) * (1.0 - a)).round().clamp(0.0, 255.0) as u8
            };
            let px = [
                over(r, BACKDROP[0]),
                over(g, BACKDROP[1]),
                over(b, BACKDROP[2]),
                0xff,
            ];
            put(sheet, x0 + tx, y0 + ty, px);
        }
    }
}

/// `s` in the 8×8 font, top-left at (`x0`, `y0`); characters past ASCII
/// draw as `?`.
fn text(img: &mut Image, s: &str, x0: u32, y0: u32, ink: [u8; 4]) {
    for (k, ch) in s.chars().enumerate() {
        let code = if ch.is_ascii() {
            ch as usize
        } else {
            '?' as usize
        };
        let glyph = font8x8::legacy::BASIC_LEGACY
            .get(code)
            .copied()
            .unwrap_or(font8x8::legacy::NOTHING_TO_DISPLAY);
        let gx = x0 + k as u32 * GLYPH;
        for (row, bits) in glyph.iter().enumerate() {
            for col in 0..GLYPH {
                if bits & (1 << col) != 0 {
                    put(img, gx + col, y0 + row as u32, ink);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn solid(w: u32, h: u32, c: [u8; 4]) -> Image {
        filled(w, h, c)
    }

    #[test]
    fn the_grid_is_near_square_and_sized_by_the_tiles() {
        assert_eq!(
            [1, 2, 4, 5, 9, 10, 19, 81].map(columns),
            [1, 2, 2, 3, 3, 4, 5, 9]
        );
        let frames = vec![Image::new(230, 288); 19];
        let labels: Vec<String> = (0..19).map(crate::sidecar::frame_label).collect();
        let sheet = contact_sheet(&frames, &labels);
        // 0.45 × 230×288 → 104×130 tiles, 5 columns, 4 rows.
        assert_eq!(sheet.width, GAP + 5 * (104 + GAP));
        assert_eq!(sheet.height, GAP + 4 * (130 + LABEL_HEIGHT + GAP));
        assert!(sheet.rgba.chunks_exact(4).all(|p| p[3] == 0xff), "opaque");
    }

    #[test]
    fn tiles_carry_the_frames_colour_and_labels_are_inked() {
        let red = solid(40, 20, [255, 0, 0, 255]);
        let clear = Image::new(40, 20);
        let sheet = contact_sheet(&[red, clear], &["f0000".into(), "f0001".into()]);
        // Cell width is the label's 40 px (the tile is 18×9).
        let (x0, y0) = (GAP, GAP);
        assert_eq!(sheet.pixel(x0 + 20, y0 + 4), [255, 0, 0, 255]);
        let x1 = GAP + 40 + GAP;
        assert_eq!(
            sheet.pixel(x1 + 20, y0 + 4),
            BACKDROP,
            "transparent shows the backdrop"
        );
        assert_eq!(sheet.pixel(1, 1), BACKGROUND);
        let strip = |x: u32| {
            (0..LABEL_HEIGHT).any(|dy| (0..40).any(|dx| sheet.pixel(x + dx, y0 + 9 + dy) == INK))
        };
        assert!(strip(x0) && strip(x1), "both labels are drawn");
    }

    #[test]
    fn half_covered_pixels_average_premultiplied() {
        // A 2×1 frame, white and transparent, scaled to one pixel: half white
        // over the backdrop, not half grey-black.
        let mut f = Image::new(20, 10);
        for y in 0..10 {
            for x in 0..10 {
                put(&mut f, x, y, [255, 255, 255, 255]);
            }
        }
        let mut sheet = filled(1, 1, BACKGROUND);
        tile(&mut sheet, &f, 0, 0, 1, 1);
        let expect = ((255.0 + f64::from(BACKDROP[0])) / 2.0).round() as u8;
        assert_eq!(sheet.pixel(0, 0)[0], expect);
    }

    #[test]
    fn no_frames_is_a_small_empty_sheet() {
        let sheet = contact_sheet(&[], &[]);
        assert!(sheet.width >= 1 && sheet.height >= 1);
    }
}
