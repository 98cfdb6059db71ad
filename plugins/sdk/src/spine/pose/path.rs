//! `PathConstraint.update` and `computeWorldPositions`, line by line from
//! spine-core 4.3.13: spacing modes (length, fixed, percent, proportional),
//! position modes, rotate modes (tangent, chain, chain scale), closed paths,
//! constant speed (curve and segment lengths by forward differencing) and the
//! attachment's `lengths` table otherwise. The scratch arrays persist between
//! updates like the runtime's (`Utils.setArraySize` keeps old contents); a
//! constant-speed path whose world vertices are what they were (same
//! attachment, same slot bone transform, no weights, no deform) keeps them
//! and their curve lengths instead of computing the same numbers again.

use super::{PoseError, Skeleton};
use crate::spine::data::{
    AttachmentKind, PathAttachment, PathData, PathPose, PositionMode, RotateMode, SpacingMode,
};
use crate::spine::math::{atan2, cos, sin, sin_cos, sin_cos2, DEG_RAD, EPSILON, PI, PI2};

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
    spaces: Vec<f64>,
    positions: Vec<f64>,
    world: Vec<f64>,
    curves: Vec<f64>,
    lengths: Vec<f64>,
    segments: Vec<f64>,
}

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

fn at(a: &[f64], i: f64) -> f64 {
    if i >= 0.0 && i.fract() == 0.0 {
        a.get(i as usize).copied().unwrap_or(f64::NAN)
    } else {
        f64::NAN
    }
}

/// `a[i]` for an integer index (`NaN` past the end).
fn at_index(a: &[f64], i: usize) -> f64 {
    a.get(i).copied().unwrap_or(f64::NAN)
}

/// `a[i] = v`, growing `a` (with NaNs) like a JavaScript array.
#[inline]
fn put(a: &mut Vec<f64>, i: usize, v: f64) {
    if let Some(slot) = a.get_mut(i) {
        *slot = v;
    } else {
        a.resize(i + 1, f64::NAN);
        a[i] = v;
    }
}

/// `a[k..k + N]`, one check for the whole window (`NaN` past the end).
#[inline]
fn window<const N: usize>(a: &[f64], k: usize) -> [f64; N] {
    match a.get(k..k.saturating_add(N)) {
        Some(w) => std::array::from_fn(|j| w[j]),
        None => std::array::from_fn(|j| at_index(a, k + j)),
    }
}

/// JavaScript's `p % length` (`fmod`), without the call when `|p| < length`
/// (then it is `p`).
#[inline]
fn rem(p: f64, length: f64) -> f64 {
    if p.abs() < length {
        p
    } else {
        p % length
    }
}

const NONE: i64 = -1;
const BEFORE: i64 = -2;
const AFTER: i64 = -3;

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
    let result = world_positions(sk, data, p, a, path, spaces_count, tangents, &mut buf);
    if let Err(e) = result {
        sk.constraints[c].path.0 = Some(buf);
        return Err(e);
    }
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
            let mut r = if tangents {
                at_index(positions, ip - 1)
            } else if at_index(&buf.spaces, i + 1) == 0.0 {
                at_index(positions, ip + 2)
            } else {
                atan2(dy, dx)
            };
            r -= atan2(c, a);
            // Within ±π, then mixed: the angle the bone turns by.
            let turn = |mut r: f64| {
                if r > PI {
                    r -= PI2;
                } else if r < -PI {
                    r += PI2;
                }
                r * mix_rotate
            };
            let (sn, cs) = if tip {
                // The tip's angle and the turn, side by side.
                let (sn, cs) = sin_cos2([r, turn(r)]);
                bone_x += (bone_len * (cs[0] * a - sn[0] * c) - dx) * mix_rotate;
                bone_y += (bone_len * (sn[0] * a + cs[0] * c) - dy) * mix_rotate;
                (sn[1], cs[1])
            } else {
                sin_cos(turn(r + offset_rotation))
            };
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

/// `path.computeWorldVertices(skeleton, slot, start, count, world, offset, 2)`.
fn cwv(
    sk: &Skeleton<'_>,
    slot: usize,
    path: &PathAttachment,
    start: f64,
    count: f64,
    world: &mut Vec<f64>,
    offset: usize,
) -> Result<(), PoseError> {
    if !(start >= 0.0 && count >= 0.0 && start.is_finite() && count.is_finite()) {
        let n = if count.is_finite() && count > 0.0 {
            count as usize
        } else {
            0
        };
        for k in 0..n {
            put(world, offset + k, f64::NAN);
        }
        return Ok(());
    }
    sk.vertex_world_range(
        slot,
        &path.vertex,
        start as usize,
        count as usize,
        world,
        offset,
    )
}

