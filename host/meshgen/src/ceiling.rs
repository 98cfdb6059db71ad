//! This module owns the turn ceiling of a depth-mapped mesh (FORMAT.md
//! §2.7.4, §6.2.1; FACE.md §2.2): a yaw by `t` sends a vertex to
//! `x' = x·cos t − z·sin t` (a pitch: `y' = y·cos t − z·sin t`), so a
//! triangle's signed area is `A₀·cos t − A_axis·sin t` (`A_axis` = its area
//! with `z` put in place of the turned coordinate) and reaches zero at
//! `tan t = A₀/A_axis`. Per axis and direction: the smallest such angle (the
//! triangle that folds first), the 1st percentile of all of them (nearest
//! rank) and how many triangles fold that way; the tightest of the four with
//! the sheet's level step across its triangle and that step's share of the
//! range the mesh sampled. Geometry is the slot bone's space: `x` right, `y`
//! up (a part pixel's `y` flipped), as the `yaw`/`pitch` kinds read it.

use crate::Mesh;

/// Fewer folding triangles than this and the 1st percentile is `unranked`:
/// it would be the minimum again, and says nothing about a band.
pub const RANKED_FROM: u32 = 10;

/// A triangle whose setup area is below this (px²) is too flat to measure.
pub const FLAT_AREA: f64 = 1e-9;

/// The turn's axis.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Axis {
    /// About the vertical: `x` turns.
    Yaw,
    /// About the horizontal: `y` turns.
    Pitch,
}

/// One axis and direction's ceiling.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Side {
    /// The smallest fold angle, degrees (positive).
    pub degrees: f64,
    /// The triangle that folds there (its index in the mesh).
    pub triangle: u32,
    /// The 1st percentile of the fold angles; `None` = unranked.
    pub p1: Option<f64>,
    /// How many triangles fold in this direction.
    pub count: u32,
}

/// The ceiling of a mesh: `[yaw +, yaw −, pitch +, pitch −]`, each `None`
/// when nothing folds that way.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Ceiling {
    /// yaw +, yaw −, pitch +, pitch −.
    pub sides: [Option<Side>; 4],
    /// Triangles measured.
    pub measured: u32,
    /// Triangles too flat in setup to measure.
    pub flat: u32,
    /// The tightest side, when anything folds.
    pub first: Option<First>,
}

/// The first triangle to fold, of all four sides.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct First {
    /// Which axis.
    pub axis: Axis,
    /// `true` for the `+` direction.
    pub positive: bool,
    /// The angle, degrees.
    pub degrees: f64,
    /// Its triangle's index.
    pub triangle: u32,
    /// Its triangle's vertices.
    pub vertices: [u32; 3],
    /// The sheet's level step across it (max − min of its vertices' levels).
    pub levels: f64,
    /// That step over the level range the whole mesh sampled.
    pub share: f64,
}

/// The signed area of a triangle of `(a, b)` coordinate pairs.
fn area(p: [[f64; 2]; 3]) -> f64 {
    ((p[1][0] - p[0][0]) * (p[2][1] - p[0][1]) - (p[2][0] - p[0][0]) * (p[1][1] - p[0][1])) / 2.0
}

/// The angle (degrees, in `(0, 90)`) at which the triangle of setup area
/// `a0` and axis area `a_axis` folds turning in direction `sign`, if it does.
pub fn fold_angle(a0: f64, a_axis: f64, sign: f64) -> Option<f64> {
    let r = sign * a0 / a_axis;
    (r.is_finite() && r > 0.0).then(|| r.atan().to_degrees())
}

/// Measures the ceiling of `mesh` (part pixels) whose vertices have depths
/// `z` and raw sheet levels `levels`.
pub fn measure(mesh: &Mesh, z: &[f64], levels: &[f64]) -> Ceiling {
    let n = mesh.points.len().min(z.len()).min(levels.len());
    let bone = |i: usize| [mesh.points[i][0], -mesh.points[i][1]];
    let mut angles: [Vec<(f64, u32)>; 4] = Default::default();
    let (mut measured, mut flat) = (0u32, 0u32);
    for (k, t) in mesh.triangles.chunks_exact(3).enumerate() {
        let v = [t[0] as usize, t[1] as usize, t[2] as usize];
        if v.iter().any(|&i| i >= n) {
            continue;
        }
        let p = v.map(bone);
        let a0 = area(p);
        if a0.abs() < FLAT_AREA {
            flat += 1;
            continue;
        }
        measured += 1;
        let yaw = area([0, 1, 2].map(|i| [z[v[i]], p[i][1]]));
        let pitch = area([0, 1, 2].map(|i| [p[i][0], z[v[i]]]));
        for (s, (a, sign)) in [(yaw, 1.0), (yaw, -1.0), (pitch, 1.0), (pitch, -1.0)]
            .into_iter()
            .enumerate()
        {
            if let Some(d) = fold_angle(a0, a, sign) {
                angles[s].push((d, k as u32));
            }
        }
    }
    let sides = angles.map(|mut a| {
        a.sort_by(|x, y| x.0.total_cmp(&y.0).then(x.1.cmp(&y.1)));
        let count = a.len() as u32;
        let &(degrees, triangle) = a.first()?;
        let rank = (count as usize).div_ceil(100).max(1) - 1;
        Some(Side {
            degrees,
            triangle,
            p1: (count >= RANKED_FROM).then(|| a[rank].0),
            count,
        })
    });
    let lo = levels[..n].iter().copied().fold(f64::INFINITY, f64::min);
    let hi = levels[..n]
        .iter()
        .copied()
        .fold(f64::NEG_INFINITY, f64::max);
    let mut first: Option<First> = None;
    for (s, side) in sides.iter().enumerate() {
        let Some(side) = side else { continue };
        if first.as_ref().is_some_and(|f| f.degrees <= side.degrees) {
            continue;
        }
        let k = side.triangle as usize * 3;
        let vertices = [0, 1, 2].map(|i| mesh.triangles[k + i]);
        let l = vertices.map(|i| levels[i as usize]);
        let step = l.iter().copied().fold(f64::NEG_INFINITY, f64::max)
            - l.iter().copied().fold(f64::INFINITY, f64::min);
        first = Some(First {
            axis: if s < 2 { Axis::Yaw } else { Axis::Pitch },
            positive: s % 2 == 0,
            degrees: side.degrees,
            triangle: side.triangle,
            vertices,
            levels: step,
            share: if hi > lo { step / (hi - lo) } else { 0.0 },
        });
    }
    Ceiling {
        sides,
        measured,
        flat,
        first,
    }
}
