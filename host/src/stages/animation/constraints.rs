//! This module owns an animation's `ik` (FORMAT.md §3.12) and `transform` (§3.13)
//! timelines: the constraint each names (by name AND type), one timeline per
//! constraint, the uniform-field-set rule, IK ranges, and keys written with every
//! field's effective value (rigc #273: the rig's `bendPositive`/`compress`/`stretch`
//! are stamped onto keys that do not state them).

use rigc_diag::codes;

use super::timing::{self, at_t, f32_of, KeyMeta, KeyValues};
use super::Cx;
use crate::spec::motion::{ConstraintFamily, ConstraintKeySpec, ConstraintTrackSpec, FieldValue};
use rigc_diag::json::quote;
use rigc_diag::Diagnostic;
use rigc_sdk::model::names::{IkMix, TransformMix};
use rigc_sdk::model::{Constraint, IkConstraint, Key, KeyValue};

/// Which family is compiled.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Kind {
    /// `ik`.
    Ik,
    /// `transform`.
    Transform,
}

impl Kind {
    fn family(self) -> ConstraintFamily {
        match self {
            Kind::Ik => ConstraintFamily::Ik,
            Kind::Transform => ConstraintFamily::Transform,
        }
    }

    fn word(self) -> &'static str {
        self.family().field()
    }

    /// `an ik` / `a transform`.
    fn article(self) -> &'static str {
        match self {
            Kind::Ik => "an ik",
            Kind::Transform => "a transform",
        }
    }

    /// The number of curve channels.
    fn channels(self) -> usize {
        match self {
            Kind::Ik => IkMix::CURVED.len(),
            Kind::Transform => TransformMix::ALL.len(),
        }
    }
}

/// Compiles the timelines of one family, in order.
pub(super) fn compile(
    cx: &mut Cx,
    tracks: &[ConstraintTrackSpec],
    kind: Kind,
) -> Vec<(String, Vec<Key>)> {
    let mut out: Vec<(String, Vec<Key>)> = Vec::new();
    let mut seen: Vec<&ConstraintTrackSpec> = Vec::new();
    for track in tracks {
        let name = &track.constraint.name;
        if let Some(first) = seen.iter().find(|t| &t.constraint.name == name) {
            cx.push(
                Diagnostic::new(
                    codes::MOTION_CONSTRAINT_DUPLICATE,
                    format!(
                        "{} has two {} timelines on constraint {}; the group holds one timeline per constraint, so merge them into one",
                        cx.anim_label(),
                        kind.word(),
                        quote(name)
                    ),
                )
                .at(track.constraint.loc.clone())
                .related("the first timeline is here", first.constraint.loc.clone())
                .help("put every key of this constraint into one timeline"),
            );
            continue;
        }
        seen.push(track);
        if let Some(keys) = one(cx, track, kind) {
            out.push((name.clone(), keys));
        }
    }
    out
}

fn one(cx: &mut Cx, track: &ConstraintTrackSpec, kind: Kind) -> Option<Vec<Key>> {
    let rig = lookup(cx, track, kind)?;
    let at = format!(
        "{} {} constraint {}",
        cx.anim_label(),
        kind.word(),
        quote(&track.constraint.name)
    );
    if track.keys.is_empty() {
        cx.push(
            Diagnostic::new(codes::MOTION_CONSTRAINT_NO_KEYS, format!("{at}: no keys"))
                .at(track.keys_loc.clone())
                .help("give the timeline its keys, or remove it"),
        );
        return None;
    }
    let before = cx.diags.len();
    uniform(cx, &at, track, kind, rig);
    if kind == Kind::Ik {
        ranges(cx, &at, track);
    }
    if cx.diags.len() != before {
        return None;
    }
    let metas: Vec<KeyMeta> = track
        .keys
        .iter()
        .map(|k| KeyMeta::at(k.t, &k.t_loc, &k.loc).eased(k.ease.as_ref(), k.curve.as_ref()))
        .collect();
    let interps = timing::interps(cx, &at, &metas, kind.channels(), None)?;
    let times = timing::times(cx, &at, &metas, 0.0, true)?;
    let values = track.keys.iter().map(|k| effective(k, kind, rig)).collect();
    timing::build(cx, &at, &metas, &times, &interps, values)
}

