//! This module owns an animation's physics constraint timelines (FORMAT.md
//! §3.7, §3.16; SPINE43.md §8.7): a `physics` track keys one constraint's `mix`
//! (`[mix]`, curved) or `reset` (`null`, an instant), a `group` track keying
//! `mix`/`reset` keys each member constraint (stagger in member order), and the
//! empty name `"physics": ""` is the global form the runtime applies to every
//! physics constraint whose `mixGlobal` is set (every one, for `reset`). They
//! are emitted at `animations.<a>.physics.<constraint or "">.<timeline>`.

use rigc_diag::codes;

use super::timing::{self, f32_of, KeyMeta, KeyValues};
use super::{list, suggest, Cx};
use crate::spec::motion::{TargetKind, TrackSpec};
use rigc_diag::json::quote;
use rigc_diag::{Diagnostic, Loc};
use rigc_sdk::model::names::PhysicsTimeline;
use rigc_sdk::model::{Animation, Constraint, KeyValue, TargetTimelines, Timeline};

/// The timelines a motion spec can key on a physics constraint.
const WRITABLE: [PhysicsTimeline; 2] = [PhysicsTimeline::Mix, PhysicsTimeline::Reset];

/// A `<constraint>.<timeline>` a physics track has claimed, and where.
pub(super) struct Claim {
    target: String,
    timeline: &'static str,
    loc: Loc,
}

/// Is `track` a physics timeline: a `physics` target, or a group keying `mix`
/// or `reset` (a group of physics constraints)?
pub(super) fn owns(track: &TrackSpec) -> bool {
    let physics_property = WRITABLE.iter().any(|t| t.name() == track.property.name);
    match track.targets.as_slice() {
        [t] => t.kind == TargetKind::Physics || (t.kind == TargetKind::Group && physics_property),
        _ => false,
    }
}

/// Compiles one physics track into `out.physics`.
pub(super) fn one(
    cx: &mut Cx,
    track: &TrackSpec,
    claims: &mut Vec<Claim>,
    out: &mut Animation,
) -> Option<()> {
    let target = track.targets.first()?;
    let anim = cx.anim_label();
    let who = match target.kind {
        TargetKind::Group => format!("group {}", quote(&target.name.name)),
        _ => format!("physics constraint {}", quote(&target.name.name)),
    };
    let p = &track.property;
    let Some(timeline) = WRITABLE.iter().copied().find(|t| t.name() == p.name) else {
        cx.push(
            Diagnostic::new(
                codes::MOTION_PHYSICS_TIMELINE_UNKNOWN,
                format!("{anim}: {who} has no timeline {} (it has: mix, reset)", quote(&p.name)),
            )
            .at(p.loc.clone())
            .help("a motion spec keys a physics constraint's \"mix\" ([0..1]) and \"reset\" (null); its tuning is set in the `physics` table or the rig"),
        );
        return None;
    };
    let members = members(cx, track, timeline)?;
    claim(cx, &members, timeline, claims)?;
    let at = format!("{anim} {who} {}", timeline.name());
    if track.keys.is_empty() {
        cx.push(
            Diagnostic::new(codes::MOTION_TRACK_NO_KEYS, format!("{at}: no keys"))
                .at(track.keys_loc.clone())
                .help("give the track its keys, or remove it"),
        );
        return None;
    }
    let metas: Vec<KeyMeta> = track
        .keys
        .iter()
        .map(|k| KeyMeta::at(k.t, &k.t_loc, &k.loc).eased(k.ease.as_ref(), k.curve.as_ref()))
        .collect();
    let instant = (timeline == PhysicsTimeline::Reset).then_some(timeline.name());
    let channels = timeline.curves().unwrap_or(0);
    let interps = timing::interps(cx, &at, &metas, channels, instant);
    let values = values(cx, &at, track, timeline);
    let (interps, values) = (interps?, values?);
    for (index, (name, _)) in members.iter().enumerate() {
        let shift = track.lag + track.stagger * index as f64;
        let at_m = if target.kind == TargetKind::Group && track.stagger != 0.0 {
            format!("{at} (member {})", quote(name))
        } else {
            at.clone()
        };
        let times = timing::times(cx, &at_m, &metas, shift, true)?;
        let keys = timing::build(cx, &at_m, &metas, &times, &interps, values.clone())?;
        let timeline = Timeline {
            name: timeline.name().to_string(),
            keys,
        };
        match out.physics.iter_mut().find(|t| &t.target == name) {
            Some(t) => t.timelines.push(timeline),
            None => out.physics.push(TargetTimelines {
                target: name.clone(),
                timelines: vec![timeline],
            }),
        }
    }
    Some(())
}

