//! This module owns A50_STAGE_BOX_IS_THE_STAGE (validity; GATE.md §3, §4.16):
//! when the rig asks for a stage box, the skeleton carries one that is the
//! stage.
//!
//! **Asked?** In rigc the ask is the `/3` model document's `stage.box` (from the
//! rig's `skeleton.stageBox`). This project writes no model document, and
//! [`rigc_sdk::gate::RigInfo`] cannot state a stage box yet, so nothing asks:
//! the rule SKIPs with [`NO_STAGE_BOX`] (GATE.md's `SKIP_NO_STAGE_BOX`, whose
//! text was not captured). The body is implemented and tested all the same
//! ([`check_box`]), so that the day `RigInfo` carries the ask, [`asked`] is the
//! only thing to change:
//!
//! 1. **Structure**, each failure its own FAIL, and the rule returns there: the
//!    slot exists; the default skin holds an attachment of that name on it; it
//!    is a `boundingbox`; it is unweighted; it stores exactly 8 numbers.
//! 2. **Stored corners**: the four vertices, bottom-left first and
//!    counter-clockwise — `(x, y), (x+w, y), (x+w, y+h), (x, y+h)` — are stored
//!    as exactly `fround(corner)`. One FAIL per bad vertex.
//! 3. **Setup pose** (only when 2 passed): the setup pose with constraints
//!    applied (no physics, no skin set) poses the box's vertices where the
//!    corners pose on an unrotated root as the runtime computes it (`b = cos 90°`
//!    at the runtime's π, about −2.3e-8, not 0). Both sides are compared on the
//!    header's number grid; `headerBoxNumber` was not read, and this project's
//!    header numbers are float32 values (DECISIONS.md), so the grid is float32.

use crate::loaded::skeleton_or_skip;
use rigc_sdk::gate::facts::Facts;
use rigc_sdk::gate::{Outcome, Rule, RuleKind, Subject};
use rigc_sdk::model::Bounds;
use rigc_sdk::num::{f32_of, f32_text};
use rigc_sdk::spine::data::AttachmentKind;
use rigc_sdk::spine::math::{cos, sin, DEG_RAD};
use rigc_sdk::spine::pose::{Physics, Plans};
use rigc_sdk::spine::SkeletonData;

/// A50_STAGE_BOX_IS_THE_STAGE.
pub struct A50StageBoxIsTheStage;

/// SKIP (`SKIP_NO_STAGE_BOX`, this project's text): nothing asks for a box.
pub(crate) const NO_STAGE_BOX: &str = "no stage box is asked for: this project writes no model document and its rig info cannot state a \"skeleton.stageBox\", so there is no box to hold to the stage";

/// A stage box the rig asks for: the slot, the bounding box's name in the
/// default skin, and the stage it must be.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct StageBox {
    /// The slot.
    pub slot: String,
    /// The attachment (placeholder) name in the default skin.
    pub attachment: String,
    /// The stage: x, y, width, height.
    pub stage: Bounds,
}

/// The stage box the build asks for: none, since `RigInfo` cannot say.
fn asked(_facts: &Facts<'_>) -> Option<StageBox> {
    None
}

impl Rule for A50StageBoxIsTheStage {
    fn code(&self) -> &'static str {
        "A50_STAGE_BOX_IS_THE_STAGE"
    }

    fn kind(&self) -> RuleKind {
        RuleKind::Validity
    }

    fn check(&self, facts: &Facts<'_>, out: &mut Outcome) {
        let Some(ask) = asked(facts) else {
            out.skip(NO_STAGE_BOX);
            return;
        };
        let Some(data) = skeleton_or_skip(facts, out) else {
            return;
        };
        check_box(data, facts.plans(), &ask, out);
    }
}

/// `(x, y)` in float32 spelling.
fn pair(x: f64, y: f64) -> String {
    format!("({}, {})", f32_text(x), f32_text(y))
}

