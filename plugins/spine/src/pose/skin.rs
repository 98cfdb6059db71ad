//! The skin a skeleton wears — `Skeleton.setSkin` (attaching the new skin's
//! setup attachments, or swapping those the old one gave) and
//! `Skeleton.getAttachment` (the skin, then the default skin).

use super::{pose_error, PoseError, Skeleton};

impl Skeleton<'_> {
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
                let Some(current) = self.slots[i].pose.attachment else {
                    continue;
                };
                let old_entries = self.data.skins[old].attachments.get(i);
                if let Some(e) =
                    old_entries.and_then(|l| l.iter().find(|e| e.attachment == current))
                {
                    if let Some(a) = self.data.skins[skin].get_attachment(i, &e.placeholder) {
                        self.set_attachment(i, Some(a), false);
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
                        self.set_attachment(i, Some(a), false);
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
}