/// The constraints the track keys, by name (the empty name for the global
/// form), each checked against the compiled setup.
fn members(
    cx: &mut Cx,
    track: &TrackSpec,
    timeline: PhysicsTimeline,
) -> Option<Vec<(String, Loc)>> {
    let target = track.targets.first()?;
    let name = &target.name.name;
    if target.kind == TargetKind::Physics {
        if name.is_empty() {
            return global(cx, target.name.loc.clone(), timeline);
        }
        return lookup(cx, name, &target.name.loc, None)
            .then(|| vec![(name.clone(), target.name.loc.clone())]);
    }
    let Some(g) = cx.motion.group(name) else {
        let names: Vec<&str> = cx.motion.groups.iter().map(|g| g.name.as_str()).collect();
        cx.push(
            Diagnostic::new(
                codes::MOTION_TRACK_UNKNOWN_GROUP,
                format!("{}: unknown group {}", cx.anim_label(), quote(name)),
            )
            .at(target.name.loc.clone())
            .help(match rigc_diag::cursor::nearest(name, &names) {
                Some(near) => format!(
                    "did you mean {}? Or declare the group in `groups`",
                    quote(near)
                ),
                None => "declare the group in the motion spec's `groups` table".to_string(),
            }),
        );
        return None;
    };
    let mut ok = true;
    for m in &g.members {
        ok &= lookup(cx, &m.name, &m.loc, Some((&g.name, &target.name.loc)));
    }
    ok.then(|| {
        g.members
            .iter()
            .map(|m| (m.name.clone(), m.loc.clone()))
            .collect()
    })
}

/// The global form reaches every physics constraint whose `mixGlobal` is set
/// (every one, for `reset`); reaching none is refused.
fn global(cx: &mut Cx, loc: Loc, timeline: PhysicsTimeline) -> Option<Vec<(String, Loc)>> {
    let physics: Vec<_> = cx
        .setup
        .constraints
        .iter()
        .filter_map(|c| match c {
            Constraint::Physics(p) => Some(p),
            _ => None,
        })
        .collect();
    let reached = physics
        .iter()
        .filter(|p| timeline == PhysicsTimeline::Reset || p.global("mixGlobal"))
        .count();
    if reached > 0 {
        return Some(vec![(String::new(), loc)]);
    }
    let names: Vec<&str> = physics.iter().map(|p| p.name.as_str()).collect();
    let (message, help) = if physics.is_empty() {
        (
            "and the skeleton has no physics constraint at all".to_string(),
            "declare a physics constraint (rig `constraints` or the motion `physics` table), or remove this track".to_string(),
        )
    } else {
        (
            format!("and none of {} declares \"mixGlobal\": true", list(&names)),
            "set \"mixGlobal\": true on the rig constraints it should drive, or name one constraint in \"physics\"".to_string(),
        )
    };
    cx.push(
        Diagnostic::new(
            codes::MOTION_PHYSICS_GLOBAL_REACHES_NONE,
            format!(
                "{}: a physics track with the empty name keys {} on every physics constraint declaring \"{}Global\": true, {message}, so it moves nothing",
                cx.anim_label(),
                timeline.name(),
                timeline.name()
            ),
        )
        .at(loc)
        .help(help),
    );
    None
}

/// Is `name` a physics constraint of the setup? Refused (unknown, or declared
/// under another type) otherwise; `group` is the group and its track's name.
fn lookup(cx: &mut Cx, name: &str, loc: &Loc, group: Option<(&str, &Loc)>) -> bool {
    let setup = cx.setup;
    if setup
        .constraints
        .iter()
        .any(|c| matches!(c, Constraint::Physics(_)) && c.name() == name)
    {
        return true;
    }
    let of_group = group
        .map(|(g, _)| format!(" (a member of group {})", quote(g)))
        .unwrap_or_default();
    let mut d = match setup.constraints.iter().find(|c| c.name() == name) {
        Some(other) => Diagnostic::new(
            codes::MOTION_CONSTRAINT_TYPE_MISMATCH,
            format!(
                "{} keys {}{of_group} as a physics constraint, but the rig declares it as a {} constraint — a timeline group resolves its target by name AND type, misses, and the loader throws",
                cx.anim_label(),
                quote(name),
                quote(other.type_name())
            ),
        )
        .help(format!("key {} under its own family, or name a physics constraint", quote(name))),
        None => {
            let declared: Vec<&str> = setup
                .constraints
                .iter()
                .filter(|c| matches!(c, Constraint::Physics(_)))
                .map(|c| c.name())
                .collect();
            let tail = if declared.is_empty() {
                ", and the skeleton declares no physics constraint at all".to_string()
            } else {
                format!(" (the skeleton declares: {})", declared.join(", "))
            };
            Diagnostic::new(
                codes::MOTION_CONSTRAINT_UNKNOWN,
                format!(
                    "{} keys unknown physics constraint {}{of_group}{tail}",
                    cx.anim_label(),
                    quote(name)
                ),
            )
            .help(suggest("physics constraint", name, &declared))
        }
    };
    d = d.at(loc.clone());
    if let Some((_, track)) = group {
        d = d.related("keyed by the track here", track.clone());
    }
    cx.push(d);
    false
}

