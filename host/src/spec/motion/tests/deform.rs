//! The shape of `deform` timelines (FORMAT.md §3.14, §3.17): what a track and a
//! key parse into, and every refusal the parser raises, at its value.

use super::{expect, motion, parse_str, refused};
use crate::spec::motion::{KeyRun, Start};

/// An animation `a` whose `deform` field is `deform` (on line 5, from column 1).
fn anim(deform: &str) -> String {
    motion(&format!(
        "\"a\": {{\"duration\": 1, \"tracks\": [],\n\"deform\": {deform}\n}}"
    ))
}

/// The line and column, in [`anim`]'s text, of the `nth` (0-based) `needle`
/// in `deform`.
fn at(deform: &str, needle: &str, nth: usize) -> (usize, usize) {
    let mut from = 0;
    let mut found = None;
    for _ in 0..=nth {
        let i = deform[from..]
            .find(needle)
            .unwrap_or_else(|| panic!("{needle:?} not in {deform}"));
        found = Some(from + i);
        from += i + needle.len();
    }
    let i = found.unwrap_or(0);
    (
        5,
        "\"deform\": ".chars().count() + deform[..i].chars().count() + 1,
    )
}

const WHERE: &str = "animation \"a\" deform default/s/m (t=0.5)";

#[test]
fn parses_tracks_and_keys() {
    let text = anim(
        r#"[{"slot": "s", "attachment": "m", "keys": [
  {"t": 0}, {"t": 0.5, "fromVertex": 4, "vertices": [0, -7, 0, -7], "ease": "soft"},
  {"t": 0.75, "offset": 2, "vertices": [1, 2], "curve": [0.8, 0, 0.9, 1]}, {"t": 1, "vertices": null}]},
 {"skin": "alt", "slot": "s", "attachment": "m", "keys": [
  {"t": 0, "transform": {"kind": "yaw", "radius": 170, "degrees": 12}}]}]"#,
    );
    let spec = parse_str(&text).unwrap_or_else(|d| panic!("{}", super::dump(&d)));
    let a = &spec.animations[0];
    assert_eq!(a.deform.len(), 2);
    let (t0, t1) = (&a.deform[0], &a.deform[1]);
    assert_eq!(t0.skin_name(), "default");
    assert_eq!(t1.skin_name(), "alt");
    assert_eq!(t0.label("a"), "animation \"a\" deform default/s/m");
    assert_eq!(t0.keys.len(), 4);
    assert!(matches!(t0.keys[0].run, KeyRun::Setup));
    match &t0.keys[1].run {
        KeyRun::Vertices { values, start, .. } => {
            assert_eq!(values, &[0.0, -7.0, 0.0, -7.0]);
            assert!(matches!(start, Start::FromVertex(4, _)));
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(
        t0.keys[1].ease.as_ref().map(|e| e.name.as_str()),
        Some("soft")
    );
    assert!(matches!(
        t0.keys[2].run,
        KeyRun::Vertices {
            start: Start::Offset(2, _),
            ..
        }
    ));
    assert!(t0.keys[2].curve.is_some());
    assert!(matches!(t0.keys[3].run, KeyRun::Setup));
    match &t1.keys[0].run {
        KeyRun::Transform(tr) => {
            assert_eq!(tr.kind.name, "yaw");
            assert_eq!(tr.params["radius"].as_f64(), Some(170.0));
            assert_eq!(tr.params["degrees"].as_f64(), Some(12.0));
            assert!(tr.params.get("kind").is_none(), "kind is taken out");
            assert!(tr.start.is_none());
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn track_shapes() {
    let d = refused(&anim(r#"{}"#));
    expect(&d, "motion.deform.shape", "`animations.\"a\".deform` is an object; it is an array of deform timelines, `[{ \"slot\": \"<slot>\", \"attachment\": \"<placeholder>\", \"keys\": [...] }]`", "/animations/a/deform", (5, 11));
    let t = r#"[1]"#;
    let d = refused(&anim(t));
    expect(&d, "motion.deform.track-shape", "`animations.\"a\".deform[0]` is 1; a deform timeline is `{ \"skin\": \"<skin>\" (optional), \"slot\": \"<slot>\", \"attachment\": \"<placeholder>\", \"keys\": [...] }`", "/animations/a/deform/0", at(t, "1", 0));
    let t = r#"[{"attachment": "m", "keys": []}]"#;
    let d = refused(&anim(t));
    expect(&d, "motion.deform.track-shape", "`animations.\"a\".deform[0].slot` is absent; it names the slot whose attachment the timeline deforms, a string", "/animations/a/deform/0", at(t, "{", 0));
    let t = r#"[{"skin": 2, "slot": "s", "attachment": "m", "keys": []}]"#;
    let d = refused(&anim(t));
    expect(&d, "motion.deform.track-shape", "`animations.\"a\".deform[0].skin` is 2; it names the skin the attachment is in, a string (absent means \"default\")", "/animations/a/deform/0/skin", at(t, "2", 0));
    let t = r#"[{"slot": "s", "attachment": "m", "keys": [], "vertex": 1}]"#;
    let d = refused(&anim(t));
    assert!(
        d.iter().any(|d| d.code == "spec.unknown-key"),
        "{}",
        super::dump(&d)
    );
}

/// `[{ "slot": "s", "attachment": "m", "keys": [ {"t": 0.5, <key>} ] }]`.
fn key(fields: &str) -> String {
    format!(r#"[{{"slot": "s", "attachment": "m", "keys": [{{"t": 0.5, {fields}}}]}}]"#)
}

#[test]
fn start_shapes() {
    let t = key(r#""fromVertex": 1.5, "vertices": [1, 2]"#);
    let d = refused(&anim(&t));
    expect(
        &d,
        "motion.deform.start-shape",
        &format!("{WHERE}: fromVertex is 1.5; it is a vertex index, so a whole number ≥ 0"),
        "/animations/a/deform/0/keys/0/fromVertex",
        at(&t, "1.5", 0),
    );
    let t = key(r#""offset": -2, "vertices": [1, 2]"#);
    let d = refused(&anim(&t));
    expect(
        &d,
        "motion.deform.start-shape",
        &format!(
            "{WHERE}: offset is -2; it is an index into the deform array, so a whole number ≥ 0"
        ),
        "/animations/a/deform/0/keys/0/offset",
        at(&t, "-2", 0),
    );
    let t = key(r#""offset": 3, "vertices": [1, 2]"#);
    let d = refused(&anim(&t));
    expect(&d, "motion.deform.odd-offset", &format!("{WHERE}: offset 3 is odd. The deform array is x, y pairs, so an odd start puts every x of this run on a y"), "/animations/a/deform/0/keys/0/offset", at(&t, "3", 0));
    let t = key(r#""offset": 2, "fromVertex": 1, "vertices": [1, 2]"#);
    let d = refused(&anim(&t));
    expect(&d, "motion.deform.two-starts", &format!("{WHERE}: a key gives its start as \"offset\" (an index into the deform array) or as \"fromVertex\" (a vertex index rigc translates), never both"), "/animations/a/deform/0/keys/0/offset", at(&t, "2", 0));
    let t = key(r#""fromVertex": 4"#);
    let d = refused(&anim(&t));
    expect(&d, "motion.deform.start-without-run", &format!("{WHERE}: the key has no \"vertices\", which is the format's way of saying \"back to the setup pose\" — so there is nothing for a start index to point at. Drop the offset, or give it a run."), "/animations/a/deform/0/keys/0/fromVertex", at(&t, "4", 0));
}

#[test]
fn run_shapes() {
    let t = key(r#""vertices": []"#);
    let d = refused(&anim(&t));
    expect(&d, "motion.deform.vertices-shape", "`animations.\"a\".deform[0].keys[0].vertices` is an array of 0; it is the run, a non-empty array of x, y offset pairs (leave it out, or write null, for the setup pose)", "/animations/a/deform/0/keys/0/vertices", at(&t, "[]", 0));
    let t = key(r#""vertices": {"x": 1}"#);
    let d = refused(&anim(&t));
    expect(&d, "motion.deform.vertices-shape", "`animations.\"a\".deform[0].keys[0].vertices` is an object; it is the run, a non-empty array of x, y offset pairs (leave it out, or write null, for the setup pose)", "/animations/a/deform/0/keys/0/vertices", at(&t, "{\"x\"", 0));
    let t = key(r#""vertices": [1, "2"]"#);
    let d = refused(&anim(&t));
    expect(
        &d,
        "motion.deform.vertices-value",
        &format!("{WHERE}: non-finite value \"2\""),
        "/animations/a/deform/0/keys/0/vertices/1",
        at(&t, "\"2\"", 0),
    );
    let t = key(r#""vertices": [1, 2, 3]"#);
    let d = refused(&anim(&t));
    expect(
        &d,
        "motion.deform.vertices-odd",
        &format!("{WHERE}: \"vertices\" holds 3 numbers; the deform array is x, y PAIRS"),
        "/animations/a/deform/0/keys/0/vertices",
        at(&t, "[1, 2, 3]", 0),
    );
}

#[test]
fn transform_shapes() {
    let t =
        key(r#""vertices": [1, 2], "transform": {"kind": "yaw", "radius": 170, "degrees": 12}"#);
    let d = refused(&anim(&t));
    expect(&d, "motion.deform.transform-and-vertices", &format!("{WHERE}: the key carries both a \"transform\" and a \"vertices\" run, and they are two answers to one question"), "/animations/a/deform/0/keys/0/transform", at(&t, "{\"kind\"", 0));
    let t = key(r#""transform": "yaw""#);
    let d = refused(&anim(&t));
    expect(&d, "motion.deform.transform-shape", "`animations.\"a\".deform[0].keys[0].transform` is the string \"yaw\"; a transform is a model of the whole attachment, `{ \"kind\": \"yaw\", \"radius\": 170, \"degrees\": 12 }` (kinds: FORMAT.md §3.14.1, or a plugin's)", "/animations/a/deform/0/keys/0/transform", at(&t, "\"yaw\"", 0));
    let t = key(r#""transform": {"radius": 170}"#);
    let d = refused(&anim(&t));
    expect(&d, "motion.deform.transform-shape", "`animations.\"a\".deform[0].keys[0].transform.kind` is absent; it names the deform kind that evaluates the model, a non-empty string", "/animations/a/deform/0/keys/0/transform", at(&t, "{\"radius\"", 0));
}

#[test]
fn a_start_beside_a_transform_is_kept_for_the_stage() {
    // The refusal names the attachment's vertex count, which only the stage knows.
    let t = key(r#""fromVertex": 0, "transform": {"kind": "affine", "scale": [2, 2]}"#);
    let spec = parse_str(&anim(&t)).unwrap_or_else(|d| panic!("{}", super::dump(&d)));
    match &spec.animations[0].deform[0].keys[0].run {
        KeyRun::Transform(tr) => assert!(tr.start.is_some()),
        other => panic!("{other:?}"),
    }
}
