//! This module owns A23_PHYSICS_CONSTRAINT_EFFECTIVE (validity; GATE.md §3, §4.7;
//! DECISIONS.md "The gate"): every physics constraint does something and keeps
//! the solver finite. It drives a component (x, y, rotate, scaleX or shearX
//! above 0); on a bone of length 0 it drives neither rotate nor shearX (the
//! solver aims a tip the bone does not have) nor scaleX (it divides by the
//! length); its setup pose holds `PHYSICS_POSE_RULES` — mix > 0 unless an
//! animation switches it on (then counted as `physicsMutedUntilKeyed`),
//! massInverse finite and > 0, strength > 0, damping inside [0, 1] — and its
//! `step` (1/fps) is > 0. Every key of every physics timeline but `reset` is held
//! to the same bounds on its posed value (a mass key poses 1/value; a mix or
//! strength key may be 0).
//!
//! "Switched on" is `switchedOn` over the mix timelines: a key's value or any
//! Bézier sample between keys above 0, reaching the named constraint or, for the
//! global form, every constraint whose `mixGlobal` is set. Stats:
//! `physicsConstraints`, `physicsMutedUntilKeyed`, `physicsTimelineKeys`. SKIPs
//! with no physics constraint, or when the round trip produced no skeleton.

use crate::loaded::{bindings, bone_at, channel_values, meshes, skeleton_or_skip};
use crate::raw::{fixed, num};
use rigc_sdk::gate::facts::Facts;
use rigc_sdk::gate::{skip_reasons, Outcome, Rule, RuleKind, Subject, Target};
use rigc_sdk::model::names::PhysicsTimeline;
use rigc_sdk::spine::data::{ConstraintKind, PhysicsData, PhysicsValue, TimelineKind};
use rigc_sdk::spine::SkeletonData;
use std::collections::HashSet;

/// A23_PHYSICS_CONSTRAINT_EFFECTIVE.
pub struct A23PhysicsConstraintEffective;

/// A pose value's bound: its name, the pose field, the bound at setup and on a
/// key, in words, and why.
struct PoseRule {
    timeline: PhysicsTimeline,
    field: &'static str,
    setup_ok: fn(f64) -> bool,
    key_ok: fn(f64) -> bool,
    setup_bound: &'static str,
    key_bound: &'static str,
    why: &'static str,
}

const MIX: PoseRule = PoseRule {
    timeline: PhysicsTimeline::Mix,
    field: "mix",
    setup_ok: |v| v > 0.0,
    key_ok: |v| v >= 0.0,
    setup_bound: "> 0",
    key_bound: "≥ 0",
    why: "a negative mix pushes the bone away from where physics puts it",
};
const MASS: PoseRule = PoseRule {
    timeline: PhysicsTimeline::Mass,
    field: "massInverse",
    setup_ok: |v| v.is_finite() && v > 0.0,
    key_ok: |v| v.is_finite() && v > 0.0,
    setup_bound: "finite and > 0",
    key_bound: "finite and > 0",
    why: "massInverse is 1/mass: a mass of 0 makes it infinite and the solver NaN, and a negative mass is refused by rigc",
};
const STRENGTH: PoseRule = PoseRule {
    timeline: PhysicsTimeline::Strength,
    field: "strength",
    setup_ok: |v| v > 0.0,
    key_ok: |v| v >= 0.0,
    setup_bound: "> 0",
    key_bound: "≥ 0",
    why: "with no spring the bone drifts and never returns to its pose",
};
const DAMPING: PoseRule = PoseRule {
    timeline: PhysicsTimeline::Damping,
    field: "damping",
    setup_ok: |v| (0.0..=1.0).contains(&v),
    key_ok: |v| (0.0..=1.0).contains(&v),
    setup_bound: "inside [0, 1]",
    key_bound: "inside [0, 1]",
    why: "above 1 the motion runs away, and below 0 it is NaN at fractional 60/fps exponents",
};

fn rule_of(value: PhysicsValue) -> Option<&'static PoseRule> {
    match value {
        PhysicsValue::Mix => Some(&MIX),
        PhysicsValue::Mass => Some(&MASS),
        PhysicsValue::Strength => Some(&STRENGTH),
        PhysicsValue::Damping => Some(&DAMPING),
        _ => None,
    }
}

