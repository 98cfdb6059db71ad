//! This module owns an animation's `tracks` (FORMAT.md §3.7–§3.9): each track's one
//! target (a bone, a slot, or a group of them) and property, the per-member value
//! maps of group keys (a `derive` model's values come from `derive`), `lag`/`stagger`,
//! and the bone and slot timelines it emits; a physics track is `physics`'.

use rigc_diag::codes;

use super::derive;
use super::timing::{self, at_t, KeyMeta, KeyValues};
use super::values::{self, Prop, Shape, Side};
use super::{list, suggest, Cx};
use crate::spec::motion::{TargetKind, TrackSpec, TrackTarget};
use rigc_diag::json::quote;
use rigc_diag::{Diagnostic, Loc};
use rigc_sdk::model::{Animation, KeyValue, TargetTimelines, Timeline};

/// One bone or slot a track keys, with where its name is written.
struct Member {
    name: String,
    loc: Loc,
}

/// A `<target>.<property>` a track has claimed.
struct Claim {
    side: Side,
    target: String,
    property: &'static str,
    loc: Loc,
}

/// Compiles every track of the animation into `out.bones` / `out.slots`.
pub(super) fn compile(cx: &mut Cx, out: &mut Animation) {
    let mut claims = Vec::new();
    let mut physics_claims = Vec::new();
    for track in &cx.anim.tracks {
        if super::physics::owns(track) {
            super::physics::one(cx, track, &mut physics_claims, out);
            continue;
        }
        one(cx, track, &mut claims, out);
    }
}

fn one(cx: &mut Cx, track: &TrackSpec, claims: &mut Vec<Claim>, out: &mut Animation) -> Option<()> {
    if let [t] = track.targets.as_slice() {
        if t.kind == TargetKind::Slider {
            return super::slider::track(cx, track, t, out);
        }
    }
    let (prop, target) = resolve(cx, track)?;
    let members = members(cx, target, prop.side)?;
    claim(cx, target, prop, &members, claims)?;
    let at = format!(
        "{} {} {} {}",
        cx.anim_label(),
        target.kind.field(),
        quote(&target.name.name),
        prop.name
    );
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
    let instant = match prop.shape {
        Shape::Attachment | Shape::Inherit => Some(prop.name),
        _ => None,
    };
    let interps = timing::interps(cx, &at, &metas, prop.channels(), instant);
    let table = member_values(cx, &at, track, target, prop, &members);
    if prop.has_dark() {
        check_dark(cx, &at, track, &members)?;
    }
    let (interps, table) = (interps?, table?);
    for (index, (member, values)) in members.iter().zip(table).enumerate() {
        let shift = track.lag + track.stagger * index as f64;
        // Members share their times unless a stagger sets them apart.
        let at_m = match target.kind {
            TargetKind::Group if track.stagger != 0.0 => {
                format!("{at} (member {})", quote(&member.name))
            }
            _ => at.clone(),
        };
        let times = timing::times(cx, &at_m, &metas, shift, true)?;
        let keys = timing::build(cx, &at_m, &metas, &times, &interps, values)?;
        let list = match prop.side {
            Side::Bone => &mut out.bones,
            Side::Slot => &mut out.slots,
        };
        push_timeline(
            list,
            &member.name,
            Timeline {
                name: prop.name.to_string(),
                keys,
            },
        );
    }
    Some(())
}

