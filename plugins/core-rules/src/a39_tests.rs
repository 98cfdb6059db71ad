//! Tests of A39_DEFORM_KEEPS_TRIANGLE_WINDING (GATE.md §4.11): a positive
//! control, a mutant per FAIL clause (a key that reverses a triangle, a span
//! that folds between two sound keys, linear and stepped, unweighted and
//! weighted, on a track and through a slider), the draw-state and reach
//! exemptions, and the SKIPs.

use super::*;
use crate::testkit::*;
use rigc_sdk::gate::{GateInput, Target};
use serde_json::{json, Value};

const RULE: A39DeformKeepsTriangleWinding = A39DeformKeepsTriangleWinding;

/// Key 1 of the fixture's mesh deform with vertex 2 pulled through vertex 0:
/// the triangle (0,0) (4,0) (−4,−4) is inside out.
fn reversing() -> Value {
    json!([{}, { "time": 1, "offset": 4, "vertices": [-8, -8] }])
}

/// Keys that are both sound and fold between: at fraction p the signed area
/// is ½[(4 − 8p)² − 4p], negative for p in (0.3517, 0.7107).
fn folding_between() -> Value {
    json!([{}, { "time": 1, "offset": 2, "vertices": [-8, 1, 0, -8] }])
}

/// The fixture with mesh "m"'s deform keys in animation `anim` replaced.
fn deform(anim: &str, keys: Value, edit: impl FnOnce(&mut Value)) -> GateInput {
    mutant(|v| {
        if let Some(a) = v["animations"]["a"]["attachments"]["default"]["m"].as_object_mut() {
            a.remove("m");
        }
        v["animations"][anim]["attachments"]["default"]["m"]["m"]["deform"] = keys;
        edit(v);
    })
}

#[track_caller]
fn fails(input: &GateInput, details: &[&str]) {
    assert_spine_loads(input);
    assert_fails(&RULE, input, details);
}

#[track_caller]
fn fails_at(input: &GateInput, findings: &[(&str, Option<Subject>)]) {
    assert_spine_loads(input);
    assert_fails_at(&RULE, input, findings);
}

/// Mesh "m"'s deform timeline in animation `anim`, as a finding's subject.
fn deform_of(anim: &str) -> Subject {
    Subject::animation(anim)
        .on(Target::Attachment {
            skin: "default".into(),
            slot: "m".into(),
            name: "m".into(),
        })
        .timeline("deform")
}

fn stat(out: &Outcome, key: &str) -> Option<String> {
    out.stats
        .iter()
        .find(|(k, _)| k == key)
        .map(|(_, v)| v.clone())
}

const FIX: &str = "Fix the key's offsets in the motion spec's deform timeline (a projection past its fold angle is the usual cause), or, if this slot folds on purpose, declare it in the rig spec as invariants.deformMayFold: [{ \"slot\": \"m\", \"why\": … }]";

#[test]
fn passes_a_deform_that_keeps_its_winding() {
    let input = fixture();
    assert_pass(&RULE, &input);
    let out = check(&RULE, &input);
    assert_eq!(stat(&out, "deformKeysMeasured").as_deref(), Some("2"));
    assert_eq!(stat(&out, "deformTrianglesMeasured").as_deref(), Some("2"));
    assert_eq!(stat(&out, "deformSpansScanned").as_deref(), Some("1"));
    assert_eq!(stat(&out, "deformFrames").as_deref(), Some("1"));
}

#[test]
fn a_key_that_reverses_a_triangle_fails() {
    let input = deform("a", reversing(), |_| {});
    fails_at(&input, &[(&format!("animation \"a\" deform m/m key 1 (t=1s): 1 of 1 triangle(s) reverse winding — triangle 0 [0,1,2] 8.000 -> -8.000px². The mesh has turned inside out there and draws its texture backwards. {FIX}"), Some(deform_of("a").key(1)))]);
    // A partly transparent slot still draws it, and says at what alpha.
    let input = deform("a", reversing(), |v| {
        v["animations"]["a"]["slots"]["m"] = json!({ "alpha": [{ "value": 0.5 }] });
    });
    fails(&input, &[&format!("animation \"a\" deform m/m key 1 (t=1s): 1 of 1 triangle(s) reverse winding — triangle 0 [0,1,2] 8.000 -> -8.000px². The mesh has turned inside out there and draws its texture backwards at alpha 0.5000 — visible at that strength, and only alpha exactly 0 draws no pixels at all. {FIX}")]);
}

