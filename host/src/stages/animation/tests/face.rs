//! The reference faces' `derive` tracks (portrait's yaw, nod's pitch): each
//! member's emitted value is the closed form of FACE.md §3/§5, evaluated here with
//! the rig's own setup coordinates and the motion's own depths, and it rounds to
//! the figure FIGURES.md / FACE.md state for it.

use super::gallery::{setup_of, strip};
use super::{compile_all, field, timeline};
use crate::spec::motion::tests::{dump, parse_str, reference};
use rigc_sdk::model::{Animation, KeyValue};
use serde_json::Value;

fn read(name: &str, file: &str) -> Value {
    let text = std::fs::read_to_string(reference(&format!("rigc-gallery/{name}/{file}")))
        .expect("reference file");
    serde_json::from_str(&text).expect("reference JSON")
}

/// The gallery rig `name` and its compiled animations (deform etc. taken out).
fn compiled(name: &str) -> (Value, Value, Vec<Animation>) {
    let rig = read(name, "rig.json");
    let mut motion = read(name, "motion.json");
    strip(&mut motion);
    let spec = parse_str(&motion.to_string()).unwrap_or_else(|d| panic!("{name}:\n{}", dump(&d)));
    let anims =
        compile_all(&spec, &setup_of(&rig)).unwrap_or_else(|d| panic!("{name}:\n{}", dump(&d)));
    (rig, motion, anims)
}

/// The setup coordinate `axis` of bone `bone` as the rig spec states it (absent: 0).
fn coord(rig: &Value, bone: &str, axis: &str) -> f64 {
    let b = rig["bones"]
        .as_array()
        .and_then(|bs| bs.iter().find(|b| b["name"] == bone))
        .unwrap_or_else(|| panic!("no bone {bone}"));
    b.get(axis).and_then(Value::as_f64).unwrap_or(0.0)
}

/// The `derive` of key `k` of the track of `animation` on `target`.`property`.
fn model<'m>(
    motion: &'m Value,
    animation: &str,
    target: &str,
    property: &str,
    k: usize,
) -> &'m Value {
    motion["animations"][animation]["tracks"]
        .as_array()
        .and_then(|ts| {
            ts.iter().find(|t| {
                (t["group"] == target || t["bone"] == target) && t["property"] == property
            })
        })
        .map(|t| &t["keys"][k]["derive"])
        .unwrap_or_else(|| panic!("no track {target}.{property}"))
}

fn emitted(a: &Animation, bone: &str, property: &str, k: usize) -> f64 {
    match field(&timeline(&a.bones, bone, property)[k], "value") {
        KeyValue::Num(x) => *x,
        other => panic!("{bone}.{property}: {other:?}"),
    }
}

fn r6(x: f64) -> f64 {
    (x * 1e6).round() / 1e6
}

/// FACE.md §3: `(x − about)·(cos t − 1) − (depth − carried)·sin t`.
fn displacement(x: f64, depth: f64, derive: &Value) -> f64 {
    let t = derive["degrees"].as_f64().unwrap().to_radians();
    let carried = derive["carried"].as_f64().unwrap_or(0.0);
    let about = derive["about"].as_f64().unwrap_or(0.0);
    (x - about) * (t.cos() - 1.0) - (depth - carried) * t.sin()
}

/// FACE.md §5: `cos(α − t) / cos α`, `α = atan2(x − about, depth)`.
fn narrowing(x: f64, depth: f64, derive: &Value) -> f64 {
    let t = derive["degrees"].as_f64().unwrap().to_radians();
    let about = derive["about"].as_f64().unwrap_or(0.0);
    let alpha = (x - about).atan2(depth);
    (alpha - t).cos() / alpha.cos()
}

/// Checks members of one group key: the emitted value is r6 of the closed form,
/// and agrees with the stated figure to half its last digit.
#[allow(clippy::too_many_arguments)]
fn check(
    (rig, motion, a): (&Value, &Value, &Animation),
    group: &str,
    property: &str,
    axis: &str,
    k: usize,
    figures: &[(&str, f64, u32)],
) {
    let derive = model(motion, &a.name, group, property, k);
    for &(member, figure, digits) in figures {
        let x = coord(rig, member, axis);
        let depth = match &derive["depth"] {
            Value::Object(m) => m[member].as_f64().unwrap(),
            one => one.as_f64().unwrap(),
        };
        let closed = if property.starts_with("scale") {
            narrowing(x, depth, derive)
        } else {
            displacement(x, depth, derive)
        };
        let got = emitted(a, member, property, k);
        assert_eq!(
            got,
            r6(closed),
            "{member}.{property}: emitted vs the closed form"
        );
        let half = 0.5 * 10f64.powi(-(digits as i32)) + 1e-12;
        assert!(
            (got - figure).abs() <= half,
            "{member}.{property}: {got} does not round to the stated {figure}"
        );
    }
}

