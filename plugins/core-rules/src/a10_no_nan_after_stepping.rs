//! This module owns A10_NO_NAN_AFTER_STEPPING (validity; GATE.md §3, §4.3): the
//! skeleton poses to finite numbers. Three checks, in order, each stopping the
//! rule at its first defect:
//!
//! 1. **Inherit keys.** Every `inherit` key of a bone timeline is posed at its
//!    stored time on a fresh, non-looping track from the setup pose with every
//!    physics state reset; the bone's posed inheritance mode must resolve (a
//!    spelling the runtime's enum lookup misses, such as `noscale`, leaves the
//!    bone with no world transform at all). If any key fails, the rule stops.
//! 2. **The setup pose** (physics reset, before any animation) is scanned for
//!    the first non-finite number: each bone's `a, b, c, d, worldX, worldY`
//!    (bones first), then the world vertices of each region or mesh the draw
//!    order shows. With no animation, the setup pose's inheritance modes and
//!    slot colours are checked too, and the stats say `nanStepping=skipped`.
//! 3. **Each animation**, in file order, on a looping track over the setup pose,
//!    is stepped `STEP_FRAMES = 120` times by `max(duration, 1)/120` seconds
//!    (each frame: `setupPose`, apply from the previous frame's time, the
//!    skeleton's clock advanced, `updateWorldTransform(Physics.update)`, as
//!    `rigc sample --physics` steps). After each step the finite scan runs, then
//!    the inheritance modes, then the slot colours and dark colours.
//!
//! What the runtime throws while posing (a crash in spine-core) is a FAIL at the
//! same `where`. No skin is set: attachments resolve in the default skin, as in
//! a consumer that never calls `setSkin`.
//!
//! **SKIP_NO_POSE** (GATE.md did not capture its text; this project's):
//! [`NO_POSE`] — the skeleton has no bone and no animation. Also SKIPs when the
//! round trip produced no skeleton (A00 owns that failure).

use crate::loaded::{attachment_target, skeleton_or_skip};
use crate::posing::{fresh, posed_at, time};
use crate::raw::{json_or_undefined, num};
use rigc_sdk::gate::facts::Facts;
use rigc_sdk::gate::{Outcome, Rule, RuleKind, Subject, Target};
use rigc_sdk::model::names::{field, BoneTimeline};
use rigc_sdk::spine::data::TimelineKind;
use rigc_sdk::spine::pose::{Physics, Plans, PoseError, Skeleton};
use rigc_sdk::spine::SkeletonData;
use serde_json::Value;

/// A10_NO_NAN_AFTER_STEPPING.
pub struct A10NoNanAfterStepping;

/// SKIP (`SKIP_NO_POSE`, this project's text): nothing to pose.
pub(crate) const NO_POSE: &str =
    "the skeleton declares no bone and no animation, so there is no pose to step";

/// Steps per animation.
pub(crate) const STEP_FRAMES: u32 = 120;

/// The inheritance modes the runtime's lookup resolves, as a detail lists them.
const MODES: &str = "normal, onlyTranslation, noRotationOrReflection, noScale, noScaleOrReflection — only the first letter's case is free";

/// Where the setup pose is measured.
const SETUP: &str = "the setup pose (physics reset)";

impl Rule for A10NoNanAfterStepping {
    fn code(&self) -> &'static str {
        "A10_NO_NAN_AFTER_STEPPING"
    }

    fn kind(&self) -> RuleKind {
        RuleKind::Validity
    }

    fn check(&self, facts: &Facts<'_>, out: &mut Outcome) {
        let Some(data) = skeleton_or_skip(facts, out) else {
            return;
        };
        if data.bones.is_empty() && data.animations.is_empty() {
            out.skip(NO_POSE);
            return;
        }
        let raw = facts.raw().ok();
        let plans = facts.plans();
        if inherit_keys(data, plans, raw, out) {
            return;
        }
        let setup = fresh(data, plans, None).and_then(|mut sk| {
            sk.update_world_transform_with(Physics::Reset)?;
            Ok(sk)
        });
        let sk = match setup {
            Ok(sk) => sk,
            Err(e) => {
                out.fail(format!("{SETUP}: {}", threw_while_posing(&e)));
                return;
            }
        };
        if let Some((subject, detail)) = finite_scan(&sk, SETUP, None) {
            out.fail_at(subject, detail);
            return;
        }
        if data.animations.is_empty() {
            if let Some((subject, detail)) = modes_and_colours(&sk, raw, SETUP, None) {
                out.fail_at(subject, detail);
            }
            out.stat("nanStepping", "skipped");
            return;
        }
        for (a, anim) in data.animations.iter().enumerate() {
            if let Some((subject, detail)) = step(data, plans, a, raw, &anim.name, anim.duration) {
                out.fail_at(subject, detail);
                return;
            }
        }
    }
}

