//! Track targets (FORMAT.md §3.7): one target, a known property of the right
//! side, known bones/slots/groups, one track per target.property, and the order
//! the timelines come out in.

use super::{ok, refused, timeline};
use crate::spec::motion::tests::expect;
use rigc_sdk::model::{Curve, KeyValue};

/// An animation `a` (duration 1) with the tracks `tracks` (starting on line 5).
pub(super) fn anim(tracks: &str) -> String {
    format!("\"a\": {{\"duration\": 1, \"tracks\": [\n{tracks}\n]}}")
}

const KEYS: &str = r#""keys": [{"t": 0, "v": [0]}, {"t": 1, "v": [1]}]"#;

#[test]
fn timelines_come_out_in_first_appearance_order() {
    let a = ok(&anim(&format!(
        r#"{{"bone": "b", "property": "rotate", {KEYS}}},
{{"group": "pair", "property": "translatex", {KEYS}}},
{{"slot": "lid_r", "property": "alpha", {KEYS}}},
{{"bone": "b", "property": "scalex", {KEYS}}},
{{"group": "lids", "property": "attachment", "keys": [{{"t": 0, "v": "open"}}, {{"t": 1, "v": null}}]}}"#
    )));
    let bones: Vec<(&str, Vec<&str>)> = a
        .bones
        .iter()
        .map(|b| {
            (
                b.target.as_str(),
                b.timelines.iter().map(|t| t.name.as_str()).collect(),
            )
        })
        .collect();
    assert_eq!(
        bones,
        [
            ("b", vec!["rotate", "translatex", "scalex"]),
            ("a", vec!["translatex"])
        ]
    );
    let slots: Vec<(&str, Vec<&str>)> = a
        .slots
        .iter()
        .map(|b| {
            (
                b.target.as_str(),
                b.timelines.iter().map(|t| t.name.as_str()).collect(),
            )
        })
        .collect();
    assert_eq!(
        slots,
        [
            ("lid_r", vec!["alpha", "attachment"]),
            ("lid_l", vec!["attachment"])
        ]
    );
    let att = timeline(&a.slots, "lid_l", "attachment");
    assert_eq!(att[1].fields, vec![("name".to_string(), KeyValue::Null)]);
    assert_eq!(att[0].curve, None);
}

