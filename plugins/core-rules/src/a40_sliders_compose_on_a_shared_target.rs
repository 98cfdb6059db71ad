//! This module owns A40_SLIDERS_COMPOSE_ON_A_SHARED_TARGET (validity; GATE.md
//! §3, §4.12): two full-authority sliders whose animations key the same
//! property, and which can be active together, compose — the later one (in
//! `constraints` order, the update order) adds onto the earlier one instead of
//! erasing it.
//!
//! 1. **Candidates.** The **authoritative** sliders: setup `mix ≥ 1` and no
//!    animation keys their `mix` (a slider below full authority weights the
//!    earlier one rather than erasing it). Fewer than 2 sliders, or fewer than 2
//!    authoritative ones, SKIPs.
//! 2. **Co-activity.** A slider that is not `skinRequired` is always active; a
//!    skin-required one is active under the skins that list it. Two sliders can
//!    overlap if either is always active or their skin sets meet.
//! 3. **Properties.** Each authoritative slider's animation is walked in the
//!    runtime's timeline order; each timeline's property ids (spine-core's
//!    `getPropertyIds`: the property and the bone, slot or constraint index,
//!    −1 for a global physics timeline, the attachment for deform and
//!    sequence) are collected, once per slider, and the sliders are grouped by
//!    property.
//! 4. **The probe.** For each later user of a shared property, the poser
//!    applies that slider's timeline **twice with `add`** (`MixFrom.current`,
//!    alpha 1) at each of its key times, from the setup pose and from a
//!    perturbed pose, with no skin and under every skin (a deform or sequence
//!    timeline with its attachment shown): the second application either
//!    **accumulates** (it changes the pose by what the first one did),
//!    **overwrites** (it changes nothing the first did not set), or the
//!    timeline is **inert** (it changes nothing at all: events, a physics
//!    reset, a key at the identity). The answer is the runtime's behaviour, not
//!    `Timeline.additive`, which two classes state falsely. An accumulating
//!    timeline under an `additive: true` later slider composes; an inert one
//!    erases nothing; otherwise every earlier user that can overlap the later
//!    one contributes nothing to the property, and that FAILs. Findings that
//!    name the same sliders for the same reason are one FAIL listing every
//!    property (a `translate` is x and y).
//!
//! Stats: `sliderSharedTargets` (properties keyed by two or more authoritative
//! sliders).

use crate::loaded::skeleton_or_skip;
use crate::posing::key_times;
use rigc_sdk::gate::facts::Facts;
use rigc_sdk::gate::{Outcome, Rule, RuleKind};
use rigc_sdk::spine::data::{
    Animation, ConstraintKind, Inherit, PhysicsValue, Timeline, TimelineKind,
};
use rigc_sdk::spine::pose::{ConstraintPose, MixFrom, Skeleton};
use rigc_sdk::spine::SkeletonData;
use std::collections::HashMap;

/// A40_SLIDERS_COMPOSE_ON_A_SHARED_TARGET.
pub struct A40SlidersComposeOnASharedTarget;

/// SKIP: fewer than two sliders.
pub(crate) const FEW_SLIDERS: &str =
    "the skeleton declares fewer than two slider constraints, so no two sliders can share a target";

/// SKIP: fewer than two authoritative sliders.
pub(crate) const FEW_AUTHORITATIVE: &str = "fewer than two sliders apply their animation at full authority (setup mix ≥ 1 and no animation keys their mix), so no slider can erase another — below mix 1 a later slider weights an earlier one";

/// What applying a timeline twice with `add` does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Behaviour {
    /// The second application changes the pose as much as the first.
    Accumulates,
    /// The second application does not repeat the first's change.
    Overwrites,
    /// Neither application changes anything.
    Inert,
}

/// One finding before it is printed: the later slider, the sliders it
/// erases, why, every user of the property, and the property names.
type Finding = (usize, Vec<usize>, Behaviour, Vec<usize>, Vec<String>);

/// One authoritative slider.
struct Slider<'d> {
    /// Index in `constraints`.
    index: usize,
    name: &'d str,
    additive: bool,
    animation: usize,
    /// `None`: always active; else the skins that list it.
    skins: Option<Vec<usize>>,
}

