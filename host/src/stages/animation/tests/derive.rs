//! `derive` models (FORMAT.md §3.9): both projections against their closed forms,
//! written out here from FACE.md §3 and §5 (never through the stage's own
//! functions), and every refusal class with its message and place.

use super::{compile_all, field, timeline};
use crate::spec::motion::tests::{dump, expect, parse_str};
use rigc_diag::Diagnostic;
use rigc_sdk::model::{Animation, KeyValue, Skeleton};

/// A motion with groups `pair` [a, b] (one parent) and `mixed` [a, c] (two),
/// around one animation `a` whose tracks are `tracks`, all on line 3.
fn motion(tracks: &str) -> String {
    format!(
        "{{\"spec\": \"rigc-motion/1\", \"archetype\": \"t\", \"easings\": {{}},\n\"groups\": {{\"pair\": [\"a\", \"b\"], \"mixed\": [\"a\", \"c\"], \"lids\": [\"lid_l\", \"lid_r\"]}},\n\"animations\": {{\"a\": {{\"duration\": 1, \"tracks\": [{tracks}]}}}}}}"
    )
}

/// The refusal tests' setup with coordinates: `a` at (−62, 18), `b` at (62, −44)
/// under `root`; `c` at (5, 7) under `a`.
fn setup() -> Skeleton {
    let mut s = super::setup();
    for b in &mut s.bones {
        let (x, y) = match b.name.as_str() {
            "a" => (Some(-62.0), Some(18.0)),
            "b" => (Some(62.0), Some(-44.0)),
            "c" => (Some(5.0), Some(7.0)),
            _ => (None, None),
        };
        (b.x, b.y) = (x, y);
    }
    s
}

fn build(tracks: &str) -> Result<Vec<Animation>, Vec<Diagnostic>> {
    let spec = parse_str(&motion(tracks)).unwrap_or_else(|d| panic!("parse:\n{}", dump(&d)));
    compile_all(&spec, &setup())
}

#[track_caller]
fn ok(tracks: &str) -> Animation {
    build(tracks)
        .unwrap_or_else(|d| panic!("refused:\n{}", dump(&d)))
        .remove(0)
}

#[track_caller]
fn refused(tracks: &str) -> Vec<Diagnostic> {
    build(tracks)
        .err()
        .unwrap_or_else(|| panic!("accepted:\n{tracks}"))
}

/// `(line 3, column)` of `needle`'s first byte in the motion `tracks` makes.
fn at(tracks: &str, needle: &str) -> (usize, usize) {
    let text = motion(tracks);
    let line = text.lines().nth(2).expect("line 3");
    let col = line
        .find(needle)
        .unwrap_or_else(|| panic!("{needle} not on line 3"));
    (3, col + 1)
}

/// r6, as FORMAT.md §5.2 writes it.
fn r6(x: f64) -> f64 {
    let q = (x * 1e6).round() / 1e6;
    if q == 0.0 {
        0.0
    } else {
        q
    }
}

/// The emitted number of `target`'s `property` key `i`.
fn value(a: &Animation, target: &str, property: &str, i: usize) -> f64 {
    match field(&timeline(&a.bones, target, property)[i], "value") {
        KeyValue::Num(x) => *x,
        other => panic!("not a number: {other:?}"),
    }
}

/// A two-key group track on `pair` keying `property`, the second key's model `derive`.
fn pair(property: &str, derive: &str) -> String {
    format!(
        r#"{{"group": "pair", "property": "{property}", "keys": [{{"t": 0, "v": [0]}}, {{"t": 1, "derive": {derive}}}]}}"#
    )
}

#[test]
fn the_displacement_is_the_closed_form_per_member() {
    let a = ok(&pair(
        "translatex",
        r#"{"kind": "yaw", "degrees": 12, "carried": 170, "about": 4, "depth": {"a": 150, "b": 192}}"#,
    ));
    let t = 12f64.to_radians();
    for (m, x, z) in [("a", -62.0, 150.0), ("b", 62.0, 192.0)] {
        let d = (x - 4.0) * (t.cos() - 1.0) - (z - 170.0) * t.sin();
        assert_eq!(value(&a, m, "translatex", 1), r6(d), "{m}");
    }
    // pitch reads y, onto translatey; carried and about absent read 0.
    let a = ok(&pair(
        "translatey",
        r#"{"kind": "pitch", "degrees": -4, "depth": {"a": 132, "b": 176}}"#,
    ));
    let t = (-4f64).to_radians();
    for (m, y, z) in [("a", 18.0, 132.0), ("b", -44.0, 176.0)] {
        let d = y * (t.cos() - 1.0) - z * t.sin();
        assert_eq!(value(&a, m, "translatey", 1), r6(d), "{m}");
    }
}

