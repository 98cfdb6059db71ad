//! The poser: a port of spine-core 4.3.13's `Skeleton` — construction,
//! `setSkin`, `setupPose`, `updateCache` and `updateWorldTransform(physics)` —
//! with bones (`BonePose`, all inherit modes), the five constraint kinds in
//! update order (IK, transform, path, physics, slider), animation apply for
//! every timeline kind ([`anim`](self) module `anim`), attachment world
//! vertices and `getBounds`.
//!
//! Every posed object (bone, slot, constraint, the draw order) has the
//! runtime's two poses: `pose`, which animations and application code write,
//! and `constrained`, which constraints write once `updateCache` marks the
//! object constrained; `applied` is whichever of the two is in force.

mod anim;
mod bone;
mod bone_pair;
mod cache;
mod ik;
mod path;
mod physics;
mod schedule;
mod skin;
mod slider;
mod slot;
mod stamps;
mod transform;
mod vertices;
pub use vertices::Bounds;
mod weights;

pub use anim::Plans;
pub use anim::{fire_events, MixFrom};
pub use bone::BonePose;
pub use physics::PhysicsState;
pub use slot::{Slot, SlotPose};

use crate::data::{
    ConstraintKind, Event, IkPose, PathPose, PhysicsPose, SkeletonData, SliderPose, TransformPose,
};
use bone::{ParentWorld, SkeletonTransform, TrigMemo};

/// What the runtime throws while posing (a `TypeError` on bad data).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct PoseError {
    /// The runtime's message.
    pub message: String,
}

pub(crate) fn pose_error(message: impl Into<String>) -> PoseError {
    PoseError {
        message: message.into(),
    }
}

/// `Physics`: how physics constraints act in `updateWorldTransform`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Physics {
    /// Physics constraints do nothing.
    None,
    /// Reset, then update.
    Reset,
    /// Step the simulation to the skeleton's time.
    Update,
    /// Apply the last simulated pose without stepping.
    Pose,
}

/// A bone with its unconstrained and constrained poses.
#[derive(Debug, Clone, PartialEq)]
pub struct Bone {
    /// The pose animations write.
    pub pose: BonePose,
    /// The pose constraints write (used when `constrained_applied`).
    pub constrained: BonePose,
    /// `appliedPose === constrainedPose`: set when the update cache is built
    /// (decoded mesh weights hold it per influence, and are dropped then).
    pub(crate) constrained_applied: bool,
    /// Updated this frame (skin-required bones not in the skin are not): set
    /// when the update cache is built (animation plans keep, per build,
    /// whether all their bones are).
    pub(crate) active: bool,
    sorted: bool,
    /// Parent index.
    pub parent: Option<usize>,
    /// Children indices.
    pub children: Vec<usize>,
}

impl Bone {
    /// `active`: updated this frame (skin-required bones not in the skin
    /// are not).
    pub fn active(&self) -> bool {
        self.active
    }

    /// `appliedPose === constrainedPose`: a constraint may change this bone,
    /// so its applied pose is `constrained`.
    pub fn constrained_applied(&self) -> bool {
        self.constrained_applied
    }

    /// `appliedPose`.
    pub fn applied(&self) -> &BonePose {
        if self.constrained_applied {
            &self.constrained
        } else {
            &self.pose
        }
    }

    fn applied_mut(&mut self) -> &mut BonePose {
        if self.constrained_applied {
            &mut self.constrained
        } else {
            &mut self.pose
        }
    }

    /// `pose` or `appliedPose`, as a timeline picks it.
    pub(crate) fn pick_mut(&mut self, applied: bool) -> &mut BonePose {
        if applied {
            self.applied_mut()
        } else {
            &mut self.pose
        }
    }
}

/// A constraint's pose values of any kind.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum ConstraintPose {
    /// IK mix, softness, bend, compress, stretch.
    Ik(IkPose),
    /// Transform mixes.
    Transform(TransformPose),
    /// Path position, spacing, mixes.
    Path(PathPose),
    /// Physics values.
    Physics(PhysicsPose),
    /// Slider time and mix.
    Slider(SliderPose),
}