impl Slider<'_> {
    fn overlaps(&self, other: &Slider<'_>) -> bool {
        match (&self.skins, &other.skins) {
            (None, _) | (_, None) => true,
            (Some(a), Some(b)) => a.iter().any(|s| b.contains(s)),
        }
    }

    fn label(&self) -> String {
        format!(
            "\"{}\" (constraints[{}], additive: {})",
            self.name, self.index, self.additive
        )
    }
}

impl Rule for A40SlidersComposeOnASharedTarget {
    fn code(&self) -> &'static str {
        "A40_SLIDERS_COMPOSE_ON_A_SHARED_TARGET"
    }

    fn kind(&self) -> RuleKind {
        RuleKind::Validity
    }

    fn check(&self, facts: &Facts<'_>, out: &mut Outcome) {
        let Some(data) = skeleton_or_skip(facts, out) else {
            return;
        };
        let all: Vec<usize> = (0..data.constraints.len())
            .filter(|&i| {
                matches!(
                    data.constraints.get(i).map(|c| &c.kind),
                    Some(ConstraintKind::Slider(_))
                )
            })
            .collect();
        if all.len() < 2 {
            out.skip(FEW_SLIDERS);
            return;
        }
        let keyed_mix = |i: usize| {
            data.animations
                .iter()
                .flat_map(|a| &a.timelines)
                .any(|t| t.kind == TimelineKind::SliderMix(i))
        };
        let sliders: Vec<Slider<'_>> = all
            .into_iter()
            .filter_map(|i| {
                let c = data.constraints.get(i)?;
                let ConstraintKind::Slider(s) = &c.kind else {
                    return None;
                };
                let full = s.setup.mix >= 1.0;
                if !full || keyed_mix(i) {
                    return None;
                }
                Some(Slider {
                    index: i,
                    name: &c.name,
                    additive: s.additive,
                    animation: s.animation.filter(|&a| a < data.animations.len())?,
                    skins: c.skin_required.then(|| {
                        (0..data.skins.len())
                            .filter(|&k| {
                                data.skins
                                    .get(k)
                                    .is_some_and(|s| s.constraints.contains(&i))
                            })
                            .collect()
                    }),
                })
            })
            .collect();
        if sliders.len() < 2 {
            out.skip(FEW_AUTHORITATIVE);
            return;
        }

        // Property id → (name, users: (slider position, timeline index)).
        let mut order: Vec<String> = Vec::new();
        let mut users: HashMap<String, (String, Vec<(usize, usize)>)> = HashMap::new();
        for (k, s) in sliders.iter().enumerate() {
            let Some(anim) = data.animations.get(s.animation) else {
                continue;
            };
            for (ti, t) in anim.timelines.iter().enumerate() {
                for (id, name) in property_ids(data, t) {
                    let entry = users.entry(id.clone()).or_insert_with(|| {
                        order.push(id.clone());
                        (name, Vec::new())
                    });
                    if !entry.1.iter().any(|(u, _)| *u == k) {
                        entry.1.push((k, ti));
                    }
                }
            }
        }
        let shared: Vec<&String> = order
            .iter()
            .filter(|id| users.get(*id).is_some_and(|(_, u)| u.len() >= 2))
            .collect();
        out.stat("sliderSharedTargets", shared.len());

        let mut probe = Probe::new(data);
        // (later, erased, behaviour, users) → property names, in order.
        let mut findings: Vec<Finding> = Vec::new();
        for id in shared {
            let Some((name, list)) = users.get(id) else {
                continue;
            };
            for j in 1..list.len() {
                let Some(&(later, timeline)) = list.get(j) else {
                    continue;
                };
                let Some(ls) = sliders.get(later) else {
                    continue;
                };
                let behaviour = probe.behaviour(ls.animation, timeline);
                if behaviour == Behaviour::Inert
                    || (behaviour == Behaviour::Accumulates && ls.additive)
                {
                    continue;
                }
                let erased: Vec<usize> = list
                    .iter()
                    .take(j)
                    .map(|(u, _)| *u)
                    .filter(|&u| sliders.get(u).is_some_and(|e| e.overlaps(ls)))
                    .collect();
                if erased.is_empty() {
                    continue;
                }
                let all_users: Vec<usize> = list.iter().map(|(u, _)| *u).collect();
                match findings.iter_mut().find(|(l, e, b, u, _)| {
                    *l == later && *e == erased && *b == behaviour && *u == all_users
                }) {
                    Some((_, _, _, _, names)) => names.push(name.clone()),
                    None => {
                        findings.push((later, erased, behaviour, all_users, vec![name.clone()]))
                    }
                }
            }
        }
        for (later, erased, behaviour, all_users, names) in findings {
            let Some(ls) = sliders.get(later) else {
                continue;
            };
            let labels: Vec<String> = all_users
                .iter()
                .filter_map(|&u| sliders.get(u).map(Slider::label))
                .collect();
            let erased_names: Vec<String> = erased
                .iter()
                .filter_map(|&u| sliders.get(u).map(|s| s.name.to_string()))
                .collect();
            let why = match behaviour {
                Behaviour::Accumulates => format!(
                    "its timeline adds onto the pose when applied with `add`, and \"{}\" is not additive, so it sets the property over what came before it. Set `\"additive\": true` on slider \"{}\", or key this property from one slider only",
                    ls.name, ls.name
                ),
                _ => "its timeline overwrites the property even when applied with `add` — `additive: true` would NOT compose these; key this property from one slider, or merge the edits into one animation".to_string(),
            };
            out.fail(format!(
                "{} {} keyed by the animations of {} sliders — {} — and every one of them applies at mix 1. Today \"{}\" (constraints[{}]) wins {} and {} {} nothing to it: {why}.",
                and_join(&names),
                if names.len() == 1 { "is" } else { "are" },
                labels.len(),
                labels.join(", "),
                ls.name,
                ls.index,
                if names.len() == 1 { "that property" } else { "those properties" },
                crate::loaded::and_list(&erased_names),
                if erased_names.len() == 1 { "contributes" } else { "contribute" },
            ));
        }
    }
}