#[test]
fn the_narrowing_is_the_closed_form_per_member() {
    let a = ok(&pair(
        "scalex",
        r#"{"kind": "yaw", "degrees": 12, "about": -3, "depth": {"a": 150, "b": 158}}"#,
    ));
    let t = 12f64.to_radians();
    for (m, x, z) in [("a", -62.0f64, 150.0f64), ("b", 62.0, 158.0)] {
        let alpha = (x + 3.0).atan2(z);
        assert_eq!(
            value(&a, m, "scalex", 1),
            r6((alpha - t).cos() / alpha.cos()),
            "{m}"
        );
    }
    let a = ok(&pair(
        "scaley",
        r#"{"kind": "pitch", "degrees": 12, "depth": {"a": 126, "b": 144}}"#,
    ));
    for (m, y, z) in [("a", 18.0f64, 126.0f64), ("b", -44.0, 144.0)] {
        let alpha = y.atan2(z);
        assert_eq!(
            value(&a, m, "scaley", 1),
            r6((alpha - t).cos() / alpha.cos()),
            "{m}"
        );
    }
}

#[test]
fn a_bone_track_derives_its_one_bone() {
    let a = ok(
        r#"{"bone": "b", "property": "translatex", "keys": [{"t": 0, "v": [0]}, {"t": 1, "derive": {"kind": "yaw", "degrees": 12, "depth": 170}}]}"#,
    );
    let t = 12f64.to_radians();
    assert_eq!(
        value(&a, "b", "translatex", 1),
        r6(62.0 * (t.cos() - 1.0) - 170.0 * t.sin())
    );
}

#[test]
fn stagger_stays_orthogonal() {
    let a = ok(
        r#"{"group": "pair", "property": "translatex", "stagger": 0.25, "keys": [{"t": 0, "v": [0]}, {"t": 0.75, "derive": {"kind": "yaw", "degrees": 12, "depth": {"a": 150, "b": 150}}}]}"#,
    );
    let t = 12f64.to_radians();
    let b = timeline(&a.bones, "b", "translatex");
    assert_eq!(b[1].time, 1.0);
    assert_eq!(
        value(&a, "b", "translatex", 1),
        r6(62.0 * (t.cos() - 1.0) - 150.0 * t.sin())
    );
}

#[test]
fn a_key_with_both_a_model_and_a_value_is_refused() {
    let tr = pair(
        "translatex",
        r#"{"kind": "yaw", "degrees": 12, "depth": {"a": 1, "b": 2}}, "v": {"a": [1], "b": [2]}"#,
    );
    let d = refused(&tr);
    expect(&d, "motion.key.derive-and-value", "animation \"a\" group \"pair\" translatex (t=1): this key carries both a \"derive\" model and a per-member \"v\" map", "/animations/a/tracks/0/keys/1/v", at(&tr, "{\"a\": [1]"));
    let tr = pair(
        "translatex",
        r#"{"kind": "yaw", "degrees": 12, "depth": {"a": 1, "b": 2}}, "v": [3]"#,
    );
    let d = refused(&tr);
    expect(&d, "motion.key.derive-and-value", "animation \"a\" group \"pair\" translatex (t=1): this key carries both a \"derive\" model and a \"v\" value", "/animations/a/tracks/0/keys/1/v", at(&tr, "[3]"));
}

