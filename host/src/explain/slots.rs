//! This module owns the `slots` section: every slot in the emitted array's
//! order — which IS the draw order — with its bone, its setup attachment, its
//! colour and the attachments the skins give it.

use super::text;
use serde::Serialize;
use serde_json::Value;

/// One slot.
#[derive(Debug, Serialize)]
pub struct Slot {
    /// Its name.
    pub name: String,
    /// Its bone.
    pub bone: String,
    /// The setup attachment (`None`: shows nothing at setup).
    pub setup: Option<String>,
    /// Its colour (`ffffffff` when not written).
    pub color: String,
    /// Every attachment a skin gives it, skins in order, first mention kept.
    pub attachments: Vec<String>,
}

/// Every slot of `skeleton`, in draw order.
pub fn of(skeleton: &Value) -> Vec<Slot> {
    text::items(skeleton.get("slots"))
        .iter()
        .map(|s| {
            let name = text::field(s, "name", "");
            let mut attachments: Vec<String> = Vec::new();
            for skin in text::items(skeleton.get("skins")) {
                let held = skin.get("attachments").and_then(|a| a.get(&name));
                for (att, _) in text::entries(held) {
                    if !attachments.iter().any(|a| a == att) {
                        attachments.push(att.to_string());
                    }
                }
            }
            Slot {
                bone: text::field(s, "bone", ""),
                setup: text::string(s, "attachment").map(str::to_string),
                color: text::field(s, "color", "ffffffff"),
                attachments,
                name,
            }
        })
        .collect()
}

/// `slots  (array order IS the draw order)` and one line a slot.
pub fn lines(slots: &[Slot]) -> Vec<String> {
    let mut out = vec!["slots  (array order IS the draw order)".to_string()];
    for s in slots {
        out.push(format!(
            "  {} bone={} setup={:<22} color={}  attachments={}",
            s.name,
            s.bone,
            s.setup.as_deref().unwrap_or("(none)"),
            s.color,
            text::list(&s.attachments)
        ));
    }
    out
}
