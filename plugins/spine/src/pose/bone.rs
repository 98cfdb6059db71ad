//! `BonePose`: a bone's local transform and world matrix, with spine-core
//! 4.3's `updateWorldTransform` (all five inherit modes), `updateLocalTransform`
//! and the `world`/`local` update stamps constraints use (`modifyLocal`,
//! `modifyWorld`, `resetWorld`, implemented on [`super::Skeleton`]).

use crate::data::{BoneLocal, Inherit};
use crate::math::{atan2_deg, sin_cos, sin_cos2, DEG_RAD, EPSILON2};
use std::mem::offset_of;

/// A bone pose: local values, world matrix, and update stamps.
///
/// Laid out for the poser's loops: the world matrix and the stamps fill the
/// first cache line, the local values the second. The matrix is stored by
/// column, `a, c, b, d`, so that `[a, c]`, `[b, d]` and `[world_x, world_y]`
/// are each a 16-byte aligned pair: a point's world x and y (`x·a + y·b +
/// worldX`, `x·c + y·d + worldY`) are then one packed multiply-add chain on
/// two lanes (see `BonePose::place`).
#[derive(Debug, Clone, Copy, PartialEq)]
#[repr(C, align(64))]
pub struct BonePose {
    /// World matrix.
    pub a: f64,
    /// World matrix.
    pub c: f64,
    /// World matrix.
    pub b: f64,
    /// World matrix.
    pub d: f64,
    /// World position.
    pub world_x: f64,
    /// World position.
    pub world_y: f64,
    /// Update stamp: the world transform is current for this update.
    pub world: u64,
    /// Update stamp: the local values are stale for this update.
    pub local: u64,
    /// Local x.
    pub x: f64,
    /// Local y.
    pub y: f64,
    /// Local rotation, degrees.
    pub rotation: f64,
    /// Local scale x.
    pub scale_x: f64,
    /// Local scale y.
    pub scale_y: f64,
    /// Local shear x.
    pub shear_x: f64,
    /// Local shear y.
    pub shear_y: f64,
    /// Inherit mode (`None`: unresolved; the world matrix is then left as is).
    pub inherit: Option<Inherit>,
}

impl Default for BonePose {
    fn default() -> BonePose {
        BonePose {
            x: 0.0,
            y: 0.0,
            rotation: 0.0,
            scale_x: 0.0,
            scale_y: 0.0,
            shear_x: 0.0,
            shear_y: 0.0,
            inherit: Some(Inherit::Normal),
            a: 0.0,
            b: 0.0,
            c: 0.0,
            d: 0.0,
            world_x: 0.0,
            world_y: 0.0,
            world: 0,
            local: 0,
        }
    }
}

// `BonePose::place` reads `[a, c]`, `[b, d]` and `[world_x, world_y]` as
// aligned pairs.
const _: () = assert!(
    offset_of!(BonePose, c) == offset_of!(BonePose, a) + 8
        && offset_of!(BonePose, d) == offset_of!(BonePose, b) + 8
        && offset_of!(BonePose, world_y) == offset_of!(BonePose, world_x) + 8
        && offset_of!(BonePose, a) % 16 == 0
        && offset_of!(BonePose, b) % 16 == 0
        && offset_of!(BonePose, world_x) % 16 == 0
);

/// The parent's world matrix and position.
#[derive(Debug, Clone, Copy)]
pub struct ParentWorld {
    /// a, b, c, d.
    pub m: [f64; 4],
    /// worldX, worldY.
    pub pos: [f64; 2],
}

/// The skeleton's transform: scaleX, scaleY (y up), x, y.
#[derive(Debug, Clone, Copy)]
pub struct SkeletonTransform {
    /// Scale x.
    pub sx: f64,
    /// Scale y.
    pub sy: f64,
    /// Position x.
    pub x: f64,
    /// Position y.
    pub y: f64,
}

impl BonePose {
    /// `set(pose)`: copies the local values only.
    pub fn set_local(&mut self, l: &BoneLocal) {
        self.x = l.x;
        self.y = l.y;
        self.rotation = l.rotation;
        self.scale_x = l.scale_x;
        self.scale_y = l.scale_y;
        self.shear_x = l.shear_x;
        self.shear_y = l.shear_y;
        self.inherit = l.inherit;
    }

    /// The local values (`BonePose` is a `BoneLocal` in spine-core 4.3).
    pub fn local_values(&self) -> BoneLocal {
        BoneLocal {
            x: self.x,
            y: self.y,
            rotation: self.rotation,
            scale_x: self.scale_x,
            scale_y: self.scale_y,
            shear_x: self.shear_x,
            shear_y: self.shear_y,
            inherit: self.inherit,
        }
    }