/// `target` as a subject: in animation `anim` when the defect was posed there,
/// else in the setup.
fn about(anim: Option<&str>, target: Target) -> Subject {
    match anim {
        Some(a) => Subject::animation(a).on(target),
        None => Subject::of(target),
    }
}

/// `the runtime throws "<message>" while posing`.
fn threw_while_posing(e: &PoseError) -> String {
    format!("{} while posing", crate::posing::threw(e))
}

/// Check 1: every inherit key posed at its time resolves. True when one failed.
fn inherit_keys(
    data: &SkeletonData,
    plans: &Plans,
    raw: Option<&Value>,
    out: &mut Outcome,
) -> bool {
    let mut failed = false;
    for (a, anim) in data.animations.iter().enumerate() {
        for t in &anim.timelines {
            let TimelineKind::Inherit(b, _) = &t.kind else {
                continue;
            };
            let bone = data.bones.get(*b).map_or("", |b| b.name.as_str());
            for (k, &at) in crate::posing::key_times(t).iter().enumerate() {
                let subject = Subject::animation(anim.name.as_str())
                    .on(Target::Bone(bone.into()))
                    .timeline(BoneTimeline::Inherit.name())
                    .key(k);
                let posed = posed_at(data, plans, a, at, None, Physics::Reset);
                let at_text = time(at);
                let head = format!(
                    "animation \"{}\" bone \"{bone}\" inherit (t={at_text})",
                    anim.name
                );
                match posed {
                    Err(e) => {
                        out.fail_at(subject, format!("{head}: {}", threw_while_posing(&e)));
                        failed = true;
                    }
                    Ok(sk) => {
                        let Some(posed_bone) = sk.bones.get(*b) else {
                            continue;
                        };
                        if posed_bone.applied().inherit.is_some() {
                            continue;
                        }
                        let spelled = raw
                            .and_then(|r| r.get("animations"))
                            .and_then(|x| x.get(&anim.name))
                            .and_then(|x| x.get("bones"))
                            .and_then(|x| x.get(bone))
                            .and_then(|x| x.get(BoneTimeline::Inherit.name()))
                            .and_then(|x| x.get(k));
                        let spelled =
                            json_or_undefined(spelled.and_then(|key| key.get(field::INHERIT)));
                        out.fail_at(subject, format!(
                            "{head}: the bone poses inheritance mode undefined — the key spells {spelled}, which the runtime's mode lookup does not resolve ({MODES}), so from this key on the bone gets no world transform: it keeps whatever matrix it had, and everything it carries is drawn there"
                        ));
                        failed = true;
                    }
                }
            }
        }
    }
    failed
}

