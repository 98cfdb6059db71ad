//! This module owns an animation's `path` timelines (FORMAT.md §3.15, §5.3):
//! each `path` track's constraint found by name AND type, one timeline per
//! constraint and property, each key's `v` read as the timeline's channels
//! (`position` and `spacing` one number, `mix` the three `mixRotate, mixX,
//! mixY`, all three always written), timed and curved as every family is, and
//! grouped per constraint in first-appearance order for
//! `animations.<a>.path.<constraint>.<timeline>`.

use rigc_diag::codes;

use super::timing::{self, f32_of, KeyMeta, KeyValues};
use super::Cx;
use crate::spec::motion::{KeySpec, PathTrackSpec};
use rigc_diag::json::quote;
use rigc_diag::Diagnostic;
use rigc_sdk::model::{Key, KeyValue, TargetTimelines, Timeline};

/// Compiles the animation's path tracks into per-constraint timelines.
pub(super) fn compile(cx: &mut Cx, tracks: &[PathTrackSpec]) -> Vec<TargetTimelines> {
    let mut out: Vec<TargetTimelines> = Vec::new();
    let mut seen: Vec<&PathTrackSpec> = Vec::new();
    for track in tracks {
        let name = &track.constraint.name;
        let timeline = track.timeline.name();
        if let Some(first) = seen
            .iter()
            .find(|t| &t.constraint.name == name && t.timeline == track.timeline)
        {
            cx.push(
                Diagnostic::new(
                    codes::MOTION_CONSTRAINT_DUPLICATE,
                    format!(
                        "{} has two path {timeline} timelines on constraint {}; a constraint holds one timeline per property, so merge them into one",
                        cx.anim_label(),
                        quote(name)
                    ),
                )
                .at(track.loc.clone())
                .related("the first timeline is here", first.loc.clone())
                .help("put every key of this property into one track"),
            );
            continue;
        }
        seen.push(track);
        let Some(keys) = one(cx, track) else {
            continue;
        };
        let entry = match out.iter().position(|g| &g.target == name) {
            Some(i) => &mut out[i],
            None => {
                out.push(TargetTimelines {
                    target: name.clone(),
                    timelines: Vec::new(),
                });
                out.last_mut().expect("just pushed")
            }
        };
        entry.timelines.push(Timeline {
            name: timeline.to_string(),
            keys,
        });
    }
    out
}

/// One track's keys, or `None` when refused.
fn one(cx: &mut Cx, track: &PathTrackSpec) -> Option<Vec<Key>> {
    lookup(cx, track)?;
    let at = format!(
        "{} path constraint {} {}",
        cx.anim_label(),
        quote(&track.constraint.name),
        track.timeline.name()
    );
    if track.keys.is_empty() {
        cx.push(
            Diagnostic::new(codes::MOTION_CONSTRAINT_NO_KEYS, format!("{at}: no keys"))
                .at(track.keys_loc.clone())
                .help("give the timeline its keys, or remove the track"),
        );
        return None;
    }
    let before = cx.diags.len();
    let values: Vec<KeyValues> = track
        .keys
        .iter()
        .filter_map(|k| value(cx, &at, track, k))
        .collect();
    if cx.diags.len() != before {
        return None;
    }
    let metas: Vec<KeyMeta> = track
        .keys
        .iter()
        .map(|k| KeyMeta::at(k.t, &k.t_loc, &k.loc).eased(k.ease.as_ref(), k.curve.as_ref()))
        .collect();
    let channels = track.timeline.fields().len();
    let interps = timing::interps(cx, &at, &metas, channels, None)?;
    let times = timing::times(cx, &at, &metas, track.lag, true)?;
    timing::build(cx, &at, &metas, &times, &interps, values)
}

/// The rig's path constraint a track names, refused when unknown or of
/// another type.
fn lookup(cx: &mut Cx, track: &PathTrackSpec) -> Option<()> {
    let name = &track.constraint.name;
    let setup = cx.setup;
    if setup
        .constraints
        .iter()
        .any(|c| c.name() == name && c.type_name() == "path")
    {
        return Some(());
    }
    let d = match setup.constraints.iter().find(|c| c.name() == name) {
        Some(other) => Diagnostic::new(
            codes::MOTION_CONSTRAINT_TYPE_MISMATCH,
            format!(
                "{} keys {} as a path constraint, but the rig declares it as a {} constraint — the parser looks a timeline's target up by name AND type, misses, and throws",
                cx.anim_label(),
                quote(name),
                quote(other.type_name())
            ),
        )
        .help(format!("key {} under the animation's {} timelines", quote(name), quote(other.type_name()))),
        None => {
            let declared: Vec<&str> = setup
                .constraints
                .iter()
                .filter(|c| c.type_name() == "path")
                .map(|c| c.name())
                .collect();
            let tail = if declared.is_empty() {
                "the rig declares no path constraint at all".to_string()
            } else {
                format!("the rig declares path constraint(s): {}", declared.join(", "))
            };
            Diagnostic::new(
                codes::MOTION_CONSTRAINT_UNKNOWN,
                format!("{} keys unknown path constraint {}; {tail}", cx.anim_label(), quote(name)),
            )
            .help(super::suggest("path constraint", name, &declared))
        }
    };
    cx.push(d.at(track.constraint.loc.clone()));
    None
}

/// One key's `v`: exactly the timeline's channels, each a number.
fn value(cx: &mut Cx, at: &str, track: &PathTrackSpec, k: &KeySpec) -> Option<KeyValues> {
    let fields = track.timeline.fields();
    let numbers: Option<Vec<f64>> = k.v.as_ref().and_then(|v| {
        let n = v.node();
        let xs: Vec<f64> = n.elements().filter_map(|e| e.as_f64()).collect();
        (n.array_len() == Some(fields.len()) && xs.len() == fields.len()).then_some(xs)
    });
    let Some(numbers) = numbers else {
        let (loc, written) = match &k.v {
            Some(v) => (v.node().loc(), v.node().describe()),
            None => (k.loc.clone(), "absent".to_string()),
        };
        let want = fields.iter().map(|f| f.name).collect::<Vec<_>>().join(", ");
        cx.push(
            Diagnostic::new(
                codes::MOTION_PATH_VALUE_SHAPE,
                format!(
                    "{} (t={}): v is {written}; a path {} key's v is an array of {} number(s): [{want}]",
                    at,
                    crate::spec::motion::secs(k.t),
                    track.timeline.name(),
                    fields.len()
                ),
            )
            .at(loc)
            .help(format!("write \"v\": [{want}]")),
        );
        return None;
    };
    Some(KeyValues {
        fields: fields
            .iter()
            .zip(&numbers)
            .map(|(f, x)| (f.name.to_string(), KeyValue::Num(*x)))
            .collect(),
        emitted: numbers.iter().map(|x| f32_of(*x)).collect(),
        channels: numbers,
    })
}
