//! `PathConstraint.computeWorldPositions` (spine-core 4.3.13), for
//! [`super::update`]: the path's world vertices (through
//! `computeWorldVertices`), then a position, and a tangent when asked, for
//! each space along the path — by the attachment's `lengths` table, or at
//! constant speed (curve and segment lengths by forward differencing; the
//! world vertices and curve lengths kept while [`super::world_key`] holds,
//! and the positions while the position and spaces hold too).

use super::{at_index, set_size, world_key, Buffers, PoseError, Skeleton};
use crate::data::{PathAttachment, PathData, PathPose, PositionMode, SpacingMode};
use crate::math::{atan2, cos, js_rem, same_bits, sin};

fn at(a: &[f64], i: f64) -> f64 {
    if i >= 0.0 && i.fract() == 0.0 {
        a.get(i as usize).copied().unwrap_or(f64::NAN)
    } else {
        f64::NAN
    }
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

/// A position on a closed path of length `path_length`, wrapped into it.
fn wrap(p: f64, path_length: f64) -> f64 {
    let p = js_rem(p, path_length);
    if p < 0.0 {
        p + path_length
    } else {
        p
    }
}

/// Where position `p` falls among accumulated `lengths`, searching from
/// entry `k`: the first entry `p` does not pass (the search stops at a NaN,
/// as at the runtime's `undefined` past the end) and the fraction of the way
/// `p` is from the entry before (from 0 on the first).
fn locate(lengths: &[f64], mut k: usize, p: f64) -> (usize, f64) {
    loop {
        let length = at_index(lengths, k);
        if p > length {
            k += 1;
            continue;
        }
        if k == 0 {
            return (k, p / length);
        }
        let prev = at_index(lengths, k - 1);
        return (k, (p - prev) / (length - prev));
    }
}

const NONE: i64 = -1;
const BEFORE: i64 = -2;
const AFTER: i64 = -3;

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

/// `computeWorldPositions` into `buf.positions`: whether the last ones were
/// kept (the same numbers).
#[allow(clippy::too_many_lines, clippy::too_many_arguments)]
pub(super) fn world_positions(
    sk: &Skeleton<'_>,
    data: &PathData,
    p: &PathPose,
    attachment: usize,
    path: &PathAttachment,
    spaces_count: usize,
    tangents: bool,
    buf: &mut Buffers,
) -> Result<bool, PoseError> {
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
                pp = wrap(pp, path_length);
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
            (curve, pp) = locate(lengths, curve, pp);
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
        return Ok(false);
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
    let world_kept = match (key, buf.key) {
        (Some((a, k)), Some((b, l))) => a == b && same_bits(&k, &l),
        _ => false,
    };
    let path_length = if world_kept {
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
    if !world_kept {
        buf.segment_tables.clear();
    }
    // (The curve search stops at `curves.len()` at most.)
    buf.segment_tables.resize(buf.curves.len() + 1, None);
    // The positions are then a function of the position and the spaces:
    // when those are the last ones too (bit for bit), so are the positions.
    let spaces = &buf.spaces[..spaces_count];
    let bits = |a: &[f64], b: &[f64]| a.iter().zip(b).all(|(a, b)| a.to_bits() == b.to_bits());
    if world_kept
        && buf.positions_for == Some(position.to_bits())
        && buf.positions_spaces.len() == spaces_count
        && bits(spaces, &buf.positions_spaces)
    {
        return Ok(true);
    }
    buf.positions_for = key.map(|_| position.to_bits());
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
    let tables = &mut buf.segment_tables;
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
            pp = wrap(pp, path_length);
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
        (curve, pp) = locate(curves, curve, pp);
        if curve as i64 != prev_curve {
            prev_curve = curve as i64;
            let ii = curve * 6;
            let points = window(world, ii);
            [x1, y1, cx1, cy1, cx2, cy2, x2, y2] = points;
            // The same curve of the same world vertices: the same lengths.
            let table = match tables.get_mut(curve) {
                Some(t) => *t.get_or_insert_with(|| segment_lengths(points)),
                None => segment_lengths(points),
            };
            segments[..10].copy_from_slice(&table);
            curve_length = table[9];
            segment = 0;
        }
        pp *= curve_length;
        let fraction;
        (segment, fraction) = locate(segments, segment, pp);
        // (On the first segment the fraction alone, as the runtime has it.)
        pp = if segment == 0 {
            fraction
        } else {
            segment as f64 + fraction
        };
        add_curve(
            pp * 0.1,
            [x1, y1, cx1, cy1, cx2, cy2, x2, y2],
            out,
            o,
            tangents || (i > 0 && space == 0.0),
        );
    }
    // The spaces these positions came from, for the next update to compare
    // with: copied, so that `buf.spaces` still holds them for `update`, which
    // turns a bone whose space is 0 by the tangent at its position.
    buf.positions_spaces.clone_from(&buf.spaces);
    Ok(false)
}

/// A curve's ten segment lengths, accumulated, by forward differencing (as
/// `computeWorldPositions` computes them for the curve a position falls on).
fn segment_lengths(points: [f64; 8]) -> [f64; 10] {
    let [x1, y1, cx1, cy1, cx2, cy2, x2, y2] = points;
    let mut segments = [0.0; 10];
    let tmpx = (x1 - cx1 * 2.0 + cx2) * 0.03;
    let tmpy = (y1 - cy1 * 2.0 + cy2) * 0.03;
    let dddfx = ((cx1 - cx2) * 3.0 - x1 + x2) * 0.006;
    let dddfy = ((cy1 - cy2) * 3.0 - y1 + y2) * 0.006;
    let mut ddfx = tmpx * 2.0 + dddfx;
    let mut ddfy = tmpy * 2.0 + dddfy;
    let mut dfx = (cx1 - x1) * 0.3 + tmpx + dddfx * 0.16666667;
    let mut dfy = (cy1 - y1) * 0.3 + tmpy + dddfy * 0.16666667;
    let mut curve_length = (dfx * dfx + dfy * dfy).sqrt();
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
    segments
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