/// Check 3 for one animation: the first defect's subject and detail, if any.
fn step(
    data: &SkeletonData,
    plans: &Plans,
    a: usize,
    raw: Option<&Value>,
    name: &str,
    duration: f64,
) -> Option<(Subject, String)> {
    let span = if duration.is_finite() && duration > 1.0 {
        duration
    } else {
        1.0
    };
    let dt = span / f64::from(STEP_FRAMES);
    let mut sk = match fresh(data, plans, None).and_then(|mut sk| {
        sk.update_world_transform_with(Physics::Reset)?;
        Ok(sk)
    }) {
        Ok(sk) => sk,
        Err(e) => {
            return Some((
                Subject::animation(name),
                format!("animation \"{name}\": {}", threw_while_posing(&e)),
            ))
        }
    };
    let mut last = 0.0;
    for i in 1..=STEP_FRAMES {
        let t = f64::from(i) * dt;
        let at = format!(
            "animation \"{name}\" frame {i} of {STEP_FRAMES} (t={}s)",
            crate::raw::fixed(t, 4)
        );
        let posed = (|| {
            sk.time = t;
            sk.setup_pose();
            sk.apply_over_setup(a, last, t, true, None)?;
            sk.update_world_transform_with(Physics::Update)
        })();
        if let Err(e) = posed {
            return Some((
                Subject::animation(name),
                format!("{at}: {}", threw_while_posing(&e)),
            ));
        }
        if let Some(found) = finite_scan(&sk, &at, Some(name)) {
            return Some(found);
        }
        if let Some(found) = modes_and_colours(&sk, raw, &at, Some(name)) {
            return Some(found);
        }
        last = t;
    }
    None
}

/// The first non-finite number of a posed skeleton: the bones' world
/// transforms, then the world vertices of every region and mesh shown; with
/// its subject, in animation `anim` when posed there.
fn finite_scan(sk: &Skeleton<'_>, at: &str, anim: Option<&str>) -> Option<(Subject, String)> {
    let data = sk.data;
    for (i, bone) in sk.bones.iter().enumerate() {
        let p = bone.applied();
        let fields = [
            ("a", p.a),
            ("b", p.b),
            ("c", p.c),
            ("d", p.d),
            ("worldX", p.world_x),
            ("worldY", p.world_y),
        ];
        if let Some((field, v)) = fields.iter().find(|(_, v)| !v.is_finite()) {
            let name = data.bones.get(i).map_or("", |b| b.name.as_str());
            return Some((
                about(anim, Target::Bone(name.into())),
                format!(
                    "{at}: bone \"{name}\" has {field} {}; a world transform is finite",
                    num(*v)
                ),
            ));
        }
    }
    for &s in sk.applied_draw_order() {
        let Some(slot) = sk.slots.get(s) else {
            continue;
        };
        if !sk.bones.get(slot.bone).is_some_and(|b| b.active()) {
            continue;
        }
        let Some((index, att)) = slot
            .applied()
            .attachment
            .and_then(|a| data.attachments.get(a).map(|att| (a, att)))
        else {
            continue;
        };
        let slot_name = data.slots.get(s).map_or("", |d| d.name.as_str());
        // No skin is set: the runtime resolved the attachment in the default skin.
        let shown = || attachment_target(data, s, index);
        let vertices = match sk.world_vertices(s) {
            Ok(Some(v)) => v,
            Ok(None) => continue,
            Err(e) => {
                return Some((
                    about(anim, shown()),
                    format!(
                        "{at}: slot \"{slot_name}\" attachment \"{}\": {}",
                        att.name,
                        threw_while_posing(&e)
                    ),
                ))
            }
        };
        if let Some((i, v)) = vertices.iter().enumerate().find(|(_, v)| !v.is_finite()) {
            return Some((
                about(anim, shown()),
                format!(
                    "{at}: slot \"{slot_name}\" attachment \"{}\" vertex {} has {} {}; a posed vertex is finite",
                    att.name,
                    i / 2,
                    if i % 2 == 0 { "x" } else { "y" },
                    num(*v)
                ),
            ));
        }
    }
    None
}

