//! The fast path of `Animation.apply` for bone timelines of one value
//! (rotate, translate x/y, scale x/y, shear x/y: nearly all the timelines of
//! a typical animation) and of two (translate, scale, shear).
//!
//! Why: the general path re-derives on every apply what a timeline's shape
//! fixes once — bounds, `NaN` indices, the curve type as a float, each
//! `f32` read — and then dispatches on the timeline, the value it sets and
//! the frame's curve type, one timeline at a time. A [`Plan`] is built once
//! per skeleton and animation, on the first apply (the skeleton borrows its
//! data, so a plan can never go stale; the bones' setup values, which the
//! skeleton never changes, are read into it). Each fast timeline is cut into
//! parts, one per value it sets (a two-value timeline is two parts, mixed
//! each as `BoneTimeline2.apply` mixes that value), each frame of a part a
//! stepped, linear or Bezier segment, the out-of-range reads
//! `getCurveValue` makes on the last frame (`NaN`) done in advance. A
//! timeline of odd shape (a frame count that is no whole number of frames or
//! is zero, a curve type missing, a Bezier cut short by the curves array or
//! at an index that is no integer) is always general ([`Step::General`]).
//!
//! Runs: consecutive fast timelines no two of which set the same value of
//! the same bone make a [`Run`]. A part reads and writes only its own value
//! of its own bone (and reads the bone's activity, which no timeline
//! writes), so the parts of a run commute: the run applies them grouped, not
//! in timeline order, with the same result. A general timeline, or a part
//! that would set a value the run already sets, ends the run (general
//! timelines also end one because they can fail: what precedes a failure
//! is applied, nothing after it).
//!
//! Sharing: animators key whole poses at once, so many timelines have the
//! same frame times, and Bezier segments with the same time handles the
//! same sample times. The search for the frame and for the segment within
//! it, and the fraction `(time − x) / (x2 − x)` there, depend on those times
//! only, so the plan interns them — equal (bit for bit) frame-time arrays
//! into one key group, equal point times of a segment (on the same frame of
//! the same key group) into one x group — and [`Plan::search`] computes them
//! once per apply for each group. Within a run, the parts of a key group
//! are laid out per frame (and before the first) in [`Lane`]s: the parts of
//! one value (rotation, x, …) whose segment on that frame is of one kind
//! (stepped, or points of one x group), their bones, setup values and, per
//! piece of the segment, each one's `[y, rise]` side by side. Applying a
//! run is then, per key group, a lane loop on the current frame: each bone
//! reads its two numbers at the piece the x group's search found and
//! finishes the arithmetic. The fraction is the same double whichever part
//! computes it, so nothing changes by a bit.
//!
//! The lanes must agree bit for bit with [`Curves::curve_value`] and
//! [`Curves::values`] and the general path's mixing: they make the same
//! comparisons (the first frame after `time`, the first Bezier sample at or
//! after it) and the same floating-point operations in the same order, on
//! the same numbers (an `f32` widens to `f64` exactly); only the reads were
//! done at build time and the shared part once per group. The tests compare
//! whole applies with the general path's on random timelines that share
//! times (odd ones, repeated bones and every way of mixing included).

use super::{
    before_first_key, index, relative_mix, relative_mix2, scale_mix, Curves, Mix, MixFrom,
    OVER_SETUP,
};
use crate::data::{Animation, BoneLocal, Timeline, TimelineKind as K, BEZIER_SIZE};
use crate::pose::{Bone, BonePose};

/// An animation's timelines, prepared for [`super::apply`]: runs of fast
/// timelines and the general ones, in timeline order, and the groups of
/// times they share.
#[derive(Debug, Clone)]
pub(crate) struct Plan {
    /// The update cache build (see [`Plan::check_activity`]) that the lanes'
    /// `all_active` were found for; `None` before the first.
    activity_for: Option<u64>,
    pub steps: Box<[Step]>,
    /// The key groups: the distinct frame-time arrays of the fast timelines.
    keys: Box<[Keys]>,
    /// The x groups: the distinct point times of the fast timelines' linear
    /// (2) and Bezier (11) segments, per key group and frame.
    xs: Box<[Box<[f64]>]>,
    /// Per key group, as [`Plan::search`] left it: the frame the time falls
    /// in, or [`BEFORE`].
    frames: Box<[usize]>,
    /// Per x group, as [`Plan::search`] left it when its frame is current:
    /// the segment the time falls in and the fraction of the way along it.
    spots: Box<[(usize, f64)]>,
}