#[test]
fn portrait_turn_emits_the_features_residuals_and_narrowing() {
    let (rig, motion, anims) = compiled("portrait");
    let turn = anims.iter().find(|a| a.name == "turn").expect("turn");
    let c = (&rig, &motion, turn);
    // FIGURES.md (portrait): residuals / scaleX; FACE.md §3.1's MEMBER rows to 6 dp.
    check(
        c,
        "features",
        "translatex",
        "x",
        1,
        &[
            ("eye_l", 5.513083, 6),
            ("eye_r", 2.803385, 6),
            ("brow_l", 3.849789, 6),
            ("brow_r", 1.140092, 6),
            ("nose", -4.574057, 6),
            ("mouth", 0.831647, 6),
        ],
    );
    check(
        c,
        "features",
        "scalex",
        "x",
        1,
        &[
            ("eye_l", 0.8922, 4),
            ("eye_r", 1.0641, 4),
            ("brow_l", 0.8966, 4),
            ("brow_r", 1.0597, 4),
            ("nose", 0.9781, 4),
            ("mouth", 0.9781, 4),
        ],
    );
    // FACE.md §2's depth table: the hair at 12°.
    check(
        c,
        "hair",
        "translatex",
        "x",
        1,
        &[
            ("hairmass", 11.435, 3),
            ("lock_l", -17.513, 3),
            ("lock_r", -24.069, 3),
            ("ahoge", -3.656, 3),
        ],
    );
    // The shared shift on the bone track: FIGURES.md's centre shift.
    check(
        c,
        "faceshift",
        "translatex",
        "x",
        1,
        &[("faceshift", -35.344987, 6)],
    );
    // The second derive key (t=1.5) states the same model: the same values.
    for m in ["eye_l", "nose"] {
        assert_eq!(
            emitted(turn, m, "translatex", 2),
            emitted(turn, m, "translatex", 1)
        );
    }
}

#[test]
fn nod_bow_emits_the_members_residuals_and_scale_y() {
    let (rig, motion, anims) = compiled("nod");
    let bow = anims.iter().find(|a| a.name == "bow").expect("bow");
    let c = (&rig, &motion, bow);
    // key 2 is the 12° key at t=0.6; FIGURES.md (nod): MEMBER residuals and scaleY.
    assert_eq!(timeline(&bow.bones, "crown", "translatey")[2].time, 0.6);
    check(
        c,
        "features",
        "translatey",
        "y",
        2,
        &[
            ("crown", 2.367593, 6),
            ("eye_l", 3.349067, 6),
            ("eye_r", 3.349067, 6),
            ("snout", -4.444198, 6),
            ("mouth", 2.995662, 6),
        ],
    );
    check(
        c,
        "features",
        "scaley",
        "y",
        2,
        &[
            ("crown", 1.176159, 6),
            ("eye_l", 1.006499, 6),
            ("eye_r", 1.006499, 6),
            ("snout", 0.926170, 6),
            ("mouth", 0.862641, 6),
        ],
    );
    check(
        c,
        "facebob",
        "translatey",
        "y",
        2,
        &[("facebob", -31.186754, 6)],
    );
}

#[test]
fn portrait_with_a_null_setup_entry_is_refused_as_face_md_quotes() {
    // FACE.md §10: a copy of portrait's motion.json carrying `"eye_l": null`.
    let mut motion = read("portrait", "motion.json");
    motion["setup"] = serde_json::json!({ "eye_l": null });
    let file = rigc_diag::source::SourceFile::new("motion.json", "motion.json", motion.to_string());
    let json = crate::spec::parse_json(&file).expect("JSON");
    let d = crate::spec::motion::parse(&file, &json).expect_err("refused");
    // The quote, wrapped over four lines there, is one line of the report.
    let text = std::fs::read_to_string(reference("../seeds/FACE.md")).expect("FACE.md");
    let from = text
        .find("rigc compile error: motion.json: `setup.")
        .expect("the quote");
    let block = &text[from..];
    let quoted = block[..block.find("\n```").expect("its end")].replace('\n', " ");
    let got = d
        .iter()
        .find(|d| d.code == "motion.setup.entry-shape")
        .unwrap_or_else(|| panic!("{}", dump(&d)));
    let rendered = rigc_diag::render_human(got);
    let head = rendered.lines().next().unwrap_or_default();
    assert_eq!(head, quoted);
}
