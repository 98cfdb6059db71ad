//! This module owns the rig spec's `bones` array (FORMAT.md §2.4): names, parents
//! declared earlier, the transform fields, `inherit` with its first-letter case
//! rule, `skin`, `color`, `icon`, and the refusal of `from` (rule R8: this build
//! takes no cut manifest).

use rigc_diag::codes;

use super::read::{
    absent_at, boolean, color, named_entry, number, q, string, Diags, EntryKind, Named,
};
use super::types::BoneSpec;
use rigc_diag::cursor::Node;
use rigc_sdk::model::names::InheritMode;
use rigc_sdk::model::Bone;

/// The keys a bone may carry.
const BONE_KEYS: &[&str] = &[
    "name", "parent", "length", "x", "y", "rotation", "scaleX", "scaleY", "shearX", "shearY",
    "inherit", "skin", "color", "icon", "from",
];

/// How a bone's shape and name refusals speak of it.
const BONE: EntryKind = EntryKind {
    list: "bones",
    one: "bone",
    keys: BONE_KEYS,
    not_an_object: codes::RIG_BONE_NOT_AN_OBJECT,
    shape: "a bone is an object with at least a \"name\"",
    shape_help: "write the bone as { \"name\": \"<name>\", \"parent\": \"<parent>\", … }",
    name_missing: codes::RIG_BONE_NAME_MISSING,
    name_help: "give the bone a non-empty \"name\" string; slots, constraints and timelines find it by name",
};

/// The keys of a bone's `from` block.
const FROM_KEYS: &[&str] = &["anchor", "slotWindow", "meshCenter", "rotation"];

/// The five inherit modes, spelled as the editor writes them.
pub(super) const INHERIT: &[&str] = InheritMode::NAMES;

/// Does `written` name `canonical` under the runtime's rule (the first letter's
/// case is free, nothing else's)?
pub(super) fn first_letter_match(written: &str, canonical: &str) -> bool {
    let (mut a, mut b) = (written.chars(), canonical.chars());
    match (a.next(), b.next()) {
        (Some(x), Some(y)) => x.eq_ignore_ascii_case(&y) && a.as_str() == b.as_str(),
        _ => false,
    }
}

/// The parsed bones, and whether every entry yielded a bone (when not, refusals
/// that a bone is undeclared are held back: they would echo the first one).
pub(super) struct Bones {
    /// The bones, in declaration order.
    pub list: Vec<BoneSpec>,
    /// Did every entry name a bone?
    pub complete: bool,
}

impl Bones {
    /// Is `name` a declared bone?
    pub fn has(&self, name: &str) -> bool {
        self.list.iter().any(|b| b.bone.name == name)
    }

    /// The declared names.
    pub fn names(&self) -> Vec<&str> {
        self.list.iter().map(|b| b.bone.name.as_str()).collect()
    }
}

/// Reads `bones` of the rig `root`. `quiet_required` holds back the "needs a
/// bones array" refusal (the root had unknown keys, one of them likely it).
pub(super) fn parse(root: &Node, quiet_required: bool, d: &mut Diags) -> Bones {
    let mut bones = Bones {
        list: Vec::new(),
        complete: true,
    };
    let arr = root.get("bones");
    let usable = arr
        .as_ref()
        .is_some_and(|a| a.array_len().is_some_and(|n| n > 0));
    if !usable {
        bones.complete = false;
        let message = "a rig spec needs a non-empty \"bones\" array".to_string();
        let help = "add \"bones\": [{ \"name\": \"root\" }, …] — the first bone is the root";
        match &arr {
            Some(a) => d.push(a.err(codes::RIG_BONES_MISSING, message).help(help)),
            None if !quiet_required => {
                d.push(absent_at(root, codes::RIG_BONES_MISSING, message).help(help))
            }
            None => {}
        }
        return bones;
    }
    let Some(arr) = arr else { return bones };
    for (i, node) in arr.elements().enumerate() {
        match bone(&node, i, &bones, d) {
            Some(b) => bones.list.push(b),
            None => bones.complete = false,
        }
    }
    bones
}

