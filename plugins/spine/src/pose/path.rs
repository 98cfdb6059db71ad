//! `PathConstraint.update` and `computeWorldPositions`, line by line from
//! spine-core 4.3.13: spacing modes (length, fixed, percent, proportional),
//! position modes, rotate modes (tangent, chain, chain scale), closed paths,
//! constant speed (curve and segment lengths by forward differencing) and the
//! attachment's `lengths` table otherwise. The scratch arrays persist between
//! updates like the runtime's (`Utils.setArraySize` keeps old contents); a
//! constant-speed path whose world vertices are what they were (same
//! attachment, same slot bone transform, no weights, no deform) keeps them,
//! their curve lengths and each curve's segment lengths instead of
//! computing the same numbers again, and
//! its positions too when the position and the spaces are also the last
//! ones; while they are kept, a chained bone keeps the sines and cosines of
//! its last turn when what they came from holds too. `computeWorldPositions`
//! is in `path_positions.rs`.

use super::{PoseError, Skeleton};
use crate::data::{AttachmentKind, PathAttachment, PathData, PathPose, RotateMode, SpacingMode};
use crate::math::{atan2, sin_cos, sin_cos2, Memo, DEG_RAD, EPSILON, PI, PI2};

/// The constraint's scratch arrays, boxed so that an update takes them out
/// of the skeleton (which `computeWorldVertices` reads meanwhile) and puts
/// them back by moving a pointer; none until the first update.
#[derive(Debug, Clone, PartialEq, Default)]
pub(crate) struct PathBuffers(Option<Box<Buffers>>);

#[derive(Debug, Clone, PartialEq, Default)]
struct Buffers {
    /// What `world` and `curves` were computed from, when it is all they
    /// depend on (see [`world_key`]).
    key: Option<WorldKey>,
    /// What `positions` were computed from besides `world` and `curves`
    /// (constant speed, `key` some): the pose's position (its bits) and the
    /// spaces.
    positions_for: Option<u64>,
    positions_spaces: Vec<f64>,
    spaces: Vec<f64>,
    positions: Vec<f64>,
    world: Vec<f64>,
    curves: Vec<f64>,
    lengths: Vec<f64>,
    segments: Vec<f64>,
    /// Per curve of the kept world vertices, its segment lengths once
    /// computed (a function of the curve's points alone); emptied when the
    /// world vertices change.
    segment_tables: Vec<Option<[f64; 10]>>,
    /// Per bone, its last turn (chain and chain-scale modes between
    /// positions apart).
    turns: Vec<Turn>,
}

/// A bone's last turn: by the bits of what it came from (`dy, dx, c, a`,
/// the mix and the offset rotation), the sines and cosines it gave.
type Turn = Memo<6, ([f64; 2], [f64; 2])>;

/// The attachment and the bits of the slot bone's world transform.
type WorldKey = (usize, [u64; 6]);

/// What a constant-speed path's world vertices (and so its curve lengths)
/// are a function of, when that is all: an unweighted path without a
/// deform is the attachment's vertices through the slot bone's world
/// transform. `None` otherwise.
fn world_key(
    sk: &Skeleton<'_>,
    slot: usize,
    attachment: usize,
    path: &PathAttachment,
) -> Option<WorldKey> {
    let s = &sk.slots[slot];
    if path.vertex.bones.is_some() || !s.applied().deform.is_empty() {
        return None;
    }
    let b = sk.bones[s.bone].applied();
    let m = [b.a, b.b, b.c, b.d, b.world_x, b.world_y];
    Some((attachment, m.map(f64::to_bits)))
}

/// `Utils.setArraySize(array, size)` (new entries are 0).
#[inline]
fn set_size(a: &mut Vec<f64>, size: usize) {
    // Sizes come from vertex counts; `cwv` refuses absurd ones before they grow.
    let size = size.min(1 << 24);
    if a.len() != size {
        a.resize(size, 0.0);
    }
}

/// `a[i]` for an integer index (`NaN` past the end).
fn at_index(a: &[f64], i: usize) -> f64 {
    a.get(i).copied().unwrap_or(f64::NAN)
}