/// The frame of a key group when the time is before its first frame.
const BEFORE: usize = usize::MAX;

/// Points per Bezier segment: both keys and the 9 samples between them.
const BEZIER_POINTS: usize = BEZIER_SIZE / 2 + 2;

/// What [`super::apply`] runs, in timeline order.
#[derive(Debug, Clone)]
pub(crate) enum Step {
    /// Consecutive fast timelines, no two setting the same value of a bone.
    Run(Run),
    /// Any other timeline (index into `Animation::timelines`): the general path.
    General(usize),
}

/// The parts of a run's timelines, by key group.
#[derive(Debug, Clone)]
pub(crate) struct Run {
    groups: Box<[Group]>,
}

/// A run's parts of one key group.
#[derive(Debug, Clone)]
struct Group {
    /// The key group.
    keys: usize,
    /// The lanes before the first frame (index 0) and on frame `f` (index
    /// `f + 1`): [`BEFORE`] and the frames, plus one.
    blocks: Box<[Box<[Lane]>]>,
}

/// Parts setting one value, sampled alike on a frame.
#[derive(Debug, Clone)]
struct Lane {
    /// The value they set.
    prop: Prop,
    /// Parts of two-value timelines (mixed as `BoneTimeline2.apply` mixes).
    two: bool,
    /// Every target's bone is active (as of [`Plan::check_activity`]): the
    /// loop then does not read the bones' flags, a cache line apart from
    /// the values it writes.
    all_active: bool,
    /// Per part: its bone and that bone's setup value.
    targets: Box<[Target]>,
    /// How they are sampled.
    values: Values,
}

/// A part's bone, and the bone's setup value of the lane's value.
#[derive(Debug, Clone, Copy)]
struct Target {
    bone: usize,
    setup: f64,
}

/// How the parts of a [`Lane`] are sampled.
#[derive(Debug, Clone)]
enum Values {
    /// Before the first frame (`beforeFirstKey`).
    Before,
    /// Stepped: per part, its frame's value.
    Stepped(Box<[f64]>),
    /// Linear or Bezier segments with the points' times of x group `xs`: for
    /// piece `k` of the segment, `rows[k × n + i]` is part `i`'s `[y, rise]`
    /// there (`n` parts); the value is `y + fraction × rise`. (A two-value
    /// timeline's `Curves::values` multiplies `rise × fraction`: the same
    /// number; only a NaN's payload, which JavaScript cannot see, could
    /// differ.)
    Points { xs: usize, rows: Box<[[f64; 2]]> },
}

/// The local value a part sets.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) enum Prop {
    Rotation,
    X,
    Y,
    ScaleX,
    ScaleY,
    ShearX,
    ShearY,
}

/// `f`, its signature made general over the pose's lifetime.
fn field_of(f: impl Fn(&mut BonePose) -> &mut f64) -> impl Fn(&mut BonePose) -> &mut f64 {
    f
}

impl Prop {
    /// This value of `p`.
    fn field(self, p: &mut BonePose) -> &mut f64 {
        match self {
            Prop::Rotation => &mut p.rotation,
            Prop::X => &mut p.x,
            Prop::Y => &mut p.y,
            Prop::ScaleX => &mut p.scale_x,
            Prop::ScaleY => &mut p.scale_y,
            Prop::ShearX => &mut p.shear_x,
            Prop::ShearY => &mut p.shear_y,
        }
    }

    /// This value of `l`.
    fn of(self, l: &BoneLocal) -> f64 {
        match self {
            Prop::Rotation => l.rotation,
            Prop::X => l.x,
            Prop::Y => l.y,
            Prop::ScaleX => l.scale_x,
            Prop::ScaleY => l.scale_y,
            Prop::ShearX => l.shear_x,
            Prop::ShearY => l.shear_y,
        }
    }
}