/// The timeline name of a physics value (`inertia`, …, `mix`), as the skeleton
/// JSON keys it.
pub(crate) fn value_name(value: PhysicsValue) -> &'static str {
    match value {
        PhysicsValue::Inertia => PhysicsTimeline::Inertia,
        PhysicsValue::Strength => PhysicsTimeline::Strength,
        PhysicsValue::Damping => PhysicsTimeline::Damping,
        PhysicsValue::Mass => PhysicsTimeline::Mass,
        PhysicsValue::Wind => PhysicsTimeline::Wind,
        PhysicsValue::Gravity => PhysicsTimeline::Gravity,
        PhysicsValue::Mix => PhysicsTimeline::Mix,
    }
    .name()
}

/// The physics constraints a physics timeline writes: the named one, or every
/// one whose `<value>Global` flag is set.
pub(crate) fn physics_reach(
    data: &SkeletonData,
    named: Option<usize>,
    value: PhysicsValue,
) -> Vec<usize> {
    let flag = value.global_index();
    match named {
        Some(i) => vec![i],
        None => data
            .constraints
            .iter()
            .enumerate()
            .filter(|(_, c)| matches!(&c.kind, ConstraintKind::Physics(p) if p.globals.get(flag).copied().unwrap_or(false)))
            .map(|(i, _)| i)
            .collect(),
    }
}