impl ConstraintPose {
    pub(crate) fn setup(kind: &ConstraintKind) -> ConstraintPose {
        match kind {
            ConstraintKind::Ik(d) => ConstraintPose::Ik(d.setup),
            ConstraintKind::Transform(d) => ConstraintPose::Transform(d.setup),
            ConstraintKind::Path(d) => ConstraintPose::Path(d.setup),
            ConstraintKind::Physics(d) => ConstraintPose::Physics(d.setup),
            ConstraintKind::Slider(d) => ConstraintPose::Slider(d.setup),
        }
    }
}

/// A constraint instance: its poses, activity and simulation state.
#[derive(Debug, Clone, PartialEq)]
pub struct Constraint {
    /// The pose timelines write.
    pub pose: ConstraintPose,
    /// The pose sliders write (used when `constrained_applied`).
    pub constrained: ConstraintPose,
    /// `appliedPose === constrainedPose`.
    pub constrained_applied: bool,
    /// Source active and, if skin-required, in the skin.
    pub active: bool,
    /// Physics simulation state (physics constraints only).
    pub physics: PhysicsState,
    path: path::PathBuffers,
    /// A transform constraint's last world turn of a bone: its sine and
    /// cosine by the value, the bone's `c` and `a` over the skeleton scale
    /// and the mix (a bone that holds still skips the trigonometry).
    turn: crate::math::Memo<4, (f64, f64)>,
    /// The constraint's one memoised function of two numbers (IK: the
    /// child's offset angle; transform: the source's world rotation;
    /// physics: the damping per step).
    memo: crate::math::Memo<2, f64>,
}

impl Constraint {
    /// `appliedPose`.
    pub fn applied(&self) -> &ConstraintPose {
        if self.constrained_applied {
            &self.constrained
        } else {
            &self.pose
        }
    }

