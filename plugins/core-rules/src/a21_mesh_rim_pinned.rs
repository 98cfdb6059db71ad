//! This module owns A21_MESH_RIM_PINNED (archetype; GATE.md §3, §4.6): a generated
//! mesh keeps its edge where its slot bone puts it. A ribbon's entry row (uv
//! `v` = 0) holds at least two vertices, each bound once, at weight 1, to the
//! slot bone. A soft-region mesh (`RigInfo.mesh_soft_bones`) binds only its slot
//! bone and its soft bone, each vertex's weights sum to 1 (±1e-4), and some
//! vertex is carried wholly by the soft bone — instead of the rim clause
//! (FORMAT.md §2.7.5: the mask may carry rim vertices). A ring, contour or grid (any other
//! generated kind, soft region included) declares a real hull (3 vertices up to
//! the vertex count), its first `hull` vertices are bound once, at weight 1, to
//! the slot bone, and every vertex on the region border (u or v at 0 or 1) is
//! pinned so — only the first such miss is reported.
//!
//! SKIPs with no rig info (ring and ribbon cannot be told apart), with no
//! weighted mesh, when every weighted mesh is authored, linked or a `segments`
//! lattice, or when the round trip produced no skeleton.

use crate::loaded::{bindings, bone_at, bone_name, mesh_kind, meshes, skeleton_or_skip, Binding};
use crate::raw::{fixed, num, rig_or_skip};
use rigc_sdk::gate::facts::Facts;
use rigc_sdk::gate::{Outcome, Rule, RuleKind};

/// A21_MESH_RIM_PINNED.
pub struct A21MeshRimPinned;

const EPS: f64 = 1e-6;

/// `Ok(())` when `list` is one binding at weight 1 on `bone`; else the bone it
/// is pinned to instead (`Err(Some)`), or `Err(None)` when it is not pinned.
fn pinned(
    data: &rigc_sdk::spine::SkeletonData,
    list: &[Binding],
    bone: usize,
) -> Result<(), Option<String>> {
    match list {
        [b] if (b.weight - 1.0).abs() <= EPS => match bone_at(data, b.bone) {
            Some(i) if i == bone => Ok(()),
            Some(i) => Err(Some(bone_name(data, i))),
            None => Err(Some(format!("bone index {}", num(b.bone)))),
        },
        _ => Err(None),
    }
}

fn weights(list: &[Binding]) -> String {
    list.iter()
        .map(|b| num(b.weight))
        .collect::<Vec<_>>()
        .join("+")
}