#[test]
fn no_target() {
    let d = refused(&anim(&format!(r#"{{"property": "rotate", {KEYS}}}"#)));
    expect(
        &d,
        "motion.track.no-target",
        "animation \"a\": \"rotate\" is a bone track but no bone is named",
        "/animations/a/tracks/0",
        (5, 1),
    );
    let d = refused(&anim(&format!(r#"{{"property": "rgba", {KEYS}}}"#)));
    expect(
        &d,
        "motion.track.no-target",
        "animation \"a\": \"rgba\" is a slot track but no slot is named",
        "/animations/a/tracks/0",
        (5, 1),
    );
    let d = refused(&anim(&format!(r#"{{"property": "wiggle", {KEYS}}}"#)));
    expect(&d, "motion.track.no-target", "animation \"a\": a track names no target; the list is slot/group/bone/physics/path/slider and a track names exactly one", "/animations/a/tracks/0", (5, 1));
}

#[test]
fn several_targets() {
    let d = refused(&anim(&format!(
        r#"{{"slot": "lid_l", "bone": "a", "property": "rotate", {KEYS}}}"#
    )));
    expect(&d, "motion.track.several-targets", "animation \"a\": a track names more than one target (slot, bone); the list is slot/group/bone/physics/path/slider and a track names exactly one", "/animations/a/tracks/0/bone", (5, 27));
}

#[test]
fn unknown_property() {
    let d = refused(&anim(&format!(
        r#"{{"bone": "a", "property": "translateX", {KEYS}}}"#
    )));
    expect(
        &d,
        "motion.track.unknown-property",
        "animation \"a\": bone \"a\" has no property \"translateX\"",
        "/animations/a/tracks/0/property",
        (5, 27),
    );
    assert_eq!(d[0].help.as_deref(), Some("did you mean \"translatex\"? (timeline names are lowercase, as the runtime reads them)"));
}

#[test]
fn constraint_property_on_a_bone_track() {
    let d = refused(&anim(&format!(
        r#"{{"bone": "a", "property": "position", {KEYS}}}"#
    )));
    expect(&d, "motion.track.constraint-property", "animation \"a\": \"position\" is a path constraint timeline, and this track names no constraint — put the name in \"path\"", "/animations/a/tracks/0/property", (5, 27));
}

#[test]
fn property_mismatch() {
    let d = refused(&anim(&format!(
        r#"{{"bone": "a", "property": "rgba", {KEYS}}}"#
    )));
    expect(
        &d,
        "motion.track.property-mismatch",
        "animation \"a\": bone \"a\" cannot take slot property \"rgba\"",
        "/animations/a/tracks/0/property",
        (5, 27),
    );
    let d = refused(&anim(&format!(
        r#"{{"slot": "lid_l", "property": "rotate", {KEYS}}}"#
    )));
    expect(
        &d,
        "motion.track.property-mismatch",
        "animation \"a\": slot \"lid_l\" cannot take bone property \"rotate\"",
        "/animations/a/tracks/0/property",
        (5, 31),
    );
}

#[test]
fn unknown_group() {
    let d = refused(&anim(&format!(
        r#"{{"group": "pairs", "property": "rotate", {KEYS}}}"#
    )));
    expect(
        &d,
        "motion.track.unknown-group",
        "animation \"a\": unknown group \"pairs\"",
        "/animations/a/tracks/0/group",
        (5, 11),
    );
}

#[test]
fn unknown_bone() {
    let d = refused(&anim(&format!(
        r#"{{"bone": "hip", "property": "rotate", {KEYS}}}"#
    )));
    expect(
        &d,
        "motion.track.unknown-bone",
        "animation \"a\" keys unknown bone \"hip\"",
        "/animations/a/tracks/0/bone",
        (5, 10),
    );
    // A group member that is not a bone is refused where the group lists it.
    let d = refused(&anim(&format!(
        r#"{{"group": "odd", "property": "rotate", {KEYS}}}"#
    )));
    expect(
        &d,
        "motion.track.unknown-bone",
        "animation \"a\" keys unknown bone \"lid_l\" (a member of group \"odd\")",
        "/groups/odd/1",
        (2, 73),
    );
}

#[test]
fn unknown_slot() {
    let d = refused(&anim(&format!(
        r#"{{"slot": "eye", "property": "alpha", {KEYS}}}"#
    )));
    expect(
        &d,
        "motion.track.unknown-slot",
        "animation \"a\" targets unknown slot \"eye\"",
        "/animations/a/tracks/0/slot",
        (5, 10),
    );
}

#[test]
fn two_tracks_on_one_target_property() {
    let d = refused(&anim(&format!(
        "{{\"group\": \"pair\", \"property\": \"rotate\", {KEYS}}},\n{{\"bone\": \"b\", \"property\": \"rotate\", {KEYS}}}"
    )));
    expect(
        &d,
        "motion.track.duplicate",
        "animation \"a\" has two tracks on b.rotate; merge them into one track",
        "/animations/a/tracks/1/bone",
        (6, 10),
    );
}

#[test]
fn no_keys() {
    let d = refused(&anim(r#"{"bone": "a", "property": "rotate", "keys": []}"#));
    expect(
        &d,
        "motion.track.no-keys",
        "animation \"a\" bone \"a\" rotate: no keys",
        "/animations/a/tracks/0/keys",
        (5, 45),
    );
}

#[test]
fn dark_colour_needs_a_slot_dark() {
    let keys = r#""keys": [{"t": 0, "v": [1, 1, 1, 1, 0, 0, 0], "ease": "soft"}, {"t": 1, "v": [1, 0, 0, 1, 0.5, 0, 0]}]"#;
    let d = refused(&anim(&format!(
        r#"{{"slot": "lid_l", "property": "rgba2", {keys}}}"#
    )));
    expect(&d, "motion.track.dark-without-slot-dark", "animation \"a\" slot \"lid_l\" rgba2: slot \"lid_l\" has no setup \"dark\" colour, and the runtime applies a two-colour timeline only to a slot that has one", "/animations/a/tracks/0/property", (5, 31));
    let a = ok(&anim(&format!(
        r#"{{"slot": "body", "property": "rgba2", {keys}}}"#
    )));
    let k = timeline(&a.slots, "body", "rgba2");
    assert_eq!(
        k[0].fields,
        vec![
            ("light".to_string(), KeyValue::Str("ffffffff".into())),
            ("dark".to_string(), KeyValue::Str("000000".into()))
        ]
    );
    assert_eq!(
        k[1].fields[1],
        ("dark".to_string(), KeyValue::Str("800000".into()))
    );
    let Some(Curve::Bezier(points)) = &k[0].curve else {
        panic!("expected a curve")
    };
    assert_eq!(points.len(), 28);
    // Channel "g" (the second) eases 1 → 0; "r2" (the fifth) 0 → 0.5.
    assert_eq!(&points[4..8], &[0.25, 1.0, 0.75, 0.0]);
    assert_eq!(&points[16..20], &[0.25, 0.0, 0.75, 0.5]);
}
