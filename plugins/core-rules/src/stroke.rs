//! This module owns the inward advance A29 and A30 hold against the cut
//! manifest's depths (GATE.md §3, `inward_advance.ts`): the largest raw
//! `translate.x` (or `translatex` value) keyed on the axis bone or any bone under
//! it, plus the largest projection of the mass bone's `translate` keys onto the
//! manifest's inward unit vector. A part with no such key advances 0 (its setup).
//! It also owns the check the two rules share: their SKIPs, their stats, and the
//! FAIL of an advance past the depth — about the one key that makes the
//! advance, or the animation both of its keys are in (two keys in two
//! animations, or none, make it a finding about the skeleton).

use crate::raw::{animations, fixed, members, num, raw_or_skip, rig_or_skip, time_text, BoneTree};
use rigc_sdk::gate::facts::Facts;
use rigc_sdk::gate::{Outcome, RigInfo, Stroke, Subject, Target};
use rigc_sdk::model::names::{field, BoneTimeline};
use serde_json::Value;

/// What one stroke rule holds the deepest advance to.
pub(crate) struct Depth {
    /// The depth, px, when the stroke declares it.
    pub of: fn(&Stroke) -> Option<f64>,
    /// The SKIP reason when it does not.
    pub undeclared: &'static str,
    /// The stat that states the depth.
    pub stat: &'static str,
    /// What an advance past the depth does, given the depth's text: the FAIL
    /// detail goes on `<the advance> but …`.
    pub past: fn(&str) -> String,
}

/// The check A29 and A30 share: SKIPs without rig info, without the `depth` or
/// when the text is not JSON; otherwise states the depth and the deepest advance
/// (3 decimals) and FAILs an advance past the depth by more than 1e-6 px (or NaN).
/// Returns the rig and the raw skeleton for what else the rule checks.
pub(crate) fn hold<'f>(
    facts: &'f Facts<'_>,
    out: &mut Outcome,
    depth: &Depth,
) -> Option<(&'f RigInfo, &'f Value)> {
    let rig = rig_or_skip(facts, out)?;
    let Some((limit, inward)) = rig
        .stroke
        .as_ref()
        .and_then(|s| (depth.of)(s).map(|d| (d, s.inward_unit)))
    else {
        out.skip(depth.undeclared);
        return None;
    };
    let root = raw_or_skip(facts, out)?;
    let a = advance(root, rig, inward);
    out.stat(depth.stat, num(limit));
    out.stat("deepestAdvance", fixed(a.total, 3));
    if a.total > limit + 1e-6 || a.total.is_nan() {
        let detail = format!("{} but {}", a.sentence, (depth.past)(&num(limit)));
        match a.subject {
            Some(subject) => out.fail_at(subject, detail),
            None => out.fail(detail),
        }
    }
    Some((rig, root))
}

/// The deepest inward advance and the sentence that explains it.
pub(crate) struct Advance {
    /// Stroke + mass, px.
    pub total: f64,
    /// `deepest inward advance is <d>px (stroke … [+ mass …])`.
    pub sentence: String,
    /// What makes it: the one key, or the animation of both keys.
    pub subject: Option<Subject>,
}

/// The deepest key: its value, `anim.bone t=<t>`, and the key as a subject.
type Deepest = (f64, String, Subject);

/// The largest value `value(key)` takes over the keys of `timelines` of
/// `bones` (by name), with where: `(value, "anim.bone t=<t>", the key)`.
fn deepest(
    root: &Value,
    bones: impl Fn(&str) -> bool,
    timelines: &[&str],
    value: impl Fn(&str, &Value) -> Option<f64>,
) -> Option<Deepest> {
    let mut best: Option<Deepest> = None;
    for (anim, map) in animations(root) {
        for (bone, tls) in members(map.get("bones")).filter(|(b, _)| bones(b)) {
            for (tl, keys) in members(Some(tls)).filter(|(tl, _)| timelines.contains(tl)) {
                for (k, key) in keys.as_array().into_iter().flatten().enumerate() {
                    let Some(v) = value(tl, key).filter(|v| v.is_finite()) else {
                        continue;
                    };
                    if best.as_ref().is_none_or(|(b, _, _)| v > *b) {
                        let subject = Subject::animation(anim)
                            .on(Target::Bone(bone.to_string()))
                            .timeline(tl)
                            .key(k);
                        best = Some((v, format!("{anim}.{bone} t={}", time_text(key)), subject));
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
fn advance(root: &Value, rig: &RigInfo, inward: [f64; 2]) -> Advance {
    let tree = BoneTree::of(root);
    let stroke = rig.invariants.axis_bone.as_deref().and_then(|axis| {
        deepest(
            root,
            |b| b == axis || tree.is_under(b, axis),
            &[
                BoneTimeline::Translate.name(),
                BoneTimeline::TranslateX.name(),
            ],
            |tl, key| {
                let field = if tl == BoneTimeline::Translate.name() {
                    field::X
                } else {
                    field::VALUE
                };
                number(key, field)
            },
        )
    });
    let mass = rig.invariants.mass_bone.as_deref().and_then(|mass| {
        deepest(
            root,
            |b| b == mass,
            &[BoneTimeline::Translate.name()],
            |_, key| Some(number(key, field::X)? * inward[0] + number(key, field::Y)? * inward[1]),
        )
    });
    let (s, at, stroke_key) = match stroke.filter(|(v, _, _)| *v > 0.0) {
        Some((v, at, key)) => (v, format!("at {at}"), Some(key)),
        None => (0.0, "at setup".to_string(), None),
    };
    let mut total = s;
    let mut sentence = format!("stroke {} {at}", fixed(s, 3));
    let mut mass_key = None;
    if let Some((m, at, key)) = mass {
        total += m;
        sentence.push_str(&format!(" + mass {} at {at}", fixed(m, 3)));
        mass_key = Some(key);
    }
    let subject = match (stroke_key, mass_key) {
        (Some(key), None) | (None, Some(key)) => Some(key),
        (Some(a), Some(b)) if a.animation == b.animation => a.animation.map(Subject::animation),
        _ => None,
    };
    Advance {
        total,
        sentence: format!(
            "deepest inward advance is {}px ({sentence})",
            fixed(total, 3)
        ),
        subject,
    }
}
