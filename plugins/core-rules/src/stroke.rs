//! This module owns the inward advance A29 and A30 hold against the cut
//! manifest's depths (GATE.md §3, `inward_advance.ts`): the largest raw
//! `translate.x` (or `translatex` value) keyed on the axis bone or any bone under
//! it, plus the largest projection of the mass bone's `translate` keys onto the
//! manifest's inward unit vector. A part with no such key advances 0 (its setup).

use crate::raw::{animations, fixed, members, time_text, BoneTree};
use rigc_sdk::gate::RigInfo;
use serde_json::Value;

/// The deepest inward advance and the sentence that explains it.
pub(crate) struct Advance {
    /// Stroke + mass, px.
    pub total: f64,
    /// `deepest inward advance is <d>px (stroke … [+ mass …])`.
    pub sentence: String,
}

/// The largest value `value(key)` takes over the keys of `timelines` of
/// `bones` (by name), with where: `(value, "anim.bone t=<t>")`.
fn deepest(
    root: &Value,
    bones: impl Fn(&str) -> bool,
    timelines: &[&str],
    value: impl Fn(&str, &Value) -> Option<f64>,
) -> Option<(f64, String)> {
    let mut best: Option<(f64, String)> = None;
    for (anim, map) in animations(root) {
        for (bone, tls) in members(map.get("bones")).filter(|(b, _)| bones(b)) {
            for (tl, keys) in members(Some(tls)).filter(|(tl, _)| timelines.contains(tl)) {
                for key in keys.as_array().into_iter().flatten() {
                    let Some(v) = value(tl, key).filter(|v| v.is_finite()) else {
                        continue;
                    };
                    if best.as_ref().is_none_or(|(b, _)| v > *b) {
                        best = Some((v, format!("{anim}.{bone} t={}", time_text(key))));
                    }
                }
            }
        }
    }
    best
}

fn number(key: &Value, field: &str) -> Option<f64> {
    match key.get(field) {
        None => Some(0.0),
        Some(v) => v.as_f64(),
    }
}

/// The deepest inward advance of the raw skeleton under `rig`'s axis and mass
/// bones, along `inward` (the manifest's unit vector).
pub(crate) fn advance(root: &Value, rig: &RigInfo, inward: [f64; 2]) -> Advance {
    let tree = BoneTree::of(root);
    let stroke = rig.invariants.axis_bone.as_deref().and_then(|axis| {
        deepest(
            root,
            |b| b == axis || tree.is_under(b, axis),
            &["translate", "translatex"],
            |tl, key| number(key, if tl == "translate" { "x" } else { "value" }),
        )
    });
    let mass = rig.invariants.mass_bone.as_deref().and_then(|mass| {
        deepest(
            root,
            |b| b == mass,
            &["translate"],
            |_, key| Some(number(key, "x")? * inward[0] + number(key, "y")? * inward[1]),
        )
    });
    let (s, at) = match stroke.filter(|(v, _)| *v > 0.0) {
        Some((v, at)) => (v, format!("at {at}")),
        None => (0.0, "at setup".to_string()),
    };
    let mut total = s;
    let mut sentence = format!("stroke {} {at}", fixed(s, 3));
    if let Some((m, at)) = mass {
        total += m;
        sentence.push_str(&format!(" + mass {} at {at}", fixed(m, 3)));
    }
    Advance {
        total,
        sentence: format!(
            "deepest inward advance is {}px ({sentence})",
            fixed(total, 3)
        ),
    }
}
