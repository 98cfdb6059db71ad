//! This module owns the contour's trace (FORMAT.md §2.7.3, first step): the
//! art mask at the alpha threshold, its 4-connected islands, the refusal of
//! a diagonal pinch, the outer boundary of the largest island walked on the
//! pixel-**corner** lattice, and the transparent pixels that boundary
//! encloses (the hole, reported and never cut out).
//!
//! **Why corners.** A boundary through pixel centres runs half a pixel inside
//! the art all round; on the corner lattice the traced polygon encloses every
//! art pixel's whole square, so the raw trace clips nothing and everything
//! after it (simplification) is a bounded retreat the margin pays back.
//!
//! **The walk.** Every side an island pixel shares with a non-island pixel
//! (or the image's edge) is a directed crack, wound so the art is on the
//! walker's right: a top side runs `+x`, a right side `+y`, a bottom side
//! `−x`, a left side `−y` (clockwise on screen, y down). The walk starts at
//! the top-left corner of the island's first pixel in row order — its top
//! side is a crack by construction, and it lies on the outer loop — and at
//! every corner takes the sharpest clockwise turn on offer (right, straight,
//! left). With no pinch, a corner has one way on, so the walk is the outer
//! loop and never enters a hole's loop.

/// The art at a threshold and the largest island's traced outer boundary.
pub(crate) struct Trace {
    /// Pixels at or above the threshold.
    pub art_pixels: u64,
    /// Pixels of the largest 4-connected island.
    pub island_pixels: u64,
    /// How many 4-connected islands the art holds.
    pub islands: u64,
    /// Pixels not in the island that it encloses (no 4-connected path of
    /// non-island pixels to the image's edge).
    pub hole_pixels: u64,
    /// The island's outer boundary, every lattice corner it passes, in walk
    /// order (clockwise on screen).
    pub outline: Vec<[i64; 2]>,
    /// The filled silhouette, row-major: the island plus what it encloses.
    pub filled: Vec<bool>,
}

/// Why there is no single outline to trace.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum TraceError {
    /// No pixel reaches the threshold.
    NoArt,
    /// Two island pixels meet only at this corner `(cx, cy)`.
    Pinch(i64, i64),
}

/// The art mask of `alpha` (one byte per pixel, row-major) at `threshold`.
pub(crate) fn art_mask(alpha: &[u8], threshold: u8) -> Vec<bool> {
    alpha.iter().map(|&a| a >= threshold).collect()
}

/// Traces the largest island of `art` (`w × h`, row-major).
pub(crate) fn trace(art: &[bool], w: usize, h: usize) -> Result<Trace, TraceError> {
    let art_pixels = art.iter().filter(|&&a| a).count() as u64;
    if art_pixels == 0 {
        return Err(TraceError::NoArt);
    }
    let (label, sizes) = islands(art, w, h);
    // The first largest island in row order of its first pixel.
    let mut biggest = 0usize;
    for (i, &s) in sizes.iter().enumerate() {
        if s > sizes[biggest] {
            biggest = i;
        }
    }
    let id = biggest as u32 + 1;
    let inside: Vec<bool> = label.iter().map(|&l| l == id).collect();
    let at = |x: i64, y: i64| -> bool {
        x >= 0
            && y >= 0
            && (x as usize) < w
            && (y as usize) < h
            && inside[y as usize * w + x as usize]
    };
    if let Some((cx, cy)) = pinch(&at, w as i64, h as i64) {
        return Err(TraceError::Pinch(cx, cy));
    }
    let start = inside.iter().position(|&b| b).unwrap_or(0);
    let (sx, sy) = ((start % w) as i64, (start / w) as i64);
    let outline = walk(&at, sx, sy, w, h);
    let (filled, hole_pixels) = fill_enclosed(&inside, w, h);
    Ok(Trace {
        art_pixels,
        island_pixels: sizes[biggest],
        islands: sizes.len() as u64,
        hole_pixels,
        outline,
        filled,
    })
}

