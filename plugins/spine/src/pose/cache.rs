//! `Skeleton.updateCache`: which bones are active, which constraints are
//! active, and the update order — each constraint (in array order) sorts the
//! bones it reads in front of itself, marks the bones it writes as
//! constrained, and resets their descendants so they update after it.

use super::{pose_error, PoseError, Skeleton, Update};
use crate::data::{AttachmentKind, ConstraintKind, TimelineKind};

impl Skeleton<'_> {
    /// Rebuilds the update order (`Skeleton.updateCache`).
    pub(crate) fn update_cache(&mut self) -> Result<(), PoseError> {
        self.cache_builds += 1;
        self.update_cache.clear();
        self.reset_cache.bones.clear();
        self.reset_cache.slots.clear();
        self.reset_cache.constraints.clear();
        self.draw_order_constrained_applied = false;
        for slot in &mut self.slots {
            slot.constrained_applied = false;
        }
        for c in &mut self.constraints {
            c.constrained_applied = false;
        }
        // Decoded weights hold which pose of each bone is applied: decoded
        // again for the cache built here.
        self.weights
            .iter_mut()
            .for_each(|w| *w = std::sync::OnceLock::new());
        for (bone, data) in self.bones.iter_mut().zip(&self.data.bones) {
            bone.sorted = data.skin_required;
            bone.active = !bone.sorted;
            bone.constrained_applied = false;
        }
        if let Some(skin) = self.skin {
            for &b in &self.data.skins[skin].bones {
                let mut bone = Some(b);
                while let Some(i) = bone {
                    self.bones[i].sorted = false;
                    self.bones[i].active = true;
                    bone = self.bones[i].parent;
                }
            }
        }
        for c in 0..self.data.constraints.len() {
            let data = &self.data.constraints[c];
            let in_skin = self
                .skin
                .is_some_and(|s| self.data.skins[s].constraints.contains(&c));
            let active = self.source_active(c) && (!data.skin_required || in_skin);
            self.constraints[c].active = active;
            if active {
                self.sort_constraint(c)?;
            }
        }
        for i in 0..self.bones.len() {
            self.sort_bone(i);
        }
        if self.paired {
            let parents: Vec<Option<usize>> = self.bones.iter().map(|b| b.parent).collect();
            let class: Vec<u8> = (self.data.bones.iter())
                .map(|b| super::schedule::class(b.setup.inherit))
                .collect();
            let touch = self.constraint_touch();
            self.update_cache =
                super::schedule::pair_bones(&self.update_cache, &parents, &class, &touch);
        }
        Ok(())
    }

    fn source_active(&self, c: usize) -> bool {
        match &self.data.constraints[c].kind {
            ConstraintKind::Ik(d) => self.bones[d.target].active,
            ConstraintKind::Transform(d) => self.bones[d.source].active,
            ConstraintKind::Path(d) => self.bones[self.slots[d.slot].bone].active,
            ConstraintKind::Physics(d) => self.bones[d.bone].active,
            ConstraintKind::Slider(_) => true,
        }
    }

    fn constrained(&mut self, i: usize) {
        if !self.bones[i].constrained_applied {
            self.bones[i].constrained_applied = true;
            self.reset_cache.bones.push(i);
        }
    }

    fn constrained_slot(&mut self, i: usize) {
        if let Some(s) = self.slots.get_mut(i) {
            if !s.constrained_applied {
                s.constrained_applied = true;
                self.reset_cache.slots.push(i);
            }
        }
    }

    fn constrained_constraint(&mut self, i: usize) {
        if let Some(c) = self.constraints.get_mut(i) {
            if !c.constrained_applied {
                c.constrained_applied = true;
                self.reset_cache.constraints.push(i);
            }
        }
    }

    fn sort_bone(&mut self, i: usize) {
        let mut chain = Vec::new();
        let mut b = Some(i);
        while let Some(k) = b {
            if self.bones[k].sorted || !self.bones[k].active {
                break;
            }
            chain.push(k);
            b = self.bones[k].parent;
        }
        for &k in chain.iter().rev() {
            self.bones[k].sorted = true;
            self.update_cache.push(Update::Bone(k));
        }
    }

    fn sort_reset(&mut self, bones: &[usize]) {
        let mut stack: Vec<usize> = bones.to_vec();
        while let Some(b) = stack.pop() {
            if self.bones[b].active {
                if self.bones[b].sorted {
                    stack.extend(self.bones[b].children.iter().copied());
                }
                self.bones[b].sorted = false;
            }
        }
    }

    fn sort_constraint(&mut self, c: usize) -> Result<(), PoseError> {
        let data = self.data;
        match &data.constraints[c].kind {
            ConstraintKind::Ik(d) => {
                self.sort_bone(d.target);
                let Some(&parent) = d.bones.first() else {
                    return Err(pose_error(
                        "Cannot read properties of undefined (reading 'bone')",
                    ));
                };
                self.sort_bone(parent);
                self.update_cache.push(Update::Constraint(c));
                self.bones[parent].sorted = false;
                let children = self.bones[parent].children.clone();
                self.sort_reset(&children);
                self.constrained(parent);
                if let Some(&child) = d.bones.get(1) {
                    self.constrained(child);
                }
            }
            ConstraintKind::Transform(d) => {
                if !d.local_source {
                    self.sort_bone(d.source);
                }
                let world_target = !d.local_target;
                if world_target {
                    for &b in &d.bones {
                        self.sort_bone(b);
                    }
                }
                self.update_cache.push(Update::Constraint(c));
                for &b in &d.bones {
                    let children = self.bones[b].children.clone();
                    self.sort_reset(&children);
                    self.constrained(b);
                }
                for &b in &d.bones {
                    self.bones[b].sorted = world_target;
                }
            }
            ConstraintKind::Path(d) => {
                let slot_bone = self.slots[d.slot].bone;
                if let Some(skin) = self.skin {
                    self.sort_path_slot(skin, d.slot, slot_bone);
                }
                if let Some(def) = data.default_skin.filter(|&s| Some(s) != self.skin) {
                    self.sort_path_slot(def, d.slot, slot_bone);
                }
                if let Some(a) = self.slots[d.slot].pose.attachment {
                    self.sort_path(a, slot_bone);
                }
                for &b in &d.bones {
                    self.sort_bone(b);
                    self.constrained(b);
                }
                self.update_cache.push(Update::Constraint(c));
                for &b in &d.bones {
                    let children = self.bones[b].children.clone();
                    self.sort_reset(&children);
                }
                for &b in &d.bones {
                    self.bones[b].sorted = true;
                }
            }
            ConstraintKind::Physics(d) => {
                self.sort_bone(d.bone);
                self.update_cache.push(Update::Constraint(c));
                let children = self.bones[d.bone].children.clone();
                self.sort_reset(&children);
                self.constrained(d.bone);
            }
            ConstraintKind::Slider(d) => {
                if let Some(b) = d.bone.filter(|_| !d.local) {
                    self.sort_bone(b);
                }
                self.update_cache.push(Update::Constraint(c));
                let Some(anim) = d.animation.and_then(|a| data.animations.get(a)) else {
                    return Err(pose_error(
                        "Cannot read properties of undefined (reading 'bones')",
                    ));
                };
                for &b in &anim.bones {
                    self.bones[b].sorted = false;
                    let children = self.bones[b].children.clone();
                    self.sort_reset(&children);
                    self.constrained(b);
                }
                for t in &anim.timelines {
                    match &t.kind {
                        TimelineKind::Rgba(s)
                        | TimelineKind::Rgb(s)
                        | TimelineKind::Alpha(s)
                        | TimelineKind::Rgba2(s)
                        | TimelineKind::Rgb2(s)
                        | TimelineKind::Attachment(s, _)
                        | TimelineKind::Deform { slot: s, .. }
                        | TimelineKind::Sequence { slot: s, .. } => self.constrained_slot(*s),
                        TimelineKind::DrawOrder(_) | TimelineKind::DrawOrderFolder { .. } => {
                            self.draw_order_constrained_applied = true;
                        }
                        TimelineKind::Physics(None, _) => {
                            for k in 0..self.physics.len() {
                                self.constrained_constraint(self.physics[k]);
                            }
                        }
                        TimelineKind::Physics(Some(c), _)
                        | TimelineKind::PhysicsReset(Some(c))
                        | TimelineKind::Ik(c)
                        | TimelineKind::Transform(c)
                        | TimelineKind::PathPosition(c)
                        | TimelineKind::PathSpacing(c)
                        | TimelineKind::PathMix(c)
                        | TimelineKind::Slider(c)
                        | TimelineKind::SliderMix(c) => self.constrained_constraint(*c),
                        _ => {}
                    }
                }
            }
        }
        Ok(())
    }

    fn sort_path_slot(&mut self, skin: usize, slot: usize, slot_bone: usize) {
        let entries: Vec<usize> = self.data.skins[skin]
            .entries()
            .filter(|(s, _)| *s == slot)
            .map(|(_, e)| e.attachment)
            .collect();
        for a in entries {
            self.sort_path(a, slot_bone);
        }
    }

    fn sort_path(&mut self, attachment: usize, slot_bone: usize) {
        let AttachmentKind::Path(p) = &self.data.attachments[attachment].kind else {
            return;
        };
        match &p.vertex.bones {
            None => self.sort_bone(slot_bone),
            Some(bones) => {
                let mut i = 0usize;
                while i < bones.len() {
                    let n = bones[i];
                    i += 1;
                    let end = i as f64 + n;
                    while (i as f64) < end && i < bones.len() {
                        let b = bones[i];
                        i += 1;
                        if b >= 0.0 && b.fract() == 0.0 && (b as usize) < self.bones.len() {
                            self.sort_bone(b as usize);
                        }
                    }
                }
            }
        }
    }
}
