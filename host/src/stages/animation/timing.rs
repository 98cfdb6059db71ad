//! This module owns what every curved key family shares (FORMAT.md §3.8, §5.4):
//! the `ease`/`curve` rules of a key list, its times after `lag`/`stagger`
//! (strictly increasing in f64 AND as the float32 the runtime stores, none past the
//! declared duration), and the curves the keys are emitted with.

use rigc_diag::codes;

use super::{Cx, PAST_DURATION_SLACK};
use crate::spec::motion::{secs, Named, RawValue};
use rigc_diag::json::quote;
use rigc_diag::{Diagnostic, Loc};
use rigc_sdk::model::{Curve, Key, KeyValue};

/// The timing part of a key, whatever its family.
pub(super) struct KeyMeta<'k> {
    /// Authored `t`.
    pub t: f64,
    /// Where `t` is.
    pub t_loc: &'k Loc,
    /// Where the key is.
    pub loc: &'k Loc,
    /// `ease`.
    pub ease: Option<&'k Named>,
    /// `curve`.
    pub curve: Option<&'k RawValue>,
}

impl<'k> KeyMeta<'k> {
    /// The timing of a key authored at `t` (`t_loc`, in the key at `loc`), with no
    /// `ease` or `curve`.
    pub fn at(t: f64, t_loc: &'k Loc, loc: &'k Loc) -> Self {
        KeyMeta {
            t,
            t_loc,
            loc,
            ease: None,
            curve: None,
        }
    }

    /// The same key with its `ease` and `curve`.
    pub fn eased(self, ease: Option<&'k Named>, curve: Option<&'k RawValue>) -> Self {
        KeyMeta {
            ease,
            curve,
            ..self
        }
    }
}

/// How a key eases to the next.
#[derive(Debug, Clone)]
pub(super) enum Interp {
    /// No ease, no curve.
    Linear,
    /// `"stepped"` (named or raw).
    Stepped,
    /// A named easing's normalised handles.
    Handles([f64; 4]),
    /// A raw Bezier, absolute control points.
    Raw(Vec<f64>),
}

/// One key's value as the stage emits it.
#[derive(Debug, Clone, Default)]
pub(super) struct KeyValues {
    /// The value fields, in emission order.
    pub fields: Vec<(String, KeyValue)>,
    /// The curve channels' values (Bezier `cy` is on these).
    pub channels: Vec<f64>,
    /// The curve channels as emitted (float32, or a colour's byte), for the hold rule.
    pub emitted: Vec<f32>,
}

/// The `<where> (t=…)` prefix of a key's refusal.
pub(super) fn at_t(at: &str, t: f64) -> String {
    format!("{at} (t={})", secs(t))
}

/// Checks every key's `ease`/`curve` (R6, last key, unknown easing, raw curve
/// shape) and resolves each key's interpolation. `channels` is the timeline's
/// curve channel count; `instant` names a family whose keys take no easing at all
/// (`attachment`, `inherit`).
pub(super) fn interps(
    cx: &mut Cx,
    at: &str,
    keys: &[KeyMeta],
    channels: usize,
    instant: Option<&str>,
) -> Option<Vec<Interp>> {
    let before = cx.diags.len();
    let mut out = Vec::with_capacity(keys.len());
    for (i, k) in keys.iter().enumerate() {
        let last = i + 1 == keys.len();
        if let Some(family) = instant {
            let stated = k
                .ease
                .map(|e| e.loc.clone())
                .or_else(|| k.curve.map(|c| c.node().loc()));
            if let Some(loc) = stated {
                cx.push(
                    Diagnostic::new(
                        codes::MOTION_KEY_INSTANT_EASED,
                        format!("{at}: {family} keys cannot carry an easing"),
                    )
                    .at(loc)
                    .help(format!(
                        "remove the ease/curve; {} {family} key takes effect at its time and holds",
                        super::article(family)
                    )),
                );
            }
            out.push(Interp::Linear);
            continue;
        }
        if let (Some(_), Some(c)) = (k.ease, k.curve) {
            cx.push(
                Diagnostic::new(
                    codes::MOTION_KEY_EASE_AND_CURVE,
                    format!("{at}: a key carries both a named easing and a raw curve; pick one"),
                )
                .at(c.node().loc())
                .help("keep the named \"ease\" or the raw \"curve\", not both (rule R6)"),
            );
            out.push(Interp::Linear);
            continue;
        }
        if last {
            if let Some(e) = k.ease {
                cx.push(
                    Diagnostic::new(
                        codes::MOTION_KEY_LAST_EASED,
                        format!("{at}: last key carries an easing but has nothing to ease to"),
                    )
                    .at(e.loc.clone())
                    .help("remove \"ease\" from the last key; an easing shapes the way to the NEXT key"),
                );
            }
            if let Some(c) = k.curve {
                cx.push(
                    Diagnostic::new(
                        codes::MOTION_KEY_LAST_EASED,
                        format!("{at}: last key carries a curve but has nothing to ease to"),
                    )
                    .at(c.node().loc())
                    .help("remove \"curve\" from the last key; a curve shapes the way to the NEXT key"),
                );
            }
            out.push(Interp::Linear);
            continue;
        }
        out.push(match (k.ease, k.curve) {
            (Some(e), _) => named(cx, at, e),
            (None, Some(c)) => raw(cx, &at_t(at, k.t), c, channels),
            (None, None) => Interp::Linear,
        });
    }
    (cx.diags.len() == before).then_some(out)
}

