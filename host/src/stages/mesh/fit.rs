//! This module owns how an authored mesh sits on its art (FORMAT.md §6.2's
//! `fit`): the mesh's vertices are placed on the part image through their
//! uvs (pixel `x = u·W`, `y = v·H`, y down, `W × H` the PNG's size), and
//!
//! - **the art** is the image's pixels with alpha > 0 (any alpha at all: a
//!   pixel the renderer draws something of);
//! - **coverage** is the share of the art's pixels whose centre
//!   `(x + ½, y + ½)` lies inside or on one of the mesh's triangles;
//! - **reach** is how far the mesh reaches past the art: the largest distance,
//!   over the mesh's vertices, from a vertex to the nearest art pixel (each
//!   pixel the closed unit square it covers), 0 for a vertex on the art. The
//!   triangles are straight, so for art that fills a convex shape no point of
//!   the mesh is further out than its furthest vertex. This is the figure the
//!   reference rigs print: squash's ball (rim radius 110 on a disk of art of
//!   radius 95 on a 240 px part) reaches 15.00 px past it; portrait's head
//!   95.90 px (the grid's corners over an oval), hair_bang 55.22 px; nod's
//!   head 67.88 px and ears 33.12 px (FIGURES.md, FACE.md §4.3);
//! - **hole** counts the pixels with alpha 0 inside the triangles that no path
//!   of alpha-0 pixels (4-neighbours) joins to the outside of the mesh or the
//!   image's edge: transparency the outline encloses.
//!
//! A `contour` mesh's line prints the reach and hole its generator measured
//! on its own silhouette instead (`stages::meshgen::Silhouette`).

use rigc_sdk::png_image::DecodedPng;

/// How a mesh sits on its art, in the art's pixels.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Fit {
    /// Pixels with alpha > 0.
    pub art: u64,
    /// Of those, the ones whose centre is inside a triangle.
    pub covered: u64,
    /// The largest distance from a vertex to the art, px.
    pub reach: f64,
    /// Alpha-0 pixels inside the triangles enclosed by the art.
    pub hole: u64,
}

impl Fit {
    /// Coverage, percent.
    pub fn percent(&self) -> f64 {
        if self.art == 0 {
            0.0
        } else {
            100.0 * self.covered as f64 / self.art as f64
        }
    }
}

/// The fit of the mesh `uvs`/`triangles` on `png`; `Err` says why it is not
/// measured (no art at all).
pub fn measure(uvs: &[f64], triangles: &[u32], png: &DecodedPng) -> Result<Fit, String> {
    let (w, h) = (png.header.width as usize, png.header.height as usize);
    let opaque: Vec<bool> = png.rgba.chunks_exact(4).map(|p| p[3] > 0).collect();
    if opaque.len() != w * h {
        return Err("the decoded image is not the size its header states".into());
    }
    let art = opaque.iter().filter(|&&o| o).count() as u64;
    if art == 0 {
        return Err(
            "the image has no pixel with alpha above 0, so there is no art to cover".into(),
        );
    }
    let points: Vec<(f64, f64)> = uvs
        .chunks_exact(2)
        .map(|uv| (uv[0] * w as f64, uv[1] * h as f64))
        .collect();
    let inside = covered(&points, triangles, w, h);
    let covered = opaque.iter().zip(&inside).filter(|(&o, &i)| o && i).count() as u64;
    Ok(Fit {
        art,
        covered,
        reach: reach(&points, &opaque, w, h),
        hole: hole(&opaque, &inside, w, h),
    })
}

/// Which pixel centres lie inside or on a triangle (row-major).
fn covered(points: &[(f64, f64)], triangles: &[u32], w: usize, h: usize) -> Vec<bool> {
    let mut out = vec![false; w * h];
    for t in triangles.chunks_exact(3) {
        let get = |i: u32| points.get(i as usize).copied();
        let (Some(a), Some(b), Some(c)) = (get(t[0]), get(t[1]), get(t[2])) else {
            continue;
        };
        let area = cross(a, b, c);
        if area == 0.0 || !area.is_finite() {
            continue;
        }
        let lo = |v: f64, n: usize| ((v - 0.5).floor().max(0.0) as usize).min(n);
        let hi =
            |v: f64, n: usize| ((v - 0.5).ceil().max(-1.0) + 1.0).clamp(0.0, n as f64) as usize;
        let (x0, x1) = (lo(a.0.min(b.0).min(c.0), w), hi(a.0.max(b.0).max(c.0), w));
        let (y0, y1) = (lo(a.1.min(b.1).min(c.1), h), hi(a.1.max(b.1).max(c.1), h));
        for y in y0..y1 {
            for x in x0..x1 {
                let p = (x as f64 + 0.5, y as f64 + 0.5);
                let (e0, e1, e2) = (cross(a, b, p), cross(b, c, p), cross(c, a, p));
                let ok = if area > 0.0 {
                    e0 >= 0.0 && e1 >= 0.0 && e2 >= 0.0
                } else {
                    e0 <= 0.0 && e1 <= 0.0 && e2 <= 0.0
                };
                if ok {
                    out[y * w + x] = true;
                }
            }
        }
    }
    out
}

/// Twice the signed area of `a b p`.
fn cross(a: (f64, f64), b: (f64, f64), p: (f64, f64)) -> f64 {
    (b.0 - a.0) * (p.1 - a.1) - (b.1 - a.1) * (p.0 - a.0)
}

/// The largest distance from a point to the nearest art pixel's square.
fn reach(points: &[(f64, f64)], opaque: &[bool], w: usize, h: usize) -> f64 {
    let at = |x: isize, y: isize| {
        x >= 0
            && y >= 0
            && (x as usize) < w
            && (y as usize) < h
            && opaque[y as usize * w + x as usize]
    };
    // The nearest point of the art to a point off it is on the art's edge, in
    // a pixel with a side open to a non-art pixel (or the image's edge).
    let mut edge = Vec::new();
    for y in 0..h as isize {
        for x in 0..w as isize {
            if at(x, y) && !(at(x - 1, y) && at(x + 1, y) && at(x, y - 1) && at(x, y + 1)) {
                edge.push((x as f64, y as f64));
            }
        }
    }
    let mut worst: f64 = 0.0;
    for &(px, py) in points {
        if at(px.floor() as isize, py.floor() as isize) {
            continue;
        }
        let nearest = edge
            .iter()
            .map(|&(x, y)| {
                let dx = (x - px).max(px - (x + 1.0)).max(0.0);
                let dy = (y - py).max(py - (y + 1.0)).max(0.0);
                dx * dx + dy * dy
            })
            .fold(f64::INFINITY, f64::min);
        worst = worst.max(nearest.sqrt());
    }
    worst
}

/// Alpha-0 pixels inside the triangles that no alpha-0 path joins to a pixel
/// outside them or to the image's edge.
fn hole(opaque: &[bool], inside: &[bool], w: usize, h: usize) -> u64 {
    let mut reached = vec![false; w * h];
    let mut stack = Vec::new();
    for y in 0..h {
        for x in 0..w {
            let i = y * w + x;
            let border = x == 0 || y == 0 || x + 1 == w || y + 1 == h;
            if !opaque[i] && (!inside[i] || border) {
                reached[i] = true;
                stack.push(i);
            }
        }
    }
    while let Some(i) = stack.pop() {
        let (x, y) = (i % w, i / w);
        let mut visit = |j: usize| {
            if !opaque[j] && !reached[j] {
                reached[j] = true;
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
    (0..w * h)
        .filter(|&i| !opaque[i] && inside[i] && !reached[i])
        .count() as u64
}

#[cfg(test)]
mod tests;
