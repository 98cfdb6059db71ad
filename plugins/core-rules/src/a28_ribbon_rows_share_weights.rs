//! This module owns A28_RIBBON_ROWS_SHARE_WEIGHTS (archetype; GATE.md §3): a
//! generated ribbon is a strip of rows, row i being vertex i and vertex n−1−i,
//! and both sides of a row bind the same bones at the same weights (compared as
//! `bone:weight` at 6 decimals, in order) — otherwise the strip's width changes
//! as the chain bends. Its vertex count is even.
//!
//! Measured on every weighted, non-linked mesh whose slot the rig declares a
//! `ribbon` (`RigInfo.mesh_kinds`). SKIPs with no rig info, when the rig declares
//! no ribbon (naming the kinds it does declare), or when the round trip produced
//! no skeleton.

use crate::loaded::{bindings, bone_at, bone_name, meshes, skeleton_or_skip, Binding};
use crate::raw::{fixed, num, rig_or_skip};
use rigc_sdk::gate::facts::Facts;
use rigc_sdk::gate::{Outcome, Rule, RuleKind};
use rigc_sdk::spine::SkeletonData;

/// A28_RIBBON_ROWS_SHARE_WEIGHTS.
pub struct A28RibbonRowsShareWeights;

fn side(data: &SkeletonData, list: &[Binding]) -> String {
    list.iter()
        .map(|b| {
            let bone = bone_at(data, b.bone).map_or_else(|| num(b.bone), |i| bone_name(data, i));
            format!("{bone}:{}", fixed(b.weight, 6))
        })
        .collect::<Vec<_>>()
        .join(", ")
}

impl Rule for A28RibbonRowsShareWeights {
    fn code(&self) -> &'static str {
        "A28_RIBBON_ROWS_SHARE_WEIGHTS"
    }

    fn kind(&self) -> RuleKind {
        RuleKind::Archetype
    }

    fn check(&self, facts: &Facts<'_>, out: &mut Outcome) {
        let Some(rig) = rig_or_skip(facts, out) else {
            return;
        };
        let ribbons: Vec<&str> = rig
            .mesh_kinds
            .iter()
            .filter(|(_, k)| k == "ribbon")
            .map(|(s, _)| s.as_str())
            .collect();
        if ribbons.is_empty() {
            let others: Vec<String> = rig
                .mesh_kinds
                .iter()
                .map(|(s, k)| format!("\"{s}\" {k}"))
                .collect();
            let declared = if others.is_empty() {
                "it declares no mesh kind, so every mesh is a ring".to_string()
            } else {
                format!("it declares {}", others.join(", "))
            };
            out.skip(format!(
                "the rig \"{}\" declares no ribbon mesh ({declared}), so no strip has rows to compare",
                rig.name
            ));
            return;
        }
        let Some(data) = skeleton_or_skip(facts, out) else {
            return;
        };
        for (p, mesh) in meshes(data) {
            if mesh.source_mesh.is_some() || !ribbons.contains(&p.slot_name) {
                continue;
            }
            let Ok(Some(vertices)) = bindings(&mesh.vertex) else {
                continue;
            };
            let (m, n) = (&p.attachment.name, vertices.len());
            if n % 2 != 0 {
                out.fail_at(
                    p.subject(),
                    format!("ribbon \"{m}\" has {n} vertices; a strip has an even count"),
                );
                continue;
            }
            for (i, (l, r)) in vertices
                .iter()
                .zip(vertices.iter().rev())
                .take(n / 2)
                .enumerate()
            {
                let (l, r) = (side(data, l), side(data, r));
                if l != r {
                    out.fail_at(p.subject(), format!(
                        "ribbon \"{m}\" row {i} has [{l}] on one side and [{r}] on the other; its width would change with the chain"
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
    use serde_json::{json, Value};

    const RULE: A28RibbonRowsShareWeights = A28RibbonRowsShareWeights;

    fn ribbon(uvs: Value, vertices: Value) -> GateInput {
        let mut input = mutant(|v| {
            let m = &mut v["skins"][0]["attachments"]["m"]["m"];
            m["uvs"] = uvs;
            m["vertices"] = vertices;
            if let Some(a) = v["animations"]["a"]["attachments"]["default"]["m"].as_object_mut() {
                a.remove("m");
            }
        });
        if let Some(rig) = input.rig.as_mut() {
            rig.mesh_kinds = vec![("m".into(), "ribbon".into())];
        }
        input
    }

    const QUAD: [f64; 8] = [0.0, 0.0, 1.0, 0.0, 1.0, 1.0, 0.0, 1.0];

    #[test]
    fn passes_rows_with_equal_sides() {
        let v = json!([
            1, 2, 0, 0, 1, 2, 2, 1, 0, 0.5, 3, 1, 0, 0.5, 2, 2, 1, 1, 0.5, 3, 1, 1, 0.5, 1, 2, 0,
            1, 1
        ]);
        assert_pass(&RULE, &ribbon(json!(QUAD), v));
    }

    #[test]
    fn fails_a_row_whose_sides_differ() {
        let v = json!([
            1, 2, 0, 0, 1, 2, 2, 1, 0, 0.5, 3, 1, 0, 0.5, 2, 2, 1, 1, 0.25, 3, 1, 1, 0.75, 1, 2, 0,
            1, 1
        ]);
        assert_fails_at(
            &RULE,
            &ribbon(json!(QUAD), v),
            &[("ribbon \"m\" row 1 has [b:0.500000, t:0.500000] on one side and [b:0.250000, t:0.750000] on the other; its width would change with the chain", Some(Subject::attachment("default", "m", "m")))],
        );
    }

    #[test]
    fn fails_an_odd_vertex_count() {
        let v = json!([1, 2, 0, 0, 1, 1, 2, 1, 0, 1, 1, 2, 1, 1, 1]);
        assert_fails_at(
            &RULE,
            &ribbon(json!([0, 0, 1, 0, 1, 1]), v),
            &[(
                "ribbon \"m\" has 3 vertices; a strip has an even count",
                Some(Subject::attachment("default", "m", "m")),
            )],
        );
    }

    #[test]
    fn skips_without_rig_or_ribbon() {
        assert_skips(&RULE, &no_rig(), skip_reasons::NO_RIG);
        assert_skips(
            &RULE,
            &fixture(),
            "the rig \"tiny\" declares no ribbon mesh (it declares \"m\" authored), so no strip has rows to compare",
        );
        let mut input = not_json();
        if let Some(rig) = input.rig.as_mut() {
            rig.mesh_kinds = vec![("m".into(), "ribbon".into())];
        }
        assert_skips(&RULE, &input, skip_reasons::NO_SKELETON);
    }
}
