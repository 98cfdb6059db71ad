//! This module owns a rig-declared physics constraint (FORMAT.md §2.8 `physics`,
//! SPINE43.md §5.4): its keys, its `bone`, the five components, `scaleY` mode,
//! the tuning parameters and the seven `<value>Global` flags, copied field by
//! field (R1: `Some` exactly when declared), and the refusal of one that names
//! no component ("refused up front"; A23 judges the rest on the build).

use rigc_diag::codes;

use super::read::{boolean, number, q, Diags};
use rigc_diag::cursor::Node;
use rigc_sdk::model::{PhysicsConstraint, PHYSICS_GLOBALS};

/// The keys of a physics constraint other than its `<value>Global` flags.
const OWN_KEYS: &[&str] = &[
    "name", "type", "skin", "bone", "x", "y", "rotate", "scaleX", "shearX", "scaleY", "limit",
    "fps", "inertia", "strength", "damping", "mass", "wind", "gravity", "mix",
];

/// Every key a physics constraint may state.
pub(super) fn keys() -> Vec<&'static str> {
    OWN_KEYS
        .iter()
        .chain(PHYSICS_GLOBALS.iter())
        .copied()
        .collect()
}

/// The five components' JSON names, in the order the refusal lists them.
pub(crate) const COMPONENTS: &str = "x/y/rotate/scaleX/shearX";

/// Reads one physics constraint `name` (its keys already checked), given its
/// `bone` and `scaleY` mode as `constraints` resolved them.
pub(super) fn parse(
    node: &Node,
    name: &str,
    label: &str,
    (bone, scale_y): (String, Option<String>),
    d: &mut Diags,
) -> PhysicsConstraint {
    let mut globals = [None; 7];
    for (slot, flag) in globals.iter_mut().zip(PHYSICS_GLOBALS) {
        *slot = boolean(node, flag, label, d);
    }
    let c = PhysicsConstraint {
        name: name.to_string(),
        bone,
        x: number(node, "x", label, d),
        y: number(node, "y", label, d),
        rotate: number(node, "rotate", label, d),
        scale_x: number(node, "scaleX", label, d),
        shear_x: number(node, "shearX", label, d),
        scale_y,
        limit: number(node, "limit", label, d),
        fps: number(node, "fps", label, d),
        inertia: number(node, "inertia", label, d),
        strength: number(node, "strength", label, d),
        damping: number(node, "damping", label, d),
        mass: number(node, "mass", label, d),
        wind: number(node, "wind", label, d),
        gravity: number(node, "gravity", label, d),
        mix: number(node, "mix", label, d),
        globals,
        skin: boolean(node, "skin", label, d),
    };
    let stated_bad = c
        .components()
        .iter()
        .any(|(k, v)| v.is_none() && node.get(k).is_some());
    if !stated_bad && c.components().iter().all(|(_, v)| v.unwrap_or(0.0) == 0.0) {
        d.push(
            node.err(
                codes::RIG_CONSTRAINT_PHYSICS_NO_COMPONENT,
                format!(
                    "{label}: physics constraint {} drives no component — set at least one of {COMPONENTS}; every component defaults to 0, so the constraint parses and moves nothing",
                    q(name)
                ),
            )
            .help("add \"rotate\": 1 (or x, y, scaleX, shearX) — the share of that channel the spring drives"),
        );
    }
    c
}
