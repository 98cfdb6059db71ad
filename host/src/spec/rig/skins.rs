//! This module owns the rig spec's `skins` table (FORMAT.md §2.6): the short form
//! (`skin → slot → placeholder → attachment`) and the long form (`attachments`
//! plus member lists `bones`, `ik`, `transform`, `path`, `physics`, `slider`),
//! and the refusal of a skin filling a slot the rig does not declare. Whether
//! the member lists agree with `skin: true` is `switch`'s question.

use rigc_diag::codes;

use super::attachments;
use super::bones::Bones;
use super::read::{did_you_mean, key_loc, name_list, q, Diags};
use super::slots::{Slots, LONG_FORM_KEYS};
use super::types::{SkinSlotSpec, SkinSpec};
use rigc_diag::cursor::Node;

/// Reads `skins` of the rig `root`.
pub(super) fn parse(root: &Node, bones: &Bones, slots: &Slots, d: &mut Diags) -> Vec<SkinSpec> {
    let mut skins = Vec::new();
    let Some(table) = root.get("skins") else {
        return skins;
    };
    if !table.is_object() {
        d.push(
            table
                .err(codes::RIG_SKINS_NOT_AN_OBJECT, "\"skins\" is an object keyed by skin name")
                .help("write \"skins\": { \"default\": { \"<slot>\": { \"<placeholder>\": { \"image\": \"<part>.png\" } } } }"),
        );
        return skins;
    }
    for (name, node) in table.entries() {
        if let Some(skin) = skin(&name, &node, bones, slots, d) {
            skins.push(skin);
        }
    }
    skins
}

/// Reads one skin.
fn skin(name: &str, node: &Node, bones: &Bones, slots: &Slots, d: &mut Diags) -> Option<SkinSpec> {
    let label = format!("skin {}", q(name));
    if !node.is_object() {
        d.push(
            node.err(
                codes::RIG_SKIN_NOT_AN_OBJECT,
                format!("{label}: a skin must be an object"),
            )
            .help("write the skin as { \"<slot>\": { \"<placeholder>\": { … } } }"),
        );
        return None;
    }
    let mut s = SkinSpec {
        name: name.to_string(),
        loc: node.loc(),
        bones: Vec::new(),
        ik: Vec::new(),
        transform: Vec::new(),
        physics: Vec::new(),
        path: Vec::new(),
        slider: Vec::new(),
        slots: Vec::new(),
    };
    let keys = node.keys();
    let long = keys.iter().find(|k| LONG_FORM_KEYS.contains(k)).copied();
    let Some(long) = long else {
        s.slots = attachment_table(node, name, bones, slots, d);
        return Some(s);
    };
    for key in keys.iter().filter(|k| !LONG_FORM_KEYS.contains(k)) {
        d.push(
            rigc_diag::Diagnostic::new(
                codes::RIG_SKIN_LONG_FORM_STRAY_KEY,
                format!(
                    "{label}: uses the long form (it declares {}) and also has a key {}. In that form every key is one of {} — so {} reads as neither a member list nor a slot, and a slot left outside the block is an attachment that vanishes. Move it inside \"attachments\".",
                    q(long),
                    q(key),
                    LONG_FORM_KEYS.join(", "),
                    q(key)
                ),
            )
            .at(key_loc(node, key))
            .help(format!("move {} inside \"attachments\"", q(key))),
        );
    }
    if let Some(a) = node.get("attachments") {
        if a.is_object() {
            s.slots = attachment_table(&a, name, bones, slots, d);
        } else {
            d.push(
                a.err(
                    codes::RIG_SKIN_ATTACHMENTS_NOT_AN_OBJECT,
                    format!(
                        "{label}: \"attachments\" is `slotName -> placeholderName -> attachment`, not {}",
                        a.describe()
                    ),
                )
                .help("write \"attachments\": { \"<slot>\": { \"<placeholder>\": { … } } }"),
            );
        }
    }
    for field in ["bones", "ik", "transform", "path", "physics", "slider"] {
        let Some(v) = node.get(field) else { continue };
        let names = name_list(&v, field, &label, d);
        match field {
            "bones" => s.bones = names,
            "ik" => s.ik = names,
            "transform" => s.transform = names,
            "physics" => s.physics = names,
            "path" => s.path = names,
            _ => s.slider = names,
        }
    }
    Some(s)
}

/// Reads a `slot → placeholder → attachment` table.
fn attachment_table(
    table: &Node,
    skin: &str,
    bones: &Bones,
    slots: &Slots,
    d: &mut Diags,
) -> Vec<SkinSlotSpec> {
    let mut out = Vec::new();
    for (slot, node) in table.entries() {
        let loc = key_loc(table, &slot);
        if !slots.has(&slot) {
            if slots.complete {
                d.push(
                    rigc_diag::Diagnostic::new(
                        codes::RIG_SKIN_SLOT_UNDECLARED,
                        format!("rig skin {} gives attachments to slot {}, which the rig does not declare", q(skin), q(&slot)),
                    )
                    .at(loc)
                    .help(format!(
                        "declare the slot in \"slots\" (its place there is its draw order), or fix the name{}",
                        did_you_mean(&slot, &slots.names())
                    )),
                );
            }
            continue;
        }
        if !node.is_object() {
            d.push(
                node.err(
                    codes::RIG_SKIN_SLOT_NOT_AN_OBJECT,
                    format!(
                        "skin {} slot {}: the slot's entry is {}; it is `placeholderName -> attachment`",
                        q(skin),
                        q(&slot),
                        node.describe()
                    ),
                )
                .help(format!("write {}: {{ \"<placeholder>\": {{ \"image\": \"<part>.png\" }} }}", q(&slot))),
            );
            continue;
        }
        let mut entries = Vec::new();
        for (placeholder, a) in node.entries() {
            let where_ = format!(
                "skin {} slot {} attachment {}",
                q(skin),
                q(&slot),
                q(&placeholder)
            );
            if let Some(att) = attachments::parse(&a, &placeholder, &where_, bones, d) {
                entries.push(att);
            }
        }
        out.push(SkinSlotSpec { slot, loc, entries });
    }
    out
}