/// Reads one bone; `None` when it has no usable name (or repeats one).
fn bone(node: &Node, i: usize, before: &Bones, d: &mut Diags) -> Option<BoneSpec> {
    let Named {
        name,
        what,
        node: name_node,
        ..
    } = named_entry(node, i, &BONE, d)?;
    if let Some(first) = before.list.iter().find(|b| b.bone.name == name) {
        d.push(
            name_node
                .err(
                    codes::RIG_BONE_DUPLICATE,
                    format!(
                        "two bones are called {}; bone names are the join key for slots, meshes and timelines",
                        q(name)
                    ),
                )
                .help("rename one of them")
                .related("the first one", first.loc.clone()),
        );
        return None;
    }
    let mut b = Bone {
        name: name.to_string(),
        ..Bone::default()
    };
    match node.get("parent") {
        Some(p) => match p.as_str() {
            Some(parent) if before.has(parent) => b.parent = Some(parent.to_string()),
            Some(parent) => {
                if before.complete {
                    d.push(parent_undeclared(&p, name, parent, before));
                }
            }
            None => d.push(super::read::not_a_string(&p, "parent", &what)),
        },
        None => {
            if !before.list.is_empty() {
                d.push(
                    absent_at(
                        node,
                        codes::RIG_BONE_SECOND_ROOT,
                        format!(
                            "bone {} names no \"parent\"; only the first bone (the root, {}) may omit one, and a second root is a skeleton the editor cannot hold",
                            q(name),
                            q(before.list.first().map(|b| b.bone.name.as_str()).unwrap_or(""))
                        ),
                    )
                    .help("give it a \"parent\" declared above it"),
                );
            }
        }
    }
    b.length = number(node, "length", &what, d);
    b.x = number(node, "x", &what, d);
    b.y = number(node, "y", &what, d);
    b.rotation = number(node, "rotation", &what, d);
    b.scale_x = number(node, "scaleX", &what, d);
    b.scale_y = number(node, "scaleY", &what, d);
    b.shear_x = number(node, "shearX", &what, d);
    b.shear_y = number(node, "shearY", &what, d);
    b.inherit = inherit(node, name, &what, d);
    b.skin = boolean(node, "skin", &what, d);
    b.color = color(node, "color", &what, 8, d);
    b.icon = string(node, "icon", &what, d);
    if let Some(from) = node.get("from") {
        refuse_from(&from, name, &what, d);
    }
    Some(BoneSpec {
        bone: b,
        loc: node.loc(),
        skin_loc: node.get("skin").map(|s| s.loc()),
    })
}

/// The refusal of a parent that is not declared before its child.
fn parent_undeclared(p: &Node, name: &str, parent: &str, before: &Bones) -> rigc_diag::Diagnostic {
    let names = before.names();
    let help = if parent == name {
        "a bone cannot be its own parent; name the bone it hangs from".to_string()
    } else {
        match rigc_diag::cursor::nearest(parent, &names) {
            Some(near) => format!(
                "did you mean {}? Otherwise declare {} above {} in \"bones\"",
                q(near),
                q(parent),
                q(name)
            ),
            None => format!(
                "declare {} above {} in \"bones\" (a parent must be declared before its children)",
                q(parent),
                q(name)
            ),
        }
    };
    p.err(
        codes::RIG_BONE_PARENT_UNDECLARED,
        format!(
            "bone {} names parent {}, which is not declared before it",
            q(name),
            q(parent)
        ),
    )
    .help(help)
}

/// Reads `inherit`, refusing a spelling the runtime would not read.
fn inherit(node: &Node, name: &str, what: &str, d: &mut Diags) -> Option<String> {
    let v = node.get("inherit")?;
    let s = string(node, "inherit", what, d)?;
    if INHERIT.iter().any(|k| first_letter_match(&s, k)) {
        return Some(s);
    }
    d.push(
        v.err(
            codes::RIG_BONE_INHERIT_UNKNOWN,
            format!(
                "bone {} has inherit {}; known: {} — the runtime folds the case of the first letter and of nothing else",
                q(name),
                q(&s),
                INHERIT.join(", ")
            ),
        )
        .help(match INHERIT.iter().find(|k| k.eq_ignore_ascii_case(&s)) {
            Some(k) => format!("write {}", q(k)),
            None => format!("use one of {}", INHERIT.join(", ")),
        }),
    );
    None
}

/// Refuses a bone's `from` block: it needs a cut manifest (R8), and this build
/// reads none.
fn refuse_from(from: &Node, name: &str, what: &str, d: &mut Diags) {
    if !from.is_object() {
        d.push(
            from.err(
                codes::RIG_BONE_FROM_NOT_AN_OBJECT,
                format!(
                    "{what}: from is {}; it is {{ \"anchor\" | \"slotWindow\" | \"meshCenter\": …, \"rotation\"?: … }}",
                    from.describe()
                ),
            )
            .help("state the bone's x and y instead"),
        );
        return;
    }
    let unknown = from.unknown_keys(FROM_KEYS, &format!("{what} from"));
    if !unknown.is_empty() {
        d.extend(unknown);
        return;
    }
    let source = [
        ("anchor", "anchor"),
        ("slotWindow", "the window of slot"),
        ("meshCenter", "the mesh centre of slot"),
    ]
    .into_iter()
    .find_map(|(k, label)| from.get(k).map(|v| format!("{label} {}", v.text())));
    let message = match source {
        Some(src) => format!(
            "bone {} takes its position from {src}, which needs a cut manifest — and this build reads none (rigc takes no --manifest)",
            q(name)
        ),
        None => format!(
            "bone {} takes its rotation from the cut manifest (from.rotation), which needs a cut manifest — and this build reads none (rigc takes no --manifest)",
            q(name)
        ),
    };
    d.push(
        from.err(codes::RIG_BONE_FROM_NEEDS_MANIFEST, message).help(
            "state the bone's \"x\", \"y\" (and \"rotation\") as numbers, measured off the art",
        ),
    );
}
