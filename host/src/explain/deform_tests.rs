//! Tests of the DEFORM block's lines over hand-written Spine skeletons: a
//! square mesh on a bone that rotates 30° and scales by 2 (a similarity, so
//! an affine key `diag(sx, sy)` reads area ratio sx·sy and singular values
//! |sx|, |sy| in the world), a mirrored key, an alpha-0 key and an exempt
//! slot; the totals are A39's stats over the same text.

use super::*;
use rigc_sdk::gate::facts::Facts;
use rigc_sdk::gate::{GateInput, Outcome, Profile, RigInfo, Rule};
use rigc_sdk::spine::pose::Plans;
use serde_json::{json, Value};

const SQUARE: [f64; 8] = [0.0, 0.0, 10.0, 0.0, 10.0, 10.0, 0.0, 10.0];

fn affine(sx: f64, sy: f64) -> Vec<f64> {
    SQUARE
        .chunks_exact(2)
        .flat_map(|v| [(sx - 1.0) * v[0], (sy - 1.0) * v[1]])
        .collect()
}

/// Animation "turn": key 0 the setup pose, key 1 at t=0.62 `offsets`;
/// `alpha` keys slot m's colour at t=0.
fn skeleton(offsets: Vec<f64>, alpha: Option<&str>) -> Value {
    let mut anim = json!({
        "attachments": { "default": { "m": { "m": { "deform": [
            {}, { "time": 0.62, "vertices": offsets }
        ] } } } }
    });
    if let Some(c) = alpha {
        anim["slots"] = json!({ "m": { "rgba": [ { "color": c } ] } });
    }
    json!({
        "skeleton": { "spine": "4.3.13" },
        "bones": [
            { "name": "root" },
            { "name": "b", "parent": "root", "rotation": 30, "scaleX": 2, "scaleY": 2 }
        ],
        "slots": [ { "name": "m", "bone": "b", "attachment": "m" } ],
        "skins": [ { "name": "default", "attachments": { "m": { "m": {
            "type": "mesh", "path": "r",
            "uvs": [0, 0, 1, 0, 1, 1, 0, 1],
            "triangles": [0, 1, 2, 0, 2, 3],
            "vertices": SQUARE,
            "hull": 4
        } } } } ],
        "animations": { "turn": anim }
    })
}

/// The block's lines over `v`, with `rig`'s invariants.
fn block(v: &Value, rig: &RigInfo) -> (DeformBlock, Vec<String>) {
    let data = rigc_sdk::spine::read_skeleton(&v.to_string(), None)
        .expect("loads")
        .data;
    let plans = Plans::default();
    let input = Input {
        skeleton: v,
        loaded: Ok(&data),
        plans: &plans,
        rig_info: rig,
        motion: None,
    };
    let b = DeformBlock::of(&input);
    let lines = b.lines();
    (b, lines)
}

fn a39(v: &Value, rig: &RigInfo) -> Outcome {
    let input = GateInput {
        profile: Profile::SpineHtml,
        skeleton_text: v.to_string(),
        atlas_text: None,
        rig: Some(rig.clone()),
        second: None,
        pages: Vec::new(),
    };
    let mut out = Outcome::default();
    rigc_core_rules::A39DeformKeepsTriangleWinding.check(&Facts::new(&input), &mut out);
    out
}

fn stat(out: &Outcome, key: &str) -> Option<String> {
    out.stats
        .iter()
        .find(|(k, _)| k == key)
        .map(|(_, v)| v.clone())
}

fn has(lines: &[String], want: &str) {
    assert!(
        lines.iter().any(|l| l == want),
        "no line {want:?} in\n{}",
        lines.join("\n")
    );
}