    /// `set(pose)` from another pose: its local values only.
    pub fn set_from(&mut self, p: &BonePose) {
        self.set_local(&p.local_values());
    }

    /// `[x·a + y·b + worldX, x·c + y·d + worldY]` for the lane pairs `x`
    /// and `y` (points through the world transform; the vertex loops pass
    /// the same point in both lanes): written lane by lane over the
    /// adjacent pairs of the layout so that the compiler packs it into
    /// two-lane operations. Each lane is exactly the runtime's scalar
    /// expression (same order, no fused multiply-add), so the same bits.
    #[inline(always)]
    pub(crate) fn place(&self, x: [f64; 2], y: [f64; 2]) -> [f64; 2] {
        [
            x[0] * self.a + y[0] * self.b + self.world_x,
            x[1] * self.c + y[1] * self.d + self.world_y,
        ]
    }

    /// Whether `updateWorldTransform` takes its commonest path for this
    /// pose in update `update`: the normal inherit mode with the local
    /// values current (the bone must also have a parent).
    #[inline(always)]
    pub(crate) fn takes_normal_path(&self, update: u64) -> bool {
        self.local != update && self.inherit == Some(Inherit::Normal)
    }

    /// The world part, for a child.
    pub fn world_of(&self) -> ParentWorld {
        ParentWorld {
            m: [self.a, self.b, self.c, self.d],
            pos: [self.world_x, self.world_y],
        }
    }

    /// [`BonePose::compute_world`] for a bone with a parent (`[a, b, c, d,
    /// worldX, worldY]`) and the normal inherit mode: the same arithmetic.
    #[inline(always)]
    pub(crate) fn compute_world_normal(&mut self, parent: ParentWorld, memo: &mut TrigMemo) {
        let ParentWorld {
            m: [pa, pb, pc, pd],
            pos: [px, py],
        } = parent;
        self.world_x = pa * self.x + pb * self.y + px;
        self.world_y = pc * self.x + pd * self.y + py;
        let [cx, sx_, cy, sy_] = rot2(self.rotation, self.shear_x, self.shear_y, memo);
        let la = cx * self.scale_x;
        let lb = cy * self.scale_y;
        let lc = sx_ * self.scale_x;
        let ld = sy_ * self.scale_y;
        self.a = pa * la + pb * lc;
        self.b = pa * lb + pb * ld;
        self.c = pc * la + pd * lc;
        self.d = pc * lb + pd * ld;
    }

    /// `updateWorldTransform` after the stamp handling.
    pub fn compute_world(&mut self, parent: Option<ParentWorld>, sk: SkeletonTransform) {
        self.compute_world_memo(parent, sk, &mut TrigMemo::default());
    }

