//! Bone timelines: rotate, translate (x, y, both), scale (x, y, both, with the
//! runtime's sign handling when mixing), shear (x, y, both) and inherit.

use super::{before_first_key, relative_mix2, scale_mix, Curves, Mix, MixFrom};
use crate::data::{BoneLocal, Inherit, TimelineKind as K};
use crate::pose::{BonePose, PoseError, Skeleton};

/// The pose a bone timeline writes (`pose` or `appliedPose`, as `m` says)
/// and the bone's setup values; `None` for an inactive or absent bone, which
/// bone timelines leave alone.
#[inline(always)]
fn active_pose<'s>(
    sk: &'s mut Skeleton<'_>,
    bone: usize,
    m: Mix,
) -> Option<(&'s mut BonePose, &'s BoneLocal)> {
    let b = sk.bones.get_mut(bone).filter(|b| b.active)?;
    Some((b.pick_mut(m.applied), sk.setup.get(bone)?))
}

/// One-value bone timelines (`BoneTimeline1.apply`).
#[inline(always)]
pub(super) fn apply1(
    sk: &mut Skeleton<'_>,
    kind: &K,
    b: usize,
    c: &Curves<'_>,
    time: f64,
    m: Mix,
) -> Result<(), PoseError> {
    let Some((p, setup)) = active_pose(sk, b, m) else {
        return Ok(());
    };
    match kind {
        K::Rotate(_) => p.rotation = c.relative(time, m, p.rotation, setup.rotation),
        K::TranslateX(_) => p.x = c.relative(time, m, p.x, setup.x),
        K::TranslateY(_) => p.y = c.relative(time, m, p.y, setup.y),
        K::ScaleX(_) => p.scale_x = c.scale(time, m, p.scale_x, setup.scale_x),
        K::ScaleY(_) => p.scale_y = c.scale(time, m, p.scale_y, setup.scale_y),
        K::ShearX(_) => p.shear_x = c.relative(time, m, p.shear_x, setup.shear_x),
        K::ShearY(_) => p.shear_y = c.relative(time, m, p.shear_y, setup.shear_y),
        _ => {}
    }
    Ok(())
}

/// Two-value bone timelines: translate, scale, shear.
pub(super) fn apply2(
    sk: &mut Skeleton<'_>,
    kind: &K,
    b: usize,
    c: &Curves<'_>,
    time: f64,
    m: Mix,
) -> Result<(), PoseError> {
    let Some((p, setup)) = active_pose(sk, b, m) else {
        return Ok(());
    };
    let (px, py, sx, sy) = match kind {
        K::Translate(_) => (&mut p.x, &mut p.y, setup.x, setup.y),
        K::Scale(_) => (&mut p.scale_x, &mut p.scale_y, setup.scale_x, setup.scale_y),
        _ => (&mut p.shear_x, &mut p.shear_y, setup.shear_x, setup.shear_y),
    };
    let value = if c.before_first(time) {
        None
    } else {
        Some(c.values::<2>(time, c.search(time)))
    };
    mix2(m, matches!(kind, K::Scale(_)), [px, py], [sx, sy], value);
    Ok(())
}

/// `BoneTimeline2.apply` once the values are known (`None`: before the
/// first frame): sets `px`, `py` from the setup values `sx`, `sy`, as
/// scale (`scale`) or as translate and shear do.
#[inline(always)]
fn mix2(m: Mix, scale: bool, [px, py]: [&mut f64; 2], [sx, sy]: [f64; 2], value: Option<[f64; 2]>) {
    // Each value as `CurveTimeline1` mixes one: the same operations.
    let mix = |current: f64, setup: f64, value: Option<f64>| match value {
        None => before_first_key(m, current, setup),
        Some(v) if scale => scale_mix(m, current, setup, v),
        Some(v) => relative_mix2(m, current, setup, v),
    };
    *px = mix(*px, sx, value.map(|v| v[0]));
    *py = mix(*py, sy, value.map(|v| v[1]));
}

/// `InheritTimeline.apply`.
pub(super) fn inherit(
    sk: &mut Skeleton<'_>,
    b: usize,
    modes: &[Option<Inherit>],
    c: &Curves<'_>,
    time: f64,
    m: Mix,
) {
    let Some(bone) = sk.bones.get_mut(b) else {
        return;
    };
    if !bone.active {
        return;
    }
    let setup = sk.data.bones[b].setup.inherit;
    let p = bone.pick_mut(m.applied);
    if m.out || c.before_first(time) {
        if m.from != MixFrom::Current {
            p.inherit = setup;
        }
        return;
    }
    let i = c.search(time);
    let frame = if i < 0 { None } else { Some(i as usize / 2) };
    p.inherit = frame.and_then(|f| modes.get(f).copied().flatten());
}
