//! This module owns the rig spec's `slots` array (FORMAT.md §2.5): names, the
//! bone each hangs on, the setup `attachment`, `color`, `dark` and `blend`. The
//! array order is the setup draw order (R4).

use rigc_diag::codes;

use super::bones::{first_letter_match, Bones};
use super::read::{absent_at, color, did_you_mean, named_entry, q, Diags, EntryKind, Named};
use super::types::SlotSpec;
use rigc_diag::cursor::Node;

/// The keys a slot may carry.
const SLOT_KEYS: &[&str] = &["name", "bone", "attachment", "color", "dark", "blend"];

/// How a slot's shape and name refusals speak of it.
const SLOT: EntryKind = EntryKind {
    list: "slots",
    one: "slot",
    keys: SLOT_KEYS,
    not_an_object: codes::RIG_SLOT_NOT_AN_OBJECT,
    shape: "a slot is an object with a \"name\" and a \"bone\"",
    shape_help: "write the slot as { \"name\": \"<slot>\", \"bone\": \"<bone>\" }",
    name_missing: codes::RIG_SLOT_NAME_MISSING,
    name_help: "give the slot a non-empty \"name\" string; skins and timelines find it by name",
};

/// The blend modes.
const BLEND: &[&str] = &["normal", "additive", "multiply", "screen"];

/// The keys that tell a skin's long form from its short one.
pub(super) const LONG_FORM_KEYS: &[&str] = &[
    "attachments",
    "bones",
    "ik",
    "transform",
    "path",
    "physics",
    "slider",
];

/// The parsed slots, and whether every entry yielded a slot.
pub(super) struct Slots {
    /// The slots, in declaration (draw) order.
    pub list: Vec<SlotSpec>,
    /// Did every entry name a slot?
    pub complete: bool,
}

impl Slots {
    /// Is `name` a declared slot?
    pub fn has(&self, name: &str) -> bool {
        self.list.iter().any(|s| s.name == name)
    }

    /// The declared names.
    pub fn names(&self) -> Vec<&str> {
        self.list.iter().map(|s| s.name.as_str()).collect()
    }
}

/// Reads `slots` of the rig `root`.
pub(super) fn parse(root: &Node, bones: &Bones, quiet_required: bool, d: &mut Diags) -> Slots {
    let mut slots = Slots {
        list: Vec::new(),
        complete: true,
    };
    let message =
        "a rig spec needs a \"slots\" array (it may be empty; its ORDER is the draw order)";
    let help = "add \"slots\": [{ \"name\": \"<slot>\", \"bone\": \"<bone>\", \"attachment\": \"<placeholder>\" }, …]";
    let arr = match root.get("slots") {
        Some(a) if a.is_array() => a,
        Some(a) => {
            d.push(a.err(codes::RIG_SLOTS_MISSING, message).help(help));
            slots.complete = false;
            return slots;
        }
        None => {
            if !quiet_required {
                d.push(absent_at(root, codes::RIG_SLOTS_MISSING, message.to_string()).help(help));
            }
            slots.complete = false;
            return slots;
        }
    };
    let skins_present = root.has("skins");
    for (i, node) in arr.elements().enumerate() {
        match slot(&node, i, bones, &slots, skins_present, d) {
            Some(s) => slots.list.push(s),
            None => slots.complete = false,
        }
    }
    slots
}

/// Reads one slot; `None` when it has no usable name (or repeats one).
fn slot(
    node: &Node,
    i: usize,
    bones: &Bones,
    before: &Slots,
    skins_present: bool,
    d: &mut Diags,
) -> Option<SlotSpec> {
    let Named {
        name,
        what,
        node: name_node,
        had_unknown,
    } = named_entry(node, i, &SLOT, d)?;
    if let Some(first) = before.list.iter().find(|s| s.name == name) {
        d.push(
            name_node
                .err(
                    codes::RIG_SLOT_DUPLICATE,
                    format!("two slots are called {}", q(name)),
                )
                .help("rename one of them; a slot's name is how skins and timelines find it")
                .related("the first one", first.loc.clone()),
        );
        return None;
    }
    if skins_present && LONG_FORM_KEYS.contains(&name) {
        d.push(
            name_node
                .err(
                    codes::RIG_SLOT_RESERVED_NAME,
                    format!(
                        "a slot is called {}, which is one of the keys that tell a skin's long form ({{ \"attachments\": …, \"bones\": … }}) from its short one (slot -> placeholder -> attachment): {}. Rename the slot.",
                        q(name),
                        LONG_FORM_KEYS.join(", ")
                    ),
                )
                .help("rename the slot, e.g. with a suffix"),
        );
    }
    let mut s = SlotSpec {
        name: name.to_string(),
        bone: String::new(),
        attachment: None,
        attachment_loc: None,
        color: None,
        color_loc: None,
        dark: None,
        blend: None,
        loc: node.loc(),
    };
    match node.get("bone") {
        Some(b) => match b.as_str() {
            Some(bone) => {
                if !bones.has(bone) && bones.complete {
                    d.push(
                        b.err(
                            codes::RIG_SLOT_BONE_UNDECLARED,
                            format!(
                                "slot {} names bone {}, which this rig does not declare",
                                q(name),
                                q(bone)
                            ),
                        )
                        .help(format!(
                            "declare the bone in \"bones\", or name a declared one{}",
                            did_you_mean(bone, &bones.names())
                        )),
                    );
                }
                s.bone = bone.to_string();
            }
            None => d.push(super::read::not_a_string(&b, "bone", &what)),
        },
        None => {
            if !had_unknown {
                d.push(
                    absent_at(
                        node,
                        codes::RIG_SLOT_BONE_MISSING,
                        format!(
                            "slot {} names no \"bone\"; every slot hangs on a bone",
                            q(name)
                        ),
                    )
                    .help("add \"bone\": \"<bone name>\""),
                );
            }
        }
    }
    if let Some(a) = node.get("attachment") {
        s.attachment_loc = Some(a.loc());
        if a.is_null() {
            s.attachment = Some(None);
        } else if let Some(p) = a.as_str() {
            s.attachment = Some(Some(p.to_string()));
        } else {
            d.push(
                a.err(
                    codes::RIG_SLOT_ATTACHMENT_TYPE,
                    format!(
                        "{what}: attachment is {}; it is a placeholder name, or null for \"show nothing\"",
                        a.describe()
                    ),
                )
                .help("write the placeholder name in double quotes, or null"),
            );
        }
    }
    s.color = color(node, "color", &what, 8, d);
    s.color_loc = s.color.as_ref().and(node.get("color")).map(|c| c.loc());
    s.dark = color(node, "dark", &what, 6, d);
    if let Some(b) = node.get("blend") {
        if let Some(blend) = super::read::string(node, "blend", &what, d) {
            if BLEND.iter().any(|k| first_letter_match(&blend, k)) {
                s.blend = Some(blend);
            } else {
                d.push(
                    b.err(
                        codes::RIG_SLOT_BLEND_UNKNOWN,
                        format!("slot {} has blend {}; known: {}", q(name), q(&blend), BLEND.join(", ")),
                    )
                    .help(match BLEND.iter().find(|k| k.eq_ignore_ascii_case(&blend)) {
                        Some(k) => format!(
                            "write {} — the runtime folds the case of the first letter and of nothing else",
                            q(k)
                        ),
                        None => format!("use one of {}", BLEND.join(", ")),
                    }),
                );
            }
        }
    }
    Some(s)
}