    /// [`BonePose::compute_world`] with the bone's last sine and cosine at
    /// hand (`memo`).
    #[inline]
    pub(crate) fn compute_world_memo(
        &mut self,
        parent: Option<ParentWorld>,
        sk: SkeletonTransform,
        memo: &mut TrigMemo,
    ) {
        let (rotation, scale_x, scale_y, shear_x, shear_y) = (
            self.rotation,
            self.scale_x,
            self.scale_y,
            self.shear_x,
            self.shear_y,
        );
        let Some(p) = parent else {
            let (sx, sy) = (sk.sx, sk.sy);
            let [cx, sx_, cy, sy_] = rot2(rotation, shear_x, shear_y, memo);
            self.a = cx * scale_x * sx;
            self.b = cy * scale_y * sx;
            self.c = sx_ * scale_x * sy;
            self.d = sy_ * scale_y * sy;
            self.world_x = self.x * sx + sk.x;
            self.world_y = self.y * sy + sk.y;
            return;
        };
        let [mut pa, mut pb, mut pc, mut pd] = p.m;
        self.world_x = pa * self.x + pb * self.y + p.pos[0];
        self.world_y = pc * self.x + pd * self.y + p.pos[1];
        match self.inherit {
            Some(Inherit::Normal) => {
                let [cx, sx_, cy, sy_] = rot2(rotation, shear_x, shear_y, memo);
                let la = cx * scale_x;
                let lb = cy * scale_y;
                let lc = sx_ * scale_x;
                let ld = sy_ * scale_y;
                self.a = pa * la + pb * lc;
                self.b = pa * lb + pb * ld;
                self.c = pc * la + pd * lc;
                self.d = pc * lb + pd * ld;
            }
            Some(Inherit::OnlyTranslation) => {
                let [cx, sx_, cy, sy_] = rot2(rotation, shear_x, shear_y, memo);
                self.a = cx * scale_x * sk.sx;
                self.b = cy * scale_y * sk.sx;
                self.c = sx_ * scale_x * sk.sy;
                self.d = sy_ * scale_y * sk.sy;
            }
            Some(Inherit::NoRotationOrReflection) => {
                let (sx, sy) = (sk.sx, sk.sy);
                let (sxi, syi) = (1.0 / sx, 1.0 / sy);
                pa *= sxi;
                pc *= syi;
                let mut s = pa * pa + pc * pc;
                let r;
                if s > EPSILON2 {
                    s = (pa * pd * syi - pb * sxi * pc).abs() / s;
                    pb = pc * s;
                    pd = pa * s;
                    r = rotation - atan2_deg(pc, pa);
                } else {
                    pa = 0.0;
                    pc = 0.0;
                    r = rotation - 90.0 + atan2_deg(pd, pb);
                }
                let [cx, sx_, cy, sy_] = rot2(r, shear_x, shear_y, memo);
                let la = cx * scale_x;
                let lb = cy * scale_y;
                let lc = sx_ * scale_x;
                let ld = sy_ * scale_y;
                self.a = (pa * la - pb * lc) * sx;
                self.b = (pa * lb - pb * ld) * sx;
                self.c = (pc * la + pd * lc) * sy;
                self.d = (pc * lb + pd * ld) * sy;
            }
            Some(mode @ (Inherit::NoScale | Inherit::NoScaleOrReflection)) => {
                let (sx, sy) = (sk.sx, sk.sy);
                let (sxi, syi) = (1.0 / sx, 1.0 / sy);
                let r = rotation * DEG_RAD;
                let (sn, cs) = memo.sin_cos(r);
                let mut za = (pa * cs + pb * sn) * sxi;
                let mut zc = (pc * cs + pd * sn) * syi;
                let s = 1.0 / (za * za + zc * zc).sqrt();
                za *= s;
                zc *= s;
                let (mut zb, mut zd) = (-zc, za);
                if mode == Inherit::NoScale
                    && ((pa * pd - pb * pc < 0.0) != ((sx < 0.0) != (sy < 0.0)))
                {
                    zb = -zb;
                    zd = -zd;
                }
                let [cx, sx_, cy, sy_] = rot2(0.0, shear_x, shear_y, &mut TrigMemo::default());
                let la = cx * scale_x;
                let lb = cy * scale_y;
                let lc = sx_ * scale_x;
                let ld = sy_ * scale_y;
                self.a = (za * la + zb * lc) * sx;
                self.b = (za * lb + zb * ld) * sx;
                self.c = (zc * la + zd * lc) * sy;
                self.d = (zc * lb + zd * ld) * sy;
            }
            None => {}
        }
    }