/// The track's one target and its property, refusing zero or several targets, an
/// unknown property and a bone/slot mismatch.
fn resolve<'t>(cx: &mut Cx, track: &'t TrackSpec) -> Option<(Prop, &'t TrackTarget)> {
    let anim = cx.anim_label();
    let p = &track.property;
    let prop = values::prop(&p.name);
    let target = match track.targets.as_slice() {
        [] => {
            let d = match (prop, values::constraint_property(&p.name)) {
                (Some(prop), _) => Diagnostic::new(
                    codes::MOTION_TRACK_NO_TARGET,
                    format!("{anim}: {} is a {} track but no {} is named", quote(prop.name), prop.side.word(), prop.side.word()),
                )
                .help(format!("name the {0} this track keys: \"{0}\": \"<{0}>\" (or \"group\": \"<group>\")", prop.side.word())),
                (None, Some(c)) => constraint_property_refusal(&anim, &p.name, c),
                (None, None) => Diagnostic::new(
                    codes::MOTION_TRACK_NO_TARGET,
                    format!("{anim}: a track names no target; the list is slot/group/bone/physics/path/slider and a track names exactly one"),
                )
                .help("name the track's target: \"bone\", \"slot\" or \"group\""),
            };
            cx.push(d.at(track.loc.clone()));
            return None;
        }
        [one] => one,
        [_, second, ..] => {
            let fields: Vec<&str> = track.targets.iter().map(|t| t.kind.field()).collect();
            cx.push(
                Diagnostic::new(
                    codes::MOTION_TRACK_SEVERAL_TARGETS,
                    format!(
                        "{anim}: a track names more than one target ({}); the list is slot/group/bone/physics/path/slider and a track names exactly one",
                        fields.join(", ")
                    ),
                )
                .at(second.name.loc.clone())
                .help("split it into one track per target"),
            );
            return None;
        }
    };
    let what = format!("{} {}", target.kind.field(), quote(&target.name.name));
    let Some(prop) = prop else {
        let d = match values::constraint_property(&p.name) {
            Some(c) => constraint_property_refusal(&anim, &p.name, c),
            None => {
                let names: Vec<&str> = values::props()
                    .filter(|q| match target.kind {
                        TargetKind::Bone => q.side == Side::Bone,
                        TargetKind::Slot => q.side == Side::Slot,
                        TargetKind::Group => true,
                        TargetKind::Slider => false,
                        TargetKind::Physics => false,
                    })
                    .map(|q| q.name)
                    .collect();
                Diagnostic::new(codes::MOTION_TRACK_UNKNOWN_PROPERTY, format!("{anim}: {what} has no property {}", quote(&p.name)))
                    .help(match rigc_diag::cursor::nearest(&p.name, &names) {
                        Some(near) => format!("did you mean {}? (timeline names are lowercase, as the runtime reads them)", quote(near)),
                        None => format!("the properties are: {}", names.join(", ")),
                    })
            }
        };
        cx.push(d.at(p.loc.clone()));
        return None;
    };
    let mismatch = match (target.kind, prop.side) {
        (TargetKind::Bone, Side::Slot) => Some("slot"),
        (TargetKind::Slot, Side::Bone) => Some("bone"),
        _ => None,
    };
    if let Some(kind) = mismatch {
        cx.push(
            Diagnostic::new(
                codes::MOTION_TRACK_PROPERTY_MISMATCH,
                format!(
                    "{anim}: {what} cannot take {kind} property {}",
                    quote(prop.name)
                ),
            )
            .at(p.loc.clone())
            .help(format!(
                "key {} on a {kind} track (\"{kind}\": \"<{kind}>\"), or key a {} property here",
                quote(prop.name),
                target.kind.field()
            )),
        );
        return None;
    }
    Some((prop, target))
}

fn constraint_property_refusal(
    anim: &str,
    property: &str,
    (what, field): (&str, &str),
) -> Diagnostic {
    Diagnostic::new(
        codes::MOTION_TRACK_CONSTRAINT_PROPERTY,
        format!(
            "{anim}: {} is {what}, and this track names no constraint — put the name in {field}",
            quote(property)
        ),
    )
    .help("constraint timelines name their constraint in \"physics\", \"path\" or \"slider\"")
}

/// The bones or slots a target stands for (a group: its members, in order), each
/// checked against the compiled setup.
fn members(cx: &mut Cx, target: &TrackTarget, side: Side) -> Option<Vec<Member>> {
    let (members, group) = match target.kind {
        // A slider track is `slider`'s, never a bone or slot's.
        TargetKind::Slider => return None,
        TargetKind::Bone | TargetKind::Slot | TargetKind::Physics => (
            vec![Member {
                name: target.name.name.clone(),
                loc: target.name.loc.clone(),
            }],
            None,
        ),
        TargetKind::Group => {
            let Some(g) = cx.motion.group(&target.name.name) else {
                let names: Vec<&str> = cx.motion.groups.iter().map(|g| g.name.as_str()).collect();
                let help = match rigc_diag::cursor::nearest(&target.name.name, &names) {
                    Some(near) => format!(
                        "did you mean {}? Or declare the group in `groups`",
                        quote(near)
                    ),
                    None => "declare the group in the motion spec's `groups` table".to_string(),
                };
                cx.push(
                    Diagnostic::new(
                        codes::MOTION_TRACK_UNKNOWN_GROUP,
                        format!(
                            "{}: unknown group {}",
                            cx.anim_label(),
                            quote(&target.name.name)
                        ),
                    )
                    .at(target.name.loc.clone())
                    .help(help),
                );
                return None;
            };
            let members = g
                .members
                .iter()
                .map(|m| Member {
                    name: m.name.clone(),
                    loc: m.loc.clone(),
                })
                .collect();
            (members, Some(g.name.as_str()))
        }
    };
    let known: Vec<&str> = match side {
        Side::Bone => cx.setup.bones.iter().map(|b| b.name.as_str()).collect(),
        Side::Slot => cx.setup.slots.iter().map(|s| s.name.as_str()).collect(),
    };
    let mut ok = true;
    for m in &members {
        if known.contains(&m.name.as_str()) {
            continue;
        }
        ok = false;
        let of_group = group
            .map(|g| format!(" (a member of group {})", quote(g)))
            .unwrap_or_default();
        let (message, what) = match side {
            Side::Bone => (
                format!(
                    "{} keys unknown bone {}{of_group}",
                    cx.anim_label(),
                    quote(&m.name)
                ),
                "bone",
            ),
            Side::Slot => (
                format!(
                    "{} targets unknown slot {}{of_group}",
                    cx.anim_label(),
                    quote(&m.name)
                ),
                "slot (an emitted slot)",
            ),
        };
        let mut d = Diagnostic::new(
            match side {
                Side::Bone => codes::MOTION_TRACK_UNKNOWN_BONE,
                Side::Slot => codes::MOTION_TRACK_UNKNOWN_SLOT,
            },
            message,
        )
        .at(m.loc.clone())
        .help(suggest(what, &m.name, &known));
        if group.is_some() {
            d = d.related("keyed by the track here", target.name.loc.clone());
        }
        cx.push(d);
    }
    ok.then_some(members)
}

