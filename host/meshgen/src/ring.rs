//! This module owns the `ring` generator (FORMAT.md §2.7.3): an aperture
//! (an eye, a mouth) whose seam contour stays on the art while its inside
//! moves with control bones. Its parameters are the seam `hull` (part
//! pixels, y down, ≥ 6 points), the aperture `center`, the `inner` ring's
//! place between centre (0) and seam (1), the part window `size`, and an
//! optional `bias` (`axis_deg`, `ramp`); the host names the control bones and
//! gives [`weights`] their setup positions in part pixels.
//!
//! Decisions (the format states the rings, not how they are built):
//! * The seam must be **seen whole from the centre**: walking the hull, its
//!   angle round `center` turns one way only, once round. That is what makes
//!   every ring a radial copy of the seam, and every quad between two rings
//!   convex. A self-crossing hull, a centre outside it or on it, a point on
//!   the centre, and a hull that turns back are refused by name. Every hull
//!   point lies strictly inside the window (the rim ring is the window edge).
//! * Vertex order: the **rim ring** first — each seam point projected
//!   radially from the centre onto the window rectangle, with the window's
//!   corners inserted where they fall between two projections (so the mesh
//!   covers the whole window, and `hull` is this ring) — then the **seam
//!   ring** (the `hull` points as given), the **inner ring**
//!   (`center + inner·(seam − center)`), and the **centre** vertex.
//! * Triangles: per hull step a rim↔seam quad (plus a fan over the corners
//!   the step passes), a seam↔inner quad, and an inner↔centre triangle; each
//!   is wound as the grid's are (negative signed area in y-down pixels,
//!   counter-clockwise once y points up), whatever way the hull is walked.
//! * Weights ([`weights`]): rim and seam vertices are pinned to the slot bone
//!   at weight 1. An inner or centre vertex has authority `a` — 1 without a
//!   bias; with one, its signed distance from the centre along `axis_deg`
//!   (part pixels, y down, so screen degrees when the slot bone is unrotated)
//!   mapped through `ramp` 0→1 and clamped — and gives `1 − a` to the slot
//!   bone and `a` to the controls. With several controls each sits at its
//!   angle round the centre, and an inner vertex's `a` goes to the two
//!   angularly nearest ones (the arc it is on), in proportion to angle; the
//!   centre, which has no angle, shares its `a` evenly among all controls.
//!   Weights are rounded to 6 decimals and a zero weight is left out.
//! * Refusals of the weights (the host words them with the bone names): two
//!   or more controls and one sitting on the centre (no radial direction), two
//!   controls on one ray, a bias that gives no vertex authority, and a
//!   control that binds no vertex.

use crate::{Mesh, Refusal};

/// The most hull points a ring may have (its mesh has `3·n + 5` vertices at
/// most); more is refused rather than built.
pub const MAX_HULL: usize = 4096;

/// The largest window side a ring accepts, pixels.
pub const MAX_SIDE: f64 = 65_536.0;

/// How far apart two points must be to count as distinct, pixels.
const EPS: f64 = 1e-6;

/// A `bias` block.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Bias {
    /// The axis, degrees, y down.
    pub axis_deg: f64,
    /// The signed distances (pixels along the axis, from the centre) over
    /// which control authority goes 0 → 1; ascending.
    pub ramp: [f64; 2],
}

/// A ring generator's geometry.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Params {
    /// The seam contour, part pixels.
    pub hull: Vec<[f64; 2]>,
    /// The aperture centre, part pixels.
    pub center: [f64; 2],
    /// The inner ring, between centre (0) and seam (1), exclusive.
    pub inner: f64,
    /// The part window, pixels.
    pub size: [f64; 2],
    /// The bias, when stated.
    pub bias: Option<Bias>,
}

/// Which parameter a problem concerns, and (for the hull) which point.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Where {
    /// `hull`, or its point `Some(i)`.
    Hull(Option<usize>),
    /// `center`.
    Center,
    /// `inner`.
    Inner,
    /// `size`.
    Size,
    /// `bias.ramp`.
    Ramp,
}