/// `PathConstraint.update` of constraint `c` (`p` its applied pose).
pub(super) fn update(
    sk: &mut Skeleton<'_>,
    c: usize,
    data: &PathData,
    p: &PathPose,
) -> Result<(), PoseError> {
    let Some(a) = sk.slots[data.slot].applied().attachment else {
        return Ok(());
    };
    let AttachmentKind::Path(path) = &sk.data.attachments[a].kind else {
        return Ok(());
    };
    let (mix_rotate, mix_x, mix_y) = (p.mix_rotate, p.mix_x, p.mix_y);
    if mix_rotate == 0.0 && mix_x == 0.0 && mix_y == 0.0 {
        return Ok(());
    }
    let tangents = data.rotate_mode == Some(RotateMode::Tangent);
    let scale = data.rotate_mode == Some(RotateMode::ChainScale);
    let bones = &data.bones;
    let bone_count = bones.len();
    let spaces_count = if tangents { bone_count } else { bone_count + 1 };
    let mut buf = sk.constraints[c].path.0.take().unwrap_or_default();
    set_size(&mut buf.spaces, spaces_count);
    if buf.turns.len() != bone_count {
        buf.turns.resize(bone_count, Turn::default());
    }
    if scale {
        set_size(&mut buf.lengths, bone_count);
    }
    let spacing = p.spacing;
    let length_of = |sk: &Skeleton<'_>, i: usize| {
        let b = &sk.bones[bones[i]].constrained;
        let setup = sk.data.bones[bones[i]].length;
        let (x, y) = (setup * b.a, setup * b.c);
        (setup, (x * x + y * y).sqrt())
    };
    match data.spacing_mode {
        Some(SpacingMode::Percent) => {
            if scale {
                for i in 0..spaces_count.saturating_sub(1) {
                    buf.lengths[i] = length_of(sk, i).1;
                }
            }
            for s in buf.spaces.iter_mut().skip(1) {
                *s = spacing;
            }
        }
        Some(SpacingMode::Proportional) => {
            let mut sum = 0.0;
            for i in 0..spaces_count.saturating_sub(1) {
                let (setup, length) = length_of(sk, i);
                if setup < EPSILON {
                    if scale {
                        buf.lengths[i] = 0.0;
                    }
                    buf.spaces[i + 1] = spacing;
                } else {
                    if scale {
                        buf.lengths[i] = length;
                    }
                    buf.spaces[i + 1] = length;
                    sum += length;
                }
            }
            if sum > 0.0 {
                sum = spaces_count as f64 / sum * spacing;
                for s in buf.spaces.iter_mut().skip(1) {
                    *s *= sum;
                }
            }
        }
        mode => {
            let length_spacing = mode == Some(SpacingMode::Length);
            for i in 0..spaces_count.saturating_sub(1) {
                let (setup, length) = length_of(sk, i);
                if setup < EPSILON {
                    if scale {
                        buf.lengths[i] = 0.0;
                    }
                    buf.spaces[i + 1] = spacing;
                } else {
                    if scale {
                        buf.lengths[i] = length;
                    }
                    let s = if length_spacing {
                        let v = setup + spacing;
                        if v.is_nan() {
                            f64::NAN
                        } else {
                            v.max(0.0)
                        }
                    } else {
                        spacing
                    };
                    buf.spaces[i + 1] = s * length / setup;
                }
            }
        }
    }
    let kept =
        match positions::world_positions(sk, data, p, a, path, spaces_count, tangents, &mut buf) {
            Ok(kept) => kept,
            Err(e) => {
                sk.constraints[c].path.0 = Some(buf);
                return Err(e);
            }
        };
    let positions = &buf.positions;
    let (mut bone_x, mut bone_y) = (positions[0], positions[1]);
    let mut offset_rotation = data.offset_rotation;
    let tip;
    if offset_rotation == 0.0 {
        tip = data.rotate_mode == Some(RotateMode::Chain);
    } else {
        tip = false;
        let b = sk.bones[sk.slots[data.slot].bone].applied();
        offset_rotation *= if b.a * b.d - b.b * b.c > 0.0 {
            DEG_RAD
        } else {
            -DEG_RAD
        };
    }
    let mut ip = 3;
    #[allow(clippy::needless_range_loop)]
    for i in 0..bone_count {
        let bi = bones[i];
        let update = sk.update;
        {
            let b = &mut sk.bones[bi].constrained;
            b.local = update;
            b.world = update;
        }
        sk.reset_world(bi);
        let bone_len = sk.data.bones[bi].length;
        let bone = &mut sk.bones[bi].constrained;
        bone.world_x += (bone_x - bone.world_x) * mix_x;
        bone.world_y += (bone_y - bone.world_y) * mix_y;
        let (x, y) = (at_index(positions, ip), at_index(positions, ip + 1));
        let (dx, dy) = (x - bone_x, y - bone_y);
        if scale {
            let length = buf.lengths[i];
            if length != 0.0 {
                let s = ((dx * dx + dy * dy).sqrt() / length - 1.0) * mix_rotate + 1.0;
                bone.a *= s;
                bone.c *= s;
            }
        }
        bone_x = x;
        bone_y = y;
        if mix_rotate > 0.0 {
            let (a, b, c, d) = (bone.a, bone.b, bone.c, bone.d);
            // Within ±π, then mixed: the angle the bone turns by.
            let turn = |mut r: f64| {
                if r > PI {
                    r -= PI2;
                } else if r < -PI {
                    r += PI2;
                }
                r * mix_rotate
            };
            // Sines and cosines of the tip's angle (lane 0, with `tip`) and
            // of the turn (lane 1).
            let trig = |r: f64| {
                if tip {
                    sin_cos2([r, turn(r)])
                } else {
                    let (sn, cs) = sin_cos(turn(r + offset_rotation));
                    ([sn; 2], [cs; 2])
                }
            };
            let (sn, cs) = if tangents || at_index(&buf.spaces, i + 1) == 0.0 {
                let r = if tangents {
                    at_index(positions, ip - 1)
                } else {
                    at_index(positions, ip + 2)
                };
                trig(r - atan2(c, a))
            } else if !kept {
                trig(atan2(dy, dx) - atan2(c, a))
            } else {
                // From the bone's last turn when it came from the same
                // numbers (a bone that holds still; only looked up, and
                // remembered, while the path's positions hold too, so that
                // a moving chain does not pay for it).
                let inputs = [dy, dx, c, a, mix_rotate, offset_rotation];
                buf.turns[i].get(inputs, || trig(atan2(dy, dx) - atan2(c, a)))
            };
            if tip {
                bone_x += (bone_len * (cs[0] * a - sn[0] * c) - dx) * mix_rotate;
                bone_y += (bone_len * (sn[0] * a + cs[0] * c) - dy) * mix_rotate;
            }
            let (sn, cs) = (sn[1], cs[1]);
            bone.a = cs * a - sn * c;
            bone.b = cs * b - sn * d;
            bone.c = sn * a + cs * c;
            bone.d = sn * b + cs * d;
        }
        ip += 3;
    }
    sk.constraints[c].path.0 = Some(buf);
    Ok(())
}

#[path = "path_positions.rs"]
mod positions;

#[cfg(test)]
#[path = "path_tests.rs"]
mod tests;