/// A key group: frame times, and the x groups of the segments on each frame.
#[derive(Debug, Clone)]
struct Keys {
    /// The frame times (at least one).
    times: Box<[f64]>,
    /// Per frame: the x groups of the segments starting there.
    xs: Box<[Vec<usize>]>,
}

impl Plan {
    /// The plan of `animation` for bones of these setup values.
    pub fn new(animation: &Animation, setup: &[BoneLocal]) -> Plan {
        Plan::of(&animation.timelines, setup)
    }

    /// Finds for each lane whether all its bones are active, unless already
    /// found for update cache build `build`: only the update cache changes
    /// which bones are active, and `Skeleton::cache_builds` counts its
    /// builds.
    pub fn check_activity(&mut self, build: u64, bones: &[Bone]) {
        if self.activity_for == Some(build) {
            return;
        }
        self.activity_for = Some(build);
        let runs = self.steps.iter_mut().filter_map(|s| match s {
            Step::Run(r) => Some(r),
            Step::General(_) => None,
        });
        let lanes = runs.flat_map(|r| {
            r.groups
                .iter_mut()
                .flat_map(|g| g.blocks.iter_mut().flatten())
        });
        for lane in lanes {
            lane.all_active =
                (lane.targets.iter()).all(|t| bones.get(t.bone).is_some_and(|b| b.active));
        }
    }

    /// Searches every key group at `time` and, on the frame found, every x
    /// group: what [`Plan::apply_run`] then reads.
    pub fn search(&mut self, time: f64) {
        let Plan {
            keys,
            xs,
            frames,
            spots,
            ..
        } = self;
        for (k, frame) in keys.iter().zip(frames.iter_mut()) {
            *frame = k.frame(time);
            for &x in k.xs.get(*frame).map_or(&[][..], |v| v) {
                spots[x] = spot(&xs[x], time);
            }
        }
    }

    /// Applies the parts of `run` to `bones` at the time of the last
    /// [`Plan::search`], mixed as `m` says.
    pub fn apply_run(&self, run: &Run, bones: &mut [Bone], m: Mix) {
        let over_setup =
            m.alpha == 1.0 && m.from == MixFrom::Setup && !m.add && !m.out && !m.applied;
        for g in run.groups.iter() {
            let frame = self.frames.get(g.keys).copied().unwrap_or(BEFORE);
            let Some(lanes) = g.blocks.get(frame.wrapping_add(1)) else {
                continue;
            };
            for lane in lanes.iter() {
                if over_setup && !matches!(lane.values, Values::Before) {
                    self.lane_over_setup(lane, bones);
                } else {
                    self.lane(lane, bones, m);
                }
            }
        }
    }

    /// Applies a lane after the first frame as `Skeleton::apply_over_setup`
    /// mixes (alpha 1, from the setup pose, no add, no out, to `pose`): the
    /// common case, given a loop per value it sets.
    fn lane_over_setup(&self, lane: &Lane, bones: &mut [Bone]) {
        macro_rules! set {
            ($f:ident, $scale:expr) => {
                self.values(
                    lane,
                    bones,
                    OVER_SETUP,
                    |p: &mut BonePose| &mut p.$f,
                    |_, setup, value| {
                        if $scale {
                            scale_mix(OVER_SETUP, 0.0, setup, value)
                        } else {
                            relative_mix(OVER_SETUP, 0.0, setup, value)
                        }
                    },
                )
            };
        }
        match lane.prop {
            Prop::Rotation => set!(rotation, false),
            Prop::X => set!(x, false),
            Prop::Y => set!(y, false),
            Prop::ScaleX => set!(scale_x, true),
            Prop::ScaleY => set!(scale_y, true),
            Prop::ShearX => set!(shear_x, false),
            Prop::ShearY => set!(shear_y, false),
        }
    }