impl Where {
    /// The generator key a refusal of it is placed at.
    pub fn field(self) -> &'static str {
        match self {
            Where::Hull(_) => "hull",
            Where::Center => "center",
            Where::Inner => "inner",
            Where::Size => "size",
            Where::Ramp => "bias",
        }
    }
}

/// What is wrong with `p`, if anything: where, and the message. The host
/// places it at that value; [`generate`] refuses with it.
pub fn problem(p: &Params) -> Option<(Where, String)> {
    let [w, h] = p.size;
    let n = p.hull.len();
    let finite = |q: &[f64; 2]| q[0].is_finite() && q[1].is_finite();
    if !(w.is_finite() && h.is_finite())
        || w.fract() != 0.0
        || h.fract() != 0.0
        || w < 1.0
        || h < 1.0
        || w > MAX_SIDE
        || h > MAX_SIDE
    {
        return Some((Where::Size, format!("size is [{w}, {h}]; it is the part window, two whole numbers of pixels from 1 to {MAX_SIDE}")));
    }
    if n < 6 {
        return Some((
            Where::Hull(None),
            format!("hull holds {n} point(s); a ring's seam contour needs at least 6"),
        ));
    }
    if n > MAX_HULL {
        return Some((
            Where::Hull(None),
            format!("hull holds {n} points, past the {MAX_HULL} a ring is built from"),
        ));
    }
    if !(p.inner.is_finite() && p.inner > 0.0 && p.inner < 1.0) {
        return Some((Where::Inner, format!("inner is {}; it places the inner ring between the centre (0) and the seam (1), so it is strictly between 0 and 1", p.inner)));
    }
    if let Some(b) = &p.bias {
        let [a, z] = b.ramp;
        if !(a.is_finite() && z.is_finite() && b.axis_deg.is_finite()) || a >= z {
            return Some((Where::Ramp, format!("bias ramp is [{a}, {z}]; it is the signed distance over which control authority goes 0 to 1, so two finite numbers, ascending")));
        }
    }
    if !finite(&p.center) {
        return Some((
            Where::Center,
            "center is not two finite numbers".to_string(),
        ));
    }
    let inside = |q: &[f64; 2]| q[0] > 0.0 && q[0] < w && q[1] > 0.0 && q[1] < h;
    for (i, q) in p.hull.iter().enumerate() {
        if !finite(q) {
            return Some((
                Where::Hull(Some(i)),
                format!("hull[{i}] is not two finite numbers"),
            ));
        }
        if !inside(q) {
            return Some((Where::Hull(Some(i)), format!("hull[{i}] [{}, {}] is not inside the {w}x{h} window; the rim ring lies on the window's edge, so the seam lies strictly within it", q[0], q[1])));
        }
    }
    if !inside(&p.center) {
        return Some((
            Where::Center,
            format!(
                "center [{}, {}] is not inside the {w}x{h} window",
                p.center[0], p.center[1]
            ),
        ));
    }
    for i in 0..n {
        let (a, b) = (p.hull[i], p.hull[(i + 1) % n]);
        if dist(a, b) <= EPS {
            let j = (i + 1) % n;
            return Some((
                Where::Hull(Some(j)),
                format!("hull[{j}] repeats hull[{i}]; each seam point is a vertex of its own"),
            ));
        }
    }
    if let Some((i, j)) = crossing(&p.hull) {
        return Some((Where::Hull(Some(j)), format!("the hull crosses itself: its edge from point {i} and its edge from point {j} intersect")));
    }
    let c = p.center;
    for i in 0..n {
        if dist(p.hull[i], c) <= EPS {
            return Some((
                Where::Hull(Some(i)),
                format!("hull[{i}] sits on the centre; a seam point needs a direction from it"),
            ));
        }
        if segment_distance(c, p.hull[i], p.hull[(i + 1) % n]) <= EPS {
            return Some((Where::Center, format!("center [{}, {}] lies on the hull's edge from point {i}; the aperture centre is inside the seam", c[0], c[1])));
        }
    }
    let steps: Vec<f64> = (0..n)
        .map(|i| step(c, p.hull[i], p.hull[(i + 1) % n]))
        .collect();
    let turn: f64 = steps.iter().sum();
    if turn.abs() < std::f64::consts::PI {
        return Some((Where::Center, format!("center [{}, {}] is outside the hull; the aperture centre is inside the seam contour", c[0], c[1])));
    }
    if let Some(i) = steps.iter().position(|s| s.abs() < 1e-12) {
        let j = (i + 1) % n;
        return Some((Where::Hull(Some(j)), format!("hull[{j}] lies on the same ray from the centre as hull[{i}]; each seam point needs a direction of its own")));
    }
    if let Some(i) = steps.iter().position(|s| s.signum() != turn.signum()) {
        let j = (i + 1) % n;
        return Some((Where::Hull(Some(j)), format!("hull[{j}] turns back round the centre: the seam is not seen whole from [{}, {}], so a ray from the centre would cross it twice and the rings would fold", c[0], c[1])));
    }
    None
}

