//! This module owns the data of the `MEMBER` block (FORMAT.md §6.5, FACE.md §3.1):
//! for every key of a group track whose members do not all share one value (a
//! per-member `v` map, or a `derive` model), the members side by side with the
//! values the compile EMITTED, and for a model its kind, stated parameters, the
//! coordinate each member read and the depth stated for it. A pure function of
//! what the animation stage has (the animation's spec, the rest of the motion,
//! the setup, the compiled animation); `printer::member` renders it.

use super::derive::{self, Projection};
use super::values::{self, Side};
use crate::spec::motion::{AnimationSpec, DeriveKind, MotionRest, TargetKind};
use rigc_sdk::model::{Animation, Key, KeyValue, Skeleton};
use rigc_sdk::num::f32_text;

/// One group key whose members do not all share one value.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct MemberKey {
    /// The animation's name.
    pub animation: String,
    /// The target's kind as a track names it (`group`).
    pub target_kind: &'static str,
    /// The group's name.
    pub target: String,
    /// The property (timeline name).
    pub property: String,
    /// The key's emitted time (its first member's: `stagger` shifts the rest).
    pub time: f64,
    /// The model, when the key states one (`None`: stated per member).
    pub model: Option<Model>,
    /// One row per member, in member order.
    pub rows: Vec<MemberRow>,
}

/// A key's `derive` model as the block states it.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Model {
    /// `yaw` or `pitch`.
    pub kind: DeriveKind,
    /// What the track's property projects it onto.
    pub projection: Projection,
    /// `degrees`.
    pub degrees: f64,
    /// `carried`, when stated.
    pub carried: Option<f64>,
    /// `about`, when stated.
    pub about: Option<f64>,
    /// The turn in radians.
    pub radians: f64,
}

/// One member's row.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct MemberRow {
    /// The member (a bone or slot).
    pub member: String,
    /// The emitted value fields, each spelled as `skeleton.json` writes it.
    pub value: Vec<String>,
    /// For a model: the setup coordinate the member read, and its stated depth.
    pub derived: Option<(f64, f64)>,
}

/// Every key of `anim`'s group tracks whose members do not all share one value,
/// in track order then key order, read off `compiled` (what `anim` compiled to
/// against `setup`). A track `compiled` does not hold is skipped.
pub fn member_keys(
    anim: &AnimationSpec,
    motion: MotionRest<'_>,
    setup: &Skeleton,
    compiled: &Animation,
) -> Vec<MemberKey> {
    let mut out = Vec::new();
    for track in &anim.tracks {
        let [target] = track.targets.as_slice() else {
            continue;
        };
        if target.kind != TargetKind::Group {
            continue;
        }
        let (Some(prop), Some(group)) = (
            values::prop(&track.property.name),
            motion.group(&target.name.name),
        ) else {
            continue;
        };
        let list = match prop.side {
            Side::Bone => &compiled.bones,
            Side::Slot => &compiled.slots,
        };
        let keys: Option<Vec<&[Key]>> = group
            .members
            .iter()
            .map(|m| {
                list.iter()
                    .find(|t| t.target == m.name)
                    .and_then(|t| t.timelines.iter().find(|tl| tl.name == prop.name))
                    .map(|tl| tl.keys.as_slice())
                    .filter(|ks| ks.len() == track.keys.len())
            })
            .collect();
        let Some(keys) = keys else {
            continue;
        };
        for (k, key) in track.keys.iter().enumerate() {
            let fields: Vec<&[(String, KeyValue)]> =
                keys.iter().map(|ks| ks[k].fields.as_slice()).collect();
            if fields.windows(2).all(|w| w[0] == w[1]) {
                continue;
            }
            let model = key.derive.as_ref().and_then(|d| {
                Some(Model {
                    kind: d.kind,
                    projection: derive::projection(d.kind, prop.name)?,
                    degrees: d.degrees.value,
                    carried: d.carried.as_ref().map(|c| c.value),
                    about: d.about.as_ref().map(|a| a.value),
                    radians: d.degrees.value.to_radians(),
                })
            });
            let rows = group
                .members
                .iter()
                .zip(&fields)
                .map(|(m, f)| MemberRow {
                    member: m.name.clone(),
                    value: f.iter().map(|(_, v)| spell(v)).collect(),
                    derived: key.derive.as_ref().and_then(|d| {
                        let depth = derive::depth_of(d, &m.name)?;
                        Some((derive::coordinate(setup, d.kind, &m.name), depth))
                    }),
                })
                .collect();
            out.push(MemberKey {
                animation: anim.name.clone(),
                target_kind: target.kind.field(),
                target: target.name.name.clone(),
                property: prop.name.to_string(),
                time: keys[0][k].time,
                model,
                rows,
            });
        }
    }
    out
}

/// A value field as `skeleton.json` spells it.
fn spell(v: &KeyValue) -> String {
    match v {
        KeyValue::Num(x) => f32_text(*x),
        KeyValue::Int(i) => i.to_string(),
        KeyValue::Bool(b) => b.to_string(),
        KeyValue::Str(s) => rigc_diag::json::quote(s),
        KeyValue::Null => "null".to_string(),
        KeyValue::Nums(xs) => format!(
            "[{}]",
            xs.iter()
                .map(|x| f32_text(*x))
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}
