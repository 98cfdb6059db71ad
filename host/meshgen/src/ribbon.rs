//! This module owns the `ribbon` generator (FORMAT.md §2.7.3, GATE.md A21
//! §4.6 step 2, A28): a strip of `rows` cross rows down the part window, and
//! the weights its rows take from the bone chain that moves it.
//!
//! **Geometry.** The strip runs from the entry edge (`y = 0`, uv `v = 0`, the
//! top of the window) to the far edge (`y = h`). Row `i` (`0 ≤ i < rows`) is at
//! `y = i/(rows − 1)·h`; its left vertex is vertex `i` (`x = 0`) and its right
//! vertex is vertex `n − 1 − i` (`x = w`), `n = 2·rows` — so the vertex list
//! walks the outline (left side down, right side up), the hull is every
//! vertex, and row `i` is A28's pair `(i, n − 1 − i)`. Each band between rows
//! `i` and `i + 1` is split into `[Lᵢ, Lᵢ₊₁, Rᵢ₊₁]` and `[Lᵢ, Rᵢ₊₁, Rᵢ]`
//! (`grid`'s `[tl, bl, br]`, `[tl, br, tr]`): `2·(rows − 1)` triangles.
//!
//! **Weights** ([`row_weights`]). The entry row is pinned to the slot bone
//! (A21). Every other row takes its weights from where the rig puts the chain
//! in setup, given here in part pixels as the chain's *joints*: each chain
//! bone's origin, root first, then the last bone's tip (its origin plus
//! `length` along its x axis). The row's centre `(w/2, y)` is projected onto
//! that polyline (the nearest point; a tie goes to the earlier segment). On
//! the segment from bone `k`'s origin to bone `k + 1`'s, at fraction `t`, the
//! row is `(1 − t)` bone `k` and `t` bone `k + 1`; on the last segment (the
//! last bone's own span) it is wholly the last bone; before the root's origin
//! it is wholly the root. Weights are rounded to 6 decimals, a zero weight is
//! left out, and both vertices of a row get the same list — so the strip
//! lengthens and bends with the chain without its width changing. A chain bone
//! that binds no row is refused by name (A20's policy: every declared bone
//! binds some vertex): too few rows for the chain, or bones stacked on one
//! spot.

use crate::{Mesh, Refusal};

/// The most cross rows a ribbon may have (`2·512` vertices).
pub const MAX_ROWS: u32 = 512;

/// A ribbon's parameters (the spec's `size`, `rows`, `chain`).
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Params {
    /// The part window `[w, h]`, pixels: the part image must be this size.
    pub size: [f64; 2],
    /// Cross rows, the entry row first, at least 2.
    pub rows: u32,
    /// The bones that move the strip, root first.
    pub chain: Vec<String>,
}

/// What is wrong with a `rows` of `n`, if anything.
pub fn rows_problem(n: f64) -> Option<String> {
    if !(n.is_finite() && n.fract() == 0.0 && n >= 2.0) {
        return Some(format!(
            "\"rows\" is {n}; it is the strip's cross rows, the entry row included — a whole number of at least 2"
        ));
    }
    (n > f64::from(MAX_ROWS)).then(|| {
        format!(
            "\"rows\" is {n}; a ribbon has at most {MAX_ROWS} rows (that is {} vertices)",
            2 * MAX_ROWS
        )
    })
}

/// What is wrong with a `size` of `[w, h]`, if anything.
pub fn size_problem(size: [f64; 2]) -> Option<String> {
    size.iter().any(|v| !(v.is_finite() && *v > 0.0)).then(|| {
        format!(
            "\"size\" is [{}, {}]; it is the part window [w, h] in pixels, two positive numbers",
            size[0], size[1]
        )
    })
}

/// The refusal when the part image (`image`, `width`×`height`) is not the
/// window `size` the ribbon states.
pub fn window_problem(image: &str, width: u32, height: u32, size: [f64; 2]) -> Option<Refusal> {
    (f64::from(width) != size[0] || f64::from(height) != size[1]).then(|| {
        Refusal::at(
            "size",
            format!(
                "\"{image}\" is {width}x{height} but the ribbon's \"size\" window is {}x{}",
                size[0], size[1]
            ),
        )
    })
}