/// Refuses a second track on one `<constraint>.<timeline>`.
fn claim(
    cx: &mut Cx,
    members: &[(String, Loc)],
    timeline: PhysicsTimeline,
    claims: &mut Vec<Claim>,
) -> Option<()> {
    let mut ok = true;
    for (name, loc) in members {
        if let Some(first) = claims
            .iter()
            .find(|c| &c.target == name && c.timeline == timeline.name())
        {
            ok = false;
            cx.push(
                Diagnostic::new(
                    codes::MOTION_TRACK_DUPLICATE,
                    format!(
                        "{} has two tracks on physics {}.{}; merge them into one track",
                        cx.anim_label(),
                        quote(name),
                        timeline.name()
                    ),
                )
                .at(loc.clone())
                .related("the first track keys it here", first.loc.clone())
                .help("put every key of this timeline into one track; Spine holds one timeline per constraint and name"),
            );
            continue;
        }
        claims.push(Claim {
            target: name.clone(),
            timeline: timeline.name(),
            loc: loc.clone(),
        });
    }
    ok.then_some(())
}

/// Every key's value: `[mix]` for `mix`, nothing (`null` or no `v`) for `reset`.
fn values(
    cx: &mut Cx,
    at: &str,
    track: &TrackSpec,
    timeline: PhysicsTimeline,
) -> Option<Vec<KeyValues>> {
    let before = cx.diags.len();
    let mut out = Vec::with_capacity(track.keys.len());
    for key in &track.keys {
        let v = key.v.as_ref().map(|r| r.node());
        let per_member = key
            .derive
            .as_ref()
            .map(|d| d.loc.clone())
            .or_else(|| v.as_ref().filter(|n| n.is_object()).map(|n| n.loc()));
        if let Some(loc) = per_member {
            cx.push(
                Diagnostic::new(
                    codes::MOTION_PHYSICS_KEY_PER_MEMBER,
                    format!(
                        "{}: a physics key states one value for every constraint it keys; per-member values (a `v` map or `derive`) are for bone and slot groups",
                        timing::at_t(at, key.t)
                    ),
                )
                .at(loc)
                .help("give the key its value directly, or key each constraint on its own track"),
            );
            continue;
        }
        if timeline == PhysicsTimeline::Reset {
            match &v {
                Some(n) if !n.is_null() => cx.push(
                    n.err(
                        codes::MOTION_PHYSICS_RESET_VALUE,
                        format!(
                            "{}: a reset key is an event and takes no value; use null",
                            timing::at_t(at, key.t)
                        ),
                    )
                    .help("write \"v\": null (or leave \"v\" out): the key resets the simulation at its time"),
                ),
                _ => out.push(KeyValues::default()),
            }
            continue;
        }
        let x = v
            .as_ref()
            .filter(|n| n.array_len() == Some(1))
            .and_then(|n| n.elements().next())
            .and_then(|e| e.as_f64())
            .filter(|x| x.is_finite());
        let Some(x) = x else {
            let d = Diagnostic::new(
                codes::MOTION_KEY_VALUE_SHAPE,
                format!("{at}: key value must be an array of 1 number(s)"),
            )
            .help("write \"v\": [mix] — 0 leaves the bone where its animation puts it, 1 hands it to the spring");
            cx.push(match &v {
                Some(n) => d.at(n.loc()),
                None => d.at_without_value(key.loc.clone()),
            });
            continue;
        };
        let field = timeline.fields().first().map_or("value", |f| f.name);
        out.push(KeyValues {
            fields: vec![(field.to_string(), KeyValue::Num(x))],
            channels: vec![x],
            emitted: vec![f32_of(x)],
        });
    }
    (cx.diags.len() == before).then_some(out)
}