    /// Applies a lane mixed as `m` says: one loop for every value it may
    /// set.
    #[inline(never)]
    fn lane(&self, lane: &Lane, bones: &mut [Bone], m: Mix) {
        let (prop, two) = (lane.prop, lane.two);
        let field = field_of(move |p| prop.field(p));
        if let Values::Before = lane.values {
            let targets = &lane.targets[..];
            return each(
                bones,
                lane.all_active,
                targets,
                targets,
                m,
                &field,
                |current, setup, _| before_first_key(m, current, setup),
            );
        }
        let scale = matches!(prop, Prop::ScaleX | Prop::ScaleY);
        // `getScaleValue`, `getRelativeValue` and `BoneTimeline2.apply`
        // after the first frame.
        self.values(lane, bones, m, field, |current, setup, value| {
            if scale {
                scale_mix(m, current, setup, value)
            } else if two {
                relative_mix2(m, current, setup, value)
            } else {
                relative_mix(m, current, setup, value)
            }
        });
    }

    /// For each part of `lane` (after the first frame) on an active bone in
    /// range: the value `field` picks of the pose `m` writes set to
    /// `mix(current, setup, value at the time)`.
    #[inline(always)]
    fn values(
        &self,
        lane: &Lane,
        bones: &mut [Bone],
        m: Mix,
        field: impl Fn(&mut BonePose) -> &mut f64,
        mix: impl Fn(f64, f64, f64) -> f64,
    ) {
        let targets = &lane.targets[..];
        match &lane.values {
            Values::Before => {}
            Values::Stepped(v) => each(
                bones,
                lane.all_active,
                targets,
                &v[..],
                m,
                &field,
                |current, setup, &v| mix(current, setup, v),
            ),
            Values::Points { xs, rows } => {
                let Some(&(k, f)) = self.spots.get(*xs) else {
                    return;
                };
                let rows = rows_at(rows, k, targets.len());
                each(
                    bones,
                    lane.all_active,
                    targets,
                    rows,
                    m,
                    &field,
                    |current, setup, &[y, rise]| mix(current, setup, y + f * rise),
                );
            }
        }
    }
}

/// Piece `k`'s rows of `n` parts (empty if there is no such piece, which
/// the search never finds).
#[inline(always)]
fn rows_at(rows: &[[f64; 2]], k: usize, n: usize) -> &[[f64; 2]] {
    rows.get(k * n..(k + 1) * n).unwrap_or(&[])
}

/// For each target with its item of `values`, on an active bone in range:
/// the value `field` picks of the pose `m` writes set by `f(current,
/// setup, item)`. (Not unrolled: that saved instructions but no time, and
/// the code a pose runs must fit the instruction cache.)
#[inline(always)]
fn each<V>(
    bones: &mut [Bone],
    all_active: bool,
    targets: &[Target],
    values: &[V],
    m: Mix,
    field: &impl Fn(&mut BonePose) -> &mut f64,
    f: impl Fn(f64, f64, &V) -> f64,
) {
    for (t, v) in targets.iter().zip(values) {
        if let Some(b) = bones.get_mut(t.bone).filter(|b| all_active || b.active) {
            let current = field(b.pick_mut(m.applied));
            *current = f(*current, t.setup, v);
        }
    }
}

impl Keys {
    /// The frame `time` falls in: the frame before the first frame after
    /// `time`, else the last; [`BEFORE`] before the first.
    fn frame(&self, time: f64) -> usize {
        let times = &self.times;
        if time < times[0] {
            return BEFORE;
        }
        let after = times.iter().skip(1).position(|&t| t > time);
        after.unwrap_or(times.len() - 1)
    }
}

/// The segment of the points at times `xs` that `time` falls in — before
/// the second point, else up to the first inner point at or after `time`,
/// else the last (`getBezierValue`; a linear segment has only one) — and
/// `(time − x) / (x2 − x)` on it.
#[inline(always)]
fn spot(xs: &[f64], time: f64) -> (usize, f64) {
    let last = xs.len() - 2;
    let k = if xs[1] > time {
        0
    } else {
        (1..last).find(|&k| xs[k + 1] >= time).unwrap_or(last)
    };
    (k, (time - xs[k]) / (xs[k + 1] - xs[k]))
}

#[path = "plan_build.rs"]
mod build;
#[cfg(test)]
use build::Builder;

#[cfg(test)]
#[path = "plan_tests.rs"]
mod tests;
