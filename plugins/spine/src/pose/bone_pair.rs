//! Two bones' `updateWorldTransform` steps side by side: the normal and the
//! `noScale` step of [`BonePose::compute_world`] for the two bones of an
//! update-cache pair (see `schedule.rs`), one bone per lane. Each lane is
//! the one-bone arithmetic in the same order (no fused multiply-add;
//! square roots and quotients are correctly rounded either way), so the
//! same bits; written as two-lane operations that the compiler packs.

use super::bone::{sin_cos2_memo, ParentWorld, SkeletonTransform, TrigMemo, COS_90, SIN_90};
use super::BonePose;
use crate::data::Inherit;
use crate::math::{sin_cos2, DEG_RAD};

impl BonePose {
    /// [`BonePose::compute_world_normal`] for two bones at once (`poses`,
    /// with their parents' `[a, b, c, d, worldX, worldY]` and their trig
    /// memos), both of equal shears: lane by lane the same arithmetic in the
    /// same order as one bone at a time, so the same bits, written as
    /// two-lane operations (one bone per lane) that the compiler packs; the
    /// sines and cosines come from one two-lane [`sin_cos2`].
    #[inline(always)]
    pub(crate) fn compute_world_normal2(
        poses: [&mut BonePose; 2],
        parents: [ParentWorld; 2],
        memos: [&mut TrigMemo; 2],
    ) {
        let [p, q] = poses;
        let u = Parents::of(parents);
        let rx = mul(
            add([p.rotation, q.rotation], [p.shear_x, q.shear_x]),
            [DEG_RAD; 2],
        );
        let (sx_, cx) = sin_cos2_memo(rx, memos);
        let [la, lb, lc, ld] = local_matrix(cx, sx_, [p, q]);
        let a = add(mul(u.a, la), mul(u.b, lc));
        let b = add(mul(u.a, lb), mul(u.b, ld));
        let c = add(mul(u.c, la), mul(u.d, lc));
        let d = add(mul(u.c, lb), mul(u.d, ld));
        let position = u.place([p, q]);
        store([p, q], [a, b, c, d], position);
    }

    /// The `noScale` / `noScaleOrReflection` step of [`BonePose::compute_world`]
    /// for two bones at once (`modes`), both with parents and of equal
    /// shears: lane by lane the same arithmetic in the same order as one bone
    /// at a time (square roots and quotients are correctly rounded either
    /// way), so the same bits.
    #[inline(always)]
    pub(crate) fn compute_world_no_scale2(
        poses: [&mut BonePose; 2],
        modes: [Inherit; 2],
        parents: [ParentWorld; 2],
        sk: SkeletonTransform,
        memos: [&mut TrigMemo; 2],
    ) {
        let [p, q] = poses;
        let u = Parents::of(parents);
        let (sx, sy) = ([sk.sx; 2], [sk.sy; 2]);
        let (sxi, syi) = ([1.0 / sk.sx; 2], [1.0 / sk.sy; 2]);
        let r = mul([p.rotation, q.rotation], [DEG_RAD; 2]);
        let (sn, cs) = sin_cos2_memo(r, memos);
        let za = mul(add(mul(u.a, cs), mul(u.b, sn)), sxi);
        let zc = mul(add(mul(u.c, cs), mul(u.d, sn)), syi);
        let norm = add(mul(za, za), mul(zc, zc));
        let s = [1.0 / norm[0].sqrt(), 1.0 / norm[1].sqrt()];
        let (za, zc) = (mul(za, s), mul(zc, s));
        // zb = −zc and zd = za, both negated again when the lane reflects.
        let sk_flip = (sk.sx < 0.0) != (sk.sy < 0.0);
        let sign = |l: usize| {
            let det = u.a[l] * u.d[l] - u.b[l] * u.c[l];
            let reflects = modes[l] == Inherit::NoScale && ((det < 0.0) != sk_flip);
            if reflects {
                0
            } else {
                1u64 << 63
            }
        };
        let flip = [sign(0), sign(1)];
        let neg = |v: [f64; 2], m: [u64; 2]| [0, 1].map(|l| f64::from_bits(v[l].to_bits() ^ m[l]));
        let zb = neg(zc, flip);
        let zd = neg(za, flip.map(|m| m ^ (1 << 63)));
        let rx = mul(add([0.0; 2], [p.shear_x, q.shear_x]), [DEG_RAD; 2]);
        // sin ±0 = ±0 and cos ±0 = 1, as `rot2` and `sin_cos` give them.
        let (srx, crx) = if rx == [0.0; 2] {
            (rx, [1.0; 2])
        } else {
            sin_cos2(rx)
        };
        let [la, lb, lc, ld] = local_matrix(crx, srx, [p, q]);
        let a = mul(add(mul(za, la), mul(zb, lc)), sx);
        let b = mul(add(mul(za, lb), mul(zb, ld)), sx);
        let c = mul(add(mul(zc, la), mul(zd, lc)), sy);
        let d = mul(add(mul(zc, lb), mul(zd, ld)), sy);
        let position = u.place([p, q]);
        store([p, q], [a, b, c, d], position);
    }
}

