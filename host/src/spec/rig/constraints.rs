//! This module owns the rig spec's `constraints` array (FORMAT.md §2.8): names
//! unique per kind, `ik` and `transform` constraints with their fields and
//! refusals (a `slider` is `slider`'s, a `physics` constraint's own fields are
//! `physics`', a `path` constraint is read by `path`), and the refusal by name
//! of a type Spine 4.3 does not know.

use rigc_diag::codes;

use super::bones::{first_letter_match, Bones};
use super::properties;
use super::read::{absent_at, boolean, did_you_mean, number, q, Diags};
use super::types::ConstraintSpec;
use rigc_diag::cursor::Node;
use rigc_sdk::model::names::{IkMix, TransformMix};
use rigc_sdk::model::{Constraint, IkConstraint, TransformConstraint};

/// The five constraint types of Spine 4.3.
pub(super) const KINDS: &[&str] = &["ik", "transform", "path", "physics", "slider"];

/// The keys of an ik constraint, before its mix channels.
const IK_OWN_KEYS: &[&str] = &["name", "type", "skin", "bones", "target", "scaleY"];

/// The keys of a transform constraint, before its mix channels.
const TRANSFORM_OWN_KEYS: &[&str] = &[
    "name",
    "type",
    "skin",
    "bones",
    "source",
    "properties",
    "localSource",
    "localTarget",
    "additive",
    "clamp",
    "rotation",
    "x",
    "y",
    "scaleX",
    "scaleY",
    "shearY",
];

/// The keys of an ik constraint: its own, then its mix channels.
fn ik_keys() -> Vec<&'static str> {
    IK_OWN_KEYS.iter().chain(IkMix::NAMES).copied().collect()
}

/// The keys of a transform constraint: its own, then its mix channels.
fn transform_keys() -> Vec<&'static str> {
    TRANSFORM_OWN_KEYS
        .iter()
        .chain(TransformMix::NAMES)
        .copied()
        .collect()
}

/// The ik `scaleY` modes.
const SCALE_Y: &[&str] = &["none", "uniform", "volume"];

/// The parsed constraints, plus every `(type, name)` declared — including the
/// ones refused, so a skin that lists one does not echo that refusal as
/// "undeclared".
pub(super) struct Constraints {
    /// The compiled constraints, in declaration order.
    pub list: Vec<ConstraintSpec>,
    /// Every declared `(type, name)`.
    pub declared: Vec<(String, String)>,
    /// Did every entry yield a name and a type?
    pub complete: bool,
    /// Where `skin` was stated, per compiled constraint (same order as `list`).
    pub skin_locs: Vec<Option<rigc_diag::Loc>>,
    /// Where each compiled slider's values are, in declaration order.
    pub sliders: Vec<super::types::SliderPlaces>,
    /// Each compiled path constraint's name and the `slot` it follows
    /// (checked by `path::check_slots` once the skins are read).
    pub path_slots: Vec<(String, super::types::At<String>)>,
}

impl Constraints {
    /// The type a name is declared under, other than `kind`, if any.
    pub fn other_kind(&self, kind: &str, name: &str) -> Option<&str> {
        self.declared
            .iter()
            .find(|(k, n)| n == name && k != kind)
            .map(|(k, _)| k.as_str())
    }

    /// Is `(kind, name)` declared?
    pub fn has(&self, kind: &str, name: &str) -> bool {
        self.declared.iter().any(|(k, n)| k == kind && n == name)
    }
}

/// Reads `constraints` of the rig `root`.
pub(super) fn parse(root: &Node, bones: &Bones, d: &mut Diags) -> Constraints {
    let mut out = Constraints {
        list: Vec::new(),
        declared: Vec::new(),
        complete: true,
        skin_locs: Vec::new(),
        sliders: Vec::new(),
        path_slots: Vec::new(),
    };
    let Some(arr) = root.get("constraints") else {
        return out;
    };
    if !arr.is_array() {
        d.push(
            arr.err(
                codes::RIG_CONSTRAINTS_NOT_AN_ARRAY,
                format!(
                    "\"constraints\" is {}; it is Spine 4.3's single typed array, [{{ \"name\": …, \"type\": \"ik\", … }}, …]",
                    arr.describe()
                ),
            )
            .help("write \"constraints\" as an array of constraint objects"),
        );
        out.complete = false;
        return out;
    }
    for (i, node) in arr.elements().enumerate() {
        if !one(&node, i, bones, &mut out, d) {
            out.complete = false;
        }
    }
    out
}

