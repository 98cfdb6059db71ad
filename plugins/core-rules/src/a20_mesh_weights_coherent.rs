//! This module owns A20_MESH_WEIGHTS_COHERENT (mixed validity; GATE.md §2, §3,
//! §4.6). Validity, always, per weighted mesh: the weighted run decodes to one
//! binding list per vertex (`worldVerticesLength/2` of them); each vertex has a
//! binding; each weight is finite and ≥ 0; each bone index names a bone (the
//! encoding clause); the weights of a vertex sum to 1 within 1e-3. Policy, only
//! under `spine-html` and only for a generated mesh (not authored, not linked):
//! the mesh is weighted, binds no bone at weight exactly 0, and binds every bone
//! the rig declares for its slot (`RigInfo.mesh_declared_bones`).
//!
//! A mesh's kind is the rig's for its slot (`ring` when the rig says nothing); a
//! linked mesh is authored and shares its source's weights, which are measured
//! on the source. SKIPs with no mesh, or when the round trip produced no skeleton.

use crate::loaded::{bindings, bone_at, bone_name, mesh_kind, own_meshes_or_skip};
use crate::raw::{fixed, num, quoted_list};
use rigc_sdk::gate::facts::Facts;
use rigc_sdk::gate::{Outcome, Profile, Rule, RuleKind};

/// A20_MESH_WEIGHTS_COHERENT.
pub struct A20MeshWeightsCoherent;