/// 4-connected island labels (1-based, 0 background) and each island's size,
/// numbered in row order of their first pixel.
fn islands(art: &[bool], w: usize, h: usize) -> (Vec<u32>, Vec<u64>) {
    let mut label = vec![0u32; art.len()];
    let mut sizes = Vec::new();
    let mut stack = Vec::new();
    for start in 0..art.len() {
        if !art[start] || label[start] != 0 {
            continue;
        }
        let id = sizes.len() as u32 + 1;
        let mut size = 0u64;
        label[start] = id;
        stack.push(start);
        while let Some(i) = stack.pop() {
            size += 1;
            let (x, y) = (i % w, i / w);
            let mut visit = |j: usize| {
                if art[j] && label[j] == 0 {
                    label[j] = id;
                    stack.push(j);
                }
            };
            if x > 0 {
                visit(i - 1);
            }
            if x + 1 < w {
                visit(i + 1);
            }
            if y > 0 {
                visit(i - w);
            }
            if y + 1 < h {
                visit(i + w);
            }
        }
        sizes.push(size);
    }
    (label, sizes)
}

/// The first corner (row order) where two island pixels meet diagonally with
/// non-island pixels on the other diagonal.
fn pinch(at: &impl Fn(i64, i64) -> bool, w: i64, h: i64) -> Option<(i64, i64)> {
    for cy in 0..=h {
        for cx in 0..=w {
            let (tl, tr) = (at(cx - 1, cy - 1), at(cx, cy - 1));
            let (bl, br) = (at(cx - 1, cy), at(cx, cy));
            if (tl && br && !tr && !bl) || (tr && bl && !tl && !br) {
                return Some((cx, cy));
            }
        }
    }
    None
}

/// Crack directions, clockwise on screen: `+x`, `+y`, `−x`, `−y`.
const DIRS: [[i64; 2]; 4] = [[1, 0], [0, 1], [-1, 0], [0, -1]];

/// Walks the outer loop from the top-left corner of pixel `(sx, sy)`.
fn walk(at: &impl Fn(i64, i64) -> bool, sx: i64, sy: i64, w: usize, h: usize) -> Vec<[i64; 2]> {
    // Whether the crack leaving corner (cx, cy) in direction d exists.
    let crack = |cx: i64, cy: i64, d: usize| -> bool {
        match d {
            0 => at(cx, cy) && !at(cx, cy - 1),
            1 => at(cx - 1, cy) && !at(cx, cy),
            2 => at(cx - 1, cy - 1) && !at(cx - 1, cy),
            _ => at(cx, cy - 1) && !at(cx - 1, cy - 1),
        }
    };
    // A loop visits each corner at most once without a pinch; the bound
    // only guards the loop against a broken invariant.
    let limit = 2 * (w + 1) * (h + 1) + 8;
    let mut outline = Vec::new();
    let (mut cx, mut cy, mut dir) = (sx, sy, 0usize);
    while outline.len() <= limit {
        outline.push([cx, cy]);
        cx += DIRS[dir][0];
        cy += DIRS[dir][1];
        if (cx, cy) == (sx, sy) {
            break;
        }
        match [(dir + 1) % 4, dir, (dir + 3) % 4]
            .into_iter()
            .find(|&d| crack(cx, cy, d))
        {
            Some(d) => dir = d,
            None => break,
        }
    }
    outline
}

/// The filled silhouette (`inside` plus every pixel no 4-connected path of
/// non-`inside` pixels joins to the image's edge) and how many it added.
fn fill_enclosed(inside: &[bool], w: usize, h: usize) -> (Vec<bool>, u64) {
    let mut outside = vec![false; inside.len()];
    let mut stack = Vec::new();
    let seed = |i: usize, outside: &mut Vec<bool>, stack: &mut Vec<usize>| {
        if !inside[i] && !outside[i] {
            outside[i] = true;
            stack.push(i);
        }
    };
    for x in 0..w {
        seed(x, &mut outside, &mut stack);
        seed((h - 1) * w + x, &mut outside, &mut stack);
    }
    for y in 0..h {
        seed(y * w, &mut outside, &mut stack);
        seed(y * w + w - 1, &mut outside, &mut stack);
    }
    while let Some(i) = stack.pop() {
        let (x, y) = (i % w, i / w);
        if x > 0 {
            seed(i - 1, &mut outside, &mut stack);
        }
        if x + 1 < w {
            seed(i + 1, &mut outside, &mut stack);
        }
        if y > 0 {
            seed(i - w, &mut outside, &mut stack);
        }
        if y + 1 < h {
            seed(i + w, &mut outside, &mut stack);
        }
    }
    let filled: Vec<bool> = (0..inside.len())
        .map(|i| inside[i] || !outside[i])
        .collect();
    let hole = (0..inside.len())
        .filter(|&i| !inside[i] && !outside[i])
        .count() as u64;
    (filled, hole)
}