fn named(cx: &mut Cx, at: &str, e: &Named) -> Interp {
    if e.name == "stepped" {
        return Interp::Stepped;
    }
    if let Some(easing) = cx.motion.easing(&e.name) {
        return Interp::Handles(easing.handles);
    }
    let names: Vec<&str> = cx.motion.easings.iter().map(|e| e.name.as_str()).collect();
    let help = match rigc_diag::cursor::nearest(&e.name, &names) {
        Some(near) => format!("did you mean {}? Or declare {} in `easings`", quote(near), quote(&e.name)),
        None if names.is_empty() => format!(
            "declare {} in `easings` as [hx1, hy1, hx2, hy2]; the only built-in easing is \"stepped\"",
            quote(&e.name)
        ),
        None => format!("name one of {} or \"stepped\", or declare {} in `easings`", super::list(&names), quote(&e.name)),
    };
    cx.push(
        Diagnostic::new(
            codes::MOTION_KEY_UNKNOWN_EASING,
            format!("{at}: unknown easing {}", quote(&e.name)),
        )
        .at(e.loc.clone())
        .help(help),
    );
    Interp::Linear
}

fn raw(cx: &mut Cx, at: &str, c: &RawValue, channels: usize) -> Interp {
    let node = c.node();
    if node.as_str() == Some("stepped") {
        return Interp::Stepped;
    }
    if !node.is_array() {
        cx.push(
            node.err(codes::MOTION_KEY_CURVE_SHAPE, format!("{at}: curve must be an array or \"stepped\""))
                .help("write \"stepped\", or 4 numbers per value channel: [cx1, cy1, cx2, cy2, …] in absolute time and value"),
        );
        return Interp::Linear;
    }
    let mut points = Vec::new();
    for e in node.elements() {
        match e.as_f64() {
            Some(x) if x.is_finite() => points.push(x),
            _ => {
                cx.push(
                    e.err(
                        codes::MOTION_KEY_CURVE_VALUE,
                        format!("{at}: raw curve holds a non-finite value {}", e.text()),
                    )
                    .help("every entry of a raw curve is a finite number"),
                );
                return Interp::Linear;
            }
        }
    }
    let want = channels * 4;
    if points.len() != want {
        cx.push(
            node.err(
                codes::MOTION_KEY_CURVE_LENGTH,
                format!(
                    "{at}: raw curve has {} numbers, this timeline needs {channels} channel(s) x 4 = {want}",
                    points.len()
                ),
            )
            .help(format!("write {want} numbers: [cx1, cy1, cx2, cy2] for each of the {channels} value channel(s), in field order")),
        );
        return Interp::Linear;
    }
    Interp::Raw(points)
}

/// The emitted times of a key list shifted by `shift` seconds (lag + stagger ×
/// member index), refused when they do not strictly increase (or, for `events`,
/// go backwards), when two differ only below float32 precision, or when a key is
/// past the declared duration. For a group member, `at` names the member (the
/// shift differs per member).
pub(super) fn times(
    cx: &mut Cx,
    at: &str,
    keys: &[KeyMeta],
    shift: f64,
    strict: bool,
) -> Option<Vec<f64>> {
    let before = cx.diags.len();
    let times: Vec<f64> = keys.iter().map(|k| k.t + shift).collect();
    for (i, k) in keys.iter().enumerate().skip(1) {
        let (prev, now) = (times[i - 1], times[i]);
        if now < prev || (strict && now == prev) {
            let d = if strict {
                Diagnostic::new(
                    codes::MOTION_KEY_TIME_ORDER,
                    format!(
                        "{at}: key times must strictly increase (at t={})",
                        secs(k.t)
                    ),
                )
                .help(format!(
                    "give this key a time after t={}; keys are listed in time order",
                    secs(keys[i - 1].t)
                ))
            } else {
                Diagnostic::new(
                    codes::MOTION_KEY_TIME_ORDER,
                    format!(
                        "{at}: key times must not go backwards (at t={}, after t={}) — the parser writes frames in array order and never sorts them",
                        secs(k.t),
                        secs(keys[i - 1].t)
                    ),
                )
                .help("list the keys in time order")
            };
            cx.push(d.at(k.t_loc.clone()));
            continue;
        }
        if strict && (prev as f32) == (now as f32) {
            cx.push(
                Diagnostic::new(
                    codes::MOTION_KEY_TIME_FLOAT32,
                    format!(
                        "{at}: keys at t={} and t={} differ only below float32 precision — the runtime stores both times as {}, so they do not strictly increase in the skeleton",
                        secs(keys[i - 1].t),
                        secs(k.t),
                        rigc_sdk::num::f32_text(now)
                    ),
                )
                .at(k.t_loc.clone())
                .help("move the keys further apart (a float32 time near 1 s resolves about 1e-7 s)"),
            );
        }
    }
    let duration = cx.anim.duration;
    for (k, &time) in keys.iter().zip(&times) {
        let past = time - duration;
        if past > PAST_DURATION_SLACK {
            let when = if shift == 0.0 {
                format!("key at {}s", secs(time))
            } else {
                format!("key at t={}, {}s after lag/stagger,", secs(k.t), secs(time))
            };
            cx.push(
                Diagnostic::new(
                    codes::MOTION_KEY_PAST_DURATION,
                    format!(
                        "{at}: {when} is {}s past the declared duration {}s — nothing that plays this animation for the duration it declares ever reaches it. Move the key to {}, or declare the duration you meant.",
                        secs(past),
                        secs(duration),
                        secs(duration)
                    ),
                )
                .at(k.t_loc.clone())
                .help(format!("move the key to {} or earlier, or declare \"duration\": {}", secs(duration), secs(time))),
            );
        }
    }
    (cx.diags.len() == before).then_some(times)
}