/// The ring over its window.
pub fn generate(p: &Params) -> Result<Mesh, Refusal> {
    if let Some((at, m)) = problem(p) {
        return Err(Refusal::at(at.field(), m));
    }
    let n = p.hull.len();
    let c = p.center;
    let rim: Vec<[f64; 2]> = p.hull.iter().map(|&s| project(c, s, p.size)).collect();
    let mut points: Vec<[f64; 2]> = Vec::with_capacity(3 * n + 5);
    // rim[i]'s index, and the corners between rim[i] and rim[i + 1].
    let mut rim_at = Vec::with_capacity(n);
    let mut caps: Vec<Vec<u32>> = Vec::with_capacity(n);
    for i in 0..n {
        rim_at.push(points.len() as u32);
        points.push(rim[i]);
        let mut cap = Vec::new();
        for k in corners_between(rim[i], rim[(i + 1) % n], p.size, steps_sign(p)) {
            cap.push(points.len() as u32);
            points.push(k);
        }
        caps.push(cap);
    }
    let hull = points.len() as u32;
    let seam = |i: usize| hull + i as u32;
    let inner = |i: usize| hull + (n + i) as u32;
    let centre = hull + 2 * n as u32;
    points.extend_from_slice(&p.hull);
    points.extend(p.hull.iter().map(|s| {
        [
            c[0] + p.inner * (s[0] - c[0]),
            c[1] + p.inner * (s[1] - c[1]),
        ]
    }));
    points.push(c);
    let mut triangles = Vec::with_capacity(3 * (5 * n + 4));
    let mut tri = |a: u32, b: u32, d: u32| {
        let (pa, pb, pd) = (points[a as usize], points[b as usize], points[d as usize]);
        if cross(pa, pb, pd) > 0.0 {
            triangles.extend_from_slice(&[a, d, b]);
        } else {
            triangles.extend_from_slice(&[a, b, d]);
        }
    };
    for i in 0..n {
        let j = (i + 1) % n;
        let (r0, r1) = (rim_at[i], rim_at[j]);
        tri(seam(i), r0, r1);
        tri(seam(i), r1, seam(j));
        let mut prev = r0;
        for &k in &caps[i] {
            if prev != r0 {
                tri(r0, prev, k);
            }
            prev = k;
        }
        if prev != r0 {
            tri(r0, prev, r1);
        }
        tri(inner(i), seam(i), seam(j));
        tri(inner(i), seam(j), inner(j));
        tri(centre, inner(i), inner(j));
    }
    Ok(Mesh {
        points,
        triangles,
        hull,
    })
}

/// The ring over the part image `image` (`width`×`height` pixels), which
/// must be the window `size` states.
pub fn generate_on(image: &str, width: u32, height: u32, p: &Params) -> Result<Mesh, Refusal> {
    if [f64::from(width), f64::from(height)] != p.size {
        return Err(Refusal::at(
            "size",
            format!(
                "\"{image}\" is {width}x{height} but the ring's window (its \"size\") is {}x{}",
                p.size[0], p.size[1]
            ),
        ));
    }
    generate(p)
}