#[test]
fn a_span_that_folds_between_two_sound_keys_fails() {
    let input = deform("a", folding_between(), |_| {});
    let out = check(&RULE, &input);
    assert_spine_loads(&input);
    assert_eq!(out.failures.len(), 1, "{:#?}", out.failures);
    let detail = &out.failures[0].detail;
    assert!(
        detail.starts_with("animation \"a\" deform m/m BETWEEN key 0 (t=0s) and key 1 (t=1s), at t=0.531250s — 53.1% of the way from one to the other: 1 of 1 triangle(s) reverse winding — triangle 0 [0,1,2] 8.000 -> -1.031px². NO KEY LANDS THERE: the runtime interpolates between the two keys, and the mesh is inside out for part of the way, drawing its texture backwards. Move the keys' offsets"),
        "{detail}"
    );
    assert!(detail.ends_with(
        "declare it in the rig spec as invariants.deformMayFold: [{ \"slot\": \"m\", \"why\": … }]"
    ));
    // Between two keys: a finding about the timeline, not a key.
    assert_eq!(out.failures[0].subject, Some(deform_of("a")));
    assert_eq!(stat(&out, "deformSpanProbes").as_deref(), Some("1"));
}

#[test]
fn a_weighted_mesh_folds_between_keys_the_same() {
    let input = deform("a", folding_between(), |v| {
        v["skins"][0]["attachments"]["m"]["m"]["vertices"] =
            json!([1, 2, 0, 0, 1, 1, 2, 4, 0, 1, 1, 2, 4, 4, 1]);
    });
    let out = check(&RULE, &input);
    assert_spine_loads(&input);
    assert_eq!(out.failures.len(), 1, "{:#?}", out.failures);
    assert!(out.failures[0]
        .detail
        .contains("BETWEEN key 0 (t=0s) and key 1 (t=1s), at t=0.531250s"));
}

#[test]
fn a_stepped_span_that_draws_a_folded_key_fails() {
    // Key 0 is inside out but drawn at alpha 0; the slot fades in while the
    // stepped span holds key 0's geometry.
    let input = deform(
        "a",
        json!([{ "offset": 4, "vertices": [-8, -8], "curve": "stepped" }, { "time": 1 }]),
        |v| {
            v["animations"]["a"]["slots"]["m"] =
                json!({ "alpha": [{ "value": 0 }, { "time": 0.5, "value": 1 }] });
        },
    );
    let out = check(&RULE, &input);
    assert_spine_loads(&input);
    assert_eq!(out.failures.len(), 1, "{:#?}", out.failures);
    assert!(
        out.failures[0].detail.starts_with("animation \"a\" deform m/m BETWEEN key 0 (t=0s) and key 1 (t=1s), at t=0.250000s — 25.0% of the way from one to the other: the curve is stepped, so the span HOLDS key 0's geometry, and the slot draws it here: 1 of 1 triangle(s) reverse winding — triangle 0 [0,1,2] 8.000 -> -8.000px². The mesh is inside out for part of the way, drawing its texture backwards at alpha 0.5000"),
        "{}",
        out.failures[0]
    );
    // The stepped span holds key 0's geometry: a finding about key 0.
    assert_eq!(out.failures[0].subject, Some(deform_of("a").key(0)));
    assert_eq!(
        stat(&out, "deformNotDrawn").as_deref(),
        Some("a/m/m#0:alpha0")
    );
}

