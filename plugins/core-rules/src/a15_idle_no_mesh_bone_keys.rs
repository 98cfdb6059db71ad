//! This module owns A15_IDLE_NO_MESH_BONE_KEYS (renderer; GATE.md §3, §4.4): the
//! animation named exactly `idle` keys no bone that drives a mesh — a mesh's slot
//! bone, or any bone its weights name — because rigc's renderer skips redrawing
//! an idle part only when no mesh on it has to be recomputed. One FAIL per keyed
//! bone; the first carries the hint.
//!
//! `invariants.idleDrivesMeshes: { why }` accepts the cost: the rule then SKIPs,
//! printing what the declaration lets through, and FAILs when it exempts nothing
//! (a stale declaration). Without a declaration the rule SKIPs when there is no
//! `idle` or `idle` keys no bone. Rig info is optional (it only carries the
//! declaration); SKIPs when the round trip produced no skeleton.

use crate::loaded::{bindings, bone_at, bone_name, meshes, skeleton_or_skip};
use crate::raw::num;
use rigc_sdk::gate::facts::Facts;
use rigc_sdk::gate::{Outcome, Rule, RuleKind, Subject, Target};
use std::collections::BTreeSet;

/// A15_IDLE_NO_MESH_BONE_KEYS.
pub struct A15IdleNoMeshBoneKeys;

/// How many bone names the declared-cost SKIP spells out.
const NAMES_SHOWN: usize = 8;

