//! The setup poser: a port of spine-core 4.3.13's `Skeleton` (construction,
//! `setSkin`, `setupPose`, `updateCache`, `updateWorldTransform(Physics.none)`)
//! with bones (`BonePose`, all inherit modes), IK constraints and transform
//! constraints, attachment world vertices and `getBounds`.
//!
//! Not posed yet: path constraints and sliders are sorted into the update
//! order exactly as the runtime sorts them (so every other result is right)
//! but their `update` is skipped, so bones they move keep their unconstrained
//! world transform. Physics constraints under `Physics.none` do nothing in the
//! runtime either, so they are exact. Animations are not applied.

mod bone;
mod ik;
mod transform;
mod vertices;

pub use crate::model::Bounds;
pub use bone::BonePose;

use crate::spine::data::{ConstraintKind, IkPose, SkeletonData, TransformPose};
use bone::{ParentWorld, SkeletonTransform};

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

/// A bone with its unconstrained and constrained poses.
#[derive(Debug, Clone, PartialEq)]
pub struct Bone {
    /// The pose animations write.
    pub pose: BonePose,
    /// The pose constraints write (used when `constrained_applied`).
    pub constrained: BonePose,
    /// `appliedPose === constrainedPose`.
    pub constrained_applied: bool,
    /// Updated this frame (skin-required bones not in the skin are not).
    pub active: bool,
    sorted: bool,
    /// Parent index.
    pub parent: Option<usize>,
    /// Children indices.
    pub children: Vec<usize>,
}

impl Bone {
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
}

/// A slot's pose.
#[derive(Debug, Clone, PartialEq)]
pub struct Slot {
    /// Bone index.
    pub bone: usize,
    /// Current attachment (index into `SkeletonData::attachments`).
    pub attachment: Option<usize>,
    /// Sequence index (`-1`: the attachment's setup index).
    pub sequence_index: f64,
    /// Deform vertices (empty in the setup pose).
    pub deform: Vec<f32>,
}

/// A constraint's pose.
#[derive(Debug, Clone, PartialEq)]
pub enum ConstraintPose {
    /// IK mix, softness, bend, compress, stretch.
    Ik(IkPose),
    /// Transform mixes.
    Transform(TransformPose),
    /// Path, physics or slider: not posed yet.
    Other,
}

#[derive(Debug, Clone, Copy, PartialEq)]
enum Update {
    Bone(usize),
    Constraint(usize),
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
    /// Slot indices in draw order.
    pub draw_order: Vec<usize>,
    /// Constraint poses, in data order.
    pub constraints: Vec<ConstraintPose>,
    /// Constraint activity (source active and, if skin-required, in the skin).
    pub constraint_active: Vec<bool>,
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
    update_cache: Vec<Update>,
    reset_cache: Vec<usize>,
    update: u64,
}