impl Rule for A20MeshWeightsCoherent {
    fn code(&self) -> &'static str {
        "A20_MESH_WEIGHTS_COHERENT"
    }

    fn kind(&self) -> RuleKind {
        RuleKind::Validity
    }

    fn check(&self, facts: &Facts<'_>, out: &mut Outcome) {
        let Some((data, own)) = own_meshes_or_skip(facts, out) else {
            return;
        };
        let rig = facts.rig();
        let policy = facts.input.profile == Profile::SpineHtml;
        for (p, mesh) in own {
            let m = &p.attachment.name;
            let generated = mesh_kind(rig, p.slot_name, mesh) != "authored";
            let n = mesh.vertex.world_vertices_length / 2.0;
            let vertices = match bindings(&mesh.vertex) {
                Ok(None) => {
                    if policy && generated {
                        out.fail_at(
                            p.subject(),
                            format!(
                                "mesh \"{m}\" is unweighted; the ring tier drives meshes by bones"
                            ),
                        );
                    }
                    continue;
                }
                Ok(Some(v)) => v,
                Err(why) => {
                    out.fail_at(
                        p.subject(),
                        format!("mesh \"{m}\" weighted vertex run does not decode: {why}"),
                    );
                    continue;
                }
            };
            if vertices.len() as f64 != n {
                out.fail_at(
                    p.subject(),
                    format!(
                        "mesh \"{m}\" has weights for {} vertices but {} uv pairs",
                        vertices.len(),
                        num(n)
                    ),
                );
                continue;
            }
            for (i, list) in vertices.iter().enumerate() {
                if list.is_empty() {
                    out.fail_at(p.subject(), format!("mesh \"{m}\" vertex {i} has no bones"));
                    continue;
                }
                for b in list {
                    if !(b.weight.is_finite() && b.weight >= 0.0) {
                        out.fail_at(
                            p.subject(),
                            format!("mesh \"{m}\" vertex {i} has weight {}", num(b.weight)),
                        );
                    } else if policy && generated && b.weight == 0.0 {
                        out.fail_at(p.subject(), format!(
                            "mesh \"{m}\" vertex {i} is bound to bone index {} at weight 0; a generated mesh binds only bones that move it",
                            num(b.bone)
                        ));
                    }
                    if bone_at(data, b.bone).is_none() {
                        out.fail_at(p.subject(), format!(
                            "mesh \"{m}\" vertex {i} binds bone index {}, and the skeleton has {} bone(s) — the runtime reads a bone that is not there",
                            num(b.bone),
                            data.bones.len()
                        ));
                    }
                }
                let sum: f64 = list.iter().map(|b| b.weight).sum();
                if (sum - 1.0).abs() > 1e-3 || sum.is_nan() {
                    out.fail_at(
                        p.subject(),
                        format!("mesh \"{m}\" vertex {i} weights sum to {}", fixed(sum, 4)),
                    );
                }
            }
            let declared = rig
                .and_then(|r| r.mesh_declared_bones.iter().find(|(s, _)| s == p.slot_name))
                .map(|(_, bones)| bones);
            if let (true, true, Some(declared)) = (policy, generated, declared) {
                let mut bound: Vec<String> = Vec::new();
                for b in vertices.iter().flatten() {
                    if let Some(name) = bone_at(data, b.bone).map(|i| bone_name(data, i)) {
                        if !bound.contains(&name) {
                            bound.push(name);
                        }
                    }
                }
                for bone in declared.iter().filter(|b| !bound.contains(b)) {
                    out.fail_at(p.subject(), format!(
                        "mesh \"{m}\" declares bone \"{bone}\" and none of its {} vertices binds it; the weights reference {}",
                        vertices.len(),
                        quoted_list(bound.iter().map(String::as_str))
                    ));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testkit::*;
    use rigc_sdk::gate::{GateInput, Subject};
    use serde_json::json;

    const RULE: A20MeshWeightsCoherent = A20MeshWeightsCoherent;
    const M: &str = "mesh \"m\"";

    /// The fixture's mesh, as a subject.
    fn mesh() -> Option<Subject> {
        Some(Subject::attachment("default", "m", "m"))
    }

    /// The fixture with the mesh weighted by `vertices` (three vertices), as a
    /// generated ring under `spine-html` when `ring`.
    fn weighted(vertices: serde_json::Value, ring: bool) -> GateInput {
        let mut input = mutant(|v| v["skins"][0]["attachments"]["m"]["m"]["vertices"] = vertices);
        if let Some(rig) = input.rig.as_mut().filter(|_| ring) {
            rig.mesh_kinds.clear();
        }
        input
    }

    #[test]
    fn passes_on_the_fixture_and_a_coherent_ring() {
        assert_pass(&RULE, &fixture());
        let good = json!([1, 2, 0, 0, 1, 2, 1, 4, 0, 0.5, 2, 4, 0, 0.5, 1, 2, 4, 4, 1]);
        assert_pass(&RULE, &weighted(good, true));
    }

    #[test]
    fn policy_fails_an_unweighted_generated_mesh() {
        let mut input = fixture();
        if let Some(rig) = input.rig.as_mut() {
            rig.mesh_kinds.clear();
        }
        assert_fails(
            &RULE,
            &input,
            &[&format!(
                "{M} is unweighted; the ring tier drives meshes by bones"
            )],
        );
        input.profile = Profile::Spine;
        assert_pass(&RULE, &input);
    }

    #[test]
    fn fails_on_a_vertex_count_that_is_not_the_uv_count() {
        let input = weighted(json!([1, 2, 0, 0, 1, 1, 2, 4, 0, 1]), false);
        assert_fails(
            &RULE,
            &input,
            &[&format!("{M} has weights for 2 vertices but 3 uv pairs")],
        );
    }

    #[test]
    fn fails_on_each_bad_binding() {
        let input = weighted(
            json!([0, 2, 2, 0, 0, -0.5, 9, 0, 0, 1.5, 2, 2, 0, 0, 0.5, 2, 0, 0, 0.25]),
            false,
        );
        assert_fails_at(
            &RULE,
            &input,
            &[
                (&format!("{M} vertex 0 has no bones"), mesh()),
                (&format!("{M} vertex 1 has weight -0.5"), mesh()),
                (&format!("{M} vertex 1 binds bone index 9, and the skeleton has 4 bone(s) — the runtime reads a bone that is not there"), mesh()),
                (&format!("{M} vertex 2 weights sum to 0.7500"), mesh()),
            ],
        );
    }

    #[test]
    fn fails_on_a_run_that_does_not_decode() {
        let input = weighted(json!([1, 2, 0, 0, 1, 1, 2, 4, 0, 1, 5, 1]), false);
        assert_fails(&RULE, &input, &[&format!("{M} weighted vertex run does not decode: vertex 2 binds a bone index that is not a number — the runs read past the end of the array, or hold a value that is not a number")]);
    }

    #[test]
    fn policy_fails_a_zero_weight_and_an_unbound_declared_bone() {
        let mut input = weighted(
            json!([2, 2, 0, 0, 1, 3, 0, 0, 0, 1, 2, 4, 0, 1, 1, 2, 4, 4, 1]),
            true,
        );
        if let Some(rig) = input.rig.as_mut() {
            rig.mesh_declared_bones = vec![("m".into(), vec!["b".into(), "axis".into()])];
        }
        assert_fails_at(
            &RULE,
            &input,
            &[
                (&format!("{M} vertex 0 is bound to bone index 3 at weight 0; a generated mesh binds only bones that move it"), mesh()),
                (&format!("{M} declares bone \"axis\" and none of its 3 vertices binds it; the weights reference \"b\", \"t\""), mesh()),
            ],
        );
    }

    #[test]
    fn skips_without_a_mesh() {
        assert_skips(
            &RULE,
            &mutant(|v| drop_attachment(v, "m", "m")),
            skip_reasons::NO_MESH,
        );
        assert_skips(&RULE, &not_json(), skip_reasons::NO_SKELETON);
    }
}
