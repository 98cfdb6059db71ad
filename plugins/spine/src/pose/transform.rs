//! `TransformConstraint.update` (4.3): for each constrained bone and each
//! `properties` entry, read the source value (`From*.value`, local or world),
//! map it to each target (`to.offset + (value − from.offset) × to.scale`,
//! optionally clamped), and apply it (`To*.apply`, local or world, additive or
//! not, scaled by the mix). The source's world rotation and a bone's world
//! turn are memoised by the bits of what they come from.

use super::Skeleton;
use crate::data::{Property, TransformData, TransformPose};
use crate::math::{atan2, cos, sin, sin_cos, Memo, DEG_RAD, PI, PI2, RAD_DEG};
use crate::pose::BonePose;

fn clamp(v: f64, min: f64, max: f64) -> f64 {
    if v < min {
        min
    } else if v > max {
        max
    } else {
        v
    }
}

/// `From*.value`; `at2` is `atan2` (or a memo of it) for the world rotation.
#[inline(always)]
pub(super) fn property_value(
    p: Property,
    sk: (f64, f64),
    s: &BonePose,
    local: bool,
    o: &[f64; 6],
    at2: impl FnOnce(f64, f64) -> f64,
) -> f64 {
    let (sx, sy) = sk;
    match p {
        Property::Rotate => {
            if local {
                return s.rotation + o[0];
            }
            let off = if (s.a * s.d - s.b * s.c) * sx * sy > 0.0 {
                o[0]
            } else {
                -o[0]
            };
            let mut v = at2(s.c / sy, s.a / sx) * RAD_DEG + off;
            if v < 0.0 {
                v += 360.0;
            }
            v
        }
        Property::X => {
            if local {
                s.x + o[1]
            } else {
                (o[1] * s.a + o[2] * s.b + s.world_x) / sx
            }
        }
        Property::Y => {
            if local {
                s.y + o[2]
            } else {
                (o[1] * s.c + o[2] * s.d + s.world_y) / sy
            }
        }
        Property::ScaleX => {
            if local {
                return s.scale_x + o[3];
            }
            let (a, c) = (s.a / sx, s.c / sy);
            (a * a + c * c).sqrt() + o[3]
        }
        Property::ScaleY => {
            if local {
                return s.scale_y + o[4];
            }
            let (b, d) = (s.b / sx, s.d / sy);
            (b * b + d * d).sqrt() + o[4]
        }
        Property::ShearY => {
            if local {
                return s.shear_y + o[5];
            }
            let (ix, iy) = (1.0 / sx, 1.0 / sy);
            (atan2(s.d * iy, s.b * ix) - atan2(s.c * iy, s.a * ix)) * RAD_DEG - 90.0 + o[5]
        }
    }
}