/// `a`, `a and b`, `a, b and c`.
fn and_join(names: &[String]) -> String {
    match names.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
    }
}

/// The property ids a timeline writes, each with the words a detail uses.
fn property_ids(data: &SkeletonData, t: &Timeline) -> Vec<(String, String)> {
    use TimelineKind as K;
    let bone = |b: usize| data.bones.get(b).map_or("", |x| x.name.as_str());
    let slot = |s: usize| data.slots.get(s).map_or("", |x| x.name.as_str());
    let con = |c: usize| data.constraints.get(c).map_or("", |x| x.name.as_str());
    let b = |p: &str, i: usize| (format!("{p}|{i}"), format!("bone \"{}\" {p}", bone(i)));
    let s = |p: &str, i: usize| (format!("{p}|{i}"), format!("slot \"{}\" {p}", slot(i)));
    let c = |p: &str, w: &str, i: usize| (format!("{p}|{i}"), format!("{w} \"{}\"", con(i)));
    match &t.kind {
        K::Rotate(i) => vec![b("rotate", *i)],
        K::Translate(i) => vec![b("x", *i), b("y", *i)],
        K::TranslateX(i) => vec![b("x", *i)],
        K::TranslateY(i) => vec![b("y", *i)],
        K::Scale(i) => vec![b("scaleX", *i), b("scaleY", *i)],
        K::ScaleX(i) => vec![b("scaleX", *i)],
        K::ScaleY(i) => vec![b("scaleY", *i)],
        K::Shear(i) => vec![b("shearX", *i), b("shearY", *i)],
        K::ShearX(i) => vec![b("shearX", *i)],
        K::ShearY(i) => vec![b("shearY", *i)],
        K::Inherit(i, _) => vec![b("inherit", *i)],
        K::Attachment(i, _) => vec![s("attachment", *i)],
        K::Rgba(i) => vec![s("rgb", *i), s("alpha", *i)],
        K::Rgb(i) => vec![s("rgb", *i)],
        K::Alpha(i) => vec![s("alpha", *i)],
        K::Rgba2(i) => vec![s("rgb", *i), s("alpha", *i), s("rgb2", *i)],
        K::Rgb2(i) => vec![s("rgb", *i), s("rgb2", *i)],
        K::Deform {
            slot: i,
            attachment,
            ..
        }
        | K::Sequence {
            slot: i,
            attachment,
            ..
        } => {
            let p = if matches!(t.kind, K::Deform { .. }) {
                "deform"
            } else {
                "sequence"
            };
            let att = data
                .attachments
                .get(*attachment)
                .map_or("", |a| a.name.as_str());
            vec![(
                format!("{p}|{i}|{attachment}"),
                format!("slot \"{}\" {p} of \"{att}\"", slot(*i)),
            )]
        }
        K::Event(_) => vec![("event".into(), "the events".into())],
        K::DrawOrder(_) | K::DrawOrderFolder { .. } => {
            vec![("drawOrder".into(), "the draw order".into())]
        }
        K::Ik(i) => vec![c("ikConstraint", "ik constraint", *i)],
        K::Transform(i) => vec![c("transformConstraint", "transform constraint", *i)],
        K::PathPosition(i) => vec![c(
            "pathConstraintPosition",
            "the position of path constraint",
            *i,
        )],
        K::PathSpacing(i) => vec![c(
            "pathConstraintSpacing",
            "the spacing of path constraint",
            *i,
        )],
        K::PathMix(i) => vec![c("pathConstraintMix", "the mix of path constraint", *i)],
        K::Physics(i, v) => {
            let word = physics_word(*v);
            match i {
                Some(i) => vec![c(
                    &format!("physicsConstraint{word}"),
                    &format!("the {word} of physics constraint"),
                    *i,
                )],
                None => vec![(
                    format!("physicsConstraint{word}|-1"),
                    format!("the {word} of every physics constraint"),
                )],
            }
        }
        K::PhysicsReset(i) => match i {
            Some(i) => vec![c(
                "physicsConstraintReset",
                "the reset of physics constraint",
                *i,
            )],
            None => vec![(
                "physicsConstraintReset|-1".into(),
                "the reset of every physics constraint".into(),
            )],
        },
        K::Slider(i) => vec![c("sliderTime", "the time of slider", *i)],
        K::SliderMix(i) => vec![c("sliderMix", "the mix of slider", *i)],
    }
}

