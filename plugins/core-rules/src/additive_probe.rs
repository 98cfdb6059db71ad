//! This module owns the additive-behaviour probe (GATE.md §4.12, A40's step 4):
//! what applying one timeline twice with `add` (`MixFrom.current`, alpha 1)
//! does to the pose, read from the runtime itself at each key time, from the
//! setup pose and from a perturbed pose, with no skin and under every skin —
//! it accumulates, overwrites, or changes nothing. `Timeline.additive` is not
//! asked: two classes state it falsely.

use crate::posing::key_times;
use rigc_sdk::spine::data::{Animation, Inherit, Timeline, TimelineKind};
use rigc_sdk::spine::pose::{ConstraintPose, MixFrom, Plans, Skeleton};
use rigc_sdk::spine::SkeletonData;
use std::collections::HashMap;

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

/// The additive-behaviour probe, cached per timeline.
pub(crate) struct Probe<'d> {
    data: &'d SkeletonData,
    plans: &'d Plans,
    cache: HashMap<(usize, usize), Behaviour>,
}

impl<'d> Probe<'d> {
    pub(crate) fn new(data: &'d SkeletonData, plans: &'d Plans) -> Self {
        Probe {
            data,
            plans,
            cache: HashMap::new(),
        }
    }

    /// How timeline `timeline` of animation `anim` behaves applied twice.
    pub(crate) fn behaviour(&mut self, anim: usize, timeline: usize) -> Behaviour {
        if let Some(b) = self.cache.get(&(anim, timeline)) {
            return *b;
        }
        let b = self
            .data
            .animations
            .get(anim)
            .and_then(|a| a.timelines.get(timeline))
            .map_or(Behaviour::Inert, |t| probe(self.data, self.plans, t));
        self.cache.insert((anim, timeline), b);
        b
    }
}

/// Applies `t` alone, twice with `add`, at each of its key times, from two
/// start states, with no skin and under every skin.
pub(crate) fn probe(data: &SkeletonData, plans: &Plans, t: &Timeline) -> Behaviour {
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
                let Ok(mut sk) = crate::posing::fresh(data, plans, skin) else {
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
            ConstraintPose::Transform(p) => v.extend(p.mixes()),
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
            ConstraintPose::Transform(p) => p.set_mixes([0.35; 6]),
            ConstraintPose::Path(p) => {
                p.position += 0.5;
                p.spacing += 0.5;
                [p.mix_rotate, p.mix_x, p.mix_y] = [0.35; 3];
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
