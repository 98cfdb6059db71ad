//! This module owns the animation stage: one animation of the motion spec + the
//! setup skeleton → one compiled `rigc_sdk::model::Animation` (FORMAT.md §3.6–§3.13,
//! §5.3–§5.4).
//!
//! It answers what the parser could not: does each named bone, slot, group, event
//! and constraint exist in the compiled setup, does each key's value fit its
//! property, do the times increase (after `lag`/`stagger`, and as float32), is any
//! key past the declared duration, and does the last key sit on it (R7). Named
//! easings become absolute control points per channel; a hold under a named easing
//! becomes `"stepped"`; a raw `curve` is copied as written.
//!
//! Deform timelines (§3.14) are placed in their attachment's deform array, and a
//! `transform` key is evaluated by the kind plugin that provides its kind.
//!
//! The stage is a function of its inputs only (a kind plugin's identity is one).
//! Groups come out in the order slots, bones, ik, transform, (path: empty),
//! slider, physics, attachments (deform), drawOrder, events;
//! within `slots`/`bones`, targets in order of first appearance across tracks
//! (group members in member order), timelines in track order.

use rigc_diag::codes;

mod constraints;
mod deform;
mod deform_linked;
mod deform_target;
pub mod derive;
mod draw_order;
mod events;
mod kinds;
pub mod members;
mod path;
mod physics;
mod slider;
#[cfg(test)]
pub(crate) mod tests;
mod timing;
mod tracks;
mod values;

pub use kinds::DeformKinds;

use crate::spec::motion::{secs, AnimationSpec, MotionRest};
use crate::stage::{Hashed, Lazy, Stage};
use rigc_diag::json::quote;
use rigc_diag::Diagnostic;
use rigc_sdk::model::{Animation, Skeleton};

/// How far the last key may sit from the declared duration (R7): one frame at 60 fps.
pub const R7_SLACK: f64 = 1.0 / 60.0;

/// How far past the declared duration a key may sit (FORMAT.md §3.8).
pub const PAST_DURATION_SLACK: f64 = 1e-6;

crate::stage::stage! {
    /// `animation:<name>`: one animation's subtree of the motion spec, the rest
    /// of the spec and the setup → one compiled animation; editing one
    /// animation recompiles that one alone.
    pub struct AnimationStage<'a> {
        /// The animation's name (names the stage).
        pub animation: &'a str,
        /// Its subtree, by its canonical hash.
        pub spec: Lazy<'a, &'a AnimationSpec>,
        /// The motion spec without its animations, by its canonical hash.
        pub rest: Lazy<'a, MotionRest<'a>>,
        /// The setup stage's output.
        pub setup: Hashed<crate::stages::setup::Setup>,
        /// The plugins of the deform kinds its `transform` keys name.
        pub kinds: DeformKinds<'a>,
    }
}

impl Stage for AnimationStage<'_> {
    type Output = Animation;
    type Error = Vec<Diagnostic>;
    const VERSION: u32 = 3;

    fn name(&self) -> String {
        format!("animation:{}", self.animation)
    }

    fn compute(&self) -> Result<Animation, Vec<Diagnostic>> {
        compile_with(
            self.spec.get()?,
            *self.rest.get()?,
            &self.setup.skeleton,
            &self.kinds,
            &self.setup.generated,
        )
    }
}

/// Compiles one animation against the compiled setup skeleton, reading of the
/// rest of the motion spec what `motion` holds (its easings and groups), and
/// calling the deform kinds' plugins in `kinds`.
#[cfg(test)]
pub fn compile(
    anim: &AnimationSpec,
    motion: MotionRest<'_>,
    setup: &Skeleton,
    kinds: &DeformKinds,
) -> Result<Animation, Vec<Diagnostic>> {
    compile_with(anim, motion, setup, kinds, &[])
}

