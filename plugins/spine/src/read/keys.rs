//! The key-reading machinery every timeline reader shares: allocating a
//! timeline as the runtime does, reading key values with `getValue` or `??`
//! semantics, storing frames as float32, `readCurve`, and the common
//! key → next-key loop (`readTimeline1/2` and their hand-written siblings).

use super::values::color_from;
use super::R;
use crate::data::{Timeline, TimelineKind as K, BEZIER_SIZE};
use crate::json::{js_number_string, string_to_number, Js, Json};

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

/// A JavaScript value as `+` sees it: a number, or a string (which makes
/// `+` concatenate). Raw key values reach `setBezier` this way.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum Jv {
    /// A number (or anything whose `ToPrimitive` is not a string).
    N(f64),
    /// A string (or an array/object, whose `ToPrimitive` is a string).
    S(String),
}

impl Jv {
    /// The raw value `v`.
    pub(super) fn of(v: Js<'_>) -> Jv {
        match v {
            Js::Val(Json::Arr(_) | Json::Obj(_)) => Jv::S(v.to_js_string()),
            _ => match v.string() {
                Some(s) => Jv::S(s),
                None => Jv::N(v.num()),
            },
        }
    }

    /// `ToNumber`.
    pub(super) fn num(&self) -> f64 {
        match self {
            Jv::N(x) => *x,
            Jv::S(s) => string_to_number(s),
        }
    }

    fn text(&self) -> String {
        match self {
            Jv::N(x) => js_number_string(*x),
            Jv::S(s) => s.clone(),
        }
    }

    /// JavaScript's `a + b`.
    fn add(&self, b: &Jv) -> Jv {
        match (self, b) {
            (Jv::N(x), Jv::N(y)) => Jv::N(x + y),
            _ => Jv::S(format!("{}{}", self.text(), b.text())),
        }
    }
}

/// `getValue(map, key, def)` (or `map[key] ?? def`) without coercion.
pub(super) fn key_raw(map: Js<'_>, key: &str, def: Jv, rule: Rule) -> R<Jv> {
    let v = map.get(key)?;
    Ok(match rule {
        Rule::Get if v.is_undef() => def,
        Rule::Nullish if v.is_nullish() => def,
        _ => Jv::of(v),
    })
}

/// Numbers as [`Jv`]s.
pub(super) fn nums(v: Vec<f64>) -> Vec<Jv> {
    v.into_iter().map(Jv::N).collect()
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
    t1: &Jv,
    t2: &Jv,
    v1: &Jv,
    v2: &Jv,
    scale: f64,
) -> R<usize> {
    if curve.as_str() == Some("stepped") {
        if let Some(c) = t.curves.get_mut(frame) {
            *c = 1.0;
        }
        return Ok(bezier);
    }
    let i = channel << 2;
    let cx1 = Jv::of(curve.at(i)?);
    let cy1 = curve.at(i + 1)?.num() * scale;
    let cx2 = Jv::of(curve.at(i + 2)?);
    let cy2 = curve.at(i + 3)?.num() * scale;
    set_bezier(
        t,
        bezier,
        frame,
        channel,
        [t1, v1, &cx1],
        cy1,
        &cx2,
        cy2,
        [t2, v2],
    );
    Ok(bezier + 1)
}