/// The body over a loaded skeleton and an ask.
pub(crate) fn check_box(data: &SkeletonData, plans: &Plans, ask: &StageBox, out: &mut Outcome) {
    let Bounds {
        x,
        y,
        width: w,
        height: h,
    } = ask.stage;
    let head = format!(
        "the stage box (slot \"{}\", attachment \"{}\")",
        ask.slot, ask.attachment
    );
    let stage = format!(
        "the stage {},{} {}x{}",
        f32_text(x),
        f32_text(y),
        f32_text(w),
        f32_text(h)
    );
    // Every finding is about the box's entry in the default skin, but a
    // missing slot, which is about the slot.
    let entry = || Subject::attachment("default", &ask.slot, &ask.attachment);
    let Some(slot) = data.find_slot(&ask.slot) else {
        out.fail_at(
            Subject::slot(&ask.slot),
            format!(
                "{head}: the skeleton has no slot \"{}\" — {stage} has no box to read",
                ask.slot
            ),
        );
        return;
    };
    let found = data
        .default_skin
        .and_then(|s| data.skins.get(s))
        .and_then(|s| s.get_attachment(slot, &ask.attachment))
        .and_then(|a| data.attachments.get(a));
    let Some(att) = found else {
        out.fail_at(entry(), format!(
            "{head}: the default skin holds no attachment \"{}\" on slot \"{}\" — {stage} has no box to read",
            ask.attachment, ask.slot
        ));
        return;
    };
    let AttachmentKind::BoundingBox { vertex, .. } = &att.kind else {
        out.fail_at(entry(), format!(
            "{head}: the attachment is a {}, not a boundingbox — {stage} is read off a bounding box's four corners",
            att.type_name()
        ));
        return;
    };
    if vertex.bones.is_some() {
        out.fail_at(entry(), format!(
            "{head}: the bounding box is weighted — its corners move with the bones that weigh them, and {stage} is four fixed corners on one bone"
        ));
        return;
    }
    if vertex.vertices.len() != 8 {
        out.fail_at(
            entry(),
            format!(
                "{head}: the bounding box stores {} numbers, not 8 — {stage} is four corners",
                vertex.vertices.len()
            ),
        );
        return;
    }
    let corners = [(x, y), (x + w, y), (x + w, y + h), (x, y + h)];
    let mut stored_ok = true;
    for (i, &(cx, cy)) in corners.iter().enumerate() {
        let (vx, vy) = (
            vertex
                .vertices
                .get(2 * i)
                .map_or(f64::NAN, |&v| f64::from(v)),
            vertex
                .vertices
                .get(2 * i + 1)
                .map_or(f64::NAN, |&v| f64::from(v)),
        );
        if vx != f32_of(cx) || vy != f32_of(cy) {
            stored_ok = false;
            out.fail_at(entry(), format!(
                "{head}: vertex {i} is stored as {} and the stage's corner is {} — the box stores {stage}'s corners exactly, as float32, bottom-left first and counter-clockwise",
                pair(vx, vy),
                pair(cx, cy)
            ));
        }
    }
    if !stored_ok {
        return;
    }
    let posed = crate::posing::fresh(data, plans, None).and_then(|mut sk| {
        sk.update_world_transform_with(Physics::None)?;
        sk.vertex_world(slot, vertex)
    });
    let world = match posed {
        Ok(w) => w,
        Err(e) => {
            out.fail_at(
                entry(),
                format!(
                    "{head}: {} while posing the setup pose",
                    crate::posing::threw(&e)
                ),
            );
            return;
        }
    };
    // An unrotated root's frame, as the runtime computes it.
    let (a, b, c, d) = (cos(0.0), cos(90.0 * DEG_RAD), sin(0.0), sin(90.0 * DEG_RAD));
    for (i, &(cx, cy)) in corners.iter().enumerate() {
        let (ex, ey) = (a * cx + b * cy, c * cx + d * cy);
        let (px, py) = (
            world.get(2 * i).copied().unwrap_or(f64::NAN),
            world.get(2 * i + 1).copied().unwrap_or(f64::NAN),
        );
        if f32_of(px) != f32_of(ex) || f32_of(py) != f32_of(ey) {
            out.fail_at(entry(), format!(
                "{head}: vertex {i} poses at {} at the setup pose and the stage's corner poses at {} on an unrotated root, on the header's grid — something moves the box's bone at setup (a constraint, or a pose the root does not state), so the box a consumer reads is not the stage",
                pair(px, py),
                pair(ex, ey)
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testkit::*;
    use rigc_sdk::gate::facts::Facts;
    use serde_json::json;

    const RULE: A50StageBoxIsTheStage = A50StageBoxIsTheStage;

    fn ask() -> StageBox {
        StageBox {
            slot: "box".into(),
            attachment: "box".into(),
            stage: Bounds {
                x: -100.0,
                y: 0.1,
                width: 640.0,
                height: 480.0,
            },
        }
    }

    /// The fixture whose "box" is the stage box of [`ask`], after `edit`.
    fn staged(edit: impl FnOnce(&mut serde_json::Value)) -> rigc_sdk::gate::GateInput {
        mutant(|v| {
            v["skins"][0]["attachments"]["box"]["box"] = json!({
                "type": "boundingbox", "vertexCount": 4,
                "vertices": [-100, 0.1, 540, 0.1, 540, 480.1, -100, 480.1]
            });
            if let Some(a) = v["animations"]["a"]["attachments"]["default"].as_object_mut() {
                a.remove("box");
            }
            edit(v);
        })
    }

    fn run(input: &rigc_sdk::gate::GateInput, ask: &StageBox) -> Outcome {
        assert_spine_loads(input);
        let facts = Facts::new(input);
        let data = &facts.loaded().expect("loads").data;
        let mut out = Outcome::default();
        check_box(data, facts.plans(), ask, &mut out);
        out
    }

    #[test]
    fn skips_when_nothing_asks_for_a_box() {
        assert_skips(&RULE, &fixture(), NO_STAGE_BOX);
        assert_skips(&RULE, &not_json(), NO_STAGE_BOX);
    }

    #[test]
    fn passes_a_box_that_is_the_stage() {
        let out = run(&staged(|_| {}), &ask());
        assert_eq!(out, Outcome::default());
    }

    #[test]
    fn a_box_that_is_not_there_or_not_a_box_fails() {
        let head = "the stage box (slot \"box\", attachment \"box\")";
        let stage = "the stage -100,0.1 640x480";
        let mut no_slot = ask();
        no_slot.slot = "frame".into();
        let failures = run(&staged(|_| {}), &no_slot).failures;
        assert_eq!(
            failures,
            [format!("the stage box (slot \"frame\", attachment \"box\"): the skeleton has no slot \"frame\" — {stage} has no box to read")]
        );
        assert_eq!(failures[0].subject, Some(Subject::slot("frame")));
        let mut no_att = ask();
        no_att.attachment = "stage".into();
        let failures = run(&staged(|_| {}), &no_att).failures;
        assert_eq!(
            failures,
            [format!("the stage box (slot \"box\", attachment \"stage\"): the default skin holds no attachment \"stage\" on slot \"box\" — {stage} has no box to read")]
        );
        assert_eq!(
            failures[0].subject,
            Some(Subject::attachment("default", "box", "stage"))
        );
        let input = staged(|v| {
            v["skins"][0]["attachments"]["box"]["box"] = json!({ "type": "point", "x": 1 });
        });
        assert_eq!(run(&input, &ask()).failures, [format!("{head}: the attachment is a point, not a boundingbox — {stage} is read off a bounding box's four corners")]);
        let input = staged(|v| {
            v["skins"][0]["attachments"]["box"]["box"]["vertices"] = json!([
                1, 0, -100, 0.1, 1, 0, 540, 0.1, 1, 1, 0, 540, 480.1, 1, 1, 0, -100, 480.1, 1
            ]);
        });
        assert_eq!(run(&input, &ask()).failures, [format!("{head}: the bounding box is weighted — its corners move with the bones that weigh them, and {stage} is four fixed corners on one bone")]);
        let input = staged(|v| {
            let b = &mut v["skins"][0]["attachments"]["box"]["box"];
            b["vertexCount"] = json!(3);
            b["vertices"] = json!([-100, 0.1, 540, 0.1, 540, 480.1]);
        });
        assert_eq!(
            run(&input, &ask()).failures,
            [format!(
                "{head}: the bounding box stores 6 numbers, not 8 — {stage} is four corners"
            )]
        );
    }

    #[test]
    fn corners_stored_elsewhere_or_in_another_order_fail() {
        let input = staged(|v| {
            v["skins"][0]["attachments"]["box"]["box"]["vertices"] =
                json!([-100, 0.1, -100, 480.1, 540, 480.1, 540, 0.1]);
        });
        assert_eq!(
            run(&input, &ask()).failures,
            [
                "the stage box (slot \"box\", attachment \"box\"): vertex 1 is stored as (-100, 480.1) and the stage's corner is (540, 0.1) — the box stores the stage -100,0.1 640x480's corners exactly, as float32, bottom-left first and counter-clockwise",
                "the stage box (slot \"box\", attachment \"box\"): vertex 3 is stored as (540, 0.1) and the stage's corner is (-100, 480.1) — the box stores the stage -100,0.1 640x480's corners exactly, as float32, bottom-left first and counter-clockwise",
            ]
        );
    }

    #[test]
    fn a_box_that_moves_at_setup_fails() {
        // The root is turned at setup: the box is posed off the stage.
        let input = staged(|v| v["bones"][0]["rotation"] = json!(90));
        let out = run(&input, &ask());
        assert_eq!(out.failures.len(), 4, "{:#?}", out.failures);
        for f in &out.failures {
            assert_eq!(
                f.subject,
                Some(Subject::attachment("default", "box", "box"))
            );
        }
        assert_eq!(out.failures[0], "the stage box (slot \"box\", attachment \"box\"): vertex 0 poses at (-0.099997684, -100) at the setup pose and the stage's corner poses at (-100, 0.1) on an unrotated root, on the header's grid — something moves the box's bone at setup (a constraint, or a pose the root does not state), so the box a consumer reads is not the stage");
    }
}