/// [`compile`], with what made each generated mesh of the setup (a
/// `"depth": true` key reads its depth map's `z` per vertex).
pub fn compile_with(
    anim: &AnimationSpec,
    motion: MotionRest<'_>,
    setup: &Skeleton,
    kinds: &DeformKinds,
    generated: &[(String, crate::stages::meshgen::Generated)],
) -> Result<Animation, Vec<Diagnostic>> {
    let mut cx = Cx {
        anim,
        motion,
        setup,
        generated,
        diags: rigc_diag::Diags::new(),
        last_time: None,
    };
    let mut out = Animation {
        name: anim.name.clone(),
        ..Animation::default()
    };
    tracks::compile(&mut cx, &mut out);
    out.ik = constraints::compile(&mut cx, &anim.ik, constraints::Kind::Ik);
    out.transform = constraints::compile(&mut cx, &anim.transform, constraints::Kind::Transform);
    out.path = path::compile(&mut cx, &anim.path);
    out.deform = deform::compile(&mut cx, kinds);
    out.draw_order = draw_order::compile(&mut cx);
    out.events = events::compile(&mut cx);
    if cx.diags.is_empty() {
        check_r7(&mut cx);
    }
    if cx.diags.is_empty() {
        Ok(out)
    } else {
        Err(cx.diags.into_vec())
    }
}

/// What the stage reads and what it has refused so far.
struct Cx<'a> {
    anim: &'a AnimationSpec,
    motion: MotionRest<'a>,
    setup: &'a Skeleton,
    /// What made each generated mesh (its depth map's `z` per vertex).
    generated: &'a [(String, crate::stages::meshgen::Generated)],
    /// What was refused so far (a flood of one code is kept bounded).
    diags: rigc_diag::Diags,
    /// The latest emitted key time over every timeline so far.
    last_time: Option<f64>,
}

impl Cx<'_> {
    fn push(&mut self, d: Diagnostic) {
        self.diags.push(d);
    }

    /// `animation "A"`.
    fn anim_label(&self) -> String {
        format!("animation {}", quote(&self.anim.name))
    }

    /// Records the emitted times of one timeline for R7.
    fn saw_times(&mut self, times: impl IntoIterator<Item = f64>) {
        for t in times {
            self.last_time = Some(self.last_time.map_or(t, |l| l.max(t)));
        }
    }
}

/// R7: the last key over every family sits within a frame of the declared duration.
fn check_r7(cx: &mut Cx) {
    let d = cx.anim.duration;
    let m = cx.last_time.unwrap_or(0.0);
    if (m - d).abs() > R7_SLACK {
        let d = Diagnostic::new(
            codes::MOTION_ANIMATION_DURATION_MISMATCH,
            format!("{} declares duration {}s but its last key is at {}s", cx.anim_label(), secs(d), secs(m)),
        )
        .at(cx.anim.duration_loc.clone())
        .help(format!(
            "declare \"duration\": {} (the last key), or put a key at {}s — a player loops or stops at the duration",
            secs(m),
            secs(d)
        ));
        cx.push(d);
    }
}

/// The names of `candidates` as a message lists them (`a, b, c`).
fn list(candidates: &[&str]) -> String {
    candidates
        .iter()
        .map(|c| quote(c))
        .collect::<Vec<_>>()
        .join(", ")
}

/// A help line for an unknown name: the nearest candidate, or the whole list.
fn suggest(what: &str, name: &str, candidates: &[&str]) -> String {
    match rigc_diag::cursor::nearest(name, candidates) {
        Some(near) => format!(
            "did you mean {}? ({} {what} of the compiled setup)",
            quote(near),
            article(what)
        ),
        None if candidates.is_empty() => format!("the compiled setup has no {what} at all"),
        None => format!("name one of: {}", list(candidates)),
    }
}

/// `a` or `an`, for the word that follows.
fn article(word: &str) -> &'static str {
    match word.chars().next() {
        Some('a' | 'e' | 'i' | 'o' | 'u') => "an",
        _ => "a",
    }
}