#[allow(clippy::too_many_lines, clippy::too_many_arguments)]
fn world_positions(
    sk: &Skeleton<'_>,
    data: &PathData,
    p: &PathPose,
    attachment: usize,
    path: &PathAttachment,
    spaces_count: usize,
    tangents: bool,
    buf: &mut Buffers,
) -> Result<(), PoseError> {
    let slot = data.slot;
    let mut position = p.position;
    set_size(&mut buf.positions, spaces_count * 3 + 2);
    let closed = path.closed;
    let mut vertices_length = path.vertex.world_vertices_length;
    let mut curve_count = vertices_length / 6.0;
    let mut prev_curve = NONE;
    let out = &mut buf.positions;
    if !path.constant_speed {
        buf.key = None;
        let lengths = &path.lengths;
        curve_count -= if closed { 1.0 } else { 2.0 };
        let path_length = at(lengths, curve_count);
        if data.position_mode == Some(PositionMode::Percent) {
            position *= path_length;
        }
        let multiplier = match data.spacing_mode {
            Some(SpacingMode::Percent) => path_length,
            Some(SpacingMode::Proportional) => path_length / spaces_count as f64,
            _ => 1.0,
        };
        set_size(&mut buf.world, 8);
        let world = &mut buf.world;
        let mut curve: usize = 0;
        for i in 0..spaces_count {
            let o = i * 3;
            let space = buf.spaces[i] * multiplier;
            position += space;
            let mut pp = position;
            if closed {
                pp = rem(pp, path_length);
                if pp < 0.0 {
                    pp += path_length;
                }
                curve = 0;
            } else if pp < 0.0 {
                if prev_curve != BEFORE {
                    prev_curve = BEFORE;
                    cwv(sk, slot, path, 2.0, 4.0, world, 0)?;
                }
                add_before(pp, world, 0, out, o);
                continue;
            } else if pp > path_length {
                if prev_curve != AFTER {
                    prev_curve = AFTER;
                    cwv(sk, slot, path, vertices_length - 6.0, 4.0, world, 0)?;
                }
                add_after(pp - path_length, world, 0, out, o);
                continue;
            }
            loop {
                let length = at_index(lengths, curve);
                if pp > length {
                    curve += 1;
                    continue;
                }
                if curve == 0 {
                    pp /= length;
                } else {
                    let prev = at_index(lengths, curve - 1);
                    pp = (pp - prev) / (length - prev);
                }
                break;
            }
            if curve as i64 != prev_curve {
                prev_curve = curve as i64;
                if closed && curve as f64 == curve_count {
                    cwv(sk, slot, path, vertices_length - 4.0, 4.0, world, 0)?;
                    cwv(sk, slot, path, 0.0, 4.0, world, 4)?;
                } else {
                    cwv(sk, slot, path, (curve * 6 + 2) as f64, 8.0, world, 0)?;
                }
            }
            let w = |k: usize| world.get(k).copied().unwrap_or(f64::NAN);
            add_curve(
                pp,
                [w(0), w(1), w(2), w(3), w(4), w(5), w(6), w(7)],
                out,
                o,
                tangents || (i > 0 && space == 0.0),
            );
        }
        return Ok(());
    }
    // Constant speed: world vertices, then curve lengths.
    if closed {
        vertices_length += 2.0;
    } else {
        curve_count -= 1.0;
        vertices_length -= 4.0;
    }
    // When they are a function of `world_key` and that has not changed since
    // the last update, the last ones stand (the same numbers).
    let key = world_key(sk, slot, attachment, path);
    let path_length = if key.is_some() && key == buf.key {
        buf.curves.last().copied().unwrap_or(0.0)
    } else {
        buf.key = None;
        let length = curve_lengths(
            sk,
            slot,
            path,
            vertices_length,
            curve_count,
            &mut buf.world,
            &mut buf.curves,
        )?;
        buf.key = key;
        length
    };
    let world = &buf.world;
    if data.position_mode == Some(PositionMode::Percent) {
        position *= path_length;
    }
    let multiplier = match data.spacing_mode {
        Some(SpacingMode::Percent) => path_length,
        Some(SpacingMode::Proportional) => path_length / spaces_count as f64,
        _ => 1.0,
    };
    let seg_len = buf.segments.len().max(10);
    set_size(&mut buf.segments, seg_len);
    let segments = &mut buf.segments;
    let curves = &buf.curves;
    let mut curve_length = 0.0;
    let (mut curve, mut segment) = (0usize, 0usize);
    let (mut x1, mut y1) = (0.0, 0.0);
    let (mut cx1, mut cy1, mut cx2, mut cy2, mut x2, mut y2) = (0.0, 0.0, 0.0, 0.0, 0.0, 0.0);
    for i in 0..spaces_count {
        let o = i * 3;
        let space = buf.spaces[i] * multiplier;
        position += space;
        let mut pp = position;
        if closed {
            pp = rem(pp, path_length);
            if pp < 0.0 {
                pp += path_length;
            }
            curve = 0;
            segment = 0;
        } else if pp < 0.0 {
            add_before(pp, world, 0, out, o);
            continue;
        } else if pp > path_length {
            let k = (vertices_length - 4.0).max(0.0) as usize;
            add_after(pp - path_length, world, k, out, o);
            continue;
        }
        loop {
            let length = at_index(curves, curve);
            if pp > length {
                curve += 1;
                continue;
            }
            if curve == 0 {
                pp /= length;
            } else {
                let prev = at_index(curves, curve - 1);
                pp = (pp - prev) / (length - prev);
            }
            break;
        }
        if curve as i64 != prev_curve {
            prev_curve = curve as i64;
            let ii = curve * 6;
            [x1, y1, cx1, cy1, cx2, cy2, x2, y2] = window(world, ii);
            let tmpx = (x1 - cx1 * 2.0 + cx2) * 0.03;
            let tmpy = (y1 - cy1 * 2.0 + cy2) * 0.03;
            let dddfx = ((cx1 - cx2) * 3.0 - x1 + x2) * 0.006;
            let dddfy = ((cy1 - cy2) * 3.0 - y1 + y2) * 0.006;
            let mut ddfx = tmpx * 2.0 + dddfx;
            let mut ddfy = tmpy * 2.0 + dddfy;
            let mut dfx = (cx1 - x1) * 0.3 + tmpx + dddfx * 0.16666667;
            let mut dfy = (cy1 - y1) * 0.3 + tmpy + dddfy * 0.16666667;
            curve_length = (dfx * dfx + dfy * dfy).sqrt();
            segments[0] = curve_length;
            for s in segments.iter_mut().take(8).skip(1) {
                dfx += ddfx;
                dfy += ddfy;
                ddfx += dddfx;
                ddfy += dddfy;
                curve_length += (dfx * dfx + dfy * dfy).sqrt();
                *s = curve_length;
            }
            dfx += ddfx;
            dfy += ddfy;
            curve_length += (dfx * dfx + dfy * dfy).sqrt();
            segments[8] = curve_length;
            dfx += ddfx + dddfx;
            dfy += ddfy + dddfy;
            curve_length += (dfx * dfx + dfy * dfy).sqrt();
            segments[9] = curve_length;
            segment = 0;
        }
        pp *= curve_length;
        loop {
            let length = at_index(segments, segment);
            if pp > length {
                segment += 1;
                continue;
            }
            if segment == 0 {
                pp /= length;
            } else {
                let prev = at_index(segments, segment - 1);
                pp = segment as f64 + (pp - prev) / (length - prev);
            }
            break;
        }
        add_curve(
            pp * 0.1,
            [x1, y1, cx1, cy1, cx2, cy2, x2, y2],
            out,
            o,
            tangents || (i > 0 && space == 0.0),
        );
    }
    Ok(())
}