/// Two parents' world matrices and positions, lane by lane.
struct Parents {
    a: [f64; 2],
    b: [f64; 2],
    c: [f64; 2],
    d: [f64; 2],
    x: [f64; 2],
    y: [f64; 2],
}

impl Parents {
    #[inline(always)]
    fn of([u, v]: [ParentWorld; 2]) -> Parents {
        let lane = |k: usize| [u.m[k], v.m[k]];
        Parents {
            a: lane(0),
            b: lane(1),
            c: lane(2),
            d: lane(3),
            x: [u.pos[0], v.pos[0]],
            y: [u.pos[1], v.pos[1]],
        }
    }

    /// The bones' world positions: their local positions through the
    /// parents' transforms (`worldX = pa·x + pb·y + parent worldX`, …).
    #[inline(always)]
    fn place(&self, [p, q]: [&BonePose; 2]) -> [[f64; 2]; 2] {
        let (x, y) = ([p.x, q.x], [p.y, q.y]);
        [
            add(add(mul(self.a, x), mul(self.b, y)), self.x),
            add(add(mul(self.c, x), mul(self.d, y)), self.y),
        ]
    }
}

/// `la, lb, lc, ld` of the runtime's `updateWorldTransform` from the cosine
/// and sine of `rx` (see `rot2`: `ry` is `rx` turned by `90·degRad`) and the
/// bones' scales.
#[inline(always)]
fn local_matrix(cx: [f64; 2], sx: [f64; 2], [p, q]: [&BonePose; 2]) -> [[f64; 2]; 4] {
    let (sq, cq) = ([SIN_90; 2], [COS_90; 2]);
    let cy = sub(mul(cx, cq), mul(sx, sq));
    let sy = add(mul(sx, cq), mul(cx, sq));
    let (scale_x, scale_y) = ([p.scale_x, q.scale_x], [p.scale_y, q.scale_y]);
    [
        mul(cx, scale_x),
        mul(cy, scale_y),
        mul(sx, scale_x),
        mul(sy, scale_y),
    ]
}

/// Writes lane `l` of the matrix `[a, b, c, d]` and position into pose `l`.
#[inline(always)]
fn store(poses: [&mut BonePose; 2], [a, b, c, d]: [[f64; 2]; 4], [x, y]: [[f64; 2]; 2]) {
    for (l, pose) in poses.into_iter().enumerate() {
        (pose.a, pose.b, pose.c, pose.d) = (a[l], b[l], c[l], d[l]);
        (pose.world_x, pose.world_y) = (x[l], y[l]);
    }
}

/// Two-lane `a·b`, `a + b`, `a − b` (each lane the scalar operation).
#[inline(always)]
fn mul(a: [f64; 2], b: [f64; 2]) -> [f64; 2] {
    [a[0] * b[0], a[1] * b[1]]
}

#[inline(always)]
fn add(a: [f64; 2], b: [f64; 2]) -> [f64; 2] {
    [a[0] + b[0], a[1] + b[1]]
}

#[inline(always)]
fn sub(a: [f64; 2], b: [f64; 2]) -> [f64; 2] {
    [a[0] - b[0], a[1] - b[1]]
}