/// The strip over a `width`×`height` part window.
pub fn generate(width: u32, height: u32, p: &Params) -> Result<Mesh, Refusal> {
    if let Some(m) = rows_problem(f64::from(p.rows)) {
        return Err(Refusal::at("rows", m));
    }
    if width == 0 || height == 0 {
        return Err(Refusal::at(
            "image",
            format!("the part image is {width}x{height}; a strip needs a window of some size"),
        ));
    }
    let rows = p.rows as usize;
    let n = 2 * rows;
    let (w, h) = (f64::from(width), f64::from(height));
    let y = |i: usize| row_y(i, p.rows, h);
    let mut points = Vec::with_capacity(n);
    points.extend((0..rows).map(|i| [0.0, y(i)]));
    points.extend((0..rows).rev().map(|i| [w, y(i)]));
    let mut triangles = Vec::with_capacity(6 * (rows - 1));
    for i in 0..rows - 1 {
        let (l0, l1) = (i as u32, i as u32 + 1);
        let (r0, r1) = ((n - 1 - i) as u32, (n - 2 - i) as u32);
        triangles.extend_from_slice(&[l0, l1, r1, l0, r1, r0]);
    }
    Ok(Mesh {
        points,
        triangles,
        hull: n as u32,
    })
}

/// Row `i`'s `y` of `rows` over a window `h` high.
fn row_y(i: usize, rows: u32, h: f64) -> f64 {
    i as f64 * h / f64::from(rows.max(2) - 1)
}

/// Rounds to 6 decimals.
fn r6(x: f64) -> f64 {
    (x * 1e6).round() / 1e6
}

/// Each row's chain bindings, `(index into chain, weight)`, for the strip of
/// `p` over a window `height` high (centre `x = width/2`); `joints` are the
/// chain's joints in part pixels (each bone's origin, then the last bone's
/// tip: `chain.len() + 1` points). Row 0, the entry row, is pinned to the slot
/// bone and holds no chain binding (`[]`).
pub fn row_weights(
    width: f64,
    height: f64,
    p: &Params,
    joints: &[[f64; 2]],
) -> Result<Vec<Vec<(usize, f64)>>, Refusal> {
    let m = p.chain.len();
    if m == 0 || joints.len() != m + 1 {
        return Err(Refusal::at(
            "chain",
            format!(
                "the chain of {m} bone(s) has {} joint(s); it needs one per bone and the last bone's tip",
                joints.len()
            ),
        ));
    }
    if let Some(j) = joints
        .iter()
        .position(|j| !(j[0].is_finite() && j[1].is_finite()))
    {
        let bone = &p.chain[j.min(m - 1)];
        return Err(Refusal::at(
            "chain",
            format!("chain bone \"{bone}\" sits at no finite point in setup, so no row can be placed along it"),
        ));
    }
    let mut out = vec![Vec::new()];
    let mut bound = vec![false; m];
    for i in 1..p.rows as usize {
        let c = [width / 2.0, row_y(i, p.rows, height)];
        let (k, t) = project(c, joints);
        let list = if k + 1 >= m {
            vec![(m - 1, 1.0)]
        } else {
            let t = r6(t);
            let mut l = Vec::with_capacity(2);
            if t < 1.0 {
                l.push((k, r6(1.0 - t)));
            }
            if t > 0.0 {
                l.push((k + 1, t));
            }
            l
        };
        for &(b, _) in &list {
            bound[b] = true;
        }
        out.push(list);
    }
    if let Some(j) = bound.iter().position(|b| !b) {
        return Err(Refusal::at(
            "chain",
            format!(
                "chain bone \"{}\" binds no row of the strip: the {} row(s) past the entry row take their weights from the chain bones they lie between, and none lies near \"{}\" — give the ribbon more rows, or drop the bone from the chain",
                p.chain[j],
                p.rows - 1,
                p.chain[j]
            ),
        ));
    }
    Ok(out)
}

/// The nearest point of the polyline `joints` to `c`: its segment and the
/// fraction along it (the earlier segment on a tie; a zero-length segment at
/// its start).
fn project(c: [f64; 2], joints: &[[f64; 2]]) -> (usize, f64) {
    let mut best = (0, 0.0, f64::INFINITY);
    for (k, s) in joints.windows(2).enumerate() {
        let (a, b) = (s[0], s[1]);
        let (dx, dy) = (b[0] - a[0], b[1] - a[1]);
        let len2 = dx * dx + dy * dy;
        let t = if len2 > 1e-12 {
            (((c[0] - a[0]) * dx + (c[1] - a[1]) * dy) / len2).clamp(0.0, 1.0)
        } else {
            0.0
        };
        let (px, py) = (a[0] + t * dx - c[0], a[1] + t * dy - c[1]);
        let d = (px * px + py * py).sqrt();
        if d < best.2 - 1e-9 {
            best = (k, t, d);
        }
    }
    (best.0, best.1)
}

#[cfg(test)]
mod tests;
