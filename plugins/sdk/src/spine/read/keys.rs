//! The key-reading machinery every timeline reader shares: allocating a
//! timeline as the runtime does, reading key values with `getValue` or `??`
//! semantics, storing frames as float32, `readCurve`, and the common
//! key → next-key loop (`readTimeline1/2` and their hand-written siblings).

use super::values::color_from;
use super::R;
use crate::spine::data::{Timeline, TimelineKind as K, BEZIER_SIZE};
use crate::spine::json::Js;

/// A new timeline: `frames` zeroed; curves with the last frame stepped.
pub(super) fn timeline(kind: K, frame_count: usize, bezier_count: usize, curved: bool) -> Timeline {
    let mut t = Timeline {
        kind,
        frames: Vec::new(),
        curves: Vec::new(),
    };
    t.frames = vec![0.0; frame_count * t.entries()];
    if curved {
        t.curves = vec![0.0; frame_count + bezier_count * BEZIER_SIZE];
        if frame_count > 0 {
            t.curves[frame_count - 1] = 1.0;
        }
    }
    t
}

/// How a key's values are read.
#[derive(Clone, Copy)]
pub(super) enum Rule {
    /// `getValue(map, key, def)`: an explicit `null` stays `null` (0).
    Get,
    /// `map[key] ?? def` (readTimeline1/2): `null` takes the default.
    Nullish,
}

pub(super) fn key_num(map: Js<'_>, key: &str, def: f64, rule: Rule) -> R<f64> {
    let v = map.get(key)?;
    Ok(match rule {
        Rule::Get if v.is_undef() => def,
        Rule::Nullish if v.is_nullish() => def,
        _ => v.num(),
    })
}

pub(super) fn store(t: &mut Timeline, frame: usize, values: &[f64]) {
    let e = t.entries();
    for (k, v) in values.iter().enumerate() {
        if let Some(slot) = t.frames.get_mut(frame * e + k) {
            *slot = *v as f32;
        }
    }
}

/// `readCurve` for one channel; returns the new Bezier count.
#[allow(clippy::too_many_arguments)]
pub(super) fn read_curve(
    curve: Js<'_>,
    t: &mut Timeline,
    bezier: usize,
    frame: usize,
    channel: usize,
    t1: f64,
    t2: f64,
    v1: f64,
    v2: f64,
    scale: f64,
) -> R<usize> {
    if curve.as_str() == Some("stepped") {
        if let Some(c) = t.curves.get_mut(frame) {
            *c = 1.0;
        }
        return Ok(bezier);
    }
    let i = channel << 2;
    let cx1 = curve.at(i)?.num();
    let cy1 = curve.at(i + 1)?.num() * scale;
    let cx2 = curve.at(i + 2)?.num();
    let cy2 = curve.at(i + 3)?.num() * scale;
    t.set_bezier(bezier, frame, channel, t1, v1, cx1, cy1, cx2, cy2, t2, v2);
    Ok(bezier + 1)
}

/// The shared key loop: `read` gives a key's values (the first `scales.len()`
/// are curved, each with its curve scale).
pub(super) fn keyed(
    keys: Js<'_>,
    mut t: Timeline,
    rule: Rule,
    scales: &[f64],
    read: &dyn Fn(Js<'_>) -> R<Vec<f64>>,
) -> R<Timeline> {
    let mut key = keys.at(0)?;
    let mut time = key_num(key, "time", 0.0, rule)?;
    let mut values = read(key)?;
    let mut bezier = 0;
    let mut frame = 0usize;
    loop {
        let mut all = vec![time];
        all.extend_from_slice(&values);
        store(&mut t, frame, &all);
        let next = keys.at(frame + 1)?;
        if !next.truthy() {
            t.shrink(bezier);
            return Ok(t);
        }
        let time2 = key_num(next, "time", 0.0, rule)?;
        let values2 = read(next)?;
        let curve = key.get("curve")?;
        if curve.truthy() {
            for (c, &scale) in scales.iter().enumerate() {
                bezier = read_curve(
                    curve, &mut t, bezier, frame, c, time, time2, values[c], values2[c], scale,
                )?;
            }
        }
        time = time2;
        values = values2;
        key = next;
        frame += 1;
    }
}

pub(super) fn color_channels(map: Js<'_>, key: &str, alpha: bool) -> R<Vec<f64>> {
    let c = color_from(map.get(key)?)?;
    Ok(if alpha {
        vec![c.r, c.g, c.b, c.a]
    } else {
        vec![c.r, c.g, c.b]
    })
}

pub(super) fn len(v: Js<'_>) -> R<usize> {
    Ok(v.length()?.unwrap_or(0))
}

/// `ToInt32`.
pub(super) fn to_int32(v: f64) -> i32 {
    if !v.is_finite() {
        return 0;
    }
    (v.trunc().rem_euclid(4294967296.0) as u32) as i32
}
