//! This module owns the rig spec's path constructs: the `path` attachment
//! (FORMAT.md §2.7.6 — vertex geometry in knots of three, `closed`,
//! `constantSpeed`, and the refusal of an authored `lengths`, which the setup
//! stage measures) and the `path` constraint (§2.8 path — bones, the slot it
//! follows, the three modes with the first-letter-case rule, its offsets and
//! mixes), with the check, once skins are read, that the slot it follows has a
//! path attachment in some skin.

use rigc_diag::codes;

use super::bones::{first_letter_match, Bones};
use super::geometry;
use super::read::{absent_at, boolean, color, did_you_mean, number, q, Diags};
use super::slots::Slots;
use super::types::{At, AttachmentKind, ConstraintSpec, PathSpec, SkinSpec};
use rigc_diag::cursor::Node;
use rigc_diag::Diagnostic;
use rigc_sdk::model::names::PathMix;
use rigc_sdk::model::{Constraint, PathConstraint};

/// The keys of a path attachment (`lengths` is known so it is refused by name).
const ATTACHMENT_KEYS: &[&str] = &[
    "type",
    "closed",
    "constantSpeed",
    "vertexCount",
    "vertices",
    "weights",
    "boneIndexing",
    "lengths",
    "color",
];

/// The keys of a path constraint, before its mix channels.
const CONSTRAINT_OWN_KEYS: &[&str] = &[
    "name",
    "type",
    "skin",
    "bones",
    "slot",
    "positionMode",
    "spacingMode",
    "rotateMode",
    "rotation",
    "position",
    "spacing",
];

/// The modes of a path constraint, each with its canonical spellings.
const MODES: [(&str, &[&str]); 3] = [
    ("positionMode", &["Fixed", "Percent"]),
    (
        "spacingMode",
        &["Length", "Fixed", "Percent", "Proportional"],
    ),
    ("rotateMode", &["Tangent", "Chain", "ChainScale"]),
];

/// The keys of a path constraint: its own, then its mix channels.
pub(super) fn constraint_keys() -> Vec<&'static str> {
    CONSTRAINT_OWN_KEYS
        .iter()
        .chain(PathMix::NAMES)
        .copied()
        .collect()
}

/// Reads the path attachment `node`; `where_` names it. `None` when refused.
pub(super) fn attachment(
    node: &Node,
    where_: &str,
    bones: &Bones,
    d: &mut Diags,
) -> Option<PathSpec> {
    let unknown = node.unknown_keys(ATTACHMENT_KEYS, &format!("path attachment ({where_})"));
    if !unknown.is_empty() {
        d.extend(unknown);
        return None;
    }
    let before = d.len();
    if let Some(l) = node.get("lengths") {
        d.push(
            l.err(
                codes::RIG_PATH_LENGTHS_AUTHORED,
                format!(
                    "{where_}: \"lengths\" is not authored — rigc measures the setup arc length of each curve off the geometry, the same way it measures a region's size off its PNG. A table written by hand goes stale the moment a vertex moves, and the runtime trusts it for every bone it places on a path that is not constant speed."
                ),
            )
            .help("remove \"lengths\"; rigc writes the measured table"),
        );
    }
    let closed = boolean(node, "closed", where_, d);
    let constant_speed = boolean(node, "constantSpeed", where_, d);
    let color = color(node, "color", where_, 8, d);
    let (vertex_count, geometry) = geometry::parse(node, where_, bones, d)?;
    let at = node.get("vertexCount").unwrap_or_else(|| node.clone());
    // A closed path's minimum, 3, is `geometry`'s minimum of every polygon.
    if vertex_count % 3 != 0 {
        d.push(
            at.err(
                codes::RIG_PATH_VERTEX_COUNT,
                format!(
                    "{where_}: vertexCount is {vertex_count}, which is not a multiple of 3. A path's vertices are knots of three (a handle, the point, a handle), and the runtime reads vertexCount / 3 curve lengths"
                ),
            )
            .help("give every knot its two handles: vertexCount = 3 × knots"),
        );
    } else if closed != Some(true) && vertex_count < 6 {
        d.push(
            at.err(
                codes::RIG_PATH_VERTEX_COUNT,
                format!(
                    "{where_}: vertexCount is {vertex_count} and an open path needs at least 6 — two knots make its one curve"
                ),
            )
            .help("add a second knot (3 more vertices), or say \"closed\": true"),
        );
    }
    (d.len() == before).then_some(PathSpec {
        closed,
        constant_speed,
        vertex_count,
        geometry,
        color,
    })
}