/// The keys of one timeline: times, value fields, and each key's curve to the next
/// (named handles → absolute control points per channel on the shifted f64 times;
/// a hold under a named easing → `"stepped"`; raw curves as written).
pub(super) fn build(
    cx: &mut Cx,
    at: &str,
    keys: &[KeyMeta],
    times: &[f64],
    interps: &[Interp],
    values: Vec<KeyValues>,
) -> Option<Vec<Key>> {
    let before = cx.diags.len();
    let mut out = Vec::with_capacity(values.len());
    for (i, v) in values.iter().enumerate() {
        let (Some(&t1), Some(interp)) = (times.get(i), interps.get(i)) else {
            break;
        };
        let next = times.get(i + 1).copied().zip(values.get(i + 1));
        let curve = match (interp, next) {
            (_, None) | (Interp::Linear, _) => None,
            (Interp::Stepped, _) => Some(Curve::Stepped),
            (Interp::Handles(h), Some((t2, w))) => {
                if v.emitted == w.emitted {
                    Some(Curve::Stepped)
                } else {
                    Some(Curve::Bezier(bezier(*h, t1, t2, &v.channels, &w.channels)))
                }
            }
            (Interp::Raw(points), Some((t2, _))) => {
                if let Some(k) = keys.get(i) {
                    check_raw_times(cx, at, k, points, t1, t2);
                }
                Some(Curve::Bezier(points.clone()))
            }
        };
        out.push(Key {
            time: t1,
            fields: v.fields.clone(),
            curve,
        });
    }
    cx.saw_times(out.last().map(|k| k.time));
    (cx.diags.len() == before).then_some(out)
}

/// The absolute control points of normalised handles between (t1, v1) and (t2, v2),
/// channel after channel.
pub(super) fn bezier(h: [f64; 4], t1: f64, t2: f64, v1: &[f64], v2: &[f64]) -> Vec<f64> {
    let [hx1, hy1, hx2, hy2] = h;
    let mut out = Vec::with_capacity(v1.len() * 4);
    for (a, b) in v1.iter().zip(v2) {
        out.extend([
            t1 + (t2 - t1) * hx1,
            a + (b - a) * hy1,
            t1 + (t2 - t1) * hx2,
            a + (b - a) * hy2,
        ]);
    }
    out
}

/// A raw curve's `cx` values are absolute times between this key and the next as
/// emitted; one outside that span (often: written against the authored times of a
/// track that `lag`/`stagger` shift) bends the curve back on itself.
fn check_raw_times(cx: &mut Cx, at: &str, k: &KeyMeta, points: &[f64], t1: f64, t2: f64) {
    let outside = points
        .iter()
        .enumerate()
        .filter(|(j, _)| j % 2 == 0)
        .find(|(_, x)| **x < t1 - PAST_DURATION_SLACK || **x > t2 + PAST_DURATION_SLACK);
    if let Some((j, x)) = outside {
        let loc = k
            .curve
            .map(|c| c.node().loc())
            .unwrap_or_else(|| k.loc.clone());
        cx.push(
            Diagnostic::new(
                codes::MOTION_KEY_CURVE_TIME_OUTSIDE,
                format!(
                    "{}: raw curve entry {j} is the time {}, outside this key's span {}..{} — a raw curve's x values are absolute times between this key and the next as emitted (lag and stagger shift the keys, never a raw curve)",
                    at_t(at, k.t),
                    secs(*x),
                    secs(t1),
                    secs(t2)
                ),
            )
            .at(loc)
            .help("write the curve's times inside the key's span, or use a named easing, which follows the key wherever lag/stagger put it"),
        );
    }
}

/// The float32 a number is emitted as, for the hold rule.
pub(super) fn f32_of(x: f64) -> f32 {
    x as f32
}