/// +1 when the hull's angle round the centre increases as it is walked
/// (clockwise on screen, y down), −1 otherwise.
fn steps_sign(p: &Params) -> f64 {
    let n = p.hull.len();
    let t: f64 = (0..n)
        .map(|i| step(p.center, p.hull[i], p.hull[(i + 1) % n]))
        .sum();
    t.signum()
}

/// The angle from `a` to `b` round `c`, in (−π, π].
fn step(c: [f64; 2], a: [f64; 2], b: [f64; 2]) -> f64 {
    let (ta, tb) = (angle(c, a), angle(c, b));
    wrap(tb - ta)
}

/// `x` wrapped into (−π, π].
fn wrap(x: f64) -> f64 {
    let tau = std::f64::consts::TAU;
    let mut y = x % tau;
    if y > std::f64::consts::PI {
        y -= tau;
    } else if y <= -std::f64::consts::PI {
        y += tau;
    }
    y
}

/// `q`'s angle round `c` (pixels, y down), radians.
fn angle(c: [f64; 2], q: [f64; 2]) -> f64 {
    (q[1] - c[1]).atan2(q[0] - c[0])
}

fn dist(a: [f64; 2], b: [f64; 2]) -> f64 {
    (a[0] - b[0]).hypot(a[1] - b[1])
}

/// `(b − a) × (d − a)`.
fn cross(a: [f64; 2], b: [f64; 2], d: [f64; 2]) -> f64 {
    (b[0] - a[0]) * (d[1] - a[1]) - (b[1] - a[1]) * (d[0] - a[0])
}

/// The distance from `q` to the segment `a b`.
fn segment_distance(q: [f64; 2], a: [f64; 2], b: [f64; 2]) -> f64 {
    let (dx, dy) = (b[0] - a[0], b[1] - a[1]);
    let len = dx * dx + dy * dy;
    let t = if len > 0.0 {
        (((q[0] - a[0]) * dx + (q[1] - a[1]) * dy) / len).clamp(0.0, 1.0)
    } else {
        0.0
    };
    dist(q, [a[0] + t * dx, a[1] + t * dy])
}

/// The first pair of non-adjacent hull edges that touch, as their start
/// points `(i, j)`, `i < j`.
fn crossing(hull: &[[f64; 2]]) -> Option<(usize, usize)> {
    let n = hull.len();
    let edge = |i: usize| (hull[i], hull[(i + 1) % n]);
    for i in 0..n {
        for j in i + 2..n {
            if i == 0 && j == n - 1 {
                continue;
            }
            let ((a, b), (c, d)) = (edge(i), edge(j));
            if segments_touch(a, b, c, d) {
                return Some((i, j));
            }
        }
    }
    None
}

/// Do the closed segments `a b` and `c d` share a point?
fn segments_touch(a: [f64; 2], b: [f64; 2], c: [f64; 2], d: [f64; 2]) -> bool {
    let (d1, d2) = (cross(a, b, c), cross(a, b, d));
    let (d3, d4) = (cross(c, d, a), cross(c, d, b));
    if ((d1 > 0.0 && d2 < 0.0) || (d1 < 0.0 && d2 > 0.0))
        && ((d3 > 0.0 && d4 < 0.0) || (d3 < 0.0 && d4 > 0.0))
    {
        return true;
    }
    let on = |p: [f64; 2], q: [f64; 2], r: [f64; 2], k: f64| {
        k == 0.0
            && r[0] >= p[0].min(q[0])
            && r[0] <= p[0].max(q[0])
            && r[1] >= p[1].min(q[1])
            && r[1] <= p[1].max(q[1])
    };
    on(a, b, c, d1) || on(a, b, d, d2) || on(c, d, a, d3) || on(c, d, b, d4)
}