fn physics_word(v: PhysicsValue) -> &'static str {
    match v {
        PhysicsValue::Inertia => "inertia",
        PhysicsValue::Strength => "strength",
        PhysicsValue::Damping => "damping",
        PhysicsValue::Mass => "mass",
        PhysicsValue::Wind => "wind",
        PhysicsValue::Gravity => "gravity",
        PhysicsValue::Mix => "mix",
    }
}

/// The additive-behaviour probe, cached per timeline.
struct Probe<'d> {
    data: &'d SkeletonData,
    cache: HashMap<(usize, usize), Behaviour>,
}

impl<'d> Probe<'d> {
    fn new(data: &'d SkeletonData) -> Self {
        Probe {
            data,
            cache: HashMap::new(),
        }
    }

    /// How timeline `timeline` of animation `anim` behaves applied twice.
    fn behaviour(&mut self, anim: usize, timeline: usize) -> Behaviour {
        if let Some(b) = self.cache.get(&(anim, timeline)) {
            return *b;
        }
        let b = self
            .data
            .animations
            .get(anim)
            .and_then(|a| a.timelines.get(timeline))
            .map_or(Behaviour::Inert, |t| probe(self.data, t));
        self.cache.insert((anim, timeline), b);
        b
    }
}

/// Applies `t` alone, twice with `add`, at each of its key times, from two
/// start states, with no skin and under every skin.
pub(crate) fn probe(data: &SkeletonData, t: &Timeline) -> Behaviour {
    // A copy of the data whose last animation is `t` alone (sliders keep their
    // animations' indices).
    let mut copy = data.clone();
    let index = copy.animations.len();
    copy.animations.push(Animation {
        name: "a40-probe".into(),
        timelines: vec![t.clone()],
        duration: t.duration(),
        bones: Vec::new(),
        color: None,
    });
    let data = &copy;
    let shown = match &t.kind {
        TimelineKind::Deform {
            slot, attachment, ..
        }
        | TimelineKind::Sequence {
            slot, attachment, ..
        } => Some((*slot, *attachment)),
        _ => None,
    };
    let skins: Vec<Option<&str>> = std::iter::once(None)
        .chain(data.skins.iter().map(|s| Some(s.name.as_str())))
        .collect();
    let (mut accumulates, mut overwrites) = (false, false);
    for skin in skins {
        for perturbed in [false, true] {
            for at in key_times(t) {
                let Ok(mut sk) = crate::posing::fresh(data, skin) else {
                    continue;
                };
                if perturbed {
                    perturb(&mut sk);
                }
                if let Some((s, a)) = shown {
                    if let Some(slot) = sk.slots.get_mut(s) {
                        slot.pose.attachment = Some(a);
                        slot.pose.sequence_index = if perturbed { 1.0 } else { -1.0 };
                        if !perturbed {
                            slot.pose.deform.clear();
                        }
                    }
                    if perturbed {
                        let setup = effective_deform(&sk, s);
                        if let Some(slot) = sk.slots.get_mut(s) {
                            slot.pose.deform = setup.iter().map(|v| v + 0.5).collect();
                        }
                    }
                }
                let s0 = snapshot(&sk);
                let apply = |sk: &mut Skeleton<'_>| {
                    sk.apply_animation(
                        index,
                        at,
                        at,
                        false,
                        None,
                        1.0,
                        MixFrom::Current,
                        true,
                        false,
                        false,
                    )
                };
                if apply(&mut sk).is_err() {
                    continue;
                }
                let s1 = snapshot(&sk);
                if apply(&mut sk).is_err() {
                    continue;
                }
                let s2 = snapshot(&sk);
                match verdict(&s0, &s1, &s2) {
                    Behaviour::Accumulates => accumulates = true,
                    Behaviour::Overwrites => overwrites = true,
                    Behaviour::Inert => {}
                }
            }
        }
    }
    if overwrites {
        Behaviour::Overwrites
    } else if accumulates {
        Behaviour::Accumulates
    } else {
        Behaviour::Inert
    }
}