/// Reads one constraint; false when it yields no `(type, name)`.
fn one(node: &Node, i: usize, bones: &Bones, out: &mut Constraints, d: &mut Diags) -> bool {
    if !node.is_object() {
        d.push(
            node.err(
                codes::RIG_CONSTRAINT_NOT_AN_OBJECT,
                format!("constraints[{i}] is {}; a constraint is an object with a \"name\" and a \"type\"", node.describe()),
            )
            .help("write { \"name\": \"<name>\", \"type\": \"ik\", … }"),
        );
        return false;
    }
    let name_node = node.get("name");
    let name = name_node
        .as_ref()
        .and_then(|n| n.as_str())
        .filter(|s| !s.is_empty());
    let label = name
        .map(|n| format!("rig constraint {}", q(n)))
        .unwrap_or_else(|| format!("constraints[{i}]"));
    let ty = match node.get("type") {
        None => {
            let all: Vec<&str> = ik_keys()
                .into_iter()
                .chain(transform_keys())
                .chain(super::path::constraint_keys())
                .collect();
            let unknown = node.unknown_keys(&all, &label);
            if !unknown.is_empty() {
                d.extend(unknown);
                return false;
            }
            d.push(
                absent_at(
                    node,
                    codes::RIG_CONSTRAINT_TYPE_MISSING,
                    format!(
                        "{label}: every constraint needs a \"type\" — one of {}",
                        KINDS.join(", ")
                    ),
                )
                .help("add \"type\": \"ik\" (or transform, path, physics, slider)"),
            );
            return false;
        }
        Some(t) => match t.as_str() {
            Some(s) => (s.to_string(), t),
            None => {
                d.push(
                    t.err(
                        codes::RIG_CONSTRAINT_TYPE_NOT_A_STRING,
                        format!(
                            "{label}: type is {}; it is one of {}",
                            t.describe(),
                            KINDS.join(", ")
                        ),
                    )
                    .help("write the type as a string"),
                );
                return false;
            }
        },
    };
    let (ty, type_node) = ty;
    if !KINDS.contains(&ty.as_str()) {
        d.push(
            type_node
                .err(
                    codes::RIG_CONSTRAINT_TYPE_UNKNOWN,
                    format!(
                        "{label}: constraint type {} is not one Spine 4.3 knows. The five are: ik, transform, path, physics, slider. An unrecognised type matches no case in the parser and the constraint is dropped without a word.",
                        q(&ty)
                    ),
                )
                .help(format!("fix the type{}", did_you_mean(&ty, KINDS))),
        );
        return false;
    }
    let known = if ty == "ik" {
        ik_keys()
    } else {
        transform_keys()
    };
    let mut had_unknown = false;
    if ty == "ik" || ty == "transform" {
        let unknown = node.unknown_keys(
            &known,
            &format!(
                "{ty} constraint {}",
                name.map(q).unwrap_or_else(|| format!("constraints[{i}]"))
            ),
        );
        had_unknown = !unknown.is_empty();
        d.extend(unknown);
    }
    if ty == "physics" {
        let what = format!(
            "physics constraint {}",
            name.map(q).unwrap_or_else(|| format!("constraints[{i}]"))
        );
        let unknown = node.unknown_keys(&super::physics::keys(), &what);
        had_unknown = !unknown.is_empty();
        d.extend(unknown);
    }
    let Some(name) = name else {
        if !had_unknown || name_node.is_some() {
            let at = name_node.unwrap_or_else(|| node.clone());
            d.push(
                at.err(codes::RIG_CONSTRAINT_NAME_MISSING, "every constraint needs a \"name\"")
                    .help("give the constraint a non-empty \"name\"; skins and timelines find it by name and type"),
            );
        }
        return false;
    };
    let name_node = name_node.unwrap_or_else(|| node.clone());
    if out.has(&ty, name) {
        d.push(
            name_node
                .err(
                    codes::RIG_CONSTRAINT_DUPLICATE,
                    format!(
                        "two {ty} constraints are called {} — names are unique PER KIND (a skin and a timeline find a constraint by name and type), so the second would shadow the first",
                        q(name)
                    ),
                )
                .help("rename one of them"),
        );
        return true;
    }
    out.declared.push((ty.clone(), name.to_string()));
    if ty == "slider" {
        if let Some((c, places)) = super::slider::parse(node, name, &label, bones, d) {
            out.list.push(ConstraintSpec {
                constraint: Constraint::Slider(c),
                loc: node.loc(),
            });
            out.skin_locs.push(node.get("skin").map(|s| s.loc()));
            out.sliders.push(places);
        }
        return true;
    }
    if ty == "physics" {
        let before = d.len();
        let bone = bone_ref(
            node,
            "bone",
            &label,
            "a physics constraint",
            bones,
            had_unknown,
            d,
        );
        let mode = scale_y(node, &label, d);
        let c = super::physics::parse(node, name, &label, (bone, mode), d);
        if d.len() == before && !had_unknown {
            out.list.push(ConstraintSpec {
                constraint: Constraint::Physics(c),
                loc: node.loc(),
            });
            out.skin_locs.push(node.get("skin").map(|s| s.loc()));
        }
        return true;
    }
    if ty == "path" {
        let unknown = node.unknown_keys(
            &super::path::constraint_keys(),
            &format!("path constraint {}", q(name)),
        );
        let quiet = !unknown.is_empty();
        d.extend(unknown);
        let bone_list = bone_list(node, &label, "path", bones, quiet, d);
        if let Some((spec, slot)) = super::path::constraint(node, name, &label, bone_list, quiet, d)
        {
            out.list.push(spec);
            out.skin_locs.push(node.get("skin").map(|s| s.loc()));
            out.path_slots.extend(slot.map(|s| (name.to_string(), s)));
        }
        return true;
    }
    let before = d.len();
    let bone_list = bone_list(node, &label, &ty, bones, had_unknown, d);
    let skin = boolean(node, "skin", &label, d);
    let constraint = if ty == "ik" {
        let target = bone_ref(
            node,
            "target",
            &label,
            "an ik constraint",
            bones,
            had_unknown,
            d,
        );
        let mut c = IkConstraint {
            name: name.to_string(),
            bones: bone_list,
            target,
            skin,
            ..Default::default()
        };
        if c.bones.len() > 2 {
            if let Some(b) = node.get("bones") {
                d.push(
                    b.err(
                        codes::RIG_CONSTRAINT_IK_BONE_COUNT,
                        format!(
                            "{label}: an ik constraint moves 1 or 2 bones, and this one lists {} — the runtime loads it and then solves nothing",
                            c.bones.len()
                        ),
                    )
                    .help("split the chain into ik constraints of one or two bones each"),
                );
            }
        }
        c.scale_y = scale_y(node, &label, d);
        c.mix = number(node, IkMix::Mix.name(), &label, d);
        c.softness = number(node, IkMix::Softness.name(), &label, d);
        c.bend_positive = boolean(node, IkMix::BendPositive.name(), &label, d);
        c.compress = boolean(node, IkMix::Compress.name(), &label, d);
        c.stretch = boolean(node, IkMix::Stretch.name(), &label, d);
        Constraint::Ik(c)
    } else {
        let source = bone_ref(
            node,
            "source",
            &label,
            "a transform constraint",
            bones,
            had_unknown,
            d,
        );
        Constraint::Transform(TransformConstraint {
            name: name.to_string(),
            bones: bone_list,
            source,
            properties: properties::parse(node, &label, d),
            local_source: boolean(node, "localSource", &label, d),
            local_target: boolean(node, "localTarget", &label, d),
            additive: boolean(node, "additive", &label, d),
            clamp: boolean(node, "clamp", &label, d),
            rotation: number(node, "rotation", &label, d),
            x: number(node, "x", &label, d),
            y: number(node, "y", &label, d),
            scale_x: number(node, "scaleX", &label, d),
            scale_y: number(node, "scaleY", &label, d),
            shear_y: number(node, "shearY", &label, d),
            mix_rotate: number(node, TransformMix::Rotate.name(), &label, d),
            mix_x: number(node, TransformMix::X.name(), &label, d),
            mix_y: number(node, TransformMix::Y.name(), &label, d),
            mix_scale_x: number(node, TransformMix::ScaleX.name(), &label, d),
            mix_scale_y: number(node, TransformMix::ScaleY.name(), &label, d),
            mix_shear_y: number(node, TransformMix::ShearY.name(), &label, d),
            skin,
        })
    };
    if d.len() == before && !had_unknown {
        out.list.push(ConstraintSpec {
            constraint,
            loc: node.loc(),
        });
        out.skin_locs.push(node.get("skin").map(|s| s.loc()));
    }
    true
}

