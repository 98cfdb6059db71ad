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
        meshes: &[],
        members: &[],
        compiled: &[],
        atlas_text: "",
        out_dir: std::path::Path::new(""),
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

/// The portrait's rig spec (FACE.md §9.2), read from `../shared` at test time.
fn portrait_rig() -> Value {
    let p = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../shared/reference/rigc-gallery/portrait/rig.json"
    );
    let text = std::fs::read_to_string(p).unwrap_or_else(|e| panic!("cannot read {p}: {e}"));
    serde_json::from_str(&text).expect("the rig is JSON")
}

#[test]
fn the_portraits_turn_key_reads_face_md_s_figures() {
    // The head mesh of the portrait, its bone chain (bust → chest → neckbase
    // → headroll → head) and `turn`'s key 1 at t=0.62: headroll rolled to
    // 1.6°, the deform FORMAT.md §3.14.1's yaw (radius 170, 12°) quantised
    // to 6 decimals, dx = x·(cos t − 1) − √(170² − x²)·sin t.
    let rig = portrait_rig();
    let mesh = &rig["skins"]["default"]["head"]["head"];
    let local = |name: &str| {
        let b = rig["bones"]
            .as_array()
            .and_then(|bs| bs.iter().find(|b| b["name"] == name))
            .unwrap_or_else(|| panic!("no bone {name}"));
        (b["x"].clone(), b["y"].clone(), b["parent"].clone())
    };
    let mut bones = vec![json!({ "name": "root" })];
    for name in ["bust", "chest", "neckbase", "headroll", "head"] {
        let (x, y, parent) = local(name);
        bones.push(json!({ "name": name, "parent": parent, "x": x, "y": y }));
    }
    let t = 12f64.to_radians();
    let offsets: Vec<f64> = mesh["vertices"]
        .as_array()
        .expect("vertices")
        .chunks_exact(2)
        .flat_map(|v| {
            let x = v[0].as_f64().expect("x");
            let dx = x * (t.cos() - 1.0) - (170.0f64 * 170.0 - x * x).sqrt() * t.sin();
            [(dx * 1e6).round() / 1e6, 0.0]
        })
        .collect();
    let v = json!({
        "skeleton": { "spine": "4.3.13" },
        "bones": bones,
        "slots": [ { "name": "head", "bone": "head", "attachment": "head" } ],
        "skins": [ { "name": "default", "attachments": { "head": { "head": {
            "type": "mesh", "path": "head",
            "uvs": mesh["uvs"], "triangles": mesh["triangles"], "vertices": mesh["vertices"],
            "hull": 16
        } } } } ],
        "animations": { "turn": {
            "bones": { "headroll": { "rotate": [ {}, { "time": 0.62, "value": 1.6 } ] } },
            "attachments": { "default": { "head": { "head": { "deform": [
                {}, { "time": 0.62, "vertices": offsets }
            ] } } } }
        } }
    });
    let (_, lines) = block(&v, &RigInfo::default());
    // FACE.md §9.2, the good build's key 1, as printed there.
    for want in [
        "  DEFORM  turn  default/head/head  key 1  t=0.620000  authored table",
        "          frame      played on a track",
        "          moved      25 of 25 vertices, worst 35.3450px at v2",
        "          winding    32 of 32 kept, 0 collapsed",
    ] {
        has(&lines, want);
    }
    let area = lines
        .iter()
        .rfind(|l| l.starts_with("          area "))
        .expect("area");
    assert!(
        area.ends_with("(32 triangles, 0 with no area at the cleared pose, band 0.146694px²)"),
        "{area}"
    );
    // dx depends on x alone and is linear across each column of the grid, so
    // a triangle's map is diag(r, 1), r its column's slope + 1: every
    // triangle of a column ties, and which one a figure names is float
    // noise. Each printed figure is the closed form (in the bone's space —
    // the chain is a rotation, which changes no ratio) and names a triangle
    // tied with the one FACE.md names.
    let plain: Vec<f64> = mesh["vertices"]
        .as_array()
        .expect("vertices")
        .iter()
        .map(|x| x.as_f64().expect("number"))
        .collect();
    let deformed: Vec<f64> = plain.iter().zip(&offsets).map(|(p, o)| p + o).collect();
    let tris: Vec<[usize; 3]> = mesh["triangles"]
        .as_array()
        .expect("triangles")
        .chunks_exact(3)
        .map(|c| [0, 1, 2].map(|k| c[k].as_u64().expect("index") as usize))
        .collect();
    let local = |t: [usize; 3]| -> (f64, f64, f64) {
        let e = |w: &[f64], a: usize, b: usize| (w[2 * b] - w[2 * a], w[2 * b + 1] - w[2 * a + 1]);
        let (e1, e2) = (e(&plain, t[0], t[1]), e(&plain, t[0], t[2]));
        let (f1, f2) = (e(&deformed, t[0], t[1]), e(&deformed, t[0], t[2]));
        let det = e1.0 * e2.1 - e2.0 * e1.1;
        // M = F·E⁻¹; σ₁,₂ from its squared entries' sum S and determinant D.
        let m = [
            (f1.0 * e2.1 - f2.0 * e1.1) / det,
            (f2.0 * e1.0 - f1.0 * e2.0) / det,
            (f1.1 * e2.1 - f2.1 * e1.1) / det,
            (f2.1 * e1.0 - f1.1 * e2.0) / det,
        ];
        let (sum, d) = (
            m.iter().map(|x| x * x).sum::<f64>(),
            m[0] * m[3] - m[1] * m[2],
        );
        let s1 = ((sum + (sum * sum - 4.0 * d * d).sqrt()) / 2.0).sqrt();
        (d, s1, d.abs() / s1)
    };
    let figure = |line: &str, label: &str| -> (f64, usize) {
        let rest = &line[line.find(label).expect(label) + label.len()..];
        let mut words = rest.split_whitespace();
        let value: f64 = words.next().and_then(|w| w.parse().ok()).expect("value");
        assert_eq!(words.next(), Some("tri"));
        let tri: usize = words.next().and_then(|w| w.parse().ok()).expect("tri");
        (value, tri)
    };
    let stretch = lines
        .iter()
        .rfind(|l| l.starts_with("          stretch "))
        .expect("stretch");
    let read = |x: (f64, f64, f64), k: usize| [x.0, x.1, x.2][k];
    for (line, label, face, face_tri, k) in [
        (area, "min x", 0.637174, 17, 0),
        (area, "max x", 1.319122, 31, 0),
        (stretch, "max x", 1.319121, 22, 1),
        (stretch, "min x", 0.637175, 8, 2),
    ] {
        let (value, tri) = figure(line, label);
        let closed = read(local(tris[face_tri]), k);
        // Ours is the closed form to its 6 printed decimals (world noise
        // under 1e-6); FACE.md's reading carries its float32 world arrays'
        // noise (a 784px coordinate's ulp over a 42px edge), within 3e-6.
        assert!(
            (value - closed).abs() <= 1.5e-6,
            "{line}: {label}{value} vs {closed}"
        );
        assert!(
            (face - closed).abs() <= 3e-6,
            "FACE.md's {face} vs {closed}"
        );
        let tied = (read(local(tris[tri]), k) - closed).abs();
        assert!(
            tied < 1e-9,
            "{line}: tri {tri} is not tied with tri {face_tri}"
        );
    }
}