/// Compares three snapshots: start, after one application, after two.
fn verdict(s0: &[f64], s1: &[f64], s2: &[f64]) -> Behaviour {
    let same = |a: f64, b: f64| a == b || (a - b).abs() <= 1e-9 * a.abs().max(b.abs()).max(1.0);
    let changed =
        |a: &[f64], b: &[f64]| a.len() != b.len() || a.iter().zip(b).any(|(x, y)| !same(*x, *y));
    let (c1, c2) = (changed(s0, s1), changed(s1, s2));
    if !c1 && !c2 {
        return Behaviour::Inert;
    }
    let repeats = s0.len() == s1.len()
        && s1.len() == s2.len()
        && s0
            .iter()
            .zip(s1)
            .zip(s2)
            .all(|((a, b), c)| same(b - a, c - b));
    if c1 && repeats {
        Behaviour::Accumulates
    } else {
        Behaviour::Overwrites
    }
}

/// The deform a slot draws with: its deform array, or the setup vertices
/// (unweighted) / zero offsets (weighted) when it has none.
fn effective_deform(sk: &Skeleton<'_>, s: usize) -> Vec<f64> {
    let Some(slot) = sk.slots.get(s) else {
        return Vec::new();
    };
    if !slot.pose.deform.is_empty() {
        return slot.pose.deform.clone();
    }
    let Some(v) = slot
        .pose
        .attachment
        .and_then(|a| sk.data.attachments.get(a))
        .and_then(|a| a.vertex())
    else {
        return Vec::new();
    };
    match &v.bones {
        None => v.vertices.iter().map(|&x| f64::from(x)).collect(),
        Some(_) => vec![0.0; v.vertices.len() / 3 * 2],
    }
}