/// Refuses a second track on one `<target>.<property>`.
fn claim(
    cx: &mut Cx,
    target: &TrackTarget,
    prop: Prop,
    members: &[Member],
    claims: &mut Vec<Claim>,
) -> Option<()> {
    let mut ok = true;
    for m in members {
        if let Some(first) = claims
            .iter()
            .find(|c| c.side == prop.side && c.target == m.name && c.property == prop.name)
        {
            ok = false;
            let d = Diagnostic::new(
                codes::MOTION_TRACK_DUPLICATE,
                format!("{} has two tracks on {}.{}; merge them into one track", cx.anim_label(), m.name, prop.name),
            )
            .at(target.name.loc.clone())
            .related("the first track keys it here", first.loc.clone())
            .help("put every key of this property into one track; Spine holds one timeline per target and property");
            cx.push(d);
            continue;
        }
        claims.push(Claim {
            side: prop.side,
            target: m.name.clone(),
            property: prop.name,
            loc: target.name.loc.clone(),
        });
    }
    ok.then_some(())
}

/// Every member's decoded value of every key: a per-member `v` map on a group
/// track gives each member its own, any other `v` is shared.
fn member_values(
    cx: &mut Cx,
    at: &str,
    track: &TrackSpec,
    target: &TrackTarget,
    prop: Prop,
    members: &[Member],
) -> Option<Vec<Vec<KeyValues>>> {
    let before = cx.diags.len();
    let mut table: Vec<Vec<KeyValues>> = members
        .iter()
        .map(|_| Vec::with_capacity(track.keys.len()))
        .collect();
    let names: Vec<String> = members.iter().map(|m| m.name.clone()).collect();
    let model_track = derive::Track {
        at,
        kind: target.kind,
        name: &target.name.name,
        prop,
        members: &names,
    };
    for key in &track.keys {
        if let Some(spec) = &key.derive {
            if let Some(values) = derive::evaluate(cx, &model_track, key, spec) {
                for (row, kv) in table.iter_mut().zip(values) {
                    row.push(kv);
                }
            }
            continue;
        }
        let v = key.v.as_ref().map(|r| r.node());
        let Some(map) = v.as_ref().filter(|n| n.is_object()) else {
            match values::decode(prop, v.as_ref(), &key.loc, at, key.t) {
                Ok(kv) => {
                    for (m, row) in members.iter().zip(table.iter_mut()) {
                        if check_attachment(
                            cx,
                            at,
                            prop,
                            m,
                            &kv,
                            key.t,
                            v.as_ref()
                                .map(|n| n.loc())
                                .unwrap_or_else(|| key.loc.clone()),
                        ) {
                            row.push(kv.clone());
                        }
                    }
                }
                Err(d) => cx.push(*d),
            }
            continue;
        };
        if target.kind != TargetKind::Group {
            cx.push(
                map.err(
                    codes::MOTION_KEY_VALUE_MAP_SINGLE_TARGET,
                    format!("{at}: a per-member \"v\" map names members, and a {} track has one target", target.kind.field()),
                )
                .help("give the key its value directly, or key a group (\"group\": \"<group>\") to give members their own"),
            );
            continue;
        }
        let entries: Vec<(String, rigc_diag::cursor::Node)> = map.entries().collect();
        for (name, _) in &entries {
            if members.iter().any(|m| &m.name == name) {
                continue;
            }
            let loc = map.key_loc(name).unwrap_or_else(|| map.loc());
            let names: Vec<&str> = members.iter().map(|m| m.name.as_str()).collect();
            cx.push(
                Diagnostic::new(
                    codes::MOTION_KEY_VALUE_MAP_UNKNOWN_MEMBER,
                    format!(
                        "{}: the value map names {}, which group {} does not declare",
                        at_t(at, key.t),
                        quote(name),
                        quote(&target.name.name)
                    ),
                )
                .at(loc)
                .help(format!(
                    "the members of group {} are: {}",
                    quote(&target.name.name),
                    list(&names)
                )),
            );
        }
        for (m, row) in members.iter().zip(table.iter_mut()) {
            let Some((_, node)) = entries.iter().find(|(name, _)| name == &m.name) else {
                cx.push(
                    map.err(
                        codes::MOTION_KEY_VALUE_MAP_MISSING_MEMBER,
                        format!(
                            "{}: the value map states no value for member {}",
                            at_t(at, key.t),
                            quote(&m.name)
                        ),
                    )
                    .help(format!(
                        "give {} its value in this key's map; a member's value is never defaulted",
                        quote(&m.name)
                    )),
                );
                continue;
            };
            match values::decode(prop, Some(node), &key.loc, at, key.t) {
                Ok(kv) => {
                    if check_attachment(cx, at, prop, m, &kv, key.t, node.loc()) {
                        row.push(kv);
                    }
                }
                Err(d) => cx.push(*d),
            }
        }
    }
    (cx.diags.len() == before).then_some(table)
}