/// The first bone whose posed inheritance mode does not resolve, then the first
/// slot whose colour or dark colour is not finite; with its subject, in
/// animation `anim` when posed there.
fn modes_and_colours(
    sk: &Skeleton<'_>,
    raw: Option<&Value>,
    at: &str,
    anim: Option<&str>,
) -> Option<(Subject, String)> {
    let data = sk.data;
    for (i, bone) in sk.bones.iter().enumerate() {
        if !bone.active() || bone.applied().inherit.is_some() {
            continue;
        }
        let name = data.bones.get(i).map_or("", |b| b.name.as_str());
        let setup = raw
            .and_then(|r| r.get("bones"))
            .and_then(|b| b.get(i))
            .and_then(|b| b.get("inherit"));
        return Some((
            about(anim, Target::Bone(name.into())),
            format!(
                "{at}: bone \"{name}\" poses inheritance mode undefined — its setup \"inherit\" spells {}, which the runtime's mode lookup does not resolve ({MODES}), so the bone gets no world transform: it keeps whatever matrix it had, and everything it carries is drawn there",
                json_or_undefined(setup)
            ),
        ));
    }
    for (s, slot) in sk.slots.iter().enumerate() {
        let p = slot.applied();
        let name = data.slots.get(s).map_or("", |d| d.name.as_str());
        let c = p.color;
        if ![c.r, c.g, c.b, c.a].iter().all(|v| v.is_finite()) {
            return Some((
                about(anim, Target::Slot(name.into())),
                format!("{at}: slot \"{name}\" colour is non-finite"),
            ));
        }
        if let Some(d) = p.dark {
            if ![d.r, d.g, d.b].iter().all(|v| v.is_finite()) {
                return Some((
                    about(anim, Target::Slot(name.into())),
                    format!("{at}: slot \"{name}\" dark colour is non-finite"),
                ));
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testkit::*;
    use serde_json::json;

    const RULE: A10NoNanAfterStepping = A10NoNanAfterStepping;

    /// Asserts the mutant is a real Spine file and the rule fails it with
    /// `detail`, about `subject`.
    #[track_caller]
    fn fails(input: &rigc_sdk::gate::GateInput, detail: &str, subject: Subject) {
        assert_spine_loads(input);
        assert_fails_at(&RULE, input, &[(detail, Some(subject))]);
    }

    fn in_a(target: Target) -> Subject {
        Subject::animation("a").on(target)
    }

    #[test]
    fn passes_on_the_fixture() {
        assert_pass(&RULE, &fixture());
    }

    #[test]
    fn an_unresolved_inherit_key_fails_and_stops_the_rule() {
        // The bone scales to 0, then an inherit key the runtime cannot read.
        let input = mutant(|v| {
            let b = &mut v["animations"]["a"]["bones"]["b"];
            b["scale"] = json!([{ "x": 1 }, { "time": 0.5, "x": 0, "y": 0 }]);
            b["inherit"] = json!([{ "time": 0.5, "inherit": "noscale" }]);
        });
        fails(&input, "animation \"a\" bone \"b\" inherit (t=0.5): the bone poses inheritance mode undefined — the key spells \"noscale\", which the runtime's mode lookup does not resolve (normal, onlyTranslation, noRotationOrReflection, noScale, noScaleOrReflection — only the first letter's case is free), so from this key on the bone gets no world transform: it keeps whatever matrix it had, and everything it carries is drawn there", in_a(Target::Bone("b".into())).timeline("inherit").key(0));
        // Spelled as the runtime reads it, the same keys pass.
        let input = mutant(|v| {
            let b = &mut v["animations"]["a"]["bones"]["b"];
            b["scale"] = json!([{ "x": 1 }, { "time": 0.5, "x": 0, "y": 0 }]);
            b["inherit"] = json!([{ "time": 0.5, "inherit": "NoScale" }]);
        });
        assert_pass(&RULE, &input);
    }

    #[test]
    fn a_non_finite_bone_at_setup_fails() {
        let input = mutant(|v| {
            v["bones"][1]["scaleX"] = json!(1e200);
            v["bones"][2]["scaleX"] = json!(1e200);
        });
        fails(&input, "the setup pose (physics reset): bone \"b\" has a Infinity; a world transform is finite", Subject::bone("b"));
    }

    #[test]
    fn a_non_finite_vertex_at_setup_fails() {
        let input = mutant(|v| {
            v["skins"][0]["attachments"]["m"]["m"]["vertices"] = json!([0, 0, 4, 0, 1e39, 4]);
        });
        fails(&input, "the setup pose (physics reset): slot \"m\" attachment \"m\" vertex 2 has x Infinity; a posed vertex is finite", Subject::attachment("default", "m", "m"));
    }

    #[test]
    fn what_the_runtime_throws_while_posing_fails() {
        let input = mutant(|v| {
            v["skins"][0]["attachments"]["s"]["r"]["sequence"] = json!({ "count": 0 });
        });
        fails(&input, "the setup pose (physics reset): slot \"s\" attachment \"r\": the runtime throws \"Cannot read properties of undefined (reading '0')\" while posing", Subject::attachment("default", "s", "r"));
    }

    #[test]
    fn a_key_that_overflows_fails_at_the_first_step() {
        let input = mutant(|v| {
            v["animations"]["a"]["bones"]["t"]["translate"] = json!([{ "x": 1e39 }]);
        });
        // The IK constraint on "b" reaches for the overflowed target first.
        fails(&input, "animation \"a\" frame 1 of 120 (t=0.0083s): bone \"b\" has a NaN; a world transform is finite", in_a(Target::Bone("b".into())));
    }

    #[test]
    fn a_deform_that_overflows_fails_while_stepping() {
        let input = mutant(|v| {
            v["animations"]["a"]["attachments"]["default"]["m"]["m"]["deform"] =
                json!([{}, { "time": 1, "vertices": [1e39, 0] }]);
        });
        let mesh = Target::Attachment {
            skin: "default".into(),
            slot: "m".into(),
            name: "m".into(),
        };
        fails(&input, "animation \"a\" frame 1 of 120 (t=0.0083s): slot \"m\" attachment \"m\" vertex 0 has x Infinity; a posed vertex is finite", in_a(mesh));
    }

    #[test]
    fn a_non_finite_colour_or_dark_colour_fails_while_stepping() {
        let input = mutant(|v| {
            v["animations"]["a"]["slots"]["s"]["rgba"] = json!([{ "color": "zz0000ff" }]);
        });
        fails(
            &input,
            "animation \"a\" frame 1 of 120 (t=0.0083s): slot \"s\" colour is non-finite",
            in_a(Target::Slot("s".into())),
        );
        let input = mutant(|v| v["slots"][0]["dark"] = json!("zz0000"));
        fails(
            &input,
            "animation \"a\" frame 1 of 120 (t=0.0083s): slot \"s\" dark colour is non-finite",
            in_a(Target::Slot("s".into())),
        );
    }

    #[test]
    fn an_unresolved_setup_inherit_fails_while_stepping_or_at_setup() {
        let input = mutant(|v| v["bones"][2]["inherit"] = json!("noscale"));
        let tail = "bone \"b\" poses inheritance mode undefined — its setup \"inherit\" spells \"noscale\", which the runtime's mode lookup does not resolve (normal, onlyTranslation, noRotationOrReflection, noScale, noScaleOrReflection — only the first letter's case is free), so the bone gets no world transform: it keeps whatever matrix it had, and everything it carries is drawn there";
        fails(
            &input,
            &format!("animation \"a\" frame 1 of 120 (t=0.0083s): {tail}"),
            in_a(Target::Bone("b".into())),
        );
        let input = mutant(|v| {
            v["bones"][2]["inherit"] = json!("noscale");
            v["animations"] = json!({});
            v["constraints"] = json!([]);
        });
        fails(
            &input,
            &format!("the setup pose (physics reset): {tail}"),
            Subject::bone("b"),
        );
        assert_eq!(
            check(&RULE, &input).stats,
            [("nanStepping".to_string(), "skipped".to_string())]
        );
    }

    #[test]
    fn a_static_rig_is_measured_at_setup_only() {
        let input = mutant(|v| {
            v["animations"] = json!({});
            v["constraints"] = json!([]);
        });
        assert_pass(&RULE, &input);
        assert_eq!(
            check(&RULE, &input).stats,
            [("nanStepping".to_string(), "skipped".to_string())]
        );
    }

    #[test]
    fn skips_with_nothing_to_pose() {
        let input = input_texts(r#"{ "skeleton": { "spine": "4.3.13" } }"#, ATLAS);
        assert_spine_loads(&input);
        assert_skips(&RULE, &input, NO_POSE);
        assert_skips(&RULE, &not_json(), skip_reasons::NO_SKELETON);
    }
}
