//! This module owns evaluating a key's `derive` model (FORMAT.md §3.9, FACE.md
//! §3–§3.1, §5): which projection the track's property picks, the two closed
//! forms (the displacement `d = (x − about)·(cos t − 1) − (depth − carried)·sin t`
//! and the narrowing `cos(α − t) / cos α`, `α = atan2(x − about, depth)`), each
//! member's setup coordinate and stated depth, and every refusal of a model that
//! does not fit its track. Values are quantised to 6 decimals, as every number
//! rigc evaluates is emitted.

use rigc_diag::codes;

use super::timing::{at_t, KeyValues};
use super::values::{self, Prop};
use super::{list, Cx};
use crate::spec::motion::{Depth, DeriveKind, DeriveSpec, KeySpec, TargetKind};
use rigc_diag::json::quote;
use rigc_diag::Diagnostic;
use rigc_sdk::model::names::BoneTimeline;
use rigc_sdk::model::Skeleton;
use rigc_sdk::num::{f64_text, quantise};

/// What a model projects onto, picked by the track's property.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Projection {
    /// `translatex` (yaw) / `translatey` (pitch): the displacement.
    Displacement,
    /// `scalex` (yaw) / `scaley` (pitch): the narrowing (foreshortening).
    Narrowing,
}

/// The timelines a kind projects onto: its displacement, then its narrowing.
fn timelines(kind: DeriveKind) -> [(BoneTimeline, Projection); 2] {
    match kind {
        DeriveKind::Yaw => [
            (BoneTimeline::TranslateX, Projection::Displacement),
            (BoneTimeline::ScaleX, Projection::Narrowing),
        ],
        DeriveKind::Pitch => [
            (BoneTimeline::TranslateY, Projection::Displacement),
            (BoneTimeline::ScaleY, Projection::Narrowing),
        ],
    }
}

/// The projection `kind` has onto the property `property`, if any.
pub fn projection(kind: DeriveKind, property: &str) -> Option<Projection> {
    timelines(kind)
        .into_iter()
        .find(|(t, _)| t.name() == property)
        .map(|(_, p)| p)
}

/// The scale a kind narrows, as FORMAT.md names it in messages (`scaleX`).
pub fn scale_word(kind: DeriveKind) -> &'static str {
    match kind {
        DeriveKind::Yaw => "scaleX",
        DeriveKind::Pitch => "scaleY",
    }
}

/// The displacement of a member at `coord` and `depth` under a turn of `t`
/// radians, less the shift the parent carries: `(x − about)·(cos t − 1) −
/// (depth − carried)·sin t`.
pub fn displacement(coord: f64, about: f64, depth: f64, carried: f64, t: f64) -> f64 {
    (coord - about) * (t.cos() - 1.0) - (depth - carried) * t.sin()
}

/// The angle the member's surface faces, `α = atan2(x − about, depth)`.
pub fn facing(coord: f64, about: f64, depth: f64) -> f64 {
    (coord - about).atan2(depth)
}

/// The narrowing of a member at `coord` and `depth` under a turn of `t`
/// radians: `cos(α − t) / cos α`.
pub fn narrowing(coord: f64, about: f64, depth: f64, t: f64) -> f64 {
    let alpha = facing(coord, about, depth);
    (alpha - t).cos() / alpha.cos()
}

/// The member's setup coordinate the kind reads (bone `x` or `y` in its
/// parent's space; absent reads 0, as the runtime reads it).
pub fn coordinate(setup: &Skeleton, kind: DeriveKind, bone: &str) -> f64 {
    let b = setup.bones.iter().find(|b| b.name == bone);
    let v = b.and_then(|b| match kind {
        DeriveKind::Yaw => b.x,
        DeriveKind::Pitch => b.y,
    });
    v.unwrap_or(0.0)
}

/// The depth the model states for `member` (on a bone track, its one depth).
pub fn depth_of(spec: &DeriveSpec, member: &str) -> Option<f64> {
    match &spec.depth {
        Depth::One(z) => Some(z.value),
        Depth::Members { entries, .. } => entries
            .iter()
            .find(|e| e.member.name == member)
            .map(|e| e.z.value),
    }
}

/// One member's evaluated value (quantised), from the model's stated numbers.
pub fn value(spec: &DeriveSpec, projection: Projection, coord: f64, depth: f64) -> f64 {
    let t = spec.degrees.value.to_radians();
    quantise(match projection {
        Projection::Displacement => displacement(coord, spec.about(), depth, spec.carried(), t),
        Projection::Narrowing => narrowing(coord, spec.about(), depth, t),
    })
}

