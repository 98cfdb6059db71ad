//! Animation plans shared by the skeletons of one [`SkeletonData`]: the
//! first skeleton to apply an animation builds its [`Plan`]; the next ones
//! (a game's many instances of one rig, a rule's fresh skeleton per posed
//! instant, or a benchmark's fresh skeleton per run) copy it instead of
//! building it again. The poser owns them, not the data: whoever makes many
//! skeletons of one data keeps one [`Plans`] beside it and hands it to
//! [`Skeleton::with_plans`]; a skeleton made with [`Skeleton::new`] builds
//! its own.
//!
//! Why it cannot go stale: a plan is a function of the animation's
//! timelines and the bones' setup values, and `SkeletonData`'s fields are
//! public, so they may change between one skeleton and the next. Each
//! cached plan keeps a copy of what it was built from and is used only when
//! that is bit for bit what the data holds now (the timelines' kinds equal,
//! their frames and curves and the setup values the same bits); else it is
//! built again and replaces the cached one.
//!
//! [`SkeletonData`]: crate::data::SkeletonData
//! [`Skeleton::with_plans`]: crate::pose::Skeleton::with_plans
//! [`Skeleton::new`]: crate::pose::Skeleton::new

use super::Plan;
use crate::data::{Animation, BoneLocal, Timeline};
use std::sync::Mutex;

/// Animation plans for the skeletons of one `SkeletonData` to share: per
/// animation, the last plan built and what it was built from (see the
/// module docs). Any number of skeletons, on any threads, may share one.
#[derive(Default)]
pub struct Plans(Mutex<Vec<Option<Box<Cached>>>>);

/// A plan and what it was built from.
struct Cached {
    timelines: Vec<Timeline>,
    setup: Vec<BoneLocal>,
    plan: Plan,
}

impl Plans {
    /// The plan of animation `index` (`animation`) over bones of setup
    /// values `setup`: a copy of the cached one when it was built from these,
    /// else built (and cached).
    pub(crate) fn plan(&self, index: usize, animation: &Animation, setup: &[BoneLocal]) -> Plan {
        // A panic elsewhere while the lock was held leaves at worst a stale
        // entry, which the comparison below refuses.
        let mut cached = self.0.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(c) = cached.get(index).and_then(Option::as_ref) {
            if c.built_from(&animation.timelines, setup) {
                return c.plan.clone();
            }
        }
        let plan = Plan::new(animation, setup);
        if cached.len() <= index {
            cached.resize_with(index + 1, || None);
        }
        cached[index] = Some(Box::new(Cached {
            timelines: animation.timelines.clone(),
            setup: setup.to_vec(),
            plan: plan.clone(),
        }));
        plan
    }
}

#[cfg(test)]
impl Plans {
    /// Which plan is cached for animation `index` (its address), for the
    /// tests to tell a copy from a build.
    pub(crate) fn entry(&self, index: usize) -> Option<usize> {
        let cached = self.0.lock().unwrap_or_else(|e| e.into_inner());
        let c = cached.get(index)?.as_ref()?;
        Some(std::ptr::from_ref::<Cached>(c) as usize)
    }
}

impl Cached {
    /// Whether these timelines and setup values are, bit for bit, the ones
    /// the plan was built from. (Kinds compare with `==`: a plan reads of a
    /// kind only which timeline it is and its bone; a NaN in a kind, unequal
    /// to itself, only costs a rebuild.)
    fn built_from(&self, timelines: &[Timeline], setup: &[BoneLocal]) -> bool {
        let bits = |a: &[f32], b: &[f32]| {
            a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x.to_bits() == y.to_bits())
        };
        let same_timeline = |(a, b): (&Timeline, &Timeline)| {
            a.kind == b.kind && bits(&a.frames, &b.frames) && bits(&a.curves, &b.curves)
        };
        let local = |l: &BoneLocal| {
            let numbers = [
                l.x, l.y, l.rotation, l.scale_x, l.scale_y, l.shear_x, l.shear_y,
            ];
            (numbers.map(f64::to_bits), l.inherit)
        };
        self.timelines.len() == timelines.len()
            && self.timelines.iter().zip(timelines).all(same_timeline)
            && self.setup.len() == setup.len()
            && self
                .setup
                .iter()
                .zip(setup)
                .all(|(a, b)| local(a) == local(b))
    }
}

/// A copy starts with no plans.
impl Clone for Plans {
    fn clone(&self) -> Self {
        Plans::default()
    }
}

/// A cache is not data: every two compare equal.
impl PartialEq for Plans {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl std::fmt::Debug for Plans {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Plans")
    }
}
