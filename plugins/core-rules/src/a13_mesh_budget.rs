//! This module owns A13_MESH_BUDGET (renderer; GATE.md §3, §4.4): the rig's frame
//! budget for meshes holds — the number of distinct slots holding a mesh (in any
//! skin) is at most `invariants.meshSlots`, and each mesh's triangle count
//! (`triangles.length / 3`) is at most `invariants.meshTriangles`.
//!
//! SKIPs with no rig info, when the rig declares neither budget, when only a
//! triangle budget is declared and the skeleton has no mesh, or when the round
//! trip produced no skeleton.

use crate::loaded::{meshes, skeleton_or_skip};
use crate::raw::{num, rig_or_skip};
use rigc_sdk::gate::facts::Facts;
use rigc_sdk::gate::{skip_reasons, Outcome, Rule, RuleKind};
use std::collections::BTreeSet;

/// A13_MESH_BUDGET.
pub struct A13MeshBudget;

impl Rule for A13MeshBudget {
    fn code(&self) -> &'static str {
        "A13_MESH_BUDGET"
    }

    fn kind(&self) -> RuleKind {
        RuleKind::Renderer
    }

    fn check(&self, facts: &Facts<'_>, out: &mut Outcome) {
        let Some(rig) = rig_or_skip(facts, out) else {
            return;
        };
        let (slots, triangles) = (rig.invariants.mesh_slots, rig.invariants.mesh_triangles);
        if slots.is_none() && triangles.is_none() {
            out.skip(format!(
                "the rig \"{}\" declares no mesh budget (invariants.meshSlots, invariants.meshTriangles)",
                rig.name
            ));
            return;
        }
        let Some(data) = skeleton_or_skip(facts, out) else {
            return;
        };
        let all = meshes(data);
        if slots.is_none() && all.is_empty() {
            out.skip(skip_reasons::NO_MESH);
            return;
        }
        if let Some(budget) = slots {
            let used: BTreeSet<usize> = data
                .skins
                .iter()
                .flat_map(|s| s.entries())
                .filter(|(_, e)| all.iter().any(|(p, _)| p.index == e.attachment))
                .map(|(slot, _)| slot)
                .collect();
            if used.len() > budget as usize {
                out.fail(format!(
                    "{} mesh slots, the rig budgets {budget}",
                    used.len()
                ));
            }
        }
        if let Some(budget) = triangles {
            for (p, mesh) in &all {
                let t = mesh
                    .triangles
                    .as_ref()
                    .map_or(0.0, |t| t.len() as f64 / 3.0);
                if t > f64::from(budget) {
                    out.fail_at(
                        p.subject(),
                        format!(
                            "mesh \"{}\" has {} triangles, the rig budgets {budget}",
                            p.attachment.name,
                            num(t)
                        ),
                    );
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

    const RULE: A13MeshBudget = A13MeshBudget;

    fn budgets(mut input: GateInput, slots: Option<u32>, triangles: Option<u32>) -> GateInput {
        if let Some(rig) = input.rig.as_mut() {
            rig.invariants.mesh_slots = slots;
            rig.invariants.mesh_triangles = triangles;
        }
        input
    }

    fn second_mesh() -> GateInput {
        mutant(|v| {
            let mut m = v["skins"][0]["attachments"]["m"]["m"].clone();
            m["triangles"] = json!([0, 1, 2, 2, 1, 0]);
            v["skins"][0]["attachments"]["s"]["m2"] = m;
        })
    }

    #[test]
    fn passes_on_the_fixture() {
        assert_pass(&RULE, &fixture());
        assert_pass(&RULE, &budgets(second_mesh(), Some(2), Some(2)));
    }

    #[test]
    fn fails_on_too_many_mesh_slots() {
        assert_fails_at(
            &RULE,
            &budgets(second_mesh(), Some(1), None),
            &[("2 mesh slots, the rig budgets 1", None)],
        );
    }

    #[test]
    fn fails_on_each_mesh_over_the_triangle_budget() {
        assert_fails_at(
            &RULE,
            &budgets(second_mesh(), None, Some(1)),
            &[(
                "mesh \"m2\" has 2 triangles, the rig budgets 1",
                Some(rigc_sdk::gate::Subject::attachment("default", "s", "m2")),
            )],
        );
    }

    #[test]
    fn skips_without_a_budget_or_a_mesh() {
        assert_skips(&RULE, &no_rig(), skip_reasons::NO_RIG);
        assert_skips(
            &RULE,
            &budgets(fixture(), None, None),
            "the rig \"tiny\" declares no mesh budget (invariants.meshSlots, invariants.meshTriangles)",
        );
        let input = budgets(mutant(|v| drop_attachment(v, "m", "m")), None, Some(3));
        assert_skips(&RULE, &input, skip_reasons::NO_MESH);
        assert_skips(&RULE, &not_json(), skip_reasons::NO_SKELETON);
    }
}