/// What [`evaluate`] reads of the track.
pub(super) struct Track<'a> {
    /// `animation "A" group "G" P`.
    pub at: &'a str,
    /// Bone or group.
    pub kind: TargetKind,
    /// The group's name (or the bone's).
    pub name: &'a str,
    /// The property.
    pub prop: Prop,
    /// The members, in order (one for a bone track).
    pub members: &'a [String],
}

/// Evaluates the key's `derive` for every member of the track, refusing a model
/// that does not fit it; one value per member, in member order.
pub(super) fn evaluate(
    cx: &mut Cx,
    track: &Track,
    key: &KeySpec,
    spec: &DeriveSpec,
) -> Option<Vec<KeyValues>> {
    let at = at_t(track.at, key.t);
    let kind = spec.kind;
    let kname = kind.name();
    if let Some(v) = &key.v {
        let node = v.node();
        let what = if node.is_object() {
            "a per-member \"v\" map"
        } else {
            "a \"v\" value"
        };
        cx.push(
            node.err(
                codes::MOTION_KEY_DERIVE_AND_VALUE,
                format!("{at}: this key carries both a \"derive\" model and {what}"),
            )
            .help("keep one: the model evaluates every member's value, so drop \"v\" (or drop \"derive\" and state the values)"),
        );
        return None;
    }
    let Some(projection) = projection(kind, track.prop.name) else {
        let names = timelines(kind).map(|(t, _)| t.name());
        cx.push(
            Diagnostic::new(
                codes::MOTION_KEY_DERIVE_NO_PROJECTION,
                format!(
                    "{at}: derive {kname} has no projection onto {}",
                    quote(track.prop.name)
                ),
            )
            .at(spec.kind_loc.clone())
            .help(format!(
                "derive {kname} projects onto {} (the displacement) and {} (the narrowing); key this property with \"v\"",
                quote(names[0]),
                quote(names[1])
            )),
        );
        return None;
    };
    let before = cx.diags.len();
    check_depths(cx, track, spec, &at);
    if track.kind == TargetKind::Group {
        check_parents(cx, track, spec, &at);
    }
    if cx.diags.len() != before {
        return None;
    }
    let t = spec.degrees.value.to_radians();
    let mut out = Vec::with_capacity(track.members.len());
    for member in track.members {
        let coord = coordinate(cx.setup, kind, member);
        let depth = depth_of(spec, member)?;
        if projection == Projection::Narrowing {
            let (sw, axis) = (scale_word(kind), kind.axis());
            let who = match track.kind {
                TargetKind::Group => format!("member {}", quote(member)),
                _ => format!("bone {}", quote(member)),
            };
            if depth <= 0.0 {
                cx.push(
                    Diagnostic::new(
                        codes::MOTION_KEY_DERIVE_SCALE_DEPTH,
                        format!("{at}: derive {kname} projects onto {} and {who} states depth {}", quote(sw), f64_text(depth)),
                    )
                    .at(depth_loc(spec, member))
                    .help(format!("foreshortening divides by cos α, α = atan2({axis} − about, depth), so it needs a depth above 0 (in front of the axis); key this member's {sw} with \"v\" instead")),
                );
                continue;
            }
            let alpha = facing(coord, spec.about(), depth);
            let edge = (alpha - t).cos();
            if edge <= 0.0 {
                cx.push(
                    Diagnostic::new(
                        codes::MOTION_KEY_DERIVE_PAST_EDGE,
                        format!(
                            "{at}: derive {kname} turns {who} past its own edge: at {axis}={} and depth {} its surface faces α = {}°, and a turn of {}° leaves cos(α − t) = {}, so its {sw} would mirror the drawing",
                            f64_text(coord),
                            f64_text(depth),
                            rigc_sdk::num::fixed(alpha.to_degrees(), 2),
                            f64_text(spec.degrees.value),
                            rigc_sdk::num::fixed(edge, 6)
                        ),
                    )
                    .at(spec.degrees.loc.clone())
                    .related("the depth it is stated at", depth_loc(spec, member))
                    .help("turn it less, or give the member a larger depth; a part turned past its edge is hidden, not mirrored"),
                );
                continue;
            }
        }
        let v = value(spec, projection, coord, depth);
        if !(v as f32).is_finite() {
            cx.push(
                Diagnostic::new(
                    codes::MOTION_KEY_DERIVE_BEYOND_FLOAT32,
                    format!(
                        "{at}: derive {kname} gives member {} the value {}, which a float32 cannot hold",
                        quote(member),
                        f64_text(v)
                    ),
                )
                .at(depth_loc(spec, member))
                .help("state a depth, carried and about the runtime's float32 can carry through the model"),
            );
            continue;
        }
        out.push(values::number_values(track.prop, vec![v]));
    }
    (cx.diags.len() == before).then_some(out)
}