impl Rule for A15IdleNoMeshBoneKeys {
    fn code(&self) -> &'static str {
        "A15_IDLE_NO_MESH_BONE_KEYS"
    }

    fn kind(&self) -> RuleKind {
        RuleKind::Renderer
    }

    fn check(&self, facts: &Facts<'_>, out: &mut Outcome) {
        let Some(data) = skeleton_or_skip(facts, out) else {
            return;
        };
        let declared = facts.rig().and_then(|r| {
            r.invariants
                .idle_drives_meshes
                .as_ref()
                .map(|why| (r.name.as_str(), why))
        });
        // Each mesh with the bones that drive it.
        let driven: Vec<(f64, BTreeSet<usize>)> = meshes(data)
            .iter()
            .map(|(p, mesh)| {
                let mut bones: BTreeSet<usize> = data
                    .skins
                    .iter()
                    .flat_map(|s| s.entries())
                    .filter(|(_, e)| e.attachment == p.index)
                    .filter_map(|(slot, _)| data.slots.get(slot).map(|s| s.bone))
                    .collect();
                if let Ok(Some(vertices)) = bindings(&mesh.vertex) {
                    bones.extend(
                        vertices
                            .iter()
                            .flatten()
                            .filter_map(|b| bone_at(data, b.bone)),
                    );
                }
                (mesh.vertex.world_vertices_length / 2.0, bones)
            })
            .collect();
        let idle = data
            .find_animation("idle")
            .and_then(|i| data.animations.get(i));
        let stale = match idle {
            None => Some("the skeleton has no animation named \"idle\"".to_string()),
            Some(a) if a.bones.is_empty() => Some("\"idle\" keys no bone".to_string()),
            Some(_) => None,
        };
        let keyed: Vec<usize> = idle
            .map(|a| {
                a.bones
                    .iter()
                    .copied()
                    .filter(|b| driven.iter().any(|(_, d)| d.contains(b)))
                    .collect()
            })
            .unwrap_or_default();
        match (declared, stale) {
            (None, Some(why)) => out.skip(format!("{why}, so no idle frame recomputes a mesh")),
            (Some((rig, why)), _) if keyed.is_empty() => {
                let what = match idle {
                    None => "the skeleton has no animation named \"idle\"",
                    Some(a) if a.bones.is_empty() => "\"idle\" keys no bone",
                    Some(_) => "\"idle\" keys no bone that drives a mesh",
                };
                out.fail(format!(
                    "the rig \"{rig}\" declares invariants.idleDrivesMeshes (\"{why}\"), but {what}, so the declaration switches off nothing — remove it"
                ));
            }
            (Some((_, why)), _) => {
                let affected: Vec<&(f64, BTreeSet<usize>)> = driven
                    .iter()
                    .filter(|(_, d)| keyed.iter().any(|b| d.contains(b)))
                    .collect();
                let vertices: f64 = affected.iter().map(|(v, _)| v).sum();
                let mut names: Vec<String> = keyed
                    .iter()
                    .take(NAMES_SHOWN)
                    .map(|&b| format!("\"{}\"", bone_name(data, b)))
                    .collect();
                if keyed.len() > NAMES_SHOWN {
                    names.push(format!("(+{})", keyed.len() - NAMES_SHOWN));
                }
                out.skip(format!(
                    "declared by the rig (\"{why}\"): idle keys {} bone(s) that drive {} mesh attachment(s) totalling {} vertices — {} — and each of those meshes is recomputed on every frame it is shown",
                    keyed.len(),
                    affected.len(),
                    num(vertices),
                    names.join(", ")
                ));
            }
            (None, None) => {
                for (i, &b) in keyed.iter().enumerate() {
                    let hint = if i == 0 {
                        " — if this rig means it, declare it in the rig spec as invariants.idleDrivesMeshes: { \"why\": … }, or key a pivot one link up, which carries the mesh without recomputing it"
                    } else {
                        ""
                    };
                    let bone = bone_name(data, b);
                    let detail = format!(
                        "idle keys bone \"{}\", which drives a mesh — meshes never idle-skip{hint}",
                        bone
                    );
                    out.fail_at(Subject::animation("idle").on(Target::Bone(bone)), detail);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testkit::*;
    use rigc_sdk::gate::GateInput;
    use serde_json::json;

    const RULE: A15IdleNoMeshBoneKeys = A15IdleNoMeshBoneKeys;

    /// The fixture with an `idle` keying `bones` (rotate).
    fn idle(bones: &[&str]) -> GateInput {
        mutant(|v| {
            let mut keyed = serde_json::Map::new();
            for b in bones {
                keyed.insert((*b).into(), json!({ "rotate": [{ "value": 5 }] }));
            }
            v["animations"]["idle"] = json!({ "bones": keyed });
        })
    }

    fn declare(mut input: GateInput) -> GateInput {
        if let Some(rig) = input.rig.as_mut() {
            rig.invariants.idle_drives_meshes = Some("breathing".into());
        }
        input
    }

    #[test]
    fn passes_when_idle_keys_no_mesh_bone() {
        assert_pass(&RULE, &idle(&["t"]));
    }

    #[test]
    fn fails_once_per_keyed_mesh_bone_with_the_hint_first() {
        // "b" is the mesh's slot bone; "root" drives the weighted mesh below.
        let mut input = idle(&["root", "b"]);
        let mut v = skeleton();
        v["skins"][0]["attachments"]["m"]["m"]["vertices"] =
            json!([1, 0, 0, 0, 1, 1, 0, 4, 0, 1, 1, 0, 4, 4, 1]);
        v["animations"]["idle"] =
            json!({ "bones": { "root": { "rotate": [{}] }, "b": { "rotate": [{}] } } });
        input.skeleton_text = v.to_string();
        let in_idle = |bone: &str| Some(Subject::animation("idle").on(Target::Bone(bone.into())));
        assert_fails_at(
            &RULE,
            &input,
            &[
                (
                    "idle keys bone \"root\", which drives a mesh — meshes never idle-skip — if this rig means it, declare it in the rig spec as invariants.idleDrivesMeshes: { \"why\": … }, or key a pivot one link up, which carries the mesh without recomputing it",
                    in_idle("root"),
                ),
                (
                    "idle keys bone \"b\", which drives a mesh — meshes never idle-skip",
                    in_idle("b"),
                ),
            ],
        );
    }

    #[test]
    fn a_declaration_turns_the_cost_into_a_skip() {
        assert_skips(
            &RULE,
            &declare(idle(&["b", "t"])),
            "declared by the rig (\"breathing\"): idle keys 1 bone(s) that drive 1 mesh attachment(s) totalling 3 vertices — \"b\" — and each of those meshes is recomputed on every frame it is shown",
        );
    }

    #[test]
    fn fails_on_a_stale_declaration() {
        assert_fails_at(
            &RULE,
            &declare(idle(&["t"])),
            &[("the rig \"tiny\" declares invariants.idleDrivesMeshes (\"breathing\"), but \"idle\" keys no bone that drives a mesh, so the declaration switches off nothing — remove it", None)],
        );
        assert_fails(
            &RULE,
            &declare(fixture()),
            &["the rig \"tiny\" declares invariants.idleDrivesMeshes (\"breathing\"), but the skeleton has no animation named \"idle\", so the declaration switches off nothing — remove it"],
        );
    }

    #[test]
    fn skips_without_idle_or_skeleton() {
        assert_skips(
            &RULE,
            &fixture(),
            "the skeleton has no animation named \"idle\", so no idle frame recomputes a mesh",
        );
        let input = mutant(|v| v["animations"]["idle"] = json!({ "slots": {} }));
        assert_skips(
            &RULE,
            &input,
            "\"idle\" keys no bone, so no idle frame recomputes a mesh",
        );
        assert_skips(
            &RULE,
            &not_json(),
            rigc_sdk::gate::skip_reasons::NO_SKELETON,
        );
    }
}