/// Where the ray from `c` through `s` leaves the `size` window; snapped onto
/// a corner it passes within [`EPS`] of.
pub fn project(c: [f64; 2], s: [f64; 2], size: [f64; 2]) -> [f64; 2] {
    let [w, h] = size;
    let (dx, dy) = (s[0] - c[0], s[1] - c[1]);
    let mut t = f64::INFINITY;
    if dx > 0.0 {
        t = t.min((w - c[0]) / dx);
    } else if dx < 0.0 {
        t = t.min(-c[0] / dx);
    }
    if dy > 0.0 {
        t = t.min((h - c[1]) / dy);
    } else if dy < 0.0 {
        t = t.min(-c[1] / dy);
    }
    let mut q = [(c[0] + t * dx).clamp(0.0, w), (c[1] + t * dy).clamp(0.0, h)];
    for k in [[0.0, 0.0], [w, 0.0], [w, h], [0.0, h]] {
        if dist(q, k) <= EPS {
            q = k;
        }
    }
    // On an edge exactly: the coordinate that left is the edge's.
    if (q[0] - w).abs() <= EPS {
        q[0] = w;
    } else if q[0].abs() <= EPS {
        q[0] = 0.0;
    }
    if (q[1] - h).abs() <= EPS {
        q[1] = h;
    } else if q[1].abs() <= EPS {
        q[1] = 0.0;
    }
    q
}

/// Where `q` (on the window's edge) sits on the perimeter, walked from the
/// top-left corner along the top edge, down the right one, …: `0..2(w+h)`.
fn perimeter(q: [f64; 2], size: [f64; 2]) -> f64 {
    let [w, h] = size;
    if q[1] == 0.0 && q[0] < w {
        q[0]
    } else if q[0] == w && q[1] < h {
        w + q[1]
    } else if q[1] == h && q[0] > 0.0 {
        w + h + (w - q[0])
    } else {
        2.0 * w + h + (h - q[1])
    }
}

/// The window corners strictly between the rim points `a` and `b`, in walk
/// order: `sign` +1 walks the perimeter forwards (clockwise on screen, the
/// way angle increases with y down), −1 backwards.
fn corners_between(a: [f64; 2], b: [f64; 2], size: [f64; 2], sign: f64) -> Vec<[f64; 2]> {
    let [w, h] = size;
    let total = 2.0 * (w + h);
    let corners = [
        ([w, 0.0], w),
        ([w, h], w + h),
        ([0.0, h], 2.0 * w + h),
        ([0.0, 0.0], 0.0),
    ];
    let (pa, pb) = (perimeter(a, size), perimeter(b, size));
    // The walk's distance from `a` to a perimeter position, in its direction.
    let ahead = |x: f64| {
        let d = if sign > 0.0 { x - pa } else { pa - x };
        d.rem_euclid(total)
    };
    let span = ahead(pb);
    let mut out: Vec<(f64, [f64; 2])> = corners
        .iter()
        .map(|&(k, at)| (ahead(at), k))
        .filter(|&(d, _)| d > 0.0 && d < span)
        .collect();
    out.sort_by(|x, y| x.0.total_cmp(&y.0));
    out.into_iter().map(|(_, k)| k).collect()
}

/// A vertex's binding: the slot bone, or control `k` (the host's order).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bind {
    /// The slot bone.
    Slot,
    /// The `k`th control bone.
    Control(usize),
}

/// Why the weights cannot be made.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum WeightProblem {
    /// Control `k` sits on the centre, so it has no angle (several controls).
    OnCentre(usize),
    /// Controls `j` and `k` sit on one ray from the centre.
    SameRay(usize, usize),
    /// The bias gives no vertex any authority: the inner and centre
    /// vertices' signed distances along the axis run `lo..hi`.
    NoAuthority {
        /// The least signed distance.
        lo: f64,
        /// The greatest.
        hi: f64,
    },
    /// Control `k` binds no vertex.
    Unbound(usize),
}