    /// `updateLocalTransform` after the stamp handling: local values from the
    /// world matrix.
    pub fn compute_local(&mut self, parent: Option<ParentWorld>, sk: SkeletonTransform) {
        let (sx, sy) = (sk.sx, sk.sy);
        let Some(p) = parent else {
            let (sxi, syi) = (1.0 / sx, 1.0 / sy);
            self.x = (self.world_x - sk.x) * sxi;
            self.y = (self.world_y - sk.y) * syi;
            self.set5(self.a * sxi, self.b * sxi, self.c * syi, self.d * syi, 0.0);
            return;
        };
        let [mut pa, pb, mut pc, pd] = p.m;
        let pad = pa * pd - pb * pc;
        let pid = 1.0 / (pa * pd - pb * pc);
        let (ia, ib, ic, id) = (pd * pid, pb * pid, pc * pid, pa * pid);
        let dx = self.world_x - p.pos[0];
        let dy = self.world_y - p.pos[1];
        self.x = dx * ia - dy * ib;
        self.y = dy * id - dx * ic;
        match self.inherit {
            Some(Inherit::Normal) => self.set5(
                ia * self.a - ib * self.c,
                ia * self.b - ib * self.d,
                id * self.c - ic * self.a,
                id * self.d - ic * self.b,
                0.0,
            ),
            Some(Inherit::OnlyTranslation) => {
                let (sxi, syi) = (1.0 / sx, 1.0 / sy);
                self.set5(self.a * sxi, self.b * sxi, self.c * syi, self.d * syi, 0.0);
            }
            Some(Inherit::NoRotationOrReflection) => {
                let (sxi, syi) = (1.0 / sx, 1.0 / sy);
                pa *= sxi;
                pc *= syi;
                let (wa, wb, wc, wd) = (self.a * sxi, self.b * sxi, self.c * syi, self.d * syi);
                let s = 1.0 / (pa * pa + pc * pc);
                let det = 1.0 / (pad * sxi * syi).abs();
                self.set5(
                    (pa * wa + pc * wc) * s,
                    (pa * wb + pc * wd) * s,
                    (pa * wc - pc * wa) * det,
                    (pa * wd - pc * wb) * det,
                    atan2_deg(pc, pa),
                );
            }
            Some(mode @ (Inherit::NoScale | Inherit::NoScaleOrReflection)) => {
                let (sxi, syi) = (1.0 / sx, 1.0 / sy);
                let (wa, wb, wc, wd) = (self.a * sxi, self.b * sxi, self.c * syi, self.d * syi);
                let mut tx = pd * self.a - pb * self.c;
                let mut ty = pa * self.c - pc * self.a;
                if pad < 0.0 {
                    tx = -tx;
                    ty = -ty;
                }
                let mut r = atan2_deg(ty, tx);
                self.rotation = r;
                r *= DEG_RAD;
                let (sn, cs) = sin_cos(r);
                let mut za = (pa * cs + pb * sn) * sxi;
                let mut zc = (pc * cs + pd * sn) * syi;
                let s = 1.0 / (za * za + zc * zc).sqrt();
                za *= s;
                zc *= s;
                let si = if mode == Inherit::NoScale && ((pad < 0.0) != ((sx < 0.0) != (sy < 0.0)))
                {
                    -1.0
                } else {
                    1.0
                };
                self.set4(
                    za * wa + zc * wc,
                    za * wb + zc * wd,
                    (za * wc - zc * wa) * si,
                    (za * wd - zc * wb) * si,
                );
            }
            None => {}
        }
    }

    fn set4(&mut self, ra: f64, rb: f64, rc: f64, rd: f64) {
        let x = ra * ra + rc * rc;
        let y = rb * rb + rd * rd;
        if x > EPSILON2 {
            self.shear_x = atan2_deg(rc, ra);
            self.scale_x = x.sqrt();
        } else {
            self.shear_x = 0.0;
            self.scale_x = 0.0;
        }
        self.scale_y = y.sqrt();
        if y > EPSILON2 {
            self.shear_y = atan2_deg(rd, rb);
            if ra * rd - rb * rc < 0.0 {
                self.scale_y = -self.scale_y;
                self.shear_y += 90.0;
            } else {
                self.shear_y -= 90.0;
            }
            wrap_shear(&mut self.shear_y);
        } else {
            self.shear_y = 0.0;
        }
    }

    fn set5(&mut self, ra: f64, rb: f64, rc: f64, rd: f64, ro: f64) {
        self.shear_x = 0.0;
        let x = ra * ra + rc * rc;
        let y = rb * rb + rd * rd;
        if x > EPSILON2 {
            let r = atan2_deg(rc, ra);
            self.rotation = r + ro;
            self.scale_x = x.sqrt();
            self.scale_y = y.sqrt();
            if y > EPSILON2 {
                self.shear_y = atan2_deg(rd, rb);
                if ra * rd - rb * rc < 0.0 {
                    self.scale_y = -self.scale_y;
                    self.shear_y += 90.0 - r;
                } else {
                    self.shear_y -= 90.0 + r;
                }
                wrap_shear(&mut self.shear_y);
            } else {
                self.shear_y = 0.0;
            }
        } else {
            self.scale_x = 0.0;
            self.scale_y = y.sqrt();
            self.shear_y = 0.0;
            self.rotation = if y > EPSILON2 {
                atan2_deg(rd, rb) - 90.0 + ro
            } else {
                ro
            };
        }
    }
}

/// A bone's last `sin_cos` argument (its bits) and results: bones whose
/// rotation did not change since the last frame (unkeyed, stepped, or
/// constant keys) skip the trigonometry and get the same numbers.
#[derive(Debug, Clone, Copy)]
pub(crate) struct TrigMemo {
    x: u64,
    sin: f64,
    cos: f64,
}

impl Default for TrigMemo {
    fn default() -> TrigMemo {
        // sin and cos of NaN are NaN: an honest entry.
        TrigMemo {
            x: f64::NAN.to_bits(),
            sin: f64::NAN,
            cos: f64::NAN,
        }
    }
}