/// Reads the path constraint `node` called `name` (its `bones` already read
/// as `bone_list`; `quiet` when an unknown key was refused); the compiled
/// constraint and the `slot` it follows, which [`check_slots`] checks, or
/// `None` when anything is refused.
pub(super) fn constraint(
    node: &Node,
    name: &str,
    label: &str,
    bone_list: Vec<String>,
    quiet: bool,
    d: &mut Diags,
) -> Option<(ConstraintSpec, Option<At<String>>)> {
    let had_unknown = quiet;
    let before = d.len();
    let slot = match node.get("slot") {
        None => {
            if !had_unknown {
                d.push(
                    absent_at(
                        node,
                        codes::RIG_PATH_SLOT_MISSING,
                        format!("{label}: a path constraint needs a \"slot\" — the slot whose path attachment its bones follow"),
                    )
                    .help("add \"slot\": \"<slot with a path attachment>\""),
                );
            }
            None
        }
        Some(v) => match v.as_str() {
            Some(s) => Some(At {
                value: s.to_string(),
                loc: v.loc(),
            }),
            None => {
                d.push(super::read::not_a_string(&v, "slot", label));
                None
            }
        },
    };
    let [position_mode, spacing_mode, rotate_mode] =
        MODES.map(|(k, known)| mode(node, k, known, label, d));
    let c = PathConstraint {
        name: name.to_string(),
        bones: bone_list,
        slot: slot.as_ref().map(|s| s.value.clone()).unwrap_or_default(),
        position_mode,
        spacing_mode,
        rotate_mode,
        rotation: number(node, "rotation", label, d),
        position: number(node, "position", label, d),
        spacing: number(node, "spacing", label, d),
        mix_rotate: number(node, PathMix::Rotate.name(), label, d),
        mix_x: number(node, PathMix::X.name(), label, d),
        mix_y: number(node, PathMix::Y.name(), label, d),
        skin: boolean(node, "skin", label, d),
    };
    (d.len() == before && !had_unknown).then(|| {
        (
            ConstraintSpec {
                constraint: Constraint::Path(c),
                loc: node.loc(),
            },
            slot,
        )
    })
}

/// Reads one mode (first letter's case free), `None` when absent or refused.
fn mode(node: &Node, key: &str, known: &[&str], label: &str, d: &mut Diags) -> Option<String> {
    let v = node.get(key)?;
    let s = super::read::string(node, key, label, d)?;
    if known.iter().any(|k| first_letter_match(&s, k)) {
        return Some(s);
    }
    d.push(
        v.err(
            codes::RIG_PATH_MODE_UNKNOWN,
            format!(
                "{label}: {key} is {}; known: {} (only the first letter's case is free — the runtime folds the case of the first letter and of nothing else, and an unknown mode throws when the skeleton loads)",
                q(&s),
                known.join(", ")
            ),
        )
        .help(format!("use one of {}{}", known.join(", "), did_you_mean(&s, known))),
    );
    None
}

/// Refuses a path constraint (`path_slots`: each one's name and slot) whose
/// slot the rig does not declare, or that no skin gives a path attachment. `skins_clean` is false when a skin entry was
/// refused (a refused path attachment is not echoed as a missing one).
pub(super) fn check_slots(
    path_slots: &[(String, At<String>)],
    slots: &Slots,
    skins: &[SkinSpec],
    skins_clean: bool,
    d: &mut Diags,
) {
    for (name, slot) in path_slots {
        let label = format!("rig constraint {}", q(name));
        if !slots.has(&slot.value) {
            if slots.complete {
                d.push(
                    Diagnostic::new(
                        codes::RIG_PATH_SLOT_UNDECLARED,
                        format!(
                            "{label}: slot names {}, which the rig does not declare as a slot",
                            q(&slot.value)
                        ),
                    )
                    .at(slot.loc.clone())
                    .help(format!(
                        "name a declared slot{}",
                        did_you_mean(&slot.value, &slots.names())
                    )),
                );
            }
            continue;
        }
        let has_path = skins.iter().any(|s| {
            s.slots.iter().any(|ss| {
                ss.slot == slot.value
                    && ss
                        .entries
                        .iter()
                        .any(|e| matches!(e.kind, AttachmentKind::Path(_)))
            })
        });
        if !has_path && skins_clean {
            d.push(
                Diagnostic::new(
                    codes::RIG_PATH_SLOT_HAS_NO_PATH,
                    format!(
                        "{label}: slot {} has no path attachment in any skin, so the constraint has no curve to follow — the runtime loads it and it does nothing. Give that slot an attachment with \"type\": \"path\".",
                        q(&slot.value)
                    ),
                )
                .at(slot.loc.clone())
                .help("add a path attachment to that slot, or name the slot that holds the path"),
            );
        }
    }
}