#[test]
fn a_property_with_no_projection_is_refused() {
    for (kind, property) in [
        ("yaw", "translatey"),
        ("pitch", "scalex"),
        ("yaw", "rotate"),
    ] {
        let tr = pair(
            property,
            &format!(r#"{{"kind": "{kind}", "degrees": 12, "depth": {{"a": 1, "b": 2}}}}"#),
        );
        let d = refused(&tr);
        expect(
            &d,
            "motion.key.derive-no-projection",
            &format!("animation \"a\" group \"pair\" {property} (t=1): derive {kind} has no projection onto \"{property}\""),
            "/animations/a/tracks/0/keys/1/derive/kind",
            at(&tr, &format!("\"{kind}\"")),
        );
    }
}

#[test]
fn depths_must_fit_the_track() {
    let tr = pair(
        "translatex",
        r#"{"kind": "yaw", "degrees": 12, "depth": 150}"#,
    );
    let d = refused(&tr);
    expect(&d, "motion.key.derive-depth-form", "animation \"a\" group \"pair\" translatex (t=1): derive yaw states one depth, and a group track's members each state their own", "/animations/a/tracks/0/keys/1/derive/depth", at(&tr, "150"));
    let tr = r#"{"bone": "a", "property": "translatex", "keys": [{"t": 0, "v": [0]}, {"t": 1, "derive": {"kind": "yaw", "degrees": 12, "depth": {"a": 150}}}]}"#;
    let d = refused(tr);
    expect(&d, "motion.key.derive-depth-form", "animation \"a\" bone \"a\" translatex (t=1): derive yaw states a per-member depth map, and a bone track has one target", "/animations/a/tracks/0/keys/1/derive/depth", at(tr, "{\"a\": 150}"));
    let tr = pair(
        "translatex",
        r#"{"kind": "yaw", "degrees": 12, "depth": {"a": 150, "b": 1, "zed": 3}}"#,
    );
    let d = refused(&tr);
    expect(&d, "motion.key.derive-unknown-member", "animation \"a\" group \"pair\" translatex (t=1): the depth map names \"zed\", which group \"pair\" does not declare", "/animations/a/tracks/0/keys/1/derive/depth/zed", at(&tr, "\"zed\""));
    let tr = pair(
        "translatey",
        r#"{"kind": "pitch", "degrees": 12, "depth": {"b": 1}}"#,
    );
    let d = refused(&tr);
    expect(&d, "motion.key.derive-missing-depth", "animation \"a\" group \"pair\" translatey (t=1): derive pitch states no depth for member \"a\"", "/animations/a/tracks/0/keys/1/derive/depth", at(&tr, "{\"b\": 1}"));
}

#[test]
fn members_under_different_parents_are_refused() {
    let tr = r#"{"group": "mixed", "property": "translatex", "keys": [{"t": 0, "v": [0]}, {"t": 1, "derive": {"kind": "yaw", "degrees": 12, "depth": {"a": 1, "c": 2}}}]}"#;
    let d = refused(tr);
    expect(&d, "motion.key.derive-parents", "animation \"a\" group \"mixed\" translatex (t=1): derive yaw reads each member's setup x in its parent's space, and one model needs one space. These members sit under 2 different parents: \"root\" (a); \"a\" (c)", "/animations/a/tracks/0/keys/1/derive", at(tr, "{\"kind\""));
}

#[test]
fn a_narrowing_needs_depth_and_no_carried() {
    let tr = pair(
        "scalex",
        r#"{"kind": "yaw", "degrees": 12, "depth": {"a": 150, "b": -55}}"#,
    );
    let d = refused(&tr);
    expect(&d, "motion.key.derive-scale-depth", "animation \"a\" group \"pair\" scalex (t=1): derive yaw projects onto \"scaleX\" and member \"b\" states depth -55", "/animations/a/tracks/0/keys/1/derive/depth/b", at(&tr, "-55"));
    let tr = pair(
        "scaley",
        r#"{"kind": "pitch", "degrees": 12, "depth": {"a": 0, "b": 5}}"#,
    );
    let d = refused(&tr);
    expect(&d, "motion.key.derive-scale-depth", "animation \"a\" group \"pair\" scaley (t=1): derive pitch projects onto \"scaleY\" and member \"a\" states depth 0", "/animations/a/tracks/0/keys/1/derive/depth/a", at(&tr, "0, \"b\""));
    let tr = pair(
        "scalex",
        r#"{"kind": "yaw", "degrees": 12, "carried": 170, "depth": {"a": 1, "b": 2}}"#,
    );
    let d = refused(&tr);
    expect(&d, "motion.key.derive-scale-carried", "animation \"a\" group \"pair\" scalex (t=1): derive yaw states carried=170 on a \"scalex\" track", "/animations/a/tracks/0/keys/1/derive/carried", at(&tr, "170"));
}

#[test]
fn a_turn_past_a_members_edge_is_refused() {
    // a at x = −62, depth 150 faces α = atan2(−62, 150); a turn of 70° leaves
    // cos(α − t) below 0, which would mirror it; b (x = 62) stays on its face.
    let alpha = (-62f64).atan2(150.0);
    let edge = (alpha - 70f64.to_radians()).cos();
    assert!(edge < 0.0);
    let tr = pair(
        "scalex",
        r#"{"kind": "yaw", "degrees": 70, "depth": {"a": 150, "b": 150}}"#,
    );
    let d = refused(&tr);
    let message = format!(
        "animation \"a\" group \"pair\" scalex (t=1): derive yaw turns member \"a\" past its own edge: at x=-62 and depth 150 its surface faces α = {:.2}°, and a turn of 70° leaves cos(α − t) = {:.6}, so its scaleX would mirror the drawing",
        alpha.to_degrees(),
        edge
    );
    expect(
        &d,
        "motion.key.derive-past-edge",
        &message,
        "/animations/a/tracks/0/keys/1/derive/degrees",
        at(&tr, "70"),
    );
    assert_eq!(d.len(), 1, "b is not past its edge:\n{}", dump(&d));
}

#[test]
fn a_value_beyond_float32_is_refused() {
    let tr = pair(
        "translatex",
        r#"{"kind": "yaw", "degrees": 90, "carried": -3e38, "depth": {"a": 3e38, "b": 0}}"#,
    );
    let d = refused(&tr);
    let Some(x) = d
        .iter()
        .find(|d| d.code == "motion.key.derive-beyond-float32")
    else {
        panic!("no float32 refusal:\n{}", dump(&d));
    };
    assert!(x.message.starts_with("animation \"a\" group \"pair\" translatex (t=1): derive yaw gives member \"a\" the value -6"), "{}", x.message);
    assert_eq!(
        x.loc.as_ref().map(|l| l.pointer.as_str()),
        Some("/animations/a/tracks/0/keys/1/derive/depth/a")
    );
}