/// Reads the constrained `bones` (a non-empty array of declared bone names).
fn bone_list(
    node: &Node,
    label: &str,
    ty: &str,
    bones: &Bones,
    quiet: bool,
    d: &mut Diags,
) -> Vec<String> {
    let article = if ty == "ik" { "an" } else { "a" };
    let message = format!("{label}: {article} {ty} constraint needs a non-empty \"bones\" array");
    let v = match node.get("bones") {
        Some(v) if v.array_len().is_some_and(|n| n > 0) => v,
        Some(v) => {
            d.push(
                v.err(codes::RIG_CONSTRAINT_BONES_MISSING, message)
                    .help("list the constrained bones by name"),
            );
            return Vec::new();
        }
        None => {
            if !quiet {
                d.push(
                    absent_at(node, codes::RIG_CONSTRAINT_BONES_MISSING, message)
                        .help("add \"bones\": [\"<bone>\", …]"),
                );
            }
            return Vec::new();
        }
    };
    let mut out = Vec::new();
    for (i, e) in v.elements().enumerate() {
        match e.as_str() {
            Some(b) if bones.has(b) => out.push(b.to_string()),
            Some(b) => {
                if bones.complete {
                    d.push(
                        e.err(
                            codes::RIG_CONSTRAINT_BONE_UNDECLARED,
                            format!("{label}: bones[{i}] names {}, which the rig does not declare as a bone", q(b)),
                        )
                        .help(format!("name a declared bone{}", did_you_mean(b, &bones.names()))),
                    );
                }
            }
            None => d.push(
                e.err(
                    codes::RIG_CONSTRAINT_BONE_NOT_A_NAME,
                    format!(
                        "{label}: bones[{i}] is {}; a constraint lists its bones by name",
                        e.describe()
                    ),
                )
                .help("write the bone's name in double quotes"),
            ),
        }
    }
    out
}