/// Authority of the point `q` under `p`'s bias (1 without one).
pub fn authority(p: &Params, q: [f64; 2]) -> f64 {
    match &p.bias {
        None => 1.0,
        Some(b) => {
            let t = b.axis_deg.to_radians();
            let d = (q[0] - p.center[0]) * t.cos() + (q[1] - p.center[1]) * t.sin();
            ((d - b.ramp[0]) / (b.ramp[1] - b.ramp[0])).clamp(0.0, 1.0)
        }
    }
}

/// Each vertex's bindings for the ring `mesh` built from `p`, the controls at
/// `controls` (part pixels): rim and seam pinned, inner ring and centre
/// shared as the module doc says; weights rounded to 6 decimals, zeros left
/// out.
pub fn weights(
    mesh: &Mesh,
    p: &Params,
    controls: &[[f64; 2]],
) -> Result<Vec<Vec<(Bind, f64)>>, WeightProblem> {
    let n = p.hull.len();
    let c = p.center;
    let k = controls.len();
    let mut theta = Vec::with_capacity(k);
    if k > 1 {
        for (i, &q) in controls.iter().enumerate() {
            if dist(q, c) <= 1e-3 {
                return Err(WeightProblem::OnCentre(i));
            }
            theta.push(angle(c, q).rem_euclid(std::f64::consts::TAU));
        }
    }
    // Controls by angle, ascending.
    let mut order: Vec<usize> = (0..theta.len()).collect();
    order.sort_by(|&a, &b| theta[a].total_cmp(&theta[b]));
    for w in 0..order.len() {
        let (a, b) = (order[w], order[(w + 1) % order.len()]);
        let gap = (theta[b] - theta[a]).rem_euclid(std::f64::consts::TAU);
        if gap < 1e-9 {
            return Err(WeightProblem::SameRay(a.min(b), a.max(b)));
        }
    }
    let moving = (mesh.hull as usize + n)..mesh.points.len();
    let shares = |q: [f64; 2], centre: bool| -> Vec<(usize, f64)> {
        if k == 1 {
            return vec![(0, 1.0)];
        }
        if centre {
            return (0..k).map(|i| (i, 1.0 / k as f64)).collect();
        }
        let phi = angle(c, q).rem_euclid(std::f64::consts::TAU);
        let tau = std::f64::consts::TAU;
        for w in 0..order.len() {
            let (a, b) = (order[w], order[(w + 1) % order.len()]);
            let gap = (theta[b] - theta[a]).rem_euclid(tau);
            let off = (phi - theta[a]).rem_euclid(tau);
            if off < gap {
                let t = off / gap;
                return vec![(a, 1.0 - t), (b, t)];
            }
        }
        vec![(order[0], 1.0)]
    };
    let mut any = false;
    let (mut lo, mut hi) = (f64::INFINITY, f64::NEG_INFINITY);
    let mut out = Vec::with_capacity(mesh.points.len());
    let mut bound = vec![false; k];
    for (v, &q) in mesh.points.iter().enumerate() {
        if !moving.contains(&v) {
            out.push(vec![(Bind::Slot, 1.0)]);
            continue;
        }
        if let Some(b) = &p.bias {
            let t = b.axis_deg.to_radians();
            let d = (q[0] - c[0]) * t.cos() + (q[1] - c[1]) * t.sin();
            (lo, hi) = (lo.min(d), hi.max(d));
        }
        let a = round6(authority(p, q));
        let mut list = Vec::new();
        if a < 1.0 {
            list.push((Bind::Slot, round6(1.0 - a)));
        }
        if a > 0.0 {
            any = true;
            for (i, s) in shares(q, v + 1 == mesh.points.len()) {
                let wgt = round6(a * s);
                if wgt > 0.0 {
                    bound[i] = true;
                    list.push((Bind::Control(i), wgt));
                }
            }
        }
        out.push(list);
    }
    if !any {
        return Err(WeightProblem::NoAuthority { lo, hi });
    }
    if let Some(i) = bound.iter().position(|b| !b) {
        return Err(WeightProblem::Unbound(i));
    }
    Ok(out)
}

/// `x` to 6 decimals.
fn round6(x: f64) -> f64 {
    (x * 1e6).round() / 1e6
}

#[cfg(test)]
mod tests;