/// Everything a timeline can write, as numbers.
fn snapshot(sk: &Skeleton<'_>) -> Vec<f64> {
    let mut v = Vec::new();
    for b in &sk.bones {
        let p = &b.pose;
        v.extend([
            p.x, p.y, p.rotation, p.scale_x, p.scale_y, p.shear_x, p.shear_y,
        ]);
        v.push(p.inherit.map_or(-1.0, |i| f64::from(i as u8)));
    }
    for (s, slot) in sk.slots.iter().enumerate() {
        let p = &slot.pose;
        v.extend([p.color.r, p.color.g, p.color.b, p.color.a]);
        if let Some(d) = p.dark {
            v.extend([d.r, d.g, d.b]);
        }
        v.push(p.attachment.map_or(-1.0, |a| a as f64));
        v.push(p.sequence_index);
        v.extend(effective_deform(sk, s));
    }
    v.extend(sk.draw_order.iter().map(|&i| i as f64));
    for c in &sk.constraints {
        match c.pose {
            ConstraintPose::Ik(p) => v.extend([
                p.mix,
                p.softness,
                p.bend_direction,
                f64::from(u8::from(p.compress)),
                f64::from(u8::from(p.stretch)),
            ]),
            ConstraintPose::Transform(p) => v.extend([
                p.mix_rotate,
                p.mix_x,
                p.mix_y,
                p.mix_scale_x,
                p.mix_scale_y,
                p.mix_shear_y,
            ]),
            ConstraintPose::Path(p) => {
                v.extend([p.position, p.spacing, p.mix_rotate, p.mix_x, p.mix_y])
            }
            ConstraintPose::Physics(p) => v.extend([
                p.inertia,
                p.strength,
                p.damping,
                p.mass_inverse,
                p.wind,
                p.gravity,
                p.mix,
            ]),
            ConstraintPose::Slider(p) => v.extend([p.time, p.mix]),
        }
    }
    v
}

