//! `IkConstraint.update` with `apply1` (one bone: compress, stretch, the
//! scale-Y modes, every inherit mode) and `apply2` (two bones: softness,
//! stretch, bend direction, uniform and non-uniform parent scale), line by
//! line from spine-core 4.3.13. Note the runtime mixes `MathUtils.PI` and
//! JavaScript's `Math.PI` here; both are kept.

use super::{pose_error, PoseError, Skeleton};
use crate::data::{IkData, IkPose, Inherit, ScaleYMode};
use crate::math::{atan2, atan2_deg, cos, js_max, js_min, signum, sin, EPSILON, PI, RAD_DEG};

const NO_PARENT: &str = "Cannot read properties of null (reading 'appliedPose')";

/// `IkConstraint.update`.
pub(super) fn update(
    sk: &mut Skeleton<'_>,
    c: usize,
    d: &IkData,
    p: &IkPose,
) -> Result<(), PoseError> {
    if p.mix == 0.0 {
        return Ok(());
    }
    let t = sk.bones[d.target].applied();
    let (tx, ty) = (t.world_x, t.world_y);
    match d.bones[..] {
        [b] => apply1(sk, b, tx, ty, p.compress, p.stretch, d.scale_y_mode, p.mix),
        [parent, child] => apply2(
            sk,
            c,
            parent,
            child,
            tx,
            ty,
            p.bend_direction,
            p.stretch,
            d.scale_y_mode,
            p.softness,
            p.mix,
        ),
        _ => Ok(()),
    }
}

fn scale_y(mode: Option<ScaleYMode>, scale_y: &mut f64, s: f64) {
    match mode {
        Some(ScaleYMode::Uniform) => *scale_y *= s,
        Some(ScaleYMode::Volume) => *scale_y /= if s < 0.7 { 0.25 + 0.642857 * s } else { s },
        _ => {}
    }
}

/// `IkConstraint.apply1` on the constrained pose of bone `i`.
#[allow(clippy::too_many_arguments)]
fn apply1(
    sk: &mut Skeleton<'_>,
    i: usize,
    target_x: f64,
    target_y: f64,
    compress: bool,
    stretch: bool,
    mode: Option<ScaleYMode>,
    mix: f64,
) -> Result<(), PoseError> {
    sk.modify_local(i);
    let parent = sk.bones[i].parent.ok_or_else(|| pose_error(NO_PARENT))?;
    let pp = *sk.bones[parent].applied();
    let (ssx, ssy) = (sk.scale_x, sk.scale_y);
    let length = sk.data.bones[i].length;
    let bone = &mut sk.bones[i].constrained;
    let (pa, mut pb, pc, mut pd) = (pp.a, pp.b, pp.c, pp.d);
    let mut rotation_ik = -bone.shear_x - bone.rotation;
    let (mut tx, mut ty) = (0.0, 0.0);
    let mut general = true;
    match bone.inherit {
        Some(Inherit::OnlyTranslation) => {
            tx = (target_x - bone.world_x) * signum(ssx);
            ty = (target_y - bone.world_y) * signum(ssy);
            general = false;
        }
        Some(Inherit::NoRotationOrReflection) => {
            let s = (pa * pd - pb * pc).abs() / js_max(EPSILON, pa * pa + pc * pc);
            let sa = pa / ssx;
            let sc = pc / ssy;
            pb = -sc * s * ssx;
            pd = sa * s * ssy;
            rotation_ik += atan2_deg(sc, sa);
        }
        _ => {}
    }
    (tx, ty) = if general {
        let x = target_x - pp.world_x;
        let y = target_y - pp.world_y;
        let d = pa * pd - pb * pc;
        if d.abs() <= EPSILON {
            (0.0, 0.0)
        } else {
            (
                (x * pd - y * pb) / d - bone.x,
                (y * pa - x * pc) / d - bone.y,
            )
        }
    } else {
        (tx, ty)
    };
    rotation_ik += atan2_deg(ty, tx);
    if bone.scale_x < 0.0 {
        rotation_ik += 180.0;
    }
    if rotation_ik > 180.0 {
        rotation_ik -= 360.0;
    } else if rotation_ik <= -180.0 {
        rotation_ik += 360.0;
    }
    bone.rotation += rotation_ik * mix;
    if compress || stretch {
        if matches!(
            bone.inherit,
            Some(Inherit::NoScale | Inherit::NoScaleOrReflection)
        ) {
            tx = target_x - bone.world_x;
            ty = target_y - bone.world_y;
        }
        let b = length * bone.scale_x;
        if b > EPSILON {
            let dd = tx * tx + ty * ty;
            if (compress && dd < b * b) || (stretch && dd > b * b) {
                let s = (dd.sqrt() / b - 1.0) * mix + 1.0;
                bone.scale_x *= s;
                scale_y(mode, &mut bone.scale_y, s);
            }
        }
    }
    Ok(())
}