/// `setBezier` with JavaScript's `+`: a string time, value or handle time
/// makes some sums concatenate (then `ToNumber` when stored, often `NaN`).
/// With numbers this is exactly [`Timeline::set_bezier`].
#[allow(clippy::too_many_arguments)]
fn set_bezier(
    t: &mut Timeline,
    bezier: usize,
    frame: usize,
    value: usize,
    [time1, value1, cx1]: [&Jv; 3],
    cy1: f64,
    cx2: &Jv,
    cy2: f64,
    [time2, value2]: [&Jv; 2],
) {
    let deform = matches!(t.kind, K::Deform { .. });
    let mut i = t.frame_count() + bezier * BEZIER_SIZE;
    let put = |t: &mut Timeline, k: usize, v: f64| {
        if let Some(c) = t.curves.get_mut(k) {
            *c = v as f32;
        }
    };
    if value == 0 {
        put(t, frame, (2 + i) as f64);
    }
    let (t1, c1) = (time1.num(), cx1.num());
    let tmpx = Jv::N(t1 - c1 * 2.0).add(cx2).num() * 0.03;
    let dddx = Jv::N((c1 - cx2.num()) * 3.0 - t1).add(time2).num() * 0.006;
    let mut ddx = tmpx * 2.0 + dddx;
    let mut dx = (c1 - t1) * 0.3 + tmpx + dddx * 0.16666667;
    let mut x = time1.add(&Jv::N(dx));
    let (tmpy, dddy, mut dy, mut y);
    if deform {
        tmpy = cy2 * 0.03 - cy1 * 0.06;
        dddy = (cy1 - cy2 + 0.33333333) * 0.018;
        dy = cy1 * 0.3 + tmpy + dddy * 0.16666667;
        y = Jv::N(dy);
    } else {
        let v1 = value1.num();
        tmpy = (v1 - cy1 * 2.0 + cy2) * 0.03;
        dddy = Jv::N((cy1 - cy2) * 3.0 - v1).add(value2).num() * 0.006;
        dy = (cy1 - v1) * 0.3 + tmpy + dddy * 0.16666667;
        y = value1.add(&Jv::N(dy));
    }
    let mut ddy = tmpy * 2.0 + dddy;
    let n = i + BEZIER_SIZE;
    while i < n {
        put(t, i, x.num());
        put(t, i + 1, y.num());
        dx += ddx;
        dy += ddy;
        ddx += dddx;
        ddy += dddy;
        x = x.add(&Jv::N(dx));
        y = y.add(&Jv::N(dy));
        i += 2;
    }
}

/// The shared key loop: `read` gives a key's values (the first `scales.len()`
/// are curved, each with its curve scale).
pub(super) fn keyed(
    keys: Js<'_>,
    mut t: Timeline,
    rule: Rule,
    scales: &[f64],
    read: &dyn Fn(Js<'_>) -> R<Vec<Jv>>,
) -> R<Timeline> {
    let mut key = keys.at(0)?;
    let mut time = key_raw(key, "time", Jv::N(0.0), rule)?;
    let mut values = read(key)?;
    let mut bezier = 0;
    let mut frame = 0usize;
    loop {
        let mut all = vec![time.num()];
        all.extend(values.iter().map(Jv::num));
        store(&mut t, frame, &all);
        let next = keys.at(frame + 1)?;
        if !next.truthy() {
            t.shrink(bezier);
            return Ok(t);
        }
        let time2 = key_raw(next, "time", Jv::N(0.0), rule)?;
        let values2 = read(next)?;
        let curve = key.get("curve")?;
        if curve.truthy() {
            for (c, &scale) in scales.iter().enumerate() {
                bezier = read_curve(
                    curve,
                    &mut t,
                    bezier,
                    frame,
                    c,
                    &time,
                    &time2,
                    &values[c],
                    &values2[c],
                    scale,
                )?;
            }
        }
        time = time2;
        values = values2;
        key = next;
        frame += 1;
    }
}

pub(super) fn color_channels(map: Js<'_>, key: &str, alpha: bool) -> R<Vec<Jv>> {
    let c = color_from(map.get(key)?)?;
    Ok(nums(if alpha {
        vec![c.r, c.g, c.b, c.a]
    } else {
        vec![c.r, c.g, c.b]
    }))
}

pub(super) fn len(v: Js<'_>) -> R<usize> {
    Ok(v.length()?.unwrap_or(0))
}

/// `ToInt32`.
pub(super) fn to_int32(v: f64) -> i32 {
    crate::math::to_int32(v)
}