/// `computeWorldPositions` for a constant-speed path, its first part: the
/// world vertices into `world` (`vertices_length` of them, the first point
/// repeated at the end when closed) and each curve's length, accumulated,
/// into `curves`; the path's length.
#[inline]
fn curve_lengths(
    sk: &Skeleton<'_>,
    slot: usize,
    path: &PathAttachment,
    vertices_length: f64,
    curve_count: f64,
    world: &mut Vec<f64>,
    curves: &mut Vec<f64>,
) -> Result<f64, PoseError> {
    if path.closed {
        set_size(world, vertices_length.max(0.0) as usize);
        cwv(sk, slot, path, 2.0, vertices_length - 4.0, world, 0)?;
        let off = (vertices_length - 4.0).max(0.0) as usize;
        cwv(sk, slot, path, 0.0, 2.0, world, off)?;
        let (w0, w1) = (at(world, 0.0), at(world, 1.0));
        let n = vertices_length.max(0.0) as usize;
        if n >= 2 {
            put(world, n - 2, w0);
            put(world, n - 1, w1);
        }
    } else {
        set_size(world, vertices_length.max(0.0) as usize);
        cwv(sk, slot, path, 2.0, vertices_length, world, 0)?;
    }
    // Curve lengths.
    let cc = if curve_count > 0.0 {
        curve_count.ceil() as usize
    } else {
        0
    };
    set_size(curves, cc);
    let mut path_length = 0.0;
    let [mut x1, mut y1] = window(world, 0);
    let mut w = 2;
    for curve in curves.iter_mut() {
        let [cx1, cy1, cx2, cy2, x2, y2] = window(world, w);
        let tmpx = (x1 - cx1 * 2.0 + cx2) * 0.1875;
        let tmpy = (y1 - cy1 * 2.0 + cy2) * 0.1875;
        let dddfx = ((cx1 - cx2) * 3.0 - x1 + x2) * 0.09375;
        let dddfy = ((cy1 - cy2) * 3.0 - y1 + y2) * 0.09375;
        let mut ddfx = tmpx * 2.0 + dddfx;
        let mut ddfy = tmpy * 2.0 + dddfy;
        let mut dfx = (cx1 - x1) * 0.75 + tmpx + dddfx * 0.16666667;
        let mut dfy = (cy1 - y1) * 0.75 + tmpy + dddfy * 0.16666667;
        path_length += (dfx * dfx + dfy * dfy).sqrt();
        dfx += ddfx;
        dfy += ddfy;
        ddfx += dddfx;
        ddfy += dddfy;
        path_length += (dfx * dfx + dfy * dfy).sqrt();
        dfx += ddfx;
        dfy += ddfy;
        path_length += (dfx * dfx + dfy * dfy).sqrt();
        dfx += ddfx + dddfx;
        dfy += ddfy + dddfy;
        path_length += (dfx * dfx + dfy * dfy).sqrt();
        *curve = path_length;
        x1 = x2;
        y1 = y2;
        w += 6;
    }
    Ok(path_length)
}