/// An attachment key must name a placeholder some skin gives the slot (or `null`).
fn check_attachment(
    cx: &mut Cx,
    at: &str,
    prop: Prop,
    slot: &Member,
    kv: &KeyValues,
    t: f64,
    loc: Loc,
) -> bool {
    if !matches!(prop.shape, Shape::Attachment) {
        return true;
    }
    let Some((_, KeyValue::Str(name))) = kv.fields.first() else {
        return true;
    };
    let mut placeholders: Vec<&str> = Vec::new();
    for skin in &cx.setup.skins {
        for s in skin.attachments.iter().filter(|s| s.slot == slot.name) {
            for (p, _) in &s.entries {
                if !placeholders.contains(&p.as_str()) {
                    placeholders.push(p);
                }
            }
        }
    }
    if placeholders.contains(&name.as_str()) {
        return true;
    }
    let has = if placeholders.is_empty() {
        format!("no skin gives slot {} an attachment", quote(&slot.name))
    } else {
        format!("its placeholders: {}", list(&placeholders))
    };
    let help = match rigc_diag::cursor::nearest(name, &placeholders) {
        Some(near) => format!("did you mean {}? (or null to show nothing)", quote(near)),
        None => {
            "name a placeholder the rig's skins give this slot, or null to show nothing".to_string()
        }
    };
    cx.push(
        Diagnostic::new(
            codes::MOTION_KEY_ATTACHMENT_UNKNOWN,
            format!(
                "{}: attachment {} is not in slot {}; {has}",
                at_t(at, t),
                quote(name),
                quote(&slot.name)
            ),
        )
        .at(loc)
        .help(help),
    );
    false
}

/// A two-colour timeline needs a setup `dark` on every slot it keys.
fn check_dark(cx: &mut Cx, at: &str, track: &TrackSpec, members: &[Member]) -> Option<()> {
    let mut ok = true;
    for m in members {
        let has_dark = cx
            .setup
            .slots
            .iter()
            .any(|s| s.name == m.name && s.dark.is_some());
        if has_dark {
            continue;
        }
        ok = false;
        cx.push(
            Diagnostic::new(
                codes::MOTION_TRACK_DARK_WITHOUT_SLOT_DARK,
                format!(
                    "{at}: slot {} has no setup \"dark\" colour, and the runtime applies a two-colour timeline only to a slot that has one",
                    quote(&m.name)
                ),
            )
            .at(track.property.loc.clone())
            .help(format!(
                "give slot {} a \"dark\" colour in the rig spec, or key \"rgba\"/\"rgb\" instead",
                quote(&m.name)
            )),
        );
    }
    ok.then_some(())
}

fn push_timeline(list: &mut Vec<TargetTimelines>, target: &str, timeline: Timeline) {
    match list.iter_mut().find(|t| t.target == target) {
        Some(t) => t.timelines.push(timeline),
        None => list.push(TargetTimelines {
            target: target.to_string(),
            timelines: vec![timeline],
        }),
    }
}