#[test]
fn keys_that_draw_nothing_are_passed_over_by_name() {
    // Alpha exactly 0 over both keys: nothing is drawn, so nothing is gated.
    let input = deform("a", reversing(), |v| {
        v["animations"]["a"]["slots"]["m"] = json!({ "alpha": [{ "value": 0 }] });
    });
    assert_spine_loads(&input);
    assert_skips(&RULE, &input, "no deform key here is drawn at a time its animation reaches, so no winding is gated: animation \"a\" deform m/m key 0 (t=0s) is not drawn (the slot's alpha is exactly 0), and 1 more key(s) are not drawn or not reachable");
    let out = check(&RULE, &input);
    assert_eq!(stat(&out, "deformKeysNotDrawn").as_deref(), Some("2"));
    assert_eq!(
        stat(&out, "deformNotDrawn").as_deref(),
        Some("a/m/m#0:alpha0,a/m/m#1:alpha0")
    );
    assert_eq!(stat(&out, "deformSpansNotDrawn").as_deref(), Some("1"));
    // The slot shows no attachment: the deform does not apply, nothing is drawn.
    let input = deform("a", reversing(), |v| {
        v["animations"]["a"]["slots"]["m"] = json!({ "attachment": [{ "name": null }] });
    });
    assert_spine_loads(&input);
    let out = check(&RULE, &input);
    assert!(out.failures.is_empty(), "{:#?}", out.failures);
    assert_eq!(
        stat(&out, "deformNotDrawn").as_deref(),
        Some("a/m/m#0:notShown,a/m/m#1:notShown")
    );
}

#[test]
fn a_slider_applies_the_deform_and_its_dial_is_inverted() {
    let slider_label = "animation \"knob\" (applied by slider \"sl\", not played on a track) deform m/m key 1 (t=1s)";
    let want = format!("{slider_label}: 1 of 1 triangle(s) reverse winding — triangle 0 [0,1,2] 8.000 -> -8.000px². The mesh has turned inside out there and draws its texture backwards. {FIX}");
    // A time slider: the key time is its pose time.
    let input = deform("knob", reversing(), |v| {
        if let Some(k) = v["animations"]["knob"].as_object_mut() {
            k.remove("bones");
        }
    });
    fails_at(&input, &[(&want, Some(deform_of("knob").key(1)))]);
    // A local dial on bone "t": 90° is t = 1.
    let input = deform("knob", reversing(), |v| {
        if let Some(k) = v["animations"]["knob"].as_object_mut() {
            k.remove("bones");
        }
        let s = &mut v["constraints"][2];
        s["bone"] = json!("t");
        s["property"] = json!("rotate");
        s["local"] = json!(true);
        s["scale"] = json!(1.0 / 90.0);
    });
    fails(&input, &[&want]);
    // A world dial at 1/400 s per degree cannot say t = 1 (400° wraps into
    // [0, 360)): that key is unreachable, measured and not gated.
    let input = deform(
        "knob",
        json!([{}, { "time": 1, "vertices": [1, 1] }]),
        |v| {
            if let Some(k) = v["animations"]["knob"].as_object_mut() {
                k.remove("bones");
            }
            let s = &mut v["constraints"][2];
            s["bone"] = json!("t");
            s["property"] = json!("rotate");
            s["scale"] = json!(1.0 / 400.0);
        },
    );
    assert_spine_loads(&input);
    assert_pass(&RULE, &input);
    let out = check(&RULE, &input);
    assert_eq!(stat(&out, "deformKeysUnreachable").as_deref(), Some("1"));
    assert_eq!(
        stat(&out, "deformUnreachable").as_deref(),
        Some("knob/m/m#1@sl")
    );
}

#[test]
fn a_slot_the_rig_lets_fold_is_exempt() {
    let mut input = deform("a", reversing(), |_| {});
    if let Some(rig) = input.rig.as_mut() {
        rig.invariants.deform_may_fold = vec![("m".into(), "a page turn".into())];
    }
    assert_skips(&RULE, &input, NO_KEY);
    assert_eq!(
        check(&RULE, &input).stats,
        [("deformFoldExempt".to_string(), "1".to_string())]
    );
}

#[test]
fn skips_without_rig_deform_or_skeleton() {
    assert_skips(&RULE, &no_rig(), skip_reasons::NO_RIG);
    let input = mutant(|v| {
        if let Some(a) = v["animations"]["a"].as_object_mut() {
            a.remove("attachments");
        }
    });
    assert_skips(&RULE, &input, NO_DEFORM);
    assert_skips(&RULE, &not_json(), skip_reasons::NO_SKELETON);
}
