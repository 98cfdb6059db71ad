//! This module owns each slot's setup pose (FORMAT.md §3.4, rule R3): its setup
//! attachment and colour come from the rig slot or from the motion spec's
//! `setup` entry — one author, never both, never neither — and a setup
//! attachment must be one the slot can show.

use rigc_diag::codes;

use crate::spec::rig::{RigSpec, SlotSpec};
use crate::spec::setup_entry::SetupEntry;
use rigc_diag::cursor::nearest;
use rigc_diag::json::quote;
use rigc_diag::Diagnostic;
use rigc_sdk::model::Slot;
use rigc_sdk::num::channel_hex;

/// The emitted slots of `rig` (every slot, in rig order) with their setup poses.
pub(super) fn slots(rig: &RigSpec, setup: &[SetupEntry], d: &mut rigc_diag::Diags) -> Vec<Slot> {
    let names: Vec<&str> = rig.slots.iter().map(|s| s.name.as_str()).collect();
    for e in setup {
        if !names.contains(&e.slot.as_str()) {
            let near = nearest(&e.slot, &names)
                .map(|n| format!("did you mean {}? ", quote(n)))
                .unwrap_or_default();
            d.push(
                Diagnostic::new(
                    codes::SETUP_SLOT_UNDECLARED,
                    format!(
                        "the motion spec's setup names slot {}, which the rig {} does not declare",
                        quote(&e.slot),
                        quote(rig.name())
                    ),
                )
                .at(e.loc.clone())
                .help(format!(
                    "{near}name a slot of the rig's \"slots\" array, or remove the entry"
                )),
            );
        }
    }
    rig.slots
        .iter()
        .map(|s| slot(rig, s, setup.iter().find(|e| e.slot == s.name), d))
        .collect()
}

/// The placeholders a slot can show: every skin's, first-seen order.
fn placeholders<'a>(rig: &'a RigSpec, slot: &str) -> Vec<&'a str> {
    let mut out: Vec<&str> = Vec::new();
    for skin in &rig.skins {
        for s in skin.slots.iter().filter(|s| s.slot == slot) {
            for e in &s.entries {
                if !out.contains(&e.placeholder.as_str()) {
                    out.push(&e.placeholder);
                }
            }
        }
    }
    out
}

/// One slot with its setup pose.
fn slot(rig: &RigSpec, s: &SlotSpec, entry: Option<&SetupEntry>, d: &mut rigc_diag::Diags) -> Slot {
    let mut out = Slot {
        name: s.name.clone(),
        bone: s.bone.clone(),
        attachment: None,
        color: s.color.clone(),
        dark: s.dark.clone(),
        blend: s.blend.clone(),
    };
    let name = quote(&s.name);
    let (attachment, loc) = match (entry, &s.attachment) {
        (Some(e), Some(_)) => {
            let mut diag = Diagnostic::new(
                codes::SETUP_TWO_AUTHORS,
                format!("slot {name} has a setup attachment in the rig spec AND in the motion spec; the setup pose has one author"),
            )
            .at(e.loc.clone())
            .help(format!(
                "remove the motion spec's setup entry for {name}, or the rig slot's \"attachment\" (and \"color\") — edit the one place that should own it"
            ));
            if let Some(l) = &s.attachment_loc {
                diag = diag.related("the rig slot's attachment", l.clone());
            }
            d.push(diag);
            return out;
        }
        (None, None) => {
            d.push(
                Diagnostic::new(
                    codes::SETUP_NO_SETUP_POSE,
                    format!(
                        "no setup pose for slot {name}: give the motion spec a `setup` entry or the rig slot an `attachment` — the compiler will not guess one"
                    ),
                )
                .at_without_value(s.loc.clone())
                .help(format!(
                    "add \"attachment\": \"<placeholder>\" (or null) to the rig slot {name}, or \"setup\": {{ {name}: {{ \"attachment\": … }} }} to the motion spec"
                )),
            );
            return out;
        }
        (Some(e), None) => (
            e.attachment.clone().flatten(),
            e.attachment_loc.clone().unwrap_or_else(|| e.loc.clone()),
        ),
        (None, Some(a)) => (
            a.clone(),
            s.attachment_loc.clone().unwrap_or_else(|| s.loc.clone()),
        ),
    };
    if let Some(a) = &attachment {
        let known = placeholders(rig, &s.name);
        if !known.contains(&a.as_str()) {
            let list = known.join(", ");
            let message = if known.is_empty() {
                format!(
                    "setup attachment {} for slot {name} is not one of [] — no skin gives that slot an attachment, so its setup attachment can only be null",
                    quote(a)
                )
            } else {
                format!(
                    "setup attachment {} for slot {name} is not one of [{list}]",
                    quote(a)
                )
            };
            let help = match nearest(a, &known) {
                Some(n) => format!("did you mean {}? A setup attachment names a placeholder some skin gives the slot", quote(n)),
                None if known.is_empty() => "write null, or give the slot an attachment in a skin".to_string(),
                None => format!("name one of {list}, or null to show nothing"),
            };
            d.push(
                Diagnostic::new(codes::SETUP_ATTACHMENT_UNKNOWN, message)
                    .at(loc)
                    .help(help),
            );
        }
    }
    out.attachment = attachment;
    if let Some(e) = entry {
        if let Some(c) = e.color {
            if s.color.is_some() {
                let mut diag = Diagnostic::new(
                    codes::SETUP_TWO_COLOUR_AUTHORS,
                    format!(
                        "slot {name} has a setup colour in the rig spec AND in the motion spec"
                    ),
                )
                .at(e.color_loc.clone().unwrap_or_else(|| e.loc.clone()))
                .help("keep the colour in one of the two places");
                if let Some(l) = &s.color_loc {
                    diag = diag.related("the rig slot's color", l.clone());
                }
                d.push(diag);
            } else {
                out.color = Some(c.iter().map(|v| channel_hex(*v)).collect());
            }
        }
    }
    out
}