/// A second start state: every value a timeline writes moved off its setup.
fn perturb(sk: &mut Skeleton<'_>) {
    for b in &mut sk.bones {
        let p = &mut b.pose;
        p.x += 1.25;
        p.y -= 0.75;
        p.rotation += 7.5;
        p.scale_x *= 1.25;
        p.scale_y *= 0.8;
        p.shear_x += 3.5;
        p.shear_y -= 2.5;
        p.inherit = Some(match p.inherit {
            Some(Inherit::Normal) => Inherit::OnlyTranslation,
            _ => Inherit::Normal,
        });
    }
    for slot in &mut sk.slots {
        let p = &mut slot.pose;
        p.color = rigc_sdk::spine::data::Color::new(0.35, 0.45, 0.55, 0.65);
        if let Some(d) = p.dark.as_mut() {
            *d = rigc_sdk::spine::data::Color::new(0.25, 0.15, 0.05, 1.0);
        }
        p.attachment = None;
        p.deform.clear();
    }
    sk.draw_order.reverse();
    for c in &mut sk.constraints {
        match &mut c.pose {
            ConstraintPose::Ik(p) => {
                p.mix = 0.35;
                p.softness += 1.5;
                p.bend_direction = -p.bend_direction;
                p.compress = !p.compress;
                p.stretch = !p.stretch;
            }
            ConstraintPose::Transform(p) => {
                p.mix_rotate = 0.35;
                p.mix_x = 0.35;
                p.mix_y = 0.35;
                p.mix_scale_x = 0.35;
                p.mix_scale_y = 0.35;
                p.mix_shear_y = 0.35;
            }
            ConstraintPose::Path(p) => {
                p.position += 0.5;
                p.spacing += 0.5;
                p.mix_rotate = 0.35;
                p.mix_x = 0.35;
                p.mix_y = 0.35;
            }
            ConstraintPose::Physics(p) => {
                p.inertia += 0.35;
                p.strength += 0.35;
                p.damping += 0.035;
                p.mass_inverse += 0.35;
                p.wind += 0.35;
                p.gravity += 0.35;
                p.mix = 0.35;
            }
            ConstraintPose::Slider(p) => {
                p.time += 0.35;
                p.mix = 0.35;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testkit::*;
    use rigc_sdk::gate::facts::Facts;
    use serde_json::json;

    const RULE: A40SlidersComposeOnASharedTarget = A40SlidersComposeOnASharedTarget;

    #[track_caller]
    fn fails(input: &rigc_sdk::gate::GateInput, details: &[&str]) {
        assert_spine_loads(input);
        assert_fails(&RULE, input, details);
    }

    /// The fixture with a second slider "s2" after "sl", applying animation
    /// "dial" (`dial`), with `edit` applied last.
    fn two(
        dial: serde_json::Value,
        edit: impl FnOnce(&mut serde_json::Value),
    ) -> rigc_sdk::gate::GateInput {
        mutant(|v| {
            if let Some(c) = v["constraints"].as_array_mut() {
                c.push(json!({ "type": "slider", "name": "s2", "animation": "dial" }));
            }
            v["animations"]["dial"] = dial;
            // The fixture keys "sl"'s mix; rest it at full authority instead.
            if let Some(a) = v["animations"]["a"].as_object_mut() {
                a.remove("slider");
            }
            edit(v);
        })
    }

    fn behaviour_of(input: &rigc_sdk::gate::GateInput, anim: &str) -> Behaviour {
        let facts = Facts::new(input);
        let data = &facts.loaded().expect("loads").data;
        let a = data.find_animation(anim).expect("animation");
        probe(data, &data.animations[a].timelines[0])
    }

    #[test]
    fn the_probe_reads_how_each_timeline_composes() {
        let cases = [
            (
                json!({ "bones": { "t": { "rotate": [{ "value": 10 }] } } }),
                Behaviour::Accumulates,
            ),
            (
                json!({ "bones": { "t": { "scale": [{ "x": 2 }] } } }),
                Behaviour::Accumulates,
            ),
            (
                json!({ "bones": { "t": { "rotate": [{ "value": 0 }] } } }),
                Behaviour::Inert,
            ),
            (
                json!({ "slots": { "s": { "rgba": [{ "color": "ff0000ff" }] } } }),
                Behaviour::Overwrites,
            ),
            (
                json!({ "slots": { "s": { "attachment": [{ "name": "r" }] } } }),
                Behaviour::Overwrites,
            ),
            (
                json!({ "attachments": { "default": { "m": { "m": { "deform": [{ "vertices": [1, 1] }] } } } } }),
                Behaviour::Accumulates,
            ),
            (
                json!({ "ik": { "k": [{ "mix": 0.5 }] } }),
                Behaviour::Overwrites,
            ),
            (
                json!({ "slider": { "sl": { "time": [{ "value": 0.5 }] } } }),
                Behaviour::Accumulates,
            ),
            (
                json!({ "drawOrder": [{ "offsets": [{ "slot": "s", "offset": 1 }] }] }),
                Behaviour::Overwrites,
            ),
            (json!({ "events": [{ "name": "e" }] }), Behaviour::Inert),
        ];
        for (dial, want) in cases {
            let input = two(dial.clone(), |_| {});
            assert_eq!(behaviour_of(&input, "dial"), want, "{dial}");
        }
    }

    #[test]
    fn passes_additive_sliders_on_a_shared_bone() {
        // "knob" rotates "t"; so does "dial", after it and additive.
        let input = two(
            json!({ "bones": { "t": { "rotate": [{ "value": 30 }] } } }),
            |v| {
                v["constraints"][3]["additive"] = json!(true);
            },
        );
        assert_spine_loads(&input);
        assert_pass(&RULE, &input);
        assert_eq!(
            check(&RULE, &input).stats,
            [("sliderSharedTargets".to_string(), "1".to_string())]
        );
        // Sharing nothing is measured and passes.
        assert_pass(
            &RULE,
            &two(
                json!({ "bones": { "b": { "rotate": [{ "value": 30 }] } } }),
                |_| {},
            ),
        );
    }

    #[test]
    fn two_non_additive_sliders_on_one_rotation_fail() {
        let input = two(
            json!({ "bones": { "t": { "rotate": [{ "value": 30 }] } } }),
            |_| {},
        );
        fails(&input, &["bone \"t\" rotate is keyed by the animations of 2 sliders — \"sl\" (constraints[2], additive: false), \"s2\" (constraints[3], additive: false) — and every one of them applies at mix 1. Today \"s2\" (constraints[3]) wins that property and \"sl\" contributes nothing to it: its timeline adds onto the pose when applied with `add`, and \"s2\" is not additive, so it sets the property over what came before it. Set `\"additive\": true` on slider \"s2\", or key this property from one slider only."]);
    }

    #[test]
    fn an_overwriting_timeline_fails_even_when_additive() {
        let input = two(
            json!({ "slots": { "s": { "alpha": [{ "value": 0.5 }] } }, "bones": { "t": { "translate": [{ "x": 1, "y": 2 }] } } }),
            |v| {
                v["constraints"][3]["additive"] = json!(true);
                v["animations"]["knob"]["slots"] = json!({ "s": { "alpha": [{ "value": 0.25 }] } });
                v["animations"]["knob"]["bones"]["t"]["translate"] = json!([{ "x": 3 }]);
            },
        );
        fails(&input, &["slot \"s\" alpha is keyed by the animations of 2 sliders — \"sl\" (constraints[2], additive: false), \"s2\" (constraints[3], additive: true) — and every one of them applies at mix 1. Today \"s2\" (constraints[3]) wins that property and \"sl\" contributes nothing to it: its timeline overwrites the property even when applied with `add` — `additive: true` would NOT compose these; key this property from one slider, or merge the edits into one animation."]);
        // Both translate channels shared by non-additive sliders: one finding.
        let input = two(
            json!({ "bones": { "t": { "translate": [{ "x": 1, "y": 2 }] } } }),
            |v| {
                v["animations"]["knob"]["bones"]["t"]["translate"] = json!([{ "x": 3 }]);
            },
        );
        let out = check(&RULE, &input);
        assert_eq!(out.failures.len(), 1);
        assert!(
            out.failures[0].starts_with(
                "bone \"t\" x and bone \"t\" y are keyed by the animations of 2 sliders"
            ),
            "{}",
            out.failures[0]
        );
    }

    #[test]
    fn sliders_that_never_meet_or_weigh_each_other_pass() {
        // Each slider is skin-required, under skins that never meet.
        let input = two(
            json!({ "bones": { "t": { "rotate": [{ "value": 30 }] } } }),
            |v| {
                v["constraints"][2]["skin"] = json!(true);
                v["constraints"][3]["skin"] = json!(true);
                let skins = v["skins"].as_array_mut().expect("skins");
                skins.push(json!({ "name": "one", "slider": ["sl"] }));
                skins.push(json!({ "name": "two", "slider": ["s2"] }));
            },
        );
        assert_spine_loads(&input);
        assert_pass(&RULE, &input);
        // Events are inert: nothing is erased.
        let input = two(json!({ "events": [{ "name": "e" }] }), |v| {
            v["animations"]["knob"]["events"] = json!([{ "name": "e" }]);
        });
        assert_pass(&RULE, &input);
    }

    #[test]
    fn skips_with_fewer_than_two_full_authority_sliders() {
        assert_skips(&RULE, &fixture(), FEW_SLIDERS);
        let input = two(
            json!({ "bones": { "t": { "rotate": [{ "value": 30 }] } } }),
            |v| {
                v["constraints"][3]["mix"] = json!(0.5);
            },
        );
        assert_spine_loads(&input);
        assert_skips(&RULE, &input, FEW_AUTHORITATIVE);
        let input = two(
            json!({ "bones": { "t": { "rotate": [{ "value": 30 }] } } }),
            |v| {
                v["animations"]["a"]["slider"] = json!({ "s2": { "mix": [{ "value": 1 }] } });
            },
        );
        assert_skips(&RULE, &input, FEW_AUTHORITATIVE);
        assert_skips(
            &RULE,
            &not_json(),
            rigc_sdk::gate::skip_reasons::NO_SKELETON,
        );
    }
}
