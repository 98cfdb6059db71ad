//! This module owns an animation's slider timelines (FORMAT.md §3.15): a track
//! `{ "slider": "<name>", "property": "time"|"mix", "keys": [...] }` names a
//! slider constraint of the compiled setup (by name AND type), keys one number
//! per key (`value`, one curve channel), and is emitted at
//! `animations.<a>.slider.<slider>.<timeline>`.

use rigc_diag::codes;

use super::timing::{self, KeyMeta};
use super::values::{self, Prop, Shape, Side};
use super::Cx;
use crate::spec::motion::{TrackSpec, TrackTarget};
use rigc_diag::json::quote;
use rigc_diag::Diagnostic;
use rigc_sdk::model::names::SliderTimeline;
use rigc_sdk::model::{Animation, TargetTimelines, Timeline};

/// Compiles the slider track `track`, whose one target is `target`, into
/// `out.slider`.
pub(super) fn track(
    cx: &mut Cx,
    track: &TrackSpec,
    target: &TrackTarget,
    out: &mut Animation,
) -> Option<()> {
    let name = &target.name.name;
    let anim = cx.anim_label();
    lookup(cx, target)?;
    let p = &track.property;
    let Some(timeline) = SliderTimeline::from_name(&p.name) else {
        cx.push(
            Diagnostic::new(
                codes::MOTION_SLIDER_PROPERTY_UNKNOWN,
                format!(
                    "{anim}: slider {} has no timeline {}; a slider keys {} (the parser ignores any other name, so the keys would be dropped in silence)",
                    quote(name),
                    quote(&p.name),
                    SliderTimeline::NAMES.join(" or ")
                ),
            )
            .at(p.loc.clone())
            .help(match rigc_diag::cursor::nearest(&p.name, SliderTimeline::NAMES) {
                Some(near) => format!("did you mean {}? (timeline names are lowercase, as the runtime reads them)", quote(near)),
                None => "key \"time\" (the bone-less slider's time) or \"mix\"".to_string(),
            }),
        );
        return None;
    };
    if out
        .slider
        .iter()
        .any(|t| &t.target == name && t.timelines.iter().any(|l| l.name == timeline.name()))
    {
        cx.push(
            Diagnostic::new(
                codes::MOTION_TRACK_DUPLICATE,
                format!(
                    "{anim} has two tracks on slider {}.{}; merge them into one track",
                    quote(name),
                    timeline.name()
                ),
            )
            .at(target.name.loc.clone())
            .help("put every key of this property into one track; Spine holds one timeline per constraint and property"),
        );
        return None;
    }
    let at = format!("{anim} slider {} {}", quote(name), timeline.name());
    if track.keys.is_empty() {
        cx.push(
            Diagnostic::new(codes::MOTION_TRACK_NO_KEYS, format!("{at}: no keys"))
                .at(track.keys_loc.clone())
                .help("give the track its keys, or remove it"),
        );
        return None;
    }
    // A slider's keys are numbers, one per emitted field (`value`): the same
    // decoding as a bone's numbers (the side plays no part in it).
    let prop = Prop {
        name: timeline.name(),
        side: Side::Bone,
        shape: Shape::Numbers(timeline.fields()),
    };
    let metas: Vec<KeyMeta> = track
        .keys
        .iter()
        .map(|k| KeyMeta::at(k.t, &k.t_loc, &k.loc).eased(k.ease.as_ref(), k.curve.as_ref()))
        .collect();
    let interps = timing::interps(cx, &at, &metas, prop.channels(), None);
    let mut decoded = Vec::with_capacity(track.keys.len());
    for key in &track.keys {
        if key.derive.is_some() {
            cx.push(
                Diagnostic::new(
                    codes::MOTION_KEY_VALUE_SHAPE,
                    format!("{at}: a slider key states its value in \"v\"; \"derive\" models a bone's offset"),
                )
                .at(key.loc.clone())
                .help("write \"v\": [<value>]"),
            );
            continue;
        }
        let v = key.v.as_ref().map(|r| r.node());
        match values::decode(prop, v.as_ref(), &key.loc, &at, key.t) {
            Ok(kv) => decoded.push(kv),
            Err(d) => cx.push(*d),
        }
    }
    let interps = interps?;
    if decoded.len() != track.keys.len() {
        return None;
    }
    let times = timing::times(cx, &at, &metas, track.lag, true)?;
    let keys = timing::build(cx, &at, &metas, &times, &interps, decoded)?;
    let timeline = Timeline {
        name: timeline.name().to_string(),
        keys,
    };
    match out.slider.iter_mut().find(|t| &t.target == name) {
        Some(t) => t.timelines.push(timeline),
        None => out.slider.push(TargetTimelines {
            target: name.clone(),
            timelines: vec![timeline],
        }),
    }
    Some(())
}

/// The slider constraint `target` names, refused when the setup declares none
/// of that name or declares it as another type.
fn lookup(cx: &mut Cx, target: &TrackTarget) -> Option<()> {
    let name = &target.name.name;
    let setup = cx.setup;
    if setup
        .constraints
        .iter()
        .any(|c| c.name() == name && c.type_name() == "slider")
    {
        return Some(());
    }
    let sliders: Vec<&str> = setup
        .constraints
        .iter()
        .filter(|c| c.type_name() == "slider")
        .map(|c| c.name())
        .collect();
    let message = match setup.constraints.iter().find(|c| c.name() == name) {
        Some(other) => format!(
            "{} keys {} as a slider, but the rig declares it as a {} constraint — the parser looks a timeline's target up by name AND type, misses, and throws",
            cx.anim_label(),
            quote(name),
            quote(other.type_name())
        ),
        None if sliders.is_empty() => format!(
            "{} keys unknown slider {}; the rig declares no slider constraint at all",
            cx.anim_label(),
            quote(name)
        ),
        None => format!(
            "{} keys unknown slider {}; the rig declares slider constraint(s): {}",
            cx.anim_label(),
            quote(name),
            sliders.join(", ")
        ),
    };
    cx.push(
        Diagnostic::new(codes::MOTION_SLIDER_UNDECLARED, message)
            .at(target.name.loc.clone())
            .help(super::suggest("slider constraint", name, &sliders)),
    );
    None
}