/// Reads a required bone reference (`target`, `source`, `bone`).
fn bone_ref(
    node: &Node,
    field: &str,
    label: &str,
    kind: &str,
    bones: &Bones,
    quiet: bool,
    d: &mut Diags,
) -> String {
    let Some(v) = node.get(field) else {
        if !quiet {
            d.push(
                absent_at(
                    node,
                    codes::RIG_CONSTRAINT_BONE_REF_MISSING,
                    format!("{label}: {kind} needs a \"{field}\" bone"),
                )
                .help(format!("add \"{field}\": \"<bone>\"")),
            );
        }
        return String::new();
    };
    match v.as_str() {
        Some(b) if bones.has(b) => b.to_string(),
        Some(b) => {
            if bones.complete {
                d.push(
                    v.err(
                        codes::RIG_CONSTRAINT_BONE_UNDECLARED,
                        format!(
                            "{label}: {field} names {}, which the rig does not declare as a bone",
                            q(b)
                        ),
                    )
                    .help(format!(
                        "name a declared bone{}",
                        did_you_mean(b, &bones.names())
                    )),
                );
            }
            String::new()
        }
        None => {
            d.push(super::read::not_a_string(&v, field, label));
            String::new()
        }
    }
}

/// Reads an ik or physics `scaleY` mode (first letter's case free).
fn scale_y(node: &Node, label: &str, d: &mut Diags) -> Option<String> {
    let v = node.get("scaleY")?;
    let s = super::read::string(node, "scaleY", label, d)?;
    if SCALE_Y.iter().any(|k| first_letter_match(&s, k)) {
        return Some(s);
    }
    d.push(
        v.err(
            codes::RIG_CONSTRAINT_SCALE_Y_UNKNOWN,
            format!(
                "{label}: scaleY is {}; known: {} (only the first letter's case is free — the runtime folds the case of the first letter and of nothing else)",
                q(&s),
                SCALE_Y.join(", ")
            ),
        )
        .help(format!("use one of {}", SCALE_Y.join(", "))),
    );
    None
}