#[test]
fn an_affine_key_prints_its_determinant_and_scales() {
    let v = skeleton(affine(1.5, 0.5), None);
    let rig = RigInfo::default();
    let (_, lines) = block(&v, &rig);
    assert_eq!(lines[0], LEGEND[0]);
    has(
        &lines,
        "  DEFORM  turn  default/m/m  key 0  t=0.000000  authored table",
    );
    has(&lines, "          moved      0 of 4 vertices — this key IS the setup pose, so every figure is the identity (2 triangles, all kept)");
    // float32 key time 0.62 prints at 6 decimals.
    has(
        &lines,
        "  DEFORM  turn  default/m/m  key 1  t=0.620000  authored table",
    );
    has(&lines, "          frame      played on a track");
    // v2's offset (5, −5) under the bone's scale 2: 10√2 = 14.1421px.
    has(
        &lines,
        &format!(
            "          moved      3 of 4 vertices, worst {}px at v2",
            text::fixed(200f64.sqrt(), 4)
        ),
    );
    // det = 0.75 on both triangles; band = 1e-6 × (50 px² × 2²).
    let area = lines
        .iter()
        .find(|l| l.starts_with("          area "))
        .expect("area");
    assert!(
        area.contains("min x0.750000 tri ") && area.contains("max x0.750000 tri "),
        "{area}"
    );
    assert!(
        area.ends_with("(2 triangles, 0 with no area at the cleared pose, band 0.000200px²)"),
        "{area}"
    );
    let stretch = lines
        .iter()
        .find(|l| l.starts_with("          stretch "))
        .expect("stretch");
    assert!(
        stretch.contains("max x1.500000 tri ") && stretch.contains("min x0.500000 tri "),
        "{stretch}"
    );
    has(&lines, "          winding    2 of 2 kept, 0 collapsed");
    let worst = lines
        .iter()
        .find(|l| l.starts_with("  WORST   turn  "))
        .expect("WORST");
    assert!(
        worst.contains("area x0.750000 (m/m key 1 tri ")
            && worst.contains("stretch x1.500000 (m/m key 1 tri ")
            && worst.contains("squash x0.500000 (m/m key 1 tri "),
        "{worst}"
    );
    // The totals are A39's: 2 keys × 2 triangles, none collapsed.
    let out = a39(&v, &rig);
    assert_eq!(stat(&out, "deformKeysMeasured").as_deref(), Some("2"));
    assert_eq!(stat(&out, "deformTrianglesMeasured").as_deref(), Some("4"));
    assert_eq!(stat(&out, "deformTrianglesCollapsed").as_deref(), Some("0"));
    has(&lines, "  ..            reversed 0, collapsed 0, over 2 key(s) and 4 triangle sample(s)  <- A39 reads the same two counts");
}

#[test]
fn a_mirrored_key_is_the_fold_a39_refuses() {
    let v = skeleton(affine(-1.0, 1.0), None);
    let rig = RigInfo::default();
    let (_, lines) = block(&v, &rig);
    has(&lines, "          winding    0 of 2 kept, 0 collapsed  <- a fold: 2 reversed, and A39 refuses this key");
    let area = lines
        .iter()
        .find(|l| l.starts_with("          area "))
        .expect("area");
    assert!(
        area.contains("min x-1.000000") && area.contains("max x-1.000000"),
        "{area}"
    );
    assert!(a39(&v, &rig).failures[0]
        .detail
        .contains("key 1 (t=0.6200000047683716s): 2 of 2 triangle(s) reverse winding"));
    has(&lines, "  ..            reversed 2, collapsed 0, over 2 key(s) and 4 triangle sample(s)  <- A39 reads the same two counts");
}

#[test]
fn an_alpha_0_key_is_skipped_and_counted_as_not_drawn() {
    let v = skeleton(affine(-1.0, 1.0), Some("ffffff00"));
    let rig = RigInfo::default();
    let (_, lines) = block(&v, &rig);
    has(&lines, "          skipped    A39 reads no winding off this key: the slot's alpha is exactly 0 at this");
    has(&lines, "                     time (slot 0.0000 x attachment 1.0000), so this key draws no pixels — a");
    has(&lines, "          winding    0 of 2 kept, 0 collapsed  <- a fold, and nothing gates it: this key draws no pixels (see above)");
    assert_eq!(
        stat(&a39(&v, &rig), "deformKeysNotDrawn").as_deref(),
        Some("2")
    );
    has(&lines, "  ..            2 key(s) draw no pixels at their own time and are read for no winding, carrying");
    has(&lines, "                2 reversed triangle(s) nothing gates  <- A39 counts them as deformKeysNotDrawn");
}

#[test]
fn an_exempt_slot_prints_its_figures_and_counts_nothing() {
    let v = skeleton(affine(-1.0, 1.0), None);
    let mut rig = RigInfo::default();
    rig.invariants.deform_may_fold = vec![("m".into(), "a page turn".into())];
    let (b, lines) = block(&v, &rig);
    has(&lines, "          exempt     the slot is declared in invariants.deformMayFold (a page turn): the same figures, and nothing is gated");
    has(&lines, "          winding    0 of 2 kept, 0 collapsed  <- a fold, and nothing gates it: the slot may fold (invariants.deformMayFold)");
    assert_eq!(b.worst[0].keys, 0);
    assert!(a39(&v, &rig).failures.is_empty());
    assert_eq!(
        stat(&a39(&v, &rig), "deformFoldExempt").as_deref(),
        Some("1")
    );
}

#[test]
fn a_skeleton_with_no_deform_prints_no_block() {
    let mut v = skeleton(affine(1.0, 1.0), None);
    v["animations"]["turn"] = json!({ "bones": { "b": { "rotate": [ { "value": 1 } ] } } });
    let (b, lines) = block(&v, &RigInfo::default());
    assert!(b.keys.is_empty() && lines.is_empty());
}
