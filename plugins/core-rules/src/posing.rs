//! This module owns what the rules that **pose** share (GATE.md §5, capability
//! level Y): a fresh skeleton of the loaded data in its setup pose, an
//! animation posed at one time on a fresh non-looping track exactly as the
//! oracle poses it (`setupPose`, `Animation.apply(skeleton, -1, t, false, …, 1,
//! MixFrom.setup)`, then optionally `updateWorldTransform(physics)`), the stored
//! (float32) key times of a timeline, and the spelling of posed numbers and of
//! what the runtime threw.
//!
//! The poser is `rigc_sdk::spine::pose`, held to spine-core 4.3.13 by the sdk's
//! tests. Its errors (what spine-core would throw) are values here: each rule
//! turns them into a FAIL or a SKIP with a reason, never a panic.

use crate::raw::{fixed, num};
use rigc_sdk::spine::data::{Timeline, TimelineKind};
use rigc_sdk::spine::pose::{Physics, Plans, PoseError, Skeleton};
use rigc_sdk::spine::SkeletonData;

/// A fresh skeleton (`new Skeleton(data)`, sharing the animation plans of
/// `plans` — the facts' — with the other skeletons of `data`) under `skin`
/// (`None`: no skin set, attachments resolve in the default skin), in its
/// setup pose.
pub(crate) fn fresh<'d>(
    data: &'d SkeletonData,
    plans: &'d Plans,
    skin: Option<&str>,
) -> Result<Skeleton<'d>, PoseError> {
    let mut sk = Skeleton::with_plans(data, plans)?;
    if let Some(s) = skin {
        sk.set_skin(s)?;
    }
    sk.setup_pose();
    Ok(sk)
}

/// Animation `anim` applied at `t` on a fresh, non-looping track over the
/// setup pose (alpha 1, `MixFrom.setup`), without a world transform.
pub(crate) fn applied_at<'d>(
    data: &'d SkeletonData,
    plans: &'d Plans,
    anim: usize,
    t: f64,
    skin: Option<&str>,
) -> Result<Skeleton<'d>, PoseError> {
    let mut sk = fresh(data, plans, skin)?;
    sk.time = t;
    sk.apply_over_setup(anim, -1.0, t, false, None)?;
    Ok(sk)
}

/// [`applied_at`], then `updateWorldTransform(physics)`: the whole pose at `t`,
/// constraints (sliders included) applied.
pub(crate) fn posed_at<'d>(
    data: &'d SkeletonData,
    plans: &'d Plans,
    anim: usize,
    t: f64,
    skin: Option<&str>,
    physics: Physics,
) -> Result<Skeleton<'d>, PoseError> {
    let mut sk = applied_at(data, plans, anim, t, skin)?;
    sk.update_world_transform_with(physics)?;
    Ok(sk)
}

/// The first timeline of animation `a` whose kind `is` picks, as loaded.
pub(crate) fn loaded_timeline(
    data: &SkeletonData,
    a: usize,
    is: impl Fn(&TimelineKind) -> bool,
) -> Option<&Timeline> {
    data.animations
        .get(a)?
        .timelines
        .iter()
        .find(|l| is(&l.kind))
}

/// The stored (float32) time of every frame of `t`, in frame order.
pub(crate) fn key_times(t: &Timeline) -> Vec<f64> {
    let e = t.entries();
    (0..t.frame_count())
        .filter_map(|f| t.frames.get(f * e))
        .map(|&v| f64::from(v))
        .collect()
}

/// What the runtime threw, as a clause: `the runtime throws "<message>"`.
pub(crate) fn threw(e: &PoseError) -> String {
    format!("the runtime throws \"{}\"", e.message)
}

/// `(r, g, b)` or `(r, g, b, a)` at 4 decimals, as the colour rules print them.
pub(crate) fn channels(values: &[f64]) -> String {
    let parts: Vec<String> = values.iter().map(|&v| fixed(v, 4)).collect();
    format!("({})", parts.join(", "))
}

/// A stored key time as the details print it (the float32 value as a double,
/// as JavaScript prints it: `0.10000000149011612`).
pub(crate) fn time(t: f64) -> String {
    num(t)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testkit::*;
    use rigc_sdk::gate::facts::Facts;

    #[test]
    fn poses_the_fixture_at_a_key_and_spells_numbers() {
        let gi = fixture();
        let facts = Facts::new(&gi);
        let data = &facts.loaded().expect("the fixture loads").data;
        let a = data.find_animation("a").expect("a");
        let sk = posed_at(data, facts.plans(), a, 1.0, None, Physics::None).expect("poses");
        let s = data.find_slot("s").expect("s");
        // The rgba key at t=1 is red.
        let c = sk.slots[s].pose.color;
        assert_eq!((c.r, c.g, c.b, c.a), (1.0, 0.0, 0.0, 1.0));
        let rotate = data.animations[a]
            .timelines
            .iter()
            .find(|t| matches!(t.kind, rigc_sdk::spine::data::TimelineKind::Rotate(_)))
            .expect("rotate");
        assert_eq!(key_times(rotate), [0.0, 1.0]);
        assert_eq!(channels(&[1.0, 0.5, -0.0]), "(1.0000, 0.5000, 0.0000)");
        assert_eq!(time(f64::from(0.1f32)), "0.10000000149011612");
        assert!(fresh(data, facts.plans(), Some("nope")).is_err());
    }
}