impl Rule for A21MeshRimPinned {
    fn code(&self) -> &'static str {
        "A21_MESH_RIM_PINNED"
    }

    fn kind(&self) -> RuleKind {
        RuleKind::Archetype
    }

    fn check(&self, facts: &Facts<'_>, out: &mut Outcome) {
        let Some(rig) = rig_or_skip(facts, out) else {
            return;
        };
        let Some(data) = skeleton_or_skip(facts, out) else {
            return;
        };
        let weighted: Vec<_> = meshes(data)
            .into_iter()
            .filter_map(|(p, m)| match bindings(&m.vertex) {
                Ok(Some(v)) => Some((p, m, v)),
                _ => None,
            })
            .collect();
        if weighted.is_empty() {
            out.skip("the skeleton carries no weighted mesh, so no rim is bound to hold");
            return;
        }
        let mut measured = 0usize;
        for (p, mesh, vertices) in &weighted {
            let kind = mesh_kind(Some(rig), p.slot_name, mesh);
            if matches!(kind, "authored" | "segments") {
                continue;
            }
            let Some(slot_bone) = p.slot_bone(data) else {
                continue;
            };
            measured += 1;
            let (m, s) = (&p.attachment.name, bone_name(data, slot_bone));
            let uv =
                |i: usize, k: usize| mesh.region_uvs.get(2 * i + k).copied().unwrap_or(f64::NAN);
            if kind == "ribbon" {
                let entry: Vec<(usize, &Vec<Binding>)> = vertices
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| uv(*i, 1).abs() <= EPS)
                    .collect();
                for &(v, list) in &entry {
                    match pinned(data, list, slot_bone) {
                        Ok(()) => {}
                        Err(Some(b)) => out.fail_at(p.subject(), format!("ribbon \"{m}\" entry vertex {v} is pinned to \"{b}\", not the anchor bone \"{s}\"")),
                        Err(None) => out.fail_at(p.subject(), format!("ribbon \"{m}\" entry vertex {v} is not pinned ({})", weights(list))),
                    }
                }
                if entry.len() < 2 {
                    out.fail_at(
                        p.subject(),
                        format!(
                            "ribbon \"{m}\" has {} vertices on its entry edge; a strip needs two",
                            entry.len()
                        ),
                    );
                }
                continue;
            }
            let soft = rig
                .mesh_soft_bones
                .iter()
                .find(|(slot, _)| slot == p.slot_name);
            if let Some((_, soft_name)) = soft {
                let soft_bone = data.find_bone(soft_name);
                let mut carried = false;
                for (v, list) in vertices.iter().enumerate() {
                    if let Some(b) = list.iter().find(|b| {
                        let i = bone_at(data, b.bone);
                        i != Some(slot_bone) && (i.is_none() || i != soft_bone)
                    }) {
                        let other = bone_at(data, b.bone).map_or_else(
                            || format!("bone index {}", num(b.bone)),
                            |i| bone_name(data, i),
                        );
                        out.fail_at(p.subject(), format!("mesh \"{m}\" declares a soft region on \"{soft_name}\" and vertex {v} binds \"{other}\", which is neither the slot bone \"{s}\" nor the soft bone"));
                    }
                    let sum: f64 = list.iter().map(|b| b.weight).sum();
                    if (sum - 1.0).abs() > 1e-4 || sum.is_nan() {
                        out.fail_at(p.subject(), format!("mesh \"{m}\" declares a soft region on \"{soft_name}\" and vertex {v} weights sum to {}", fixed(sum, 4)));
                    }
                    carried |= list.iter().any(|b| {
                        bone_at(data, b.bone).is_some()
                            && bone_at(data, b.bone) == soft_bone
                            && b.weight >= 1.0
                    });
                }
                if !carried {
                    out.fail_at(p.subject(), format!("mesh \"{m}\" declares a soft region on \"{soft_name}\" and no vertex is fully carried by it"));
                }
                // FORMAT.md §2.7.5: a soft region's A21 is this clause instead of
                // the rim's — its mask may carry rim vertices (look's ahoge tip).
                continue;
            }
            let h = mesh.hull_length / 2.0;
            if !(h >= 3.0 && h.fract() == 0.0) {
                out.fail_at(
                    p.subject(),
                    format!(
                        "mesh \"{m}\" declares hull {}; the rim must be a real ring",
                        num(h)
                    ),
                );
                continue;
            }
            if h > vertices.len() as f64 {
                out.fail_at(
                    p.subject(),
                    format!(
                        "mesh \"{m}\" hull is {} of {} vertices",
                        num(h),
                        vertices.len()
                    ),
                );
                continue;
            }
            for (i, list) in vertices.iter().enumerate().take(h as usize) {
                match pinned(data, list, slot_bone) {
                    Ok(()) => {}
                    Err(Some(b)) => out.fail_at(p.subject(), format!("mesh \"{m}\" rim vertex {i} is pinned to \"{b}\", not the slot bone \"{s}\"")),
                    Err(None) => out.fail_at(p.subject(), format!("mesh \"{m}\" rim vertex {i} is not pinned ({})", weights(list))),
                }
            }
            let border = |x: f64| x.abs() <= EPS || (x - 1.0).abs() <= EPS;
            if let Some((v, _)) = vertices.iter().enumerate().find(|(i, list)| {
                (border(uv(*i, 0)) || border(uv(*i, 1))) && pinned(data, list, slot_bone).is_err()
            }) {
                out.fail_at(
                    p.subject(),
                    format!("mesh \"{m}\" vertex {v} is on the region border but not pinned"),
                );
            }
        }
        if measured == 0 {
            let names: Vec<String> = weighted
                .iter()
                .map(|(p, _, _)| format!("\"{}\"", p.attachment.name))
                .collect();
            out.skip(format!(
                "every weighted mesh here is authored, linked or a segments lattice ({}), so no generated rim is there to hold",
                names.join(", ")
            ));
        }
    }
}

#[cfg(test)]
#[path = "a21_tests.rs"]
mod tests;