impl Rule for A23PhysicsConstraintEffective {
    fn code(&self) -> &'static str {
        "A23_PHYSICS_CONSTRAINT_EFFECTIVE"
    }

    fn kind(&self) -> RuleKind {
        RuleKind::Validity
    }

    fn check(&self, facts: &Facts<'_>, out: &mut Outcome) {
        let Some(data) = skeleton_or_skip(facts, out) else {
            return;
        };
        let physics: Vec<(usize, &str, &PhysicsData)> = data
            .constraints
            .iter()
            .enumerate()
            .filter_map(|(i, c)| match &c.kind {
                ConstraintKind::Physics(p) => Some((i, c.name.as_str(), p)),
                _ => None,
            })
            .collect();
        out.stat("physicsConstraints", physics.len());
        if physics.is_empty() {
            out.skip(skip_reasons::NO_PHYSICS);
            return;
        }
        let mut mesh_bones = HashSet::new();
        for (p, mesh) in meshes(data) {
            mesh_bones.extend(p.slot_bone(data));
            if let Ok(Some(v)) = bindings(&mesh.vertex) {
                mesh_bones.extend(v.iter().flatten().filter_map(|b| bone_at(data, b.bone)));
            }
        }
        let mut unmuted = HashSet::new();
        for anim in &data.animations {
            for t in &anim.timelines {
                if let TimelineKind::Physics(named, PhysicsValue::Mix) = t.kind {
                    if channel_values(t, 0).into_iter().any(|v| v > 0.0) {
                        unmuted.extend(physics_reach(data, named, PhysicsValue::Mix));
                    }
                }
            }
        }
        let mut muted_until_keyed = 0usize;
        let k = data.animations.len();
        for &(i, n, p) in &physics {
            let at = || Subject::constraint("physics", n);
            let driven: Vec<(&str, f64)> = [
                ("x", p.x),
                ("y", p.y),
                ("rotate", p.rotate),
                ("scaleX", p.scale_x),
                ("shearX", p.shear_x),
            ]
            .into_iter()
            .filter(|(_, v)| *v > 0.0)
            .collect();
            if driven.is_empty() {
                out.fail_at(
                    at(),
                    format!("physics \"{n}\" drives no component; it parses and does nothing"),
                );
            }
            let bone = data.bones.get(p.bone);
            if let Some(b) = bone.filter(|b| b.length == 0.0) {
                let levers: Vec<&str> = driven
                    .iter()
                    .map(|(c, _)| *c)
                    .filter(|c| matches!(*c, "rotate" | "shearX"))
                    .collect();
                if !levers.is_empty() {
                    out.fail_at(at(), format!(
                        "physics \"{n}\" drives {} on bone \"{}\", which has length 0 — the solver aims the bone's tip, and a bone with no length has none, so it swings toward world angle 0; give the bone a length, or drive x and y",
                        levers.join(" and "),
                        b.name
                    ));
                }
                if driven.iter().any(|(c, _)| *c == "scaleX") {
                    out.fail_at(at(), format!(
                        "physics \"{n}\" drives scaleX on bone \"{}\", which has length 0 — the solver divides by the length, so the scale is NaN",
                        b.name
                    ));
                }
            }
            let s = &p.setup;
            for (rule, value) in [
                (&MIX, s.mix),
                (&MASS, s.mass_inverse),
                (&STRENGTH, s.strength),
                (&DAMPING, s.damping),
            ] {
                if (rule.setup_ok)(value) {
                    continue;
                }
                if rule.timeline == PhysicsTimeline::Mix && unmuted.contains(&i) {
                    muted_until_keyed += 1;
                    continue;
                }
                let detail = match rule.timeline {
                    PhysicsTimeline::Mix => format!("physics \"{n}\" has mix {} and none of the {k} animations keys its mix above 0; update() returns on mix 0, so the constraint never moves its bone — rest it above 0, or key its mix above 0 in an animation", num(value)),
                    PhysicsTimeline::Damping => {
                        let mesh = if mesh_bones.contains(&p.bone) { " — and this bone drives a mesh, so the canvas never rests" } else { "" };
                        format!("physics \"{n}\" has damping {}; must be inside [0, 1] — {}{mesh}", num(value), rule.why)
                    }
                    _ => format!("physics \"{n}\" has {} {}; {} must be {} — {}", rule.field, num(value), rule.timeline, rule.setup_bound, rule.why),
                };
                out.fail_at(at(), detail);
            }
            if !(p.step.is_finite() && p.step > 0.0) {
                out.fail_at(
                    at(),
                    format!("physics \"{n}\" has step {} (fps must be > 0)", num(p.step)),
                );
            }
        }
        if muted_until_keyed > 0 {
            out.stat("physicsMutedUntilKeyed", muted_until_keyed);
        }
        let mut keys = 0usize;
        for anim in &data.animations {
            for t in &anim.timelines {
                let TimelineKind::Physics(named, value) = t.kind else {
                    continue;
                };
                let who = match named.and_then(|i| data.constraints.get(i)) {
                    Some(c) => format!("physics \"{}\"", c.name),
                    None => "every physics constraint".to_string(),
                };
                // The global form is keyed under the empty name, as the
                // skeleton JSON writes it.
                let on = Target::Constraint {
                    kind: "physics".into(),
                    name: named
                        .and_then(|i| data.constraints.get(i))
                        .map_or_else(String::new, |c| c.name.clone()),
                };
                let timeline = Subject::animation(anim.name.as_str())
                    .on(on)
                    .timeline(value_name(value));
                let entries = t.entries();
                for f in 0..t.frame_count() {
                    keys += 1;
                    let Some(rule) = rule_of(value) else {
                        continue;
                    };
                    let (Some(&time), Some(&v)) =
                        (t.frames.get(f * entries), t.frames.get(f * entries + 1))
                    else {
                        continue;
                    };
                    let v = f64::from(v);
                    let posed = if value == PhysicsValue::Mass {
                        1.0 / v
                    } else {
                        v
                    };
                    if (rule.key_ok)(posed) {
                        continue;
                    }
                    let field = if value == PhysicsValue::Mass {
                        format!(" ({} {})", rule.field, num(posed))
                    } else {
                        String::new()
                    };
                    out.fail_at(
                        timeline.clone().key(f),
                        format!(
                            "animation \"{}\" {who} {} key at t={}s is {}{field}; must be {} — {}",
                            anim.name,
                            value_name(value),
                            fixed(f64::from(time), 6),
                            num(v),
                            rule.key_bound,
                            rule.why
                        ),
                    );
                }
            }
        }
        out.stat("physicsTimelineKeys", keys);
    }
}

#[cfg(test)]
#[path = "a23_tests.rs"]
mod tests;