/// `To*.apply`, or nothing when the property's mix is 0.
fn to_apply(
    p: Property,
    sk: (f64, f64),
    m: &TransformPose,
    bone: &mut BonePose,
    mut value: f64,
    data: &TransformData,
    memo: &mut Memo<4, (f64, f64)>,
) {
    let (sx, sy) = sk;
    let (local, additive) = (data.local_target, data.additive);
    match p {
        Property::Rotate => {
            if m.mix_rotate == 0.0 {
                return;
            }
            if local {
                bone.rotation += (if additive {
                    value
                } else {
                    value - bone.rotation
                }) * m.mix_rotate;
                return;
            }
            let (ix, iy) = (1.0 / sx, 1.0 / sy);
            let (a, b, c, d) = (bone.a * ix, bone.b * ix, bone.c * iy, bone.d * iy);
            let (sin, cos) = memo.get([value, c, a, m.mix_rotate], || {
                value *= DEG_RAD;
                if !additive {
                    value -= atan2(c, a);
                }
                if value > PI {
                    value -= PI2;
                } else if value < -PI {
                    value += PI2;
                }
                value *= m.mix_rotate;
                sin_cos(value)
            });
            bone.a = (cos * a - sin * c) * sx;
            bone.b = (cos * b - sin * d) * sx;
            bone.c = (sin * a + cos * c) * sy;
            bone.d = (sin * b + cos * d) * sy;
        }
        Property::X => {
            if m.mix_x == 0.0 {
                return;
            }
            if local {
                bone.x += (if additive { value } else { value - bone.x }) * m.mix_x;
            } else {
                if !additive {
                    value -= bone.world_x / sx;
                }
                bone.world_x += value * m.mix_x * sx;
            }
        }
        Property::Y => {
            if m.mix_y == 0.0 {
                return;
            }
            if local {
                bone.y += (if additive { value } else { value - bone.y }) * m.mix_y;
            } else {
                if !additive {
                    value -= bone.world_y / sy;
                }
                bone.world_y += value * m.mix_y * sy;
            }
        }
        Property::ScaleX => {
            if m.mix_scale_x == 0.0 {
                return;
            }
            if local {
                if additive {
                    bone.scale_x *= 1.0 + (value - 1.0) * m.mix_scale_x;
                } else if bone.scale_x != 0.0 {
                    bone.scale_x += (value - bone.scale_x) * m.mix_scale_x;
                }
            } else if additive {
                let s = 1.0 + (value - 1.0) * m.mix_scale_x;
                bone.a *= s;
                bone.c *= s;
            } else {
                let (a, c) = (bone.a / sx, bone.c / sy);
                let mut s = (a * a + c * c).sqrt();
                if s != 0.0 {
                    s = 1.0 + (value - s) * m.mix_scale_x / s;
                    bone.a *= s;
                    bone.c *= s;
                }
            }
        }
        Property::ScaleY => {
            if m.mix_scale_y == 0.0 {
                return;
            }
            if local {
                if additive {
                    bone.scale_y *= 1.0 + (value - 1.0) * m.mix_scale_y;
                } else if bone.scale_y != 0.0 {
                    bone.scale_y += (value - bone.scale_y) * m.mix_scale_y;
                }
            } else if additive {
                let s = 1.0 + (value - 1.0) * m.mix_scale_y;
                bone.b *= s;
                bone.d *= s;
            } else {
                let (b, d) = (bone.b / sx, bone.d / sy);
                let mut s = (b * b + d * d).sqrt();
                if s != 0.0 {
                    s = 1.0 + (value - s) * m.mix_scale_y / s;
                    bone.b *= s;
                    bone.d *= s;
                }
            }
        }
        Property::ShearY => {
            if m.mix_shear_y == 0.0 {
                return;
            }
            if local {
                if !additive {
                    value -= bone.shear_y;
                }
                bone.shear_y += value * m.mix_shear_y;
                return;
            }
            let (b, d) = (bone.b / sx, bone.d / sy);
            let by = atan2(d, b);
            value = (value + 90.0) * DEG_RAD;
            if additive {
                value -= PI / 2.0;
            } else {
                value -= by - atan2(bone.c / sy, bone.a / sx);
                if value > PI {
                    value -= PI2;
                } else if value < -PI {
                    value += PI2;
                }
            }
            value = by + value * m.mix_shear_y;
            let s = (b * b + d * d).sqrt();
            bone.b = cos(value) * s * sx;
            bone.d = sin(value) * s * sy;
        }
    }
}

/// `TransformConstraint.update` of constraint `c`.
pub(super) fn update(sk: &mut Skeleton<'_>, c: usize, d: &TransformData, p: &TransformPose) {
    if p.mix_rotate == 0.0
        && p.mix_x == 0.0
        && p.mix_y == 0.0
        && p.mix_scale_x == 0.0
        && p.mix_scale_y == 0.0
        && p.mix_shear_y == 0.0
    {
        return;
    }
    let scale = (sk.scale_x, sk.scale_y);
    if d.local_source {
        sk.validate_local(d.source);
    }
    for &b in &d.bones {
        if d.local_target {
            sk.modify_local(b);
        } else {
            sk.modify_world(b);
        }
        for from in &d.properties {
            let source = sk.bones[d.source].applied();
            // The source's world rotation through the constraint's memo.
            let memo = &mut sk.constraints[c].memo;
            let at2 = |y, x| memo.get([y, x], || atan2(y, x));
            let value = property_value(
                from.property,
                scale,
                source,
                d.local_source,
                &d.offsets,
                at2,
            ) - from.offset;
            for to in &from.to {
                // (`to_apply` does nothing when the property's mix is 0.)
                let mut clamped = to.offset + value * to.scale;
                if d.clamp {
                    clamped = if to.offset < to.max {
                        clamp(clamped, to.offset, to.max)
                    } else {
                        clamp(clamped, to.max, to.offset)
                    };
                }
                let bone = &mut sk.bones[b].constrained;
                let memo = &mut sk.constraints[c].turn;
                to_apply(to.property, scale, p, bone, clamped, d, memo);
            }
        }
    }
}

#[cfg(test)]
#[path = "transform_tests.rs"]
mod tests;
