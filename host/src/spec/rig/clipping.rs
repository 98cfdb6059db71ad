//! This module owns a clipping attachment (FORMAT.md §2.7.6): the shared
//! polygon geometry (`geometry`), `end` (the last slot clipped, by name),
//! `convex` and `inverse` (4.3), `color` — and the refusal of an `end` that
//! names no slot of the rig (a miss loads as null and clips to the bottom of
//! the draw order).

use rigc_diag::codes;

use super::bones::Bones;
use super::geometry;
use super::read::{boolean, color, did_you_mean, q, Diags};
use super::types::{At, AttachmentKind, ClippingSpec, SkinSpec, SlotSpec};
use rigc_diag::cursor::Node;

/// The keys of a clipping attachment.
const CLIPPING_KEYS: &[&str] = &[
    "type",
    "end",
    "convex",
    "inverse",
    "vertexCount",
    "vertices",
    "weights",
    "boneIndexing",
    "color",
];

/// Reads the clipping attachment `node`; `None` when it is refused. `end` is
/// checked against the slots by [`check_ends`], once every slot is known.
pub(super) fn parse(
    node: &Node,
    where_: &str,
    bones: &Bones,
    d: &mut Diags,
) -> Option<ClippingSpec> {
    let unknown = node.unknown_keys(CLIPPING_KEYS, &format!("clipping attachment ({where_})"));
    if !unknown.is_empty() {
        d.extend(unknown);
        return None;
    }
    let before = d.len();
    let end = match node.get("end") {
        None => None,
        Some(e) => match e.as_str() {
            Some(s) => Some(At {
                value: s.to_string(),
                loc: e.loc(),
            }),
            None => {
                d.push(super::read::not_a_string(&e, "end", where_));
                None
            }
        },
    };
    let convex = boolean(node, "convex", where_, d);
    let inverse = boolean(node, "inverse", where_, d);
    let color = color(node, "color", where_, 8, d);
    let geometry = geometry::parse(node, where_, bones, d);
    match geometry {
        Some((vertex_count, geometry)) if d.len() == before => Some(ClippingSpec {
            vertex_count,
            geometry,
            end,
            convex,
            inverse,
            color,
        }),
        _ => None,
    }
}

/// Refuses every clipping `end` that names a slot the rig does not declare.
pub(super) fn check_ends(skins: &[SkinSpec], slots: &[SlotSpec], d: &mut Diags) {
    let names: Vec<&str> = slots.iter().map(|s| s.name.as_str()).collect();
    for skin in skins {
        for slot in &skin.slots {
            for e in &slot.entries {
                let AttachmentKind::Clipping(c) = &e.kind else {
                    continue;
                };
                let Some(end) = &c.end else { continue };
                if names.contains(&end.value.as_str()) {
                    continue;
                }
                let near = did_you_mean(&end.value, &names);
                d.push(
                    rigc_diag::Diagnostic::new(
                        codes::RIG_CLIPPING_END_UNKNOWN,
                        format!(
                            "skin {} slot {} attachment {}: end names slot {}, which this rig does not declare; a miss loads as null and the clip then runs to the bottom of the draw order{near}",
                            q(&skin.name),
                            q(&slot.slot),
                            q(&e.placeholder),
                            q(&end.value)
                        ),
                    )
                    .at(end.loc.clone())
                    .help("name the last slot the clip should cover, or remove \"end\" to clip to the bottom of the draw order"),
                );
            }
        }
    }
}