fn add_before(p: f64, temp: &[f64], i: usize, out: &mut Vec<f64>, o: usize) {
    let t = |k: usize| temp.get(k).copied().unwrap_or(f64::NAN);
    let (x1, y1) = (t(i), t(i + 1));
    let (dx, dy) = (t(i + 2) - x1, t(i + 3) - y1);
    let r = atan2(dy, dx);
    put(out, o, x1 + p * cos(r));
    put(out, o + 1, y1 + p * sin(r));
    put(out, o + 2, r);
}

fn add_after(p: f64, temp: &[f64], i: usize, out: &mut Vec<f64>, o: usize) {
    let t = |k: usize| temp.get(k).copied().unwrap_or(f64::NAN);
    let (x1, y1) = (t(i + 2), t(i + 3));
    let (dx, dy) = (x1 - t(i), y1 - t(i + 1));
    let r = atan2(dy, dx);
    put(out, o, x1 + p * cos(r));
    put(out, o + 1, y1 + p * sin(r));
    put(out, o + 2, r);
}

#[inline(always)]
fn add_curve(p: f64, k: [f64; 8], out: &mut Vec<f64>, o: usize, tangents: bool) {
    let [x1, y1, cx1, cy1, cx2, cy2, x2, y2] = k;
    if p == 0.0 || p.is_nan() {
        put(out, o, x1);
        put(out, o + 1, y1);
        put(out, o + 2, atan2(cy1 - y1, cx1 - x1));
        return;
    }
    let tt = p * p;
    let ttt = tt * p;
    let u = 1.0 - p;
    let uu = u * u;
    let uuu = uu * u;
    let ut = u * p;
    let ut3 = ut * 3.0;
    let uut3 = u * ut3;
    let utt3 = ut3 * p;
    let x = x1 * uuu + cx1 * uut3 + cx2 * utt3 + x2 * ttt;
    let y = y1 * uuu + cy1 * uut3 + cy2 * utt3 + y2 * ttt;
    put(out, o, x);
    put(out, o + 1, y);
    if tangents {
        let r = if p < 0.001 {
            atan2(cy1 - y1, cx1 - x1)
        } else {
            atan2(
                y - (y1 * uu + cy1 * ut * 2.0 + cy2 * tt),
                x - (x1 * uu + cx1 * ut * 2.0 + cx2 * tt),
            )
        };
        put(out, o + 2, r);
    }
}

#[cfg(test)]
#[path = "path_tests.rs"]
mod tests;