impl TrigMemo {
    /// `sin_cos(x)`, from the memo when `x` is bit for bit the last argument.
    #[inline]
    pub(crate) fn sin_cos(&mut self, x: f64) -> (f64, f64) {
        if x.to_bits() != self.x {
            let (sin, cos) = sin_cos(x);
            *self = TrigMemo {
                x: x.to_bits(),
                sin,
                cos,
            };
        }
        (self.sin, self.cos)
    }
}

/// `sin_cos2(x)` through two bones' memos: from them when both lanes hit,
/// else computed (two lanes) and remembered.
#[inline(always)]
pub(super) fn sin_cos2_memo(x: [f64; 2], memos: [&mut TrigMemo; 2]) -> ([f64; 2], [f64; 2]) {
    let [mp, mq] = memos;
    if x[0].to_bits() == mp.x && x[1].to_bits() == mq.x {
        return ([mp.sin, mq.sin], [mp.cos, mq.cos]);
    }
    let (s, c) = sin_cos2(x);
    for (l, m) in [mp, mq].into_iter().enumerate() {
        *m = TrigMemo {
            x: x[l].to_bits(),
            sin: s[l],
            cos: c[l],
        };
    }
    (s, c)
}

/// `Math.cos(90 · degRad)` (checked by a test).
pub(super) const COS_90: f64 = -2.3205103333142417e-08;
/// `Math.sin(90 · degRad)` (checked by a test).
pub(super) const SIN_90: f64 = 0.9999999999999998;

/// `cos rx, sin rx, cos ry, sin ry` for `rx = (rotation + shearX)·degRad` and
/// `ry = (rotation + 90 + shearY)·degRad`. When the shears are equal (nearly
/// always) `ry = rx + 90·degRad` exactly in real arithmetic, so one `sincos`
/// and a rotation by the constant `90·degRad` (its cosine is the runtime's
/// famous −2.3e-8, kept) give both: the results differ from two calls by a
/// few ulps, and the trigonometry, the poser's largest cost, halves.
#[inline]
fn rot2(rotation: f64, shear_x: f64, shear_y: f64, memo: &mut TrigMemo) -> [f64; 4] {
    let rx = (rotation + shear_x) * DEG_RAD;
    // sin ±0 = ±0 and cos ±0 = 1, as `sin_cos` gives them.
    let (srx, crx) = if rx == 0.0 {
        (rx, 1.0)
    } else {
        memo.sin_cos(rx)
    };
    if shear_x == shear_y {
        let (sq, cq) = (SIN_90, COS_90);
        return [crx, srx, crx * cq - srx * sq, srx * cq + crx * sq];
    }
    let ry = (rotation + 90.0 + shear_y) * DEG_RAD;
    let (sry, cry) = sin_cos(ry);
    [crx, srx, cry, sry]
}

fn wrap_shear(v: &mut f64) {
    if *v > 180.0 {
        *v -= 360.0;
    } else if *v <= -180.0 {
        *v += 360.0;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::math::{cos, sin, sin_cos, sin_cos_fdlibm};

    #[test]
    fn a_zero_angle_is_sin_cos_of_zero() {
        for (r, sh) in [(0.0f64, 0.0f64), (-0.0, 0.0), (0.0, -0.0), (-0.0, -0.0)] {
            let (s, c) = sin_cos((r + sh) * DEG_RAD);
            let [cx, sx, _, _] = rot2(r, sh, 1.0, &mut TrigMemo::default());
            assert_eq!((sx.to_bits(), cx.to_bits()), (s.to_bits(), c.to_bits()));
        }
    }

    #[test]
    fn the_quarter_turn_constants_are_the_runtimes() {
        // fdlibm's, the runtime's; ours agree to an ulp.
        let (s, c) = sin_cos_fdlibm(90.0 * DEG_RAD);
        assert_eq!((COS_90, SIN_90), (c, s));
        assert!((cos(90.0 * DEG_RAD) - COS_90).abs() <= f64::EPSILON * 0.03);
        assert!((sin(90.0 * DEG_RAD) - SIN_90).abs() <= f64::EPSILON);
        // One sincos and a rotation agree with two calls to a few ulps.
        for k in -720..720 {
            let r = f64::from(k) * 0.731;
            let [_, _, cy, sy] = rot2(r, 3.0, 3.0, &mut TrigMemo::default());
            let ry = (r + 90.0 + 3.0) * DEG_RAD;
            assert!(
                (cy - cos(ry)).abs() < 1e-13 && (sy - sin(ry)).abs() < 1e-13,
                "{r}"
            );
        }
    }
}
