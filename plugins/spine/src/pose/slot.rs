//! Slots: `SlotPose` (light and dark colour, attachment, sequence index,
//! deform) with `setAttachment`'s deform rule, and `Slot.setupPose`.

use super::Skeleton;
use crate::data::{Color, SlotData};

/// A slot's pose (`SlotPose`).
#[derive(Debug, Clone, PartialEq)]
pub struct SlotPose {
    /// Light colour (doubles, not clamped by the setup pose).
    pub color: Color,
    /// Dark colour (`Some` for two-colour tint slots; alpha unused).
    pub dark: Option<Color>,
    /// Current attachment (index into `SkeletonData::attachments`).
    pub attachment: Option<usize>,
    /// Sequence index (`-1`: the attachment's setup index).
    pub sequence_index: f64,
    /// Deform vertices (a JavaScript array of doubles; empty: none).
    pub deform: Vec<f64>,
}

impl SlotPose {
    fn new(data: &SlotData) -> SlotPose {
        SlotPose {
            color: Color::WHITE,
            dark: data.dark_color.map(|_| Color::ZERO),
            attachment: None,
            sequence_index: 0.0,
            deform: Vec::new(),
        }
    }

    /// `set(pose)`.
    pub fn set_from(&mut self, p: &SlotPose) {
        self.color = p.color;
        if let (Some(d), Some(s)) = (self.dark.as_mut(), p.dark) {
            *d = s;
        }
        self.attachment = p.attachment;
        self.sequence_index = p.sequence_index;
        self.deform.clone_from(&p.deform);
    }
}

/// A slot with its unconstrained and constrained poses.
#[derive(Debug, Clone, PartialEq)]
pub struct Slot {
    /// Bone index.
    pub bone: usize,
    /// The pose animations write.
    pub pose: SlotPose,
    /// The pose sliders write (used when `constrained_applied`).
    pub constrained: SlotPose,
    /// `appliedPose === constrainedPose`.
    pub constrained_applied: bool,
}

impl Slot {
    pub(crate) fn new(data: &SlotData) -> Slot {
        Slot {
            bone: data.bone,
            pose: SlotPose::new(data),
            constrained: SlotPose::new(data),
            constrained_applied: false,
        }
    }

    /// `appliedPose`.
    pub fn applied(&self) -> &SlotPose {
        if self.constrained_applied {
            &self.constrained
        } else {
            &self.pose
        }
    }

    /// `pose` or `appliedPose`, as a timeline picks it.
    pub(crate) fn pick_mut(&mut self, applied: bool) -> &mut SlotPose {
        if applied && self.constrained_applied {
            &mut self.constrained
        } else {
            &mut self.pose
        }
    }

    /// `pose` or `appliedPose`, read-only.
    pub(crate) fn pick(&self, applied: bool) -> &SlotPose {
        if applied {
            self.applied()
        } else {
            &self.pose
        }
    }
}

impl Skeleton<'_> {
    /// The timeline attachment of a vertex attachment (`None` for others).
    pub(crate) fn timeline_attachment(&self, a: Option<usize>) -> Option<usize> {
        a.and_then(|a| {
            let att = self.data.attachments.get(a)?;
            att.vertex().map(|_| att.timeline_attachment)
        })
    }

    /// `attachment.timelineAttachment` of any attachment (itself, or a linked
    /// mesh's source).
    pub(crate) fn timeline_of(&self, a: Option<usize>) -> Option<usize> {
        a.and_then(|a| self.data.attachments.get(a))
            .map(|att| att.timeline_attachment)
    }

    /// `SlotPose.setAttachment` on the slot's pose or applied pose.
    pub(crate) fn set_attachment(&mut self, slot: usize, attachment: Option<usize>, applied: bool) {
        let current = self.slots[slot].pick(applied).attachment;
        if current == attachment {
            return;
        }
        let new_t = self.timeline_attachment(attachment);
        let clear = new_t.is_none() || new_t != self.timeline_attachment(current);
        let p = self.slots[slot].pick_mut(applied);
        if clear {
            p.deform.clear();
        }
        p.attachment = attachment;
        p.sequence_index = -1.0;
    }

    /// `Slot.setupPose`.
    pub(crate) fn setup_pose_slot(&mut self, i: usize) {
        let data = &self.data.slots[i];
        let p = &mut self.slots[i].pose;
        p.color = data.color;
        if let (Some(d), Some(s)) = (p.dark.as_mut(), data.dark_color) {
            *d = s;
        }
        p.sequence_index = 0.0;
        if data.attachment_name.as_deref().is_none_or(str::is_empty) {
            self.set_attachment(i, None, false);
        } else {
            // `attachment = null; setAttachment(getAttachment(...))`: a
            // missing placeholder is `undefined`, which still resets. The
            // lookup is `setup_pose_slots`' (by skin).
            let a = self.setup_attachments[i];
            let p = &mut self.slots[i].pose;
            p.attachment = a;
            p.sequence_index = -1.0;
            p.deform.clear();
        }
    }
}