/// `IkConstraint.apply2` on the constrained poses of `parent` and `child`.
#[allow(clippy::too_many_arguments)]
fn apply2(
    sk: &mut Skeleton<'_>,
    constraint: usize,
    pi: usize,
    ci: usize,
    target_x: f64,
    target_y: f64,
    bend_dir: f64,
    stretch: bool,
    mode: Option<ScaleYMode>,
    mut softness: f64,
    mix: f64,
) -> Result<(), PoseError> {
    if sk.bones[pi].constrained.inherit != Some(Inherit::Normal)
        || sk.bones[ci].constrained.inherit != Some(Inherit::Normal)
    {
        return Ok(());
    }
    sk.modify_local(pi);
    sk.modify_local(ci);
    let parent = sk.bones[pi].constrained;
    let mut child = sk.bones[ci].constrained;
    let (px, py) = (parent.x, parent.y);
    let (mut psx, mut psy, mut csx) = (parent.scale_x, parent.scale_y, child.scale_x);
    let (os1, mut s2, os2);
    if psx < 0.0 {
        psx = -psx;
        os1 = 180.0;
        s2 = -1.0;
    } else {
        os1 = 0.0;
        s2 = 1.0;
    }
    if psy < 0.0 {
        psy = -psy;
        s2 = -s2;
    }
    if csx < 0.0 {
        csx = -csx;
        os2 = 180.0;
    } else {
        os2 = 0.0;
    }
    let (mut a, mut b, mut c, mut d) = (parent.a, parent.b, parent.c, parent.d);
    let u = (psx - psy).abs() <= EPSILON;
    let (cwx, cwy);
    if !u || stretch {
        child.y = 0.0;
        cwx = a * child.x + parent.world_x;
        cwy = c * child.x + parent.world_y;
    } else {
        cwx = a * child.x + b * child.y + parent.world_x;
        cwy = c * child.x + d * child.y + parent.world_y;
    }
    let gp = sk.bones[pi].parent.ok_or_else(|| pose_error(NO_PARENT))?;
    let pp = *sk.bones[gp].applied();
    (a, b, c, d) = (pp.a, pp.b, pp.c, pp.d);
    let mut id = a * d - b * c;
    let mut x = cwx - pp.world_x;
    let mut y = cwy - pp.world_y;
    id = if id.abs() <= EPSILON { 0.0 } else { 1.0 / id };
    let dx = (x * d - y * b) * id - px;
    let dy = (y * a - x * c) * id - py;
    let l1 = (dx * dx + dy * dy).sqrt();
    let mut l2 = sk.data.bones[ci].length * csx;
    sk.bones[ci].constrained.y = child.y;
    if l1 < EPSILON {
        apply1(
            sk,
            pi,
            target_x,
            target_y,
            false,
            stretch,
            Some(ScaleYMode::None),
            mix,
        )?;
        sk.bones[ci].constrained.rotation = 0.0;
        return Ok(());
    }
    x = target_x - pp.world_x;
    y = target_y - pp.world_y;
    let mut tx = (x * d - y * b) * id - px;
    let mut ty = (y * a - x * c) * id - py;
    let mut dd = tx * tx + ty * ty;
    if softness != 0.0 {
        softness *= psx * (csx + 1.0) * 0.5;
        let td = dd.sqrt();
        let sd = td - l1 - l2 * psx + softness;
        if sd > 0.0 {
            let mut p = js_min(1.0, sd / (softness * 2.0)) - 1.0;
            p = (sd - softness * (1.0 - p * p)) / td;
            tx -= p * tx;
            ty -= p * ty;
            dd = tx * tx + ty * ty;
        }
    }
    let (a1, a2);
    let mut parent_scale: Option<f64> = None;
    'outer: {
        if u {
            l2 *= psx;
            let mut cos = (dd - l1 * l1 - l2 * l2) / (2.0 * l1 * l2);
            let (a2v, sin_a2);
            if cos < -1.0 {
                cos = -1.0;
                a2v = std::f64::consts::PI * bend_dir;
                sin_a2 = sin(a2v);
            } else if cos > 1.0 {
                cos = 1.0;
                a2v = 0.0;
                // sin(+0) is +0: no call for the straight arm.
                sin_a2 = 0.0;
                if stretch {
                    parent_scale = Some((dd.sqrt() / (l1 + l2) - 1.0) * mix + 1.0);
                }
            } else {
                a2v = cos.acos() * bend_dir;
                sin_a2 = sin(a2v);
            }
            let aa = l1 + l2 * cos;
            let bb = l2 * sin_a2;
            a1 = atan2(ty * aa - tx * bb, tx * aa + ty * bb);
            a2 = a2v;
            break 'outer;
        }
        a = psx * l2;
        b = psy * l2;
        let aa = a * a;
        let bb = b * b;
        let ta = atan2(ty, tx);
        c = bb * l1 * l1 + aa * dd - aa * bb;
        let c1 = -2.0 * bb * l1;
        let c2 = bb - aa;
        d = c1 * c1 - 4.0 * c2 * c;
        if d >= 0.0 {
            let mut q = d.sqrt();
            if c1 < 0.0 {
                q = -q;
            }
            q = -(c1 + q) * 0.5;
            let mut r0 = q / c2;
            let r1 = c / q;
            let r = if r0.abs() < r1.abs() { r0 } else { r1 };
            r0 = dd - r * r;
            if r0 >= 0.0 {
                y = r0.sqrt() * bend_dir;
                a1 = ta - atan2(y, r);
                a2 = atan2(y / psy, (r - l1) / psx);
                break 'outer;
            }
        }
        let (mut min_angle, mut min_x, mut min_y) = (PI, l1 - a, 0.0);
        let mut min_dist = min_x * min_x;
        let (mut max_angle, mut max_x, mut max_y) = (0.0, l1 + a, 0.0);
        let mut max_dist = max_x * max_x;
        c = -a * l1 / (aa - bb);
        if (-1.0..=1.0).contains(&c) {
            c = c.acos();
            x = a * cos(c) + l1;
            y = b * sin(c);
            d = x * x + y * y;
            if d < min_dist {
                min_angle = c;
                min_dist = d;
                min_x = x;
                min_y = y;
            }
            if d > max_dist {
                max_angle = c;
                max_dist = d;
                max_x = x;
                max_y = y;
            }
        }
        if dd <= (min_dist + max_dist) * 0.5 {
            a1 = ta - atan2(min_y * bend_dir, min_x);
            a2 = min_angle * bend_dir;
        } else {
            a1 = ta - atan2(max_y * bend_dir, max_x);
            a2 = max_angle * bend_dir;
        }
    }
    let pb = &mut sk.bones[pi].constrained;
    if let Some(s) = parent_scale {
        pb.scale_x *= s;
        scale_y(mode, &mut pb.scale_y, s);
    }
    // The child's local position rarely moves: its angle from the memo.
    let (y, x) = (child.y, child.x);
    let os = sk.constraints[constraint].memo.get([y, x], || atan2(y, x)) * s2;
    let mut a1 = (a1 - os) * RAD_DEG + os1 - pb.rotation;
    if a1 > 180.0 {
        a1 -= 360.0;
    } else if a1 <= -180.0 {
        a1 += 360.0;
    }
    pb.rotation += a1 * mix;
    let cb = &mut sk.bones[ci].constrained;
    let mut a2 = ((a2 + os) * RAD_DEG - cb.shear_x) * s2 + os2 - cb.rotation;
    if a2 > 180.0 {
        a2 -= 360.0;
    } else if a2 <= -180.0 {
        a2 += 360.0;
    }
    cb.rotation += a2 * mix;
    Ok(())
}
