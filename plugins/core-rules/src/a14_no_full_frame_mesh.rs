//! This module owns A14_NO_FULL_FRAME_MESH (renderer; GATE.md §3): no mesh spans
//! the whole stage — a mesh whose (nonessential) `width` and `height` both reach
//! the stage's is a full-frame deforming surface, which rigc's frame budget
//! refuses. The stage is the rig's (`RigInfo.stage`), else the skeleton header's
//! width and height.
//!
//! A NO_ rule: zero such meshes PASSes. SKIPs when no stage size is known, or
//! when the round trip produced no skeleton.

use crate::loaded::{meshes, skeleton_or_skip, stage};
use crate::raw::num;
use rigc_sdk::gate::facts::Facts;
use rigc_sdk::gate::{Outcome, Rule, RuleKind};

/// A14_NO_FULL_FRAME_MESH.
pub struct A14NoFullFrameMesh;

/// SKIP: no stage size.
pub(crate) const NO_STAGE: &str = "no stage size is known (no rig stage, and the skeleton header states no positive width and height), so there is no full frame to compare a mesh with";

impl Rule for A14NoFullFrameMesh {
    fn code(&self) -> &'static str {
        "A14_NO_FULL_FRAME_MESH"
    }

    fn kind(&self) -> RuleKind {
        RuleKind::Renderer
    }

    fn check(&self, facts: &Facts<'_>, out: &mut Outcome) {
        let Some(data) = skeleton_or_skip(facts, out) else {
            return;
        };
        let Some((sw, sh)) = stage(facts, data) else {
            out.skip(NO_STAGE);
            return;
        };
        for (p, mesh) in meshes(data) {
            if mesh.width >= sw && mesh.height >= sh {
                out.fail_at(
                    p.subject(),
                    format!(
                        "mesh \"{}\" spans the whole {}x{} stage",
                        p.attachment.name,
                        num(sw),
                        num(sh)
                    ),
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testkit::*;
    use rigc_sdk::gate::skip_reasons;
    use rigc_sdk::model::Bounds;
    use serde_json::json;

    const RULE: A14NoFullFrameMesh = A14NoFullFrameMesh;

    fn sized(w: f64, h: f64) -> rigc_sdk::gate::GateInput {
        mutant(|v| {
            v["skins"][0]["attachments"]["m"]["m"]["width"] = json!(w);
            v["skins"][0]["attachments"]["m"]["m"]["height"] = json!(h);
        })
    }

    #[test]
    fn passes_on_the_fixture_and_a_mesh_short_of_one_side() {
        assert_pass(&RULE, &fixture());
        assert_pass(&RULE, &sized(10.0, 9.5));
    }

    #[test]
    fn fails_on_a_mesh_spanning_the_header_stage() {
        assert_fails_at(
            &RULE,
            &sized(10.0, 12.0),
            &[(
                "mesh \"m\" spans the whole 10x10 stage",
                Some(rigc_sdk::gate::Subject::attachment("default", "m", "m")),
            )],
        );
    }

    #[test]
    fn the_rig_stage_wins_over_the_header() {
        let mut input = sized(10.0, 12.0);
        if let Some(rig) = input.rig.as_mut() {
            rig.stage = Some(Bounds {
                x: 0.0,
                y: 0.0,
                width: 20.0,
                height: 12.0,
            });
        }
        assert_pass(&RULE, &input);
        if let Some(rig) = input.rig.as_mut() {
            rig.stage = Some(Bounds {
                x: 0.0,
                y: 0.0,
                width: 8.0,
                height: 12.0,
            });
        }
        assert_fails(&RULE, &input, &["mesh \"m\" spans the whole 8x12 stage"]);
    }

    #[test]
    fn skips_without_a_stage_or_skeleton() {
        let input = mutant(|v| v["skeleton"] = json!({ "spine": "4.3.13" }));
        assert_skips(&RULE, &input, NO_STAGE);
        assert_skips(&RULE, &not_json(), skip_reasons::NO_SKELETON);
    }
}