/// The rig constraint a timeline names, refused when unknown or of another type.
fn lookup<'s>(
    cx: &mut Cx<'s>,
    track: &ConstraintTrackSpec,
    kind: Kind,
) -> Option<Option<&'s IkConstraint>> {
    let name = &track.constraint.name;
    let setup = cx.setup;
    let same = setup
        .constraints
        .iter()
        .find(|c| c.name() == name && c.type_name() == kind.word());
    if let Some(c) = same {
        return Some(match c {
            Constraint::Ik(ik) => Some(ik),
            Constraint::Transform(_)
            | Constraint::Slider(_)
            | Constraint::Physics(_)
            | Constraint::Path(_) => None,
        });
    }
    let d = match setup.constraints.iter().find(|c| c.name() == name) {
        Some(other) => Diagnostic::new(
            codes::MOTION_CONSTRAINT_TYPE_MISMATCH,
            format!(
                "{} keys {} as {} constraint, but the rig declares it as a {} constraint — the parser looks a timeline's target up by name AND type, misses, and throws",
                cx.anim_label(),
                quote(name),
                kind.article(),
                quote(other.type_name())
            ),
        )
        .help(format!("key {} under the animation's {} timelines", quote(name), quote(other.type_name()))),
        None => {
            let declared: Vec<&str> =
                setup.constraints.iter().filter(|c| c.type_name() == kind.word()).map(|c| c.name()).collect();
            let tail = if declared.is_empty() {
                format!("the rig declares no {} constraint at all", kind.word())
            } else {
                format!("the rig declares {} constraint(s): {}", kind.word(), declared.join(", "))
            };
            Diagnostic::new(
                codes::MOTION_CONSTRAINT_UNKNOWN,
                format!("{} keys unknown {} constraint {}; {tail}", cx.anim_label(), kind.word(), quote(name)),
            )
            .help(super::suggest(&format!("{} constraint", kind.word()), name, &declared))
        }
    };
    cx.push(d.at(track.constraint.loc.clone()));
    None
}

/// The default a key field snaps to when a key leaves it out, for messages.
fn default_text(kind: Kind, field: &str, rig: Option<&IkConstraint>) -> String {
    let ik = match kind {
        Kind::Ik => IkMix::from_name(field),
        Kind::Transform => None,
    };
    match ik {
        Some(IkMix::Softness) => "0".into(),
        Some(IkMix::BendPositive) => rig
            .and_then(|r| r.bend_positive)
            .unwrap_or(true)
            .to_string(),
        Some(IkMix::Compress) => rig.and_then(|r| r.compress).unwrap_or(false).to_string(),
        Some(IkMix::Stretch) => rig.and_then(|r| r.stretch).unwrap_or(false).to_string(),
        _ if kind == Kind::Transform && field == TransformMix::Y.name() => "that key's mixX".into(),
        _ => "1".into(),
    }
}

/// A field stated on some keys of a timeline and not on others is refused.
fn uniform(
    cx: &mut Cx,
    at: &str,
    track: &ConstraintTrackSpec,
    kind: Kind,
    rig: Option<&IkConstraint>,
) {
    let Some(first) = track.keys.first() else {
        return;
    };
    for (field, _) in kind.family().key_fields() {
        let on_first = first.field(field).is_some();
        let Some((i, odd)) = track
            .keys
            .iter()
            .enumerate()
            .find(|(_, k)| k.field(field).is_some() != on_first)
        else {
            continue;
        };
        let default = default_text(kind, field, rig);
        let (message, loc) = if on_first {
            (
                format!(
                    "{at}: key 0 names \"{field}\" and key {i} (t={}) does not. Every key of {} timeline is read with its own default, so \"{field}\" would snap to {default} at t={} — state it on every key or on none.",
                    super::secs(odd.t),
                    kind.article(),
                    super::secs(odd.t)
                ),
                odd.loc.clone(),
            )
        } else {
            let loc = odd
                .field(field)
                .map(|f| f.loc.clone())
                .unwrap_or_else(|| odd.loc.clone());
            (
                format!(
                    "{at}: key {i} (t={}) names \"{field}\" and key 0 does not. Every key of {} timeline is read with its own default, so \"{field}\" would snap to {default} at t={} — state it on every key or on none.",
                    super::secs(odd.t),
                    kind.article(),
                    super::secs(first.t)
                ),
                loc,
            )
        };
        cx.push(
            Diagnostic::new(codes::MOTION_CONSTRAINT_FIELD_NOT_UNIFORM, message)
                .at(loc)
                .help(format!(
                    "state \"{field}\" on every key of this timeline, or on none"
                )),
        );
    }
}

