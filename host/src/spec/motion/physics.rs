//! This module owns the motion spec's `physics` table (FORMAT.md §3.5, §3.17):
//! `name → { bone, x?, y?, rotate?, scaleX?, shearX?, inertia?, strength?,
//! damping?, mass?, wind?, gravity?, mix?, fps?, limit?, note? }`, its shape
//! refusals, and the constraint it is emitted as — the exception to R1: `name,
//! type, bone`, each component that is ≠ 0 and each parameter that is ≠ the
//! parser's default, rounded to six decimals. Whether the bone exists and
//! whether the rig declares the same constraint is the setup stage's question
//! (`stages::setup::physics`).

use rigc_diag::codes;

use super::shape::{wrong, Cx};
use super::Named;
use rigc_diag::cursor::Node;
use rigc_diag::Loc;
use rigc_sdk::model::PhysicsConstraint;
use rigc_sdk::num::quantise;

/// One entry of the `physics` table.
#[derive(Debug, Clone)]
pub struct PhysicsSpec {
    /// The constraint's name and where its key is.
    pub name: Named,
    /// `bone`, and where it is.
    pub bone: Named,
    /// The constraint as emitted (only non-default fields are `Some`).
    pub constraint: PhysicsConstraint,
}

/// The tuning fields with the parser's default each, in FORMAT.md §3.5's order
/// (`x, y, rotate, scaleX, shearX` default to 0).
const FIELDS: &[(&str, f64)] = &[
    ("x", 0.0),
    ("y", 0.0),
    ("rotate", 0.0),
    ("scaleX", 0.0),
    ("shearX", 0.0),
    ("inertia", 0.5),
    ("strength", 100.0),
    ("damping", 0.85),
    ("mass", 1.0),
    ("wind", 0.0),
    ("gravity", 0.0),
    ("mix", 1.0),
    ("fps", 60.0),
    ("limit", 5000.0),
];

const FIELD_HINT: &str = "every tuning field of a physics constraint is a finite number — a non-number is rounded to `NaN` and emitted as `null`, which the runtime reads as zero";

/// `physics` (optional).
pub(super) fn table(cx: &mut Cx, root: &Node) -> Vec<PhysicsSpec> {
    let Some(table) = root.get("physics") else {
        return Vec::new();
    };
    if !cx.object(
        &table,
        codes::MOTION_PHYSICS_SHAPE,
        "it is a table keyed by constraint name, `{ \"<name>\": { \"bone\": \"<bone>\", \"rotate\": 1, … } }`",
    ) {
        return Vec::new();
    }
    let mut out = Vec::new();
    for (name, node) in table.entries() {
        let key_loc = table.key_loc(&name).unwrap_or_else(|| node.loc());
        if name.is_empty() {
            cx.push(
                rigc_diag::Diagnostic::new(
                    codes::MOTION_PHYSICS_EMPTY_NAME,
                    "a physics constraint has an empty name — the empty name is the key of the physics timelines that act on every constraint (`animations.<a>.physics.\"\"`), so no one constraint can be found by it",
                )
                .at(key_loc)
                .help("name the constraint; its timelines and skins find it by name"),
            );
            continue;
        }
        if let Some(spec) = entry(cx, name, key_loc, &node) {
            out.push(spec);
        }
    }
    out
}

fn entry(cx: &mut Cx, name: String, key_loc: Loc, node: &Node) -> Option<PhysicsSpec> {
    if !cx.object(
        node,
        codes::MOTION_PHYSICS_SHAPE,
        "a physics constraint is an object, `{ \"bone\": \"<bone>\", \"rotate\": 1, … }`",
    ) {
        return None;
    }
    let known: Vec<&str> = ["bone", "note"]
        .into_iter()
        .chain(FIELDS.iter().map(|(k, _)| *k))
        .collect();
    cx.unknown(node, &known);
    let bone = cx.nonempty_str(
        node,
        "bone",
        true,
        codes::MOTION_PHYSICS_BONE,
        "it names the bone the constraint moves, a non-empty string",
    );
    cx.note(node);
    let mut values = [None; 14];
    let mut ok = true;
    for ((key, default), slot) in FIELDS.iter().zip(values.iter_mut()) {
        let Some(v) = node.get(key) else {
            continue;
        };
        match v.as_f64().filter(|x| x.is_finite()) {
            Some(x) => {
                let x = quantise(x);
                *slot = (x != *default).then_some(x);
            }
            None => {
                ok = false;
                cx.push(wrong(&v, codes::MOTION_PHYSICS_FIELD, FIELD_HINT));
            }
        }
    }
    let (bone, bone_loc) = bone?;
    if ok && values[..5].iter().all(Option::is_none) {
        cx.push(
            rigc_diag::Diagnostic::new(
                codes::MOTION_PHYSICS_NO_COMPONENT,
                format!(
                    "physics constraint {} drives no component — set at least one of {}; every component defaults to 0, so the constraint parses and moves nothing",
                    rigc_diag::json::quote(&name),
                    crate::spec::rig::PHYSICS_COMPONENTS
                ),
            )
            .at(key_loc.clone())
            .help("add \"rotate\": 1 (or x, y, scaleX, shearX) — the share of that channel the spring drives"),
        );
        return None;
    }
    let [x, y, rotate, scale_x, shear_x, inertia, strength, damping, mass, wind, gravity, mix, fps, limit] =
        values;
    ok.then(|| PhysicsSpec {
        name: Named {
            name: name.clone(),
            loc: key_loc,
        },
        bone: Named {
            name: bone.clone(),
            loc: bone_loc,
        },
        constraint: PhysicsConstraint {
            name,
            bone,
            x,
            y,
            rotate,
            scale_x,
            shear_x,
            limit,
            fps,
            inertia,
            strength,
            damping,
            mass,
            wind,
            gravity,
            mix,
            ..PhysicsConstraint::default()
        },
    })
}
