//! `Slider.update`: a slider poses its animation at its time (or at a time
//! read from a bone property: `to + (value − from) × scale`, looped or clamped
//! at 0) with its mix, from the current applied pose (`MixFrom.current`),
//! additively when asked, into the applied poses.

use super::{anim, pose_error, ConstraintPose, MixFrom, PoseError, Skeleton};
use crate::data::SliderData;

const NO_PROPERTY: &str = "Cannot read properties of null (reading 'value')";

/// `Slider.update` of constraint `c`.
pub(super) fn update(sk: &mut Skeleton<'_>, c: usize, data: &SliderData) -> Result<(), PoseError> {
    let ConstraintPose::Slider(mut p) = *sk.constraints[c].applied() else {
        return Ok(());
    };
    if p.mix == 0.0 {
        return Ok(());
    }
    let d = sk.data;
    let Some((index, animation)) = data.animation.and_then(|a| Some((a, d.animations.get(a)?)))
    else {
        return Err(pose_error(
            "Cannot read properties of undefined (reading 'duration')",
        ));
    };
    if let Some(bone) = data.bone {
        if !sk.bones[bone].active {
            return Ok(());
        }
        if data.local {
            sk.validate_local(bone);
        }
        let property = data
            .property
            .as_ref()
            .ok_or_else(|| pose_error(NO_PROPERTY))?;
        let value = super::transform::property_value(
            property.property,
            (sk.scale_x, sk.scale_y),
            sk.bones[bone].applied(),
            data.local,
            &[0.0; 6],
            crate::math::atan2,
        );
        p.time = data.offset + (value - property.offset) * data.scale;
        if data.looped {
            p.time = animation.duration + (p.time % animation.duration);
        } else {
            p.time = if p.time.is_nan() {
                f64::NAN
            } else {
                p.time.max(0.0)
            };
        }
        if let ConstraintPose::Slider(s) = sk.constraints[c].pick_mut(true) {
            s.time = p.time;
        }
    }
    for &b in &animation.bones {
        if b < sk.bones.len() {
            sk.modify_local(b);
        }
    }
    anim::apply(
        sk,
        index,
        p.time,
        p.time,
        data.looped,
        None,
        anim::Mix {
            alpha: p.mix,
            from: MixFrom::Current,
            add: data.additive,
            out: false,
            applied: true,
        },
    )
}
