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

use crate::additive_probe::{Behaviour, Probe};
use crate::loaded::skeleton_or_skip;
use rigc_sdk::gate::facts::Facts;
use rigc_sdk::gate::{Outcome, Rule, RuleKind, Subject};
use rigc_sdk::spine::data::{ConstraintKind, Timeline, TimelineKind};
use rigc_sdk::spine::SkeletonData;
use std::collections::HashMap;

/// A40_SLIDERS_COMPOSE_ON_A_SHARED_TARGET.
pub struct A40SlidersComposeOnASharedTarget;

/// SKIP: fewer than two sliders.
pub(crate) const FEW_SLIDERS: &str =
    "the skeleton declares fewer than two slider constraints, so no two sliders can share a target";

/// SKIP: fewer than two authoritative sliders.
pub(crate) const FEW_AUTHORITATIVE: &str = "fewer than two sliders apply their animation at full authority (setup mix ≥ 1 and no animation keys their mix), so no slider can erase another — below mix 1 a later slider weights an earlier one";

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

        let mut probe = Probe::new(data, facts.plans());
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
            // About the later slider, the one that wins.
            out.fail_at(Subject::constraint("slider", ls.name), format!(
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
            let word = crate::a23_physics_constraint_effective::value_name(*v);
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

#[cfg(test)]
#[path = "a40_tests.rs"]
mod tests;