/// IK `mix` is in 0..1 and `softness` is not negative.
fn ranges(cx: &mut Cx, at: &str, track: &ConstraintTrackSpec) {
    for k in &track.keys {
        for f in &k.fields {
            let FieldValue::Num(x) = f.value else {
                continue;
            };
            let refusal = match IkMix::from_name(f.name) {
                Some(IkMix::Mix) if !(0.0..=1.0).contains(&x) => Some((
                    "outside 0..1 — the runtime documents it as a percentage 0-1",
                    "write a mix in 0..1",
                )),
                Some(IkMix::Softness) if x < 0.0 => Some((
                    "outside 0..∞ — the runtime documents it as a distance",
                    "write a softness of 0 or more",
                )),
                _ => None,
            };
            if let Some((why, help)) = refusal {
                cx.push(
                    Diagnostic::new(
                        codes::MOTION_CONSTRAINT_RANGE,
                        format!("{}: {} is {}, {why}", at_t(at, k.t), f.name, super::secs(x)),
                    )
                    .at(f.loc.clone())
                    .help(help),
                );
            }
        }
    }
}

/// One key's fields with their effective values, every field written.
fn effective(k: &ConstraintKeySpec, kind: Kind, rig: Option<&IkConstraint>) -> KeyValues {
    let num = |name: &str| match k.field(name).map(|f| f.value) {
        Some(FieldValue::Num(x)) => Some(x),
        _ => None,
    };
    let boolean = |name: &str| match k.field(name).map(|f| f.value) {
        Some(FieldValue::Bool(b)) => Some(b),
        _ => None,
    };
    let mut out = KeyValues::default();
    match kind {
        Kind::Ik => {
            let mix = num(IkMix::Mix.name()).unwrap_or(1.0);
            let softness = num(IkMix::Softness.name()).unwrap_or(0.0);
            let bend = boolean(IkMix::BendPositive.name())
                .or(rig.and_then(|r| r.bend_positive))
                .unwrap_or(true);
            let compress = boolean(IkMix::Compress.name())
                .or(rig.and_then(|r| r.compress))
                .unwrap_or(false);
            let stretch = boolean(IkMix::Stretch.name())
                .or(rig.and_then(|r| r.stretch))
                .unwrap_or(false);
            out.fields = vec![
                (IkMix::Mix.name().into(), KeyValue::Num(mix)),
                (IkMix::Softness.name().into(), KeyValue::Num(softness)),
                (IkMix::BendPositive.name().into(), KeyValue::Bool(bend)),
                (IkMix::Compress.name().into(), KeyValue::Bool(compress)),
                (IkMix::Stretch.name().into(), KeyValue::Bool(stretch)),
            ];
            out.channels = vec![mix, softness];
        }
        Kind::Transform => {
            // A key's omitted mixY reads its mixX; every other omitted mix reads 1.
            let mix_x = num(TransformMix::X.name()).unwrap_or(1.0);
            let values = [
                num(TransformMix::Rotate.name()).unwrap_or(1.0),
                mix_x,
                num(TransformMix::Y.name()).unwrap_or(mix_x),
                num(TransformMix::ScaleX.name()).unwrap_or(1.0),
                num(TransformMix::ScaleY.name()).unwrap_or(1.0),
                num(TransformMix::ShearY.name()).unwrap_or(1.0),
            ];
            out.fields = TransformMix::ALL
                .iter()
                .zip(values)
                .map(|(n, v)| (n.name().to_string(), KeyValue::Num(v)))
                .collect();
            out.channels = values.to_vec();
        }
    }
    out.emitted = out.channels.iter().map(|x| f32_of(*x)).collect();
    out
}