    pub(crate) fn pick_mut(&mut self, applied: bool) -> &mut ConstraintPose {
        if applied && self.constrained_applied {
            &mut self.constrained
        } else {
            &mut self.pose
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Update {
    Bone(usize),
    /// Two bone updates that may run side by side (see `schedule`).
    Pair(usize, usize),
    Constraint(usize),
}

/// `resetCache`: the constrained objects, whose constrained pose is reset
/// to their pose before each update; by kind, so that each is one plain
/// loop (the resets are independent: their order does not matter).
#[derive(Debug, Clone, Default)]
struct Resets {
    bones: Vec<usize>,
    slots: Vec<usize>,
    constraints: Vec<usize>,
}

/// A posable instance of a [`SkeletonData`].
#[derive(Debug, Clone)]
pub struct Skeleton<'a> {
    /// The data.
    pub data: &'a SkeletonData,
    /// Bones, in data order.
    pub bones: Vec<Bone>,
    /// Slots, in data order.
    pub slots: Vec<Slot>,
    /// Slot indices in draw order (the pose animations write).
    pub draw_order: Vec<usize>,
    /// The constrained draw order (sliders write it).
    pub draw_order_constrained: Vec<usize>,
    /// The constrained draw order is the applied one.
    pub draw_order_constrained_applied: bool,
    /// Constraints, in data order.
    pub constraints: Vec<Constraint>,
    /// The physics constraints' indices, in data order.
    pub physics: Vec<usize>,
    /// The current skin.
    pub skin: Option<usize>,
    /// Skeleton scale x.
    pub scale_x: f64,
    /// Skeleton scale y (y up).
    pub scale_y: f64,
    /// Skeleton position x.
    pub x: f64,
    /// Skeleton position y.
    pub y: f64,
    /// Time for physics, seconds.
    pub time: f64,
    /// Wind direction x.
    pub wind_x: f64,
    /// Wind direction y.
    pub wind_y: f64,
    /// Gravity direction x.
    pub gravity_x: f64,
    /// Gravity direction y.
    pub gravity_y: f64,
    update_cache: Vec<Update>,
    /// Bone updates are paired in the update cache (see `schedule`).
    paired: bool,
    /// How many times the update cache was built: what decides which bones
    /// are active (see `anim::Plan::check_activity`).
    cache_builds: u64,
    reset_cache: Resets,
    update: u64,
    stack: Vec<usize>,
    /// The bones' setup values side by side (`setupPose` reads them all).
    setup: Vec<crate::data::BoneLocal>,
    /// The constraints' setup poses side by side (`setupPose` copies them;
    /// cheaper than decoding each constraint's data).
    setup_constraints: Vec<ConstraintPose>,
    /// Per bone: its last sine and cosine (see `bone::TrigMemo`).
    trig: Vec<TrigMemo>,
    /// Per attachment: its decoded weights (see `weights::Weights`).
    weights: Vec<std::sync::OnceLock<Option<weights::Weights>>>,
    /// Per slot: `getAttachment(slot, setup attachment name)` for the skin
    /// in `setup_skin` (the data cannot change while the skeleton borrows
    /// it, so the lookup depends on the skin alone); `None` before the
    /// first lookup.
    setup_skin: Option<Option<usize>>,
    setup_attachments: Vec<Option<usize>>,
    /// Per animation: its timelines prepared for `Animation.apply` (see
    /// `anim::Plan`); `None` before the first apply.
    plans: Vec<Option<Box<anim::Plan>>>,
    /// The plans this skeleton shares with others of its data, if any
    /// ([`Skeleton::with_plans`]): a plan is copied from there, not built.
    shared_plans: Option<&'a Plans>,
}

impl<'a> Skeleton<'a> {
    /// `new Skeleton(data)`: bones and slots in their setup pose, no skin,
    /// update cache built. Fails where the runtime's `updateCache` throws (an
    /// IK or transform constraint without bones).
    pub fn new(data: &'a SkeletonData) -> Result<Skeleton<'a>, PoseError> {
        Skeleton::build(data, None)
    }

    /// [`Skeleton::new`], sharing animation plans with the other skeletons of
    /// `data` made with the same `plans`: the first to apply an animation
    /// builds its plan, the others copy it (what many skeletons of one data
    /// save; the poses are the same bit for bit).
    pub fn with_plans(data: &'a SkeletonData, plans: &'a Plans) -> Result<Skeleton<'a>, PoseError> {
        Skeleton::build(data, Some(plans))
    }

    fn build(
        data: &'a SkeletonData,
        shared_plans: Option<&'a Plans>,
    ) -> Result<Skeleton<'a>, PoseError> {
        let mut bones: Vec<Bone> = Vec::with_capacity(data.bones.len());
        for (i, b) in data.bones.iter().enumerate() {
            let mut pose = BonePose::default();
            pose.set_local(&b.setup);
            bones.push(Bone {
                pose,
                constrained: BonePose::default(),
                constrained_applied: false,
                active: false,
                sorted: false,
                parent: b.parent,
                children: Vec::new(),
            });
            if let Some(p) = b.parent.filter(|&p| p < i) {
                bones[p].children.push(i);
            }
        }
        let slots = data.slots.iter().map(Slot::new).collect();
        let constraints = data
            .constraints
            .iter()
            .map(|c| {
                let pose = ConstraintPose::setup(&c.kind);
                Constraint {
                    pose,
                    constrained: pose,
                    constrained_applied: false,
                    active: false,
                    physics: PhysicsState::default(),
                    path: path::PathBuffers::default(),
                    turn: Default::default(),
                    memo: Default::default(),
                }
            })
            .collect();
        let physics = data
            .constraints
            .iter()
            .enumerate()
            .filter(|(_, c)| matches!(c.kind, ConstraintKind::Physics(_)))
            .map(|(i, _)| i)
            .collect();
        let mut sk = Skeleton {
            data,
            bones,
            slots,
            draw_order: (0..data.slots.len()).collect(),
            draw_order_constrained: Vec::new(),
            draw_order_constrained_applied: false,
            constraints,
            physics,
            skin: None,
            scale_x: 1.0,
            scale_y: 1.0,
            x: 0.0,
            y: 0.0,
            time: 0.0,
            wind_x: 1.0,
            wind_y: 0.0,
            gravity_x: 0.0,
            gravity_y: 1.0,
            update_cache: Vec::new(),
            paired: true,
            cache_builds: 0,
            reset_cache: Resets::default(),
            update: 0,
            stack: Vec::new(),
            setup: data.bones.iter().map(|b| b.setup).collect(),
            setup_constraints: data
                .constraints
                .iter()
                .map(|c| ConstraintPose::setup(&c.kind))
                .collect(),
            trig: vec![TrigMemo::default(); data.bones.len()],
            weights: (0..data.attachments.len())
                .map(|_| std::sync::OnceLock::new())
                .collect(),
            setup_skin: None,
            setup_attachments: Vec::new(),
            plans: vec![None; data.animations.len()],
            shared_plans,
        };
        sk.setup_pose_slots();
        sk.update_cache()?;
        Ok(sk)
    }

    /// `setupPose()`: bones, constraints, draw order and slots to the setup pose.
    pub fn setup_pose(&mut self) {
        let n = self.bones.len().min(self.setup.len());
        let (bones, setup) = (&mut self.bones[..n], &self.setup[..n]);
        let ((b4, b1), (s4, s1)) = (bones.as_chunks_mut::<4>(), setup.as_chunks::<4>());
        // Four at a time, each read whole, then written: the reads need not
        // wait on the writes (the two vectors could alias as far as the
        // compiler knows), so they pair up into 16-byte moves.
        for (b, s) in b4.iter_mut().zip(s4) {
            let s = *s;
            for (b, s) in b.iter_mut().zip(&s) {
                b.pose.set_local(s);
            }
        }
        for (b, s) in b1.iter_mut().zip(s1) {
            let s = *s;
            b.pose.set_local(&s);
        }
        for (c, setup) in self.constraints.iter_mut().zip(&self.setup_constraints) {
            c.pose = *setup;
        }
        self.setup_pose_slots();
    }

    fn setup_pose_slots(&mut self) {
        if self.setup_skin != Some(self.skin) {
            let mut list = std::mem::take(&mut self.setup_attachments);
            list.clear();
            list.extend((0..self.slots.len()).map(|i| {
                self.data.slots[i]
                    .attachment_name
                    .as_deref()
                    .filter(|n| !n.is_empty())
                    .and_then(|name| self.get_attachment(i, name))
            }));
            self.setup_attachments = list;
            self.setup_skin = Some(self.skin);
        }
        self.draw_order.clear();
        self.draw_order.extend(0..self.slots.len());
        for i in 0..self.slots.len() {
            self.setup_pose_slot(i);
        }
    }

    /// The draw order in force (`drawOrder.appliedPose`).
    pub fn applied_draw_order(&self) -> &[usize] {
        if self.draw_order_constrained_applied {
            &self.draw_order_constrained
        } else {
            &self.draw_order
        }
    }

    /// `Animation.apply` of animation `index` (see [`MixFrom`]); fired events
    /// are appended to `events` when given.
    #[allow(clippy::too_many_arguments)]
    pub fn apply_animation(
        &mut self,
        index: usize,
        last_time: f64,
        time: f64,
        looped: bool,
        events: Option<&mut Vec<&'a Event>>,
        alpha: f64,
        from: MixFrom,
        add: bool,
        out: bool,
        applied_pose: bool,
    ) -> Result<(), PoseError> {
        if index >= self.data.animations.len() {
            return Err(pose_error("animation not found"));
        }
        anim::apply(
            self,
            index,
            last_time,
            time,
            looped,
            events,
            anim::Mix {
                alpha,
                from,
                add,
                out,
                applied: applied_pose,
            },
        )
    }

    /// [`Skeleton::apply_animation`] as one track at full weight over the setup
    /// pose (alpha 1, [`MixFrom::Setup`], no add, no out, the pose itself): the
    /// call the gate's posing rules, `rigc sample` and the benches make.
    pub fn apply_over_setup(
        &mut self,
        index: usize,
        last_time: f64,
        time: f64,
        looped: bool,
        events: Option<&mut Vec<&'a Event>>,
    ) -> Result<(), PoseError> {
        self.apply_animation(
            index,
            last_time,
            time,
            looped,
            events,
            1.0,
            MixFrom::Setup,
            false,
            false,
            false,
        )
    }

    fn transform(&self) -> SkeletonTransform {
        SkeletonTransform {
            sx: self.scale_x,
            sy: self.scale_y,
            x: self.x,
            y: self.y,
        }
    }

    fn parent_world(&self, i: usize) -> Option<ParentWorld> {
        self.bones[i]
            .parent
            .map(|p| self.bones[p].applied().world_of())
    }

    /// A bone entry of the update cache: the bone's update unless it is
    /// already posed this update. Out of line: the update loop's single
    /// bones and a pair's bones that go one at a time share one copy (the
    /// code a pose runs must fit the instruction cache; these run a few
    /// dozen times a pose).
    #[inline(never)]
    fn update_bone(&mut self, i: usize) {
        if self.bones[i].applied().world != self.update {
            self.update_world(i);
        }
    }

    /// `BonePose.updateWorldTransform`. Inline in the update loop (its
    /// hottest path); paired bones call it out of line (`update_apart`).
    #[inline(always)]
    pub(crate) fn update_world(&mut self, i: usize) {
        let update = self.update;
        // The commonest case first: a child bone of the normal inherit mode
        // whose local values are current.
        let bone = &self.bones[i];
        if let Some(p) = bone.parent {
            if bone.applied().takes_normal_path(update) {
                let parent = self.bones[p].applied().world_of();
                let b = self.bones[i].applied_mut();
                b.world = update;
                b.compute_world_normal(parent, &mut self.trig[i]);
                return;
            }
        }
        self.update_world_general(i);
    }

    /// [`Skeleton::update_world`] past its commonest case, out of line so
    /// that the update loop stays small.
    #[inline(never)]
    fn update_world_general(&mut self, i: usize) {
        let update = self.update;
        if self.bones[i].applied().local == update {
            self.update_local(i);
        } else {
            self.bones[i].applied_mut().world = update;
        }
        let (parent, sk) = (self.parent_world(i), self.transform());
        self.bones[i]
            .applied_mut()
            .compute_world_memo(parent, sk, &mut self.trig[i]);
    }

    /// `updateWorldTransform(Physics.none)`.
    pub fn update_world_transform(&mut self) -> Result<(), PoseError> {
        self.update_world_transform_with(Physics::None)
    }

    /// `updateWorldTransform(physics)`: resets constrained poses, then runs
    /// the update cache (bones and constraints in order).
    pub fn update_world_transform_with(&mut self, physics: Physics) -> Result<(), PoseError> {
        self.update += 1;
        if self.draw_order_constrained_applied {
            self.draw_order_constrained.clone_from(&self.draw_order);
        }
        let resets = &self.reset_cache;
        for &i in &resets.bones {
            let b = &mut self.bones[i];
            b.constrained.set_from(&b.pose);
        }
        for &i in &resets.slots {
            let s = &mut self.slots[i];
            s.constrained.set_from(&s.pose);
        }
        for &i in &resets.constraints {
            let c = &mut self.constraints[i];
            c.constrained = c.pose;
        }
        // Out of the skeleton while it runs (nothing it calls reads it), so
        // the loop walks a slice rather than indexing through `self`.
        let cache = std::mem::take(&mut self.update_cache);
        let mut rest = &cache[..];
        let result = loop {
            match rest {
                [Update::Bone(i), tail @ ..] => {
                    self.update_bone(*i);
                    rest = tail;
                }
                // A run of pairs in one call (pairs come in runs).
                [Update::Pair(..), ..] => rest = self.update_pairs(rest),
                [Update::Constraint(c), tail @ ..] => {
                    if let Err(e) = self.update_constraint(*c, physics) {
                        break Err(e);
                    }
                    rest = tail;
                }
                [] => break Ok(()),
            }
        };
        self.update_cache = cache;
        result
    }

    fn update_constraint(&mut self, c: usize, physics: Physics) -> Result<(), PoseError> {
        let data = self.data;
        match (&data.constraints[c].kind, *self.constraints[c].applied()) {
            (ConstraintKind::Ik(d), ConstraintPose::Ik(p)) => ik::update(self, c, d, &p),
            (ConstraintKind::Transform(d), ConstraintPose::Transform(p)) => {
                transform::update(self, c, d, &p);
                Ok(())
            }
            (ConstraintKind::Path(d), ConstraintPose::Path(p)) => path::update(self, c, d, &p),
            (ConstraintKind::Physics(d), ConstraintPose::Physics(p)) => {
                physics::update(self, c, d, &p, physics);
                Ok(())
            }
            (ConstraintKind::Slider(d), ConstraintPose::Slider(_)) => slider::update(self, c, d),
            _ => Ok(()),
        }
    }

    /// `PhysicsConstraint.reset` of constraint `c`.
    pub fn reset_physics(&mut self, c: usize) {
        let time = self.time;
        self.constraints[c].physics.reset(time);
    }

    /// Deprecated compatibility: every constraint kind is posed now, so no
    /// bone is left unposed.
    pub fn unposed_bones(&self) -> Vec<usize> {
        Vec::new()
    }
}
