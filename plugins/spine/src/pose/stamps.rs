//! The world and local update stamps of the bones' applied poses, and what
//! constraints do with them: `updateLocalTransform`, `validateLocalTransform`,
//! `modifyLocal`, `modifyWorld` and `resetWorld` (spine-core 4.3's
//! `BonePose`, here on [`Skeleton`] as they reach the parent and children).

use super::{Bone, Skeleton};

impl Skeleton<'_> {
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
    #[inline(always)]
    pub(crate) fn modify_local(&mut self, i: usize) {
        let update = self.update;
        if self.bones[i].applied().local == update {
            self.update_local(i);
        }
        let bones = &mut self.bones[..];
        bones[i].applied_mut().world = 0;
        if Self::children_posed(bones, i, update) {
            self.reset_world_children(i);
        }
    }

    /// `BonePose.modifyWorld`.
    #[inline]
    pub(crate) fn modify_world(&mut self, i: usize) {
        let update = self.update;
        let bones = &mut self.bones[..];
        let p = bones[i].applied_mut();
        p.local = update;
        p.world = update;
        if Self::children_posed(bones, i, update) {
            self.reset_world_children(i);
        }
    }

    /// `BonePose.resetWorld`. Inline: the constraints call it for every
    /// bone they write, and most often it has nothing to do.
    #[inline]
    pub(super) fn reset_world(&mut self, i: usize) {
        if Self::children_posed(&self.bones, i, self.update) {
            self.reset_world_children(i);
        }
    }

    /// Whether a child of bone `i` is already posed this update: else
    /// resetting its world does nothing (a leaf, or children still to come
    /// in the update order).
    #[inline(always)]
    fn children_posed(bones: &[Bone], i: usize, update: u64) -> bool {
        bones[i]
            .children
            .iter()
            .any(|&c| bones[c].applied().world == update)
    }

    /// [`Skeleton::reset_world`] past its check, out of line: depth first,
    /// a lone child (a chain) visited next without going through the stack.
    #[inline(never)]
    fn reset_world_children(&mut self, i: usize) {
        let update = self.update;
        let mut stack = std::mem::take(&mut self.stack);
        stack.clear();
        let visit = |children: &[usize], stack: &mut Vec<usize>| match children {
            [only] => Some(*only),
            _ => {
                stack.extend(children.iter().rev().copied());
                None
            }
        };
        let mut next = visit(&self.bones[i].children, &mut stack);
        while let Some(c) = next.take().or_else(|| stack.pop()) {
            let b = self.bones[c].applied();
            if b.world == update {
                if b.local == update {
                    self.update_local(c);
                }
                let bone = &mut self.bones[c];
                bone.applied_mut().world = 0;
                next = visit(&bone.children, &mut stack);
            }
        }
        self.stack = stack;
    }
}