impl<'a> Skeleton<'a> {
    /// `new Skeleton(data)`: bones and slots in their setup pose, no skin,
    /// update cache built. Fails where the runtime's `updateCache` throws (an
    /// IK or transform constraint without bones).
    pub fn new(data: &'a SkeletonData) -> Result<Skeleton<'a>, PoseError> {
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
        let slots = data
            .slots
            .iter()
            .map(|s| Slot {
                bone: s.bone,
                attachment: None,
                sequence_index: 0.0,
                deform: Vec::new(),
            })
            .collect();
        let constraints = data
            .constraints
            .iter()
            .map(|c| match &c.kind {
                ConstraintKind::Ik(k) => ConstraintPose::Ik(k.setup),
                ConstraintKind::Transform(t) => ConstraintPose::Transform(t.setup),
                _ => ConstraintPose::Other,
            })
            .collect();
        let mut sk = Skeleton {
            data,
            bones,
            slots,
            draw_order: (0..data.slots.len()).collect(),
            constraints,
            constraint_active: vec![false; data.constraints.len()],
            skin: None,
            scale_x: 1.0,
            scale_y: 1.0,
            x: 0.0,
            y: 0.0,
            update_cache: Vec::new(),
            reset_cache: Vec::new(),
            update: 0,
        };
        sk.setup_pose_slots();
        sk.update_cache()?;
        Ok(sk)
    }

    /// `setSkin(name)`: attaches the skin's setup attachments (when no skin was
    /// set before) and rebuilds the update cache.
    pub fn set_skin(&mut self, name: &str) -> Result<(), PoseError> {
        let skin = self
            .data
            .find_skin(name)
            .ok_or_else(|| pose_error(format!("Skin not found: {name}")))?;
        if self.skin == Some(skin) {
            return Ok(());
        }
        if let Some(old) = self.skin {
            // Skin.attachAll: swap attachments that came from the old skin.
            for i in 0..self.slots.len() {
                let Some(current) = self.slots[i].attachment else {
                    continue;
                };
                let old_entries = self.data.skins[old].attachments.get(i);
                if let Some(e) =
                    old_entries.and_then(|l| l.iter().find(|e| e.attachment == current))
                {
                    if let Some(a) = self.data.skins[skin].get_attachment(i, &e.placeholder) {
                        self.set_attachment(i, Some(a));
                    }
                }
            }
        } else {
            for i in 0..self.slots.len() {
                if let Some(name) = self.data.slots[i]
                    .attachment_name
                    .as_deref()
                    .filter(|n| !n.is_empty())
                {
                    if let Some(a) = self.data.skins[skin].get_attachment(i, name) {
                        self.set_attachment(i, Some(a));
                    }
                }
            }
        }
        self.skin = Some(skin);
        self.update_cache()
    }

    /// `getAttachment(slotIndex, placeholder)`: the skin, then the default skin.
    pub fn get_attachment(&self, slot: usize, placeholder: &str) -> Option<usize> {
        if let Some(a) = self
            .skin
            .and_then(|s| self.data.skins[s].get_attachment(slot, placeholder))
        {
            return Some(a);
        }
        self.data
            .default_skin
            .and_then(|s| self.data.skins[s].get_attachment(slot, placeholder))
    }

    fn set_attachment(&mut self, slot: usize, attachment: Option<usize>) {
        let s = &mut self.slots[slot];
        if s.attachment == attachment {
            return;
        }
        let timeline = |a: Option<usize>| {
            a.and_then(|a| {
                let att = &self.data.attachments[a];
                att.vertex().map(|_| att.timeline_attachment)
            })
        };
        if timeline(attachment).is_none()
            || timeline(attachment) != timeline(self.slots[slot].attachment)
        {
            self.slots[slot].deform.clear();
        }
        self.slots[slot].attachment = attachment;
        self.slots[slot].sequence_index = -1.0;
    }

    /// `setupPose()`: bones, constraints, draw order and slots to the setup pose.
    pub fn setup_pose(&mut self) {
        for (bone, data) in self.bones.iter_mut().zip(&self.data.bones) {
            bone.pose.set_local(&data.setup);
        }
        for (pose, data) in self.constraints.iter_mut().zip(&self.data.constraints) {
            match (pose, &data.kind) {
                (ConstraintPose::Ik(p), ConstraintKind::Ik(d)) => *p = d.setup,
                (ConstraintPose::Transform(p), ConstraintKind::Transform(d)) => *p = d.setup,
                _ => {}
            }
        }
        self.setup_pose_slots();
    }

    fn setup_pose_slots(&mut self) {
        self.draw_order = (0..self.slots.len()).collect();
        for i in 0..self.slots.len() {
            self.slots[i].sequence_index = 0.0;
            match self.data.slots[i]
                .attachment_name
                .as_deref()
                .filter(|n| !n.is_empty())
            {
                None => self.set_attachment(i, None),
                Some(name) => {
                    self.slots[i].attachment = None;
                    let a = self.get_attachment(i, name);
                    // A missing placeholder is `undefined` in the runtime: it still resets.
                    self.slots[i].attachment = a;
                    self.slots[i].sequence_index = -1.0;
                    self.slots[i].deform.clear();
                }
            }
        }
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

    /// `BonePose.updateWorldTransform`.
    pub(crate) fn update_world(&mut self, i: usize) {
        let update = self.update;
        if self.bones[i].applied().local == update {
            self.update_local(i);
        } else {
            self.bones[i].applied_mut().world = update;
        }
        let (parent, sk) = (self.parent_world(i), self.transform());
        self.bones[i].applied_mut().compute_world(parent, sk);
    }

    /// `BonePose.updateLocalTransform`.
    pub(crate) fn update_local(&mut self, i: usize) {
        let update = self.update;
        let (parent, sk) = (self.parent_world(i), self.transform());
        let p = self.bones[i].applied_mut();
        p.local = 0;
        p.world = update;
        p.compute_local(parent, sk);
    }

    /// `BonePose.validateLocalTransform`.
    pub fn validate_local(&mut self, i: usize) {
        if self.bones[i].applied().local == self.update {
            self.update_local(i);
        }
    }

    /// `BonePose.modifyLocal`.
    pub(crate) fn modify_local(&mut self, i: usize) {
        if self.bones[i].applied().local == self.update {
            self.update_local(i);
        }
        self.bones[i].applied_mut().world = 0;
        self.reset_world(i);
    }

    /// `BonePose.modifyWorld`.
    pub(crate) fn modify_world(&mut self, i: usize) {
        let update = self.update;
        let p = self.bones[i].applied_mut();
        p.local = update;
        p.world = update;
        self.reset_world(i);
    }

    fn reset_world(&mut self, i: usize) {
        let update = self.update;
        let mut stack: Vec<usize> = self.bones[i].children.clone();
        while let Some(c) = stack.pop() {
            if self.bones[c].applied().world == update {
                if self.bones[c].applied().local == update {
                    self.update_local(c);
                }
                self.bones[c].applied_mut().world = 0;
                stack.extend(self.bones[c].children.iter().copied());
            }
        }
    }

    /// `updateWorldTransform(Physics.none)`. Path constraints and sliders are
    /// skipped (not posed yet); physics does nothing under `Physics.none`.
    pub fn update_world_transform(&mut self) -> Result<(), PoseError> {
        self.update += 1;
        for k in 0..self.reset_cache.len() {
            let i = self.reset_cache[k];
            let pose = self.bones[i].pose;
            self.bones[i].constrained.set_from(&pose);
        }
        for k in 0..self.update_cache.len() {
            match self.update_cache[k] {
                Update::Bone(i) => {
                    if self.bones[i].applied().world != self.update {
                        self.update_world(i);
                    }
                }
                Update::Constraint(c) => self.update_constraint(c)?,
            }
        }
        Ok(())
    }

    fn update_constraint(&mut self, c: usize) -> Result<(), PoseError> {
        match (&self.data.constraints[c].kind, self.constraints[c].clone()) {
            (ConstraintKind::Ik(d), ConstraintPose::Ik(p)) => ik::update(self, d, &p),
            (ConstraintKind::Transform(d), ConstraintPose::Transform(p)) => {
                transform::update(self, d, &p);
                Ok(())
            }
            _ => Ok(()),
        }
    }

    /// The bones a constraint that is not posed yet would move (path and
    /// slider constraints, active ones), with their descendants: their world
    /// transforms are not the runtime's.
    pub fn unposed_bones(&self) -> Vec<usize> {
        let mut out: Vec<usize> = Vec::new();
        for (c, data) in self.data.constraints.iter().enumerate() {
            if !self.constraint_active[c] {
                continue;
            }
            match &data.kind {
                ConstraintKind::Path(p) => out.extend(&p.bones),
                ConstraintKind::Slider(s) => {
                    if let Some(a) = s.animation.and_then(|a| self.data.animations.get(a)) {
                        out.extend(&a.bones);
                    }
                }
                _ => {}
            }
        }
        let mut k = 0;
        while k < out.len() {
            let children = self.bones[out[k]].children.clone();
            for ch in children {
                if !out.contains(&ch) {
                    out.push(ch);
                }
            }
            k += 1;
        }
        out
    }
}

mod cache;