/// Where the depth of `member` is written (the map's entry, or the one depth).
fn depth_loc(spec: &DeriveSpec, member: &str) -> rigc_diag::Loc {
    match &spec.depth {
        Depth::One(z) => z.loc.clone(),
        Depth::Members { loc, entries } => entries
            .iter()
            .find(|e| e.member.name == member)
            .map_or_else(|| loc.clone(), |e| e.z.loc.clone()),
    }
}

/// The depth fits the track: a map naming exactly the group's members, or one
/// number on a bone track; on a narrowing, no `carried`.
fn check_depths(cx: &mut Cx, track: &Track, spec: &DeriveSpec, at: &str) {
    let kname = spec.kind.name();
    match (&spec.depth, track.kind) {
        (Depth::One(z), TargetKind::Group) => cx.push(
            Diagnostic::new(
                codes::MOTION_KEY_DERIVE_DEPTH_FORM,
                format!(
                    "{at}: derive {kname} states one depth, and a group track's members each state their own"
                ),
            )
            .at(z.loc.clone())
            .help(format!(
                "write \"depth\": {{ {} }}",
                track
                    .members
                    .iter()
                    .map(|m| format!("{}: <z>", quote(m)))
                    .collect::<Vec<_>>()
                    .join(", ")
            )),
        ),
        (Depth::Members { loc, .. }, TargetKind::Bone) => cx.push(
            Diagnostic::new(
                codes::MOTION_KEY_DERIVE_DEPTH_FORM,
                format!(
                    "{at}: derive {kname} states a per-member depth map, and a bone track has one target"
                ),
            )
            .at(loc.clone())
            .help(format!("write \"depth\": <z>, the one depth of bone {}, or key a group to give members their own", quote(track.name))),
        ),
        (Depth::Members { loc, entries }, _) => {
            for e in entries {
                if track.members.contains(&e.member.name) {
                    continue;
                }
                let names: Vec<&str> = track.members.iter().map(String::as_str).collect();
                cx.push(
                    Diagnostic::new(
                        codes::MOTION_KEY_DERIVE_UNKNOWN_MEMBER,
                        format!(
                            "{at}: the depth map names {}, which group {} does not declare",
                            quote(&e.member.name),
                            quote(track.name)
                        ),
                    )
                    .at(e.member.loc.clone())
                    .help(format!("the members of group {} are: {}", quote(track.name), list(&names))),
                );
            }
            for m in track.members {
                if entries.iter().any(|e| &e.member.name == m) {
                    continue;
                }
                cx.push(
                    Diagnostic::new(
                        codes::MOTION_KEY_DERIVE_MISSING_DEPTH,
                        format!("{at}: derive {kname} states no depth for member {}", quote(m)),
                    )
                    .at(loc.clone())
                    .help(format!("give {} its depth in this map; a member's depth is never defaulted", quote(m))),
                );
            }
        }
        (Depth::One(_), _) => {}
    }
    if let (Some(c), Some(Projection::Narrowing)) =
        (&spec.carried, projection(spec.kind, track.prop.name))
    {
        cx.push(
            Diagnostic::new(
                codes::MOTION_KEY_DERIVE_SCALE_CARRIED,
                format!(
                    "{at}: derive {kname} states carried={} on a {} track",
                    f64_text(c.value),
                    quote(track.prop.name)
                ),
            )
            .at(c.loc.clone())
            .help("carried is the shift a parent's translate already applies, and a narrowing has no shift to share — drop it here"),
        );
    }
}

/// Every member of a group reads its coordinate in one space: one parent.
fn check_parents(cx: &mut Cx, track: &Track, spec: &DeriveSpec, at: &str) {
    let mut parents: Vec<(Option<&str>, Vec<&str>)> = Vec::new();
    for m in track.members {
        let parent = cx
            .setup
            .bones
            .iter()
            .find(|b| &b.name == m)
            .and_then(|b| b.parent.as_deref());
        match parents.iter_mut().find(|(p, _)| *p == parent) {
            Some((_, ms)) => ms.push(m),
            None => parents.push((parent, vec![m])),
        }
    }
    if parents.len() < 2 {
        return;
    }
    let kname = spec.kind.name();
    let each = parents
        .iter()
        .map(|(p, ms)| {
            let p = p.map_or_else(|| "no parent".to_string(), quote);
            format!("{p} ({})", ms.join(", "))
        })
        .collect::<Vec<_>>()
        .join("; ");
    cx.push(
        Diagnostic::new(
            codes::MOTION_KEY_DERIVE_PARENTS,
            format!(
                "{at}: derive {kname} reads each member's setup {} in its parent's space, and one model needs one space. These members sit under {} different parents: {each}",
                spec.kind.axis(),
                parents.len()
            ),
        )
        .at(spec.loc.clone())
        .help("split the group by parent, one track each; the seam of a shared shift falls where the parent chain puts it"),
    );
}
