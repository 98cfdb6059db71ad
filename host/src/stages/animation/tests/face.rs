//! The reference faces' `derive` tracks (portrait's yaw, nod's pitch): each
//! member's emitted value is the closed form of FACE.md §3/§5, evaluated here with
//! the rig's own setup coordinates and the motion's own depths, and it rounds to
//! the figure FIGURES.md / FACE.md state for it.

use super::gallery::{setup_of, strip};
use super::{compile_all, field, timeline};
use crate::spec::motion::tests::{dump, parse_str, reference};
use crate::stages::animation::members::{member_keys, MemberKey};
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

/// The lines of the first fenced block after the line starting `heading` in the
/// spec document `doc` (`../shared/<doc>`), read at test time.
fn quoted(doc: &str, heading: &str) -> Vec<String> {
    let text = std::fs::read_to_string(reference(&format!("../{doc}"))).expect("spec document");
    let after = text
        .lines()
        .skip_while(|l| !l.starts_with(heading))
        .skip_while(|l| !l.starts_with("```"))
        .skip(1);
    after
        .take_while(|l| !l.starts_with("```"))
        .map(str::to_string)
        .collect()
}

/// portrait's `turn` compiled, its MEMBER data and the block's lines.
fn portrait_block() -> (Vec<MemberKey>, Vec<String>) {
    let rig = read("portrait", "rig.json");
    let mut motion = read("portrait", "motion.json");
    strip(&mut motion);
    let spec = parse_str(&motion.to_string()).unwrap_or_else(|d| panic!("{}", dump(&d)));
    let setup = setup_of(&rig);
    let anim = spec
        .animations
        .iter()
        .find(|a| a.name == "turn")
        .expect("turn");
    let compiled = crate::stages::animation::compile(anim, spec.rest(), &setup)
        .unwrap_or_else(|d| panic!("{}", dump(&d)));
    let keys = member_keys(anim, spec.rest(), &setup, &compiled);
    let lines = crate::printer::member::render(&keys);
    (keys, lines)
}

#[test]
fn portrait_member_block_is_format_6_5s_example() {
    let (keys, lines) = portrait_block();
    let example = quoted("spec/FORMAT.md", "## 6.5 `MEMBER` block");
    assert!(example.len() > 10, "the example is read: {example:?}");
    // The header (5 lines), the MEMBER line, its formula and four scalars: the
    // example's first eleven lines, verbatim, are the block's first eleven.
    assert_eq!(lines[..11], example[..11]);
    // The example abridges the rows to three; each is the block's own row.
    for row in &example[11..] {
        assert!(
            lines[11..17].contains(row),
            "{row:?} not in {:#?}",
            &lines[11..17]
        );
    }
    // FACE.md §3.1 prints all six rows of the same key, in member order.
    let face = quoted("seeds/FACE.md", "**No run reproduces this:** abridged");
    assert_eq!(face[0], lines[5]);
    assert_eq!(face[1..7], lines[11..17]);
    // Every derive key and no key whose members share a value: translatex and
    // scalex and hair at t=0.62 and t=1.5; the shared v: [0] / [1] keys are not here.
    let heads: Vec<String> = keys
        .iter()
        .map(|k| format!("{}.{}@{}", k.target, k.property, k.time))
        .collect();
    assert_eq!(
        heads,
        [
            "features.translatex@0.62",
            "features.translatex@1.5",
            "features.scalex@0.62",
            "features.scalex@1.5",
            "hair.translatex@0.62",
            "hair.translatex@1.5"
        ]
    );
}

#[test]
fn nod_member_block_is_cli_mds_and_states_the_ears_per_member() {
    let rig = read("nod", "rig.json");
    let mut motion = read("nod", "motion.json");
    strip(&mut motion);
    let spec = parse_str(&motion.to_string()).unwrap_or_else(|d| panic!("{}", dump(&d)));
    let setup = setup_of(&rig);
    let anim = spec
        .animations
        .iter()
        .find(|a| a.name == "bow")
        .expect("bow");
    let compiled = crate::stages::animation::compile(anim, spec.rest(), &setup)
        .unwrap_or_else(|d| panic!("{}", dump(&d)));
    let keys = member_keys(anim, spec.rest(), &setup, &compiled);
    let lines = crate::printer::member::render(&keys);
    // CLI.md's MEMBER example for bow: its head, formula and crown row.
    let cli = quoted("spec/CLI.md", "MEMBER block:");
    let at = lines
        .iter()
        .position(|l| l == &cli[0])
        .unwrap_or_else(|| panic!("{:?} not in {lines:#?}", cli[0]));
    assert_eq!(lines[at + 1], cli[1]);
    assert!(lines[at..].contains(&cli[3]), "{:?}", cli[3]);
    // The ears' per-member `v` maps: stated per member, the emitted values.
    let ears = keys
        .iter()
        .find(|k| k.target == "ears" && k.time == 0.78)
        .expect("the ears' key at 0.78");
    let ear_lines = crate::printer::member::key_lines(ears);
    assert_eq!(
        ear_lines,
        [
            "  MEMBER  bow  group \"ears\".rotate  t=0.780000  2 member(s)  stated per member"
                .to_string(),
            // 12 spaces, the name padded to max(6, 9), 2 spaces, the value to 12.
            format!("{}earbase_l  {}-7.5", " ".repeat(12), " ".repeat(8)),
            format!("{}earbase_r  {}6.5", " ".repeat(12), " ".repeat(9)),
        ]
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
