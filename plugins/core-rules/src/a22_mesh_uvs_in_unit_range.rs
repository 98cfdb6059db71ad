//! This module owns A22_MESH_UVS_IN_UNIT_RANGE (validity; GATE.md §3): a mesh's
//! authored `uvs` (the loaded `regionUVs`) number exactly `worldVerticesLength`,
//! and every one is finite and inside `[-1e-6, 1 + 1e-6]` — a uv outside the unit
//! square samples texels of another region. Only the first bad uv of a mesh is
//! reported.
//!
//! Measured on the loaded meshes (a linked mesh shares its source's uvs and is
//! measured there). SKIPs with no mesh, or when the round trip produced no
//! skeleton.

use crate::loaded::own_meshes_or_skip;
use crate::raw::num;
use rigc_sdk::gate::facts::Facts;
use rigc_sdk::gate::{Outcome, Rule, RuleKind};

/// How far outside `[0, 1]` a uv may stray.
const SLACK: f64 = 1e-6;

/// A22_MESH_UVS_IN_UNIT_RANGE.
pub struct A22MeshUvsInUnitRange;

impl Rule for A22MeshUvsInUnitRange {
    fn code(&self) -> &'static str {
        "A22_MESH_UVS_IN_UNIT_RANGE"
    }

    fn kind(&self) -> RuleKind {
        RuleKind::Validity
    }

    fn check(&self, facts: &Facts<'_>, out: &mut Outcome) {
        let Some((_, own)) = own_meshes_or_skip(facts, out) else {
            return;
        };
        for (p, mesh) in own {
            let name = &p.attachment.name;
            let uvs = &mesh.region_uvs;
            let wvl = mesh.vertex.world_vertices_length;
            if uvs.len() as f64 != wvl {
                out.fail_at(
                    p.subject(),
                    format!(
                        "mesh \"{name}\" has {} authored uv values for {}",
                        uvs.len(),
                        num(wvl)
                    ),
                );
            }
            if let Some((i, v)) = uvs
                .iter()
                .enumerate()
                .find(|(_, v)| !(**v >= -SLACK && **v <= 1.0 + SLACK))
            {
                out.fail_at(
                    p.subject(),
                    format!("mesh \"{name}\" uv[{i}] is {}", num(*v)),
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testkit::*;
    use serde_json::json;

    const RULE: A22MeshUvsInUnitRange = A22MeshUvsInUnitRange;

    fn uvs(uvs: serde_json::Value) -> rigc_sdk::gate::GateInput {
        mutant(|v| v["skins"][0]["attachments"]["m"]["m"]["uvs"] = uvs)
    }

    #[test]
    fn passes_on_the_fixture_and_within_the_slack() {
        assert_pass(&RULE, &fixture());
        assert_pass(&RULE, &uvs(json!([-1e-7, 0, 1.0000005, 0, 1, 1])));
    }

    #[test]
    fn fails_on_the_first_uv_outside_the_unit_square() {
        assert_fails_at(
            &RULE,
            &uvs(json!([0, 0, 1.5, 0, 1, -0.25])),
            &[(
                "mesh \"m\" uv[2] is 1.5",
                Some(rigc_sdk::gate::Subject::attachment("default", "m", "m")),
            )],
        );
        assert_fails(
            &RULE,
            &uvs(json!([0, 0, 1, "x", 1, 1])),
            &["mesh \"m\" uv[3] is NaN"],
        );
    }

    #[test]
    fn fails_on_a_uv_count_that_is_not_the_vertex_count() {
        // The reader takes the vertex count from `uvs.length`; `uvs` that is not
        // an array has no length, so the count is NaN and no uv is read.
        let input = uvs(json!({ "0": 0 }));
        assert_fails(
            &RULE,
            &input,
            &["mesh \"m\" has 0 authored uv values for NaN"],
        );
    }

    #[test]
    fn skips_without_a_mesh() {
        let input = mutant(|v| drop_attachment(v, "m", "m"));
        assert_skips(&RULE, &input, skip_reasons::NO_MESH);
        assert_skips(&RULE, &not_json(), skip_reasons::NO_SKELETON);
    }
}
